//! The checks of the `idna` fuzz target, shared with the regression test that
//! replays saved inputs. Not part of the public API.

use crate::prelude::*;
use crate::{
    Uts46, domain_to_ascii, domain_to_ascii_strict, domain_to_unicode,
    is_forbidden_domain_code_point, punycode,
};

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
/// Each line that is not blank or a `#` comment is one entry, then its
/// reason:
/// - `U+XXXX` or `U+XXXX..U+YYYY`: an input holding such a code point;
/// - `non-ascii-longer-than N`: an input holding non-ASCII text and longer
///   than N UTF-16 code units;
/// - `bidi-rule`, `context-j`, `nfc`, `punycode-leading-hyphen`: an input
///   onecontact answers differently from the peer, where the peer's own
///   ASCII answer fails UTS #46 ToASCII here by errors of the listed rules
///   alone: the Bidi Rule (RFC 5893), the CONTEXTJ rules of ZWJ and ZWNJ
///   (RFC 5892 appendix A), Normalization Form C (UTS #46 validity
///   criterion 1), an `xn---…` label that RFC 3492 does not decode because
///   of its leading hyphen.
///
/// Such an input may be answered differently; nothing else may.
#[derive(Debug, Clone, Default)]
pub struct Differences {
    ranges: Vec<(u32, u32)>,
    non_ascii_longer_than: Option<usize>,
    bidi_rule: bool,
    context_j: bool,
    nfc: bool,
    punycode_leading_hyphen: bool,
}

impl Differences {
    /// Reads the file's text.
    ///
    /// # Errors
    ///
    /// The line that is neither a comment nor an entry with a reason.
    pub fn parse(text: &str) -> Result<Differences, String> {
        let code_point = |s: &str| {
            s.strip_prefix("U+")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
        };
        let mut differences = Differences::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || {
                format!(
                    "line {}: want `U+XXXX[..U+YYYY] reason` or \
                     `non-ascii-longer-than N reason`, got {line:?}",
                    n + 1
                )
            };
            let mut words = line.split_whitespace();
            let first = words.next().ok_or_else(bad)?;
            let rule = match first {
                "bidi-rule" => Some(&mut differences.bidi_rule),
                "context-j" => Some(&mut differences.context_j),
                "nfc" => Some(&mut differences.nfc),
                "punycode-leading-hyphen" => Some(&mut differences.punycode_leading_hyphen),
                _ => None,
            };
            if let Some(rule) = rule {
                words.next().ok_or_else(bad)?;
                *rule = true;
                continue;
            }
            if first == "non-ascii-longer-than" {
                let limit = words.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
                words.next().ok_or_else(bad)?;
                differences.non_ascii_longer_than = Some(limit);
                continue;
            }
            words.next().ok_or_else(bad)?;
            let (a, b) = match first.split_once("..") {
                Some((a, b)) => (
                    code_point(a).ok_or_else(bad)?,
                    code_point(b).ok_or_else(bad)?,
                ),
                None => {
                    let c = code_point(first).ok_or_else(bad)?;
                    (c, c)
                }
            };
            if a > b {
                return Err(bad());
            }
            differences.ranges.push((a, b));
        }
        // Overlapping ranges would hide one another from the binary search
        // in `explains`: merge them.
        differences.ranges.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(differences.ranges.len());
        for (a, b) in differences.ranges.drain(..) {
            match merged.last_mut() {
                Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        differences.ranges = merged;
        Ok(differences)
    }

    /// Whether an entry of the list covers `text`.
    pub fn explains(&self, text: &str) -> bool {
        if let Some(limit) = self.non_ascii_longer_than
            && !text.is_ascii()
            && text.encode_utf16().count() > limit
        {
            return true;
        }
        // The ranges are sorted by their start (`parse`); a fuzz target asks
        // this of every input, so each character costs one binary search.
        text.chars().any(|c| {
            let c = u32::from(c);
            let after = self.ranges.partition_point(|&(a, _)| a <= c);
            after
                .checked_sub(1)
                .and_then(|i| self.ranges.get(i))
                .is_some_and(|&(_, b)| c <= b)
        })
    }
}

impl Differences {
    /// Whether a listed code point is in a Punycode label (`xn--…`) of
    /// `answer`, an ASCII host or href, once decoded. A label runs to the
    /// next `.` or the end of the host (`:`, `/`, `?`, `#`): a domain label
    /// may hold other ASCII (`xn--,db-…` decodes to `,` and more).
    pub fn explains_answer(&self, answer: &str) -> bool {
        let lower = answer.to_ascii_lowercase();
        let mut rest = lower.as_str();
        while let Some(at) = rest.find("xn--") {
            let label = rest.get(at + 4..).unwrap_or_default();
            let end = label.find(['.', ':', '/', '?', '#']).unwrap_or(label.len());
            if let Ok(decoded) = punycode::decode(label.get(..end).unwrap_or_default())
                && self.explains(&decoded)
            {
                return true;
            }
            rest = label.get(end..).unwrap_or_default();
        }
        false
    }

    /// Whether the list explains that onecontact answers differently for a
    /// host the peer converts to `peer_ascii`: its `bidi-rule`, `context-j`,
    /// `nfc` and `punycode-leading-hyphen` entries, when UTS #46 ToASCII of
    /// `peer_ascii` fails here by errors of the listed rules alone (so the
    /// peer's answer is not a valid one).
    pub fn explains_peer_answer(&self, peer_ascii: &str) -> bool {
        if !self.bidi_rule && !self.context_j && !self.nfc && !self.punycode_leading_hyphen {
            return false;
        }
        // UTS #46 ToASCII as the domain parser runs it on non-ASCII input
        // (the parser returns ASCII input as it is, xn-- labels included).
        let Err(errors) = Uts46::RELAXED.to_ascii(peer_ascii) else {
            return false;
        };
        errors.errors().iter().all(|e| match e.kind {
            crate::ErrorKind::Bidi(_) => self.bidi_rule,
            crate::ErrorKind::ContextJ(_) => self.context_j,
            crate::ErrorKind::NotNfc => self.nfc,
            crate::ErrorKind::InvalidPunycode => {
                self.punycode_leading_hyphen
                    && e.label
                        .and_then(|i| peer_ascii.split('.').nth(i))
                        .is_some_and(decodes_without_leading_hyphen)
            }
            _ => false,
        })
    }
}

/// Whether `label` is `xn--` then `-` then Punycode that RFC 3492 decodes:
/// a label whose only fault is a leading hyphen that the decoder, finding no
/// basic code points before it, does not take as the delimiter (RFC 3492
/// section 6.2: the delimiter is consumed only after at least one basic code
/// point), while a peer does.
fn decodes_without_leading_hyphen(label: &str) -> bool {
    label
        .get(..4)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("xn--"))
        && label
            .get(4..)
            .and_then(|rest| rest.strip_prefix('-'))
            .is_some_and(|rest| !rest.is_empty() && punycode::decode(rest).is_ok())
}

/// Compares `domain_to_ascii` with a peer's UTS #46 ToASCII (`peer` gives
/// `None` for a failure) on `data` (UTF-8 only; other bytes are skipped).
/// The peer's answer is completed with the remaining steps of the URL
/// Standard's domain parser
/// (<https://url.spec.whatwg.org/#concept-domain-to-ascii>): an empty
/// result or one holding a forbidden domain code point is a failure. Then
/// success and the ASCII form must agree, unless `allowed` explains the
/// input.
pub fn check_domain_to_ascii(
    data: &[u8],
    peer: &dyn Fn(&str) -> Option<String>,
    allowed: &Differences,
) -> Result<(), String> {
    let Ok(input) = core::str::from_utf8(data) else {
        return Ok(());
    };
    let ours = domain_to_ascii(input).ok();
    let theirs =
        peer(input).filter(|a| !a.is_empty() && !a.chars().any(is_forbidden_domain_code_point));
    let peer_explained = theirs
        .as_deref()
        .is_some_and(|a| allowed.explains_peer_answer(a));
    let explained = peer_explained
        || allowed.explains(input)
        || [ours.as_deref(), theirs.as_deref()]
            .into_iter()
            .flatten()
            .any(|a| allowed.explains_answer(a));
    if ours.as_deref() != theirs.as_deref() && !explained {
        return Err(format!(
            "domain_to_ascii({input:?}): ours {ours:?}, the peer's {theirs:?}"
        ));
    }
    Ok(())
}
