//! Punycode (RFC 3492): the sample strings of section 7.1, overflow and
//! the hardening limit.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::PathBuf;

use onecontact_idna::punycode::{self, MAX_LEN, PunycodeError};

/// The RFC's sample strings, read from the RFC text in ../shared/specs:
/// (code points, Punycode as printed, with mixed-case annotation).
fn rfc_samples() -> Option<Vec<(String, String)>> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/specs/rfc/rfc3492.txt");
    let text = std::fs::read_to_string(path).ok()?;
    let start = text.find("7.1 Sample strings\n\n")?;
    let end = text[start..].find("7.2 Decoding traces")? + start;
    let mut samples = Vec::new();
    let mut code_points = String::new();
    let mut lines = text[start..end].lines();
    while let Some(line) = lines.next() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("Punycode: ") {
            let mut puny = rest.to_owned();
            while puny.ends_with('\\') {
                puny.pop();
                puny.push_str(lines.next()?.trim());
            }
            samples.push((std::mem::take(&mut code_points), puny));
        } else if line.starts_with("u+") || line.starts_with("U+") {
            for token in line.split_whitespace() {
                let hex = token.get(2..)?;
                code_points.push(char::from_u32(u32::from_str_radix(hex, 16).ok()?)?);
            }
        }
    }
    Some(samples)
}

/// The encoder writes digits in lowercase; the RFC's samples annotate case
/// in some digits. Basic code points (before the last '-') keep their case.
fn lowercase_digits(puny: &str) -> String {
    match puny.rfind('-') {
        Some(i) => format!("{}{}", &puny[..=i], puny[i + 1..].to_ascii_lowercase()),
        None => puny.to_ascii_lowercase(),
    }
}

#[test]
fn rfc3492_sample_strings() {
    let Some(samples) = rfc_samples() else {
        println!("skipped: ../shared/specs/rfc/rfc3492.txt not found (embedded samples still run)");
        return;
    };
    assert_eq!(samples.len(), 19, "RFC 3492 section 7.1 has 19 samples");
    for (unicode, puny) in &samples {
        assert_eq!(&punycode::decode(puny).unwrap(), unicode, "decode {puny}");
        assert_eq!(
            punycode::encode(unicode).unwrap(),
            lowercase_digits(puny),
            "encode {unicode:?}"
        );
    }
    println!(
        "RFC 3492 section 7.1: {} samples encode and decode",
        samples.len()
    );
}

#[test]
fn embedded_samples() {
    let cases = [
        ("bücher", "bcher-kva"),
        ("ü", "tda"),
        ("☕", "53h"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("-> $1.00 <-", "-> $1.00 <--"),
        ("", ""),
    ];
    for (unicode, puny) in cases {
        assert_eq!(punycode::encode(unicode).unwrap(), puny);
        assert_eq!(punycode::decode(puny).unwrap(), unicode);
    }
}

#[test]
fn decoding_errors() {
    // A digit sequence whose value overflows 32 bits.
    assert_eq!(
        punycode::decode(&"9".repeat(40)),
        Err(PunycodeError::Overflow)
    );
    // A number that fits but makes the code point overflow.
    assert!(matches!(
        punycode::decode("99999999a"),
        Err(PunycodeError::Overflow
            | PunycodeError::InvalidCodePoint(_)
            | PunycodeError::Truncated)
    ));
    // Ends inside a number.
    assert_eq!(punycode::decode("a-9"), Err(PunycodeError::Truncated));
    // A leading delimiter with nothing before it is read as a digit.
    assert_eq!(punycode::decode("-"), Err(PunycodeError::InvalidDigit('-')));
    assert_eq!(
        punycode::decode("ab-c!"),
        Err(PunycodeError::InvalidDigit('!'))
    );
    assert_eq!(punycode::decode("ä-abc"), Err(PunycodeError::NonBasic));
    // "a" decodes to U+0080, the first code point that is not basic.
    assert_eq!(punycode::decode("a").unwrap(), "\u{80}");
}

#[test]
fn hardening_limit() {
    // Decoding refuses to produce more than MAX_LEN units.
    let long_basic = format!("{}-", "a".repeat(MAX_LEN + 1));
    assert_eq!(punycode::decode(&long_basic), Err(PunycodeError::TooLong));
    let just_over = punycode::encode(&"ü".repeat(MAX_LEN)).unwrap() + "a";
    assert_eq!(punycode::decode(&just_over), Err(PunycodeError::TooLong));
    let long = "ü".repeat(MAX_LEN + 1);
    assert_eq!(punycode::encode(&long), Err(PunycodeError::TooLong));
    // Supplementary code points count two UTF-16 units each.
    let astral = "😀".repeat(MAX_LEN / 2 + 1);
    assert_eq!(punycode::encode(&astral), Err(PunycodeError::TooLong));
    let at_limit = "😀".repeat(MAX_LEN / 2);
    let encoded = punycode::encode(&at_limit).unwrap();
    assert_eq!(punycode::decode(&encoded).unwrap(), at_limit);
}

#[test]
fn long_labels_round_trip() {
    // Deterministic mixes of ASCII, BMP and supplementary code points, up
    // to the limit, so both decoding strategies (in place, tree) run.
    let mut seed: u32 = 12345;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    for len in [1usize, 10, 100, 255, 256, 257, 300, 1000, 2000, 4000] {
        let s: String = (0..len)
            .map(|_| match next() % 4 {
                0 => char::from(b'a' + (next() % 26) as u8),
                1 => char::from_u32(0xE0 + next() % 32).unwrap(),
                2 => char::from_u32(0x4E00 + next() % 0x5000).unwrap(),
                _ => char::from_u32(0x1F600 + next() % 64).unwrap(),
            })
            .collect();
        if s.encode_utf16().count() > MAX_LEN {
            continue;
        }
        let encoded = punycode::encode(&s).unwrap();
        assert_eq!(punycode::decode(&encoded).unwrap(), s, "length {len}");
    }
}
