//! Replays every saved input in `tests/fuzz_regressions/` (crashes and
//! property failures found by `fuzz/fuzz_targets/web_address.rs`) through
//! `onecontact::fuzzing::check`, the check that fuzz target runs, and
//! through `onecontact::fuzzing::check_key_direct` and
//! `check_key_v2_direct`, the checks of `fuzz/fuzz_targets/web_key.rs`; the
//! `imitation-*` inputs also through
//! `onecontact::inspect::fuzzing::check_imitation`, the check of
//! `fuzz/fuzz_targets/imitation.rs`.

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

#[test]
fn replay_imitation_fuzz_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    onecontact_testkit::fuzz_replay::replay(&dir, "imitation-", |data| {
        // The target reads only UTF-8 inputs.
        std::str::from_utf8(data).map_or(Ok(()), onecontact::inspect::fuzzing::check_imitation)
    });
}
