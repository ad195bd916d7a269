//! A WHATWG [URL Standard](https://url.spec.whatwg.org/) parser: the URL a
//! browser would build from a string, with the `url` crate's Rust API and,
//! apart, the Standard's JavaScript API.
//!
//! # Contents
//!
//! - [Which entry point do I use](#which-entry-point-do-i-use)
//! - [Two APIs: Rust and JavaScript](#two-apis-rust-and-javascript)
//! - [Reading a URL](#reading-a-url)
//! - [Changing a URL](#changing-a-url)
//! - [Errors: validation errors with offsets](#errors-validation-errors-with-offsets)
//! - [Input spans](#input-spans)
//! - [Query strings](#query-strings)
//! - [Hosts and origins](#hosts-and-origins)
//! - [Files and sockets](#files-and-sockets)
//! - [Coming from the `url` crate](#coming-from-the-url-crate)
//! - [What it follows](#what-it-follows)
//! - [Storage](#storage)
//! - [Crate features](#crate-features)
//!
//! # Which entry point do I use
//!
//! | you have | call |
//! |---|---|
//! | an absolute URL | [`Url::parse`] |
//! | a reference and a base [`Url`] | [`base.join(reference)`](Url::join) |
//! | a URL and query pairs to add | [`Url::parse_with_params`] |
//! | a yes/no question, base as a string (JavaScript `URL.canParse`) | [`Url::can_parse`] |
//! | a base that may be absent, non-fatal validation errors wanted, or input spans wanted | [`Url::options()`](Url::options) → [`ParseOptions`] (`base_url`, `validation_sink`, `parse` / `parse_with_spans`) |
//! | a host alone | [`Host::parse`] (special URLs) / [`Host::parse_opaque`] |
//! | a file system path | [`Url::from_file_path`], [`Url::from_directory_path`] |
//!
//! ```
//! use onecontact_url::Url;
//!
//! let url = Url::parse("  HTTPS://EXAMPLE.com:443/a/./b/../c?q=1#Frag ")?;
//! assert_eq!(url.as_str(), "https://example.com/a/c?q=1#Frag");
//!
//! let next = url.join("../d?x#y")?;
//! assert_eq!(next.as_str(), "https://example.com/d?x#y");
//!
//! assert!(Url::can_parse("../d", Some("https://example.com/a/b")));
//!
//! let mut errors = Vec::new();
//! let lenient = Url::options().base_url(Some(&url)).validation_sink(&mut errors).parse("x y")?;
//! assert_eq!(lenient.as_str(), "https://example.com/a/x%20y");
//! assert_eq!(errors[0].kind.name(), "invalid-URL-unit");
//! # Ok::<(), onecontact_url::ParseError>(())
//! ```
//!
//! # Two APIs: Rust and JavaScript
//!
//! The methods on [`Url`] are the **Rust API**: the `url` crate's names,
//! meanings and types (`password() -> Option<&str>`, `host_str()` is the
//! host without the port, `port() -> Option<u16>`, `origin() -> Origin`,
//! `set_*` take the component and return a `Result`), behaving as the URL
//! Standard says wherever `url` deviates from it. Use it in programs.
//!
//! The [`quirks`] module is the Standard's **JavaScript API**: `href`,
//! `protocol` (with `:`), `host` (with the port), `hostname`, `port` (a
//! string), `pathname`, `search` (with `?`), `hash` (with `#`), `origin`
//! (a string), and their setters with the API section's exact semantics.
//! Use it when a string must be exactly what a browser's `URL` object gives,
//! or to apply what a script would assign. The web-platform-tests run
//! through it.
//!
//! ```
//! use onecontact_url::{Url, quirks};
//!
//! let url = Url::parse("https://example.com:8080/p?#")?;
//! // Rust API: typed, component values.
//! assert_eq!(url.host_str(), Some("example.com"));
//! assert_eq!(url.port(), Some(8080));
//! assert_eq!(url.query(), Some(""));
//! // JavaScript API: the strings of a browser's URL object.
//! assert_eq!(quirks::host(&url), "example.com:8080");
//! assert_eq!(quirks::port(&url), "8080");
//! assert_eq!(quirks::search(&url), "");
//! # Ok::<(), onecontact_url::ParseError>(())
//! ```
//!
//! # Reading a URL
//!
//! Every getter is a slice of the serialization (nothing is re-encoded).
//!
//! ```
//! use onecontact_url::{Host, Position, Url};
//!
//! let url = Url::parse("https://user:pa%20ss@b\u{fc}cher.example:8443/a/b?q=1#top")?;
//! assert_eq!(url.scheme(), "https");
//! assert_eq!(url.username(), "user");
//! assert_eq!(url.password(), Some("pa%20ss"));
//! assert_eq!(url.host(), Some(Host::Domain("xn--bcher-kva.example")));
//! assert_eq!(url.domain(), Some("xn--bcher-kva.example"));
//! assert_eq!(url.port_or_known_default(), Some(8443));
//! assert_eq!(url.authority(), "user:pa%20ss@xn--bcher-kva.example:8443");
//! assert_eq!(url.path_segments().map(|s| s.collect::<Vec<_>>()), Some(vec!["a", "b"]));
//! assert_eq!((url.query(), url.fragment()), (Some("q=1"), Some("top")));
//! assert_eq!(&url[Position::BeforePath..Position::AfterQuery], "/a/b?q=1");
//! assert!(url.is_special() && !url.cannot_be_a_base());
//! # Ok::<(), onecontact_url::ParseError>(())
//! ```
//!
//! # Changing a URL
//!
//! Rust mutators take the component and say why they refuse a value
//! ([`SetterError`]); a refused value leaves the URL unchanged.
//!
//! ```
//! use onecontact_url::{SetterError, Url};
//!
//! let mut url = Url::parse("http://example.com/a/b")?;
//! url.set_scheme("https")?;
//! url.set_port(Some(8443))?;
//! url.set_username("me")?;
//! url.path_segments_mut()?.pop().push("c d");
//! url.query_pairs_mut().append_pair("q", "1 2");
//! url.set_fragment(Some("f"))?;
//! assert_eq!(url.as_str(), "https://me@example.com:8443/a/c%20d?q=1+2#f");
//! assert_eq!(url.set_scheme("mailto"), Err(SetterError::SchemeChangeNotAllowed));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Errors: validation errors with offsets
//!
//! A failure names the Standard's validation error and the byte offset in
//! the input where it happened ([`ParseError`], [`ValidationError`]).
//! Non-fatal validation errors are computed only when asked for
//! ([`ParseOptions::validation_sink`]).
//!
//! ```
//! let err = onecontact_url::Url::parse("https://example.com:99999/").unwrap_err();
//! assert_eq!(err.kind().name(), "port-out-of-range");
//! assert_eq!(err.offset(), 20);
//! ```
//!
//! # Input spans
//!
//! [`ParseOptions::parse_with_spans`] tells which bytes of the input
//! produced each component ([`InputSpans`]), for highlighting and for
//! mapping findings back to what a person typed.
//!
//! ```
//! let (_, spans) = onecontact_url::Url::options().parse_with_spans(" https://h.example:81/p")?;
//! assert_eq!(spans.host, Some(9..18));
//! # Ok::<(), onecontact_url::ParseError>(())
//! ```
//!
//! # Query strings
//!
//! [`Url::query_pairs`] decodes `application/x-www-form-urlencoded` pairs;
//! [`Url::search_params`] gives a [`search_params::SearchParams`] list
//! (JavaScript `URLSearchParams`) to edit and write back with
//! [`Url::set_search_params`], keeping the text of pairs not edited.
//! [`form_urlencoded`] and [`percent_encoding`] hold the encoders.
//!
//! ```
//! let mut url = onecontact_url::Url::parse("https://example.com/?utm_source=x&q=caf%C3%A9")?;
//! let mut params = url.search_params();
//! params.delete("utm_source", None);
//! url.set_search_params(&params)?;
//! assert_eq!(url.as_str(), "https://example.com/?q=caf%C3%A9");
//! assert_eq!(url.query_pairs().next().map(|(_, v)| v.into_owned()), Some("café".to_owned()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Hosts and origins
//!
//! [`Host`] holds a domain, an IPv4 or IPv6 address (parsed values), an
//! opaque host or the empty host. [`Url::origin`] gives an [`Origin`]:
//! a tuple, or an opaque origin equal to no other.
//!
//! ```
//! use onecontact_url::{Host, Url};
//! use core::net::Ipv4Addr;
//!
//! assert_eq!(Host::parse("0x7f.1")?, Host::<String>::Ipv4(Ipv4Addr::LOCALHOST));
//! let origin = Url::parse("blob:https://a.example/uuid")?.origin();
//! assert_eq!(origin.ascii_serialization(), "https://a.example");
//! assert_ne!(Url::parse("file:///x")?.origin(), Url::parse("file:///x")?.origin());
//! # Ok::<(), onecontact_url::ParseError>(())
//! ```
//!
//! # Files and sockets
//!
//! [`Url::to_file_path`], [`Url::from_file_path`] and
//! [`Url::from_directory_path`] convert Unix paths ([`FilePathError`] says
//! why not); [`Url::socket_addrs`] resolves the host and port.
//!
//! ```
//! # #[cfg(all(unix, feature = "std"))] {
//! let url = onecontact_url::Url::from_file_path("/tmp/a b")?;
//! assert_eq!(url.as_str(), "file:///tmp/a%20b");
//! assert_eq!(url.to_file_path()?, std::path::PathBuf::from("/tmp/a b"));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Coming from the `url` crate
//!
//! Change `url::` to `onecontact_url::`. The names, meanings and types are
//! `url` 2.5's; the differences (mutators return `Result<(), SetterError>`
//! where `url` returns `()` or `Result<(), ()>`, `can_parse` takes the base
//! as a string, `ParseError` is a struct naming the validation error, and
//! the places where `url` deviates from the Standard) are listed item by
//! item in `docs/migrating-from-url.md`. `url`'s own names are here too:
//! [`SyntaxViolation`] and [`ParseOptions::syntax_violation_callback`],
//! [`EncodingOverride`], [`form_urlencoded::byte_serialize`] and
//! [`form_urlencoded::Serializer`].
//!
//! # What it follows
//!
//! - The URL Standard (edition of 2026-07-02): the basic URL parser (state
//!   by state, with state override for the setters), the host parser
//!   (domains through [`onecontact_idna`] with *beStrict* false, IPv4 in
//!   every number form, IPv6, opaque hosts), the URL and host serializers,
//!   origins, and the API section's setters.
//! - Conformance is checked against the web-platform-tests data
//!   (`urltestdata.json`, `setters_tests.json`, `toascii.json`) in
//!   `cargo test`, every entry, through [`quirks`].
//!
//! The query is encoded as UTF-8 unless [`ParseOptions::encoding_override`]
//! gives another encoder (the Standard's *encoding* argument, a legacy of
//! HTML forms).
//!
//! # Storage
//!
//! A [`Url`] is its serialization plus a few 32-bit offsets, the port and
//! the IP address of an IPv4 or IPv6 host (64 bytes), so every getter is a
//! slice, [`Url::host`] reads no text back, and parsing a URL
//! costs one allocation in the common case. Mutators rebuild the
//! serialization.
//!
//! # Crate features
//!
//! - `std` (default): file paths ([`Url::from_file_path`], [`Url::from_directory_path`],
//!   [`Url::to_file_path`], [`FilePathError`]) and [`Url::socket_addrs`]. Without it the
//!   crate is `#![no_std]` with `alloc`, and every other item answers the same; errors
//!   implement `core::error::Error` either way.
//! - `serde`: `Serialize`/`Deserialize` for [`Url`] (as its serialization;
//!   deserializing parses and fails on invalid URLs).
//! - `parse-counter`: the `parse_counter` module, a count of the parser's runs on the
//!   current thread, for tests that check a caller parses a text only once.
//!   It costs a thread-local increment per parse; leave it off otherwise.

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

mod constructors;
mod edit;
#[cfg(feature = "std")]
mod file_path;
pub mod form_urlencoded;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
use onecontact_bytes::gigo;
mod host;
mod input;
mod invariants;
mod mutators;
mod origin;
#[cfg(feature = "parse-counter")]
pub mod parse_counter;
mod parser;
pub mod percent_encoding;
pub mod quirks;
mod relative;
pub mod scan;
mod scheme;
pub mod search_params;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
mod slicing;
mod spans;
mod syntax_violation;
mod tables;
mod url;
mod url_ref;
mod validation;

pub use constructors::ParseOptions;
#[cfg(feature = "std")]
pub use file_path::FilePathError;
pub use form_urlencoded::EncodingOverride;
pub use host::Host;
pub use mutators::{PathSegmentsMut, QueryPairsMut};
pub use origin::{OpaqueOrigin, Origin};
pub use scheme::{SPECIAL_SCHEMES, default_port, is_special_scheme};
pub use slicing::Position;
pub use spans::InputSpans;
pub use syntax_violation::SyntaxViolation;
pub use url::Url;
pub use validation::{ParseError, SetterError, Validation, ValidationError};
