//! Properties of WebAddress over generated inputs: parsing never panics, the
//! canonical form parses to itself, and the key of the canonical form is the
//! key of the original.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact::onecontact_url::Host;
use onecontact::{ContactKindDetector, Field, KeyVersion, WebAddress};
use proptest::prelude::*;

/// Address-like texts: a scheme (or none), credentials, a host of several
/// kinds, a port, a path, a query with and without tracking parameters, a
/// fragment, and stray white space, tabs and non-ASCII.
fn address() -> impl Strategy<Value = String> {
    let scheme = prop_oneof![
        Just(""),
        Just("https://"),
        Just("http://"),
        Just("HTTP://"),
        Just("http:"),
        Just("ftp://"),
        Just("ws://"),
        Just("foo://"),
        Just("mailto:"),
        Just("tel:"),
        Just("data:"),
        Just("file://"),
    ];
    let userinfo = prop_oneof![Just(""), Just("user@"), Just("u:p@"), Just(":x@")];
    let host = prop_oneof![
        "[a-zA-Z0-9-]{1,8}(\\.[a-zA-Z0-9-]{1,8}){0,3}",
        Just("www.example.co.uk".to_owned()),
        Just("münchen.de".to_owned()),
        Just("xn--mnchen-3ya.de".to_owned()),
        Just("127.0.0.1".to_owned()),
        Just("0x7f.1".to_owned()),
        Just("[::1]".to_owned()),
        Just("[2001:db8:0:0::1]".to_owned()),
        Just("github.io".to_owned()),
        Just("a.b.blogspot.com.".to_owned()),
        Just("例子.中国".to_owned()),
    ];
    let port = prop_oneof![
        Just(""),
        Just(":80"),
        Just(":443"),
        Just(":8080"),
        Just(":0")
    ];
    let path = "(/[a-zA-Z0-9%._~é -]{0,6}){0,4}";
    let query = prop_oneof![
        Just(String::new()),
        Just("?".to_owned()),
        "\\?[a-zA-Z_=&%0-9]{0,20}",
        Just("?utm_source=x&b=2&a=1".to_owned()),
        Just("?gclid=1".to_owned()),
        Just("?FBCLID=1&&x&".to_owned()),
    ];
    let fragment = prop_oneof![Just(""), Just("#"), Just("#top"), Just("#a b")];
    let pad = prop_oneof![Just(""), Just(" "), Just("\t"), Just("\u{a0}"), Just("\n ")];
    (
        scheme,
        userinfo,
        host,
        port,
        path,
        query,
        fragment,
        pad.clone(),
        pad,
    )
        .prop_map(|(s, u, h, p, path, q, f, lead, trail)| {
            format!("{lead}{s}{u}{h}{p}{path}{q}{f}{trail}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn canonical_parses_to_itself(text in address()) {
        if let Ok(web) = WebAddress::parse(&text) {
            let canonical = web.canonical();
            let again = WebAddress::parse(canonical)
                .unwrap_or_else(|e| panic!("{text:?} -> {canonical:?} fails: {e}"));
            prop_assert_eq!(again.canonical(), canonical, "input {:?}", text);
        }
    }

    #[test]
    fn key_of_canonical_equals_key_of_original(text in address()) {
        if let Ok(web) = WebAddress::parse(&text) {
            let again = WebAddress::parse(web.canonical()).unwrap();
            prop_assert_eq!(again.key(KeyVersion::V1), web.key(KeyVersion::V1), "input {:?}", text);
        }
    }

    #[test]
    fn parse_never_panics_on_any_text(text in any::<String>()) {
        if let Ok(web) = WebAddress::parse(&text) {
            let _ = web.key(KeyVersion::V1);
            let _ = web.facts();
            let units = text.encode_utf16().count();
            for span in web.detail().fields {
                prop_assert!(span.start <= span.end && span.end <= units);
            }
        }
        let _ = ContactKindDetector::detect(&text);
    }

    #[test]
    fn parse_never_panics_on_url_like_noise(text in "[a-z:/@?#%\\[\\]\\\\. \t0-9é😀]{0,40}") {
        if let Ok(web) = WebAddress::parse(&text) {
            let _ = web.key(KeyVersion::V1);
            let _ = web.social_profile();
            let again = WebAddress::parse(web.canonical());
            prop_assert!(again.is_ok(), "{:?} -> {:?}", text, web.canonical());
        }
    }

    #[test]
    fn spans_point_at_the_parts_of_address_like_text(text in address()) {
        if let Ok(web) = WebAddress::parse(&text) {
            let units: Vec<u16> = text.encode_utf16().collect();
            for span in web.detail().fields {
                prop_assert!(span.end <= units.len(), "{:?}", text);
                let part: String = String::from_utf16_lossy(&units[span.range()])
                    .chars()
                    .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                    .collect();
                match span.field {
                    Field::Host
                        if part.is_ascii()
                            && !part.contains('%')
                            && matches!(web.url().host(), Some(Host::Domain(_))) =>
                    {
                        let host = web.url().host_str().unwrap_or_default().trim_end_matches('.');
                        let lower = part.to_ascii_lowercase();
                        prop_assert_eq!(lower.trim_end_matches('.'), host, "{:?}", text);
                    }
                    Field::Fragment => {
                        let fragment = web.url().fragment().map(|f| f.replace("%20", " "));
                        prop_assert_eq!(Some(part.as_str()), fragment.as_deref(), "{:?}", text);
                    }
                    Field::Scheme => {
                        prop_assert_eq!(part.to_ascii_lowercase(), web.url().scheme(), "{:?}", text);
                    }
                    _ => {}
                }
            }
        }
    }
}
