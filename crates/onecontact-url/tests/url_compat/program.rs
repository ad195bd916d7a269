// A program written against the `url` crate 2.5 as its documentation shows
// it, compiled twice by tests/url_compat.rs: once with `url` meaning
// `onecontact_url`, once with `url` meaning the `url` crate itself. Only that
// import differs; every assertion holds for both.

use std::borrow::Cow;
use std::cell::RefCell;
use std::error::Error;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;

use url::{Host, Origin, ParseError, Position, SyntaxViolation, Url, form_urlencoded};

type Result<T> = std::result::Result<T, Box<dyn Error>>;

#[test]
fn reading_the_parts() -> Result<()> {
    let issues = Url::parse("https://github.com/rust-lang/rust/issues?labels=E-easy&state=open")?;
    assert_eq!(issues.scheme(), "https");
    assert_eq!(issues.host(), Some(Host::Domain("github.com")));
    assert_eq!(issues.host_str(), Some("github.com"));
    assert_eq!(issues.port(), None);
    assert_eq!(issues.port_or_known_default(), Some(443));
    assert_eq!(issues.path(), "/rust-lang/rust/issues");
    let segments: Vec<&str> = issues.path_segments().ok_or("no segments")?.collect();
    assert_eq!(segments, ["rust-lang", "rust", "issues"]);
    assert_eq!(issues.query(), Some("labels=E-easy&state=open"));
    let pairs: Vec<(Cow<str>, Cow<str>)> = issues.query_pairs().collect();
    assert_eq!(pairs[1], (Cow::Borrowed("state"), Cow::Borrowed("open")));
    assert_eq!(issues.fragment(), None);
    assert!(!issues.cannot_be_a_base());

    let data = Url::parse("data:text/plain,Hello?World#")?;
    assert!(data.cannot_be_a_base());
    assert_eq!(data.scheme(), "data");
    assert_eq!(data.path(), "text/plain,Hello");
    assert_eq!(data.query(), Some("World"));
    assert_eq!(data.fragment(), Some(""));

    let creds = Url::parse("ftp://rms:secret123@example.com")?;
    assert_eq!(creds.username(), "rms");
    assert_eq!(creds.password(), Some("secret123"));
    assert!(creds.has_authority());
    assert_eq!(creds.authority(), "rms:secret123@example.com");

    let v6 = Url::parse("http://[::1]:8080/")?;
    assert_eq!(v6.host_str(), Some("[::1]"));
    assert_eq!(v6.port(), Some(8080));
    let v4 = Url::parse("https://127.0.0.1/index.html")?;
    assert_eq!(v4.host(), Some(Host::Ipv4(Ipv4Addr::new(127, 0, 0, 1))));
    assert_eq!(v4.domain(), None);
    Ok(())
}

#[test]
fn serializations_and_traits() -> Result<()> {
    let url: Url = "HTTPS://Example.COM:443/a/../b".parse()?;
    assert_eq!(url.as_str(), "https://example.com/b");
    assert_eq!(url.to_string(), "https://example.com/b");
    assert_eq!(&url[Position::BeforePath..], "/b");
    assert_eq!(&url[..Position::AfterHost], "https://example.com");
    let owned: String = url.clone().into();
    assert_eq!(owned, url.as_str());
    assert!(Url::parse("https://a.example/").ok() < Url::parse("https://b.example/").ok());
    let with_params = Url::parse_with_params("https://example.net?dont=clobberme", &[("lang", "rust"), ("browser", "servo")])?;
    assert_eq!(with_params.as_str(), "https://example.net/?dont=clobberme&lang=rust&browser=servo");
    Ok(())
}

#[test]
fn joining_and_bases() -> std::result::Result<(), ParseError> {
    let base = Url::parse("https://example.net/a/b.html")?;
    assert_eq!(base.join("c.png")?.as_str(), "https://example.net/a/c.png");
    assert_eq!(base.join("/d?x")?.as_str(), "https://example.net/d?x");
    assert_eq!(base.join("//other.example/")?.as_str(), "https://other.example/");
    let relative = Url::options().base_url(Some(&base)).parse("../up")?;
    assert_eq!(relative.as_str(), "https://example.net/up");
    // No base: a relative reference is an error, whose message says so.
    let no_base = Url::parse("../up");
    assert!(no_base.is_err());
    let message = no_base.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("relative URL") || message.contains("base"), "{message}");
    assert!(Url::parse("http://[:::1]").is_err());
    assert!(Url::parse("https://example.com:99999/").is_err());
    let cannot_be_base = Url::parse("mailto:someone@example.net")?;
    assert!(cannot_be_base.join("x").is_err());
    Ok(())
}

#[test]
fn syntax_violations() -> Result<()> {
    let violations = RefCell::new(Vec::new());
    let url = Url::options()
        .syntax_violation_callback(Some(&|v| violations.borrow_mut().push(v)))
        .parse("https:////example.com")?;
    assert_eq!(url.as_str(), "https://example.com/");
    assert!(violations.borrow().contains(&SyntaxViolation::ExpectedDoubleSlash));

    violations.borrow_mut().clear();
    let url = Url::options()
        .syntax_violation_callback(Some(&|v| violations.borrow_mut().push(v)))
        .parse("https://user@example.com\\a\tb")?;
    assert_eq!(url.as_str(), "https://user@example.com/ab");
    let seen = violations.borrow();
    assert!(seen.contains(&SyntaxViolation::Backslash));
    assert!(seen.contains(&SyntaxViolation::EmbeddedCredentials));
    assert!(seen.contains(&SyntaxViolation::TabOrNewlineIgnored));
    assert!(!SyntaxViolation::Backslash.description().is_empty());

    // UTF-8 is the encoding without an override.
    let url = Url::options().encoding_override(None).parse("https://example.com/?q=é")?;
    assert_eq!(url.query(), Some("q=%C3%A9"));
    Ok(())
}

#[test]
#[allow(unused_must_use)]
fn setters() -> Result<()> {
    let mut url = Url::parse("https://example.net/#nav")?;
    url.set_fragment(Some("cell=4,1-6,2"));
    assert_eq!(url.as_str(), "https://example.net/#cell=4,1-6,2");
    url.set_fragment(None);
    url.set_query(Some("page=2"));
    assert_eq!(url.as_str(), "https://example.net/?page=2");
    url.set_path("data/report.csv");
    assert_eq!(url.as_str(), "https://example.net/data/report.csv?page=2");

    url.query_pairs_mut()
        .clear()
        .append_pair("foo", "bar & baz")
        .append_pair("saisons", "\u{00C9}t\u{00E9}+hiver");
    assert_eq!(url.query(), Some("foo=bar+%26+baz&saisons=%C3%89t%C3%A9%2Bhiver"));

    let mut repo = Url::parse("https://github.com/rust-lang/")?;
    repo.path_segments_mut()
        .map_err(|_| "cannot be base")?
        .pop_if_empty()
        .push("servo");
    assert_eq!(repo.as_str(), "https://github.com/rust-lang/servo");

    let mut ssh = Url::parse("ssh://example.net:2048/")?;
    ssh.set_port(Some(4096)).map_err(|_| "cannot be base")?;
    assert_eq!(ssh.as_str(), "ssh://example.net:4096/");
    ssh.set_port(None).map_err(|_| "cannot be base")?;
    assert_eq!(ssh.as_str(), "ssh://example.net/");
    let mut https = Url::parse("https://example.org/")?;
    https.set_port(Some(443)).map_err(|_| "cannot be base")?;
    assert_eq!(https.port(), None);
    let mut mailto = Url::parse("mailto:rms@example.net")?;
    assert!(mailto.set_port(Some(80)).is_err());
    assert!(mailto.set_username("user").is_err());
    assert!(mailto.set_host(Some("example.org")).is_err());

    let mut host = Url::parse("https://example.net")?;
    assert!(host.set_host(Some("rust-lang.org")).is_ok());
    assert_eq!(host.as_str(), "https://rust-lang.org/");
    assert!(host.set_host(None).is_err());
    assert!(host.set_host(Some("")).is_err());
    assert_eq!(host.as_str(), "https://rust-lang.org/");
    let mut foo = Url::parse("foo://example.net")?;
    assert!(foo.set_host(None).is_ok());
    assert_eq!(foo.as_str(), "foo:/");
    assert!(!foo.cannot_be_a_base());
    let mut ip = Url::parse("http://example.com/")?;
    assert!(ip.set_ip_host("127.0.0.1".parse()?).is_ok());
    assert_eq!(ip.as_str(), "http://127.0.0.1/");

    let mut scheme = Url::parse("https://example.net")?;
    assert!(scheme.set_scheme("http").is_ok());
    assert_eq!(scheme.as_str(), "http://example.net/");
    assert!(scheme.set_scheme("foo").is_err());
    let mut other = Url::parse("foo://example.net")?;
    assert!(other.set_scheme("bar").is_ok());
    assert_eq!(other.as_str(), "bar://example.net");

    let mut creds = Url::parse("ftp://:secre1@example.com/")?;
    assert!(creds.set_username("user1").is_ok());
    assert_eq!(creds.as_str(), "ftp://user1:secre1@example.com/");
    assert!(creds.set_password(Some("secret_password")).is_ok());
    assert_eq!(creds.password(), Some("secret_password"));
    assert!(creds.set_password(None).is_ok());
    assert_eq!(creds.as_str(), "ftp://user1@example.com/");
    Ok(())
}

#[test]
fn relative_references() -> Result<()> {
    let cases = [
        ("https://example.net/a/b.html", "https://example.net/a/c.png", "c.png"),
        ("https://example.net/a/b/", "https://example.net/a/b/c.png", "c.png"),
        ("https://example.net/a/b/", "https://example.net/a/d/c.png", "../d/c.png"),
    ];
    for (base, target, expected) in cases {
        let base = Url::parse(base)?;
        let target = Url::parse(target)?;
        let relative = base.make_relative(&target);
        assert_eq!(relative.as_deref(), Some(expected), "{base} → {target}");
    }
    // The text may differ between implementations; joined, it is the target.
    let base = Url::parse("https://example.net/a/b.html?c=d")?;
    let target = Url::parse("https://example.net/a/b.html?c=d#e")?;
    let relative = base.make_relative(&target).ok_or("no reference")?;
    assert_eq!(base.join(&relative)?, target);
    let other_host = Url::parse("https://other.example/a")?;
    assert_eq!(Url::parse("https://example.net/a")?.make_relative(&other_host), None);
    Ok(())
}

#[test]
fn hosts_origins_sockets_and_files() -> Result<()> {
    assert_eq!(Host::parse("127.0.0.1")?, Host::<String>::Ipv4(Ipv4Addr::LOCALHOST));
    assert_eq!(Host::parse("EXAMPLE.com")?, Host::Domain("example.com".to_owned()));
    assert_eq!(Host::parse("[::1]")?.to_string(), "[::1]");

    let origin = Url::parse("https://example.com:8443/x")?.origin();
    assert!(origin.is_tuple());
    assert_eq!(origin.ascii_serialization(), "https://example.com:8443");
    assert_eq!(
        origin,
        Origin::Tuple("https".to_owned(), Host::Domain("example.com".to_owned()), 8443)
    );
    assert!(!Url::parse("data:,x")?.origin().is_tuple());
    assert_eq!(Url::parse("blob:https://example.com/id")?.origin().ascii_serialization(), "https://example.com");

    let addrs = Url::parse("http://127.0.0.1:8080/")?.socket_addrs(|| None)?;
    assert_eq!(addrs, [SocketAddr::from(([127, 0, 0, 1], 8080))]);
    let defaulted = Url::parse("unknown://127.0.0.1/")?.socket_addrs(|| Some(9000))?;
    assert_eq!(defaulted, [SocketAddr::from(([127, 0, 0, 1], 9000))]);
    assert!(Url::parse("unix:/run/foo.socket")?.socket_addrs(|| None).is_err());

    let file = Url::from_file_path("/tmp/foo.txt").map_err(|_| "not absolute")?;
    assert_eq!(file.as_str(), "file:///tmp/foo.txt");
    assert_eq!(file.to_file_path().map_err(|_| "not a path")?, Path::new("/tmp/foo.txt"));
    let dir = Url::from_directory_path("/var/www").map_err(|_| "not absolute")?;
    assert_eq!(dir.as_str(), "file:///var/www/");
    assert!(Url::from_file_path("relative/foo.txt").is_err());
    assert!(Url::parse("https://example.com/x")?.to_file_path().is_err());
    Ok(())
}

#[test]
fn form_urlencoded_functions() {
    let encoded: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("foo", "bar & baz")
        .append_pair("saison", "Été+hiver")
        .finish();
    assert_eq!(encoded, "foo=bar+%26+baz&saison=%C3%89t%C3%A9%2Bhiver");
    let mut prefix = form_urlencoded::Serializer::for_suffix(String::from("?a=1"), 1);
    prefix.append_key_only("b").extend_pairs([("c", "3")]);
    assert_eq!(prefix.finish(), "?a=1&b&c=3");

    let bytes: String = form_urlencoded::byte_serialize("1 + 1 = 2 ✓".as_bytes()).collect();
    assert_eq!(bytes, "1+%2B+1+%3D+2+%E2%9C%93");
    let pairs: Vec<(String, String)> = form_urlencoded::parse(b"a=1&b=x+y%21").into_owned().collect();
    assert_eq!(pairs, [("a".to_owned(), "1".to_owned()), ("b".to_owned(), "x y!".to_owned())]);
}
