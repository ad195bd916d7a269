//! Web addresses as people paste them.
//!
//! `onecontact` is the contact layer of the onecontact workspace. It takes
//! whatever a person typed or pasted as a website address and gives a program
//! what it can rely on:
//!
//! - the URL a browser would build from it ([`WebAddress::url`], parsed by
//!   [`onecontact_url`], a WHATWG URL Standard parser);
//! - a **canonical form** ([`WebAddress::canonical`]): that URL without
//!   tracking parameters and fragment;
//! - a **comparison key** ([`WebAddress::key`]) that is equal for addresses of
//!   the same page of the same organization (registrable domain from the
//!   Public Suffix List, via [`onecontact_psl`]), in a versioned format that
//!   never changes once published;
//! - **facts** ([`WebAddress::facts`]): assumed scheme, IP host,
//!   internationalized domain, non-web scheme, credentials, what the canonical
//!   form removed, and the shape of a social-network profile;
//! - **offsets** ([`WebAddress::detail`]) of each part in the input, in UTF-16
//!   code units (what editors and JavaScript count);
//! - a [`ContactKindDetector`] that tells whether a text is a web address at
//!   all before parsing it.
//!
//! All of it is built from one [`Reading`] of the text ([`Reader::read`]:
//! trimming, scheme written or assumed, one parse with the input spans, the
//! host length limit), and every failure is a [`WebError`] from one
//! catalogue: a stable code, the URL Standard's validation error, the
//! [`Offset`] where it happened and one message.
//!
//! [`inspect`](mod@inspect) builds on that for tools that show a link to a
//! person: which host the browser really connects to, and warnings when the
//! text lies about it (a host-like user name before `@`, letters from
//! another script, an IP address, a domain inside a subdomain, a URL inside
//! the path or a parameter, secrets in the query), each with a sentence a
//! person understands, and the host as a careful browser displays it
//! (Unicode where that is safe by UTS #39 and the browsers' rules, Punycode
//! with a reason where not, and the popular domain it imitates). The
//! reports of the `onecontact` command and its page live in the crate
//! `onecontact-report`, on this crate's public API.
//!
//! The data the answers depend on (the Public Suffix List, the popular
//! domains) is one [`Data`] value the caller passes in; the `parse`,
//! `inspect` and detector entry points without it use the compiled-in lists
//! ([`Data::baked`]).
//!
//! Nothing depends on culture, locale or the network.
//!
//! # Specifications followed
//!
//! - WHATWG URL Standard (parsing, host parsing, serialization), through
//!   [`onecontact_url`]; UTS #46 and RFC 3492 for internationalized domains.
//! - The Public Suffix List's algorithm, with its private section, through
//!   [`onecontact_psl`].
//! - RFC 3986 §2.3 for the unreserved characters whose escapes the key decodes.
//! - The rules of `docs/web.md` for everything else (scheme detection,
//!   canonical form, key version 1, facts, social profiles, detection).
//!
//! # Which entry point do I use
//!
//! | you have | you want | call |
//! |---|---|---|
//! | pasted text | the address, its canonical form, key and facts | [`WebAddress::parse`] |
//! | many texts | only their keys, at the least cost | [`key_v1`], [`key_v1_with`]; [`push_key_v1_with`] appends to rows of your own; [`key_v1_and_host_with`] gives the host too |
//! | any text | whether it is a web address at all | [`ContactKindDetector::detect`] |
//! | a link someone sent | the real host and warnings | [`inspect::inspect`] |
//! | a Public Suffix List of one's own | the same answers with it | [`Data`], [`WebAddress::parse_with`], [`inspect::inspect_with`] |
//! | the reading itself (spans, assumed scheme) | to build something of your own | [`Reader::read`] |
//!
//! # A web address
//!
//! ```
//! use onecontact::{KeyVersion, WebAddress, WebFact};
//!
//! let web = WebAddress::parse("  WWW.Example.co.uk/Shop/index.html?utm_source=news&b=2&a=1#top ")?;
//! assert_eq!(web.url().as_str(), "https://www.example.co.uk/Shop/index.html?utm_source=news&b=2&a=1#top");
//! assert_eq!(web.canonical(), "https://www.example.co.uk/Shop/index.html?b=2&a=1");
//! assert_eq!(web.key(KeyVersion::V1), "example.co.uk/shop?a=1&b=2");
//! assert!(web.flags().contains(WebFact::SchemeAssumed));
//! assert!(web.flags().contains(WebFact::TrackingParametersRemoved));
//! assert!(web.flags().contains(WebFact::FragmentRemoved));
//! assert_eq!(web.removed_tracking_parameters().collect::<Vec<_>>(), ["utm_source"]);
//! assert!(web.is_website());
//! # Ok::<(), onecontact::WebError>(())
//! ```
//!
//! # Errors
//!
//! ```
//! use onecontact::WebAddress;
//!
//! let error = WebAddress::parse("example.com:99999").unwrap_err();
//! assert_eq!(error.code(), "web.invalid-port");
//! assert_eq!(error.validation_error(), Some("port-out-of-range"));
//! assert_eq!(error.offset().bytes, 12);
//! ```
//!
//! # Where each part was written
//!
//! ```
//! use onecontact::{Field, WebAddress};
//!
//! let web = WebAddress::parse(" example.com/about")?;
//! let host = web.detail().fields.into_iter().find(|f| f.field == Field::Host).unwrap();
//! assert_eq!((host.start, host.end), (1, 12)); // UTF-16 units of the text as given
//! # Ok::<(), onecontact::WebError>(())
//! ```
//!
//! # Social profiles
//!
//! ```
//! use onecontact::{SocialNetwork, WebAddress};
//!
//! let profile = WebAddress::parse("https://x.com/jack")?.social_profile().unwrap();
//! assert_eq!((profile.network, profile.handle.as_str()), (SocialNetwork::X, "jack"));
//! # Ok::<(), onecontact::WebError>(())
//! ```
//!
//! # Is it a web address at all?
//!
//! ```
//! use onecontact::{ContactKind, ContactKindDetector};
//!
//! assert_eq!(ContactKindDetector::detect("shop.example.com/x"), Some(ContactKind::WebAddress));
//! assert_eq!(ContactKindDetector::detect("see you tomorrow"), None);
//! ```
//!
//! # Links that lie about their host
//!
//! ```
//! let report = onecontact::inspect::inspect("https://www.paypal.com@198.51.100.7/secure/login");
//! assert_eq!(report.real_host(), Some("198.51.100.7"));
//! assert!(!report.warnings.is_empty());
//! ```
//!
//! # Crate features
//!
//! - `serde`: `Serialize` for [`WebAddress`] and [`WebError`], and
//!   `Serialize`/`Deserialize` for their parts ([`WebFacts`], [`WebFlags`],
//!   [`WebFact`], [`SocialProfile`], [`SocialNetwork`], [`ParseDetail`],
//!   [`FieldSpan`], [`Field`], [`KeyVersion`], [`ContactKind`]), with stable
//!   field names. Off by default.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod address;
mod data;
mod defang;
mod detail;
mod detect;
pub mod display;
mod error;
mod facts;
#[doc(hidden)]
pub mod fuzzing;
use onecontact_bytes::gigo;
mod host;
mod input;
pub mod inspect;
mod key;
mod labels;
mod lists;
mod paste;
mod reading;
pub mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
mod social;
mod tracking;
mod wrapper;

pub use address::WebAddress;
pub use data::Data;
pub use defang::{defang, refang};
pub use detail::{Field, FieldSpan, ParseDetail};
pub use detect::{ContactKind, ContactKindDetector};
pub use error::{NotAnAddressReason, Offset, WebError, WebErrorCode};
pub use facts::{WebFact, WebFacts, WebFlags};
pub use host::{HostAnswer, HostKind};
pub use inspect::{LinkReport, Severity, Warning, WarningCode, inspect};
pub use key::direct::{
    key_v1, key_v1_and_host_with, key_v1_with, push_key_v1_with, registrable_domain_in,
    registrable_domain_with,
};
pub use key::v2::{
    key_v2, key_v2_and_host_with, key_v2_explained_with, key_v2_with, push_key_v2_with,
};
pub use key::v2_steps::KeyV2Decision;
pub use key::{KeyVersion, PathRule};
pub use lists::{HostingList, ListError, TrackingTable, WrapperList};
pub use paste::read_paste;
pub use reading::{Reader, Reading, SchemeSource};
pub use social::{SocialNetwork, SocialProfile};
pub use tracking::{
    is_tracking_parameter, strip_tracking_parameters, strip_tracking_parameters_with,
};
pub use wrapper::{Unwrapped, WrapperLayer};

/// The Public Suffix List engine used for registrable domains and detection.
pub use onecontact_psl;
/// The URL parser this crate builds on, re-exported so that callers can name
/// [`WebAddress::url`]'s type without adding the dependency.
pub use onecontact_url;
