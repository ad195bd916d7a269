//! Parsing through the facade (`url::Url::parse`, this crate) beside
//! `onecontact_url::Url::parse` underneath it, over the lines of
//! `bench-data/others/kasztp.txt` (48,010 URLs): what the facade's
//! conversion of the result costs.
//!
//! Instructions per URL with callgrind, as docs/performance.md describes
//! (labels `onecontact-url kasztp` and `url-compat kasztp`):
//!
//! ```text
//! cargo bench -p onecontact-url-compat --bench parse --no-run
//! B=$(ls -t target/release/deps/parse-* | grep -v '\.d$' | head -1)
//! for n in 1 2; do BENCH_ONCE=$n BENCH_FILTER="url-compat kasztp" \
//!   valgrind --tool=callgrind --callgrind-out-file=cg.$n "$B" >/dev/null; done
//! grep ^summary cg.1 cg.2    # (second − first) / 48010 = instructions per URL
//! ```
//!
//! Without `BENCH_ONCE` it times both, interleaved, for `BENCH_ROUNDS`
//! rounds (default 11) and prints the median ns per URL and the ratio.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

fn bench_data() -> PathBuf {
    match std::env::var_os("ONECONTACT_BENCH_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data"),
    }
}

fn ours(lines: &[String]) -> usize {
    lines
        .iter()
        .map(|l| onecontact_url::Url::parse(black_box(l)).map_or(0, |u| u.as_str().len()))
        .sum()
}

fn compat(lines: &[String]) -> usize {
    lines
        .iter()
        .map(|l| url::Url::parse(black_box(l)).map_or(0, |u| u.as_str().len()))
        .sum()
}

/// A workload over the lines: the sum of the serializations' lengths.
type Workload = fn(&[String]) -> usize;

fn main() {
    let path = bench_data().join("others/kasztp.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    let filter = std::env::var("BENCH_FILTER").unwrap_or_default();
    let contenders: [(&str, Workload); 2] = [
        ("onecontact-url kasztp", ours),
        ("url-compat kasztp", compat),
    ];
    if let Some(n) = std::env::var("BENCH_ONCE")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        for (label, f) in contenders {
            if label.contains(&filter) {
                for _ in 0..n {
                    black_box(f(&lines));
                }
            }
        }
        return;
    }
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(11);
    let mut times = [Vec::new(), Vec::new()];
    for round in 0..rounds {
        // Interleaved: ours, compat, compat, ours, …
        let order: [usize; 2] = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for i in order {
            let start = Instant::now();
            black_box((contenders[i].1)(&lines));
            times[i].push(start.elapsed().as_nanos() as f64 / lines.len() as f64);
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (a, b) = (median(&mut times[0]), median(&mut times[1]));
    println!(
        "| workload | items | onecontact-url ns | url-compat ns | url-compat / onecontact-url |"
    );
    println!("|---|---|---|---|---|");
    println!(
        "| kasztp | {} | {a:.1} | {b:.1} | {:.3}x |",
        lines.len(),
        b / a
    );
}
