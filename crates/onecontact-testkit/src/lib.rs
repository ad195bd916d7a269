//! Test support shared by the test suites of the onecontact crates, one
//! module per concern:
//!
//! - [`bench_data`]: the URL lists of the shared bench data, for tests
//!   over every line;
//! - [`fuzz_replay`]: replays the saved inputs of a fuzz target (crashes and
//!   hand-picked edge cases in a crate's `tests/fuzz_regressions/`) through
//!   the crate's `fuzzing` check, the same function the fuzz target calls;
//! - [`json`]: JSON test data with lone surrogates, as a browser reads it;
//! - [`expected`]: compares the failures of a conformance run with its list
//!   of expected failures, which must match exactly (an unexpected failure,
//!   an unexpected pass and a stale entry each fail the test).
//!
//! The CLI's HTTP test client lives with the CLI's tests
//! (`crates/onecontact-cli/tests/support/`), the only suite that talks HTTP.
//!
//! ```
//! use onecontact_testkit::expected::Expected;
//!
//! let expected = Expected::new("demo", [("b", "listed: a known difference")]);
//! expected.assert_matches(["a", "b", "c"], |case| case == "b");
//! ```
#![allow(clippy::panic)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bench_data;
pub mod expected;
pub mod fuzz_replay;
pub mod json;
