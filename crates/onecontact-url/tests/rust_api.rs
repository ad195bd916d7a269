//! Every item of the Rust API on `Url` (the `url` crate's names, meanings
//! and types), checked against the values the URL Standard gives. Mutations
//! are followed by `check_invariants`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[cfg(feature = "std")]
use std::net::SocketAddr;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

#[cfg(feature = "std")]
use onecontact_url::FilePathError;
use onecontact_url::{Host, Origin, Position, SetterError, Url};

fn url(s: &str) -> Url {
    let url = Url::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    url.check_invariants().unwrap();
    url
}

fn ok(url: &Url) {
    url.check_invariants().unwrap();
}

#[test]
fn serialization() {
    let u = url("HTTP://Example.COM:80/a/%7e/./b/../c?Q#F");
    assert_eq!(u.as_str(), "http://example.com/a/%7e/c?Q#F");
    assert_eq!(u.clone().into_string(), "http://example.com/a/%7e/c?Q#F");
    assert_eq!(String::from(u.clone()), u.as_str());
    assert_eq!(&u[..], u.as_str());
    assert_eq!(u.to_string(), u.as_str());
}

#[test]
fn scheme_and_specialness() {
    assert_eq!(url("HTTPS://a/").scheme(), "https");
    assert_eq!(url("Web+Demo:x").scheme(), "web+demo");
    for special in [
        "ftp://a/",
        "file:///",
        "http://a/",
        "https://a/",
        "ws://a/",
        "wss://a/",
    ] {
        assert!(url(special).is_special(), "{special}");
    }
    assert!(!url("sc://a/").is_special());
    assert!(!url("javascript:alert(1)").is_special());
}

#[test]
fn credentials() {
    let u = url("https://us%20er:p%40ss@example.com/");
    assert_eq!(u.username(), "us%20er");
    assert_eq!(u.password(), Some("p%40ss"));
    // The Standard drops an empty password; `url` does too.
    let u = url("https://user:@example.com/");
    assert_eq!(u.as_str(), "https://user@example.com/");
    assert_eq!(u.password(), None);
    let u = url("https://:pw@example.com/");
    assert_eq!(u.username(), "");
    assert_eq!(u.password(), Some("pw"));
    assert_eq!(url("mailto:a@b").username(), "");
    assert_eq!(url("mailto:a@b").password(), None);
}

#[test]
fn hosts() {
    let u = url("https://EXAMPLE.com:8080/");
    assert_eq!(u.host_str(), Some("example.com"));
    assert_eq!(u.host(), Some(Host::Domain("example.com")));
    assert_eq!(u.domain(), Some("example.com"));
    assert!(u.has_host() && u.has_authority());

    let u = url("http://0300.0250.0.1/");
    assert_eq!(u.host_str(), Some("192.168.0.1"));
    assert_eq!(u.host(), Some(Host::Ipv4(Ipv4Addr::new(192, 168, 0, 1))));
    assert_eq!(u.domain(), None);

    let u = url("http://[0:0::FFFF:1.2.3.4]/");
    assert_eq!(u.host_str(), Some("[::ffff:102:304]"));
    assert_eq!(
        u.host(),
        Some(Host::Ipv6("::ffff:1.2.3.4".parse::<Ipv6Addr>().unwrap()))
    );

    // Not special: opaque hosts keep their case; IPv4-looking text is opaque.
    let u = url("sc://Ex%41mple/");
    assert_eq!(u.host(), Some(Host::Opaque("Ex%41mple")));
    assert_eq!(url("sc://1.2.3.4/").host(), Some(Host::Opaque("1.2.3.4")));
    assert_eq!(u.domain(), None);

    // Empty host and null host.
    let u = url("file:///etc");
    assert_eq!(u.host_str(), Some(""));
    assert_eq!(u.host(), Some(Host::Empty));
    assert!(u.has_host());
    let u = url("file://localhost/etc");
    assert_eq!(u.as_str(), "file:///etc");
    assert_eq!(u.host(), Some(Host::Empty));
    let u = url("sc:/x");
    assert_eq!((u.host_str(), u.host()), (None, None));
    assert!(!u.has_host() && !u.has_authority());

    // IDNA: the domain is ASCII.
    assert_eq!(
        url("https://Bücher.example/").domain(),
        Some("xn--bcher-kva.example")
    );
}

#[test]
fn ports() {
    assert_eq!(url("https://a:8443/").port(), Some(8443));
    assert_eq!(url("https://a:443/").port(), None);
    assert_eq!(url("https://a:0443/").port(), None);
    assert_eq!(url("https://a/").port_or_known_default(), Some(443));
    assert_eq!(url("ws://a/").port_or_known_default(), Some(80));
    assert_eq!(url("ftp://a/").port_or_known_default(), Some(21));
    assert_eq!(url("file:///").port_or_known_default(), None);
    assert_eq!(url("sc://a:1/").port_or_known_default(), Some(1));
    assert_eq!(url("sc://a/").port_or_known_default(), None);
}

#[test]
fn authority() {
    assert_eq!(
        url("https://u:p@a.example:81/x").authority(),
        "u:p@a.example:81"
    );
    assert_eq!(url("https://a.example/x").authority(), "a.example");
    assert_eq!(url("file:///x").authority(), "");
    assert_eq!(url("sc:x").authority(), "");
}

#[test]
fn paths() {
    let u = url("https://a/x/y%2Fz/");
    assert_eq!(u.path(), "/x/y%2Fz/");
    assert_eq!(
        u.path_segments().unwrap().collect::<Vec<_>>(),
        ["x", "y%2Fz", ""]
    );
    assert_eq!(url("https://a").path(), "/");
    assert_eq!(
        url("https://a")
            .path_segments()
            .unwrap()
            .collect::<Vec<_>>(),
        [""]
    );
    // A non-special URL may have an empty path: no segments.
    assert_eq!(url("sc://a").path(), "");
    assert_eq!(url("sc://a").path_segments().unwrap().count(), 0);
    // Opaque paths.
    let u = url("mailto:Someone@Example.com");
    assert_eq!(u.path(), "Someone@Example.com");
    assert!(u.path_segments().is_none());
    assert!(u.cannot_be_a_base() && u.has_opaque_path());
    assert!(!url("sc:/x").cannot_be_a_base());
    // A hostless path starting with `//` is kept apart by `/.`.
    let u = url("sc:/.//p");
    assert_eq!(u.path(), "//p");
    assert_eq!(u.as_str(), "sc:/.//p");
}

#[test]
fn query_and_fragment() {
    let u = url("https://a/?a=1&b=%20+x&&c#frag ment");
    assert_eq!(u.query(), Some("a=1&b=%20+x&&c"));
    let pairs: Vec<(String, String)> = u
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("a".to_owned(), "1".to_owned()),
            ("b".to_owned(), "  x".to_owned()),
            ("c".to_owned(), String::new())
        ]
    );
    assert_eq!(u.fragment(), Some("frag%20ment"));
    assert_eq!(url("https://a/?#").query(), Some(""));
    assert_eq!(url("https://a/?#").fragment(), Some(""));
    assert_eq!(url("https://a/").query(), None);
    assert_eq!(url("https://a/").fragment(), None);
    assert_eq!(url("https://a/").query_pairs().count(), 0);
    let params = url("https://a/?q=caf%C3%A9").search_params();
    assert_eq!(params.get("q"), Some("café"));
}

#[test]
fn origins() {
    let o = url("https://a.example:8443/x").origin();
    assert_eq!(
        o,
        Origin::Tuple(
            "https".to_owned(),
            Host::Domain("a.example".to_owned()),
            8443
        )
    );
    assert!(o.is_tuple());
    assert_eq!(o.ascii_serialization(), "https://a.example:8443");
    let o = url("http://a.example/").origin();
    assert_eq!(
        o,
        Origin::Tuple("http".to_owned(), Host::Domain("a.example".to_owned()), 80)
    );
    assert_eq!(o.ascii_serialization(), "http://a.example");
    assert_eq!(
        url("https://xn--bcher-kva.example/")
            .origin()
            .unicode_serialization(),
        "https://bücher.example"
    );
    assert_eq!(
        url("ftp://[::1]:2121/").origin().ascii_serialization(),
        "ftp://[::1]:2121"
    );
    assert_eq!(
        url("blob:https://a.example/uuid").origin(),
        url("https://a.example/").origin()
    );
    for opaque in [
        "file:///x",
        "sc://a/",
        "data:,x",
        "blob:ftp://a/",
        "blob:uuid",
    ] {
        let a = url(opaque).origin();
        assert!(!a.is_tuple(), "{opaque}");
        assert_eq!(a.ascii_serialization(), "null");
        assert_eq!(a, a.clone());
        assert_ne!(
            a,
            url(opaque).origin(),
            "{opaque}: opaque origins are unique"
        );
    }
    assert_ne!(Origin::new_opaque(), Origin::new_opaque());
}

#[test]
fn join_and_make_relative() {
    let base = url("https://a.example/b/c/d;p?q");
    // Examples from RFC 3986 §5.4, as the URL Standard resolves them.
    for (reference, want) in [
        ("g", "https://a.example/b/c/g"),
        ("./g", "https://a.example/b/c/g"),
        ("g/", "https://a.example/b/c/g/"),
        ("/g", "https://a.example/g"),
        ("//g", "https://g/"),
        ("?y", "https://a.example/b/c/d;p?y"),
        ("#s", "https://a.example/b/c/d;p?q#s"),
        ("", "https://a.example/b/c/d;p?q"),
        ("..", "https://a.example/b/"),
        ("../../../g", "https://a.example/g"),
        ("g\\h", "https://a.example/b/c/g/h"),
    ] {
        let joined = base.join(reference).unwrap();
        ok(&joined);
        assert_eq!(joined.as_str(), want, "{reference:?}");
    }
    assert!(url("mailto:a@b").join("x").is_err());
    assert_eq!(
        url("mailto:a@b").join("#f").unwrap().as_str(),
        "mailto:a@b#f"
    );

    for target in [
        "https://a.example/b/c/d;p?q",
        "https://a.example/b/c/e",
        "https://a.example/b/x/y/",
        "https://a.example/",
        "https://a.example/b/c/d;p",
        "https://a.example/b/c/d;p#f",
        "https://a.example/b/c/a:b",
        "https://a.example//x",
    ] {
        let target = url(target);
        let relative = base.make_relative(&target).unwrap();
        assert_eq!(base.join(&relative).unwrap(), target, "{relative:?}");
    }
    assert_eq!(
        base.make_relative(&url("https://a.example/b/x/y"))
            .as_deref(),
        Some("../x/y")
    );
    assert_eq!(base.make_relative(&url("http://a.example/")), None);
    assert_eq!(base.make_relative(&url("https://u@a.example/")), None);
    assert_eq!(base.make_relative(&url("https://a.example:1/")), None);
    assert_eq!(url("mailto:a").make_relative(&url("mailto:b")), None);
    // A host with an empty path (non-special schemes): reachable from it, not
    // back to it (found by the url_setters fuzz target).
    assert_eq!(
        url("foo://h").make_relative(&url("foo://h/a")).as_deref(),
        Some("/a")
    );
    assert_eq!(url("foo://h/a").make_relative(&url("foo://h")), None);
    assert_eq!(
        url("foo://h").make_relative(&url("foo://h?q")).as_deref(),
        Some("?q")
    );
}

#[test]
fn parse_with_params_and_options() {
    let u = Url::parse_with_params("https://a/?x=1", &[("q", "a b"), ("é", "&")]).unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "https://a/?x=1&q=a+b&%C3%A9=%26");
    let u = Url::parse_with_params("https://a/", Vec::<(String, String)>::new()).unwrap();
    assert_eq!(u.as_str(), "https://a/?");

    let base = url("https://a/b/");
    let mut errors = Vec::new();
    let u = Url::options()
        .base_url(Some(&base))
        .validation_sink(&mut errors)
        .parse("\tc d")
        .unwrap();
    assert_eq!(u.as_str(), "https://a/b/c%20d");
    let found: Vec<(&str, usize)> = errors.iter().map(|v| (v.kind.name(), v.offset)).collect();
    assert_eq!(found, [("invalid-URL-unit", 0), ("invalid-URL-unit", 2)]);
    assert!(Url::options().base_url(None).parse("c").is_err());

    let (u, spans) = Url::options()
        .base_url(Some(&base))
        .parse_with_spans("../x?y#z")
        .unwrap();
    assert_eq!(u.as_str(), "https://a/x?y#z");
    assert_eq!(
        (spans.path, spans.query, spans.fragment),
        (Some(0..4), Some(5..6), Some(7..8))
    );
    assert_eq!(spans.host, None);
}

#[test]
fn can_parse_takes_the_base_as_a_string() {
    assert!(Url::can_parse("https://a/", None));
    assert!(!Url::can_parse("a", None));
    assert!(Url::can_parse("a", Some("https://b/")));
    assert!(!Url::can_parse("a", Some("mailto:x")));
    // As in JavaScript, a base that fails makes the answer false.
    assert!(!Url::can_parse("https://a/", Some("not a URL")));
    assert!(Url::can_parse("https://a/", Some("HTTPS://B/ c")));
    assert!(!Url::can_parse("https://a:99999/", Some("https://b/")));
}

#[test]
fn errors_name_the_validation_error_and_its_offset() {
    let e = Url::parse("https://a.example:99999/").unwrap_err();
    assert_eq!((e.kind().name(), e.offset()), ("port-out-of-range", 18));
    let e = Url::parse("  https://[::1/").unwrap_err();
    assert_eq!(e.kind().name(), "IPv6-unclosed");
    let e = url("https://a/").join("//exa mple/").unwrap_err();
    assert_eq!(e.kind().name(), "domain-invalid-code-point");
}

#[test]
fn positions() {
    let u = url("https://us:pw@a.example:81/p/q?x=1#f");
    assert_eq!(&u[..Position::AfterScheme], "https");
    assert_eq!(&u[Position::BeforeUsername..Position::AfterUsername], "us");
    assert_eq!(&u[Position::BeforePassword..Position::AfterPassword], "pw");
    assert_eq!(&u[Position::BeforeHost..Position::AfterHost], "a.example");
    assert_eq!(&u[Position::BeforePort..Position::AfterPort], "81");
    assert_eq!(&u[Position::BeforePath..Position::AfterPath], "/p/q");
    assert_eq!(&u[Position::BeforeQuery..Position::AfterQuery], "x=1");
    assert_eq!(&u[Position::BeforeFragment..Position::AfterFragment], "f");
    assert_eq!(
        &u[Position::BeforeScheme..Position::AfterPort],
        "https://us:pw@a.example:81"
    );
    assert_eq!(&u[Position::BeforeHost..], "a.example:81/p/q?x=1#f");
    let u = url("sc:/p");
    assert_eq!(&u[Position::BeforeUsername..Position::AfterPort], "");
    assert_eq!(&u[Position::BeforeQuery..], "");
    assert_eq!(&u[..Position::AfterPath], "sc:/p");
}

#[test]
fn set_scheme() {
    let mut u = url("http://a:443/");
    u.set_scheme("https").unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "https://a/");
    assert_eq!(u.set_scheme("sc"), Err(SetterError::SchemeChangeNotAllowed));
    assert_eq!(u.set_scheme("https:"), Err(SetterError::InvalidScheme));
    assert_eq!(u.set_scheme(""), Err(SetterError::InvalidScheme));
    let mut u = url("sc://a/");
    u.set_scheme("Other+S").unwrap();
    assert_eq!(u.as_str(), "other+s://a/");
    let mut u = url("https://u@a/");
    assert_eq!(
        u.set_scheme("file"),
        Err(SetterError::SchemeChangeNotAllowed)
    );
    assert_eq!(u.as_str(), "https://u@a/");
}

#[test]
fn set_credentials() {
    let mut u = url("https://a/");
    u.set_username("u s").unwrap();
    u.set_password(Some("p@ss")).unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "https://u%20s:p%40ss@a/");
    u.set_password(None).unwrap();
    assert_eq!(u.as_str(), "https://u%20s@a/");
    u.set_username("").unwrap();
    assert_eq!(u.as_str(), "https://a/");
    for no in ["file:///x", "sc:/x", "sc:///x"] {
        let mut u = url(no);
        assert_eq!(
            u.set_username("x"),
            Err(SetterError::CannotHaveCredentialsOrPort)
        );
        assert_eq!(
            u.set_password(Some("x")),
            Err(SetterError::CannotHaveCredentialsOrPort)
        );
    }
}

#[test]
fn set_host_and_ip_host() {
    let mut u = url("https://a:81/p");
    u.set_host(Some("B.EXAMPLE")).unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "https://b.example:81/p");
    assert_eq!(u.set_host(Some("c:82")), Err(SetterError::PortNotAllowed));
    assert!(
        matches!(u.set_host(Some("")), Err(SetterError::Invalid(e)) if e.kind().name() == "host-missing")
    );
    assert_eq!(u.set_host(None), Err(SetterError::HostRequired));
    // What the JavaScript setter would cut off is refused, with where.
    for (value, at) in [("c.example/x", 9), ("c?x", 1), ("c#x", 1), ("c\\x", 1)] {
        match u.set_host(Some(value)) {
            Err(SetterError::Invalid(e)) => {
                assert_eq!(
                    (e.kind().name(), e.offset()),
                    ("domain-invalid-code-point", at)
                );
            }
            other => panic!("{value:?}: {other:?}"),
        }
    }
    assert_eq!(u.as_str(), "https://b.example:81/p");
    u.set_ip_host(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)))
        .unwrap();
    assert_eq!(u.host(), Some(Host::Ipv4(Ipv4Addr::new(10, 0, 0, 1))));
    u.set_ip_host(IpAddr::V6(Ipv6Addr::LOCALHOST)).unwrap();
    assert_eq!(u.as_str(), "https://[::1]:81/p");
    ok(&u);

    // Not special: hosts can be added and removed.
    let mut u = url("sc:/p");
    u.set_host(Some("H")).unwrap();
    assert_eq!(u.as_str(), "sc://H/p");
    u.set_host(None).unwrap();
    assert_eq!(u.as_str(), "sc:/p");
    ok(&u);
    let mut u = url("sc://h//p");
    u.set_host(None).unwrap();
    ok(&u);
    assert_eq!((u.as_str(), u.path()), ("sc:/.//p", "//p"));
    let mut u = url("sc://h:1/");
    assert_eq!(u.set_host(None), Err(SetterError::HostRequired));
    assert!(
        matches!(u.set_host(Some("x/y")), Err(SetterError::Invalid(e)) if e.kind().name() == "host-invalid-code-point")
    );
    u.set_host(Some("x\\y")).unwrap_err();
    let mut u = url("sc://h/");
    u.set_ip_host(IpAddr::V4(Ipv4Addr::LOCALHOST)).unwrap();
    assert_eq!(u.host(), Some(Host::Opaque("127.0.0.1")));
    let mut u = url("mailto:a@b");
    assert_eq!(u.set_host(Some("x")), Err(SetterError::OpaquePath));
    assert_eq!(
        u.set_ip_host(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        Err(SetterError::OpaquePath)
    );
}

/// The port state under a state override ends at any code point that is
/// not a digit, `\\` included in a URL that is not special (the third
/// condition of its step 2); URLPattern's port canonicalization relies on it.
#[test]
fn port_setter_stops_at_a_backslash_in_any_url() {
    for (href, port) in [("sc://h/", "80"), ("https://h/", "80")] {
        let mut u = url(href);
        onecontact_url::quirks::set_port(&mut u, "80\\x").unwrap();
        ok(&u);
        assert_eq!(
            onecontact_url::quirks::port(&u),
            if href.starts_with("https") {
                "80"
            } else {
                port
            }
        );
    }
    let mut u = url("sc://h/");
    onecontact_url::quirks::set_host(&mut u, "g:81\\x").unwrap();
    assert_eq!(u.as_str(), "sc://g:81/");
}

#[test]
fn set_port() {
    let mut u = url("https://a/");
    u.set_port(Some(8443)).unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "https://a:8443/");
    u.set_port(Some(443)).unwrap();
    assert_eq!((u.as_str(), u.port()), ("https://a/", None));
    u.set_port(Some(1)).unwrap();
    u.set_port(None).unwrap();
    assert_eq!(u.as_str(), "https://a/");
    let mut u = url("file:///x");
    assert_eq!(
        u.set_port(Some(1)),
        Err(SetterError::CannotHaveCredentialsOrPort)
    );
    assert_eq!(
        u.set_port(None),
        Err(SetterError::CannotHaveCredentialsOrPort)
    );
}

#[test]
fn set_path() {
    let mut u = url("https://a/x?q#f");
    u.set_path("b/./c/../d e?#").unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "https://a/b/d%20e%3F%23?q#f");
    u.set_path("").unwrap();
    assert_eq!(u.as_str(), "https://a/?q#f");
    let mut u = url("sc:/x");
    u.set_path("//y").unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "sc:/.//y");
    let mut u = url("sc://h/x");
    u.set_path("").unwrap();
    assert_eq!(u.as_str(), "sc://h");
    let mut u = url("data:,x");
    assert_eq!(u.set_path("y"), Err(SetterError::OpaquePath));
}

#[test]
fn set_query_and_fragment() {
    let mut u = url("https://a/#f");
    u.set_query(Some("a b=c#d")).unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "https://a/?a%20b=c%23d#f");
    u.set_query(Some("")).unwrap();
    assert_eq!(u.as_str(), "https://a/?#f");
    u.set_query(None).unwrap();
    assert_eq!(u.as_str(), "https://a/#f");
    u.set_fragment(Some("x y")).unwrap();
    assert_eq!(u.as_str(), "https://a/#x%20y");
    u.set_fragment(Some("")).unwrap();
    assert_eq!(u.as_str(), "https://a/#");
    u.set_fragment(None).unwrap();
    assert_eq!(u.as_str(), "https://a/");
    ok(&u);
    // A space ending an opaque path before a query is encoded, so removing
    // the query keeps it.
    let mut u = url("data:x ?q");
    assert_eq!(u.as_str(), "data:x%20?q");
    u.set_query(None).unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "data:x%20");
}

#[test]
fn path_segments_mut() {
    let mut u = url("https://a/b/c/");
    u.path_segments_mut()
        .unwrap()
        .pop_if_empty()
        .push("d e")
        .push("f/g")
        .push("..")
        .push("%41");
    ok(&u);
    assert_eq!(u.as_str(), "https://a/b/c/d%20e/f%2Fg/%2541");
    u.path_segments_mut().unwrap().pop().pop();
    assert_eq!(u.path(), "/b/c/d%20e");
    u.path_segments_mut().unwrap().clear().extend(["x", "y"]);
    assert_eq!(u.path(), "/x/y");
    u.path_segments_mut().unwrap().clear().pop().pop_if_empty();
    assert_eq!(u.path(), "/");
    ok(&u);
    // `/` counts as no segment, as in the `url` crate: pushing "" onto it
    // changes nothing.
    let mut u = url("sc:/a");
    u.path_segments_mut().unwrap().clear().push("").push("b");
    ok(&u);
    assert_eq!(u.as_str(), "sc:/b");
    let mut u = url("sc:/a/");
    u.path_segments_mut().unwrap().push("").push("b");
    ok(&u);
    assert_eq!(u.as_str(), "sc:/a///b");
    assert_eq!(
        url("mailto:a").path_segments_mut().err(),
        Some(SetterError::OpaquePath)
    );
}

#[test]
fn query_pairs_mut() {
    let mut u = url("https://a/?x=1#f");
    u.query_pairs_mut()
        .append_pair("a b", "c&d")
        .append_key_only("flag")
        .extend_pairs([("k", "v")])
        .extend_keys(["z"]);
    ok(&u);
    assert_eq!(u.as_str(), "https://a/?x=1&a+b=c%26d&flag&k=v&z#f");
    u.query_pairs_mut().clear().append_pair("only", "1");
    assert_eq!(u.query(), Some("only=1"));
    let mut u = url("https://a/");
    u.query_pairs_mut()
        .finish()
        .set_fragment(Some("x"))
        .unwrap();
    assert_eq!(u.as_str(), "https://a/?#x");
}

#[cfg(all(unix, feature = "std"))]
#[test]
fn file_paths() {
    use std::path::{Path, PathBuf};
    let u = Url::from_file_path("/tmp/a b/c%d#?").unwrap();
    ok(&u);
    assert_eq!(u.as_str(), "file:///tmp/a%20b/c%25d%23%3F");
    assert_eq!(u.to_file_path().unwrap(), PathBuf::from("/tmp/a b/c%d#?"));
    let d = Url::from_directory_path(Path::new("/srv")).unwrap();
    assert_eq!(d.as_str(), "file:///srv/");
    assert_eq!(Url::from_directory_path("/").unwrap().as_str(), "file:///");
    assert_eq!(
        Url::from_file_path("rel/x"),
        Err(FilePathError::RelativePath)
    );
    assert_eq!(
        url("https://a/").to_file_path(),
        Err(FilePathError::NotFileScheme)
    );
    assert_eq!(
        url("file://server/share").to_file_path(),
        Err(FilePathError::HasHost("server".to_owned()))
    );
    assert_eq!(
        url("file://localhost/x%20y").to_file_path().unwrap(),
        PathBuf::from("/x y")
    );
}

#[cfg(feature = "std")]
#[test]
fn socket_addrs() {
    let addrs = url("http://127.0.0.1/").socket_addrs(|| None).unwrap();
    assert_eq!(addrs, [SocketAddr::from(([127, 0, 0, 1], 80))]);
    let addrs = url("sc://[::1]/").socket_addrs(|| Some(7)).unwrap();
    assert_eq!(addrs, [SocketAddr::from((Ipv6Addr::LOCALHOST, 7))]);
    assert!(url("sc://[::1]/").socket_addrs(|| None).is_err());
    assert!(url("file:///x").socket_addrs(|| Some(1)).is_err());
}

#[test]
fn refused_mutations_leave_the_url_alone() {
    let original = url("https://u:p@a.example:81/p?q#f");
    let mut u = original.clone();
    assert!(u.set_scheme("sc").is_err());
    assert!(u.set_host(Some("bad host")).is_err());
    assert!(u.set_host(None).is_err());
    assert!(u.set_scheme("1").is_err());
    assert_eq!(u, original);
}
