//! The public API: URL Standard domain functions, UTS #46 flags, errors,
//! the hardening limit.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::borrow::Cow;

use onecontact_idna::{
    ErrorKind, IdnaError, MAX_NON_ASCII_HOST_LEN, Uts46, domain_to_ascii, domain_to_ascii_strict,
    domain_to_unicode, domain_validation_errors,
};

#[test]
fn ascii_fast_path_borrows_and_lowercases() {
    assert!(matches!(
        domain_to_ascii("example.com"),
        Ok(Cow::Borrowed("example.com"))
    ));
    assert!(matches!(
        domain_to_ascii("a_b.example"),
        Ok(Cow::Borrowed(_))
    ));
    let upper = domain_to_ascii("WWW.Example.COM").unwrap();
    assert!(matches!(upper, Cow::Owned(_)));
    assert_eq!(upper, "www.example.com");
    // ASCII is never mapped nor checked against UTS #46 (beStrict false).
    assert_eq!(domain_to_ascii("XN--A.example").unwrap(), "xn--a.example");
    assert_eq!(domain_to_ascii("-x-.--").unwrap(), "-x-.--");
    assert_eq!(domain_to_ascii("xn--8i7caa").unwrap(), "xn--8i7caa");
    assert_eq!(domain_to_ascii("a..b.").unwrap(), "a..b.");
}

#[test]
fn forbidden_domain_code_points() {
    for c in [
        '\0', '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|',
        '%', '\u{1}', '\u{1F}', '\u{7F}',
    ] {
        let input = format!("a{c}b.example");
        let err = domain_to_ascii(&input).unwrap_err();
        assert!(err.is_forbidden_code_point(), "{c:?}");
        assert_eq!(err.validation_error_name(), "domain-invalid-code-point");
        assert_eq!(err.first().unwrap().kind, ErrorKind::ForbiddenCodePoint(c));
    }
    // Produced by mapping: U+FF03 FULLWIDTH NUMBER SIGN maps to '#'.
    let err = domain_to_ascii("a\u{FF03}b").unwrap_err();
    assert!(err.is_forbidden_code_point());
    // Allowed by the URL Standard though not by STD3 rules.
    assert_eq!(
        domain_to_ascii("a_b!$&'()*+,;=~.example").unwrap(),
        "a_b!$&'()*+,;=~.example"
    );
}

#[test]
fn empty_results_fail() {
    assert_eq!(
        domain_to_ascii("").unwrap_err().first().unwrap().kind,
        ErrorKind::EmptyDomain
    );
    // U+00AD SOFT HYPHEN is ignored: the domain maps to nothing.
    assert_eq!(
        domain_to_ascii("\u{AD}").unwrap_err().first().unwrap().kind,
        ErrorKind::EmptyDomain
    );
}

#[test]
fn non_ascii_goes_through_uts46() {
    assert_eq!(
        domain_to_ascii("Bücher.example").unwrap(),
        "xn--bcher-kva.example"
    );
    assert_eq!(domain_to_ascii("faß.de").unwrap(), "xn--fa-hia.de");
    assert_eq!(
        domain_to_ascii("日本語。ＪＰ").unwrap(),
        "xn--wgv71a119e.jp"
    );
    assert_eq!(domain_to_ascii("☕.us").unwrap(), "xn--53h.us");
    // An invalid Punycode label next to a non-ASCII one fails.
    let err = domain_to_ascii("xn--ls8h=.ß").unwrap_err();
    assert_eq!(
        err.first().unwrap(),
        &IdnaError {
            kind: ErrorKind::InvalidPunycode,
            label: Some(0)
        }
    );
    // "xn--a" is valid Punycode for U+0080, which is disallowed.
    let err = domain_to_ascii("xn--a.ß").unwrap_err();
    assert_eq!(
        err.first().unwrap().kind,
        ErrorKind::DisallowedCodePoint('\u{80}')
    );
    assert_eq!(err.validation_error_name(), "domain-to-ASCII");
}

#[test]
fn errors_name_criterion_and_label() {
    let e = Uts46::STRICT.to_ascii("ok.-bad.example").unwrap_err();
    assert_eq!(
        e.errors(),
        &[IdnaError {
            kind: ErrorKind::HyphenStartEnd,
            label: Some(1)
        }]
    );
    let e = Uts46::STRICT.to_ascii("ab--c.example").unwrap_err();
    assert!(e.contains(ErrorKind::HyphenThirdFourth));
    let e = Uts46::STRICT.to_ascii("a_b.example").unwrap_err();
    assert!(e.contains(ErrorKind::Std3Ascii('_')));
    let e = Uts46::STRICT.to_ascii("a\u{200C}b").unwrap_err();
    assert!(e.contains(ErrorKind::ContextJ('\u{200C}')));
    let e = Uts46::STRICT.to_ascii("0à.\u{5D0}").unwrap_err();
    assert_eq!(
        e.errors(),
        &[IdnaError {
            kind: ErrorKind::Bidi(1),
            label: Some(0)
        }]
    );
    let e = Uts46::STRICT.to_ascii("\u{300}a").unwrap_err();
    assert!(e.contains(ErrorKind::LeadingCombiningMark('\u{300}')));
    let e = Uts46::STRICT.to_ascii("a\u{2488}com").unwrap_err();
    assert!(e.contains(ErrorKind::DisallowedCodePoint('\u{FFFD}')));
    let e = Uts46::STRICT.to_ascii("xn--a-ecp.ru").unwrap_err();
    assert!(e.contains(ErrorKind::DisallowedCodePoint('\u{2488}')));
    let e = Uts46::STRICT.to_ascii("xn--u-ccb.com").unwrap_err();
    assert!(e.contains(ErrorKind::NotNfc));
    let e = Uts46::STRICT.to_ascii("xn--ascii-").unwrap_err();
    assert!(e.contains(ErrorKind::PunycodeAsciiOnly));
    let e = Uts46::STRICT.to_ascii("a..b").unwrap_err();
    assert_eq!(
        e.errors(),
        &[IdnaError {
            kind: ErrorKind::EmptyLabel,
            label: Some(1)
        }]
    );
    let e = Uts46::STRICT.to_ascii(&"a".repeat(64)).unwrap_err();
    assert!(e.contains(ErrorKind::LabelTooLong));
    let long = vec!["abcdefghi"; 26].join(".");
    let e = Uts46::STRICT.to_ascii(&long).unwrap_err();
    assert!(e.contains(ErrorKind::DomainLength));
    let e = Uts46::RELAXED.to_ascii("xn--xn--a--gua").unwrap_err();
    assert!(e.contains(ErrorKind::XnPrefix));
    // Messages say what is wrong and where.
    let msg = Uts46::STRICT.to_ascii("ok.-bad").unwrap_err().to_string();
    assert_eq!(msg, "label 2: the label begins or ends with a hyphen");
}

#[test]
fn strict_variant_and_validation_errors() {
    assert_eq!(
        domain_to_ascii_strict("Example.COM").unwrap(),
        "example.com"
    );
    assert!(domain_to_ascii_strict("xn--a.example").is_err());
    assert!(domain_to_ascii_strict("a_b.example").is_err());
    assert!(domain_to_ascii_strict("example.com.").is_err());
    assert!(domain_validation_errors("example.com").is_none());
    assert!(domain_validation_errors("xn--a.example").is_some());
}

#[test]
fn flags() {
    // Transitional processing maps the deviations.
    let t = Uts46 {
        transitional_processing: true,
        ..Uts46::STRICT
    };
    assert_eq!(t.to_ascii("faß.de").unwrap(), "fass.de");
    assert_eq!(t.to_ascii("ẞ.de").unwrap(), "ss.de");
    assert_eq!(
        t.to_ascii("ς.gr").unwrap(),
        Uts46::STRICT.to_ascii("σ.gr").unwrap()
    );
    // Nontransitional by default.
    assert_eq!(
        Uts46::default().to_ascii("faß.de").unwrap(),
        "xn--fa-hia.de"
    );
    // IgnoreInvalidPunycode keeps an undecodable label as it is.
    let ignore = Uts46 {
        ignore_invalid_punycode: true,
        ..Uts46::RELAXED
    };
    assert_eq!(ignore.to_ascii("xn--ls8h=.ß").unwrap(), "xn--ls8h=.xn--zca");
    assert!(Uts46::RELAXED.to_ascii("xn--ls8h=.ß").is_err());
    // VerifyDnsLength off lets empty labels and a trailing dot through.
    let lax = Uts46 {
        verify_dns_length: false,
        ..Uts46::STRICT
    };
    assert_eq!(lax.to_ascii("a..b.").unwrap(), "a..b.");
    // CheckBidi, CheckJoiners off.
    let no_bidi = Uts46 {
        check_bidi: false,
        ..Uts46::STRICT
    };
    assert!(no_bidi.to_ascii("0à.\u{5D0}").is_ok());
    let no_joiners = Uts46 {
        check_joiners: false,
        ..Uts46::STRICT
    };
    assert_eq!(no_joiners.to_ascii("a\u{200C}b").unwrap(), "xn--ab-j1t");
}

#[test]
fn to_unicode_and_domain_to_unicode() {
    let (u, r) = Uts46::STRICT.to_unicode("xn--bcher-kva.example");
    assert_eq!(u, "bücher.example");
    assert!(r.is_ok());
    let (u, r) = Uts46::STRICT.to_unicode("a\u{2488}com");
    assert_eq!(u, "a\u{FFFD}com");
    assert!(r.is_err());
    assert_eq!(
        domain_to_unicode("xn--mnchen-3ya.de"),
        ("münchen.de".to_owned(), Ok(()))
    );
    assert_eq!(domain_to_unicode("Example.COM").0, "example.com");
    let (u, r) = domain_to_unicode("xn--8i7caa.example");
    assert_eq!(u, "xn--8i7caa.example");
    assert!(r.is_err());
    // Round trip with the domain parser on such input.
    assert_eq!(
        domain_to_ascii(&domain_to_unicode("xn--8i7caa").0).unwrap(),
        "xn--8i7caa"
    );
}

#[test]
fn hardening_limit() {
    // Non-ASCII: at most 4096 UTF-16 code units.
    let at_limit = format!("{}.é", "a".repeat(MAX_NON_ASCII_HOST_LEN - 2));
    assert_eq!(at_limit.encode_utf16().count(), MAX_NON_ASCII_HOST_LEN);
    assert!(Uts46::RELAXED.to_unicode(&at_limit).1.is_ok());
    assert!(domain_to_ascii(&at_limit).is_ok());
    let over = format!("{}.é", "a".repeat(MAX_NON_ASCII_HOST_LEN - 1));
    let err = domain_to_ascii(&over).unwrap_err();
    assert_eq!(
        err.errors(),
        &[IdnaError {
            kind: ErrorKind::HostTooLong,
            label: None
        }]
    );
    assert!(
        Uts46::STRICT
            .to_ascii(&over)
            .unwrap_err()
            .contains(ErrorKind::HostTooLong)
    );
    let (u, r) = domain_to_unicode(&over);
    assert_eq!(u, over);
    assert!(r.unwrap_err().contains(ErrorKind::HostTooLong));
    // Supplementary code points count two units each.
    let astral = "😀".repeat(MAX_NON_ASCII_HOST_LEN / 2 + 1);
    assert!(
        domain_to_ascii(&astral)
            .unwrap_err()
            .contains(ErrorKind::HostTooLong)
    );
    // ASCII of any length is linear and allowed.
    let long_ascii = "a.".repeat(100_000);
    assert!(domain_to_ascii(&long_ascii).is_ok());
    // A huge ASCII Punycode label is refused by Punycode, not decoded.
    let huge = format!("xn--{}", "9".repeat(100_000));
    assert!(
        Uts46::STRICT
            .to_ascii(&huge)
            .unwrap_err()
            .contains(ErrorKind::InvalidPunycode)
    );
}

#[test]
fn unicode_version_is_18() {
    assert_eq!(onecontact_idna::UNICODE_VERSION, "18.0.0");
    // U+3E8AC (Small Seal, new in 18.0) is valid with this data.
    assert!(domain_to_ascii("\u{3E8AC}.example").is_ok());
}
