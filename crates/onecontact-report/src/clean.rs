//! [`clean`]: the URL without tracking parameters.

use crate::error::{Role, ToolError};
use crate::read_options::{Note, ReadOptions, read, read_base, reading_notes, url_of};

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
    /// The wrappers taken off the link, outermost first, when
    /// [`clean_with`] was asked to unwrap (empty otherwise).
    pub unwrapped: Vec<onecontact::WrapperLayer>,
}

/// Removes tracking parameters from the query, leaving every other
/// parameter exactly as written. A query left empty goes with its `?`.
///
/// The table is key V2's ([`Data::tracking`](onecontact::Data::tracking)
/// of the options' data: the `utm_` family, click IDs such as `gclid`,
/// `fbclid`, `msclkid`, `yclid`, e-mail campaign IDs such as `mc_eid`,
/// `_hsenc`, `mkt_tok`, and names that are tracking on one site only, such
/// as `si` on YouTube), so `clean` removes what key V2 leaves out of the
/// key.
///
/// ```
/// let r = onecontact_report::clean("https://ex.com/p?utm_source=x&id=1&b=a+b#top", &Default::default()).unwrap();
/// assert_eq!(r.cleaned, "https://ex.com/p?id=1&b=a+b#top");
/// assert_eq!(r.removed[0].name, "utm_source");
/// ```
///
/// # Errors
///
/// [`ToolError`] when the text is not a URL.
pub fn clean(text: &str, options: &ReadOptions) -> Result<CleanReport, ToolError> {
    clean_with(text, options, false)
}

/// [`clean`], and with `unwrap` the address behind a link wrapper (Outlook
/// Safe Links, Proofpoint URL Defense, Google's `/url`, Facebook's
/// `l.php`, …; see [`WebAddress::unwrapped`](onecontact::WebAddress::unwrapped))
/// cleaned instead of the wrapper.
///
/// ```
/// use onecontact_report::clean_with;
///
/// let text = "https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%2Fa%3Fid%3D1%26fbclid%3DIw&h=AT0";
/// let r = clean_with(text, &Default::default(), true).unwrap();
/// assert_eq!(r.cleaned, "https://example.com/a?id=1");
/// assert_eq!(r.unwrapped[0].vendor, "Facebook Link Shim");
/// ```
///
/// # Errors
///
/// [`ToolError`] when the text is not a URL.
pub fn clean_with(
    text: &str,
    options: &ReadOptions,
    unwrap: bool,
) -> Result<CleanReport, ToolError> {
    let base = read_base(options)?;
    let reading = read(text, base.as_ref(), options, Role::Input)?;
    let read_url = url_of(&reading, Role::Input)?;
    let mut notes = reading_notes(&reading, base.as_ref());
    let found = if unwrap {
        onecontact::WebAddress::parse_with(read_url.as_str(), &options.data)
            .ok()
            .and_then(|web| web.unwrapped(&options.data))
    } else {
        None
    };
    let (url, unwrapped) = match found {
        Some(found) => {
            for layer in &found.wrappers {
                notes.push(Note::new(
                    "unwrapped",
                    format!(
                        "the link was a {} wrapper; what follows is the address inside it",
                        layer.vendor
                    ),
                ));
            }
            (found.target.into_url(), found.wrappers)
        }
        None => (read_url.clone(), Vec::new()),
    };
    let url = &url;
    let href = url.as_str();
    let host = url.host_str().unwrap_or_default();
    let mut removed = Vec::new();
    let mut cleaned = href.to_owned();
    if let Some(query) = url.query() {
        let mut names = Vec::new();
        if let Some(kept) = onecontact::strip_tracking_parameters_with(
            query,
            host,
            options.data.tracking(),
            &mut names,
        ) {
            for name in &names {
                let pair_end = query
                    .get(name.start..)
                    .and_then(|rest| rest.find('&'))
                    .map_or(query.len(), |end| name.start + end);
                removed.push(RemovedParameter {
                    name: query.get(name.clone()).unwrap_or_default().to_owned(),
                    raw: query
                        .get(name.start..pair_end)
                        .unwrap_or_default()
                        .to_owned(),
                });
            }
            let query_start = href.len() - query.len() - url.fragment().map_or(0, |f| f.len() + 1);
            let mut out = href
                .get(..query_start.saturating_sub(1))
                .unwrap_or_default()
                .to_owned();
            if !kept.is_empty() {
                out.push('?');
                out.push_str(&kept);
            }
            if let Some(fragment) = url.fragment() {
                out.push('#');
                out.push_str(fragment);
            }
            cleaned = out;
        }
    }
    Ok(CleanReport {
        input: reading.text().to_owned(),
        url: href.to_owned(),
        cleaned,
        removed,
        notes,
        unwrapped,
    })
}
