//! Replays every saved fuzz input in `tests/fuzz_regressions/` through the
//! checks of `fuzz/fuzz_targets/idna.rs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::PathBuf;

use onecontact_idna::fuzzing::check;

#[test]
fn replay_fuzz_regressions() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        check(&std::fs::read(&path).unwrap()).unwrap();
        count += 1;
    }
    println!("replayed {count} fuzz regression inputs");
    assert!(count > 0, "no inputs in {}", dir.display());
}
