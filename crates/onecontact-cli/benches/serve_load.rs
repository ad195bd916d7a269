//! A load check of `onecontact serve`, not a timed test: starts the
//! binary, sends a fixed number of `POST /api/parse` requests from a few
//! client threads (each with its own keep-alive connection), and prints
//! requests per second and latency percentiles for each concurrency, then
//! the last concurrency again while 500 connections that sent half a
//! request head are held open, and the server's peak memory.
//!
//! ```sh
//! cargo bench -p onecontact-cli --bench serve_load
//! ```
//!
//! Environment:
//! - `SERVE_LOAD_REQUESTS=n` — requests per concurrency level (default 20,000).
//! - `SERVE_LOAD_THREADS=a,b,…` — client threads to try (default 1,4,8).
//! - `ONECONTACT_BENCH_DATA=dir` — the URL lists (default `../shared/bench-data`
//!   next to the workspace, as for the other benchmarks).
//!
//! The client threads run on the same machine as the server, so on a small
//! machine they take CPU from it: the figures are a floor, not a ceiling.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Write;
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::Command;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

#[path = "../tests/support/serve.rs"]
mod serve;

use serve::ServeProcess;

/// The URL lists the requests cycle through.
const LISTS: [&str; 2] = ["others/kasztp.txt", "others/userbait.txt"];

/// Same rule as `onecontact_bench::bench_data`.
fn bench_data() -> PathBuf {
    match std::env::var_os("ONECONTACT_BENCH_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data"),
    }
}

/// The request bodies: `{"input": URL}` for every line of the lists.
fn bodies() -> Vec<String> {
    let dir = bench_data();
    let mut bodies = Vec::new();
    for list in LISTS {
        let path = dir.join(list);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        for line in text.lines() {
            let url = line.trim_start_matches('\u{feff}').trim();
            if !url.is_empty() {
                bodies.push(serde_json::json!({ "input": url }).to_string());
            }
        }
    }
    assert!(!bodies.is_empty(), "no URLs in {}", dir.display());
    bodies
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn thread_counts() -> Vec<usize> {
    match std::env::var("SERVE_LOAD_THREADS") {
        Ok(list) => list
            .split(',')
            .filter_map(|n| n.trim().parse().ok())
            .filter(|&n| n > 0)
            .collect(),
        Err(_) => vec![1, 4, 8],
    }
}

/// What one client thread saw.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    ok: usize,
    refused: usize,
    other: usize,
}

/// Sends requests `first, first + step, …` below `total`, cycling through
/// `bodies`, on one keep-alive connection.
fn client(url: &str, bodies: &[String], first: usize, step: usize, total: usize) -> Tally {
    let agent = serve::http();
    let mut tally = Tally::default();
    for i in (first..total).step_by(step) {
        let body = &bodies[i % bodies.len()];
        let started = Instant::now();
        let response = agent
            .post(url)
            .header("Content-Type", "application/json")
            .send(body.as_str());
        let status = match response {
            Ok(response) => {
                let status = response.status().as_u16();
                // Read the whole reply: that is part of the latency.
                let _ = response.into_body().read_to_vec();
                status
            }
            Err(_) => 0,
        };
        tally.latencies.push(started.elapsed());
        match status {
            200 => tally.ok += 1,
            422 => tally.refused += 1,
            _ => tally.other += 1,
        }
    }
    tally
}

/// CPU time the server process has used so far (user + system), read
/// from /proc on Linux; `None` elsewhere.
fn server_cpu(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 here.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_secs_f64(
        ticks as f64 / clock_ticks_per_second(),
    ))
}

fn clock_ticks_per_second() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100.0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted.get(rank).copied().unwrap_or(Duration::ZERO)
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1000.0)
}

/// What one row measured.
struct Row {
    failed: bool,
}

/// Runs `total` requests from `threads` client threads and prints one
/// table row labelled `label`.
fn row(
    server: &ServeProcess,
    url: &str,
    bodies: &Arc<Vec<String>>,
    label: &str,
    threads: usize,
    total: usize,
) -> Row {
    let barrier = Arc::new(Barrier::new(threads + 1));
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let url = url.to_owned();
            let bodies = Arc::clone(bodies);
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                client(&url, &bodies, t, threads, total)
            })
        })
        .collect();
    let cpu_before = server_cpu(server.child.id());
    barrier.wait();
    let started = Instant::now();
    let mut all = Tally::default();
    for handle in handles {
        let tally = handle.join().unwrap();
        all.latencies.extend(tally.latencies);
        all.ok += tally.ok;
        all.refused += tally.refused;
        all.other += tally.other;
    }
    let wall = started.elapsed();
    let cpu = match (cpu_before, server_cpu(server.child.id())) {
        (Some(before), Some(after)) => format!(
            "{:.0}",
            after.saturating_sub(before).as_secs_f64() * 1e6 / all.latencies.len() as f64
        ),
        _ => "n/a".to_owned(),
    };
    all.latencies.sort_unstable();
    let rate = all.latencies.len() as f64 / wall.as_secs_f64();
    println!(
        "| {label} | {rate:.0} | {} | {} | {} | {cpu} | {} | {} | {} |",
        ms(percentile(&all.latencies, 0.50)),
        ms(percentile(&all.latencies, 0.99)),
        ms(all.latencies.last().copied().unwrap_or_default()),
        all.ok,
        all.refused,
        all.other,
    );
    Row {
        failed: all.other > 0,
    }
}

/// Connections that send half a request head and stall, held open while
/// the last row runs.
const STALLED: usize = 500;

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not supported.
    let bodies = Arc::new(bodies());
    let total = env_number("SERVE_LOAD_REQUESTS", 20_000);
    // The stalled connections must outlast their row, so the header and
    // idle timeouts are raised above it; the other limits are the defaults.
    let server = ServeProcess::start_with(
        &["--header-timeout", "10m", "--idle-timeout", "10m"],
        Duration::from_secs(20),
    );
    let url = format!("{}/api/parse", server.base);
    println!(
        "onecontact serve load check: POST /api/parse, {total} requests per row, cycling through {} URLs",
        bodies.len()
    );
    // Warm-up: one pass of a few hundred requests, not counted.
    let _ = client(&url, &bodies, 0, 1, 500.min(total));

    println!(
        "| client threads | requests/s | p50 ms | p99 ms | max ms | server CPU µs/request | 200 | 422 | other |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut failed = false;
    let counts = thread_counts();
    for &threads in &counts {
        failed |= row(&server, &url, &bodies, &threads.to_string(), threads, total).failed;
    }
    // The same load again while STALLED connections hold half a head each.
    let threads = counts.last().copied().unwrap_or(1);
    let stalled: Vec<TcpStream> = (0..STALLED)
        .filter_map(|_| {
            let mut s = TcpStream::connect(server.addr()).ok()?;
            s.write_all(b"POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty")
                .ok()?;
            Some(s)
        })
        .collect();
    let label = format!("{threads}, {} stalled connections held", stalled.len());
    failed |= row(&server, &url, &bodies, &label, threads, total).failed;
    failed |= stalled.len() < STALLED;
    println!(
        "server peak RSS: {} KiB",
        server
            .peak_rss_kib()
            .map_or_else(|| "n/a".to_owned(), |k| k.to_string())
    );
    drop(stalled);
    // The server must still answer after the load.
    let health = ureq::get(format!("{}/api/health", server.base))
        .call()
        .map(|r| r.status().as_u16());
    println!("health after the load: {health:?}");
    drop(server);
    if failed || !matches!(health, Ok(200)) {
        eprintln!("some requests failed (status neither 200 nor 422, or no reply)");
        std::process::exit(1);
    }
}
