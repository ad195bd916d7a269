//! Replays every saved input in `tests/fuzz_regressions/` (fuzz crashes and
//! hand-picked edge cases) through `onecontact_psl::fuzzing::check`, the
//! check of `fuzz/fuzz_targets/psl.rs`.

use std::path::Path;

#[test]
fn replay_fuzz_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    onecontact_testkit::fuzz_replay::replay(&dir, "", onecontact_psl::fuzzing::check);
}
