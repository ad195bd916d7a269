//! Differential: `onecontact_idna::domain_to_ascii` against ada's
//! (`ada_url::Idna::ascii`, which answers "" on failure). Success and the
//! ASCII form must agree, except for inputs that `fuzz/ada-differences.txt`
//! explains. The check lives in `onecontact_idna::fuzzing`, which
//! `crates/onecontact-idna/tests/ada_differential.rs` also runs on saved inputs.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use onecontact_idna::fuzzing::Differences;

static ALLOWED: LazyLock<Differences> = LazyLock::new(|| {
    Differences::parse(include_str!("../ada-differences.txt")).unwrap_or_else(|e| panic!("{e}"))
});

fn ada(input: &str) -> Option<String> {
    let ascii = ada_url::Idna::ascii(input);
    (!ascii.is_empty()).then_some(ascii)
}

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact_idna::fuzzing::check_domain_to_ascii(data, &ada, &ALLOWED) {
        panic!("{e}");
    }
});
