//! JSON for the reports (feature `serde`): the documents `serde_json`
//! writes for the same values, byte for byte, written into one buffer with
//! strings scanned eight bytes at a time.
//!
//! [`to_vec`] and [`to_vec_pretty`] take any `Serialize` value, as
//! `serde_json::to_vec` and `serde_json::to_vec_pretty` do (all but
//! `serde_json`'s own `RawValue` and arbitrary-precision numbers, which
//! only `serde_json` writes as such); [`parse_reply`] writes the reply
//! document of `POST /api/parse`.
//!
//! ```
//! use onecontact_report::{ReadOptions, json, parse_report};
//!
//! let report = parse_report("example.com/a\"b", &ReadOptions::default())?;
//! let reply = json::parse_reply(&report)?;
//! assert!(reply.starts_with(br#"{"report":{"input":"example.com/a\"b","href":"https://example.com/a%22b""#));
//! assert_eq!(json::to_vec(&["a\nb"])?, br#"["a\nb"]"#);
//! assert_eq!(json::to_vec_pretty(&[1, 2])?, b"[\n  1,\n  2\n]");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod escape;
mod key;
mod layout;
mod report;
mod ser;

use serde::Serialize;

use crate::ParseReport;
use layout::{Compact, Layout, Pretty};
use ser::Writer;

/// Why a value has no JSON document.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JsonError {
    /// The value's `Serialize` implementation failed, with this message.
    #[error("{0}")]
    Custom(String),
    /// A map key is not a string, a number, a bool or a char (JSON's member
    /// names are strings).
    #[error("a map key must be a string, a number, a bool or a char")]
    KeyNotString,
    /// A map key is a float that is infinite or not a number.
    #[error("a float map key must be finite")]
    FloatKeyNotFinite,
}

impl serde::ser::Error for JsonError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        JsonError::Custom(msg.to_string())
    }
}

/// The compact JSON of `value` (no white space), as `serde_json::to_vec`
/// writes it.
///
/// # Errors
///
/// [`JsonError`] when the value's `Serialize` fails or a map key is not a
/// string, a number, a bool or a char.
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>, JsonError> {
    let mut out = Vec::with_capacity(128);
    write(&mut out, value)?;
    Ok(out)
}

/// The JSON of `value` with a member or element per line, indented two
/// spaces, as `serde_json::to_vec_pretty` writes it.
///
/// # Errors
///
/// As [`to_vec`].
pub fn to_vec_pretty<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>, JsonError> {
    let mut out = Vec::with_capacity(128);
    write_with(&mut out, value, Pretty::default())?;
    Ok(out)
}

/// Appends the compact JSON of `value` to `out`.
///
/// # Errors
///
/// As [`to_vec`]; `out` may then hold part of the document.
pub fn write<T: ?Sized + Serialize>(out: &mut Vec<u8>, value: &T) -> Result<(), JsonError> {
    write_with(out, value, Compact)
}

fn write_with<T: ?Sized + Serialize, L: Layout>(
    out: &mut Vec<u8>,
    value: &T,
    layout: L,
) -> Result<(), JsonError> {
    value.serialize(&mut Writer { out, layout })
}

/// The reply document of `POST /api/parse`, `{"report":…}`, compact: what
/// the server sends for a report.
///
/// # Errors
///
/// As [`to_vec`] (a parse report always has a document).
pub fn parse_reply(report: &ParseReport) -> Result<Vec<u8>, JsonError> {
    let mut out = Vec::with_capacity(reply_capacity(report));
    report::reply(&mut report::Out(&mut out), report)?;
    Ok(out)
}

/// About the length of a parse report's document: its names and the
/// URL's text, which most of its strings repeat, and its findings'
/// sentences.
fn reply_capacity(report: &ParseReport) -> usize {
    let findings: usize = report
        .findings
        .iter()
        .map(|f| 160 + f.message.len() + f.evidence.as_ref().map_or(0, String::len))
        .sum();
    768 + 8 * report.input.len().max(report.href.len()) + findings
}
