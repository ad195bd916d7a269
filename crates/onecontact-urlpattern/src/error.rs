//! The failures of the URL Pattern Standard's algorithms.
//!
//! Where the Standard says "throw a `TypeError`", [`Error`] says which step
//! failed and, for failures inside a pattern string, the byte offset in that
//! string.

use crate::Component;

/// Why a pattern could not be built, or why an input could not be matched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The tokenizer (strict policy) met a character it cannot tokenize
    /// there: a `\` at the end, a `:` without a valid name, or a `(…)`
    /// group that is empty, unclosed, starts with `?`, holds a non-ASCII
    /// character or an unnamed capturing group.
    #[error(
        "{component}: invalid pattern at offset {offset}: {what}; escape the character with `\\` or fix the group"
    )]
    Tokenize {
        /// The component whose pattern failed (or `None` for the
        /// constructor string as a whole).
        component: ComponentName,
        /// Byte offset of the token in the component's pattern.
        offset: usize,
        /// What the tokenizer rejected.
        what: TokenizeFailure,
    },
    /// The pattern parser expected another token (a closing `}`, or the end
    /// of the pattern) at `offset`.
    #[error("{component}: expected {expected} at offset {offset} of the pattern")]
    UnexpectedToken {
        /// The component whose pattern failed.
        component: ComponentName,
        /// Byte offset in the component's pattern.
        offset: usize,
        /// The token kind the parser needed.
        expected: &'static str,
    },
    /// Two groups of one component share a name.
    #[error(
        "{component}: the group name `{name}` is used twice (offset {offset}); give each group its own name"
    )]
    DuplicateName {
        /// The component whose pattern failed.
        component: ComponentName,
        /// Byte offset of the second use.
        offset: usize,
        /// The repeated name.
        name: String,
    },
    /// The generated ECMAScript regular expression is not valid ECMAScript
    /// with the `v` flag (the Standard's `RegExpCreate` threw a
    /// SyntaxError).
    #[error(
        "{component}: the regular expression `{regexp}` is invalid at offset {offset}: {reason}"
    )]
    InvalidRegExp {
        /// The component whose pattern failed.
        component: ComponentName,
        /// The generated regular expression.
        regexp: String,
        /// Byte offset in `regexp` where reading failed.
        offset: usize,
        /// The ECMAScript rule that was broken.
        reason: String,
    },
    /// The generated regular expression is valid but uses a feature that
    /// only a backtracking engine runs (lookaround, a backreference, a
    /// capturing group inside a repeating quantifier, a property of
    /// strings). Such patterns are refused so that matching time stays
    /// linear in the input.
    #[error(
        "{component}: the regular expression `{regexp}` uses {feature} at offset {offset}, which only a backtracking engine runs; the pattern is refused so that matching stays linear in time"
    )]
    NeedsBacktracking {
        /// The component whose pattern was refused.
        component: ComponentName,
        /// The generated regular expression.
        regexp: String,
        /// Byte offset of the feature in `regexp`.
        offset: usize,
        /// The feature.
        feature: &'static str,
    },
    /// A fixed part of a pattern, or a component of an input, is not a
    /// valid value for its component (canonicalization through the URL
    /// parser failed).
    #[error("{component}: `{value}` is not a valid {component} value")]
    Canonicalize {
        /// The component.
        component: ComponentName,
        /// The value that failed.
        value: String,
    },
    /// A pattern string that names no protocol was given without a base URL.
    #[error(
        "a relative pattern string needs a base URL (or write the protocol, as in `https://…`)"
    )]
    MissingBase,
    /// A base URL was given together with component parts (`UrlPatternInit`);
    /// put it in the init's `base_url` instead.
    #[error("a base URL cannot be given beside a UrlPatternInit; set its base_url field instead")]
    BaseWithInit,
    /// The base URL does not parse.
    #[error("the base URL `{0}` is not a valid URL")]
    InvalidBaseUrl(String),
    /// The generated regular expression is too large for the linear-time
    /// engine (its automaton would pass the size limit, as with `a{100000}`).
    #[error("{component}: the pattern is refused: {reason}")]
    TooComplex {
        /// The component whose pattern was refused.
        component: ComponentName,
        /// Why.
        reason: String,
    },
}

impl Error {
    /// A stable name for the kind of failure, for programs and bindings
    /// that sort errors without reading their sentences:
    /// `urlpattern.tokenize`, `urlpattern.unexpected-token`,
    /// `urlpattern.duplicate-name`, `urlpattern.invalid-regexp`,
    /// `urlpattern.needs-backtracking`, `urlpattern.too-complex`,
    /// `urlpattern.canonicalize`, `urlpattern.missing-base`,
    /// `urlpattern.base-with-init` or `urlpattern.invalid-base-url`.
    ///
    /// ```
    /// use onecontact_urlpattern::{Component, UrlPattern};
    ///
    /// let error = UrlPattern::parse("https://example.com/:a/:a").unwrap_err();
    /// assert_eq!(error.code(), "urlpattern.duplicate-name");
    /// assert_eq!(error.component(), Some(Component::Pathname));
    /// assert_eq!(UrlPattern::parse("/relative").unwrap_err().code(), "urlpattern.missing-base");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            Error::Tokenize { .. } => "urlpattern.tokenize",
            Error::UnexpectedToken { .. } => "urlpattern.unexpected-token",
            Error::DuplicateName { .. } => "urlpattern.duplicate-name",
            Error::InvalidRegExp { .. } => "urlpattern.invalid-regexp",
            Error::NeedsBacktracking { .. } => "urlpattern.needs-backtracking",
            Error::Canonicalize { .. } => "urlpattern.canonicalize",
            Error::MissingBase => "urlpattern.missing-base",
            Error::BaseWithInit => "urlpattern.base-with-init",
            Error::InvalidBaseUrl(_) => "urlpattern.invalid-base-url",
            Error::TooComplex { .. } => "urlpattern.too-complex",
        }
    }

    /// The component whose pattern or value failed; `None` for the
    /// constructor string as a whole and for the base URL.
    pub fn component(&self) -> Option<Component> {
        match self {
            Error::Tokenize { component, .. }
            | Error::UnexpectedToken { component, .. }
            | Error::DuplicateName { component, .. }
            | Error::InvalidRegExp { component, .. }
            | Error::NeedsBacktracking { component, .. }
            | Error::Canonicalize { component, .. }
            | Error::TooComplex { component, .. } => match component {
                ComponentName::Component(c) => Some(*c),
                ComponentName::ConstructorString => None,
            },
            Error::MissingBase | Error::BaseWithInit | Error::InvalidBaseUrl(_) => None,
        }
    }
}

/// What the tokenizer rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum TokenizeFailure {
    /// A `\` is the last character.
    TrailingBackslash,
    /// A `:` is not followed by a valid group name.
    MissingName,
    /// A `(` group holds a non-ASCII character.
    NonAsciiRegExp,
    /// A `(` group starts with `?`.
    RegExpStartsWithQuestionMark,
    /// A `(` group holds a capturing group `(` not followed by `?`.
    CapturingGroup,
    /// A `(` group is not closed.
    UnbalancedRegExp,
    /// A `(` group is empty.
    EmptyRegExp,
}

impl core::fmt::Display for TokenizeFailure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            TokenizeFailure::TrailingBackslash => "a `\\` ends the pattern",
            TokenizeFailure::MissingName => "`:` is not followed by a group name",
            TokenizeFailure::NonAsciiRegExp => {
                "a regular expression group holds a non-ASCII character"
            }
            TokenizeFailure::RegExpStartsWithQuestionMark => {
                "a regular expression group starts with `?`"
            }
            TokenizeFailure::CapturingGroup => {
                "a regular expression group holds a capturing group (write `(?:` instead)"
            }
            TokenizeFailure::UnbalancedRegExp => "a regular expression group is not closed",
            TokenizeFailure::EmptyRegExp => "a regular expression group is empty",
        })
    }
}

/// Which part of a pattern an error is about: one of the eight components,
/// or the constructor string as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ComponentName {
    /// The constructor string (before it is split into components).
    ConstructorString,
    /// One component.
    Component(Component),
}

impl core::fmt::Display for ComponentName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ComponentName::ConstructorString => f.write_str("pattern string"),
            ComponentName::Component(c) => f.write_str(c.name()),
        }
    }
}

impl From<Component> for ComponentName {
    fn from(c: Component) -> Self {
        ComponentName::Component(c)
    }
}
