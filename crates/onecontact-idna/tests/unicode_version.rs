//! Which Unicode version is ICU4X's UTS #46 data really? Compares the
//! mapper, code point by code point, with Unicode's IdnaMappingTable.txt
//! for 17.0.0 and for the 18.0.0 draft in `../shared` (skipped with a
//! message when that folder is absent).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use icu_normalizer::uts46::Uts46MapperBorrowed;

/// What the table says one code point becomes (nontransitional).
#[derive(Debug, PartialEq)]
enum Expect {
    Same,
    Mapped(String),
    Ignored,
    Disallowed,
}

fn parse_table(text: &str) -> Vec<(u32, u32, Expect)> {
    let mut rows = Vec::new();
    for line in text.lines() {
        let data = line.split('#').next().unwrap().trim();
        if data.is_empty() {
            continue;
        }
        let fields: Vec<&str> = data.split(';').map(str::trim).collect();
        let (lo, hi) = match fields[0].split_once("..") {
            Some((a, b)) => (
                u32::from_str_radix(a, 16).unwrap(),
                u32::from_str_radix(b, 16).unwrap(),
            ),
            None => {
                let v = u32::from_str_radix(fields[0], 16).unwrap();
                (v, v)
            }
        };
        let expect = match fields[1] {
            "valid" | "deviation" => Expect::Same,
            "ignored" => Expect::Ignored,
            "disallowed" => Expect::Disallowed,
            "mapped" => Expect::Mapped(
                fields[2]
                    .split_whitespace()
                    .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
                    .collect(),
            ),
            other => panic!("unknown status {other}"),
        };
        rows.push((lo, hi, expect));
    }
    rows
}

/// Code points where ICU4X's mapper disagrees with the table.
fn mismatches(table: &[(u32, u32, Expect)]) -> Vec<u32> {
    let mapper = Uts46MapperBorrowed::new();
    let mut bad = Vec::new();
    for (lo, hi, expect) in table {
        for cp in *lo..=*hi {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let got: String = mapper.map_normalize(std::iter::once(c)).collect();
            let ok = match expect {
                Expect::Same => got == c.to_string(),
                Expect::Mapped(m) => &got == m,
                Expect::Ignored => got.is_empty(),
                Expect::Disallowed => got == "\u{FFFD}",
            };
            if !ok {
                bad.push(cp);
            }
        }
    }
    bad
}

#[test]
fn icu4x_uts46_data_is_unicode_18() {
    let Some(dir) = common::unicode_idna_dir() else {
        println!("skipped: ../shared/testdata/unicode-idna not found");
        return;
    };
    let t17 = parse_table(&std::fs::read_to_string(dir.join("IdnaMappingTable.txt")).unwrap());
    let t18 = parse_table(
        &std::fs::read_to_string(dir.join("18.0.0-draft/IdnaMappingTable.txt")).unwrap(),
    );
    let m17 = mismatches(&t17);
    let m18 = mismatches(&t18);
    println!(
        "ICU4X UTS #46 mapper vs IdnaMappingTable: 17.0.0 differs on {} code points, 18.0.0 draft on {}",
        m17.len(),
        m18.len()
    );
    println!(
        "first 18.0.0-draft differences: {:X?}",
        &m18[..m18.len().min(20)]
    );
    assert!(
        m18.is_empty(),
        "ICU4X data differs from the Unicode 18.0.0 draft table"
    );
    assert!(
        !m17.is_empty(),
        "ICU4X data unexpectedly equals Unicode 17.0.0"
    );
    assert_eq!(onecontact_idna::UNICODE_VERSION, "18.0.0");
}
