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

/// The differences from a peer implementation that a differential fuzz
/// target accepts, read from the one file that lists them with the URL
/// Standard's (or Unicode's) reason: `fuzz/ada-differences.txt`.
///
/// Each line that is not blank or a `#` comment is `U+XXXX` or
/// `U+XXXX..U+YYYY`, then the reason. An input holding a listed code point
/// may be answered differently; nothing else may.
#[derive(Debug, Clone, Default)]
pub struct Differences {
    ranges: Vec<(u32, u32)>,
}

impl Differences {
    /// Reads the file's text.
    ///
    /// # Errors
    ///
    /// The line that is neither a comment nor `U+…[..U+…] reason`.
    pub fn parse(text: &str) -> Result<Differences, String> {
        let code_point = |s: &str| {
            s.strip_prefix("U+")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
        };
        let mut ranges = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || {
                format!(
                    "line {}: want `U+XXXX[..U+YYYY] reason`, got {line:?}",
                    n + 1
                )
            };
            let (span, reason) = line.split_once(char::is_whitespace).ok_or_else(bad)?;
            if reason.trim().is_empty() {
                return Err(bad());
            }
            let (first, last) = match span.split_once("..") {
                Some((a, b)) => (
                    code_point(a).ok_or_else(bad)?,
                    code_point(b).ok_or_else(bad)?,
                ),
                None => {
                    let c = code_point(span).ok_or_else(bad)?;
                    (c, c)
                }
            };
            if first > last {
                return Err(bad());
            }
            ranges.push((first, last));
        }
        Ok(Differences { ranges })
    }

    /// Whether `text` holds a code point the list names.
    pub fn explains(&self, text: &str) -> bool {
        text.chars().any(|c| {
            let c = u32::from(c);
            self.ranges.iter().any(|&(a, b)| (a..=b).contains(&c))
        })
    }
}

/// Compares `domain_to_ascii` with a peer's (`peer` gives `None` for a
/// failure) on `data` (UTF-8 only; other bytes are skipped): the same
/// success and the same ASCII form, unless `allowed` explains the input.
pub fn check_domain_to_ascii(
    data: &[u8],
    peer: &dyn Fn(&str) -> Option<String>,
    allowed: &Differences,
) -> Result<(), String> {
    let Ok(input) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let ours = domain_to_ascii(input).ok();
    let theirs = peer(input);
    if ours.as_deref() != theirs.as_deref() && !allowed.explains(input) {
        return Err(format!(
            "domain_to_ascii({input:?}): ours {ours:?}, the peer's {theirs:?}"
        ));
    }
    Ok(())
}
