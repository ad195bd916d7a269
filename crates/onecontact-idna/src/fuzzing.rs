//! The checks of the `idna` fuzz target, shared with the regression test that
//! replays saved inputs. Not part of the public API.

use crate::{Uts46, domain_to_ascii, domain_to_ascii_strict, domain_to_unicode, punycode};

/// Runs every entry point on `data` (lossy UTF-8) and returns a description of
/// the first broken property: domain-to-ASCII (relaxed and strict) idempotent
/// on its own output, domain-to-Unicode giving the input back on error,
/// Punycode decode inverting encode.
pub fn check(data: &[u8]) -> Result<(), String> {
    let input = String::from_utf8_lossy(data);
    let input: &str = &input;
    if let Ok(ascii) = domain_to_ascii(input)
        && domain_to_ascii(&ascii).as_deref() != Ok(&*ascii)
    {
        return Err(format!("domain_to_ascii not idempotent on {input:?}"));
    }
    if let Ok(ascii) = domain_to_ascii_strict(input)
        && domain_to_ascii_strict(&ascii).as_deref() != Ok(&*ascii)
    {
        return Err(format!("strict ToASCII not idempotent on {input:?}"));
    }
    let (unicode, result) = domain_to_unicode(input);
    if result.is_err() && unicode != input {
        return Err(format!("domain_to_unicode changed {input:?} on error"));
    }
    let transitional = Uts46 {
        transitional_processing: true,
        ignore_invalid_punycode: true,
        ..Uts46::RELAXED
    };
    let _ = transitional.to_ascii(input);
    let _ = transitional.to_unicode(input);
    if let Ok(encoded) = punycode::encode(input)
        && punycode::decode(&encoded).as_deref() != Ok(input)
    {
        return Err(format!("punycode round trip failed on {input:?}"));
    }
    let _ = punycode::decode(input);
    Ok(())
}
