//! Public Suffix List lookups: onecontact-psl against `psl` (compiled
//! matcher) and `publicsuffix` 2.3 on the hosts of the bench-data URL lists,
//! plus the baked table's size and the time of `List::parse` on the full
//! list.
//!
//! `cargo bench -p onecontact-bench --bench psl`
//!
//! Every workload (registrable domain and public suffix, per URL list and on
//! all hosts) runs the three libraries, and a `floor` contender that only
//! reads each host's length and end bytes, over the same `Vec<String>` of hosts,
//! with their rounds interleaved so that load changes on the shared machine
//! hit all three alike. A timed round makes at least 20,000 lookups: a short
//! list is gone over several times (the `items` column counts lookups).
//!
//! Besides the harness's `BENCH_ROUNDS`, `BENCH_FILTER` (a substring of the
//! workload, e.g. `suffix kasztp`) and `BENCH_ONCE`, `PSL_BENCH_LIB=ours`,
//! `psl`, `publicsuffix` or `floor` runs one contender only, so that a callgrind run
//! counts the instructions of one library:
//!
//! ```text
//! BENCH_ONCE=1 BENCH_FILTER="domain kasztp" PSL_BENCH_LIB=psl \
//!     valgrind --tool=callgrind target/release/deps/psl-…
//! ```
//!
//! (the same with `BENCH_ONCE=2`; the difference of the two totals divided
//! by the host count is instructions per host).

use std::hint::black_box;
use std::str::FromStr;

use onecontact_bench::{
    Contender, CountingAlloc, Report, bench_data, measure, measure_interleaved, once_mode,
    read_lines, selected, testdata,
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

/// Whether `PSL_BENCH_LIB` (unset: all) lets `lib` run.
fn lib_selected(lib: &str) -> bool {
    match std::env::var("PSL_BENCH_LIB") {
        Ok(only) if !only.is_empty() => only == lib,
        _ => true,
    }
}

/// The two operations measured, with the same call shape for every library:
/// one call per host, the length of the answer summed.
#[derive(Clone, Copy)]
enum Op {
    Domain,
    Suffix,
}

impl Op {
    fn name(self) -> &'static str {
        match self {
            Op::Domain => "domain",
            Op::Suffix => "suffix",
        }
    }
}

fn main() {
    let list_text =
        std::fs::read_to_string(testdata().join("psl/public_suffix_list.dat")).unwrap_or_default();
    let Ok(peer) = publicsuffix::List::from_str(&list_text) else {
        eprintln!("publicsuffix could not load the pinned list");
        return;
    };
    let ours = List::baked();
    let mut lists: Vec<(String, Vec<String>)> = Vec::new();
    for file in FILES {
        let hosts = hosts(file);
        if !hosts.is_empty() {
            let name = file.rsplit('/').next().unwrap_or(file);
            lists.push((name.to_owned(), hosts));
        }
    }
    let all: Vec<String> = lists.iter().flat_map(|(_, h)| h.iter().cloned()).collect();
    lists.push(("all-hosts".to_owned(), all.clone()));

    for (op, title) in [
        (Op::Domain, "PSL registrable domain (median ns per host)"),
        (Op::Suffix, "PSL public suffix (median ns per host)"),
    ] {
        let mut report = Report::new(title);
        for (name, hosts) in &lists {
            let workload = format!("{} {name}", op.name());
            if selected(&workload) {
                for m in run_workload(ours, &peer, op, &workload, hosts) {
                    report.push(m);
                }
            }
        }
        report.print("onecontact-psl");
    }

    let mut report = Report::new("Loading the full list (ns per load)");
    if selected("parse") {
        let len = list_text.len();
        if lib_selected("ours") {
            report.push(measure("onecontact-psl parse full-list", 1, len, || {
                List::parse(black_box(&list_text)).map(|l| l.node_count())
            }));
        }
        if lib_selected("publicsuffix") {
            report.push(measure("publicsuffix parse full-list", 1, len, || {
                publicsuffix::List::from_str(black_box(&list_text)).map(|l| l.is_empty())
            }));
        }
    }
    report.print("onecontact-psl");

    if once_mode().is_none() {
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
        let differing = all
            .iter()
            .filter(|h| {
                let theirs = psl::suffix(h.as_bytes())
                    .and_then(|s| std::str::from_utf8(s.as_bytes()).ok())
                    .unwrap_or("");
                ours.suffix(h).as_str() != theirs
            })
            .count();
        println!(
            "agreement with psl on public suffixes: {} of {}",
            all.len() - differing,
            all.len()
        );
    }
}

/// The three libraries on one workload, rounds interleaved.
fn run_workload(
    ours: &List,
    peer: &publicsuffix::List,
    op: Op,
    workload: &str,
    hosts: &[String],
) -> Vec<onecontact_bench::Measurement> {
    use publicsuffix::Psl as _;
    // A timed round goes over the list `reps` times, so that a short list
    // (isaacs_files.txt has 39 hosts) still makes a round long enough to
    // time; the hosts and the calls are the same. Untimed (callgrind) runs
    // go over it once.
    let reps = match once_mode() {
        Some(_) => 1,
        None => MIN_LOOKUPS_PER_ROUND.div_ceil(hosts.len().max(1)),
    };
    let bytes: usize = hosts.iter().map(String::len).sum::<usize>() * reps;
    let ours_pass = || -> usize {
        match op {
            Op::Domain => hosts
                .iter()
                .map(|h| ours.registrable_domain(h).map_or(0, str::len))
                .sum(),
            Op::Suffix => hosts.iter().map(|h| ours.suffix(h).as_str().len()).sum(),
        }
    };
    let psl_pass = || -> usize {
        match op {
            Op::Domain => hosts
                .iter()
                .map(|h| psl::domain(h.as_bytes()).map_or(0, |d| d.as_bytes().len()))
                .sum(),
            Op::Suffix => hosts
                .iter()
                .map(|h| psl::suffix(h.as_bytes()).map_or(0, |s| s.as_bytes().len()))
                .sum(),
        }
    };
    let peer_pass = || -> usize {
        match op {
            Op::Domain => hosts
                .iter()
                .map(|h| peer.domain(h.as_bytes()).map_or(0, |d| d.as_bytes().len()))
                .sum(),
            Op::Suffix => hosts
                .iter()
                .map(|h| peer.suffix(h.as_bytes()).map_or(0, |s| s.as_bytes().len()))
                .sum(),
        }
    };
    // The floor: what every library pays before any lookup, reading each
    // host's length and its first and last bytes (the host strings are
    // separately allocated, and a long list does not fit in the L2 cache).
    let floor_pass = || -> usize {
        hosts
            .iter()
            .map(|h| {
                let b = black_box(h.as_bytes());
                b.len()
                    + usize::from(b.first().copied().unwrap_or(0))
                    + usize::from(b.last().copied().unwrap_or(0))
            })
            .sum()
    };
    let mut floor_round = || (0..reps).map(|_| floor_pass()).sum::<usize>();
    let mut ours_round = || (0..reps).map(|_| ours_pass()).sum::<usize>();
    let mut psl_round = || (0..reps).map(|_| psl_pass()).sum::<usize>();
    let mut peer_round = || (0..reps).map(|_| peer_pass()).sum::<usize>();
    let labels = [
        format!("onecontact-psl {workload}"),
        format!("psl {workload}"),
        format!("publicsuffix {workload}"),
        format!("floor {workload}"),
    ];
    let mut contenders: Vec<Contender<'_>> = Vec::new();
    for ((lib, label), round) in ["ours", "psl", "publicsuffix", "floor"]
        .iter()
        .zip(&labels)
        .zip([
            &mut ours_round as &mut dyn FnMut() -> usize,
            &mut psl_round,
            &mut peer_round,
            &mut floor_round,
        ])
    {
        if lib_selected(lib) {
            contenders.push((label.as_str(), round));
        }
    }
    measure_interleaved(hosts.len() * reps, bytes, &mut contenders)
}

/// Lookups per timed round at least (see `run_workload`).
const MIN_LOOKUPS_PER_ROUND: usize = 20_000;
