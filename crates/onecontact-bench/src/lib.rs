//! A small, dependency-free benchmark harness shared by the benches of this
//! crate (`benches/*.rs`, each `harness = false`).
//!
//! Every bench measures our crate and its peers **in the same run** on the same
//! inputs and prints ratios, because this machine is shared and noisy: absolute
//! numbers from two runs are not comparable, ratios from one run are.
//!
//! - [`bench_data`] finds the pinned URL lists (`../shared/bench-data`, or the
//!   folder named by `ONECONTACT_BENCH_DATA`).
//! - [`measure`] runs a workload over a batch of items several times and keeps
//!   the median time per item.
//! - [`CountingAlloc`] is a global allocator wrapper that counts heap
//!   allocations, for "allocations per item" figures.
//! - [`Report`] prints a table with ratios against a named baseline.
//!
//! Environment:
//! - `BENCH_ROUNDS=n` — rounds per measurement (default 11; the median is kept).
//! - `BENCH_FILTER=text` — only workloads whose label contains `text`.
//! - `BENCH_ONCE=1` — run every workload exactly once, untimed (for
//!   `valgrind --tool=callgrind`: run with `BENCH_ONCE=1` and `BENCH_ONCE=2`, the
//!   difference divided by the item count is instructions per item).

#![deny(missing_docs)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The folder holding the benchmark URL lists.
pub fn bench_data() -> PathBuf {
    if let Some(dir) = std::env::var_os("ONECONTACT_BENCH_DATA") {
        return PathBuf::from(dir);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data")
}

/// The workspace's pinned test data folder (`testdata/`).
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// The `"input": "..."` strings of a WPT JSON file, read without a JSON
/// library: `\uXXXX` escapes (surrogate pairs joined, lone ones as U+FFFD)
/// and the simple escapes.
pub fn wpt_inputs(path: &std::path::Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipping {}", path.display());
        return Vec::new();
    };
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("\"input\": \"") else {
            continue;
        };
        let Some(body) = rest.strip_suffix("\",") else {
            continue;
        };
        let mut units: Vec<u16> = Vec::new();
        let mut s = String::new();
        let mut chars = body.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                s.extend(char::decode_utf16(units.drain(..)).map(|r| r.unwrap_or('\u{FFFD}')));
                s.push(c);
                continue;
            }
            match chars.next() {
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    units.push(u16::from_str_radix(&hex, 16).unwrap_or(0xFFFD));
                }
                Some('n') => s.push('\n'),
                Some('t') => s.push('\t'),
                Some(other) => s.push(other),
                None => {}
            }
        }
        s.extend(char::decode_utf16(units.drain(..)).map(|r| r.unwrap_or('\u{FFFD}')));
        if !s.is_empty() {
            out.push(s);
        }
    }
    out
}

/// Reads a file of one item per line (empty lines dropped). A missing file
/// gives an empty list and a message on stderr, so one absent list does not
/// stop the other workloads.
pub fn read_lines(path: &std::path::Path) -> Vec<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => text
            .lines()
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect(),
        Err(e) => {
            eprintln!("skipping {}: {e}", path.display());
            Vec::new()
        }
    }
}

/// How many rounds a measurement takes.
fn rounds() -> usize {
    std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(11)
}

/// `Some(n)` when `BENCH_ONCE=n` asks for n untimed runs (callgrind mode).
pub fn once_mode() -> Option<usize> {
    std::env::var("BENCH_ONCE")
        .ok()
        .and_then(|v| v.parse().ok())
}

/// Whether `label` passes `BENCH_FILTER`.
pub fn selected(label: &str) -> bool {
    match std::env::var("BENCH_FILTER") {
        Ok(f) if !f.is_empty() => label.contains(&f),
        _ => true,
    }
}

/// One measured workload.
#[derive(Debug, Clone)]
pub struct Measurement {
    /// Label, e.g. `"onecontact-url kasztp.txt"`.
    pub label: String,
    /// Items processed per round.
    pub items: usize,
    /// Input bytes per round.
    pub bytes: usize,
    /// Median nanoseconds per item.
    pub ns_per_item: f64,
    /// Heap allocations per item (from [`CountingAlloc`], if installed).
    pub allocs_per_item: f64,
}

impl Measurement {
    /// Throughput in MB/s (10^6 bytes per second) at the median.
    pub fn mb_per_s(&self) -> f64 {
        if self.ns_per_item <= 0.0 || self.items == 0 {
            return 0.0;
        }
        let bytes_per_item = self.bytes as f64 / self.items as f64;
        bytes_per_item / self.ns_per_item * 1e3
    }
}

/// Runs `round` (which processes `items` items totalling `bytes` bytes and
/// returns something to keep alive) `BENCH_ROUNDS` times (11 when unset) after one warm-up, and
/// returns the median time per item. In callgrind mode it runs `BENCH_ONCE`
/// times, untimed.
pub fn measure<T>(
    label: &str,
    items: usize,
    bytes: usize,
    mut round: impl FnMut() -> T,
) -> Measurement {
    if let Some(n) = once_mode() {
        for _ in 0..n {
            black_box(round());
        }
        return Measurement {
            label: label.to_owned(),
            items,
            bytes,
            ns_per_item: 0.0,
            allocs_per_item: 0.0,
        };
    }
    black_box(round());
    let allocs_before = ALLOCATIONS.load(Ordering::Relaxed);
    black_box(round());
    let allocs = ALLOCATIONS.load(Ordering::Relaxed) - allocs_before;
    let mut times = Vec::with_capacity(rounds());
    for _ in 0..rounds() {
        let start = Instant::now();
        black_box(round());
        times.push(start.elapsed().as_nanos() as f64);
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let per = items.max(1) as f64;
    Measurement {
        label: label.to_owned(),
        items,
        bytes,
        ns_per_item: median / per,
        allocs_per_item: allocs as f64 / per,
    }
}

/// One contender of [`measure_interleaved`]: a label and a round that
/// processes every item once and returns something to keep alive.
pub type Contender<'a> = (&'a str, &'a mut dyn FnMut() -> usize);

/// Like [`measure`] for several contenders over the same items, but with
/// their rounds interleaved (A, B, C, A, B, C, …) so that load changes on a
/// shared machine hit every contender alike and the ratios stay fair. Returns
/// one [`Measurement`] per contender, in order. Allocations are counted over
/// one extra round of each. In callgrind mode each contender runs
/// `BENCH_ONCE` times, untimed.
pub fn measure_interleaved(
    items: usize,
    bytes: usize,
    contenders: &mut [Contender<'_>],
) -> Vec<Measurement> {
    let per = items.max(1) as f64;
    let mut results: Vec<Measurement> = contenders
        .iter()
        .map(|(label, _)| Measurement {
            label: (*label).to_owned(),
            items,
            bytes,
            ns_per_item: 0.0,
            allocs_per_item: 0.0,
        })
        .collect();
    if let Some(n) = once_mode() {
        for (_, round) in contenders.iter_mut() {
            for _ in 0..n {
                black_box(round());
            }
        }
        return results;
    }
    for ((_, round), result) in contenders.iter_mut().zip(results.iter_mut()) {
        black_box(round());
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        black_box(round());
        result.allocs_per_item = (ALLOCATIONS.load(Ordering::Relaxed) - before) as f64 / per;
    }
    let mut times: Vec<Vec<f64>> = vec![Vec::with_capacity(rounds()); contenders.len()];
    for _ in 0..rounds() {
        for ((_, round), samples) in contenders.iter_mut().zip(times.iter_mut()) {
            let start = Instant::now();
            black_box(round());
            samples.push(start.elapsed().as_nanos() as f64);
        }
    }
    for (samples, result) in times.iter_mut().zip(results.iter_mut()) {
        samples.sort_by(f64::total_cmp);
        let median = samples.get(samples.len() / 2).copied().unwrap_or(0.0);
        result.ns_per_item = median / per;
    }
    results
}

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

/// A global allocator that counts allocations (install it in a bench with
/// `#[global_allocator] static A: CountingAlloc = CountingAlloc;`).
pub struct CountingAlloc;

/// Allocations counted so far by [`CountingAlloc`].
pub fn allocations() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

// SAFETY: every method forwards to the system allocator unchanged; the only
// addition is an atomic counter increment.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// A table of measurements printed with ratios against a baseline row.
#[derive(Debug, Default)]
pub struct Report {
    title: String,
    rows: Vec<Measurement>,
}

impl Report {
    /// A new, empty report.
    pub fn new(title: &str) -> Self {
        Report {
            title: title.to_owned(),
            rows: Vec::new(),
        }
    }

    /// Adds a row.
    pub fn push(&mut self, m: Measurement) {
        self.rows.push(m);
    }

    /// Prints the table as Markdown. `ours` is the label prefix of our rows;
    /// every other row gets a column "ours is N.NNx faster" where N is
    /// (peer ns) / (our ns) for the row of ours with the same workload
    /// suffix (the text after the first space).
    pub fn print(&self, ours: &str) {
        if once_mode().is_some() {
            return;
        }
        println!("\n### {}\n", self.title);
        println!("| workload | items | ns/item | MB/s | allocs/item | ours vs this |");
        println!("|---|---:|---:|---:|---:|---:|");
        for row in &self.rows {
            let workload = row.label.split_once(' ').map(|x| x.1).unwrap_or("");
            let ratio = if row.label.starts_with(ours) {
                "—".to_owned()
            } else {
                self.rows
                    .iter()
                    .find(|r| {
                        r.label.starts_with(ours)
                            && r.label.split_once(' ').map(|x| x.1) == Some(workload)
                    })
                    .map(|o| format!("{:.2}x", row.ns_per_item / o.ns_per_item))
                    .unwrap_or_else(|| "n/a".to_owned())
            };
            println!(
                "| {} | {} | {:.1} | {:.1} | {:.2} | {} |",
                row.label,
                row.items,
                row.ns_per_item,
                row.mb_per_s(),
                row.allocs_per_item,
                ratio
            );
        }
    }
}
