//! A real Ballista cluster: `onecontact cluster scheduler` and two
//! `onecontact cluster executor` processes on 127.0.0.1 (free ports), the
//! de-duplication query over 1,000,000 generated rows in 8 Parquet files
//! submitted with `onecontact sql --cluster`, and its result compared row for
//! row with the same query on a local DataFusion context and with
//! `onecontact dedup` on the same rows. Each executor must have run tasks.
//!
//! Every process is killed when the test ends, also when it fails; every
//! wait has a deadline.

#![cfg(feature = "sql")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

/// The tests' one HTTP client.
#[path = "support/serve.rs"]
mod serve;

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use datafusion::arrow::array::{Int64Array, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::parquet::arrow::ArrowWriter;

const ROWS: usize = 1_000_000;
const FILES: usize = 8;
const START_LIMIT: Duration = Duration::from_secs(120);
const QUERY_LIMIT: Duration = Duration::from_secs(900);

/// The query the three runs share.
const DEDUP: &str = "SELECT key, first_value(url ORDER BY line) AS first_url, \
     min(line) AS first_line, count(*) AS count \
     FROM (SELECT web_key_v1(url) AS key, url, line FROM contacts) \
     WHERE key IS NOT NULL GROUP BY key ORDER BY first_line";

/// A folder removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("onecontact-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A cluster process; dropping it kills and reaps it. Its standard error is
/// collected in `log`.
struct Process {
    name: &'static str,
    child: Child,
    log: Arc<Mutex<String>>,
}

impl Process {
    fn start(name: &'static str, args: &[String]) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_onecontact"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("could not start {name}: {e}"));
        let log = Arc::new(Mutex::new(String::new()));
        let mut stderr = child.stderr.take().unwrap();
        let sink = log.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        Process { name, child, log }
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Fails the test if the process has exited.
    fn check_running(&mut self) {
        if let Some(status) = self.child.try_wait().unwrap() {
            panic!("{} exited ({status}):\n{}", self.name, self.log());
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `n` distinct free ports on 127.0.0.1 (held open until all are chosen).
fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// Runs `onecontact ARGS` to completion within `limit`; returns stdout.
/// Exit status `expected` is a success (`dedup` exits with 1 when some
/// lines are not addresses).
fn run_bounded(args: &[String], limit: Duration, expected: i32) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        stdout.read_to_string(&mut s).map(|_| s)
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        stderr.read_to_string(&mut s).map(|_| s)
    });
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`onecontact {}` took longer than {limit:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = out.join().unwrap().unwrap();
    let err = err.join().unwrap().unwrap();
    assert_eq!(
        status.code(),
        Some(expected),
        "`onecontact {}` failed ({status}):\n{err}",
        args.join(" ")
    );
    out
}

/// Deterministic contact-like addresses: organisations written many ways
/// (scheme or none, www./m., case, index pages, tracking parameters,
/// fragments), mail and social addresses, and some text that is not an
/// address at all.
fn generate(rows: usize) -> Vec<String> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let tlds = ["com", "co.uk", "de", "org", "com.au", "io", "fr", "net"];
    let paths = [
        "",
        "/",
        "/index.html",
        "/about",
        "/contact",
        "/Team/",
        "/shop/item?id=7",
    ];
    (0..rows)
        .map(|_| {
            let r = next();
            let org = (r % 20_000) as usize;
            let tld = tlds[org % tlds.len()];
            let variant = (r >> 20) % 100;
            let host = match (r >> 28) % 4 {
                0 => format!("org{org}.{tld}"),
                1 => format!("www.org{org}.{tld}"),
                2 => format!("WWW.Org{org}.{}", tld.to_uppercase()),
                _ => format!("m.org{org}.{tld}"),
            };
            let path = paths[((r >> 32) % paths.len() as u64) as usize];
            match variant {
                0 => format!("https://org {org}.{tld}/"),
                1 => format!("http://org{org}.{tld}:99999/"),
                2..=5 => format!("mailto:Info@Org{org}.{tld}"),
                6..=9 => format!("https://www.linkedin.com/company/org{org}"),
                _ => {
                    let scheme = ["", "http://", "https://", "HTTPS://"][((r >> 36) % 4) as usize];
                    let tracking = match (r >> 40) % 5 {
                        0 => "?utm_source=newsletter&utm_medium=email",
                        1 => "#contact",
                        _ => "",
                    };
                    let sep = if path.contains('?') && tracking.starts_with('?') {
                        "&utm_campaign=x"
                    } else {
                        tracking
                    };
                    format!("{scheme}{host}{path}{sep}")
                }
            }
        })
        .collect()
}

/// Writes the rows as `FILES` Parquet files `part-N.parquet` of
/// `(line BIGINT, url VARCHAR)`, lines counted from 1, and as a text file
/// of one address per line.
fn write_inputs(rows: &[String], parquet_dir: &Path, text: &Path) {
    let schema = Arc::new(Schema::new(vec![
        Field::new("line", DataType::Int64, false),
        Field::new("url", DataType::Utf8, false),
    ]));
    let per_file = rows.len().div_ceil(FILES);
    for (n, chunk) in rows.chunks(per_file).enumerate() {
        let first = (n * per_file + 1) as i64;
        let lines: Int64Array = (first..first + chunk.len() as i64).collect();
        let urls = StringArray::from_iter_values(chunk);
        let batch =
            RecordBatch::try_new(schema.clone(), vec![Arc::new(lines), Arc::new(urls)]).unwrap();
        let file = File::create(parquet_dir.join(format!("part-{n}.parquet"))).unwrap();
        let mut writer = ArrowWriter::try_new(file, schema.clone(), None).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
    }
    let mut out = BufWriter::new(File::create(text).unwrap());
    for row in rows {
        writeln!(out, "{row}").unwrap();
    }
    out.flush().unwrap();
}

/// One group: key, first address, its line, count.
type Group = (String, String, i64, i64);

fn sql_groups(json_lines: &str) -> Vec<Group> {
    json_lines
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                v["key"].as_str().unwrap().to_owned(),
                v["first_url"].as_str().unwrap().to_owned(),
                v["first_line"].as_i64().unwrap(),
                v["count"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn dedup_groups(json_lines: &str) -> Vec<Group> {
    json_lines
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let first = &v["members"][0];
            (
                v["key"].as_str().unwrap().to_owned(),
                first["input"].as_str().unwrap().to_owned(),
                first["line"].as_i64().unwrap(),
                v["count"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn wait_ready(scheduler_port: u16, processes: &mut [&mut Process]) {
    let url = format!("http://127.0.0.1:{scheduler_port}/readyz");
    let deadline = Instant::now() + START_LIMIT;
    loop {
        for p in processes.iter_mut() {
            p.check_running();
        }
        if let Ok(response) = serve::http().get(&url).call()
            && response.status() == 200
        {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the scheduler did not report 2 executors within {START_LIMIT:?}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn s(text: impl Into<String>) -> String {
    text.into()
}

#[test]
fn a_scheduler_and_two_executors_deduplicate_a_million_rows_like_one_machine() {
    let started = Instant::now();
    let dir = TempDir::new("cluster-test");
    let parquet = dir.0.join("contacts");
    std::fs::create_dir_all(&parquet).unwrap();
    let text = dir.0.join("contacts.txt");
    let rows = generate(ROWS);
    write_inputs(&rows, &parquet, &text);
    drop(rows);
    let table = format!("contacts={}", parquet.display());

    let ports = free_ports(5);
    let scheduler_port = ports[0];
    let mut scheduler = Process::start(
        "scheduler",
        &[
            s("cluster"),
            s("scheduler"),
            s("--bind"),
            format!("127.0.0.1:{scheduler_port}"),
            s("--min-executors"),
            s("2"),
        ],
    );
    let executor = |n: usize| {
        let work = dir.0.join(format!("executor-{n}"));
        std::fs::create_dir_all(&work).unwrap();
        Process::start(
            if n == 1 { "executor 1" } else { "executor 2" },
            &[
                s("cluster"),
                s("executor"),
                s("--scheduler"),
                format!("127.0.0.1:{scheduler_port}"),
                s("--flight-port"),
                ports[2 * n - 1].to_string(),
                s("--grpc-port"),
                ports[2 * n].to_string(),
                s("--concurrent-tasks"),
                s("2"),
                s("--work-dir"),
                work.display().to_string(),
            ],
        )
    };
    let mut first = executor(1);
    let mut second = executor(2);
    wait_ready(
        scheduler_port,
        &mut [&mut scheduler, &mut first, &mut second],
    );

    let on_cluster = run_bounded(
        &[
            s("sql"),
            s("--cluster"),
            format!("df://127.0.0.1:{scheduler_port}"),
            s("--partitions"),
            s("8"),
            s("--table"),
            table.clone(),
            s("--format"),
            s("json"),
            s(DEDUP),
        ],
        QUERY_LIMIT,
        0,
    );
    let cluster_done = started.elapsed();
    let local = run_bounded(
        &[
            s("sql"),
            s("--table"),
            table,
            s("--format"),
            s("json"),
            s(DEDUP),
        ],
        QUERY_LIMIT,
        0,
    );
    let dedup = run_bounded(
        &[
            s("dedup"),
            // The SQL groups by web_key_v1.
            s("--key-version"),
            s("1"),
            s("--all"),
            s("--format"),
            s("jsonl"),
            s("--quiet"),
            s("--input"),
            text.display().to_string(),
        ],
        QUERY_LIMIT,
        1,
    );

    let on_cluster = sql_groups(&on_cluster);
    let local = sql_groups(&local);
    let dedup = dedup_groups(&dedup);
    // Many groups, many duplicates, and some rows that are not addresses.
    let counted: i64 = dedup.iter().map(|g| g.3).sum();
    assert!(dedup.len() > 50_000, "{} groups", dedup.len());
    assert!(
        counted > 900_000 && counted < ROWS as i64,
        "{counted} rows grouped"
    );
    assert_eq!(on_cluster.len(), dedup.len());
    for (i, ((c, l), d)) in on_cluster.iter().zip(&local).zip(&dedup).enumerate() {
        assert_eq!(c, l, "row {i}: cluster vs local DataFusion");
        assert_eq!(c, d, "row {i}: cluster vs onecontact dedup");
    }
    assert_eq!(local.len(), dedup.len());

    // Both executors ran tasks of the job.
    first.check_running();
    second.check_running();
    for executor in [&first, &second] {
        let log = executor.log();
        let tasks = log.lines().filter(|l| l.contains(": task ")).count();
        assert!(tasks > 0, "{} ran no task:\n{log}", executor.name);
        eprintln!("{}: {tasks} tasks", executor.name);
    }
    eprintln!(
        "cluster query done after {cluster_done:?} (data generation included); all done after {:?}",
        started.elapsed()
    );
}
