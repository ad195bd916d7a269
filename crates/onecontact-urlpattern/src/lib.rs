//! The WHATWG [URL Pattern Standard](https://urlpattern.spec.whatwg.org/)
//! on [`onecontact_url`]: does this URL match this pattern, and what did it
//! capture.
//!
//! A [`UrlPattern`] is built from a pattern string (`https://*.example.com/:path*`,
//! or a relative one such as `/users/:id` with a base URL) or from component
//! parts ([`UrlPatternInit`]). Each of the eight components (protocol,
//! username, password, hostname, port, pathname, search, hash) is tokenized,
//! parsed into parts, canonicalized through the URL parser and compiled into
//! an ECMAScript regular expression, exactly as the Standard describes.
//! [`UrlPattern::test`] says whether an input matches; [`UrlPattern::exec`]
//! gives the groups of each component.
//!
//! ```
//! use onecontact_urlpattern::{UrlPattern, UrlPatternInit, UrlPatternOptions, PatternInput};
//!
//! // A pattern string with named groups, a regular expression group and a wildcard.
//! let docs = UrlPattern::parse_with_base("/:lang(en|fr)/docs/*", "https://example.com")?;
//! let m = docs.exec("https://example.com/fr/docs/intro/start").expect("matches");
//! assert_eq!(m.pathname.group("lang"), Some("fr"));
//! assert_eq!(m.pathname.group("0"), Some("intro/start"));
//! assert!(docs.has_regexp_groups());
//! assert!(!docs.test("https://example.com/de/docs/intro"));
//!
//! // Component parts: anything not given is a wildcard.
//! let init = UrlPatternInit { hostname: Some("{*.}?example.com".into()), ..Default::default() };
//! let any_host = UrlPattern::from_init(&init)?;
//! assert!(any_host.test("http://example.com/"));
//! assert!(any_host.test("wss://a.b.example.com/socket"));
//! assert_eq!(any_host.hostname(), "{*.}?example.com");
//!
//! // ignoreCase applies to the pathname, search and hash.
//! let loose = UrlPattern::new(
//!     PatternInput::String("https://example.com/Books/*", None),
//!     UrlPatternOptions::ignore_case(true),
//! )?;
//! assert!(loose.test("https://example.com/books/1"));
//!
//! // Errors name the failing step and where.
//! let err = UrlPattern::parse("https://example.com/:id/:id").unwrap_err();
//! assert_eq!(err.to_string(), "pathname: the group name `id` is used twice (offset 5); give each group its own name");
//! # Ok::<(), onecontact_urlpattern::Error>(())
//! ```
//!
//! # Matching a parsed URL
//!
//! `test` and `exec` take a `&str` (parsed by [`onecontact_url::Url::parse`];
//! [`UrlPattern::test_with_base`] resolves it against a base first), a parsed
//! [`onecontact_url::Url`] (no parsing: the component values are read off
//! the URL), or a [`UrlPatternInit`] of component values (canonicalized as
//! the Standard says).
//!
//! # Regular expressions
//!
//! Each component is matched with the ECMAScript regular expression the
//! Standard generates, run by the [`regress`] engine with the `v` flag
//! (UnicodeSets; `vi` under `ignoreCase`). regress implements ECMAScript
//! 2018+ syntax and semantics: character classes with `\d \w \s`, Unicode
//! property escapes `\p{…}`, lookahead and lookbehind, backreferences, named
//! groups, lazy and greedy quantifiers, and the `v` flag's set operations
//! (`[a--b]`, `[a&&b]`, `\q{…}`). Two shapes need no engine at all and are
//! matched directly: a component that is `*` alone and one that is fixed
//! text.
//!
//! # Cost
//!
//! A backtracking engine can take time exponential in the input for some
//! expressions. A repeated wildcard whose repetitions are not separated by
//! the delimiter (`/foo/*+`, `:name*`) is matched as one unit with the same
//! texts and groups; a regular expression group that nests quantifiers, and
//! a component with more than two unbounded parts (wildcards that can end
//! at many places), are refused with
//! [`Error::TooComplex`]. No pattern of the web-platform-tests is refused.
//!
//! # Crate features
//!
//! None: the crate has no optional features.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod canonicalize;
mod component;
mod constructor;
mod cost;
mod error;
mod extensions;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
mod init;
mod parser;
mod pattern;
mod tokenizer;

pub use error::{ComponentName, Error, TokenizeFailure};
pub use init::UrlPatternInit;
pub use pattern::{
    ComponentResult, MatchInput, PatternInput, UrlPattern, UrlPatternOptions, UrlPatternResult,
};

/// One of the eight components of a URL pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// The scheme (`https`).
    Protocol,
    /// The username.
    Username,
    /// The password.
    Password,
    /// The host name (without the port).
    Hostname,
    /// The port.
    Port,
    /// The path.
    Pathname,
    /// The query (without `?`).
    Search,
    /// The fragment (without `#`).
    Hash,
}

impl Component {
    /// The eight components in the Standard's order.
    pub const ALL: [Component; 8] = [
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ];

    /// The component named `name` as the Standard spells it (`protocol`,
    /// …), if there is one.
    ///
    /// ```
    /// use onecontact_urlpattern::Component;
    /// assert_eq!(Component::from_name("hash"), Some(Component::Hash));
    /// assert_eq!(Component::from_name("fragment"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The component's name as the Standard spells it (`protocol`, …).
    pub fn name(self) -> &'static str {
        match self {
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
        }
    }
}
