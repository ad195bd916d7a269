//! One test per rule of the web-address rules (docs/web.md), with every
//! example the rules give.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact::{
    ContactKind, ContactKindDetector, Field, KeyVersion, SocialNetwork, WebAddress, WebError,
    WebFact,
};

fn web(text: &str) -> WebAddress {
    WebAddress::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn code(text: &str) -> &'static str {
    match WebAddress::parse(text) {
        Ok(w) => panic!("{text:?} parsed to {}", w.url().as_str()),
        Err(e) => e.code(),
    }
}

fn key(text: &str) -> String {
    web(text).key(KeyVersion::V1)
}

// Rule 1: trimming and the scheme as written.

#[test]
fn input_is_trimmed_of_white_space() {
    let w = web(" \t\u{a0}https://example.com/\u{3000}\n");
    assert_eq!(w.url().as_str(), "https://example.com/");
    assert!(!w.flags().contains(WebFact::SchemeAssumed));
}

#[test]
fn a_leading_byte_order_mark_is_trimmed() {
    let w = web("\u{feff}https://example.com/a");
    assert_eq!(w.url().as_str(), "https://example.com/a");
    assert!(!w.flags().contains(WebFact::SchemeAssumed));
    assert_eq!(key("\u{feff}example.com/a"), key("example.com/a"));
}

#[test]
fn missing_scheme_assumes_https() {
    let w = web("example.com/about");
    assert_eq!(w.url().as_str(), "https://example.com/about");
    assert!(w.flags().contains(WebFact::SchemeAssumed));
    assert!(w.is_website());
}

#[test]
fn host_with_port_is_not_a_scheme() {
    let w = web("localhost:3000/x");
    assert_eq!(w.url().as_str(), "https://localhost:3000/x");
    assert_eq!(w.url().host_str().unwrap_or_default(), "localhost");
    assert_eq!(w.url().port(), Some(3000));
    assert!(w.flags().contains(WebFact::SchemeAssumed));
    let w = web("example.com:8080");
    assert_eq!(w.url().as_str(), "https://example.com:8080/");
    assert!(w.flags().contains(WebFact::SchemeAssumed));
}

#[test]
fn scheme_followed_by_slashes_counts_as_written() {
    let w = web("foo://example.com/x");
    assert_eq!(w.url().scheme(), "foo");
    assert!(!w.flags().contains(WebFact::SchemeAssumed));
    assert!(w.flags().contains(WebFact::NonWebScheme));
}

#[test]
fn schemes_written_without_slashes_count_as_written() {
    for (text, scheme) in [
        ("mailto:info@example.com", "mailto"),
        ("tel:+31201234567", "tel"),
        ("sms:+31201234567", "sms"),
        ("urn:isbn:0451450523", "urn"),
        ("geo:52.37,4.89", "geo"),
        ("callto:someone", "callto"),
        ("skype:someone?call", "skype"),
        ("magnet:?xt=urn:btih:abc", "magnet"),
        ("news:comp.lang.rust", "news"),
        ("data:text/plain,hi", "data"),
        ("javascript:alert(1)", "javascript"),
        ("about:blank", "about"),
        ("blob:https://example.com/1", "blob"),
        ("http:example.com", "http"),
        ("https:example.com", "https"),
        ("ftp:example.com", "ftp"),
        ("ws:example.com", "ws"),
        ("wss:example.com", "wss"),
        ("file:/tmp/x", "file"),
    ] {
        let w = web(text);
        assert_eq!(w.url().scheme(), scheme, "{text}");
        assert!(!w.flags().contains(WebFact::SchemeAssumed), "{text}");
    }
}

#[test]
fn unknown_scheme_without_slashes_is_a_host() {
    // `foo:bar` is host `foo` with port `bar`: not a port.
    assert_eq!(code("foo:bar"), "web.invalid-port");
    let w = web("foo:8080");
    assert_eq!(w.url().as_str(), "https://foo:8080/");
}

// Rule 2: errors.

#[test]
fn failures_give_one_of_four_codes() {
    assert_eq!(code(""), "web.host-missing");
    assert_eq!(code("   "), "web.host-missing");
    assert_eq!(code("https://"), "web.host-missing");
    assert_eq!(code("http:///"), "web.host-missing");
    assert_eq!(code("https://user@/x"), "web.host-missing");
    assert_eq!(code("https://exa mple.com"), "web.invalid-host");
    assert_eq!(code("https://exa<mple.com"), "web.invalid-host");
    assert_eq!(code("https://[::1"), "web.invalid-host");
    assert_eq!(code("https://[1:2:3]"), "web.invalid-host");
    assert_eq!(code("https://1.2.3.256/"), "web.invalid-host");
    assert_eq!(code("https://999999999999/"), "web.invalid-host");
    assert_eq!(code("https://xn--tešla.com/"), "web.invalid-host");
    assert_eq!(code("https://\u{200d}.example/"), "web.invalid-host");
    assert_eq!(code("https://\u{fffd}.com/"), "web.invalid-host");
    assert_eq!(code("foo://exa mple/"), "web.invalid-host");
    assert_eq!(code("example.com:99999"), "web.invalid-port");
    assert_eq!(code("https://example.com:65536/"), "web.invalid-port");
    assert_eq!(code("https://example.com:8o/"), "web.invalid-port");
}

#[test]
fn error_messages_are_for_people() {
    let e = WebAddress::parse("example.com:99999").unwrap_err();
    assert!(e.to_string().contains("65535"), "{e}");
    assert_eq!(e.validation_error(), Some("port-out-of-range"));
    let e = WebAddress::parse("https://").unwrap_err();
    assert!(e.to_string().contains("host"), "{e}");
}

// Rule 3: hardening.

#[test]
fn long_non_ascii_host_fails() {
    let host = "é".repeat(4097);
    let e = WebAddress::parse(&format!("https://{host}.com/")).unwrap_err();
    assert_eq!(e.code(), "web.invalid-host");
    assert!(
        matches!(e, WebError::HostTooLong { length: 4101, .. }),
        "{e:?}"
    );
    assert_eq!(e.offset().bytes, 8);
    assert!(e.to_string().contains("4101"), "{e}");
    let e = WebAddress::parse(&format!("  https://u@{host}/")).unwrap_err();
    assert_eq!(e.offset().bytes, 12);
    let e = WebAddress::parse(&format!("{host}/x")).unwrap_err();
    assert_eq!(e.code(), "web.invalid-host");
    // Percent-encoded non-ASCII counts as non-ASCII.
    let encoded = "%C3%A9".repeat(4097);
    let e = WebAddress::parse(&format!("https://{encoded}/")).unwrap_err();
    assert_eq!(e.code(), "web.invalid-host");
}

#[test]
fn long_ascii_host_and_long_non_ascii_path_pass_the_limit() {
    let host = format!("{}.com", "a".repeat(5000));
    assert!(WebAddress::parse(&format!("https://{host}/")).is_ok());
    let path = "é".repeat(5000);
    assert!(WebAddress::parse(&format!("https://example.com/{path}")).is_ok());
    let host = format!("{}.com", "é".repeat(60));
    assert!(WebAddress::parse(&format!("https://{host}/")).is_ok());
}

// Rule 4: offsets.

fn spans(text: &str) -> Vec<(Field, usize, usize)> {
    web(text)
        .detail()
        .fields
        .iter()
        .map(|s| (s.field, s.start, s.end))
        .collect()
}

#[test]
fn offsets_cover_each_field() {
    let text = "https://user:pw@example.com:8080/a/b?q=1#top";
    assert_eq!(
        spans(text),
        [
            (Field::Scheme, 0, 5),
            (Field::Host, 16, 27),
            (Field::Port, 28, 32),
            (Field::Path, 32, 36),
            (Field::Query, 37, 40),
            (Field::Fragment, 41, 44),
        ]
    );
}

#[test]
fn assumed_scheme_has_no_span_and_offsets_count_from_the_input_as_given() {
    let text = "  example.com/x";
    assert_eq!(spans(text), [(Field::Host, 2, 13), (Field::Path, 13, 15)]);
}

#[test]
fn offsets_are_utf16_code_units() {
    // 😀 is two UTF-16 code units; é is one.
    let text = "\u{3000}https://😀é.com/é?😀";
    let detail = web(text).detail();
    let host = detail.span(Field::Host).unwrap();
    assert_eq!((host.start, host.end), (9, 16));
    let path = detail.span(Field::Path).unwrap();
    assert_eq!((path.start, path.end), (16, 18));
    let query = detail.span(Field::Query).unwrap();
    assert_eq!((query.start, query.end), (19, 21));
    let units: Vec<u16> = text.encode_utf16().collect();
    assert_eq!(String::from_utf16(&units[host.range()]).unwrap(), "😀é.com");
}

#[test]
fn spans_cover_removed_tabs_and_newlines() {
    let text = "https://exa\tmple.com/a\nb";
    let detail = web(text).detail();
    assert_eq!(detail.span(Field::Host).unwrap().range(), 8..20);
    assert_eq!(detail.span(Field::Path).unwrap().range(), 20..24);
}

// Rule 5: canonical form.

#[test]
fn canonical_processes_the_host_and_drops_the_default_port() {
    assert_eq!(
        web("https://EXAMPLE.com:443/").canonical(),
        "https://example.com/"
    );
    assert_eq!(
        web("https://münchen.de/").canonical(),
        "https://xn--mnchen-3ya.de/"
    );
    assert_eq!(web("http://0x7f.1/").canonical(), "http://127.0.0.1/");
    assert_eq!(
        web("http://[2001:db8:0:0:0:0:0:1]/").canonical(),
        "http://[2001:db8::1]/"
    );
    assert_eq!(
        web("example.com:8080").canonical(),
        "https://example.com:8080/"
    );
}

#[test]
fn canonical_removes_tracking_parameters_and_reports_them() {
    let w = web("https://example.com/p?id=7&UTM_Source=news&utm_medium=mail&x#top");
    assert_eq!(w.canonical(), "https://example.com/p?id=7&x");
    assert_eq!(
        w.removed_tracking_parameters().collect::<Vec<_>>(),
        ["UTM_Source", "utm_medium"]
    );
    assert!(w.flags().contains(WebFact::TrackingParametersRemoved));
    assert!(w.flags().contains(WebFact::FragmentRemoved));
}

#[test]
fn every_listed_tracking_parameter_is_removed() {
    for p in onecontact::rules::TRACKING_PARAMETERS {
        let w = web(&format!("https://example.com/?{}=1&keep=2", p.name));
        assert_eq!(w.canonical(), "https://example.com/?keep=2", "{}", p.name);
    }
}

#[test]
fn names_are_matched_as_written_not_decoded() {
    let w = web("https://example.com/?utm%5Fsource=x");
    assert_eq!(w.canonical(), "https://example.com/?utm%5Fsource=x");
    assert!(!w.flags().contains(WebFact::TrackingParametersRemoved));
}

#[test]
fn emptied_query_goes_with_its_question_mark() {
    let w = web("https://example.com/?gclid=1&fbclid=2");
    assert_eq!(w.canonical(), "https://example.com/");
    assert!(w.flags().contains(WebFact::TrackingParametersRemoved));
}

#[test]
fn empty_query_with_nothing_removed_stays() {
    let w = web("https://example.com/?");
    assert_eq!(w.canonical(), "https://example.com/?");
    assert!(w.flags().is_empty());
}

#[test]
fn empty_fragment_is_removed_and_reported() {
    let w = web("https://example.com/#");
    assert_eq!(w.canonical(), "https://example.com/");
    assert!(w.flags().contains(WebFact::FragmentRemoved));
}

#[test]
fn credentials_path_case_and_other_parameters_stay_byte_for_byte() {
    let w = web("https://User:Pa%20ss@example.com/Some/PATH?Q=a%20b&&t=~&utm_id=1#x");
    assert_eq!(
        w.canonical(),
        "https://User:Pa%20ss@example.com/Some/PATH?Q=a%20b&&t=~"
    );
    assert!(w.flags().contains(WebFact::HasCredentials));
}

#[test]
fn canonical_without_changes_is_the_serialization() {
    let w = web("https://example.com/a?b=c");
    assert_eq!(w.canonical(), w.url().as_str());
    assert!(w.flags().is_empty());
    assert_eq!(w.to_string(), w.canonical());
}

// Rule 6: key (the golden fixture holds the full table).

#[test]
fn key_examples_of_each_step() {
    assert_eq!(key("https://www.example.com/"), "example.com");
    assert_eq!(key("ftp://example.com/"), "ftp://example.com");
    assert_eq!(
        key("https://m.example.co.uk./A//B/index.html"),
        "example.co.uk/a/b"
    );
    assert_eq!(key("https://example.com:8443/"), "example.com:8443");
    assert_eq!(key("https://example.com/?b=2&&a=1"), "example.com?a=1&b=2");
    assert_eq!(key("https://u:p@example.com/#f"), "example.com");
    assert_eq!(key("mailto:A@B.com"), "mailto:a@b.com");
}

#[test]
fn key_uses_the_private_section() {
    assert_eq!(key("https://alice.github.io/x"), "alice.github.io/x");
    assert_eq!(key("https://github.io"), "github.io");
}

#[test]
fn same_organization_same_key() {
    let a = key("http://www.Example.com/index.html?utm_source=x");
    let b = key("https://example.com");
    let c = key("example.com/");
    assert_eq!(a, b);
    assert_eq!(b, c);
}

// Rule 7: facts.

#[test]
fn facts_ip_hosts() {
    assert!(web("http://192.168.1.1/").flags().contains(WebFact::IpHost));
    assert!(web("http://[::1]/").flags().contains(WebFact::IpHost));
    assert!(!web("http://example.com/").flags().contains(WebFact::IpHost));
}

#[test]
fn facts_internationalized_domain() {
    assert!(
        web("https://bücher.de")
            .flags()
            .contains(WebFact::InternationalizedDomain)
    );
    assert!(
        web("https://xn--bcher-kva.de")
            .flags()
            .contains(WebFact::InternationalizedDomain)
    );
    assert!(
        !web("https://buecher.de")
            .flags()
            .contains(WebFact::InternationalizedDomain)
    );
}

#[test]
fn facts_non_web_schemes_are_not_websites() {
    for text in [
        "javascript:alert(1)",
        "data:text/html,x",
        "mailto:a@b.c",
        "ftp://example.com/",
        "ws://example.com/",
        "file:///etc/passwd",
    ] {
        let w = web(text);
        assert!(w.flags().contains(WebFact::NonWebScheme), "{text}");
        assert!(!w.is_website(), "{text}");
    }
    assert!(web("http://example.com").is_website());
    assert!(web("HTTPS://example.com").is_website());
}

#[test]
fn facts_credentials() {
    assert!(
        web("https://user@example.com/")
            .flags()
            .contains(WebFact::HasCredentials)
    );
    assert!(
        web("https://:pw@example.com/")
            .flags()
            .contains(WebFact::HasCredentials)
    );
    assert!(
        !web("https://@example.com/")
            .flags()
            .contains(WebFact::HasCredentials)
    );
}

#[test]
fn facts_social_profiles() {
    let cases = [
        (
            "https://www.linkedin.com/in/jane-doe/",
            SocialNetwork::LinkedIn,
            "jane-doe",
        ),
        ("twitter.com/jack", SocialNetwork::X, "jack"),
        ("https://x.com/jack?lang=en", SocialNetwork::X, "jack"),
        (
            "https://github.com/rust-lang/rust",
            SocialNetwork::GitHub,
            "rust-lang",
        ),
        (
            "https://github.com/orgs/rust-lang/teams",
            SocialNetwork::GitHub,
            "rust-lang",
        ),
        (
            "https://m.facebook.com/profile.php?id=4",
            SocialNetwork::Facebook,
            "4",
        ),
        (
            "https://www.instagram.com/nasa/",
            SocialNetwork::Instagram,
            "nasa",
        ),
        (
            "https://www.youtube.com/@mkbhd",
            SocialNetwork::YouTube,
            "mkbhd",
        ),
        (
            "https://www.tiktok.com/@scout2015",
            SocialNetwork::TikTok,
            "scout2015",
        ),
        (
            "https://mastodon.social/@Gargron",
            SocialNetwork::Mastodon,
            "Gargron",
        ),
    ];
    for (text, network, handle) in cases {
        let profile = web(text)
            .social_profile()
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!(
            (profile.network, profile.handle.as_str()),
            (network, handle),
            "{text}"
        );
        assert_eq!(web(text).facts().social_profile, Some(profile));
    }
    for text in [
        "https://medium.com/@someone",
        "https://substack.com/@someone",
        "https://www.threads.net/@zuck",
        "https://www.threads.com/@zuck",
        "ftp://github.com/torvalds",
        "https://x.com/home",
        "https://192.0.2.1/@name",
        "https://github.com/features",
    ] {
        assert_eq!(web(text).social_profile(), None, "{text}");
    }
}

#[test]
fn facts_never_change_the_value() {
    let w = web("https://user@192.168.0.1/?utm_source=x#f");
    assert_eq!(w.url().as_str(), "https://user@192.168.0.1/?utm_source=x#f");
    let facts = w.facts();
    for fact in [
        WebFact::IpHost,
        WebFact::HasCredentials,
        WebFact::TrackingParametersRemoved,
        WebFact::FragmentRemoved,
    ] {
        assert!(facts.contains(fact), "{fact}");
    }
    assert!(!facts.contains(WebFact::SchemeAssumed));
}

// Rule 8: detection.

#[test]
fn detector_follows_the_rules() {
    let is_web = |t| ContactKindDetector::detect(t) == Some(ContactKind::WebAddress);
    assert!(is_web("https://example.com"));
    assert!(is_web("www.example"));
    assert!(is_web("example.com:8080/x?y#z"));
    assert!(!is_web("notes.txt"));
    assert!(!is_web("1.5"));
    assert!(!is_web("John.Smith"));
}
