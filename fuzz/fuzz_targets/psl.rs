//! onecontact-psl: arbitrary input never panics, and answers are label-aligned
//! suffixes of the input.
//!
//! The first byte picks the mode: even → the input (lossy UTF-8) is looked up
//! in the baked list, directly and after `to_ascii`; odd → it is loaded with
//! `List::parse` and, when that succeeds, its own lines are looked up in it.
//! `crates/onecontact-psl/tests/fuzz_regressions.rs` replays saved inputs
//! with the same checks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onecontact_psl::List;

fn check(list: &List, domain: &str) {
    let host = domain.strip_suffix('.').unwrap_or(domain);
    let aligned = |part: &str| {
        host.ends_with(part)
            && (part.len() == host.len() || host.as_bytes()[host.len() - part.len() - 1] == b'.')
    };
    let suffix = list.suffix(domain);
    assert!(
        aligned(suffix.as_str()),
        "suffix {:?} of {domain:?}",
        suffix.as_str()
    );
    if let Some(reg) = list.registrable_domain(domain) {
        assert!(aligned(reg), "registrable {reg:?} of {domain:?}");
        assert!(reg.len() > suffix.as_str().len() && reg.ends_with(suffix.as_str()));
        assert!(!reg.starts_with('.') && !reg.contains(".."));
    }
    let _ = list.is_icann_tld(domain);
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    if mode % 2 == 0 {
        check(List::baked(), &text);
        if let Ok(ascii) = onecontact_psl::to_ascii(&text) {
            check(List::baked(), &ascii);
        }
    } else if let Ok(list) = List::parse(&text) {
        for line in text.lines().take(64) {
            check(&list, line.trim_start_matches('!').trim_start_matches("*."));
            check(&list, &format!("x.{line}"));
        }
    }
});
