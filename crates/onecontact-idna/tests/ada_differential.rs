//! The checks of the differential fuzz target `fuzz/fuzz_targets/idna_ada.rs`
//! (`onecontact_idna::fuzzing::check_domain_to_ascii` against ada's
//! `Idna::ascii`, `ada-url` 4.0.0) on the inputs of WPT's toascii.json and
//! IdnaTestV2.json and on the saved inputs `tests/fuzz_regressions/`. The
//! differences allowed are those of `fuzz/ada-differences.txt`, the same
//! file the target reads.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use onecontact_idna::fuzzing::{Differences, check_domain_to_ascii};
use std::path::Path;

use onecontact_testkit::fuzz_replay::replay;

fn allowed() -> Differences {
    Differences::parse(include_str!("../../../fuzz/ada-differences.txt")).unwrap()
}

fn ada(input: &str) -> Option<String> {
    let ascii = ada_url::Idna::ascii(input);
    (!ascii.is_empty()).then_some(ascii)
}

fn inputs(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::wpt_file(name)).unwrap();
    // Lone surrogates become U+FFFD, as a browser's USVString conversion does.
    let (text, _) = common::usv_json(&text);
    let entries: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    entries
        .iter()
        .filter_map(|e| e["input"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn wpt_idna_inputs_agree_with_ada() {
    let allowed = allowed();
    let mut failures = Vec::new();
    let mut count = 0;
    for name in ["toascii.json", "IdnaTestV2.json"] {
        for input in inputs(name) {
            count += 1;
            if let Err(e) = check_domain_to_ascii(input.as_bytes(), &ada, &allowed) {
                failures.push(e);
            }
        }
    }
    assert!(count > 2000, "only {count} inputs");
    assert!(
        failures.is_empty(),
        "{} differences:\n{failures:#?}",
        failures.len()
    );
}

#[test]
fn saved_inputs_agree_with_ada() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let allowed = allowed();
    replay(&dir, "", |data| check_domain_to_ascii(data, &ada, &allowed));
}

#[test]
fn listed_ranges_are_found_whatever_their_order_and_overlap() {
    let list = Differences::parse(
        "U+0300..U+0310 c\nU+0100..U+0200 a\nU+0150 inside a\nU+01F0..U+0220 overlapping a\n",
    )
    .unwrap();
    for text in [
        "x\u{100}",
        "\u{180}",
        "\u{150}",
        "\u{21F}",
        "a\u{305}b",
        "\u{310}",
    ] {
        assert!(list.explains(text), "{text:?}");
    }
    for text in ["", "ascii", "\u{FF}", "\u{221}", "\u{2FF}", "\u{311}"] {
        assert!(!list.explains(text), "{text:?}");
    }
}

#[test]
fn nfc_entry_explains_only_an_unnormalized_peer_answer() {
    // Found by idna_ada: ada leaves `ḥ̂` (U+0125 U+0323) unnormalized.
    let with = allowed();
    let without = without("nfc ");
    let input = "\u{124}\u{323}W00xn\u{524}\u{323}W00";
    let peer = |_: &str| Some("xn--w00xnw00-phb412cfa182d".to_owned());
    assert!(check_domain_to_ascii(input.as_bytes(), &peer, &with).is_ok());
    assert!(check_domain_to_ascii(input.as_bytes(), &peer, &without).is_err());
    // A wrong answer that is in NFC stays a difference.
    let wrong = |_: &str| Some("xn--w00xnw00-abc".to_owned());
    assert!(check_domain_to_ascii(input.as_bytes(), &wrong, &with).is_err());
}

/// The list without the entry whose line starts with `entry`.
fn without(entry: &str) -> Differences {
    let text = include_str!("../../../fuzz/ada-differences.txt");
    assert!(text.lines().any(|l| l.starts_with(entry)), "{entry}");
    let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with(entry)).collect();
    Differences::parse(&kept.join("\n")).unwrap()
}

#[test]
fn punycode_leading_hyphen_entry_explains_only_that_label() {
    // Found by idna_ada: ada decodes `xn---dmbaa` as if it were `xn--dmbaa`.
    // (ASCII input is returned lowercased whatever UTS #46 says of it, so the
    // input holds a non-ASCII label.)
    let input = "\u{E4}.xn---dmbaa";
    let peer = |_: &str| Some("xn--4ca.xn---dmbaa".to_owned());
    assert!(check_domain_to_ascii(input.as_bytes(), &peer, &allowed()).is_ok());
    assert!(
        check_domain_to_ascii(
            input.as_bytes(),
            &peer,
            &without("punycode-leading-hyphen ")
        )
        .is_err()
    );
    // Other invalid Punycode in the peer's answer stays a difference.
    let input = "\u{E4}.xn--dmbaa-";
    let bad = |_: &str| Some("xn--4ca.xn--dmbaa-".to_owned());
    assert!(check_domain_to_ascii(input.as_bytes(), &bad, &allowed()).is_err());
}

/// Every code point UTS #46 18.0 leaves valid, in five labels that test
/// what ada's character data says of it: leading mark (`Xa`), left-to-right
/// (`aX`), right-to-left (`<U+0628>X`) and joining on each side of a ZWNJ.
/// Each difference must be one the list explains.
#[test]
fn every_valid_code_point_in_five_labels_agrees_with_ada() {
    let Some(dir) = common::unicode_idna_dir() else {
        println!("skipped: ../shared/testdata/unicode-idna not found");
        return;
    };
    let table = std::fs::read_to_string(dir.join("18.0.0-draft/IdnaMappingTable.txt")).unwrap();
    let allowed = allowed();
    let labels: [fn(char) -> String; 5] = [
        |c| format!("{c}a"),
        |c| format!("a{c}"),
        |c| format!("\u{628}{c}"),
        |c| format!("\u{644}\u{200C}{c}"),
        |c| format!("{c}\u{200C}\u{644}"),
    ];
    let mut tested = 0;
    let mut failures = Vec::new();
    for line in table.lines() {
        let fields: Vec<&str> = line.split('#').next().unwrap().split(';').collect();
        if fields.len() < 2 || fields[1].trim() != "valid" {
            continue;
        }
        let mut span = fields[0].trim().split("..");
        let lo = u32::from_str_radix(span.next().unwrap(), 16).unwrap();
        let hi = span
            .next()
            .map_or(lo, |h| u32::from_str_radix(h, 16).unwrap());
        for c in (lo.max(0x80)..=hi).filter_map(char::from_u32) {
            tested += 1;
            for label in &labels {
                if let Err(e) = check_domain_to_ascii(label(c).as_bytes(), &ada, &allowed) {
                    failures.push(e);
                }
            }
        }
    }
    assert!(tested > 100_000, "only {tested} code points");
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
