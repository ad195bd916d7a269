//! How many times the basic URL parser ran on this thread (feature
//! `parse-counter`): for tests that check a caller reads a text once.
//!
//! ```
//! use onecontact_url::{Url, parse_counter};
//!
//! let before = parse_counter::parses_on_this_thread();
//! let url = Url::parse("https://example.com/").unwrap();
//! let _ = url.join("a");
//! assert_eq!(parse_counter::parses_on_this_thread() - before, 2);
//! ```

use core::cell::Cell;

thread_local! {
    static PARSES: Cell<u64> = const { Cell::new(0) };
}

/// Counts one run of the parser (every constructor: plain, with a base,
/// with errors or spans; setters are not counted).
pub(crate) fn count() {
    PARSES.with(|n| n.set(n.get().wrapping_add(1)));
}

/// The number of parses run on this thread so far.
pub fn parses_on_this_thread() -> u64 {
    PARSES.with(Cell::get)
}
