//! Fuzzes brand imitation on arbitrary hosts and lists of one's own
//! domains: the input's lines before its last are the list, the last line
//! the link. No panic, consistent findings
//! (`onecontact::inspect::fuzzing::check_imitation`), and a cost bound: one
//! inspection of an input under 4 KB takes under 50 ms even in a debug
//! build (the searches are indexed, so a host is never compared with every
//! domain of a list).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > 4096 {
        return;
    }
    let start = std::time::Instant::now();
    if let Err(e) = onecontact::inspect::fuzzing::check_imitation(text) {
        panic!("{e}");
    }
    let spent = start.elapsed();
    assert!(
        spent < std::time::Duration::from_millis(50),
        "{text:?} took {spent:?}"
    );
});
