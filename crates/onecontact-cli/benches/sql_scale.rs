//! Scale of the SQL functions, not a timed test: rows per CPU-second and
//! peak memory of `onecontact sql` (DataFusion, 1 and 2 partitions), of a
//! Ballista cluster (1 and 2 executors), and of `onecontact key --input`
//! (the CLI's batch path, one worker) over the same rows, with
//! DataFusion's built-in `lower(url)` as the engine's floor.
//!
//! ```sh
//! cargo bench -p onecontact-cli --bench sql_scale
//! SQL_SCALE_ROWS=1000000,10000000 cargo bench -p onecontact-cli --bench sql_scale
//! ```
//!
//! The rows are the lines of `bench-data/others/kasztp.txt` and
//! `userbait.txt` repeated (59,435 addresses), written once to Parquet
//! (8 files, `line BIGINT, url VARCHAR`) and to a text file under
//! `target/sql-scale/`. Each measurement is one process run under
//! `/usr/bin/time`: CPU is user + system time of that process (for the
//! cluster: of the executors, read from `/proc`), memory is its peak
//! resident set. Rows per CPU-second is rows / CPU seconds, so it is per
//! core whatever the parallelism.
//!
//! Environment:
//! - `SQL_SCALE_ROWS=a,b,…` — row counts (default 1000000,10000000).
//! - `SQL_SCALE_CLUSTER=0` — leave out the cluster runs.
//! - `ONECONTACT_BENCH_DATA=dir` — the URL lists (default `../shared/bench-data`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

/// The tests' one HTTP client.
#[path = "../tests/support/serve.rs"]
mod serve;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use datafusion::arrow::array::{Int64Array, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::parquet::arrow::ArrowWriter;

const LISTS: [&str; 2] = ["others/kasztp.txt", "others/userbait.txt"];
const FILES: usize = 8;
const BIN: &str = env!("CARGO_BIN_EXE_onecontact");

fn bench_data() -> PathBuf {
    match std::env::var_os("ONECONTACT_BENCH_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data"),
    }
}

fn corpus() -> Vec<String> {
    let mut rows = Vec::new();
    for list in LISTS {
        let path = bench_data().join(list);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for line in bytes.split(|b| *b == b'\n') {
            let Ok(line) = std::str::from_utf8(line) else {
                continue;
            };
            let line = line.trim_start_matches('\u{feff}').trim();
            if !line.is_empty() {
                rows.push(line.to_owned());
            }
        }
    }
    rows
}

/// `target/sql-scale/rows-N/{part-K.parquet}` and `rows-N.txt`, written
/// once.
fn inputs(corpus: &[String], rows: usize) -> (PathBuf, PathBuf) {
    let base = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/sql-scale");
    let dir = base.join(format!("rows-{rows}"));
    let text = base.join(format!("rows-{rows}.txt"));
    let done = dir.join("DONE");
    if done.exists() {
        return (dir, text);
    }
    std::fs::create_dir_all(&dir).unwrap();
    let schema = Arc::new(Schema::new(vec![
        Field::new("line", DataType::Int64, false),
        Field::new("url", DataType::Utf8, false),
    ]));
    let row = |i: usize| corpus[i % corpus.len()].as_str();
    let per_file = rows.div_ceil(FILES);
    let mut out = BufWriter::new(File::create(&text).unwrap());
    for k in 0..FILES {
        let start = k * per_file;
        let end = rows.min(start + per_file);
        let file = File::create(dir.join(format!("part-{k}.parquet"))).unwrap();
        let mut writer = ArrowWriter::try_new(file, schema.clone(), None).unwrap();
        for chunk in (start..end).collect::<Vec<_>>().chunks(65_536) {
            let lines: Int64Array = chunk.iter().map(|i| *i as i64 + 1).collect();
            let urls = StringArray::from_iter_values(chunk.iter().map(|i| row(*i)));
            let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(lines), Arc::new(urls)])
                .unwrap();
            writer.write(&batch).unwrap();
        }
        writer.close().unwrap();
    }
    for i in 0..rows {
        writeln!(out, "{}", row(i)).unwrap();
    }
    out.flush().unwrap();
    File::create(done).unwrap();
    (dir, text)
}

/// Wall seconds, CPU seconds, peak RSS in MiB.
#[derive(Debug, Clone, Copy)]
struct Cost {
    wall: f64,
    cpu: f64,
    peak_mib: f64,
}

/// Runs `onecontact ARGS` under `/usr/bin/time`, output discarded.
fn timed(args: &[&str]) -> Cost {
    let report = std::env::temp_dir().join(format!("sql-scale-time-{}", std::process::id()));
    let status = Command::new("/usr/bin/time")
        .arg("-o")
        .arg(&report)
        .args(["-f", "%e %U %S %M", BIN])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    // Status 1: some rows were not addresses (reported on standard error,
    // as for any batch); 2 and above is a failure of the run.
    assert!(
        matches!(status.code(), Some(0 | 1)),
        "onecontact {args:?} failed: {status}"
    );
    let text = std::fs::read_to_string(&report).unwrap();
    let v: Vec<f64> = text
        .split_whitespace()
        .rev()
        .take(4)
        .map(|x| x.parse().unwrap())
        .collect();
    // Reversed: KiB, system, user, wall.
    Cost {
        wall: v[3],
        cpu: v[2] + v[1],
        peak_mib: v[0] / 1024.0,
    }
}

fn report(name: &str, rows: usize, cost: Cost) {
    println!(
        "{name:<44} {rows:>10} rows  wall {:>7.2} s  cpu {:>7.2} s  {:>9.0} rows/cpu-s  peak {:>7.1} MiB",
        cost.wall,
        cost.cpu,
        rows as f64 / cost.cpu,
        cost.peak_mib
    );
}

fn query(function: &str) -> String {
    format!("SELECT count({function}(url)) FROM t")
}

const DEDUP: &str = "SELECT key, first_value(url ORDER BY line) AS first_url, min(line) AS first_line, \
     count(*) AS count FROM (SELECT web_key_v1(url) AS key, url, line FROM t) \
     WHERE key IS NOT NULL GROUP BY key ORDER BY first_line";

/// A cluster process, killed on drop.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the command name (which ends with ')').
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of stat, 12 and 13 here.
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

fn peak_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<f64>()
        .unwrap()
        / 1024.0
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts a scheduler and `executors` executors (2 tasks each), runs
/// `sql` on them, and returns the executors' CPU and largest peak RSS.
fn on_cluster(executors: usize, table: &str, sql: &str) -> Cost {
    let spawn = |args: Vec<String>| {
        Proc(
            Command::new(BIN)
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        )
    };
    let port = free_port();
    let _scheduler = spawn(
        [
            "cluster",
            "scheduler",
            "--bind",
            &format!("127.0.0.1:{port}"),
            "--min-executors",
            &executors.to_string(),
        ]
        .map(str::to_owned)
        .to_vec(),
    );
    let procs: Vec<Proc> = (0..executors)
        .map(|_| {
            spawn(
                [
                    "cluster",
                    "executor",
                    "--scheduler",
                    &format!("127.0.0.1:{port}"),
                    "--flight-port",
                    &free_port().to_string(),
                    "--grpc-port",
                    &free_port().to_string(),
                    "--concurrent-tasks",
                    "2",
                ]
                .map(str::to_owned)
                .to_vec(),
            )
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !serve::http()
        .get(&format!("http://127.0.0.1:{port}/readyz"))
        .call()
        .is_ok_and(|r| r.status() == 200)
    {
        assert!(Instant::now() < deadline, "cluster not ready");
        std::thread::sleep(Duration::from_millis(100));
    }
    let before: f64 = procs.iter().map(|p| cpu_seconds(p.0.id())).sum();
    let started = Instant::now();
    let address = format!("df://127.0.0.1:{port}");
    let status = Command::new(BIN)
        .args([
            "sql",
            "--cluster",
            &address,
            "--partitions",
            "8",
            "--table",
            table,
            sql,
        ])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let wall = started.elapsed().as_secs_f64();
    let after: f64 = procs.iter().map(|p| cpu_seconds(p.0.id())).sum();
    let peak = procs.iter().map(|p| peak_mib(p.0.id())).fold(0.0, f64::max);
    Cost {
        wall,
        cpu: after - before,
        peak_mib: peak,
    }
}

fn main() {
    let counts: Vec<usize> = std::env::var("SQL_SCALE_ROWS")
        .unwrap_or_else(|_| "1000000,10000000".to_owned())
        .split(',')
        .map(|n| n.trim().parse().unwrap())
        .collect();
    let cluster = std::env::var("SQL_SCALE_CLUSTER").map_or(true, |v| v != "0");
    let corpus = corpus();
    println!(
        "{} addresses repeated; CPU = user + system seconds; rows/cpu-s is per core",
        corpus.len()
    );
    for rows in counts {
        let (dir, text) = inputs(&corpus, rows);
        let table = format!("t={}", dir.display());
        let text = text.display().to_string();
        report(
            "onecontact key --input (1 worker)",
            rows,
            timed(&["key", "--input", &text, "-j", "1", "--quiet"]),
        );
        for partitions in ["1", "2"] {
            for function in ["lower", "web_key_v1", "web_address"] {
                let sql = query(function);
                report(
                    &format!("sql {function}(url), {partitions} partition(s)"),
                    rows,
                    timed(&["sql", "--partitions", partitions, "--table", &table, &sql]),
                );
            }
        }
        report(
            "sql dedup by web_key_v1, 2 partitions",
            rows,
            timed(&[
                "sql",
                "--partitions",
                "2",
                "--table",
                &table,
                "--format",
                "csv",
                DEDUP,
            ]),
        );
        if cluster {
            for executors in [1, 2] {
                report(
                    &format!("cluster web_key_v1(url), {executors} executor(s)"),
                    rows,
                    on_cluster(executors, &table, &query("web_key_v1")),
                );
            }
        }
    }
}
