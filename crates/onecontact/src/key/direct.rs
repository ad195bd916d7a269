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

use onecontact_psl::List;
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

/// [`key_v1`] with the Public Suffix List `list`.
#[inline]
fn key_v1_with_list(text: &str, list: &List) -> Result<String, WebError> {
    match scan_text(text) {
        Some((scanned, capacity)) => Ok(from_scan(&scanned, list, capacity)),
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
    let list = data.psl();
    let Some((scanned, _)) = scan_text(text) else {
        return WebAddress::parse_with_list(text, list)
            .map(|web| web.registrable_domain().map(str::to_owned));
    };
    if !scanned.host_is_domain() {
        return Ok(None);
    }
    let host = scanned.host_as_written();
    Ok(if scanned.host_has_uppercase() {
        let lower = host.to_ascii_lowercase();
        list.registrable_domain(&lower).map(str::to_owned)
    } else {
        list.registrable_domain(host).map(str::to_owned)
    })
}

/// The reading's decisions for `text` (trim, scheme written or assumed)
/// and the scan of what the parser would see, when the scan takes it; with
/// the length of the trimmed text, which no key of it exceeds.
#[inline(always)]
fn scan_text(text: &str) -> Option<(Scanned<'_>, usize)> {
    let (_, trimmed) = input::trim(text);
    if trimmed.is_empty() {
        return None;
    }
    let scanned = if input::scheme_is_written(trimmed) {
        scan::serialized(trimmed)?
    } else if looks_relative(trimmed) {
        return None;
    } else if let Some(rest) = trimmed.strip_prefix("//") {
        // `https:` in front of `//host…`.
        scan::after_scheme(SpecialScheme::Https, rest)?
    } else {
        scan::after_scheme(SpecialScheme::Https, trimmed)?
    };
    Some((scanned, trimmed.len()))
}

/// Key V1's steps over the scanned parts of a special URL (no opaque path,
/// a host that is a domain or the empty host of `file:`).
fn from_scan(scanned: &Scanned<'_>, list: &List, capacity: usize) -> String {
    let mut out = String::with_capacity(capacity);
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
            push_lowercase_registrable(&mut out, name, list);
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
        key::push_scanned_path(&mut out, path, facts);
    }
    // Step 5: the query's parameters without the tracking ones, sorted.
    if let Some(query) = scanned.query() {
        if tracking::first_tracking_parameter(query).is_some() {
            key::push_sorted_params(
                &mut out,
                query.split('&').filter(|p| {
                    !p.is_empty() && !tracking::is_tracking_parameter(tracking::piece_name(p))
                }),
            );
        } else {
            key::push_sorted_query(&mut out, query);
        }
    }
    out
}

/// Appends the registrable domain of `name` lowercased: the name is
/// lowercased in place, looked up, and the labels before its registrable
/// domain removed.
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
