//! False alarms of the brand-imitation heuristics, measured on real URLs:
//! the four bench lists of `../shared/bench-data` (URLs people pasted or
//! shortened, phishing reports, file URLs of two projects). Every distinct
//! host that gets an imitation finding is listed, with its heuristic and
//! the domain it names, in `fixtures/imitations_on_bench_lists.tsv`; the
//! test fails on a host that is new to the list or missing from it, and
//! when more than 0.1% of the distinct hosts of the lists of legitimate
//! URLs are flagged. `userbait.txt` is a list of phishing reports: its
//! flagged hosts are listed too (each is a phishing host), but they are
//! findings, not false alarms, and do not count towards the 0.1%.
//!
//! `ONECONTACT_WRITE_FIXTURE=1 cargo test -p onecontact --test imitations_on_bench_lists`
//! rewrites the fixture (then review the diff).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use onecontact::{Data, WarningCode};

/// The lists, and whether each holds phishing reports.
const LISTS: [(&str, bool); 4] = [
    ("others/kasztp.txt", false),
    ("others/userbait.txt", true),
    ("files/node_files.txt", false),
    ("files/isaacs_files.txt", false),
];

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/imitations_on_bench_lists.tsv")
}

#[test]
fn few_distinct_hosts_are_flagged_and_each_is_known() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data");
    if !root.exists() {
        println!("skipped: ../shared/bench-data not found");
        return;
    }
    let data = Data::baked();
    // host -> (list, kind, domain) of its first finding.
    let mut hosts: BTreeSet<String> = BTreeSet::new();
    let mut flagged: BTreeMap<String, String> = BTreeMap::new();
    let mut per_list = Vec::new();
    let mut legitimate_hosts: BTreeSet<String> = BTreeSet::new();
    let mut legitimate_flagged: BTreeSet<String> = BTreeSet::new();
    for (list, phishing) in LISTS {
        let text = std::fs::read_to_string(root.join(list)).unwrap();
        let mut list_hosts = BTreeSet::new();
        let mut list_flagged = BTreeSet::new();
        for line in text.lines() {
            let line = line.trim_start_matches('\u{feff}');
            let report = onecontact::inspect::inspect_with(line, &data);
            let Some(host) = report.real_host().map(str::to_owned) else {
                continue;
            };
            list_hosts.insert(host.clone());
            for w in &report.warnings {
                if w.code != WarningCode::LookalikeOfPopularDomain {
                    continue;
                }
                if let Some(imitation) = &w.imitation {
                    list_flagged.insert(host.clone());
                    flagged.entry(host.clone()).or_insert_with(|| {
                        format!("{host}\t{}\t{}\t{list}", imitation.kind, imitation.domain)
                    });
                }
            }
        }
        per_list.push((list, list_hosts.len(), list_flagged.len()));
        if !phishing {
            legitimate_hosts.extend(list_hosts.iter().cloned());
            legitimate_flagged.extend(list_flagged);
        }
        hosts.extend(list_hosts);
    }
    for (list, n, f) in &per_list {
        println!(
            "{list}: {f} of {n} distinct hosts flagged ({:.3}%)",
            100.0 * *f as f64 / (*n).max(1) as f64
        );
    }
    println!(
        "all four lists: {} of {} distinct hosts flagged ({:.3}%)",
        flagged.len(),
        hosts.len(),
        100.0 * flagged.len() as f64 / hosts.len().max(1) as f64
    );
    let rate = legitimate_flagged.len() as f64 / legitimate_hosts.len().max(1) as f64;
    println!(
        "lists of legitimate URLs: {} of {} distinct hosts flagged ({:.3}%)",
        legitimate_flagged.len(),
        legitimate_hosts.len(),
        100.0 * rate
    );
    let mut found = String::from(
        "# Hosts of the four bench lists that get an imitation finding: host, heuristic, domain named, list.\n\
         # Checked by tests/imitations_on_bench_lists.rs.\n",
    );
    for line in flagged.values() {
        found.push_str(line);
        found.push('\n');
    }
    if std::env::var_os("ONECONTACT_WRITE_FIXTURE").is_some() {
        std::fs::write(fixture(), &found).unwrap();
    }
    let want = std::fs::read_to_string(fixture()).unwrap_or_default();
    assert_eq!(
        found, want,
        "the flagged hosts changed: review and rewrite the fixture"
    );
    assert!(
        rate <= 0.001,
        "{:.3}% of distinct hosts flagged",
        100.0 * rate
    );
}

/// The popular domains themselves, and their subdomains, are never flagged.
#[test]
fn popular_domains_and_their_subdomains_are_never_flagged() {
    let list = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/top-domains/domains.list"),
    )
    .unwrap();
    let data = Data::baked();
    let mut checked = 0;
    for domain in list
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        for host in [
            domain.to_owned(),
            format!("www.{domain}"),
            format!("login.{domain}"),
        ] {
            let report = onecontact::inspect::inspect_with(&format!("https://{host}/"), &data);
            let found: Vec<_> = report
                .warnings
                .iter()
                .filter_map(|w| w.imitation.as_ref())
                .collect();
            assert!(found.is_empty(), "{host}: {found:?}");
            checked += 1;
        }
    }
    assert!(checked > 25_000);
}
