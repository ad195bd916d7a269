//! The `url` crate's API, version 2.5, item for item and signature for
//! signature, built on [`onecontact_url`]: a parser that follows the
//! [URL Standard](https://url.spec.whatwg.org/) (every web-platform-tests URL
//! case passes) where `url` deviates from it.
//!
//! The library is named `url`. A program written against `url` 2.5 compiles
//! against it unchanged; a whole dependency tree switches with a
//! `[patch.crates-io]` entry naming the package `url` that ships beside this
//! crate (see `docs/migrating-from-url.md`, "Patching it in"; with an existing
//! `Cargo.lock`, `cargo update -p url --precise 2.5.9` once):
//!
//! ```toml
//! [patch.crates-io]
//! url = { git = "https://example.invalid/onecontact" }
//! ```
//!
//! ```
//! use url::{Host, ParseError, Position, Url};
//!
//! let url = Url::parse("https://user@EXAMPLE.com:8443/a/./b?q=1#f")?;
//! assert_eq!(url.as_str(), "https://user@example.com:8443/a/b?q=1#f");
//! assert_eq!(url.host(), Some(Host::Domain("example.com")));
//! assert_eq!(&url[Position::BeforePath..Position::AfterQuery], "/a/b?q=1");
//! assert_eq!(Url::parse("/relative"), Err(ParseError::RelativeUrlWithoutBase));
//!
//! let mut url = url;
//! assert_eq!(url.set_scheme("mailto"), Err(()));
//! url.query_pairs_mut().append_pair("lang", "fr");
//! assert_eq!(url.query(), Some("q=1&lang=fr"));
//! # Ok::<(), ParseError>(())
//! ```
//!
//! # Where it answers differently from `url`
//!
//! Only where `url` 2.5.8 deviates from the URL Standard; each case is
//! listed with the Standard's reason in `docs/migrating-from-url.md`. The
//! most visible: the host of a URL that is not special is an *opaque host*
//! (returned as [`Host::Domain`], the only string variant `url` has), a
//! space before `?` in an opaque path is `%20`, `blob:` URLs have a tuple
//! origin only when they wrap an `http:` or `https:` URL, and
//! [`SyntaxViolation`]s are reported where the Standard reports its
//! validation errors.
//!
//! # Crate features
//!
//! As in `url`:
//!
//! - `std` (default): file paths ([`Url::from_file_path`],
//!   [`Url::to_file_path`], …) and [`Url::socket_addrs`]; without it the
//!   crate is `#![no_std]` with `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Url`] (its serialization) and
//!   [`Host`], and `Url::serialize_internal`/`deserialize_internal`.
//! - `expose_internals`: `quirks::internal_components`, `url`'s view of the offsets it stores.
//! - `debugger_visualizer`: accepted, and does nothing.

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

pub use form_urlencoded;

mod errors;
mod host;
mod origin;
mod path_segments;
mod query;
#[doc(hidden)]
pub mod quirks;
#[cfg(feature = "serde")]
mod serde_impl;
mod slicing;
mod url;

pub use crate::errors::{ParseError, SyntaxViolation};
pub use crate::host::Host;
pub use crate::origin::{OpaqueOrigin, Origin};
pub use crate::path_segments::PathSegmentsMut;
pub use crate::query::UrlQuery;
pub use crate::slicing::Position;
pub use crate::url::{ParseOptions, Url};
pub use form_urlencoded::EncodingOverride;
