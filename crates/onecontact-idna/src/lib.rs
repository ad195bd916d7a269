//! # onecontact-idna
//!
//! Internationalized domain names as browsers handle them: Punycode
//! ([RFC 3492]), Unicode IDNA Compatibility Processing ([UTS #46],
//! revision 36) and the IDNA section of the [WHATWG URL Standard].
//!
//! - [`domain_to_ascii`] is the URL Standard's domain parser with
//!   `beStrict` false, the function a URL parser calls for every special
//!   URL's host. ASCII input that needs no change costs one table-driven
//!   scan and no allocation.
//! - [`domain_to_ascii_strict`] is the same with `beStrict` true, and
//!   [`domain_to_unicode`] turns a host back into Unicode for display.
//! - [`Uts46`] holds the UTS #46 flags (CheckHyphens, CheckBidi,
//!   CheckJoiners, UseSTD3ASCIIRules, Transitional_Processing,
//!   VerifyDnsLength, IgnoreInvalidPunycode) and runs ToASCII and
//!   ToUnicode with them.
//! - [`punycode`] encodes and decodes single labels.
//!
//! Failures are [`IdnaErrors`]: each [`IdnaError`] names the criterion
//! ([`ErrorKind`]) and the label it failed in.
//!
//! ## Unicode data
//!
//! Mapping and normalization use ICU4X's UTS #46 data (`icu_normalizer`);
//! Bidi_Class, Joining_Type, General_Category and Canonical_Combining_Class
//! come from `icu_properties`. ICU4X 2.4 data is Unicode
//! [`UNICODE_VERSION`] (18.0.0).
//!
//! ## Hardening
//!
//! A domain that is not ASCII and longer than [`MAX_NON_ASCII_HOST_LEN`]
//! (4096) UTF-16 code units fails with [`ErrorKind::HostTooLong`]; so does
//! a domain whose `xn--` labels decode to more than that in total. Punycode
//! keeps the same bound on its Unicode side, so every call costs time
//! linear in its input.
//!
//! ## Example
//!
//! ```
//! use onecontact_idna::{domain_to_ascii, domain_to_unicode, ErrorKind};
//!
//! assert_eq!(domain_to_ascii("Straße.example").unwrap(), "xn--strae-oqa.example");
//! assert_eq!(domain_to_unicode("xn--strae-oqa.example").0, "straße.example");
//!
//! let err = domain_to_ascii("a\u{200C}b.example").unwrap_err();
//! assert!(err.contains(ErrorKind::ContextJ('\u{200C}')));
//! assert_eq!(err.validation_error_name(), "domain-to-ASCII");
//! ```
//!
//! # Crate features
//!
//! - `serde`: `Serialize` for [`IdnaError`] and [`IdnaErrors`].
//!
//! [RFC 3492]: https://www.rfc-editor.org/rfc/rfc3492
//! [UTS #46]: https://www.unicode.org/reports/tr46/
//! [WHATWG URL Standard]: https://url.spec.whatwg.org/#idna

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bidi;
mod contextj;
mod errors;
#[doc(hidden)]
pub mod fuzzing;
mod gigo;
pub mod punycode;
mod url_domain;
mod uts46;

pub use errors::{ErrorKind, IdnaError, IdnaErrors};
pub use url_domain::{
    domain_to_ascii, domain_to_ascii_strict, domain_to_unicode, domain_validation_errors,
};
pub use uts46::Uts46;

/// The Unicode version of the ICU4X data this crate is built on.
pub const UNICODE_VERSION: &str = "18.0.0";

/// The longest non-ASCII domain, in UTF-16 code units, that this crate
/// processes, and the most its `xn--` labels may decode to (a limit beyond
/// the standards, against slow input).
pub const MAX_NON_ASCII_HOST_LEN: usize = 4096;
