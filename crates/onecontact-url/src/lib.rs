//! A WHATWG URL Standard parser: the URL a browser would build from a string,
//! with the JavaScript `URL` API's getters and setters.
//!
//! # What it follows
//!
//! - The [URL Standard](https://url.spec.whatwg.org/) (edition of 2026-07-02):
//!   the basic URL parser (state by state, with state override for the
//!   setters), the host parser (domains through [`onecontact_idna`] with
//!   *beStrict* false, IPv4 in every number form, IPv6, opaque hosts), the URL
//!   and host serializers, origins, and the API section's setters.
//! - Conformance is checked against the web-platform-tests data
//!   (`urltestdata.json`, `setters_tests.json`, `toascii.json`) in `cargo test`.
//!
//! Only UTF-8 is supported as query encoding (the Standard's *encoding*
//! argument is a legacy of HTML forms).
//!
//! # Storage
//!
//! A [`Url`] is its serialization (the `href`) plus a few 32-bit offsets, so
//! every getter is a slice and parsing a URL costs one allocation in the
//! common case. Setters rebuild the serialization.
//!
//! # Example
//!
//! ```
//! use onecontact_url::{Host, Url};
//!
//! let url = Url::parse("  HTTPS://User:Pa ss@EXAMPLE.com:443/a/./b/../c?q=1#Frag ").unwrap();
//! assert_eq!(url.href(), "https://User:Pa%20ss@example.com/a/c?q=1#Frag");
//! assert_eq!(url.protocol(), "https:");
//! assert_eq!(url.username(), "User");
//! assert_eq!(url.host(), Some(Host::Domain("example.com")));
//! assert_eq!(url.port(), "");
//! assert_eq!(url.pathname(), "/a/c");
//! assert_eq!(url.search(), "?q=1");
//! assert_eq!(url.hash(), "#Frag");
//! assert_eq!(url.origin(), "https://example.com");
//!
//! // Relative references resolve against a base.
//! let next = Url::parse_with_base("../d?x#y", &url).unwrap();
//! assert_eq!(next.href(), "https://User:Pa%20ss@example.com/d?x#y");
//!
//! // Failures name the Standard's validation error and where it happened.
//! let err = Url::parse("https://example.com:99999/").unwrap_err();
//! assert_eq!(err.kind().name(), "port-out-of-range");
//! assert_eq!(err.offset(), 20);
//!
//! // Setters follow the JavaScript API; refused values leave the URL alone.
//! let mut url = Url::parse("https://example.com/").unwrap();
//! url.set_port("8080").unwrap();
//! url.set_pathname("/a b").unwrap();
//! assert_eq!(url.href(), "https://example.com:8080/a%20b");
//! assert!(url.set_protocol("mailto").is_err());
//! ```
//!
//! Non-fatal validation errors are collected on request
//! ([`Url::parse_with_errors`], [`ParseOptions::validation_sink`]); the byte
//! ranges of the input behind each component come from
//! [`Url::parse_with_spans`].
//!
//! # Crate features
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Url`] (as its href string;
//!   deserializing parses and fails on invalid URLs).
//! - `parse-counter`: [`parse_counter`], a count of the parser's runs on the
//!   current thread, for tests that check a caller parses a text only once.
//!   It costs a thread-local increment per parse; leave it off otherwise.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod constructors;
pub mod form_urlencoded;
#[doc(hidden)]
pub mod fuzzing;
mod host;
mod input;
mod invariants;
mod origin;
#[cfg(feature = "parse-counter")]
pub mod parse_counter;
mod parser;
pub mod percent_encoding;
mod scheme;
pub mod search_params;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
mod spans;
mod tables;
mod url;
mod validation;

pub use constructors::ParseOptions;
pub use host::{Host, parse_ipv4, parse_ipv6, serialize_ipv4, serialize_ipv6};
pub use scheme::{default_port, is_special_scheme};
pub use spans::InputSpans;
pub use url::Url;
pub use validation::{ParseError, SetterError, Validation, ValidationError};
