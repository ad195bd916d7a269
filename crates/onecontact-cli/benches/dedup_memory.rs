//! `onecontact dedup` at scale: peak memory (RSS), wall and CPU time on a
//! generated file of distinct addresses and one of repeated ones, beside
//! `sort -u` on the same addresses' keys and, when `DEDUP_PEER` names
//! another `onecontact` binary (an earlier build), beside that one.
//!
//! ```sh
//! cargo bench -p onecontact-cli --bench dedup_memory            # 10^6 lines
//! DEDUP_LINES=10000000 DEDUP_PEER=/path/to/old/onecontact cargo bench -p onecontact-cli --bench dedup_memory
//! ```
//!
//! Each command runs under `/usr/bin/time` (GNU time), whose maximum
//! resident set size is the peak RSS. The files go to `$TMPDIR`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Writes `lines` addresses: every one its own page (`distinct`), or drawn
/// from a tenth as many pages in several spellings (`mixed`).
fn generate(path: &Path, lines: u64, distinct: bool) {
    let mut out = BufWriter::new(File::create(path).unwrap());
    let mut x = 0x39u64;
    for i in 0..lines {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let n = if distinct {
            i
        } else {
            (x >> 24) % (lines / 10).max(1)
        };
        let (site, page) = (n / 7, n % 7);
        let line = match (x >> 60) % 4 {
            0 => format!(
                "https://www.shop-{site}.example-{}.com/catalog/item-{page}?utm_source=news&ref={page}\n",
                site % 97
            ),
            1 => format!(
                "shop-{site}.example-{}.com/catalog/item-{page}/?ref={page}\n",
                site % 97
            ),
            2 => format!(
                "HTTP://M.SHOP-{site}.EXAMPLE-{}.COM/catalog/item-{page}?ref={page}#top\n",
                site % 97
            ),
            _ => format!(
                "http://shop-{site}.example-{}.com/catalog/item-{page}?ref={page}&fbclid=x{i}\n",
                site % 97
            ),
        };
        out.write_all(line.as_bytes()).unwrap();
    }
    out.flush().unwrap();
}

/// Runs `sh -c script` under GNU time; returns (peak RSS MiB, wall s, CPU s).
fn measure(script: &str) -> (f64, f64, f64) {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "TIME %M %e %U %S", "sh", "-c", script])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("GNU time at /usr/bin/time");
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err
        .lines()
        .find_map(|l| l.strip_prefix("TIME "))
        .unwrap_or_else(|| panic!("{script}: {err}"));
    let f: Vec<f64> = line.split(' ').map(|v| v.parse().unwrap()).collect();
    (f[0] / 1024.0, f[1], f[2] + f[3])
}

fn main() {
    let lines: u64 = std::env::var("DEDUP_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let ours = env!("CARGO_BIN_EXE_onecontact");
    let peer = std::env::var("DEDUP_PEER").ok();
    let dir: PathBuf =
        std::env::temp_dir().join(format!("onecontact-dedup-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    println!("| input | contender | peak RSS | wall | CPU |\n|---|---|---:|---:|---:|");
    for distinct in [true, false] {
        let name = if distinct { "distinct" } else { "mixed" };
        let input = dir.join(format!("{name}.txt"));
        generate(&input, lines, distinct);
        let size = std::fs::metadata(&input).unwrap().len() as f64 / 1e6;
        let keys = dir.join(format!("{name}.keys"));
        let input_s = input.display();
        let keys_s = keys.display();
        measure(&format!(
            "{ours} key -q --input {input_s} | cut -f3 > {keys_s}"
        ));
        let mut rows = vec![
            (
                "dedup --memory 256M".to_owned(),
                format!("{ours} dedup -q --memory 256M --input {input_s}"),
            ),
            (
                "dedup --memory 64G (all in memory)".to_owned(),
                format!("{ours} dedup -q --memory 64G --input {input_s}"),
            ),
        ];
        if let Some(peer) = &peer {
            rows.push((
                "earlier build (hash map)".into(),
                format!("{peer} dedup -q --input {input_s}"),
            ));
        }
        rows.push((
            "LC_ALL=C sort -u keys".into(),
            format!("LC_ALL=C sort -u -S 256M -T {} {keys_s}", dir.display()),
        ));
        for (label, script) in rows {
            let (rss, wall, cpu) = measure(&script);
            println!(
                "| {name} {lines} lines ({size:.0} MB) | {label} | {rss:.0} MiB | {wall:.1} s | {cpu:.1} s |"
            );
        }
        let _ = std::fs::remove_file(&input);
        let _ = std::fs::remove_file(&keys);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
