//! Differential: `onecontact_url::Url::parse` against ada (`ada-url` 4.0.0,
//! C++ ada), the input alone and against a base (the text before a `\x01`,
//! else a fixed base). Success and href must agree, except for inputs that
//! `fuzz/ada-differences.txt` explains. The check lives in
//! `onecontact_url::fuzzing::check_differential`, which
//! `crates/onecontact-url/tests/ada_differential.rs` also runs on saved inputs.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use onecontact_idna::fuzzing::Differences;

static ALLOWED: LazyLock<Differences> = LazyLock::new(|| {
    Differences::parse(include_str!("../ada-differences.txt")).unwrap_or_else(|e| panic!("{e}"))
});

fn ada(input: &str, base: Option<&str>) -> Option<(String, String)> {
    ada_url::Url::parse(input, base)
        .ok()
        .map(|u| (u.href().to_owned(), u.hostname().to_owned()))
}

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact_url::fuzzing::check_differential(data, &ada, &ALLOWED) {
        panic!("{e}");
    }
});
