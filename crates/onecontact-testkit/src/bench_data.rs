//! The URL lists of the shared bench data (the `shared/bench-data` folder
//! beside the repository on the project's machine), for tests that run
//! over every line of them.
//!
//! ```
//! if let Some(lists) = onecontact_testkit::bench_data::lists() {
//!     assert_eq!(lists.len(), onecontact_testkit::bench_data::LISTS.len());
//! }
//! ```

use std::path::Path;

/// The URL lists, as paths under the bench-data folder.
pub const LISTS: [&str; 4] = [
    "others/kasztp.txt",
    "others/userbait.txt",
    "files/node_files.txt",
    "files/isaacs_files.txt",
];

/// Each of [`LISTS`] with its text, or `None` (said on stderr) when the
/// folder is not there.
///
/// # Panics
///
/// When the folder is there but a list cannot be read.
pub fn lists() -> Option<Vec<(&'static str, String)>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data");
    if !root.exists() {
        eprintln!("skipped: {} not found", root.display());
        return None;
    }
    let read = |file: &'static str| {
        let path = root.join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        (file, text)
    };
    Some(LISTS.into_iter().map(read).collect())
}
