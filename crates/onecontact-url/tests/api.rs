//! The public API beyond WPT: validation error names and offsets, non-fatal
//! validation errors, input spans, typed access, setter refusals, traits.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::net::{Ipv4Addr, Ipv6Addr};

use onecontact_url::{Host, InputSpans, SetterError, Url, ValidationError, quirks};

#[test]
fn url_is_small() {
    assert!(
        std::mem::size_of::<Url>() <= 64,
        "size_of::<Url>() = {}",
        std::mem::size_of::<Url>()
    );
}

/// `host()` of an IPv6 URL is the address stored at parse time, and after
/// each mutation that replaces it.
#[test]
fn ipv6_hosts_come_from_the_stored_address() {
    let addr = |s: &str| s.parse::<Ipv6Addr>().unwrap();
    let check = |url: &Url, want: Ipv6Addr| {
        url.check_invariants().unwrap();
        assert_eq!(url.host(), Some(Host::Ipv6(want)), "{url}");
        assert_eq!(
            url.host_str(),
            Some(Host::<String>::Ipv6(want).to_string().as_str())
        );
    };
    let mut url = Url::parse("https://u:p@[0:0:0:0:0:FFFF:7f00:1]:8443/a?q#f").unwrap();
    check(&url, addr("::ffff:127.0.0.1"));
    assert_eq!(url.port(), Some(8443));
    assert_eq!(url.username(), "u");
    url.set_host(Some("[2001:db8::42]")).unwrap();
    check(&url, addr("2001:db8::42"));
    url.set_ip_host(Ipv6Addr::LOCALHOST.into()).unwrap();
    check(&url, Ipv6Addr::LOCALHOST);
    url.set_port(None).unwrap();
    check(&url, Ipv6Addr::LOCALHOST);
    // Other host kinds leave no address behind.
    url.set_ip_host(Ipv4Addr::new(10, 0, 0, 1).into()).unwrap();
    url.check_invariants().unwrap();
    assert_eq!(url.host(), Some(Host::Ipv4(Ipv4Addr::new(10, 0, 0, 1))));
    url.set_host(Some("[1:2:3:4:5:6:7:8]")).unwrap();
    check(&url, addr("1:2:3:4:5:6:7:8"));
    url.set_host(Some("example.com")).unwrap();
    url.check_invariants().unwrap();
    assert_eq!(url.host(), Some(Host::Domain("example.com")));
    // A host that is not special, and one resolved against a base.
    let mut opaque = Url::parse("sc://[fe80::1]/x").unwrap();
    check(&opaque, addr("fe80::1"));
    opaque
        .set_ip_host("ffff::".parse::<Ipv6Addr>().unwrap().into())
        .unwrap();
    check(&opaque, addr("ffff::"));
    let base = Url::parse("http://[::abcd]:81/dir/").unwrap();
    let joined = base.join("file?x").unwrap();
    check(&joined, addr("::abcd"));
    assert_eq!(joined.port(), Some(81));
}

/// Each failure example of the Standard's validation error table fails with
/// that error's name.
#[test]
fn failures_name_their_validation_error() {
    let cases: &[(&str, &str)] = &[
        ("foo://exa[mple.org", "host-invalid-code-point"),
        ("https://1.2.3.4.5/", "IPv4-too-many-parts"),
        ("https://test.42", "IPv4-non-numeric-part"),
        ("https://255.255.4000.1", "IPv4-out-of-range-part"),
        ("https://[::1", "IPv6-unclosed"),
        ("https://[:1]", "IPv6-invalid-compression"),
        ("https://[1:2:3:4:5:6:7:8:9]", "IPv6-too-many-pieces"),
        ("https://[1::1::1]", "IPv6-multiple-compression"),
        ("https://[1:2:3!:4]", "IPv6-invalid-code-point"),
        ("https://[1:2:3:]", "IPv6-invalid-code-point"),
        ("https://[1:2:3]", "IPv6-too-few-pieces"),
        (
            "https://[1:1:1:1:1:1:1:127.0.0.1]",
            "IPv4-in-IPv6-too-many-pieces",
        ),
        ("https://[ffff::.0.0.1]", "IPv4-in-IPv6-invalid-code-point"),
        (
            "https://[ffff::127.0.xyz.1]",
            "IPv4-in-IPv6-invalid-code-point",
        ),
        (
            "https://[ffff::127.0xyz]",
            "IPv4-in-IPv6-invalid-code-point",
        ),
        (
            "https://[ffff::127.00.0.1]",
            "IPv4-in-IPv6-invalid-code-point",
        ),
        (
            "https://[ffff::127.0.0.1.2]",
            "IPv4-in-IPv6-invalid-code-point",
        ),
        (
            "https://[ffff::127.0.0.4000]",
            "IPv4-in-IPv6-out-of-range-part",
        ),
        ("https://[ffff::127.0.0]", "IPv4-in-IPv6-too-few-parts"),
        ("💩", "missing-scheme-non-relative-URL"),
        ("https://#fragment", "host-missing"),
        ("https://:443", "host-missing"),
        ("https://user:pass@", "host-missing"),
        ("https://example.org:70000", "port-out-of-range"),
        ("https://example.org:7z", "port-invalid"),
        ("https://exa%23mple.org", "domain-invalid-code-point"),
        ("https://ex ample.org", "domain-invalid-code-point"),
        ("https://xn--ls8h\u{FFFD}.example", "domain-to-ASCII"),
    ];
    for &(input, name) in cases {
        let err = Url::parse(input).expect_err(input);
        assert_eq!(err.kind().name(), name, "{input}");
        assert!(err.kind().can_fail(), "{input}");
        assert!(
            err.offset() <= input.len(),
            "{input}: offset {}",
            err.offset()
        );
        assert!(!err.to_string().is_empty());
    }
    let err = Url::parse("mailto:user@example.org")
        .unwrap()
        .join("💩")
        .unwrap_err();
    assert_eq!(err.kind(), ValidationError::MissingSchemeNonRelativeUrl);
}

#[test]
fn failure_offsets_point_into_the_original_input() {
    let err = Url::parse("https://example.org:7z").unwrap_err();
    assert_eq!(err.offset(), 21);
    let err = Url::parse("  \thttps://exa\tmple.org:70000").unwrap_err();
    assert_eq!(err.kind().name(), "port-out-of-range");
    assert_eq!(&"  \thttps://exa\tmple.org:70000"[err.offset()..], "70000");
    let err = Url::parse("https://[1:2:3!:4]").unwrap_err();
    assert_eq!(&"https://[1:2:3!:4]"[err.offset()..], "!:4]");
}

fn errors_of(input: &str, base: Option<&Url>) -> Vec<(&'static str, usize)> {
    let mut errors = Vec::new();
    Url::options()
        .base_url(base)
        .validation_sink(&mut errors)
        .parse(input)
        .unwrap();
    errors.iter().map(|v| (v.kind.name(), v.offset)).collect()
}

#[test]
fn non_fatal_validation_errors_are_collected() {
    let cases: &[(&str, Option<&str>, &str)] = &[
        ("https://example.org/>", None, "invalid-URL-unit"),
        (" https://example.org ", None, "invalid-URL-unit"),
        ("ht\ntps://example.org", None, "invalid-URL-unit"),
        ("https://example.org/%s", None, "invalid-URL-unit"),
        (
            "file:c:/my-secret-folder",
            None,
            "special-scheme-missing-following-solidus",
        ),
        (
            "https:example.org",
            None,
            "special-scheme-missing-following-solidus",
        ),
        (
            "https:foo.html",
            Some("https://example.org/"),
            "special-scheme-missing-following-solidus",
        ),
        (
            "https://example.org\\path\\to\\file",
            None,
            "invalid-reverse-solidus",
        ),
        ("https://user@example.org", None, "invalid-credentials"),
        ("ssh://user@example.org", None, "invalid-credentials"),
        ("https://exam%70le.org", None, "domain-percent-encoded"),
        ("https://127.0.0.1./", None, "IPv4-empty-part"),
        ("https://1.2.3/", None, "IPv4-too-few-parts"),
        ("https://127.0.0x0.1", None, "IPv4-non-decimal-part"),
        ("https://[::01]", None, "IPv6-piece-leading-zero"),
        ("https://1.2.1000", None, "IPv4-out-of-range-part"),
        // The Standard's example for this error ("/c:/path/to/file") never reaches the step
        // that reports it; a drive letter straight after the (missing) scheme does.
        (
            "C|/path/to/file",
            Some("file:///c:/"),
            "file-invalid-Windows-drive-letter",
        ),
        ("file://c:", None, "file-invalid-Windows-drive-letter-host"),
        ("https://-x.example/", None, "domain-to-ASCII"),
        ("sc:a b", None, "invalid-URL-unit"),
    ];
    for &(input, base, name) in cases {
        let base = base.map(|b| Url::parse(b).unwrap());
        let found = errors_of(input, base.as_ref());
        assert!(found.iter().any(|(n, _)| *n == name), "{input}: {found:?}");
        for (n, offset) in &found {
            assert!(*offset <= input.len(), "{input}: {n} at {offset}");
        }
    }
    assert_eq!(errors_of("https://example.org/path?q#f", None), []);
    // Offsets of the collected errors are in the input as given.
    assert_eq!(
        errors_of("https://user@example.org", None),
        [("invalid-credentials", 12)]
    );
    assert_eq!(
        errors_of("https://example.org/a>b", None),
        [("invalid-URL-unit", 21)]
    );
}

#[test]
fn collecting_errors_does_not_change_the_result() {
    for input in [
        "HTTP://EXAMPLE.org:80/a/../b?c d#e f",
        "file:///C|/x",
        "sc:/.//p",
        "https://ü.example/",
    ] {
        let mut errors = Vec::new();
        let with = Url::options()
            .validation_sink(&mut errors)
            .parse(input)
            .unwrap();
        let without = Url::parse(input).unwrap();
        assert_eq!(with.as_str(), without.as_str());
        let (spanned, _) = Url::options().parse_with_spans(input).unwrap();
        assert_eq!(spanned.as_str(), without.as_str());
    }
}

fn spans(input: &str) -> InputSpans {
    Url::options().parse_with_spans(input).unwrap().1
}

fn text<'a>(input: &'a str, r: &Option<std::ops::Range<usize>>) -> Option<&'a str> {
    r.clone().map(|r| &input[r])
}

#[test]
fn spans_cover_the_input_that_produced_each_component() {
    let input = "  HTTPS://us:pw@Example.COM:8080/a/b?q=1#frag ";
    let s = spans(input);
    assert_eq!(text(input, &s.scheme), Some("HTTPS"));
    assert_eq!(text(input, &s.userinfo), Some("us:pw"));
    assert_eq!(text(input, &s.host), Some("Example.COM"));
    assert_eq!(text(input, &s.port), Some("8080"));
    assert_eq!(text(input, &s.path), Some("/a/b"));
    assert_eq!(text(input, &s.query), Some("q=1"));
    assert_eq!(text(input, &s.fragment), Some("frag"));

    // Tabs and newlines inside a component are covered by its span.
    let input = "https://exa\tmple.org/p\nq";
    let s = spans(input);
    assert_eq!(text(input, &s.host), Some("exa\tmple.org"));
    assert_eq!(text(input, &s.path), Some("/p\nq"));
    assert_eq!(s.userinfo, None);
    assert_eq!(s.port, None);
    assert_eq!(s.query, None);

    // Non-special and opaque paths.
    let input = "mailto:someone@example.org?subject=hi";
    let s = spans(input);
    assert_eq!(text(input, &s.scheme), Some("mailto"));
    assert_eq!(s.host, None);
    assert_eq!(text(input, &s.path), Some("someone@example.org"));
    assert_eq!(text(input, &s.query), Some("subject=hi"));
    let input = "sc:/x/y";
    assert_eq!(text(input, &spans(input).path), Some("/x/y"));
    let input = "file:///C:/x";
    let s = spans(input);
    assert_eq!(s.host, None);
    assert_eq!(text(input, &s.path), Some("/C:/x"));

    // Relative input: what came from the base has no span.
    let base = Url::parse("https://example.org/dir/file").unwrap();
    let (url, s) = Url::options()
        .base_url(Some(&base))
        .parse_with_spans("../x?y")
        .unwrap();
    assert_eq!(url.as_str(), "https://example.org/x?y");
    assert_eq!(s.scheme, None);
    assert_eq!(s.host, None);
    assert_eq!(text("../x?y", &s.path), Some("../x"));
    assert_eq!(text("../x?y", &s.query), Some("y"));
}

#[test]
fn typed_access() {
    let url = Url::parse("https://[::FFFF:127.0.0.1]:8443/a/b/?x#y").unwrap();
    assert_eq!(
        url.host(),
        Some(Host::Ipv6("::ffff:7f00:1".parse::<Ipv6Addr>().unwrap()))
    );
    assert_eq!(url.host_str(), Some("[::ffff:7f00:1]"));
    assert_eq!(url.port(), Some(8443));
    assert_eq!(
        url.path_segments().unwrap().collect::<Vec<_>>(),
        ["a", "b", ""]
    );
    assert_eq!(url.query(), Some("x"));
    assert_eq!(url.fragment(), Some("y"));
    assert!(url.is_special());
    assert!(!url.has_opaque_path());

    let url = Url::parse("http://0x7f.1/").unwrap();
    assert_eq!(url.host(), Some(Host::Ipv4(Ipv4Addr::new(127, 0, 0, 1))));
    let url = Url::parse("sc://Opaque%20Host/").unwrap();
    assert_eq!(url.host(), Some(Host::Opaque("Opaque%20Host")));
    let url = Url::parse("file:///tmp").unwrap();
    assert_eq!(url.host(), Some(Host::Empty));
    let url = Url::parse("data:text/plain,hi?#").unwrap();
    assert_eq!(url.host(), None);
    assert!(url.has_opaque_path());
    assert_eq!(url.path_segments().map(|s| s.count()), None);
    assert_eq!(url.query(), Some(""));
    assert_eq!(quirks::search(&url), "");
    assert_eq!(url.fragment(), Some(""));
    assert_eq!(quirks::hash(&url), "");
    assert_eq!(url.scheme(), "data");

    let url = Url::parse("https://example.com").unwrap();
    assert_eq!(url.port_or_known_default(), Some(443));
    assert_eq!(url.query(), None);
    assert_eq!(url.without_fragment(), "https://example.com/");
}

#[test]
fn origins() {
    let cases = [
        ("https://example.com:443/x", "https://example.com"),
        ("ws://example.com:81/", "ws://example.com:81"),
        ("ftp://[::1]/", "ftp://[::1]"),
        (
            "blob:https://example.com:8080/uuid",
            "https://example.com:8080",
        ),
        ("blob:ftp://example.com/uuid", "null"),
        ("blob:d3958f5c-0777-0845-9dcf-2cb28783acaf", "null"),
        ("file:///etc/passwd", "null"),
        ("sc://example.com/", "null"),
        ("javascript:alert(1)", "null"),
    ];
    for (input, origin) in cases {
        assert_eq!(
            quirks::origin(&Url::parse(input).unwrap()),
            origin,
            "{input}"
        );
    }
}

#[test]
fn setters_say_why_they_refuse() {
    let mut url = Url::parse("mailto:a@b").unwrap();
    assert_eq!(
        quirks::set_host(&mut url, "x"),
        Err(SetterError::OpaquePath)
    );
    assert_eq!(
        quirks::set_pathname(&mut url, "x"),
        Err(SetterError::OpaquePath)
    );
    assert_eq!(
        quirks::set_username(&mut url, "x"),
        Err(SetterError::CannotHaveCredentialsOrPort)
    );
    assert_eq!(
        quirks::set_protocol(&mut url, "http"),
        Err(SetterError::SchemeChangeNotAllowed)
    );
    assert_eq!(
        quirks::set_protocol(&mut url, "1x"),
        Err(SetterError::InvalidScheme)
    );
    let mut url = Url::parse("https://u:p@example.com:8080/").unwrap();
    assert_eq!(
        quirks::set_protocol(&mut url, "file"),
        Err(SetterError::SchemeChangeNotAllowed)
    );
    assert_eq!(
        quirks::set_hostname(&mut url, "a:1"),
        Err(SetterError::PortNotAllowed)
    );
    assert_eq!(
        quirks::set_port(&mut url, "x1"),
        Err(SetterError::PortInvalid)
    );
    assert!(
        matches!(quirks::set_port(&mut url, "99999"), Err(SetterError::Invalid(e)) if e.kind().name() == "port-out-of-range")
    );
    assert!(
        matches!(quirks::set_host(&mut url, "exa mple"), Err(SetterError::Invalid(e)) if e.kind().name() == "domain-invalid-code-point")
    );
    assert!(matches!(
        quirks::set_href(&mut url, "nope"),
        Err(SetterError::Invalid(_))
    ));
    let mut nonspecial = Url::parse("sc://u@h:1/").unwrap();
    assert_eq!(
        quirks::set_host(&mut nonspecial, ""),
        Err(SetterError::HostRequired)
    );
    assert_eq!(url.as_str(), "https://u:p@example.com:8080/");
    url.check_invariants().unwrap();

    quirks::set_username(&mut url, "").unwrap();
    quirks::set_password(&mut url, "").unwrap();
    quirks::set_port(&mut url, "").unwrap();
    quirks::set_search(&mut url, "?a b").unwrap();
    quirks::set_hash(&mut url, "#c d").unwrap();
    assert_eq!(url.as_str(), "https://example.com/?a%20b#c%20d");
    quirks::set_protocol(&mut url, "wss").unwrap();
    quirks::set_hostname(&mut url, "[::1]").unwrap();
    assert_eq!(url.as_str(), "wss://[::1]/?a%20b#c%20d");
    url.check_invariants().unwrap();
}

#[test]
fn traits() {
    use std::collections::HashSet;
    let a: Url = "https://b.example/".parse().unwrap();
    let b = Url::parse("HTTPS://B.EXAMPLE").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "https://b.example/");
    assert!(Url::parse("https://a.example/").unwrap() < a);
    let set: HashSet<Url> = [a.clone(), b.clone()].into_iter().collect();
    assert_eq!(set.len(), 1);
    assert!(format!("{a:?}").contains("b.example"));
    assert_eq!(String::from(a.clone()), "https://b.example/");
    assert!(Url::can_parse("/x", Some(a.as_str())));
    assert!(!Url::can_parse("/x", None));
}

#[cfg(feature = "serde")]
#[test]
fn serde_roundtrip() {
    let url = Url::parse("https://example.com/a?b#c").unwrap();
    let json = serde_json::to_string(&url).unwrap();
    assert_eq!(json, "\"https://example.com/a?b#c\"");
    let back: Url = serde_json::from_str(&json).unwrap();
    assert_eq!(back, url);
    assert!(serde_json::from_str::<Url>("\"not a url\"").is_err());
}

#[test]
fn host_parser_entry_points() {
    assert_eq!(
        Host::parse("0x7F.0.0.1").unwrap(),
        Host::<String>::Ipv4(Ipv4Addr::LOCALHOST)
    );
    assert_eq!(Host::parse_opaque("").unwrap(), Host::<String>::Empty);
    assert_eq!(
        Host::parse("faß.example").unwrap().to_string(),
        "xn--fa-hia.example"
    );
    assert_eq!(
        Host::parse_opaque("faß.example").unwrap().to_string(),
        "fa%C3%9F.example"
    );
    assert_eq!(
        Host::parse("example%2Ecom").unwrap().to_string(),
        "example.com"
    );
    assert!(Host::parse("[0:0::%31]").is_err());
    assert!(Host::parse("09").is_err());
    assert_eq!(Host::parse_opaque("09").unwrap().to_string(), "09");
    assert!(Host::parse("example^example").is_err());
    assert_eq!(
        Host::parse("1.2.3").unwrap(),
        Host::<String>::Ipv4(Ipv4Addr::new(1, 2, 0, 3))
    );
    assert_eq!(
        Host::parse("[1:0:0:0:1:0:0:0]").unwrap().to_string(),
        "[1::1:0:0:0]"
    );
    let mut errors = Vec::new();
    Host::parse_with_errors("0x7f.1", &mut errors).unwrap();
    assert!(
        errors
            .iter()
            .any(|e| e.kind.name() == "IPv4-non-decimal-part")
    );
}

#[test]
fn very_long_inputs_stay_linear_in_shape() {
    // These would be quadratic with naive path shortening or host scanning;
    // here they only check the results (timing belongs to benchmarks).
    let dots = format!("https://example.com/{}x", "../".repeat(20_000));
    assert_eq!(Url::parse(&dots).unwrap().path(), "/x");
    let long = format!("https://example.com/{}", "a/".repeat(50_000));
    let mut url = Url::parse(&long).unwrap();
    url.set_path(&format!("{}..", "b/".repeat(50_000))).unwrap();
    assert_eq!(url.path().len(), 2 * 49_999 + 1);
    let host = format!("https://{}a/", "a.".repeat(30_000));
    assert!(Url::parse(&host).is_ok());
    let ipv6ish = format!("https://[{}]/", "1:".repeat(20_000));
    assert!(Url::parse(&ipv6ish).is_err());
    let query = format!("https://example.com/?{}", "a b".repeat(30_000));
    assert_eq!(
        quirks::search(&Url::parse(&query).unwrap()).len(),
        1 + 30_000 * 5
    );
}
