//! Replays the inputs in `tests/fuzz_regressions/` (saved fuzz crashes and
//! hand-picked edge cases) with the checks of `fuzz/fuzz_targets/psl.rs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

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

fn replay(data: &[u8]) {
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
}

#[test]
fn replay_saved_inputs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz_regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        replay(&data);
        count += 1;
    }
    assert!(count > 0, "no inputs in {dir}");
    eprintln!("replayed {count} inputs");
}
