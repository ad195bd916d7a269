//! Replays every saved input in `tests/fuzz_regressions/` (crashes and
//! property failures found by `fuzz/fuzz_targets/web_address.rs`) through
//! `onecontact::fuzzing::check`, the check that fuzz target runs, and
//! through `onecontact::fuzzing::check_key_direct` and
//! `check_key_v2_direct`, the checks of `fuzz/fuzz_targets/web_key.rs`.

use std::path::Path;

#[test]
fn replay_fuzz_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    onecontact_testkit::fuzz_replay::replay(&dir, "", onecontact::fuzzing::check);
}

#[test]
fn replay_fuzz_regressions_through_the_direct_key() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    onecontact_testkit::fuzz_replay::replay(&dir, "", onecontact::fuzzing::check_key_direct);
}

#[test]
fn replay_fuzz_regressions_through_the_direct_key_v2() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    onecontact_testkit::fuzz_replay::replay(&dir, "", onecontact::fuzzing::check_key_v2_direct);
}
