//! Slicing a URL's serialization between component boundaries, as the `url`
//! crate's `Position` does: `&url[Position::BeforeHost..Position::AfterPort]`.

use core::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

use crate::url::{NONE, Url};

/// A boundary in a URL's serialization, for slicing with
/// `url[start..end]`. A position of an absent component falls where the
/// component would be (e.g. `BeforePort` is `AfterHost` without a port).
///
/// ```
/// use onecontact_url::{Position, Url};
/// let url = Url::parse("https://u:p@example.com:8080/a/b?q=1#f")?;
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPort], "example.com:8080");
/// assert_eq!(&url[..Position::AfterPath], "https://u:p@example.com:8080/a/b");
/// assert_eq!(&url[Position::BeforeQuery..], "q=1#f");
/// assert_eq!(&url[Position::BeforeUsername..Position::AfterPassword], "u:p");
/// # Ok::<(), onecontact_url::ParseError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// Start of the URL.
    BeforeScheme,
    /// End of the scheme (before `:`).
    AfterScheme,
    /// Start of the username (after `://`, or after `:` without authority).
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
    /// Start of the path (after a `/.` prefix, if any).
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

impl Url {
    /// The byte index of `position` in the serialization.
    fn position(&self, position: Position) -> u32 {
        // Only the password's positions look for one.
        let has_password =
            || self.has_authority() && self.byte_at(self.username_end()) == Some(b':');
        match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => self.scheme_end(),
            Position::BeforeUsername if self.has_authority() => self.scheme_end() + 3,
            Position::BeforeUsername => self.scheme_end() + 1,
            Position::AfterUsername => self.username_end(),
            Position::BeforePassword if has_password() => self.username_end() + 1,
            Position::BeforePassword => self.username_end(),
            Position::AfterPassword if has_password() => self.host_start - 1,
            Position::AfterPassword => self.username_end(),
            Position::BeforeHost => self.host_start,
            Position::AfterHost => self.host_end,
            Position::BeforePort if self.has_port() => self.host_end + 1,
            Position::BeforePort | Position::AfterPort => self.authority_end(),
            Position::BeforePath => self.path_start,
            Position::AfterPath => self.path_end(),
            Position::BeforeQuery if self.query_start != NONE => self.query_start + 1,
            Position::BeforeQuery => self.path_end(),
            Position::AfterQuery => self.query_end(),
            Position::BeforeFragment if self.fragment_start != NONE => self.fragment_start + 1,
            Position::BeforeFragment | Position::AfterFragment => self.len32(),
        }
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
        self.slice(self.position(range.start), self.len32())
    }
}

impl Index<RangeTo<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeTo<Position>) -> &str {
        self.slice(0, self.position(range.end))
    }
}

impl Index<Range<Position>> for Url {
    type Output = str;
    fn index(&self, range: Range<Position>) -> &str {
        self.slice(self.position(range.start), self.position(range.end))
    }
}
