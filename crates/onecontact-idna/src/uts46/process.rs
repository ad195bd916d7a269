//! The UTS #46 processing steps (section 4): map, normalize, break into
//! labels, convert Punycode labels and check validity; then the Bidi rule
//! over the whole domain; then the result is written in Unicode
//! (ToUnicode) or in ASCII (ToASCII step 3).

use super::scratch::{Scratch, with_scratch};
use super::{Uts46, mapping, validity};
use crate::bidi;
use crate::errors::{ErrorKind, IdnaError};
use crate::gigo::Gigo;
use crate::prelude::*;
use crate::punycode::{self, PunycodeError};

/// Whether processing would give back `domain` unchanged apart from
/// errors: ASCII, no uppercase letter, no label starting with `xn--`.
pub(crate) fn is_identity_ascii(domain: &str) -> bool {
    let bytes = domain.as_bytes();
    if !bytes
        .iter()
        .all(|&b| b.is_ascii() && !b.is_ascii_uppercase())
    {
        return false;
    }
    !domain.split('.').any(|label| label.starts_with("xn--"))
}

/// Checks the labels of a domain for which [`is_identity_ascii`] holds.
/// ASCII cannot make a domain right-to-left, so the Bidi rule never applies.
pub(crate) fn check_ascii_labels(flags: &Uts46, domain: &str, errors: &mut Vec<IdnaError>) {
    if !flags.check_hyphens && !flags.use_std3_ascii_rules {
        return;
    }
    for (i, label) in domain.split('.').enumerate() {
        validity::check_ascii_label(flags, label, i, errors);
    }
}

/// The form the result is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// As it is after processing (ToUnicode), written even with errors.
    Unicode,
    /// Non-ASCII labels as `xn--` + Punycode (ToASCII step 3); with
    /// `first_error_only`, written only when no error was found.
    Ascii,
}

/// Runs the processing steps on `domain`, appending the result to `out`
/// in `form` and the failed criteria to `errors`. With `first_error_only`,
/// stops at the first failed criterion.
pub(crate) fn process(
    flags: &Uts46,
    domain: &str,
    form: Form,
    first_error_only: bool,
    out: &mut String,
    errors: &mut Vec<IdnaError>,
) {
    with_scratch(|scratch| {
        let mut state = State {
            flags,
            first_error_only,
            errors,
            rtl_domain: false,
            decode_budget: crate::MAX_NON_ASCII_HOST_LEN,
            too_long: false,
        };
        state.convert_validate(domain, scratch);
        let labels = Labels {
            unicode: &scratch.unicode,
            ends: &scratch.ends,
        };
        // Criterion 9, once the whole domain is known to be right-to-left.
        if flags.check_bidi && state.rtl_domain && !state.stop() {
            for (i, label) in labels.iter().enumerate() {
                if let Err(rule) = bidi::check_label(label) {
                    state.errors.push(IdnaError {
                        kind: ErrorKind::Bidi(rule),
                        label: Some(i),
                    });
                }
            }
        }
        match form {
            Form::Unicode => {
                out.reserve(domain.len());
                out.extend(scratch.unicode.iter());
            }
            Form::Ascii if state.errors.is_empty() || !first_error_only => {
                write_ascii(&labels, out, state.errors);
            }
            Form::Ascii => {}
        }
    });
}

/// ToASCII step 3: every label with non-ASCII code points in Punycode.
fn write_ascii(labels: &Labels<'_>, out: &mut String, errors: &mut Vec<IdnaError>) {
    out.reserve(labels.unicode.len() + 8);
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        if label.iter().all(char::is_ascii) {
            out.extend(label.iter());
        } else {
            out.push_str("xn--");
            if punycode::encode_chars_into(label, out).is_err() {
                errors.push(IdnaError {
                    kind: ErrorKind::PunycodeEncode,
                    label: Some(i),
                });
            }
        }
    }
}

/// The processed domain: code points, and where each label ends (a label
/// decoded from Punycode may itself contain a dot, which is an error, so
/// the ends are kept rather than found again).
struct Labels<'a> {
    unicode: &'a [char],
    ends: &'a [usize],
}

impl<'a> Labels<'a> {
    fn iter(&self) -> impl Iterator<Item = &'a [char]> + '_ {
        let unicode = self.unicode;
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let label = unicode.get(start..end).unwrap_or_gigo();
            // Labels are separated by one dot in `unicode`.
            start = end + 1;
            label
        })
    }
}

struct State<'f, 'e> {
    flags: &'f Uts46,
    first_error_only: bool,
    errors: &'e mut Vec<IdnaError>,
    /// Whether a label seen so far has an R, AL or AN code point.
    rtl_domain: bool,
    /// UTF-16 units that Punycode labels may still decode to: the
    /// hardening limit applies to the Unicode form of the whole domain, so
    /// an ASCII domain of many long `xn--` labels costs no more to decode
    /// than one non-ASCII domain at the limit.
    decode_budget: usize,
    /// Whether the budget ran out (processing then stops).
    too_long: bool,
}

impl State<'_, '_> {
    fn stop(&self) -> bool {
        self.too_long || (self.first_error_only && !self.errors.is_empty())
    }

    fn error(&mut self, kind: ErrorKind, index: usize) {
        self.errors.push(IdnaError {
            kind,
            label: Some(index),
        });
    }

    /// Steps 1–4 for every label, into `scratch.unicode` / `scratch.ends`.
    fn convert_validate(&mut self, domain: &str, scratch: &mut Scratch) {
        let Scratch {
            mapped,
            decoded,
            ascii,
            unicode,
            ends,
        } = scratch;
        unicode.clear();
        ends.clear();
        unicode.reserve(domain.len());
        // U+002E is never produced from, nor merged into, its neighbours by
        // mapping or NFC, so each segment between input dots maps on its own.
        for segment in split_dots(domain) {
            if self.stop() {
                return;
            }
            if segment.is_ascii() {
                // Mapping ASCII only lowercases it.
                if segment.bytes().any(|b| b.is_ascii_uppercase()) {
                    ascii.clear();
                    ascii.push_str(segment);
                    ascii.make_ascii_lowercase();
                    self.ascii_label(ascii, decoded, unicode, ends);
                } else {
                    self.ascii_label(segment, decoded, unicode, ends);
                }
                continue;
            }
            mapped.clear();
            // When one error is enough, mapping stops at the first
            // disallowed code point: the labels mapped so far are checked
            // (the last one fails on it) and processing ends there.
            let _ = mapping::map_into(
                segment,
                self.flags.transitional_processing,
                self.first_error_only,
                mapped,
            );
            for label in mapped.split(|&c| c == '.') {
                if self.stop() {
                    return;
                }
                if label.starts_with(&['x', 'n', '-', '-']) && label.iter().all(char::is_ascii) {
                    ascii.clear();
                    ascii.extend(label.iter());
                    self.ascii_label(ascii, decoded, unicode, ends);
                    continue;
                }
                let index = ends.len();
                if label.starts_with(&['x', 'n', '-', '-']) {
                    // Punycode step 1: a Punycode label must be ASCII.
                    self.error(ErrorKind::InvalidPunycode, index);
                } else {
                    validity::check_label(self.flags, label, false, index, self.errors);
                    self.note_rtl(label);
                }
                push_label(unicode, ends, label);
            }
        }
    }

    /// Step 4 for a mapped label that is ASCII.
    fn ascii_label(
        &mut self,
        label: &str,
        decoded: &mut Vec<char>,
        unicode: &mut Vec<char>,
        ends: &mut Vec<usize>,
    ) {
        let index = ends.len();
        let Some(rest) = label.strip_prefix("xn--") else {
            validity::check_ascii_label(self.flags, label, index, self.errors);
            push_ascii_label(unicode, ends, label);
            return;
        };
        // Punycode step 2.
        match punycode::decode_into(rest, self.decode_budget, decoded) {
            Ok(()) => {
                let units: usize = decoded.iter().map(|c| c.len_utf16()).sum();
                self.decode_budget = self.decode_budget.saturating_sub(units);
            }
            Err(PunycodeError::TooLong) => {
                self.too_long = true;
                self.errors.push(IdnaError {
                    kind: ErrorKind::HostTooLong,
                    label: None,
                });
                return;
            }
            Err(_) => {
                if !self.flags.ignore_invalid_punycode {
                    self.error(ErrorKind::InvalidPunycode, index);
                }
                push_ascii_label(unicode, ends, label);
                return;
            }
        }
        // Punycode step 3.
        if decoded.iter().all(char::is_ascii) {
            self.error(ErrorKind::PunycodeAsciiOnly, index);
        }
        // Punycode step 4.
        validity::check_label(self.flags, decoded, true, index, self.errors);
        self.note_rtl(decoded);
        push_label(unicode, ends, decoded);
    }

    fn note_rtl(&mut self, label: &[char]) {
        if self.flags.check_bidi && !self.rtl_domain {
            self.rtl_domain = bidi::is_rtl_label(label);
        }
    }
}

fn push_label(unicode: &mut Vec<char>, ends: &mut Vec<usize>, label: &[char]) {
    if !ends.is_empty() {
        unicode.push('.');
    }
    unicode.extend_from_slice(label);
    ends.push(unicode.len());
}

fn push_ascii_label(unicode: &mut Vec<char>, ends: &mut Vec<usize>, label: &str) {
    if !ends.is_empty() {
        unicode.push('.');
    }
    unicode.extend(label.bytes().map(char::from));
    ends.push(unicode.len());
}

/// `s.split('.')`, with a plain byte loop (faster than the general
/// pattern searcher on short host names).
fn split_dots(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(s);
    core::iter::from_fn(move || {
        let current = rest?;
        match current.bytes().position(|b| b == b'.') {
            Some(i) => {
                rest = current.get(i + 1..);
                current.get(..i)
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}
