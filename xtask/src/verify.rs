//! `cargo xtask verify`: every file named in every `testdata/*/PIN` has the
//! recorded size and sha256, and no data file of a pinned folder goes unlisted.

use std::path::Path;

use crate::pinfile::{Pin, read, sha256_hex};

/// Checks every PIN below `root/testdata`.
pub fn run(root: &Path) -> Result<(), String> {
    let testdata = root.join("testdata");
    let mut dirs: Vec<_> = std::fs::read_dir(&testdata)
        .map_err(|e| format!("cannot list {}: {e}", testdata.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let mut problems = Vec::new();
    let mut checked = 0usize;
    for dir in &dirs {
        let pin_path = dir.join("PIN");
        let rel = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
        let text = match std::fs::read_to_string(&pin_path) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{}: {e}", rel(&pin_path)));
                continue;
            }
        };
        let pin = Pin::parse(&text, &rel(&pin_path))?;
        for row in &pin.rows {
            let path = dir.join(&row.file);
            match read(&path) {
                Err(e) => problems.push(e),
                Ok(bytes) => {
                    let sha = sha256_hex(&bytes);
                    if sha != row.sha256 {
                        problems.push(format!(
                            "{}: sha256 is {sha}, PIN says {}",
                            rel(&path),
                            row.sha256
                        ));
                    } else if bytes.len() as u64 != row.bytes {
                        problems.push(format!(
                            "{}: {} bytes, PIN says {}",
                            rel(&path),
                            bytes.len(),
                            row.bytes
                        ));
                    }
                    checked += 1;
                }
            }
        }
        if let Ok(entries) = std::fs::read_dir(dir) {
            for entry in entries.filter_map(Result::ok) {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name != "PIN" && !pin.rows.iter().any(|r| r.file == name) {
                    problems.push(format!(
                        "{}: not listed in {}",
                        rel(&entry.path()),
                        rel(&pin_path)
                    ));
                }
            }
        }
    }
    if problems.is_empty() {
        println!(
            "verify: {checked} pinned files in {} folders match their PIN",
            dirs.len()
        );
        Ok(())
    } else {
        Err(format!(
            "pinned data does not match:\n  {}",
            problems.join("\n  ")
        ))
    }
}
