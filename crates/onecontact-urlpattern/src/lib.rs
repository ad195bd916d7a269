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
//! assert_eq!(m.pathname().group("lang"), Some("fr"));
//! assert_eq!(m.pathname().group("0"), Some("intro/start"));
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
//! # Regular expressions and cost
//!
//! Each component is matched with the ECMAScript regular expression the
//! Standard generates, flags `v` (`vi` under `ignoreCase`). The expression
//! is read by this crate (ECMA-262's grammar and early errors with the `v`
//! flag: class set operations `[a--b]` `[a&&b]`, `\q{…}`, `\p{…}` from
//! ICU4X's Unicode data, modifiers `(?i:…)`) into `regex-syntax`'s HIR and
//! run by `regex-automata`'s meta engine, whose leftmost-first search gives
//! the match and captures a backtracking engine gives, in time linear in
//! the URL (times a factor bounded by the pattern). Where ECMAScript's
//! semantics differ from leftmost-first (an iteration past the minimum that
//! matches the empty string is refused), the expression is rewritten to the
//! same matches in the same order. What only a backtracking engine can run
//! — lookaround, backreferences, a capturing group inside a repeating
//! quantifier, a property of strings — is refused when the pattern is built
//! with [`Error::NeedsBacktracking`]; no pattern of the web-platform-tests
//! uses it. Two shapes need no engine at all and are matched directly: a
//! component that is `*` alone and one that is fixed text.
//!
//! # Crate features
//!
//! None: the crate has no optional features.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod canonicalize;
mod component;
mod constructor;
mod error;
mod extensions;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
mod init;
mod parser;
mod pattern;
mod regexp;
mod result;
mod tokenizer;

pub use error::{ComponentName, Error, TokenizeFailure};
pub use init::UrlPatternInit;
pub use pattern::{MatchInput, PatternInput, UrlPattern, UrlPatternOptions};
pub use result::{ComponentResult, UrlPatternResult};

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
