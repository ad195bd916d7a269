//! Domain to ASCII, side by side: `onecontact-idna` and the `idna` crate
//! 1.1.0 (rust-url's IDNA, labelled `rust-idna`), single thread, same
//! inputs, same run.
//!
//! Run: `cargo bench -p onecontact-bench --bench idna`
//! (environment: see the harness docs, `BENCH_ROUNDS`, `BENCH_FILTER`,
//! `BENCH_ONCE`).
//!
//! Inputs: the hosts of every URL in `../shared/bench-data/*/*.txt`
//! (taken with a plain split: after `scheme://`, before `/ ? #`, after the
//! last `@`, before a port; IPv6 literals and empty hosts left out), plus
//! the `input` strings of WPT `IdnaTestV2.json` and `toascii.json`.
//! They are split into two workloads:
//! - `ascii`: hosts that are all ASCII and have no `xn--` label;
//! - `idn`: hosts with a non-ASCII code point or an `xn--` label.
//!
//! Each library is measured three times, alternating with the other, and
//! its lowest median is reported (the machine is shared; one process run).
//!
//! Each side runs the URL Standard's domain-to-ASCII with `beStrict` false:
//! ours is `onecontact_idna::domain_to_ascii`, the peer is
//! `idna::domain_to_ascii_cow(.., AsciiDenyList::URL)` (the entry point
//! `url` uses; it returns a `Cow` too, so neither side allocates when the
//! host is already fine).
//!
//! Instructions per host with callgrind (labels are `onecontact-idna X` and
//! `rust-idna X`, so `BENCH_FILTER` selects one library and workload):
//!
//! ```text
//! for n in 1 2; do BENCH_ONCE=$n BENCH_FILTER="onecontact-idna ascii" valgrind --tool=callgrind \
//!   --callgrind-out-file=cg.$n target/release/deps/idna-<hash>; done
//! # (Ir of cg.2 − Ir of cg.1) / hosts = instructions per host
//! ```

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::hint::black_box;

use onecontact_bench::{
    CountingAlloc, Report, bench_data, measure, read_lines, selected, testdata, wpt_inputs,
};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

const OURS: &str = "onecontact-idna";
const PEER: &str = "rust-idna";

/// The host of a URL by plain splitting, or `None` (no authority, IPv6,
/// empty).
fn host_of(url: &str) -> Option<&str> {
    let url = url.trim_start_matches('\u{FEFF}').trim();
    let (_, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#', '\\']).next()?;
    let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if hostport.starts_with('[') {
        return None;
    }
    let host = hostport.rsplit_once(':').map_or(hostport, |(h, _)| h);
    (!host.is_empty()).then_some(host)
}

fn is_idn(host: &str) -> bool {
    !host.is_ascii()
        || host
            .split('.')
            .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
}

fn ours(host: &str) -> usize {
    match onecontact_idna::domain_to_ascii(host) {
        Ok(s) => s.len(),
        Err(_) => 0,
    }
}

fn peer(host: &str) -> usize {
    match idna::domain_to_ascii_cow(host.as_bytes(), idna::AsciiDenyList::URL) {
        Ok(s) => s.len(),
        Err(_) => 0,
    }
}

fn main() {
    let mut hosts: Vec<String> = Vec::new();
    let data = bench_data();
    let mut files: Vec<_> = std::fs::read_dir(&data)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    for dir in files.iter().filter(|p| p.is_dir()) {
        let mut lists: Vec<_> = std::fs::read_dir(dir)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        lists.sort();
        for list in lists
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        {
            hosts.extend(
                read_lines(list)
                    .iter()
                    .filter_map(|u| host_of(u))
                    .map(str::to_owned),
            );
        }
    }
    let url_hosts = hosts.len();
    let wpt = testdata().join("wpt-url");
    let wpt = if wpt.join("IdnaTestV2.json").exists() {
        wpt
    } else {
        data.join("../testdata/wpt-url")
    };
    for name in ["IdnaTestV2.json", "toascii.json"] {
        hosts.extend(wpt_inputs(&wpt.join(name)));
    }
    let (idn, ascii): (Vec<String>, Vec<String>) = hosts.into_iter().partition(|h| is_idn(h));
    if onecontact_bench::once_mode().is_none() {
        println!(
            "hosts: {url_hosts} from URL lists + {} WPT inputs; {} ascii, {} idn",
            ascii.len() + idn.len() - url_hosts,
            ascii.len(),
            idn.len()
        );
    }

    // The machine is shared and noisy: each library is measured
    // `PASSES` times, alternating with its peer, and the lowest median is
    // kept (all from this one run).
    const PASSES: usize = 3;
    let mut report = Report::new("domain to ASCII (beStrict = false), ns per host");
    for (workload, items) in [("ascii", &ascii), ("idn", &idn)] {
        let bytes: usize = items.iter().map(String::len).sum();
        let libs = [(OURS, ours as fn(&str) -> usize), (PEER, peer)];
        let mut best: Vec<Option<onecontact_bench::Measurement>> = vec![None, None];
        for _ in 0..PASSES {
            for (slot, (lib, f)) in best.iter_mut().zip(libs) {
                let label = format!("{lib} {workload}");
                if !selected(&label) || items.is_empty() {
                    continue;
                }
                let m = measure(&label, items.len(), bytes, || {
                    let mut total = 0usize;
                    for h in items.iter() {
                        total += f(black_box(h));
                    }
                    total
                });
                if slot.as_ref().is_none_or(|b| m.ns_per_item < b.ns_per_item) {
                    *slot = Some(m);
                }
            }
            if onecontact_bench::once_mode().is_some() {
                break;
            }
        }
        for m in best.into_iter().flatten() {
            report.push(m);
        }
    }
    report.print(OURS);
}
