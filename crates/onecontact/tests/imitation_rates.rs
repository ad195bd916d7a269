//! Both sides of naming imitations of one's own brands, measured:
//! - named: imitations of ten brands built the ways phishing lists show
//!   (another registry, the name with letters or digits added, a hyphenated
//!   prefix, a swap, one and two edits, a keyword) — how many get a finding;
//! - flagged: legitimate near-names — pairs of popular domains (Chromium's
//!   list) whose names are at most two edits apart, each taken as a brand
//!   of one's own (without the built-in list, so its gate does not hide
//!   them) with the other inspected — how many get a finding.
//!
//! `cargo test -p onecontact --release --test imitation_rates -- --nocapture`
//! prints both rates (docs/web.md states them).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact::Data;
use onecontact::inspect::{TopDomains, inspect_with};

fn own(list: &str) -> Data {
    Data::baked().with_top_domains(TopDomains::parse(list).unwrap())
}

fn flagged(host: &str, data: &Data) -> bool {
    inspect_with(&format!("https://{host}/"), data)
        .warnings
        .iter()
        .any(|w| w.imitation.is_some())
}

#[test]
fn imitations_of_ones_brands_are_named() {
    let brands = [
        ("paypal", "com"),
        ("metamask", "io"),
        ("opensea", "io"),
        ("myetherwallet", "com"),
        ("coinbase", "com"),
        ("binance", "com"),
        ("netflix", "com"),
        ("microsoft", "com"),
        ("instagram", "com"),
        ("dropbox", "com"),
    ];
    let list: String = brands.iter().map(|(n, t)| format!("{n}.{t}\n")).collect();
    let data = own(&list);
    let mut total = 0;
    let mut named = 0;
    let mut missed = Vec::new();
    for (name, tld) in brands {
        let chars: Vec<char> = name.chars().collect();
        let mut swapped = chars.clone();
        swapped.swap(2, 3);
        let swapped: String = swapped.into_iter().collect();
        let mut dropped = chars.clone();
        dropped.remove(3);
        let dropped: String = dropped.into_iter().collect();
        let mut two = chars.clone();
        two[1] = 'x';
        two.insert(5, 'q');
        let two: String = two.into_iter().collect();
        let other = if tld == "com" { "net" } else { "top" };
        for host in [
            format!("{name}.{other}"),
            format!("{name}.cc"),
            format!("{name}1.{tld}"),
            format!("{name}v2.{tld}"),
            format!("{name}cc.live"),
            format!("t-{name}.{tld}"),
            format!("{swapped}.{tld}"),
            format!("{dropped}.{tld}"),
            format!("{two}.{tld}"),
            format!("{name}-login.com"),
            format!("{name}-wallet.app"),
            format!("{name}.{tld}.secure-check.net"),
        ] {
            total += 1;
            if flagged(&host, &data) {
                named += 1;
            } else {
                missed.push(host);
            }
        }
    }
    println!("named: {named} of {total} imitations of ten brands; missed: {missed:?}");
    assert!(
        named * 10 >= total * 9,
        "{named} of {total}; missed {missed:?}"
    );
}

#[test]
fn legitimate_near_names_are_rarely_flagged() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata/top-domains/domains.list"),
    )
    .unwrap();
    let domains: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#') && l.is_ascii())
        .collect();
    // name without the last label (the registry for most), and the domain
    let name = |d: &str| d.rsplit_once('.').map_or(d, |(n, _)| n).to_owned();
    let mut pairs = Vec::new();
    for (i, a) in domains.iter().enumerate() {
        let na = name(a);
        if na.len() < 5 || na.contains('.') {
            continue;
        }
        for b in domains.iter().skip(i + 1) {
            let nb = name(b);
            if nb.contains('.') || nb.len().abs_diff(na.len()) > 2 || nb == na || nb.len() < 5 {
                continue;
            }
            if within_two(&na, &nb) {
                pairs.push((*a, *b));
            }
        }
    }
    let mut flagged_pairs = Vec::new();
    let mut kinds = std::collections::BTreeMap::new();
    for (a, b) in &pairs {
        let report = inspect_with(&format!("https://{b}/"), &own(&format!("{a}\n")));
        if let Some(i) = report.warnings.iter().find_map(|w| w.imitation.as_ref()) {
            flagged_pairs.push(format!("{b} ~ {a}"));
            *kinds.entry(i.kind.code()).or_insert(0) += 1;
        }
    }
    println!("flagged by kind: {kinds:?}");
    println!(
        "legitimate near-names flagged: {} of {} pairs ({:.1}%)",
        flagged_pairs.len(),
        pairs.len(),
        100.0 * flagged_pairs.len() as f64 / pairs.len().max(1) as f64
    );
    assert!(pairs.len() > 100, "{}", pairs.len());
    assert!(flagged_pairs.len() * 5 <= pairs.len(), "{flagged_pairs:?}");
}

/// Whether two names are at most two edits apart.
fn within_two(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, y) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(x != y))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        if cur.iter().min().copied().unwrap_or(0) > 2 {
            return false;
        }
        prev = cur;
    }
    prev[b.len()] <= 2
}
