//! `application/x-www-form-urlencoded` parser and serializer: examples from
//! the URL Standard's algorithms and property tests for the round trip.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::borrow::Cow;

use onecontact_url::form_urlencoded::{
    append_pair, decode, decode_str, encode, parse, parse_str, raw_pairs, serialize,
};
use onecontact_url::percent_encoding::percent_decode;
use proptest::prelude::*;

fn owned(input: &str) -> Vec<(String, String)> {
    parse_str(input)
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|&(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

#[test]
fn parser_splits_on_ampersand_then_first_equals() {
    assert_eq!(owned(""), pairs(&[]));
    assert_eq!(owned("&&&"), pairs(&[]));
    assert_eq!(owned("a"), pairs(&[("a", "")]));
    assert_eq!(owned("a="), pairs(&[("a", "")]));
    assert_eq!(owned("=a"), pairs(&[("", "a")]));
    assert_eq!(owned("="), pairs(&[("", "")]));
    assert_eq!(owned("a=b=c&d"), pairs(&[("a", "b=c"), ("d", "")]));
    assert_eq!(owned("&a=1&&b=2&"), pairs(&[("a", "1"), ("b", "2")]));
    // `?` is not special to the parser (the URLSearchParams constructor strips it).
    assert_eq!(owned("?a=1"), pairs(&[("?a", "1")]));
}

#[test]
fn parser_decodes_plus_then_percent_then_utf8_lossy() {
    assert_eq!(owned("a+b=c+d"), pairs(&[("a b", "c d")]));
    assert_eq!(owned("a%2Bb=%2b"), pairs(&[("a+b", "+")]));
    assert_eq!(
        owned("%e2%80%bd=%E2%80%BD"),
        pairs(&[("\u{203D}", "\u{203D}")])
    );
    assert_eq!(owned("%=%4=%zz"), pairs(&[("%", "%4=%zz")]));
    assert_eq!(owned("%FF=%C3"), pairs(&[("\u{FFFD}", "\u{FFFD}")]));
    assert_eq!(owned("%F0%9F%98=x"), pairs(&[("\u{FFFD}", "x")]));
    assert_eq!(owned("%26=%3D"), pairs(&[("&", "=")]));
    // The byte parser replaces invalid UTF-8 in the input itself too.
    let parsed: Vec<_> = parse(b"\xFFa=\xC3\xA9").collect();
    assert_eq!(parsed, [(Cow::from("\u{FFFD}a"), Cow::from("é"))]);
}

#[test]
fn parser_borrows_when_nothing_is_decoded() {
    for (name, value) in parse_str("plain=text&x") {
        assert!(matches!(name, Cow::Borrowed(_)));
        assert!(matches!(value, Cow::Borrowed(_)));
    }
    assert!(matches!(decode_str("a%20b"), Cow::Owned(_)));
}

#[test]
fn serializer_matches_the_standard() {
    // The Standard's example with UTF-8 instead of Shift_JIS.
    assert_eq!(
        encode("1+1 \u{2261} 2%20\u{203D}"),
        "1%2B1+%E2%89%A1+2%2520%E2%80%BD"
    );
    assert_eq!(serialize([("key", "730d67")]), "key=730d67");
    assert_eq!(serialize([("a", ""), ("", "b"), ("", "")]), "a=&=b&=");
    assert_eq!(
        serialize([("q", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}")]),
        "q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
    let mut out = String::from("x=1");
    append_pair(&mut out, "y", "a&b=c");
    assert_eq!(out, "x=1&y=a%26b%3Dc");
}

#[test]
fn serializer_keeps_only_alphanumerics_and_four_symbols() {
    for b in 0u8..0x80 {
        let c = char::from(b);
        let s = c.to_string();
        let encoded = encode(&s);
        let expected = if c.is_ascii_alphanumeric() || "*-._".contains(c) {
            s.clone()
        } else if c == ' ' {
            "+".to_owned()
        } else {
            format!("%{b:02X}")
        };
        assert_eq!(encoded, expected, "byte {b:#04x}");
    }
}

#[test]
fn raw_pairs_give_the_text_as_written_with_ranges() {
    let input = "&a=1&&b+c=%7e&d&=e&";
    let raw: Vec<_> = raw_pairs(input).collect();
    assert_eq!(raw.len(), 4);
    let texts: Vec<_> = raw.iter().map(|p| p.text()).collect();
    assert_eq!(texts, ["a=1", "b+c=%7e", "d", "=e"]);
    for p in &raw {
        assert_eq!(&input[p.range()], p.text());
        assert_eq!(&input[p.name_range()], p.name());
        assert_eq!(&input[p.value_range()], p.value());
    }
    assert!(raw[0].has_equals() && !raw[2].has_equals());
    assert_eq!(raw[1].decoded_name(), "b c");
    assert_eq!(raw[1].decoded_value(), "~");
    assert_eq!(raw[3].name(), "");
}

/// The Standard's decoding, written step by step: `+` to space, percent-decode,
/// UTF-8 decode with replacement.
fn reference_decode(bytes: &[u8]) -> String {
    let plus: Vec<u8> = bytes
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    String::from_utf8_lossy(&percent_decode(&plus)).into_owned()
}

fn query_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[ab=&+%2FCé\u{1F600} ]{0,40}").unwrap()
}

proptest! {
    #[test]
    fn serialize_then_parse_round_trips(list in proptest::collection::vec((any::<String>(), any::<String>()), 0..8)) {
        let text = serialize(list.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        prop_assert!(text.is_ascii());
        prop_assert_eq!(owned(&text), list);
    }

    #[test]
    fn encode_then_decode_round_trips(s in any::<String>()) {
        let encoded = encode(&s);
        prop_assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"*-._+%".contains(&b)));
        prop_assert_eq!(decode_str(&encoded), s.as_str());
    }

    #[test]
    fn decode_matches_the_reference(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        prop_assert_eq!(decode(&bytes).into_owned(), reference_decode(&bytes));
    }

    #[test]
    fn decode_matches_the_reference_on_query_text(s in query_text()) {
        prop_assert_eq!(decode_str(&s).into_owned(), reference_decode(s.as_bytes()));
    }

    #[test]
    fn parse_matches_a_literal_reading_of_the_standard(s in query_text()) {
        let expected: Vec<(String, String)> = s
            .split('&')
            .filter(|piece| !piece.is_empty())
            .map(|piece| match piece.split_once('=') {
                Some((n, v)) => (reference_decode(n.as_bytes()), reference_decode(v.as_bytes())),
                None => (reference_decode(piece.as_bytes()), String::new()),
            })
            .collect();
        prop_assert_eq!(owned(&s), expected);
    }

    #[test]
    fn raw_pairs_line_up_with_parse(s in query_text()) {
        let raw: Vec<_> = raw_pairs(&s).collect();
        let parsed = owned(&s);
        prop_assert_eq!(raw.len(), parsed.len());
        for (p, (n, v)) in raw.iter().zip(&parsed) {
            prop_assert_eq!(&s[p.range()], p.text());
            prop_assert_eq!(p.decoded_name().into_owned(), n.clone());
            prop_assert_eq!(p.decoded_value().into_owned(), v.clone());
        }
    }
}
