//! Replays the inputs in tests/fuzz_regressions/ with the fuzz targets' checks.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_url::fuzzing::{check_parse, check_setters};

#[test]
fn replay_fuzz_regressions() {
    let dir = format!("{}/tests/fuzz_regressions", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        if name.starts_with("parse-") {
            check_parse(text).unwrap();
            count += 1;
        } else if name.starts_with("setters-") {
            check_setters(text).unwrap();
            count += 1;
        }
    }
    assert!(count >= 4, "expected regression inputs in {dir}");
}
