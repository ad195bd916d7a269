//! `SyntaxViolation`s through `syntax_violation_callback`: the rows of `url`
//! 2.5.8's test_syntax_violation_callback_types after the one that is a
//! deviation of `url` from the Standard (which stops that test early), and
//! the violations the Standard reports where `url`'s differ.

#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::cell::RefCell;
use url::{SyntaxViolation, SyntaxViolation::*, Url};

fn violations(input: &str) -> Vec<SyntaxViolation> {
    let seen = RefCell::new(Vec::new());
    Url::options()
        .syntax_violation_callback(Some(&|v| seen.borrow_mut().push(v)))
        .parse(input)
        .unwrap();
    seen.into_inner()
}

#[test]
fn each_kind_is_reported_with_url_s_description() {
    let rows: [(&str, SyntaxViolation, &str); 10] = [
        ("http://mozilla.org/\\foo", Backslash, "backslash"),
        (
            " http://mozilla.org",
            C0SpaceIgnored,
            "leading or trailing control or space character are ignored in URLs",
        ),
        (
            "http://user:pass@mozilla.org",
            EmbeddedCredentials,
            "embedding authentication information (username or password) in an URL is not recommended",
        ),
        ("http:///mozilla.org", ExpectedDoubleSlash, "expected //"),
        (
            "file:/foo.txt",
            ExpectedFileDoubleSlash,
            "expected // after file:",
        ),
        (
            "http://mozilla.org/^",
            NonUrlCodePoint,
            "non-URL code point",
        ),
        (
            "http://mozilla.org/#\x000",
            NullInFragment,
            "NULL characters are ignored in URL fragment identifiers",
        ),
        (
            "http://mozilla.org/%1",
            PercentDecode,
            "expected 2 hex digits after %",
        ),
        (
            "http://mozilla.org\t/foo",
            TabOrNewlineIgnored,
            "tabs or newlines are ignored in URLs",
        ),
        (
            "http://user@:pass@mozilla.org",
            UnencodedAtSign,
            "unencoded @ sign in username or password",
        ),
    ];
    for (input, kind, description) in rows {
        let seen = violations(input);
        assert_eq!(seen.last(), Some(&kind), "{input}");
        assert_eq!(kind.description(), description);
        assert_eq!(kind.to_string(), description);
    }
}

#[test]
fn the_standard_s_reports_where_url_differs() {
    // One special-scheme-missing-following-solidus per extra slash.
    assert_eq!(
        violations("http:////mozilla.org"),
        [ExpectedDoubleSlash, ExpectedDoubleSlash]
    );
    // A drive letter after a host is no validation error any more.
    assert_eq!(violations("file://mozilla.org/c:/file.txt"), []);
    // A drive letter as the host is.
    assert_eq!(
        violations("file://c:/file.txt"),
        [FileWithHostAndWindowsDrive]
    );
}
