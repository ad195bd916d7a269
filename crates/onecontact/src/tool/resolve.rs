//! [`resolve`]: a relative reference resolved against a base URL.

use onecontact_url::Url;

use super::error::{Role, ToolError};
use super::explain::explain;
use super::reading::{ReadOptions, read_url};
use crate::input;

/// The shape of a reference, which decides what it keeps of the base.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum ReferenceKind {
    /// A full URL with its own scheme: the base is not used.
    Absolute,
    /// `//host/path`: keeps the base's scheme, replaces the authority.
    SchemeRelative,
    /// `/path`: keeps scheme and authority, replaces the path.
    PathAbsolute,
    /// `path` or `../path`: replaces what follows the base path's last `/`.
    PathRelative,
    /// `?query`: keeps the path, replaces the query.
    Query,
    /// `#fragment`: keeps path and query, replaces the fragment.
    Fragment,
    /// The empty reference: the base without its fragment.
    Empty,
}

impl ReferenceKind {
    /// The stable name (`path-relative`, …).
    pub fn name(self) -> &'static str {
        match self {
            ReferenceKind::Absolute => "absolute",
            ReferenceKind::SchemeRelative => "scheme-relative",
            ReferenceKind::PathAbsolute => "path-absolute",
            ReferenceKind::PathRelative => "path-relative",
            ReferenceKind::Query => "query",
            ReferenceKind::Fragment => "fragment",
            ReferenceKind::Empty => "empty",
        }
    }

    /// What the kind of reference does, for the given base.
    fn explain(self, base: &Url) -> String {
        match self {
            ReferenceKind::Absolute => "the reference is a full URL with its own scheme, so the base is not used".to_owned(),
            ReferenceKind::SchemeRelative => format!(
                "a scheme-relative reference (starting with //) keeps the base's scheme ({}) and replaces the authority",
                base.scheme()
            ),
            ReferenceKind::PathAbsolute => format!(
                "a reference starting with / keeps the base's scheme and host ({}) and replaces the whole path",
                onecontact_url::quirks::host(base)
            ),
            ReferenceKind::PathRelative => {
                let path = base.path();
                let directory = path.rfind('/').and_then(|i| path.get(..=i)).unwrap_or("/");
                format!(
                    "a relative path replaces everything after the last / of the base's path, so it is read in {directory} \
                     (that last slash is the whole rule, which is why a trailing slash on the base matters)"
                )
            }
            ReferenceKind::Query => {
                "a reference starting with ? keeps the base's path and drops its old query".to_owned()
            }
            ReferenceKind::Fragment => {
                "a reference starting with # keeps the base's path and query and only sets the fragment".to_owned()
            }
            ReferenceKind::Empty => "the empty reference means the base itself, without its fragment".to_owned(),
        }
    }
}

/// The kind of the (trimmed) reference text.
fn kind_of(reference: &str, base_is_special: bool) -> ReferenceKind {
    let slash = |c: char| c == '/' || (base_is_special && c == '\\');
    let mut chars = reference.chars();
    match (chars.next(), chars.next()) {
        (None, _) => ReferenceKind::Empty,
        (Some('?'), _) => ReferenceKind::Query,
        (Some('#'), _) => ReferenceKind::Fragment,
        (Some(a), Some(b)) if slash(a) && slash(b) => ReferenceKind::SchemeRelative,
        (Some(a), _) if slash(a) => ReferenceKind::PathAbsolute,
        _ if has_scheme(reference) => ReferenceKind::Absolute,
        _ => ReferenceKind::PathRelative,
    }
}

/// Whether the text starts with `scheme:`.
fn has_scheme(text: &str) -> bool {
    input::scheme_is_written(text)
        || text.find(':').is_some_and(|colon| {
            let name = text.get(..colon).unwrap_or_default();
            let mut bytes = name.bytes();
            bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
                && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        })
}

/// What [`resolve`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ResolveReport {
    /// The base, normalized.
    pub base: String,
    /// The reference as given (trimmed).
    pub reference: String,
    /// The shape of the reference.
    pub reference_kind: ReferenceKind,
    /// The resolved URL.
    pub url: String,
    /// What the reference kept of the base and what it replaced.
    pub explanation: String,
}

/// Resolves `reference` against `base` the way a browser resolves a link on
/// a page at `base`.
///
/// ```
/// let r = onecontact::tool::resolve("https://ex.com/docs/intro/", "../guide").unwrap();
/// assert_eq!(r.url, "https://ex.com/docs/guide");
/// assert_eq!(r.reference_kind.name(), "path-relative");
/// ```
///
/// # Errors
///
/// [`ToolError`] when the base is not an absolute URL or the reference does
/// not resolve.
pub fn resolve(base: &str, reference: &str) -> Result<ResolveReport, ToolError> {
    let base_url = read_url(base, &ReadOptions::default(), Role::Base)?.url;
    let (_, trimmed) = input::trim(reference);
    let kind = kind_of(trimmed, base_url.is_special());
    let url = if trimmed.is_empty() {
        base_url.without_fragment().to_owned()
    } else {
        let options = ReadOptions {
            base: Some(base_url.as_str().to_owned()),
            assume_https: false,
        };
        match read_url(trimmed, &options, Role::Reference) {
            Ok(reading) => reading.url.as_str().to_owned(),
            Err(ToolError::InvalidUrl { .. }) => {
                // Report the offset in the reference itself.
                let error = base_url.join(trimmed).err();
                return Err(match error {
                    Some(e) => ToolError::InvalidUrl {
                        role: Role::Reference,
                        validation_error: e.kind().name(),
                        reason: explain(e.kind(), trimmed, e.offset()),
                        offset: Some(e.offset()),
                    },
                    None => ToolError::Empty {
                        role: Role::Reference,
                    },
                });
            }
            Err(other) => return Err(other),
        }
    };
    Ok(ResolveReport {
        base: base_url.as_str().to_owned(),
        reference: trimmed.to_owned(),
        reference_kind: kind,
        explanation: kind.explain(&base_url),
        url,
    })
}
