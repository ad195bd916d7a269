//! One program written against the `url` crate's documented API, compiled
//! against `onecontact_url` and against `url` 2.5.8 itself, with only the
//! crate behind the name `url` changed: a `url` user switches by changing
//! one import. The differences that remain are listed in
//! docs/migrating-from-url.md.

/// The program with `url` = `onecontact_url`.
mod onecontact {
    use onecontact_url as url;

    include!("url_compat/program.rs");
}

/// The same program with `url` = the `url` crate (a dev-dependency).
mod url_crate {
    use url_peer as url;

    include!("url_compat/program.rs");
}

/// Where the two crates answer differently, each crate's answer, so that the
/// list in docs/migrating-from-url.md stays true: a change on either side
/// fails here.
#[cfg(test)]
mod differences {
    use onecontact_url::{Host, SyntaxViolation, Url};

    fn ours(input: &str) -> Url {
        Url::parse(input).unwrap()
    }

    fn theirs(input: &str) -> url_peer::Url {
        url_peer::Url::parse(input).unwrap()
    }

    /// The reference must join back to the target: `url` drops the query
    /// that the target keeps.
    #[test]
    fn make_relative_keeps_the_query() {
        let (base, target) = (
            "https://example.net/a/b.html?c=d",
            "https://example.net/a/b.html#e",
        );
        let answer = ours(base).make_relative(&ours(target)).unwrap();
        assert_eq!(answer, "b.html#e");
        assert_eq!(ours(base).join(&answer).unwrap(), ours(target));
        let peer = theirs(base).make_relative(&theirs(target)).unwrap();
        assert_eq!(peer, "#e");
        assert_ne!(theirs(base).join(&peer).unwrap(), theirs(target));
    }

    /// The URL Standard's opaque host and empty host.
    #[test]
    fn hosts_of_urls_that_are_not_special() {
        assert_eq!(
            ours("sc://Ex%41mple/").host(),
            Some(Host::Opaque("Ex%41mple"))
        );
        assert_eq!(
            theirs("sc://Ex%41mple/").host(),
            Some(url_peer::Host::Domain("Ex%41mple"))
        );
        assert_eq!(ours("sc:///x").host(), Some(Host::Empty));
        assert_eq!(theirs("sc:///x").host(), None);
    }

    #[test]
    fn blob_origins() {
        assert!(!ours("blob:ftp://a/x").origin().is_tuple());
        assert!(theirs("blob:ftp://a/x").origin().is_tuple());
    }

    #[test]
    fn space_before_the_query_of_an_opaque_path() {
        assert_eq!(ours("data:x ?q").as_str(), "data:x%20?q");
        assert_eq!(theirs("data:x ?q").as_str(), "data:x ?q");
    }

    #[test]
    fn segments_of_an_empty_path() {
        assert_eq!(ours("sc://h").path_segments().map(Iterator::count), Some(0));
        assert!(theirs("sc://h").path_segments().is_none());
    }

    /// The Standard reports `special-scheme-missing-following-solidus` for
    /// each extra slash; `url` reports one.
    #[test]
    fn one_violation_per_extra_slash() {
        let seen = std::cell::RefCell::new(Vec::new());
        Url::options()
            .syntax_violation_callback(Some(&|v| seen.borrow_mut().push(v)))
            .parse("https:////example.com")
            .unwrap();
        let peer = std::cell::RefCell::new(Vec::new());
        url_peer::Url::options()
            .syntax_violation_callback(Some(&|v| peer.borrow_mut().push(v)))
            .parse("https:////example.com")
            .unwrap();
        assert_eq!(
            peer.into_inner(),
            [url_peer::SyntaxViolation::ExpectedDoubleSlash]
        );
        assert_eq!(seen.into_inner(), [SyntaxViolation::ExpectedDoubleSlash; 2]);
    }
}
