//! Replays the inputs in `tests/fuzz_regressions/` (saved fuzz crashes and
//! hand-picked edge cases) with the checks of `fuzz/fuzz_targets/psl.rs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_psl::fuzzing::check;

#[test]
fn replay_saved_inputs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz_regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        check(&data).unwrap();
        count += 1;
    }
    assert!(count > 0, "no inputs in {dir}");
    eprintln!("replayed {count} inputs");
}
