//! `url`'s [`Position`]: slicing a URL between component boundaries.

use core::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

use crate::Url;

/// A boundary in a URL's serialization, for `&url[start..end]`. A
/// position of an absent component is where it would be.
///
/// ```
/// use url::{Position, Url};
/// let url = Url::parse("https://u:p@example.com:8080/a/b?q=1#f")?;
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPort], "example.com:8080");
/// assert_eq!(&url[..Position::AfterPath], "https://u:p@example.com:8080/a/b");
/// assert_eq!(&url[Position::BeforeQuery..], "q=1#f");
/// # Ok::<(), url::ParseError>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub enum Position {
    /// Start of the URL.
    BeforeScheme,
    /// End of the scheme (before `:`).
    AfterScheme,
    /// Start of the username.
    BeforeUsername,
    /// End of the username.
    AfterUsername,
    /// Start of the password (after its `:`).
    BeforePassword,
    /// End of the password (before `@`).
    AfterPassword,
    /// Start of the host.
    BeforeHost,
    /// End of the host.
    AfterHost,
    /// Start of the port digits (after `:`).
    BeforePort,
    /// End of the port.
    AfterPort,
    /// Start of the path.
    BeforePath,
    /// End of the path.
    AfterPath,
    /// Start of the query (after `?`).
    BeforeQuery,
    /// End of the query.
    AfterQuery,
    /// Start of the fragment (after `#`).
    BeforeFragment,
    /// End of the URL.
    AfterFragment,
}

impl Position {
    fn standard(self) -> onecontact_url::Position {
        use onecontact_url::Position as P;
        match self {
            Self::BeforeScheme => P::BeforeScheme,
            Self::AfterScheme => P::AfterScheme,
            Self::BeforeUsername => P::BeforeUsername,
            Self::AfterUsername => P::AfterUsername,
            Self::BeforePassword => P::BeforePassword,
            Self::AfterPassword => P::AfterPassword,
            Self::BeforeHost => P::BeforeHost,
            Self::AfterHost => P::AfterHost,
            Self::BeforePort => P::BeforePort,
            Self::AfterPort => P::AfterPort,
            Self::BeforePath => P::BeforePath,
            Self::AfterPath => P::AfterPath,
            Self::BeforeQuery => P::BeforeQuery,
            Self::AfterQuery => P::AfterQuery,
            Self::BeforeFragment => P::BeforeFragment,
            Self::AfterFragment => P::AfterFragment,
        }
    }
}

#[cfg(any(feature = "expose_internals", feature = "serde"))]
impl Url {
    /// The byte index of `position` in the serialization.
    pub(crate) fn index(&self, position: Position) -> usize {
        self.inner[..position.standard()].len()
    }
}

impl Index<RangeFull> for Url {
    type Output = str;
    fn index(&self, _: RangeFull) -> &str {
        self.as_str()
    }
}

impl Index<RangeFrom<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeFrom<Position>) -> &str {
        &self.inner[range.start.standard()..]
    }
}

impl Index<RangeTo<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeTo<Position>) -> &str {
        &self.inner[..range.end.standard()]
    }
}

impl Index<Range<Position>> for Url {
    type Output = str;
    fn index(&self, range: Range<Position>) -> &str {
        &self.inner[range.start.standard()..range.end.standard()]
    }
}

/// `url`'s internal offsets of a URL's components.
#[cfg(any(feature = "expose_internals", feature = "serde"))]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Components {
    pub(crate) scheme_end: u32,
    pub(crate) username_end: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: u32,
    pub(crate) query_start: Option<u32>,
    pub(crate) fragment_start: Option<u32>,
}

#[cfg(any(feature = "expose_internals", feature = "serde"))]
impl Url {
    /// The offsets `url` stores, read from the positions.
    pub(crate) fn components(&self) -> Components {
        let at = |p| u32::try_from(self.index(p)).unwrap_or(u32::MAX);
        Components {
            scheme_end: at(Position::AfterScheme),
            username_end: at(Position::AfterUsername),
            host_start: at(Position::BeforeHost),
            host_end: at(Position::AfterHost),
            port: self.port(),
            path_start: at(Position::BeforePath),
            query_start: self.query().map(|_| at(Position::AfterPath)),
            fragment_start: self.fragment().map(|_| at(Position::AfterQuery)),
        }
    }
}
