//! Public Suffix List lookups: onecontact-psl against `psl` (compiled
//! matcher) and `publicsuffix` 2.3 on the hosts of the bench-data URL lists,
//! plus the baked table's size and the time of `List::parse` on the full
//! list.
//!
//! `cargo bench -p onecontact-bench --bench psl`

use std::hint::black_box;
use std::str::FromStr;

use onecontact_bench::{
    CountingAlloc, Report, bench_data, measure, read_lines, selected, testdata,
};
use onecontact_psl::List;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

const FILES: [&str; 4] = [
    "others/kasztp.txt",
    "others/userbait.txt",
    "files/isaacs_files.txt",
    "files/node_files.txt",
];

/// The domain hosts (no IP addresses, no empty hosts) of one URL list, as
/// the URL parser serializes them.
fn hosts(file: &str) -> Vec<String> {
    read_lines(&bench_data().join(file))
        .iter()
        .filter_map(|line| url::Url::parse(line.trim_start_matches('\u{feff}')).ok())
        .filter_map(|u| match u.host() {
            Some(url::Host::Domain(d)) if !d.is_empty() => Some(d.to_owned()),
            _ => None,
        })
        .collect()
}

fn main() {
    let list_text =
        std::fs::read_to_string(testdata().join("psl/public_suffix_list.dat")).unwrap_or_default();
    let Ok(peer) = publicsuffix::List::from_str(&list_text) else {
        eprintln!("publicsuffix could not load the pinned list");
        return;
    };
    let ours = List::baked();
    let mut report = Report::new("PSL registrable domain (median ns per host)");
    let mut all: Vec<String> = Vec::new();
    for file in FILES {
        let hosts = hosts(file);
        if hosts.is_empty() {
            continue;
        }
        let name = file.rsplit('/').next().unwrap_or(file);
        run_workload(&mut report, ours, &peer, &format!("domain {name}"), &hosts);
        all.extend(hosts);
    }
    run_workload(&mut report, ours, &peer, "domain all-hosts", &all);
    report.print("onecontact-psl");

    let mut report = Report::new("PSL public suffix (median ns per host)");
    if selected("suffix") {
        let bytes: usize = all.iter().map(String::len).sum();
        report.push(measure(
            "onecontact-psl suffix all-hosts",
            all.len(),
            bytes,
            || {
                all.iter()
                    .map(|h| ours.suffix(h).as_str().len())
                    .sum::<usize>()
            },
        ));
        report.push(measure("psl suffix all-hosts", all.len(), bytes, || {
            all.iter()
                .map(|h| psl::suffix(h.as_bytes()).map_or(0, |s| s.as_bytes().len()))
                .sum::<usize>()
        }));
        report.push(measure(
            "publicsuffix suffix all-hosts",
            all.len(),
            bytes,
            || {
                all.iter()
                    .map(|h| {
                        use publicsuffix::Psl as _;
                        peer.suffix(h.as_bytes()).map_or(0, |s| s.as_bytes().len())
                    })
                    .sum::<usize>()
            },
        ));
    }
    report.print("onecontact-psl");

    let mut report = Report::new("Loading the full list (ns per load)");
    if selected("parse") {
        let len = list_text.len();
        report.push(measure("onecontact-psl parse full-list", 1, len, || {
            List::parse(black_box(&list_text)).map(|l| l.node_count())
        }));
        report.push(measure("publicsuffix parse full-list", 1, len, || {
            publicsuffix::List::from_str(black_box(&list_text)).map(|l| l.is_empty())
        }));
    }
    report.print("onecontact-psl");

    if onecontact_bench::once_mode().is_none() {
        println!(
            "\nbaked table: {} bytes ({} nodes; {} ICANN + {} PRIVATE rules; list VERSION {})",
            ours.table_size_bytes(),
            ours.node_count(),
            ours.icann_rules(),
            ours.private_rules(),
            ours.version().unwrap_or("?")
        );
        let differing: Vec<String> = all
            .iter()
            .filter_map(|h| {
                let theirs =
                    psl::domain(h.as_bytes()).and_then(|d| std::str::from_utf8(d.as_bytes()).ok());
                let mine = ours.registrable_domain(h);
                (mine != theirs).then(|| format!("{h}: ours {mine:?}, psl {theirs:?}"))
            })
            .collect();
        println!(
            "agreement with psl on registrable domains: {} of {}",
            all.len() - differing.len(),
            all.len()
        );
        for line in differing.iter().take(10) {
            println!("  differs: {line}");
        }
    }
}

fn run_workload(
    report: &mut Report,
    ours: &List,
    peer: &publicsuffix::List,
    workload: &str,
    hosts: &[String],
) {
    if !selected(workload) {
        return;
    }
    let bytes: usize = hosts.iter().map(String::len).sum();
    report.push(measure(
        &format!("onecontact-psl {workload}"),
        hosts.len(),
        bytes,
        || {
            hosts
                .iter()
                .map(|h| ours.registrable_domain(h).map_or(0, str::len))
                .sum::<usize>()
        },
    ));
    report.push(measure(
        &format!("psl {workload}"),
        hosts.len(),
        bytes,
        || {
            hosts
                .iter()
                .map(|h| psl::domain(h.as_bytes()).map_or(0, |d| d.as_bytes().len()))
                .sum::<usize>()
        },
    ));
    report.push(measure(
        &format!("publicsuffix {workload}"),
        hosts.len(),
        bytes,
        || {
            use publicsuffix::Psl as _;
            hosts
                .iter()
                .map(|h| peer.domain(h.as_bytes()).map_or(0, |d| d.as_bytes().len()))
                .sum::<usize>()
        },
    ));
}
