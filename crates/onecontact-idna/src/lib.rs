//! # onecontact-idna
//!
//! Internationalized domain names as browsers handle them: Punycode
//! ([RFC 3492]), Unicode IDNA Compatibility Processing ([UTS #46],
//! revision 36) and the [IDNA section][WHATWG URL Standard] of the WHATWG
//! URL Standard. A URL parser, a Public Suffix List engine and anything that
//! shows a host to a person use it to turn a host into its ASCII form and
//! back.
//!
//! # Which entry point do I use
//!
//! | you have | you want | call |
//! |---|---|---|
//! | the host of a special URL (`https`, …) | what a browser stores | [`domain_to_ascii`] |
//! | a host to check as strictly as DNS wants it | the ASCII form or why not | [`domain_to_ascii_strict`] |
//! | a stored (ASCII) host | the Unicode form to show | [`domain_to_unicode`] |
//! | your own choice of UTS #46 flags | ToASCII / ToUnicode | [`Uts46`] |
//! | one label | Punycode encode / decode | [`punycode`] |
//!
//! Failures are [`IdnaErrors`]: each [`IdnaError`] names the criterion
//! ([`ErrorKind`]) and the label it failed in.
//!
//! # Hosts of URLs
//!
//! [`domain_to_ascii`] is the URL Standard's domain to ASCII with
//! `beStrict` false, the function a URL parser calls for every special URL's
//! host. ASCII input that needs no change costs one table-driven scan and no
//! allocation (the input comes back borrowed).
//!
//! ```
//! use onecontact_idna::{ErrorKind, domain_to_ascii};
//!
//! assert_eq!(domain_to_ascii("Straße.example")?, "xn--strae-oqa.example");
//! assert!(matches!(domain_to_ascii("example.com")?, std::borrow::Cow::Borrowed(_)));
//!
//! let err = domain_to_ascii("a\u{200C}b.example").unwrap_err();
//! assert!(err.contains(ErrorKind::ContextJ('\u{200C}')));
//! assert_eq!(err.validation_error_name(), "domain-to-ASCII");
//! # Ok::<(), onecontact_idna::IdnaErrors>(())
//! ```
//!
//! # Showing a host
//!
//! [`domain_to_unicode`] decodes `xn--` labels; the result comes with the
//! errors found on the way, and a label that fails stays as it was.
//!
//! ```
//! use onecontact_idna::domain_to_unicode;
//!
//! let (shown, result) = domain_to_unicode("xn--strae-oqa.example");
//! assert_eq!(shown, "straße.example");
//! assert!(result.is_ok());
//! ```
//!
//! # UTS #46 with your own flags
//!
//! [`Uts46`] holds the flags (CheckHyphens, CheckBidi, CheckJoiners,
//! UseSTD3ASCIIRules, Transitional_Processing, VerifyDnsLength,
//! IgnoreInvalidPunycode); [`Uts46::STRICT`] and [`Uts46::RELAXED`] are the
//! URL Standard's two sets.
//!
//! ```
//! use onecontact_idna::Uts46;
//!
//! let transitional = Uts46 { transitional_processing: true, ..Uts46::STRICT };
//! assert_eq!(transitional.to_ascii("Straße.example")?, "strasse.example");
//! assert!(Uts46::STRICT.to_ascii("-a.example").is_err()); // CheckHyphens
//! assert!(Uts46::RELAXED.to_ascii("-a.example").is_ok());
//! # Ok::<(), onecontact_idna::IdnaErrors>(())
//! ```
//!
//! # Punycode
//!
//! ```
//! use onecontact_idna::punycode;
//!
//! assert_eq!(punycode::encode("straße")?, "strae-oqa");
//! assert_eq!(punycode::decode("strae-oqa")?, "straße");
//! # Ok::<(), onecontact_idna::punycode::PunycodeError>(())
//! ```
//!
//! # Unicode data
//!
//! Mapping and normalization use ICU4X's UTS #46 data (`icu_normalizer`);
//! Bidi_Class, Joining_Type, General_Category and Canonical_Combining_Class
//! come from `icu_properties`. ICU4X 2.4 data is Unicode
//! [`UNICODE_VERSION`] (18.0.0).
//!
//! # Hardening
//!
//! A domain that is not ASCII and longer than [`MAX_NON_ASCII_HOST_LEN`]
//! (4096) UTF-16 code units fails with [`ErrorKind::HostTooLong`]; so does
//! a domain whose `xn--` labels decode to more than that in total. Punycode
//! keeps the same bound on its Unicode side, so every call costs time
//! linear in its input.
//!
//! # Crate features
//!
//! - `std` (default): per-thread scratch buffers, so that processing a domain
//!   allocates nothing but its result. Without it the crate is `#![no_std]`
//!   with `alloc` and gives the same answers, with fresh buffers per call;
//!   errors implement `core::error::Error` either way.
//! - `serde`: `Serialize` for [`IdnaError`] and [`IdnaErrors`].
//!
//! [RFC 3492]: https://www.rfc-editor.org/rfc/rfc3492
//! [UTS #46]: https://www.unicode.org/reports/tr46/
//! [WHATWG URL Standard]: https://url.spec.whatwg.org/#idna

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

/// What the standard prelude brings from `alloc`, for `no_std` builds.
#[allow(unused_imports)]
mod prelude {
    pub(crate) use alloc::borrow::ToOwned;
    pub(crate) use alloc::boxed::Box;
    pub(crate) use alloc::string::{String, ToString};
    pub(crate) use alloc::vec::Vec;
    pub(crate) use alloc::{format, vec};
}

mod bidi;
mod contextj;
mod errors;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
use onecontact_bytes::gigo;
pub mod punycode;
mod url_domain;
mod uts46;

pub use errors::{ErrorKind, IdnaError, IdnaErrors};
pub use onecontact_bytes::{is_forbidden_domain_code_point, is_forbidden_host_code_point};
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
