//! Input spans: which bytes of the original input produced each component.

use crate::prelude::*;
use core::ops::Range;

use crate::validation::{Validation, ValidationError};

/// Byte ranges of the input as given (before leading/trailing C0-control-or-space
/// trimming and tab/newline removal) that produced each component of a parsed URL.
///
/// A span covers any tabs or newlines removed inside it. A component that is
/// absent, or that was copied from the base URL rather than read from the
/// input, has no span. Delimiters are excluded: `scheme` stops before `:`,
/// `userinfo` before `@`, `port` starts after `:`, `query` after `?` and
/// `fragment` after `#`; `path` includes its leading `/` when the input had one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct InputSpans {
    /// The scheme, without its `:`.
    pub scheme: Option<Range<usize>>,
    /// Username and password with the `:` between them, without the final `@`.
    pub userinfo: Option<Range<usize>>,
    /// The host as written (brackets included for IPv6).
    pub host: Option<Range<usize>>,
    /// The port digits.
    pub port: Option<Range<usize>>,
    /// The path as written.
    pub path: Option<Range<usize>>,
    /// The query, without `?`.
    pub query: Option<Range<usize>>,
    /// The fragment, without `#`.
    pub fragment: Option<Range<usize>>,
}

/// A component whose span the parser reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Component {
    Scheme,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

/// What the parser tells an observer. Both kinds of report are compiled out
/// for the no-op observer `()` used by [`crate::Url::parse`].
pub(crate) trait Observer {
    /// Whether non-fatal validation errors are wanted.
    const VALIDATION: bool;
    /// Whether spans are wanted.
    const SPANS: bool;
    /// A validation error at `offset` (already mapped to the original
    /// input); `text` is the input read from the error on.
    fn validation(&mut self, kind: ValidationError, offset: usize, text: &str);
    /// A component span (already mapped to the original input).
    fn span(&mut self, component: Component, range: Range<usize>);
}

impl Observer for () {
    const VALIDATION: bool = false;
    const SPANS: bool = false;
    #[inline(always)]
    fn validation(&mut self, _: ValidationError, _: usize, _: &str) {}
    #[inline(always)]
    fn span(&mut self, _: Component, _: Range<usize>) {}
}

impl Observer for Vec<Validation> {
    const VALIDATION: bool = true;
    const SPANS: bool = false;
    fn validation(&mut self, kind: ValidationError, offset: usize, text: &str) {
        self.push(Validation::at(kind, offset, text));
    }
    fn span(&mut self, _: Component, _: Range<usize>) {}
}

impl Observer for InputSpans {
    const VALIDATION: bool = false;
    const SPANS: bool = true;
    fn validation(&mut self, _: ValidationError, _: usize, _: &str) {}
    fn span(&mut self, component: Component, range: Range<usize>) {
        let slot = match component {
            Component::Scheme => &mut self.scheme,
            Component::Userinfo => &mut self.userinfo,
            Component::Host => &mut self.host,
            Component::Port => &mut self.port,
            Component::Path => &mut self.path,
            Component::Query => &mut self.query,
            Component::Fragment => &mut self.fragment,
        };
        *slot = Some(range);
    }
}

/// Both spans and validation errors.
pub(crate) struct Both<'a> {
    pub(crate) spans: &'a mut InputSpans,
    pub(crate) errors: &'a mut Vec<Validation>,
}

impl Observer for Both<'_> {
    const VALIDATION: bool = true;
    const SPANS: bool = true;
    fn validation(&mut self, kind: ValidationError, offset: usize, text: &str) {
        self.errors.validation(kind, offset, text);
    }
    fn span(&mut self, component: Component, range: Range<usize>) {
        self.spans.span(component, range);
    }
}
