//! The URL tool: reports for each thing the `onecontact` command (and a web
//! page built on the same functions) does with an address.
//!
//! Every function here takes text as a person gives it and returns a plain
//! struct that serializes (feature `serde`) with stable field names:
//!
//! | Function | Report | What it says |
//! |---|---|---|
//! | [`parse_report`] | [`ParseReport`] | the up to eight parts, the normalized URL, decoded path segments and query parameters, host details, notes and warnings |
//! | [`clean`] | [`CleanReport`] | the URL without tracking parameters, and which were removed |
//! | [`rebuild`] | [`RebuildReport`] | the URL after edits through the URL Standard's setters and the parameter list |
//! | [`resolve`] | [`ResolveReport`] | a relative reference resolved against a base, and what kind of reference it was |
//! | [`encode`], [`decode`] | [`CodecReport`] | one component's percent-encoding, following the rule "encode what would end the component" |
//! | [`compare`] | [`CompareReport`] | whether two addresses are the same URL, the same key, and why they differ |
//! | [`contact_report`] | [`ContactReport`] | the contact layer's canonical form, key V1 and facts |
//!
//! This is the report layer: notes and English sentences for the
//! `onecontact` command and its web page. It is built on the core (the one
//! [`Reading`](crate::Reading), [`WebAddress`](crate::WebAddress),
//! [`inspect`](crate::inspect())), which never uses it.
//!
//! Failures are [`ToolError`]s: a text that cannot be read carries the
//! core's [`WebError`](crate::WebError), so its code, offset and message are
//! the ones every other layer gives.
//!
//! ```
//! use onecontact::tool::{parse_report, ReadOptions};
//!
//! let report = parse_report("localhost:3000/api?q=caf%C3%A9+au+lait", &ReadOptions::default())?;
//! assert_eq!(report.href, "https://localhost:3000/api?q=caf%C3%A9+au+lait");
//! assert_eq!(report.query_params[0].value, "café au lait");
//! assert_eq!(report.notes[0].code, "scheme-assumed");
//! # Ok::<(), onecontact::tool::ToolError>(())
//! ```

mod clean;
mod compare;
mod components;
mod contact;
mod error;
mod parse;
mod reading;
mod rebuild;
mod resolve;

pub use clean::{CleanReport, RemovedParameter, clean};
pub use compare::{CompareReport, Difference, Verdict, compare, compare_with};
pub use components::{CodecReport, Component, UnknownComponent, decode, encode};
pub use contact::{ContactFacts, ContactReport, contact_report, contact_report_with};
pub use error::{Role, ToolError};
pub use parse::{
    HostReport, ParseReport, Parts, PathSegment, QueryParam, ValidationNote, parse_report,
};
pub use reading::{Note, ReadOptions, scheme_assumed_note};
pub use rebuild::{Edit, EditStep, RebuildReport, UnknownField, UrlField, rebuild};
pub use resolve::{ReferenceKind, ResolveReport, resolve};
