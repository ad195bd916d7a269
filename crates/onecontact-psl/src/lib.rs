//! # onecontact-psl
//!
//! A [Public Suffix List](https://publicsuffix.org/) engine: which part of a
//! host name is a public suffix (`co.uk`, `github.io`), and which is the
//! registrable domain a person or organisation controls (`bbc.co.uk`).
//!
//! - [`List::baked`] is the list pinned in `testdata/psl/` (see
//!   [`List::version`]), compiled in as a static hash table by
//!   `cargo xtask tables`: no start-up work, no allocation.
//! - [`List::parse`] loads a newer `public_suffix_list.dat` at run time; the
//!   result answers through the same code as the baked list.
//! - [`List::suffix`] returns the public suffix and where it came from: the
//!   ICANN or PRIVATE [`Section`], the [`RuleKind`], or the implicit `*`
//!   rule; [`List::registrable_domain`] the suffix plus one label;
//!   [`List::is_icann_tld`] whether a label is a top-level domain of the
//!   ICANN section.
//!
//! ## Which entry point do I use
//!
//! | you want | call |
//! |---|---|
//! | everything at once: suffix, registrable domain, section, the rule | [`List::lookup`] → [`Answer`] |
//! | the same without the PRIVATE section (`github.io`, `blogspot.com`) | [`List::lookup_with`] and [`Sections::IcannOnly`] |
//! | the domain a site's owner controls (cookies, grouping by site) | [`List::registrable_domain`] |
//! | the public suffix and which section or rule decided | [`List::suffix`] |
//! | whether a label is an ICANN top-level domain | [`List::is_icann_tld`] |
//! | a list newer than the one compiled in | [`List::parse`], then the same calls |
//! | to look up text that may contain Unicode | [`to_ascii`] first |
//!
//! ## Specification followed
//!
//! The "List format" and "Formal algorithm" of publicsuffix.org (now the
//! list's wiki page "Format") and the list file's own header: normal,
//! wildcard (`*.ck`) and exception (`!www.ck`) rules, the implicit `*` rule,
//! the longest matching rule unless an exception matches, and both sections
//! (`===BEGIN ICANN DOMAINS===`, `===BEGIN PRIVATE DOMAINS===`). Both
//! sections are used, as browsers do; a [`Suffix`] says which one decided.
//! The current format allows wildcards only as the leftmost label;
//! [`List::parse`] rejects other placements.
//!
//! ## Input
//!
//! Lookups take a host as the URL host parser produces it (ASCII,
//! lowercase, internationalized labels in `xn--` form) or as a person
//! writes it (`食狮.公司.cn`, `ＷＷＷ．例え．ＪＰ`). Answers are slices of the
//! input, in its form: its case and characters, without one trailing root
//! dot.
//!
//! - ASCII input is looked up as it is: uppercase ASCII matches without
//!   regard to case. These lookups allocate nothing.
//! - Input holding non-ASCII text is looked up in the ASCII form the URL
//!   host parser gives it ([`to_ascii`], which is
//!   `onecontact_idna::domain_to_ascii`: UTS #46 mapping, the full stops
//!   `。` `．` `｡` as separators, Punycode), and the answer's labels are
//!   given back from the input. The conversion allocates the ASCII form.
//! - Non-ASCII input that the conversion refuses is no domain: no
//!   registrable domain, and a [`Suffix`] of origin [`Origin::NotADomain`].
//!   No lookup answers for text it has not read as a browser would.
//!
//! A domain with an empty label (`.example.com`, `a..b.com`) or empty input
//! has no registrable domain. [`List::suffix`] still reports the suffix of
//! its last labels.
//!
//! ## Example
//!
//! ```
//! use onecontact_psl::{List, RuleKind, Section};
//!
//! let list = List::baked();
//! assert_eq!(list.registrable_domain("www.example.co.uk"), Some("example.co.uk"));
//!
//! let s = list.suffix("alice.github.io");
//! assert_eq!(s.as_str(), "github.io");
//! assert_eq!(s.section(), Some(Section::Private));
//!
//! let s = list.suffix("www.ck"); // exception rule !www.ck
//! assert_eq!((s.as_str(), s.rule_kind()), ("ck", Some(RuleKind::Exception)));
//!
//! let s = list.suffix("example.notatld"); // implicit `*` rule
//! assert!(s.is_implicit());
//!
//! // Unicode input, answered in the form given.
//! assert_eq!(list.registrable_domain("www.食狮.公司.cn"), Some("食狮.公司.cn"));
//! assert_eq!(list.registrable_domain("公司.cn"), None); // a public suffix
//! assert_eq!(list.suffix("ＷＷＷ．食狮．中国").as_str(), "中国");
//! // Or in its ASCII form, as the URL parser hands it over.
//! let host = onecontact_psl::to_ascii("www.食狮.中国").unwrap();
//! assert_eq!(list.registrable_domain(&host), Some("xn--85x722f.xn--fiqs8s"));
//! // Text the URL host parser refuses has no answer.
//! assert!(list.suffix("食狮.xn--a.cn").is_not_a_domain());
//!
//! assert!(list.is_icann_tld("com") && !list.is_icann_tld("example"));
//! ```
//!
//! ## A list loaded at run time
//!
//! ```
//! use onecontact_psl::List;
//!
//! let text = "// ===BEGIN ICANN DOMAINS===\nexample\n*.wild.example\n!x.wild.example\n// ===END ICANN DOMAINS===\n";
//! let list = List::parse(text)?;
//! assert_eq!(list.registrable_domain("a.b.example"), Some("b.example"));
//! assert_eq!(list.registrable_domain("a.b.wild.example"), Some("a.b.wild.example"));
//! assert_eq!(list.registrable_domain("x.wild.example"), Some("x.wild.example"));
//! # Ok::<(), onecontact_psl::ParseError>(())
//! ```
//!
//! ## Updating the list
//!
//! Re-pin `testdata/psl/public_suffix_list.dat` (`cargo xtask pin psl
//! --from PATH`), then run `cargo xtask tables`; `cargo xtask tables
//! --check` fails while the generated table is stale. Programs that want a
//! list newer than the build load it with [`List::parse`].
//!
//! # Crate features
//!
//! - `std` (default): `List::parse` indexes rules in a hash map. Without it
//!   the crate is `#![no_std]` with `alloc` and gives the same answers (the
//!   index is a B-tree map); errors implement `core::error::Error` either way.
//! - `baked` (default): the pinned list compiled in, [`List::baked`] and
//!   `baked_source_sha256`. Without it only [`List::parse`] gives lists;
//!   the table generator builds the crate that way, so a stale baked file
//!   never blocks its own regeneration.
//! - `serde`: `Serialize`/`Deserialize` for [`Section`], [`RuleKind`] and
//!   [`Origin`].

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

mod answer;
mod builder;
#[cfg(feature = "codegen")]
#[doc(hidden)]
pub mod codegen;
mod error;
#[cfg(all(feature = "baked", feature = "fuzzing"))]
#[doc(hidden)]
pub mod fuzzing;
#[cfg(feature = "baked")]
mod generated;
use onecontact_bytes::gigo;
mod idn;
mod key;
mod list;
mod lookup;
mod rules;
mod section;
mod table;
mod unicode;

pub use answer::{Answer, DetachedAnswer, Rule, Sections};
pub use error::ParseError;
pub use idn::{IdnaErrors, to_ascii};
pub use list::List;
#[cfg(feature = "baked")]
pub use list::baked_source_sha256;
pub use lookup::Suffix;
pub use section::{Origin, RuleKind, Section};
