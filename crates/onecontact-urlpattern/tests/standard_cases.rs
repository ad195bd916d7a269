//! The Standard's text (whatwg/urlpattern `spec.bs`, pinned in
//! `testdata/urlpattern-spec/PIN`) on cases the web-platform-tests data does
//! not reach: each test is one minimal case, checked both ways where the
//! Standard says both.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_urlpattern::{Error, PatternInput, UrlPattern, UrlPatternOptions};

fn pattern(p: &str) -> UrlPattern {
    UrlPattern::parse(p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn groups(
    p: &UrlPattern,
    url: &str,
    c: onecontact_urlpattern::Component,
) -> Vec<(String, Option<String>)> {
    p.exec(url)
        .unwrap_or_else(|| panic!("{url} must match"))
        .component(c)
        .groups()
        .map(|(n, v)| (n.to_owned(), v.map(str::to_owned)))
        .collect()
}

/// The dummy URL is `https://dummy.invalid/`, a special URL: a search is
/// canonicalized with the special-query percent-encode set, which holds `'`.
#[test]
fn apostrophe_in_search_uses_the_special_query_set() {
    let p = pattern("https://h/?q='x'");
    assert_eq!(p.search(), "q=%27x%27");
    assert!(p.test("https://h/?q='x'"));
    let q = pattern("foo://h/?q='x'");
    assert!(
        !q.test("foo://h/?q='x'"),
        "a non-special URL keeps `'` as is"
    );
    assert!(q.test("foo://h/?q=%27x%27"));
}

/// Canonicalizing a pathname on the special dummy URL reads `\` as `/`.
#[test]
fn backslash_in_pathname_reads_as_slash() {
    let p = pattern("https://h/a\\\\b");
    assert_eq!(p.pathname(), "/a/b");
    assert!(p.test("https://h/a/b"));
}

/// The basic URL parser removes ASCII tab and newline, state override or not.
#[test]
fn tab_and_newline_are_removed() {
    for (pattern_string, url) in [
        ("https://h/#a\tb", "https://h/#ab"),
        ("https://h/?a\nb", "https://h/?ab"),
    ] {
        let p = pattern(pattern_string);
        assert!(p.test(url), "{pattern_string:?} on {url}");
    }
    // An opaque pathname too.
    let init = onecontact_urlpattern::UrlPatternInit {
        protocol: Some("data".into()),
        pathname: Some("a\r\nb".into()),
        ..Default::default()
    };
    let p = UrlPattern::from_init(&init).unwrap();
    assert_eq!(p.pathname(), "ab");
    assert!(p.test("data:ab"));
}

/// Captures are ECMAScript's (RegExpBuiltinExec), not those of an
/// equivalent rewrite: the lazy segment wildcard of a repeated group stops
/// as early as the rest allows.
#[test]
fn captures_follow_ecmascript() {
    let p = pattern("https://h/#{.:k-}*(.*)");
    let g = groups(
        &p,
        "https://h/#.e-x-",
        onecontact_urlpattern::Component::Hash,
    );
    assert_eq!(
        g,
        vec![
            ("k".to_owned(), Some("e".to_owned())),
            ("0".to_owned(), Some("x-".to_owned()))
        ]
    );
}

/// `[.*]` is a class of two characters: only doubled punctuators (`**`,
/// `&&`, …) are reserved in a UnicodeSets class.
#[test]
fn class_set_with_two_different_punctuators() {
    let p = pattern("https://h/a([.*])");
    assert!(p.test("https://h/a."));
    assert!(p.test("https://h/a*"));
    assert!(!p.test("https://h/ab"));
    assert!(matches!(
        UrlPattern::parse("https://h/a([.**])"),
        Err(Error::InvalidRegExp { .. })
    ));
}

/// Under `v` + `i`, each class operand is case folded before the set
/// operation (MaybeSimpleCaseFolding), so `[\p{ASCII}--[a-z]]` holds no
/// letter at all.
#[test]
fn case_folding_of_class_operands() {
    let p = UrlPattern::new(
        PatternInput::String("https://h/([\\p{ASCII}--[a-z]])", None),
        UrlPatternOptions::ignore_case(true),
    )
    .unwrap();
    assert!(!p.test("https://h/A"));
    assert!(!p.test("https://h/a"));
    assert!(p.test("https://h/1"));
}

/// Group names use ID_Start / ID_Continue (not XID_*).
#[test]
fn group_names_use_id_start_and_id_continue() {
    for name in ["\u{37A}", "a\u{E33}", "a\u{309B}"] {
        let p = pattern(&format!("https://h/:{name}"));
        let g = groups(
            &p,
            "https://h/x",
            onecontact_urlpattern::Component::Pathname,
        );
        assert_eq!(g, vec![(name.to_owned(), Some("x".to_owned()))]);
    }
}

/// The IPv6 bracket depth goes below zero after a `]` with no `[`, so a
/// later `:` stays in the hostname, which the strict tokenizer then refuses.
#[test]
fn ipv6_bracket_depth_goes_negative() {
    assert!(UrlPattern::parse("https://{[\\:\\:1]}?]::p").is_err());
    // With balanced brackets the port still splits off.
    let p = pattern("https://[\\:\\:1]:8080/");
    assert_eq!(p.port(), "8080");
}

/// "canonicalize an opaque pathname" runs the URL parser's opaque path
/// state: the path ends at `?` or `#`, a space right before them is `%20`,
/// any other space stays, and C0 controls are percent-encoded.
#[test]
fn opaque_pathname_runs_the_opaque_path_state() {
    use onecontact_urlpattern::{Component, UrlPatternInit};
    let of = |pathname: &str| {
        let init = UrlPatternInit {
            protocol: Some("data".into()),
            pathname: Some(pathname.into()),
            ..Default::default()
        };
        UrlPattern::from_init(&init)
            .unwrap_or_else(|e| panic!("{pathname:?}: {e}"))
            .pattern(Component::Pathname)
            .to_owned()
    };
    assert_eq!(of("a b"), "a b");
    assert_eq!(of("a\\?b"), "a");
    assert_eq!(of("a \\?b"), "a%20");
    assert_eq!(of("a \\#b"), "a%20");
    assert_eq!(of("a\u{1}b"), "a%01b");
    assert_eq!(of("a\tb"), "ab");
    // An input's opaque path is the parsed URL's, as is.
    let p = UrlPattern::from_init(&UrlPatternInit {
        protocol: Some("data".into()),
        pathname: Some("a b".into()),
        ..Default::default()
    })
    .unwrap();
    assert!(p.test("data:a b"));
    // Component parts go through the same state: `a b?x` is the path `a b`.
    let input = UrlPatternInit {
        protocol: Some("data".into()),
        pathname: Some("a b?x".into()),
        ..Default::default()
    };
    assert!(p.test(&input));
}
