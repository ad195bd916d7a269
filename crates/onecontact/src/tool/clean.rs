//! [`clean`]: the URL without tracking parameters.

use super::error::{Role, ToolError};
use super::reading::{Note, ReadOptions, read_url};
use crate::tracking::is_tracking_parameter;

/// A tracking parameter that [`clean`] removed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RemovedParameter {
    /// The name as written.
    pub name: String,
    /// The whole pair as written (`utm_source=news`).
    pub raw: String,
}

/// What [`clean`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CleanReport {
    /// The text given, trimmed.
    pub input: String,
    /// The normalized URL before cleaning.
    pub url: String,
    /// The URL without tracking parameters; every other parameter exactly as
    /// written, in order, and the fragment kept.
    pub cleaned: String,
    /// The tracking parameters removed, in order.
    pub removed: Vec<RemovedParameter>,
    /// What was assumed when reading the text.
    pub notes: Vec<Note>,
}

/// Removes tracking parameters (the `utm_` family, click IDs such as
/// `gclid`, `fbclid` and `msclkid`, e-mail campaign IDs; see
/// [`TRACKING_PARAMETERS`](crate::TRACKING_PARAMETERS)) from the query,
/// leaving every other parameter exactly as written. A query left empty
/// goes with its `?`.
///
/// ```
/// let r = onecontact::tool::clean("https://ex.com/p?utm_source=x&id=1&b=a+b#top", &Default::default()).unwrap();
/// assert_eq!(r.cleaned, "https://ex.com/p?id=1&b=a+b#top");
/// assert_eq!(r.removed[0].name, "utm_source");
/// ```
///
/// # Errors
///
/// [`ToolError`] when the text is not a URL.
pub fn clean(text: &str, options: &ReadOptions) -> Result<CleanReport, ToolError> {
    let reading = read_url(text, options, Role::Input)?;
    let url = &reading.url;
    let href = url.as_str();
    let mut removed = Vec::new();
    let cleaned = match url.query() {
        Some(query) => {
            let mut kept: Vec<&str> = Vec::new();
            for piece in query.split('&') {
                let name = piece.split_once('=').map_or(piece, |(name, _)| name);
                if is_tracking_parameter(name) {
                    removed.push(RemovedParameter {
                        name: name.to_owned(),
                        raw: piece.to_owned(),
                    });
                } else {
                    kept.push(piece);
                }
            }
            if removed.is_empty() {
                href.to_owned()
            } else {
                let before = href.len().saturating_sub(url.search_and_fragment_len());
                let mut out = href.get(..before).unwrap_or_default().to_owned();
                let joined = kept.join("&");
                if !joined.trim_matches('&').is_empty() {
                    out.push('?');
                    out.push_str(&joined);
                }
                if let Some(fragment) = url.fragment() {
                    out.push('#');
                    out.push_str(fragment);
                }
                out
            }
        }
        None => href.to_owned(),
    };
    Ok(CleanReport {
        input: reading.trimmed.clone(),
        url: href.to_owned(),
        cleaned,
        removed,
        notes: reading.notes.clone(),
    })
}

/// The length of `?query#fragment` at the end of a serialization.
trait TailLen {
    fn search_and_fragment_len(&self) -> usize;
}

impl TailLen for onecontact_url::Url {
    fn search_and_fragment_len(&self) -> usize {
        let query = self.query().map_or(0, |q| q.len() + 1);
        let fragment = self.fragment().map_or(0, |f| f.len() + 1);
        query + fragment
    }
}
