//! Property tests: every URL that parses re-parses to itself with the same
//! offsets, its getters put back together give its href, setters keep it
//! valid (or refuse and leave it alone), and the fast path agrees with the
//! full state machine, `can_parse` answers whether the parse succeeds, and
//! the Rust API and the JavaScript API (`quirks`) say the same thing about
//! every URL.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_url::{Host, Url, quirks};
use proptest::prelude::*;

/// URL-ish text: scheme-like prefixes followed by characters the parser
/// treats specially, plus some non-ASCII.
fn url_text() -> impl Strategy<Value = String> {
    let prefix = prop_oneof![
        Just(""),
        Just("http://"),
        Just("https://"),
        Just("HTTP:"),
        Just("HTTPS://"),
        Just("FiLe://"),
        Just("file:"),
        Just("file:///"),
        Just("ws:"),
        Just("sc:"),
        Just("sc://"),
        Just("blob:"),
        Just("data:"),
        Just("javascript:"),
        Just("mailto:"),
    ];
    let body = proptest::string::string_regex(
        "([a-zA-Z0-9]|[:/?#@.%|\\\\\\[\\]^ \t\n<>\"'`{}=&;+-]|%2e|%2E|\\.\\.|x:|C\\||0x|ß|é|Ａ|①|\u{FFFD}|\u{AD}|xn--){0,24}",
    )
    .unwrap();
    (prefix, body).prop_map(|(p, b)| format!("{p}{b}"))
}

fn check(url: &Url, context: &str) {
    if let Err(e) = url.check_invariants() {
        panic!("{context}: {e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn parsed_urls_reparse_to_themselves(input in url_text()) {
        let plain = Url::parse(&input);
        let state_machine = onecontact_url::fuzzing::parse_reporting_by_state_machine(&input, None);
        let errors = state_machine.errors;
        let full = state_machine.result.map(|url| (url, state_machine.spans));
        prop_assert_eq!(plain.as_ref().ok().map(Url::as_str), full.as_ref().ok().map(|(u, _)| u.as_str()));
        if let (Err(a), Err((b, _))) = (&plain, &full.as_ref().map_err(|e| (e.clone(), ()))) {
            prop_assert_eq!(a, b);
        }
        // With validation errors and spans requested, the fast path (where
        // it takes the text) gives what the state machine alone gives.
        let reports = onecontact_url::fuzzing::check_reports(&input, None);
        prop_assert!(reports.is_ok(), "{:?}", reports);
        if let Ok(url) = plain {
            check(&url, &input);
            let again = Url::parse(url.as_str()).unwrap();
            prop_assert_eq!(again.as_str(), url.as_str());
            for e in &errors {
                prop_assert!(e.offset <= input.len());
            }
            if let Ok((_, spans)) = full {
                for r in [&spans.scheme, &spans.userinfo, &spans.host, &spans.port, &spans.path, &spans.query, &spans.fragment].into_iter().flatten() {
                    prop_assert!(r.start <= r.end && r.end <= input.len() && input.is_char_boundary(r.start) && input.is_char_boundary(r.end), "{:?} in {:?}", r, input);
                }
            }
        } else if let Err(e) = plain {
            prop_assert!(e.offset() <= input.len());
        }
    }

    #[test]
    fn relative_inputs_resolve_to_valid_urls(base in url_text(), input in url_text()) {
        if let Ok(base) = Url::parse(&base)
            && let Ok(url) = base.join(&input)
        {
            check(&url, &format!("{input:?} against {}", base.as_str()));
        }
    }

    #[test]
    fn can_parse_is_whether_the_parse_succeeds(base in url_text(), input in url_text()) {
        prop_assert_eq!(Url::can_parse(&input, None), Url::parse(&input).is_ok());
        let joined = Url::parse(&base).and_then(|b| b.join(&input));
        prop_assert_eq!(Url::can_parse(&input, Some(&base)), joined.is_ok(), "{:?} against {:?}", input, base);
    }

    #[test]
    fn setter_results_reparse_to_themselves(input in url_text(), value in url_text(), which in 0usize..10) {
        let Ok(mut url) = Url::parse(&input) else { return Ok(()); };
        let before = url.clone();
        let result = match which {
            0 => quirks::set_href(&mut url, &value),
            1 => quirks::set_protocol(&mut url, &value),
            2 => quirks::set_username(&mut url, &value),
            3 => quirks::set_password(&mut url, &value),
            4 => quirks::set_host(&mut url, &value),
            5 => quirks::set_hostname(&mut url, &value),
            6 => quirks::set_port(&mut url, &value),
            7 => quirks::set_pathname(&mut url, &value),
            8 => quirks::set_search(&mut url, &value),
            _ => quirks::set_hash(&mut url, &value),
        };
        if result.is_err() {
            prop_assert_eq!(url.as_str(), before.as_str());
        }
        check(&url, &format!("{}: setter {which} = {value:?}", before.as_str()));
    }

    #[test]
    fn rust_api_agrees_with_javascript_api(input in url_text(), base in url_text()) {
        let base = Url::parse(&base).ok();
        let Ok(url) = Url::options().base_url(base.as_ref()).parse(&input) else { return Ok(()); };
        prop_assert_eq!(url.as_str(), quirks::href(&url));
        prop_assert_eq!(format!("{}:", url.scheme()), quirks::protocol(&url));
        prop_assert_eq!(url.username(), quirks::username(&url));
        prop_assert_eq!(url.password().unwrap_or(""), quirks::password(&url));
        prop_assert!(url.password() != Some(""));
        // host_str is the hostname, None exactly when the host is null.
        prop_assert_eq!(url.host_str().unwrap_or(""), quirks::hostname(&url));
        prop_assert_eq!(url.host_str().is_some(), url.has_host());
        prop_assert_eq!(url.host().map(|h| h.to_string()), url.host_str().map(str::to_owned));
        prop_assert_eq!(url.domain().is_some(), matches!(url.host(), Some(Host::Domain(_))));
        // port is the number of the JavaScript port string.
        prop_assert_eq!(url.port().map(|p| p.to_string()).unwrap_or_default(), quirks::port(&url));
        let js_host = match url.port() {
            Some(p) => format!("{}:{p}", quirks::hostname(&url)),
            None => quirks::hostname(&url).to_owned(),
        };
        prop_assert_eq!(js_host, quirks::host(&url));
        prop_assert_eq!(url.path(), quirks::pathname(&url));
        // query/fragment: None is "", Some("") is "" too, Some(q) is "?q".
        let search = url.query().filter(|q| !q.is_empty()).map(|q| format!("?{q}")).unwrap_or_default();
        prop_assert_eq!(search, quirks::search(&url));
        let hash = url.fragment().filter(|f| !f.is_empty()).map(|f| format!("#{f}")).unwrap_or_default();
        prop_assert_eq!(hash, quirks::hash(&url));
        prop_assert_eq!(url.origin().ascii_serialization(), quirks::origin(&url));
        prop_assert_eq!(url.cannot_be_a_base(), url.has_opaque_path());
    }
}
