//! [`resolve`]: a relative reference resolved against a base URL.

use onecontact_url::Url;

use crate::error::{Role, ToolError};
use onecontact::{Reader, SchemeSource};

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

/// The kind of a reference: `scheme_written` when the parser read a scheme
/// from it, otherwise by how the (trimmed) text starts.
fn kind_of(reference: &str, scheme_written: bool, base_is_special: bool) -> ReferenceKind {
    if scheme_written {
        return ReferenceKind::Absolute;
    }
    let slash = |c: char| c == '/' || (base_is_special && c == '\\');
    let mut chars = reference.chars();
    match (chars.next(), chars.next()) {
        (None, _) => ReferenceKind::Empty,
        (Some('?'), _) => ReferenceKind::Query,
        (Some('#'), _) => ReferenceKind::Fragment,
        (Some(a), Some(b)) if slash(a) && slash(b) => ReferenceKind::SchemeRelative,
        (Some(a), _) if slash(a) => ReferenceKind::PathAbsolute,
        _ => ReferenceKind::PathRelative,
    }
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
/// a page at `base`. The base is read as a URL as it is when it starts with
/// a scheme, and with `https://` assumed otherwise when `assume_https` is
/// on; the reference is never given the assumption. Everything else is the
/// URL Standard's parser, so the empty reference is the base without its
/// fragment, and a base with an opaque path (`about:blank`) takes only a
/// reference starting with `#`.
///
/// ```
/// let r = onecontact_report::resolve("https://ex.com/docs/intro/", "../guide", true).unwrap();
/// assert_eq!(r.url, "https://ex.com/docs/guide");
/// assert_eq!(r.reference_kind.name(), "path-relative");
/// assert_eq!(onecontact_report::resolve("a:b", "#f", true).unwrap().url, "a:b#f");
/// assert!(onecontact_report::resolve("about:blank", "", true).is_err());
/// ```
///
/// # Errors
///
/// [`ToolError`] when the base is not an absolute URL or the reference does
/// not resolve.
pub fn resolve(
    base: &str,
    reference: &str,
    assume_https: bool,
) -> Result<ResolveReport, ToolError> {
    let base_url = Reader::new()
        .assume_https(assume_https)
        .read_base(base)
        .into_url()
        .map_err(|e| ToolError::unreadable(Role::Base, &e))?;
    let reading = Reader::new().base(Some(&base_url)).read(reference);
    let url = reading
        .url()
        .map_err(|e| ToolError::unreadable(Role::Reference, e))?;
    let kind = kind_of(
        reading.text(),
        reading.scheme_source() == SchemeSource::Written,
        base_url.is_special(),
    );
    Ok(ResolveReport {
        base: base_url.as_str().to_owned(),
        reference: reading.text().to_owned(),
        reference_kind: kind,
        explanation: kind.explain(&base_url),
        url: url.as_str().to_owned(),
    })
}
