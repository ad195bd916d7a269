//! # onecontact-report
//!
//! Reports on web addresses for a tool that shows them to a person: the
//! `onecontact` command and its web page. Each function takes text as a
//! person gives it and returns a plain struct that serializes (feature
//! `serde`) with stable field names, with notes and warnings in English
//! sentences:
//!
//! | Function | Report | What it says |
//! |---|---|---|
//! | [`parse_report`] | [`ParseReport`] | the up to eight parts, the normalized URL, decoded path segments and query parameters, host details, notes and warnings |
//! | [`clean`] | [`CleanReport`] | the URL without tracking parameters, and which were removed |
//! | [`rebuild`] | [`RebuildReport`] | the URL after edits through the URL Standard's setters and the parameter list |
//! | [`resolve`] | [`ResolveReport`] | a relative reference resolved against a base, and what kind of reference it was |
//! | [`encode`], [`decode`] | [`CodecReport`] | one component's percent-encoding, following the rule "encode what would end the component" |
//! | [`compare`], [`compare_with`] | [`CompareReport`] | whether two addresses are the same URL, the same key, and why they differ |
//! | [`contact_report`] | [`ContactReport`] | the contact layer's canonical form, key V1 and facts |
//!
//! The crate is built on the public API of [`onecontact`] alone: its one
//! [`Reading`](onecontact::Reading) of a text, [`WebAddress`](onecontact::WebAddress)
//! and [`inspect`](onecontact::inspect()). Each report reads its text
//! once and answers its host once ([`HostAnswer`](onecontact::HostAnswer)),
//! with the lists of [`ReadOptions::data`] ([`onecontact::Data::baked`] by
//! default).
//!
//! Failures are [`ToolError`]s: a text that cannot be read carries the
//! core's [`WebError`](onecontact::WebError), so its code, offset and message
//! are the ones every other layer gives.
//!
//! ```
//! use onecontact_report::{parse_report, ReadOptions};
//!
//! let report = parse_report("localhost:3000/api?q=caf%C3%A9+au+lait", &ReadOptions::default())?;
//! assert_eq!(report.href, "https://localhost:3000/api?q=caf%C3%A9+au+lait");
//! assert_eq!(report.query_params[0].value, "café au lait");
//! assert_eq!(report.findings[0].code, "scheme-assumed");
//! # Ok::<(), onecontact_report::ToolError>(())
//! ```
//!
//! A report with a Public Suffix List of one's own:
//!
//! ```
//! use onecontact::Data;
//! use onecontact::onecontact_psl::List;
//! use onecontact_report::{parse_report, ReadOptions};
//!
//! let list = List::parse("// ===BEGIN ICANN DOMAINS===\nexample\nshop.example\n// ===END ICANN DOMAINS===\n")?;
//! let options = ReadOptions { data: Data::baked().with_psl(list), ..Default::default() };
//! let report = parse_report("https://a.shop.example/", &options)?;
//! assert_eq!(report.host.unwrap().registrable_domain.as_deref(), Some("a.shop.example"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `serde`: `Serialize` for every report, with stable field names, and
//!   the `json` module, which writes the documents `serde_json` writes in fewer
//!   instructions.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod clean;
mod compare;
mod components;
mod contact;
mod error;
mod findings;
#[cfg(feature = "serde")]
pub mod json;
mod parse;
mod read_options;
mod rebuild;
mod resolve;

pub use clean::{CleanReport, RemovedParameter, clean, clean_with};
pub use compare::{
    CompareReport, Difference, KeyV2Comparison, Verdict, compare, compare_with, key_v2_sentence,
};
pub use components::{
    BadSequence, CodecReport, Component, UnknownComponent, decode, encode, undecodable,
};
pub use contact::{ContactFacts, ContactReport, contact_report, contact_report_with};
pub use error::{Role, ToolError};
pub use findings::{FOLDS, Finding, FindingKind, Place};
pub use parse::{
    ContactPart, HostReport, ParseReport, Parts, PartsReport, PathSegment, QueryParam, parse_parts,
    parse_report,
};
pub use read_options::{Note, ReadOptions, scheme_assumed_note};
pub use rebuild::{Edit, EditStep, RebuildReport, UnknownField, UrlField, rebuild};
pub use resolve::{ReferenceKind, ResolveReport, resolve};
