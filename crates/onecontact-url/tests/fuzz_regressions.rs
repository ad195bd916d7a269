//! Replays the saved inputs in `tests/fuzz_regressions/` through the checks
//! of the two fuzz targets: `parse-*` through
//! `onecontact_url::fuzzing::check_parse_bytes` (`fuzz_targets/url_parse.rs`),
//! `setters-*` through `check_setters_bytes` (`fuzz_targets/url_setters.rs`).

use std::path::Path;

use onecontact_testkit::fuzz_replay::replay;
use onecontact_url::fuzzing::{check_parse_bytes, check_setters_bytes};

#[test]
fn replay_fuzz_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    replay(&dir, "parse-", check_parse_bytes);
    replay(&dir, "setters-", check_setters_bytes);
}
