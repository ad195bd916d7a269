//! Key V1 straight from the text: the same answer as
//! [`WebAddress::parse`] followed by [`WebAddress::key`], without building
//! the URL when the text is a special URL in serialized form (or a bare
//! host and path read as one with `https://` assumed).
//!
//! The URL parser's scan ([`onecontact_url::scan`]) reports where the host,
//! port, path and query are and what the parser would decide about them;
//! the key's parts are written from the text into the one `String` that is
//! returned. Any text the scan does not take goes through the full reading,
//! so the answer (and the error) is always the one of [`WebAddress`].

use onecontact_psl::{List, Sections};
use onecontact_url::scan::{self, Scanned, SpecialScheme};

use crate::address::WebAddress;
use crate::data::Data;
use crate::error::WebError;
use crate::input;
use crate::key::{self, KeyVersion, PathScan};
use crate::reading::looks_relative;
use crate::tracking;

/// The key V1 of `text`, with the baked Public Suffix List: exactly
/// `WebAddress::parse(text)?.key(KeyVersion::V1)`, in one reading of the
/// text and (for the common shapes) one allocation, the key itself.
///
/// ```
/// use onecontact::{KeyVersion, WebAddress, key_v1};
///
/// let text = "https://www.Example.co.uk/About/index.html?b=2&a=1&utm_source=x#top";
/// assert_eq!(key_v1(text)?, "example.co.uk/about?a=1&b=2");
/// assert_eq!(key_v1(text)?, WebAddress::parse(text)?.key(KeyVersion::V1));
/// assert_eq!(key_v1("example.com:8080")?, "example.com:8080");
/// assert_eq!(key_v1("  ").unwrap_err().code(), "web.host-missing");
/// # Ok::<(), onecontact::WebError>(())
/// ```
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse`] for the same text.
pub fn key_v1(text: &str) -> Result<String, WebError> {
    key_v1_with_list(text, List::baked())
}

/// [`key_v1`] with the lists of `data`: exactly
/// `WebAddress::parse_with(text, data)?.key(KeyVersion::V1)`.
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse_with`] for the same text.
pub fn key_v1_with(text: &str, data: &Data) -> Result<String, WebError> {
    key_v1_with_list(text, data.psl())
}

/// [`key_v1_with`] written at the end of `out` instead of into a new
/// `String`, for a caller that builds rows of many keys in one buffer
/// (`onecontact key --input` does). On an error `out` is left as it was.
///
/// ```
/// use onecontact::{Data, push_key_v1_with};
///
/// let data = Data::baked();
/// let mut rows = String::new();
/// for text in ["https://www.example.com/A?utm_source=x", "example.org:8080"] {
///     push_key_v1_with(text, &data, &mut rows)?;
///     rows.push('\n');
/// }
/// assert_eq!(rows, "example.com/a\nexample.org:8080\n");
/// // An error leaves the rows as they were.
/// assert!(push_key_v1_with("http://[::1", &data, &mut rows).is_err());
/// assert_eq!(rows, "example.com/a\nexample.org:8080\n");
/// # Ok::<(), onecontact::WebError>(())
/// ```
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse_with`] for the same text.
pub fn push_key_v1_with(text: &str, data: &Data, out: &mut String) -> Result<(), WebError> {
    let list = data.psl();
    match scan_text(text) {
        Some((scanned, capacity)) => {
            out.reserve(capacity);
            push_scanned(&scanned, list, out);
        }
        None => out.push_str(&WebAddress::parse_with_list(text, list)?.key(KeyVersion::V1)),
    }
    Ok(())
}

/// [`key_v1_with`] and the URL's host (as [`Url::host_str`] gives it, `""`
/// for none): exactly `(web.key(KeyVersion::V1), web.url().host_str())` of
/// `WebAddress::parse_with(text, data)`, what de-duplication reports to show
/// which hosts one key merged.
///
/// ```
/// use onecontact::{Data, key_v1_and_host_with};
///
/// let data = Data::baked();
/// let (key, host) = key_v1_and_host_with("https://Shop.Example.com/Cart", &data)?;
/// assert_eq!((key.as_str(), host.as_str()), ("example.com/cart", "shop.example.com"));
/// # Ok::<(), onecontact::WebError>(())
/// ```
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse_with`] for the same text.
///
/// [`Url::host_str`]: onecontact_url::Url::host_str
pub fn key_v1_and_host_with(text: &str, data: &Data) -> Result<(String, String), WebError> {
    let list = data.psl();
    match scan_text(text) {
        Some((scanned, capacity)) => {
            let mut key = String::with_capacity(capacity);
            push_scanned(&scanned, list, &mut key);
            let mut host = scanned.host_as_written().to_owned();
            if scanned.host_has_uppercase() {
                host.make_ascii_lowercase();
            }
            Ok((key, host))
        }
        None => {
            let web = WebAddress::parse_with_list(text, list)?;
            let host = web.url().host_str().unwrap_or_default().to_owned();
            Ok((web.key(KeyVersion::V1), host))
        }
    }
}

/// [`key_v1`] with the Public Suffix List `list`.
#[inline]
fn key_v1_with_list(text: &str, list: &List) -> Result<String, WebError> {
    match scan_text(text) {
        Some((scanned, capacity)) => {
            let mut out = String::with_capacity(capacity);
            push_scanned(&scanned, list, &mut out);
            Ok(out)
        }
        None => WebAddress::parse_with_list(text, list).map(|web| web.key(KeyVersion::V1)),
    }
}

/// The registrable domain of the host of `text`, with the lists of `data`:
/// exactly `WebAddress::parse_with(text, data)?.registrable_domain()`, owned,
/// read off the URL parser's scan without building the URL when the scan
/// takes the text (the rest goes through [`WebAddress`]).
///
/// ```
/// use onecontact::{Data, WebAddress, registrable_domain_with};
///
/// let data = Data::baked();
/// assert_eq!(registrable_domain_with("https://WWW.Example.co.uk/a", &data)?.as_deref(), Some("example.co.uk"));
/// assert_eq!(registrable_domain_with("co.uk", &data)?, None);
/// assert_eq!(registrable_domain_with("http://192.0.2.1/", &data)?, None);
/// let text = "shop.example.com:8080/cart";
/// assert_eq!(
///     registrable_domain_with(text, &data)?.as_deref(),
///     WebAddress::parse_with(text, &data)?.registrable_domain()
/// );
/// assert_eq!(registrable_domain_with("  ", &data).unwrap_err().code(), "web.host-missing");
/// # Ok::<(), onecontact::WebError>(())
/// ```
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse_with`] for the same text.
pub fn registrable_domain_with(text: &str, data: &Data) -> Result<Option<String>, WebError> {
    registrable_domain_in(text, Sections::All, data)
}

/// [`registrable_domain_with`] with the sections of the list to use:
/// exactly `WebAddress::parse_with(text, data)?.registrable_domain_in(sections, data)`,
/// owned. [`Sections::IcannOnly`] leaves the PRIVATE section out.
///
/// ```
/// use onecontact::onecontact_psl::Sections;
/// use onecontact::{Data, registrable_domain_in};
///
/// let data = Data::baked();
/// let icann = registrable_domain_in("https://alice.github.io/", Sections::IcannOnly, &data)?;
/// assert_eq!(icann.as_deref(), Some("github.io"));
/// let all = registrable_domain_in("https://alice.github.io/", Sections::All, &data)?;
/// assert_eq!(all.as_deref(), Some("alice.github.io"));
/// assert_eq!(registrable_domain_in("github.io", Sections::IcannOnly, &data)?.as_deref(), Some("github.io"));
/// assert_eq!(registrable_domain_in("github.io", Sections::All, &data)?, None);
/// # Ok::<(), onecontact::WebError>(())
/// ```
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse_with`] for the same text.
pub fn registrable_domain_in(
    text: &str,
    sections: Sections,
    data: &Data,
) -> Result<Option<String>, WebError> {
    let list = data.psl();
    let Some((scanned, _)) = scan_text(text) else {
        return WebAddress::parse_with_list(text, list)
            .map(|web| web.registrable_domain_in(sections, data).map(str::to_owned));
    };
    if !scanned.host_is_domain() {
        return Ok(None);
    }
    let host = scanned.host_as_written();
    let registrable = |host: &str| match sections {
        Sections::All => list.registrable_domain(host).map(str::to_owned),
        _ => list
            .lookup_with(host, sections)
            .registrable_domain()
            .map(str::to_owned),
    };
    Ok(if scanned.host_has_uppercase() {
        registrable(&host.to_ascii_lowercase())
    } else {
        registrable(host)
    })
}

/// The reading's decisions for `text` (trim, scheme written or assumed)
/// and the scan of what the parser would see, when the scan takes it; with
/// the length of the trimmed text, which no key of it exceeds.
#[inline(always)]
pub(crate) fn scan_text(text: &str) -> Option<(Scanned<'_>, usize)> {
    scan_text_noting_scheme(text).map(|(scanned, capacity, _)| (scanned, capacity))
}

/// [`scan_text`] and whether the text writes its scheme (`https` is
/// assumed when it does not).
#[inline(always)]
pub(crate) fn scan_text_noting_scheme(text: &str) -> Option<(Scanned<'_>, usize, bool)> {
    let (_, trimmed) = input::trim(text);
    if trimmed.is_empty() {
        return None;
    }
    let written = input::scheme_is_written(trimmed);
    let scanned = if written {
        scan::serialized(trimmed)?
    } else if looks_relative(trimmed) {
        return None;
    } else if let Some(rest) = trimmed.strip_prefix("//") {
        // `https:` in front of `//host…`.
        scan::after_scheme(SpecialScheme::Https, rest)?
    } else {
        scan::after_scheme(SpecialScheme::Https, trimmed)?
    };
    Some((scanned, trimmed.len(), written))
}

/// Key V1's steps over the scanned parts of a special URL (no opaque path,
/// a host that is a domain or the empty host of `file:`), written at the
/// end of `out`. Inlined into each caller, so that a caller's new `String`
/// stays local.
#[inline(always)]
fn push_scanned(scanned: &Scanned<'_>, list: &List, out: &mut String) {
    // Step 1: the scheme, except http and https (a special URL has a host).
    if !scanned.is_web_scheme() {
        out.push_str(scanned.scheme());
        out.push_str("://");
    }
    // Step 2: the registrable domain, without a root dot.
    let host = scanned.host_as_written();
    if scanned.host_is_domain() {
        let name = host.strip_suffix('.').unwrap_or(host);
        if scanned.host_has_uppercase() {
            push_lowercase_registrable(out, name, list);
        } else {
            out.push_str(list.registrable_domain(name).unwrap_or(name));
        }
    } else {
        out.push_str(host);
    }
    // Step 3: a port other than the default (the scan takes no default port).
    if let Some(port) = scanned.port() {
        out.push(':');
        out.push_str(port);
    }
    // Step 4: the path, with what the scan saw in it.
    let path = scanned.path();
    if path.len() > 1 {
        let facts = PathScan {
            plain: !scanned.path_has_percent() && !scanned.path_has_empty_segment(),
            upper: scanned.path_has_uppercase(),
        };
        key::push_scanned_path::<true>(out, path, facts);
    }
    // Step 5: the query's parameters without the tracking ones, sorted.
    if let Some(query) = scanned.query() {
        if tracking::first_tracking_parameter(query).is_some() {
            key::push_sorted_params(
                out,
                query.split('&').filter(|p| {
                    !p.is_empty() && !tracking::is_tracking_parameter(tracking::piece_name(p))
                }),
            );
        } else {
            key::push_sorted_query(out, query);
        }
    }
}

/// Appends the registrable domain of `name` lowercased: the name is
/// lowercased in place, looked up, and the labels before its registrable
/// domain removed.
#[inline(always)]
fn push_lowercase_registrable(out: &mut String, name: &str, list: &List) {
    let start = out.len();
    out.push_str(name);
    let Some(lower) = out.get_mut(start..) else {
        return;
    };
    lower.make_ascii_lowercase();
    let lower: &str = lower;
    let cut = list
        .registrable_domain(lower)
        .filter(|domain| lower.ends_with(domain))
        .map_or(0, |domain| lower.len() - domain.len());
    out.replace_range(start..start + cut, "");
}
