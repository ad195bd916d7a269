//! `List::parse` rejects malformed lists with errors that name the line.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_psl::{List, ParseError};

const BEGIN: &str = "// ===BEGIN ICANN DOMAINS===";
const END: &str = "// ===END ICANN DOMAINS===";

/// A list with `rule` on line 3.
fn with_rule(rule: &str) -> String {
    format!("// header\n{BEGIN}\n{rule}\n{END}\n")
}

fn line_of(err: &ParseError) -> Option<usize> {
    match err {
        ParseError::OutsideSection { line, .. }
        | ParseError::EmptyLabel { line, .. }
        | ParseError::MisplacedWildcard { line, .. }
        | ParseError::MisplacedException { line, .. }
        | ParseError::ShortException { line, .. }
        | ParseError::InvalidLabel { line, .. }
        | ParseError::Idna { line, .. }
        | ParseError::Duplicate { line, .. }
        | ParseError::SectionMarker { line, .. } => Some(*line),
        _ => None,
    }
}

/// Recognizes the expected error.
type Check = fn(&ParseError) -> bool;

#[test]
fn malformed_rules_name_their_line() {
    let cases: &[(&str, Check)] = &[
        ("a..b", |e| matches!(e, ParseError::EmptyLabel { .. })),
        (".ab", |e| matches!(e, ParseError::EmptyLabel { .. })),
        ("ab.", |e| matches!(e, ParseError::EmptyLabel { .. })),
        ("*", |e| matches!(e, ParseError::MisplacedWildcard { .. })),
        ("a.*.b", |e| {
            matches!(e, ParseError::MisplacedWildcard { .. })
        }),
        ("*.*.b", |e| {
            matches!(e, ParseError::MisplacedWildcard { .. })
        }),
        ("a*.b", |e| {
            matches!(e, ParseError::MisplacedWildcard { .. })
        }),
        ("!*.b", |e| {
            matches!(e, ParseError::MisplacedWildcard { .. })
        }),
        ("a!.b", |e| {
            matches!(e, ParseError::MisplacedException { .. })
        }),
        ("!!a.b", |e| {
            matches!(e, ParseError::MisplacedException { .. })
        }),
        ("!b", |e| matches!(e, ParseError::ShortException { .. })),
        ("a/b.c", |e| matches!(e, ParseError::InvalidLabel { .. })),
        ("a.b#c", |e| matches!(e, ParseError::InvalidLabel { .. })),
        (&"x".repeat(64), |e| {
            matches!(e, ParseError::InvalidLabel { .. })
        }),
        ("a\u{200d}b.c", |e| {
            matches!(e, ParseError::Idna { .. } | ParseError::InvalidLabel { .. })
        }),
    ];
    for (rule, kind) in cases {
        let err = List::parse(&with_rule(rule)).unwrap_err();
        assert!(kind(&err), "{rule}: {err:?}");
        assert_eq!(line_of(&err), Some(3), "{rule}: {err}");
        assert!(err.to_string().starts_with("line 3: "), "{err}");
    }
}

#[test]
fn sections_are_checked() {
    let err = List::parse("com\n").unwrap_err();
    assert!(
        matches!(err, ParseError::OutsideSection { line: 1, .. }),
        "{err:?}"
    );
    let err = List::parse(&format!("{BEGIN}\ncom\n{END}\nnet\n")).unwrap_err();
    assert!(
        matches!(err, ParseError::OutsideSection { line: 4, .. }),
        "{err:?}"
    );
    let err = List::parse(&format!("{BEGIN}\n{BEGIN}\n")).unwrap_err();
    assert!(
        matches!(err, ParseError::SectionMarker { line: 2, .. }),
        "{err:?}"
    );
    let err = List::parse(&format!("{BEGIN}\ncom\n// ===END PRIVATE DOMAINS===\n")).unwrap_err();
    assert!(
        matches!(err, ParseError::SectionMarker { line: 3, .. }),
        "{err:?}"
    );
    let err = List::parse(&format!("{BEGIN}\ncom\n")).unwrap_err();
    assert!(
        matches!(err, ParseError::UnclosedSection { section: "ICANN" }),
        "{err:?}"
    );
    let err = List::parse(&format!("// nothing\n{BEGIN}\n{END}\n")).unwrap_err();
    assert!(matches!(err, ParseError::NoRules), "{err:?}");
    assert!(matches!(List::parse("").unwrap_err(), ParseError::NoRules));
}

#[test]
fn duplicates_name_both_lines() {
    let err = List::parse(&format!("{BEGIN}\ncom\nnet\nCOM\n{END}\n")).unwrap_err();
    assert!(
        matches!(
            err,
            ParseError::Duplicate {
                line: 4,
                first: 2,
                ..
            }
        ),
        "{err:?}"
    );
    // The same name as a normal and a wildcard rule is not a duplicate.
    List::parse(&format!("{BEGIN}\ncom\n*.com\n{END}\n")).unwrap();
}

#[test]
fn lenient_where_the_format_is() {
    // Text after the first whitespace is ignored; blank lines and comments
    // are skipped; CRLF line ends and a byte order mark are accepted;
    // uppercase rules are lowercased.
    let text = format!(
        "\u{feff}// c\r\n{BEGIN}\r\n\r\nCOM trailing words\r\n  // indented comment\r\n{END}\r\n"
    );
    let list = List::parse(&text).unwrap();
    assert_eq!(list.registrable_domain("a.b.com"), Some("b.com"));
    assert_eq!(list.icann_rules(), 1);
}
