//! Fuzzes brand imitation on arbitrary hosts and lists of one's own
//! domains: the input's lines before its last are the list (a user's
//! `--top-domains`), the last line the link. No panic, consistent findings
//! (`onecontact::inspect::fuzzing::check_imitation`, which
//! `crates/onecontact/tests/fuzz_regressions.rs` replays on the saved
//! `imitation-*` inputs), and a cost bound: one inspection of an input
//! under 4 KB takes under 50 ms (the searches are indexed, so a host is
//! never compared with every domain of a list). The bound is wall-clock
//! time on a shared machine: the tables built on first use are built
//! before the first input is timed, and an input is timed twice, the
//! faster run counting, so that a pause of the process is not taken for
//! a slow search.
#![no_main]

use std::sync::Once;
use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;

/// Inputs that build every table the heuristics read on first use.
const WARM_UP: [&str; 3] = [
    "https://xn--pypal-4ve.com/",
    "myetherwallet.com\nhttps://myetherwaliet.com/",
    "https://paypal.com.evil-login.co.uk./",
];

fuzz_target!(|data: &[u8]| {
    static WARM: Once = Once::new();
    WARM.call_once(|| {
        for text in WARM_UP {
            let _ = onecontact::inspect::fuzzing::check_imitation(text);
        }
    });
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > 4096 {
        return;
    }
    let mut fastest = Duration::MAX;
    for _ in 0..2 {
        let start = Instant::now();
        if let Err(e) = onecontact::inspect::fuzzing::check_imitation(text) {
            panic!("{e}");
        }
        fastest = fastest.min(start.elapsed());
    }
    assert!(
        fastest < Duration::from_millis(50),
        "{text:?} took {fastest:?}"
    );
});
