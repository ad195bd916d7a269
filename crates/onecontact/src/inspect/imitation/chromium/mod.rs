//! Chromium's own unit-test cases for its lookalike heuristics
//! (`cases.tsv`, transcribed with the test and row they come from), run
//! against this module. The rows that need browser state a domain list
//! cannot carry are listed in [`DIFFERENT`] with the reason; the test fails
//! on an unexpected difference and on a listed row that passes.

use super::domain::{DomainInfo, etld_plus_one};
use super::{ImitationKind, likely_swap_false_positive};
use super::{Targets, combo, distance, embedding, likely_edit_distance_false_positive};
use crate::Data;
use crate::inspect::TopDomains;

/// Rows whose expectation rests on state Chromium's tests set up and a
/// domain list cannot carry, each with the reason.
const DIFFERENT: &[(&str, &str)] = &[
    (
        "TargetEmbeddingTest#17",
        "needs Chromium's target allowlist (the test allows scholar.google.com)",
    ),
    (
        "TargetEmbeddingTest#20",
        "needs Chromium's target allowlist (the test allows scholar.google.com)",
    ),
    (
        "TargetEmbeddingTest#24",
        "office.com is in the top bucket of Chromium's test list; in the production list it comes after the \
         top bucket (testdata/top-domains/domains.list line 5557), where embeddings are not checked",
    ),
    (
        "TargetEmbeddingTest#63",
        "office.com is in the top bucket of Chromium's test list, not of the production list (as #24)",
    ),
];

/// Chromium's tests of this file that check state a domain list cannot
/// carry, and so have no rows in `cases.tsv`:
/// - `ShouldBlockBySpoofCheckResult`: the IDN display decision, tested with
///   the display rules (`inspect::display`), not here;
/// - `TargetEmbeddingIgnoresComponentWordlist`: the Safety Tips component's
///   word list, which is remote configuration;
/// - `GetSuggestedURL`: a URL with the scheme and port of the navigation;
///   the inspector names the domain;
/// - `IsHeuristicEnabledForHostname`: launch percentages per release channel.
pub(crate) const NOT_TRANSCRIBED: [&str; 4] = [
    "ShouldBlockBySpoofCheckResult",
    "TargetEmbeddingIgnoresComponentWordlist",
    "GetSuggestedURL",
    "IsHeuristicEnabledForHostname",
];

/// The sites Chromium's target-embedding test engages with.
const EMBEDDING_SITES: &str = "highengagement.com\nhighengagement.inthesubdomain.com\n\
    highengagement.co.uk\nsubdomain.highengagement.com\nwww.highengagementwithwww.com\n\
    subdomain.google.com\n";
/// The sites Chromium's combo-squatting test engages with.
const COMBO_SITES: &str =
    "engagedsite.com\nsubdomain.google.com\nlen.com\ntestcombo.org\nhighs.com\n";
/// The brands and keywords of Chromium's combo-squatting test.
const COMBO_BRANDS: &[(&str, &str)] = &[
    ("google", "google"),
    ("youtube", "youtube"),
    ("sample", "sarnple"),
    ("example", "exarnple"),
    ("vices", "vices"),
];
const COMBO_KEYWORDS: &[&str] = &[
    "online", "login", "account", "arnple", "services", "test", "security",
];

fn data(sites: &str) -> Data {
    Data::baked().with_top_domains(TopDomains::baked().with(TopDomains::parse(sites).unwrap()))
}

fn info(host: &str, data: &Data) -> DomainInfo<'static> {
    let ascii = onecontact_idna::domain_to_ascii(host).unwrap().into_owned();
    DomainInfo::of(&ascii, None, data.psl()).into_owned()
}

fn flag(value: bool) -> String {
    value.to_string()
}

/// What this module answers for one row, in the row's terms.
fn answer(check: &str, a: &str, b: &str, embedding_data: &Data, combo_data: &Data) -> String {
    let name = |kind: Option<ImitationKind>, found: Option<String>| match kind {
        None => "none".to_owned(),
        Some(kind) => format!("{}:{}", found.unwrap_or_default(), kind.code()),
    };
    match check {
        "edit-distance-at-most-one" => flag(distance::edit_distance_at_most_one(a, b)),
        "one-character-swap" => flag(distance::one_character_swap(a, b)),
        "edit-distance-false-positive" => flag(likely_edit_distance_false_positive(
            &info(a, embedding_data),
            &info(b, embedding_data),
        )),
        "character-swap-false-positive" => flag(likely_swap_false_positive(
            &info(a, embedding_data),
            &info(b, embedding_data),
        )),
        "etld-plus-one" => etld_plus_one(a, None, embedding_data.psl())
            .unwrap_or_default()
            .to_owned(),
        "target-embedding" => {
            let found = embedding::find(&info(a, embedding_data), &Targets::of(embedding_data));
            name(found.as_ref().map(|f| f.kind), found.map(|f| f.domain))
        }
        "combo-squatting" => {
            let found = combo::find_with(
                &info(a, combo_data),
                &Targets::of(combo_data),
                COMBO_BRANDS,
                COMBO_KEYWORDS,
            );
            name(found.as_ref().map(|f| f.kind), found.map(|f| f.domain))
        }
        other => panic!("unknown check {other}"),
    }
}

/// The expectation of a row, in the same terms as [`answer`].
fn expected(check: &str, b: &str, e: &str) -> String {
    match (check, e) {
        ("target-embedding" | "combo-squatting", "none") => "none".to_owned(),
        ("target-embedding", "interstitial") => format!("{b}:target-embedding"),
        ("target-embedding", "safety-tip") => format!("{b}:tail-embedding"),
        ("combo-squatting", "hard-coded") => format!("{b}:combo-squatting"),
        ("combo-squatting", "engaged") => format!("{b}:combo-squatting-own"),
        _ => e.to_owned(),
    }
}

#[test]
fn chromiums_unit_test_cases() {
    let embedding_data = data(EMBEDDING_SITES);
    let combo_data = data(COMBO_SITES);
    let mut differ = Vec::new();
    let mut rows = 0;
    for line in include_str!("cases.tsv").lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [row, check, a, b, e] = fields.as_slice() else {
            panic!("bad row {line:?}");
        };
        rows += 1;
        let got = answer(check, a, b, &embedding_data, &combo_data);
        let want = expected(check, b, e);
        if got != want {
            differ.push(format!(
                "{row} {check}({a}, {b}): got {got}, Chromium {want}"
            ));
        }
    }
    assert_eq!(rows, 186);
    assert_eq!(NOT_TRANSCRIBED.len(), 4);
    let listed: Vec<&str> = DIFFERENT.iter().map(|(row, _)| *row).collect();
    let unexpected: Vec<&String> = differ
        .iter()
        .filter(|d| !listed.iter().any(|row| d.starts_with(&format!("{row} "))))
        .collect();
    let stale: Vec<&&str> = listed
        .iter()
        .filter(|row| !differ.iter().any(|d| d.starts_with(&format!("{row} "))))
        .collect();
    assert!(
        unexpected.is_empty() && stale.is_empty(),
        "unexpected differences:\n{}\nlisted rows that pass: {stale:?}",
        unexpected
            .iter()
            .map(|d| d.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
