//! Property tests: every URL that parses re-parses to itself with the same
//! offsets, its getters put back together give its href, setters keep it
//! valid (or refuse and leave it alone), and the fast path agrees with the
//! full state machine.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_url::Url;
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
        let mut errors = Vec::new();
        let full = Url::options().validation_sink(&mut errors).parse_with_spans(&input);
        prop_assert_eq!(plain.as_ref().ok().map(Url::href), full.as_ref().ok().map(|(u, _)| u.href()));
        if let (Err(a), Err((b, _))) = (&plain, &full.as_ref().map_err(|e| (e.clone(), ()))) {
            prop_assert_eq!(a, b);
        }
        if let Ok(url) = plain {
            check(&url, &input);
            let again = Url::parse(url.href()).unwrap();
            prop_assert_eq!(again.href(), url.href());
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
            && let Ok(url) = Url::parse_with_base(&input, &base)
        {
            check(&url, &format!("{input:?} against {}", base.href()));
        }
    }

    #[test]
    fn setter_results_reparse_to_themselves(input in url_text(), value in url_text(), which in 0usize..10) {
        let Ok(mut url) = Url::parse(&input) else { return Ok(()); };
        let before = url.clone();
        let result = match which {
            0 => url.set_href(&value),
            1 => url.set_protocol(&value),
            2 => url.set_username(&value),
            3 => url.set_password(&value),
            4 => url.set_host(&value),
            5 => url.set_hostname(&value),
            6 => url.set_port(&value),
            7 => url.set_pathname(&value),
            8 => url.set_search(&value),
            _ => url.set_hash(&value),
        };
        if result.is_err() {
            prop_assert_eq!(url.href(), before.href());
        }
        check(&url, &format!("{}: setter {which} = {value:?}", before.href()));
    }
}
