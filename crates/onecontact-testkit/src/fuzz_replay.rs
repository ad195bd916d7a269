//! Replay of saved fuzz inputs through a crate's `fuzzing` check.

use std::fs;
use std::path::{Path, PathBuf};

/// The files of `dir` whose names start with `prefix`, sorted by name;
/// `README.md` and other `*.md` notes are not inputs.
///
/// # Panics
///
/// When `dir` cannot be read.
pub fn inputs(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| p.extension().is_none_or(|e| e != "md"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    paths.sort();
    paths
}

/// Runs `check` (a crate's `fuzzing` check, as its fuzz target calls it) on
/// every input of `dir` whose name starts with `prefix` (`""` for all) and
/// returns how many ran.
///
/// # Panics
///
/// When an input fails its check (all failures are listed) or when there is
/// no input at all, so that a moved folder cannot pass silently.
pub fn replay(dir: &Path, prefix: &str, check: impl Fn(&[u8]) -> Result<(), String>) -> usize {
    let paths = inputs(dir, prefix);
    assert!(
        !paths.is_empty(),
        "no fuzz inputs named {prefix}* in {}",
        dir.display()
    );
    let mut failures = Vec::new();
    for path in &paths {
        let data = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if let Err(e) = check(&data) {
            failures.push(format!("{}: {e}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    paths.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_runs_and_a_failure_is_reported() {
        let dir = std::env::temp_dir().join(format!("testkit-replay-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        for (name, data) in [
            ("a-1", "ok"),
            ("a-2", "ok"),
            ("b-1", "bad"),
            ("README.md", "x"),
        ] {
            fs::write(dir.join(name), data).unwrap_or_else(|e| panic!("{e}"));
        }
        let check = |d: &[u8]| {
            if d == b"ok" {
                Ok(())
            } else {
                Err("not ok".to_owned())
            }
        };
        assert_eq!(replay(&dir, "a-", check), 2);
        let failed = std::panic::catch_unwind(|| replay(&dir, "", check));
        fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        assert!(failed.is_err());
    }
}
