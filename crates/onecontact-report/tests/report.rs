//! The URL tool's reports: parse, clean, rebuild, resolve, encode/decode,
//! compare and the contact report, on the examples of the URL parser tool
//! (seed 003) and the URL-parts guide (seed 004).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_report::{
    Component, Edit, FindingKind, ReadOptions, ReferenceKind, ToolError, UrlField, Verdict,
    compare, decode, encode, parse_report, resolve,
};

fn parse(text: &str) -> onecontact_report::ParseReport {
    parse_report(text, &ReadOptions::default()).unwrap()
}

fn parse_err(text: &str) -> ToolError {
    parse_report(text, &ReadOptions::default()).unwrap_err()
}

#[test]
fn the_eight_parts_of_the_guide_example() {
    let r = parse("https://alex:s3cret@www.example.co.uk:8443/docs/intro?lang=en&page=2#notes");
    let p = &r.parts;
    assert_eq!(p.scheme, "https");
    assert_eq!(p.username.as_deref(), Some("alex"));
    assert_eq!(p.password.as_deref(), Some("s3cret"));
    assert_eq!(p.host.as_deref(), Some("www.example.co.uk"));
    assert_eq!(p.port, Some(8443));
    assert_eq!(p.path, "/docs/intro");
    assert_eq!(p.query.as_deref(), Some("lang=en&page=2"));
    assert_eq!(p.fragment.as_deref(), Some("notes"));
    // One warning per finding: the user name and the password.
    let codes: Vec<&str> = r
        .findings_of(FindingKind::Warning)
        .map(|w| w.code)
        .collect();
    assert!(codes.contains(&"userinfo-before-host"), "{codes:?}");
    assert!(codes.contains(&"password-in-url"), "{codes:?}");
    assert!(!codes.contains(&"credentials"), "{codes:?}");
    let host = r.host.unwrap();
    assert_eq!(host.registrable_domain.as_deref(), Some("example.co.uk"));
    assert_eq!(host.public_suffix.as_deref(), Some("co.uk"));
}

#[test]
fn normalization_as_the_parser_tool_describes_it() {
    let r = parse("HTTP://Example.COM:80/a/../b/./c%20d");
    assert_eq!(r.href, "http://example.com/b/c%20d");
    let codes: Vec<_> = r.findings_of(FindingKind::Note).map(|n| n.code).collect();
    assert!(codes.contains(&"scheme-lowercased"));
    assert!(codes.contains(&"default-port-dropped"));
    assert!(codes.contains(&"dot-segments-resolved"));
    assert!(codes.contains(&"host-normalized"));
    assert_eq!(r.path_segments[1].decoded, "c d");
}

#[test]
fn path_segments_decode_and_flag_slashes() {
    let r = parse("https://ex.example/a%2Fb/caf%C3%A9/%FF");
    let seg = &r.path_segments;
    assert_eq!(
        (seg[0].decoded.as_str(), seg[0].contains_slash),
        ("a/b", true)
    );
    assert_eq!(
        (seg[1].decoded.as_str(), seg[1].contains_slash),
        ("café", false)
    );
    assert!(seg[2].invalid_utf8);
}

#[test]
fn query_parameters_in_order_form_decoded() {
    let r = parse("https://ex.example/?q=caf%C3%A9+au+lait&id=1&id=2&list[]=a&flag&utm_source=x");
    let params: Vec<(&str, &str)> = r
        .query_params
        .iter()
        .map(|p| (p.name.as_str(), p.value.as_str()))
        .collect();
    assert_eq!(
        params,
        [
            ("q", "café au lait"),
            ("id", "1"),
            ("id", "2"),
            ("list[]", "a"),
            ("flag", ""),
            ("utm_source", "x")
        ]
    );
    assert!(!r.query_params[4].has_equals);
    assert!(r.query_params[5].tracking);
}

#[test]
fn hosts_unicode_and_ipv4_short_forms() {
    let r = parse("https://münchen.example/");
    let host = r.host.as_ref().unwrap();
    assert_eq!(r.parts.host.as_deref(), Some("xn--mnchen-3ya.example"));
    assert_eq!(host.unicode.as_deref(), Some("münchen.example"));
    // The Unicode form is said once: by the inspection's warning, which
    // covers the note on the Unicode form and the one on the normalized host.
    let unicode = r.finding("unicode-display").unwrap();
    assert_eq!(unicode.code, "punycode-host");
    assert!(unicode.message.contains("münchen.example"));
    assert_eq!(unicode.covers, ["unicode-display", "host-normalized"]);
    let mentions = r
        .findings
        .iter()
        .filter(|f| f.message.contains("münchen.example"))
        .count();
    assert_eq!(mentions, 1);
    for short in ["http://0x7f.1/", "http://2130706433/"] {
        let r = parse(short);
        assert_eq!(r.href, "http://127.0.0.1/");
        assert!(r.host.as_ref().unwrap().ipv4_short_form, "{short}");
        assert!(r.finding("ipv4-normalized").is_some());
    }
}

#[test]
fn scheme_assumed_unless_switched_off() {
    let r = parse("www.example.com/page");
    assert_eq!(r.href, "https://www.example.com/page");
    assert_eq!(r.findings[0].code, "scheme-assumed");
    let r = parse("localhost:3000/api");
    assert_eq!(r.parts.host.as_deref(), Some("localhost"));
    assert_eq!(r.parts.port, Some(3000));
    assert!(r.findings[0].message.contains("localhost:"));

    let off = ReadOptions {
        assume_https: false,
        ..Default::default()
    };
    let error = parse_report("www.example.com/page", &off).unwrap_err();
    assert_eq!(
        error.validation_error(),
        Some("missing-scheme-non-relative-URL")
    );
    let r = parse_report("localhost:3000/api", &off).unwrap();
    assert_eq!(r.parts.scheme, "localhost");
}

#[test]
fn relative_input_against_a_base() {
    let options = ReadOptions {
        base: Some("https://ex.com/docs/intro/".into()),
        ..Default::default()
    };
    let r = parse_report("../images/logo.png", &options).unwrap();
    assert_eq!(r.href, "https://ex.com/docs/images/logo.png");
    assert!(r.finding("resolved-against-base").is_some());
    let relative = parse_err("/path?x=1");
    assert_eq!(relative.code(), "web.invalid-url");
    assert_eq!(
        relative.validation_error(),
        Some("missing-scheme-non-relative-URL")
    );
    assert!(relative.to_string().contains("relative reference"));
}

#[test]
fn invalid_urls_say_why_in_words() {
    let cases = [
        (
            "https://exa mple.com/",
            "domain-invalid-code-point",
            "space",
        ),
        (
            "https://example.com:65536/",
            "port-out-of-range",
            "65536 is larger than 65535",
        ),
        ("http://1.2.3.256/", "IPv4-out-of-range-part", "0 to 255"),
        ("https://a<b.example/", "domain-invalid-code-point", "\"<\""),
        (
            "https://ex%20ample.com/",
            "domain-invalid-code-point",
            "space once percent-decoded",
        ),
        ("https://", "host-missing", "has no host"),
    ];
    for (text, name, words) in cases {
        let error = parse_err(text);
        assert_eq!(error.validation_error(), Some(name), "{text}");
        assert!(error.code().starts_with("web."), "{text}");
        assert!(error.to_string().contains(words), "{text}: {error}");
    }
    assert_eq!(
        parse_err("https://example.com:65536/").validation_error(),
        Some("port-out-of-range")
    );
    assert_eq!(
        parse_err("http://1.2.3.256/").validation_error(),
        Some("IPv4-out-of-range-part")
    );
    assert_eq!(parse_err("   ").code(), "web.host-missing");
    assert_eq!(parse_err("   ").to_string(), "the address is empty");
}

#[test]
fn clean_keeps_everything_else_as_written() {
    let r = onecontact_report::clean(
        "https://ex.example/p?utm_source=news&b=a+b&list[]=%7e&UTM_Medium=x&gclid=1#frag",
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(r.cleaned, "https://ex.example/p?b=a+b&list[]=%7e#frag");
    let removed: Vec<_> = r.removed.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(removed, ["utm_source", "UTM_Medium", "gclid"]);
    let r =
        onecontact_report::clean("https://ex.example/?fbclid=1", &ReadOptions::default()).unwrap();
    assert_eq!(r.cleaned, "https://ex.example/");
    let r = onecontact_report::clean("https://ex.example/?a=1", &ReadOptions::default()).unwrap();
    assert_eq!(r.cleaned, "https://ex.example/?a=1");
    assert!(r.removed.is_empty());
}

#[test]
fn rebuild_through_setters_and_parameters() {
    let edits = [
        Edit::Set {
            field: UrlField::Scheme,
            value: "http".into(),
        },
        Edit::Set {
            field: UrlField::Port,
            value: "80".into(),
        },
        Edit::Set {
            field: UrlField::Path,
            value: "/a b".into(),
        },
        Edit::Param {
            name: "q".into(),
            value: "x&y".into(),
        },
        Edit::DropParam {
            name: "drop".into(),
        },
        Edit::Set {
            field: UrlField::Fragment,
            value: "top".into(),
        },
    ];
    let r = onecontact_report::rebuild(
        "https://ex.example/p?keep=%7e&drop=1&drop=2",
        &edits,
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(r.url, "http://ex.example/a%20b?keep=%7e&q=x%26y#top");
    assert_eq!(r.steps.len(), 6);
    assert_eq!(r.steps[1].field_value.as_deref(), Some(""));

    let refused = onecontact_report::rebuild(
        "https://ex.example/",
        &[Edit::Set {
            field: UrlField::Port,
            value: "70000".into(),
        }],
        &ReadOptions::default(),
    )
    .unwrap_err();
    assert_eq!(refused.code(), "refused");
    assert!(refused.to_string().contains("70000"), "{refused}");
    let refused = onecontact_report::rebuild(
        "mailto:a@b.example",
        &[Edit::Set {
            field: UrlField::Host,
            value: "x".into(),
        }],
        &ReadOptions::default(),
    )
    .unwrap_err();
    assert!(refused.to_string().contains("opaque path"), "{refused}");
}

#[test]
fn the_relative_reference_table() {
    let table = [
        (
            "https://ex.com/docs/intro",
            "guide",
            "https://ex.com/docs/guide",
            ReferenceKind::PathRelative,
        ),
        (
            "https://ex.com/docs/intro/",
            "guide",
            "https://ex.com/docs/intro/guide",
            ReferenceKind::PathRelative,
        ),
        (
            "https://ex.com/docs/intro",
            "/guide",
            "https://ex.com/guide",
            ReferenceKind::PathAbsolute,
        ),
        (
            "https://ex.com/docs/intro/",
            "../guide",
            "https://ex.com/docs/guide",
            ReferenceKind::PathRelative,
        ),
        (
            "https://ex.com/docs/intro?a=1",
            "?b=2",
            "https://ex.com/docs/intro?b=2",
            ReferenceKind::Query,
        ),
        (
            "https://ex.com/docs/intro?a=1",
            "#top",
            "https://ex.com/docs/intro?a=1#top",
            ReferenceKind::Fragment,
        ),
        (
            "https://ex.com/docs/intro",
            "//cdn.ex.com/x.js",
            "https://cdn.ex.com/x.js",
            ReferenceKind::SchemeRelative,
        ),
    ];
    for (base, reference, expected, kind) in table {
        let r = resolve(base, reference, true).unwrap();
        assert_eq!(r.url, expected, "{base} + {reference}");
        assert_eq!(r.reference_kind, kind, "{base} + {reference}");
        assert!(!r.explanation.is_empty());
    }
    assert_eq!(
        resolve("https://ex.com/a#f", "", true).unwrap().url,
        "https://ex.com/a"
    );
    assert_eq!(
        resolve("https://ex.com/", "http://other.example/", true)
            .unwrap()
            .reference_kind,
        ReferenceKind::Absolute
    );
    assert_eq!(
        resolve("not a base", "x", true).unwrap_err().code(),
        "web.invalid-host"
    );
}

#[test]
fn encode_per_component() {
    let text = "a b/c?d#e&f=g+h";
    assert_eq!(
        encode(Component::PathSegment, text).output,
        "a%20b%2Fc%3Fd%23e&f=g+h"
    );
    assert_eq!(
        encode(Component::QueryValue, text).output,
        "a%20b/c?d%23e%26f%3Dg%2Bh"
    );
    assert_eq!(
        encode(Component::Form, text).output,
        "a+b%2Fc%3Fd%23e%26f%3Dg%2Bh"
    );
    assert_eq!(encode(Component::Userinfo, "a@b:c").output, "a%40b%3Ac");
    assert_eq!(encode(Component::Fragment, "a b#c").output, "a%20b#c");
    assert_eq!(encode(Component::QueryValue, "é").output, "%C3%A9");
    assert_eq!(encode(Component::PathSegment, "100%").output, "100%25");
    for component in Component::ALL {
        for sample in [text, "100% é~", "x+y"] {
            let encoded = encode(component, sample).output;
            assert_eq!(
                decode(component, &encoded).output,
                sample,
                "{component} {sample}"
            );
        }
    }
}

#[test]
fn decode_per_component() {
    assert_eq!(
        decode(Component::QueryValue, "caf%C3%A9+au+lait").output,
        "café au lait"
    );
    assert_eq!(decode(Component::PathSegment, "a+b").output, "a+b");
    let slash = decode(Component::PathSegment, "a%2Fb");
    assert_eq!(slash.output, "a/b");
    assert_eq!(slash.notes[0].code, "slash-in-segment");
    let bad = decode(Component::Userinfo, "%FF");
    assert!(bad.invalid_utf8);
    assert_eq!(bad.output, "\u{FFFD}");
}

#[test]
fn equivalent_pairs_of_the_guide() {
    let r = compare("https://example.com:443/a", "https://example.com/a").unwrap();
    assert_eq!(r.verdict, Verdict::SameUrl);
    assert_eq!(r.differences[0].code, "default-port");
    assert!(r.differences[0].equivalent);

    let r = compare("https://example.com", "https://example.com/").unwrap();
    assert_eq!(r.verdict, Verdict::SameUrl);
    assert_eq!(r.differences[0].code, "empty-path");

    let r = compare(
        "https://example.com/a/%7Euser",
        "https://example.com/a/~user",
    )
    .unwrap();
    assert!(!r.same_url, "the URL Standard keeps %7E as written");
    assert!(r.same_key);
    assert_eq!(r.differences[0].code, "percent-encoded-unreserved");
    assert!(r.differences[0].equivalent);

    let r = compare("HTTPS://Example.COM/x", "https://example.com/x").unwrap();
    assert_eq!(r.verdict, Verdict::SameUrl);
    let codes: Vec<_> = r.differences.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["scheme-case", "host-case"]);
}

#[test]
fn non_equivalent_pairs_of_the_guide() {
    for (a, b, code) in [
        (
            "https://example.com/docs",
            "https://example.com/docs/",
            "trailing-slash",
        ),
        (
            "https://example.com/p?a=1&b=2",
            "https://example.com/p?b=2&a=1",
            "parameter-order",
        ),
        (
            "https://example.com/index.html",
            "https://example.com/",
            "index-document",
        ),
    ] {
        let r = compare(a, b).unwrap();
        assert_eq!(r.verdict, Verdict::SameKey, "{a} {b}");
        assert_eq!(r.differences.len(), 1, "{a} {b}: {:?}", r.differences);
        assert_eq!(r.differences[0].code, code);
        assert!(!r.differences[0].equivalent);
    }
    let r = compare(
        "https://example.com/a?utm_source=x#f",
        "https://example.com/a",
    )
    .unwrap();
    let codes: Vec<_> = r.differences.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["tracking-parameters", "fragment"]);
    assert!(r.same_key);
    let r = compare("https://example.com/a", "https://example.org/a").unwrap();
    assert_eq!(r.verdict, Verdict::Different);
    assert_eq!(r.differences[0].code, "host");
}

#[test]
fn contact_report_layers() {
    let r =
        onecontact_report::contact_report("https://www.linkedin.com/in/jane-doe/?utm_source=x#top")
            .unwrap();
    assert_eq!(r.contact.canonical, "https://www.linkedin.com/in/jane-doe/");
    assert_eq!(r.contact.key_v1, "linkedin.com/in/jane-doe");
    assert!(r.contact.facts.contains(&"tracking_parameters_removed"));
    assert!(r.contact.facts.contains(&"fragment_removed"));
    assert_eq!(r.contact.social_profile.unwrap().handle, "jane-doe");
    assert_eq!(
        onecontact_report::contact_report("example.com:99999")
            .unwrap_err()
            .code(),
        "web.invalid-port"
    );
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    /// Text that looks a little like URLs, with the characters parsers trip on.
    fn urlish() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("https://".to_owned()),
                Just("@".to_owned()),
                Just("%2F".to_owned()),
                Just("xn--".to_owned()),
                Just("а".to_owned()),
                Just("?a=1&".to_owned()),
                Just("#".to_owned()),
                Just(":".to_owned()),
                Just("/".to_owned()),
                Just(".com".to_owned()),
                Just("[::1]".to_owned()),
                "\\PC{0,4}",
                "[a-z0-9.%+=&]{0,6}",
            ],
            0..12,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn every_report_handles_any_text(a in urlish(), b in urlish()) {
            let report = onecontact::inspect(&a);
            prop_assert_eq!(report.error.is_none(), report.url().is_some());
            let _ = parse_report(&a, &ReadOptions::default());
            let _ = parse_report(&a, &ReadOptions { base: Some(b.clone()), assume_https: false, ..Default::default() });
            let _ = onecontact_report::clean(&a, &ReadOptions::default());
            let _ = compare(&a, &b);
            let _ = resolve(&a, &b, true);
            let _ = onecontact_report::contact_report(&a);
            let edits = [Edit::Set { field: UrlField::Host, value: b.clone() }, Edit::Param { name: b.clone(), value: a.clone() }];
            let _ = onecontact_report::rebuild(&a, &edits, &ReadOptions::default());
            for component in Component::ALL {
                let encoded = encode(component, &a);
                prop_assert_eq!(decode(component, &encoded.output).output, a.clone());
                let _ = decode(component, &a);
            }
        }
    }
}
