//! The comparison key, version 2: version 1's steps with the owners of
//! shared hosting kept apart, the path's case kept, the query's escapes
//! normalized, key V2's tracking table, wrappers unwrapped and, from text,
//! pastes read through and non-addresses refused (`docs/web.md`, "The key,
//! version 2"). The golden fixture `tests/fixtures/key_v2.tsv` fails on any
//! change of the format.

use std::borrow::Cow;

use onecontact_bytes::{cmp_utf16, hex_value};

use crate::address::WebAddress;
use crate::data::Data;
use crate::detect::ContactKindDetector;
use crate::error::{NotAnAddressReason, WebError};
use crate::input;
use crate::key::direct::scan_text_noting_scheme;
use crate::key::{self, PathScan, is_unreserved};
use crate::paste::read_paste;
use crate::tracking::{is_tracking_parameter, piece_name};

/// One decision of key V2 that key V1 does not make, as
/// [`key_v2_explained_with`] reports it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "rule", rename_all = "snake_case"))]
#[non_exhaustive]
pub enum KeyV2Decision {
    /// Quotes, brackets or sentence punctuation around the link were left
    /// out: `link` is what was read.
    PasteReadThrough {
        /// The link read out of the text.
        link: String,
    },
    /// The address was a wrapper of `vendor`; the key is its target's.
    Unwrapped {
        /// The wrapper's vendor (`Microsoft Defender Safe Links`).
        vendor: String,
        /// The address inside it.
        target: String,
    },
    /// The host lies on a shared-hosting platform: the owner's site is kept
    /// instead of the platform's registrable domain.
    HostingOwnerKept {
        /// The owner's site (`scmga.tripod.com`).
        site: String,
        /// The registrable domain key V1 reduces it to.
        registrable: String,
    },
    /// The path has capital letters, kept (key V1 lowercases them).
    PathCaseKept,
    /// A query parameter's escapes were normalized (`%5d` → `%5D`, `%41`
    /// → `A`).
    QueryEscapesNormalized,
    /// A tracking parameter of key V2's table that key V1 keeps was
    /// removed.
    TrackingRemoved {
        /// The parameter's name as written.
        name: String,
    },
}

/// How deep nested wrappers are unwrapped (each wrapper's target is shorter
/// than the wrapper, so this only bounds pathological input).
pub(crate) const MAX_WRAPPERS: usize = 16;

/// The parts of an address key V2 is computed from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct V2Parts<'a> {
    pub scheme: &'a str,
    pub web_scheme: bool,
    /// The serialized host (lowercase), `None` when there is none.
    pub host: Option<&'a str>,
    pub host_is_domain: bool,
    /// The registrable domain of a domain host.
    pub registrable: Option<&'a str>,
    /// The port, empty when none or the default.
    pub port: &'a str,
    pub path: &'a str,
    pub opaque_path: bool,
    /// The URL's query (tracking parameters still in), without `?`.
    pub query: Option<&'a str>,
}

/// Appends key V2 of `parts` (an address that is no wrapper, or whose
/// wrapper could not be unwrapped), noting each V2 decision in `notes`
/// when given.
pub(crate) fn push_key_v2(
    out: &mut String,
    parts: &V2Parts<'_>,
    path_facts: Option<PathScan>,
    data: &Data,
    mut notes: Option<&mut Vec<KeyV2Decision>>,
) {
    // Step 7: an opaque path, as in V1.
    if parts.opaque_path {
        out.push_str(parts.scheme);
        out.push(':');
        let at = out.len();
        out.push_str(parts.path);
        if let Some(tail) = out.get_mut(at..) {
            tail.make_ascii_lowercase();
        }
        return;
    }
    // Step 1: the scheme, except http and https.
    if !parts.web_scheme {
        out.push_str(parts.scheme);
        out.push(':');
        if parts.host.is_some() {
            out.push_str("//");
        }
    }
    // Step 2: the registrable domain, or the owner's site on shared hosting.
    let mut host_for_rules = "";
    if let Some(host) = parts.host {
        if parts.host_is_domain {
            let name = host.strip_suffix('.').unwrap_or(host);
            host_for_rules = name;
            let owner = parts
                .registrable
                .and_then(|r| data.hosting().owner_site(name, r).map(|site| (site, r)));
            match owner {
                Some((site, registrable)) => {
                    if let Some(notes) = notes.as_deref_mut() {
                        notes.push(KeyV2Decision::HostingOwnerKept {
                            site: site.to_owned(),
                            registrable: registrable.to_owned(),
                        });
                    }
                    out.push_str(site);
                }
                None => out.push_str(parts.registrable.unwrap_or(name)),
            }
        } else {
            out.push_str(host);
        }
    }
    // Step 3: the port.
    if !parts.port.is_empty() {
        out.push(':');
        out.push_str(parts.port);
    }
    // Step 4: the path, its case kept.
    let path_at = out.len();
    match path_facts {
        // What the scan saw in the path (longer than `/`).
        Some(facts) => key::push_scanned_path::<false>(out, parts.path, facts),
        None => key::push_normalized_path_keeping_case(out, parts.path),
    }
    if let Some(notes) = notes.as_deref_mut() {
        let mut v1 = String::new();
        key::push_normalized_path(&mut v1, parts.path);
        if out.get(path_at..) != Some(v1.as_str()) {
            notes.push(KeyV2Decision::PathCaseKept);
        }
    }
    // Step 5: the query: escapes normalized, tracking parameters removed,
    // the rest sorted.
    if let Some(query) = parts.query {
        push_query_v2(out, query, host_for_rules, data, notes);
    }
}

/// Step 5 of key V2.
fn push_query_v2(
    out: &mut String,
    query: &str,
    host: &str,
    data: &Data,
    mut notes: Option<&mut Vec<KeyV2Decision>>,
) {
    let tracking = data.tracking();
    if !query.contains('%') {
        key::push_sorted_params(
            out,
            query.split('&').filter(|p| {
                if p.is_empty() {
                    return false;
                }
                let name = piece_name(p);
                let noise = tracking.is_tracking(name, host);
                if noise
                    && !is_tracking_parameter(name)
                    && let Some(notes) = notes.as_deref_mut()
                {
                    notes.push(KeyV2Decision::TrackingRemoved {
                        name: name.to_owned(),
                    });
                }
                !noise
            }),
        );
        return;
    }
    let mut params: Vec<Cow<'_, str>> = Vec::new();
    for piece in query.split('&').filter(|p| !p.is_empty()) {
        let normal = normalize_escapes(piece);
        if let (Cow::Owned(_), Some(notes)) = (&normal, notes.as_deref_mut())
            && !notes.contains(&KeyV2Decision::QueryEscapesNormalized)
        {
            notes.push(KeyV2Decision::QueryEscapesNormalized);
        }
        let name = piece_name(&normal);
        if tracking.is_tracking(name, host) {
            if !is_tracking_parameter(piece_name(piece))
                && let Some(notes) = notes.as_deref_mut()
            {
                notes.push(KeyV2Decision::TrackingRemoved {
                    name: piece_name(piece).to_owned(),
                });
            }
            continue;
        }
        params.push(normal);
    }
    if params.is_empty() {
        return;
    }
    params.sort_unstable_by(|a, b| cmp_utf16(a, b));
    out.push('?');
    for (n, param) in params.iter().enumerate() {
        if n > 0 {
            out.push('&');
        }
        out.push_str(param);
    }
}

/// `piece` with each `%XX` escape of an unreserved character decoded and
/// the hex digits of the others uppercased (RFC 3986 §6.2.2.1 and
/// RFC 3986 §6.2.2.2); borrowed when nothing changes.
///
/// A decoded `%` cannot occur (it is not unreserved), so the result's
/// escapes are exactly the input's kept ones: normalizing twice changes
/// nothing more.
pub(crate) fn normalize_escapes(piece: &str) -> Cow<'_, str> {
    let bytes = piece.as_bytes();
    let mut out: Option<String> = None;
    let mut run = 0usize;
    let mut i = 0usize;
    while let Some(&b) = bytes.get(i) {
        if b != b'%' {
            i += 1;
            continue;
        }
        let hi_byte = bytes.get(i + 1).copied();
        let lo_byte = bytes.get(i + 2).copied();
        let (Some(hi), Some(lo)) = (hi_byte.and_then(hex_value), lo_byte.and_then(hex_value))
        else {
            i += 1;
            continue;
        };
        let value = hi << 4 | lo;
        let upper = |b: Option<u8>| b.is_some_and(|b| !b.is_ascii_lowercase());
        if !is_unreserved(value) && upper(hi_byte) && upper(lo_byte) {
            // Already in normal form.
            i += 3;
            continue;
        }
        let text = out.get_or_insert_with(|| String::with_capacity(piece.len()));
        text.push_str(piece.get(run..i).unwrap_or_default());
        if is_unreserved(value) {
            text.push(char::from(value));
        } else {
            text.push('%');
            text.push(char::from(key::upper_hex(hi)));
            text.push(char::from(key::upper_hex(lo)));
        }
        i += 3;
        run = i;
    }
    match out {
        Some(mut text) => {
            text.push_str(piece.get(run..).unwrap_or_default());
            Cow::Owned(text)
        }
        None => Cow::Borrowed(piece),
    }
}

/// Whether key V2 refuses the host `name` (lowercase, no root dot) of a
/// web address read from `link`: a host with no dot that is not
/// `localhost`, or, when the scheme was not written, a text that
/// [`ContactKindDetector`] does not take for a web address (`n/a`, `TBD`,
/// `John.Smith`, `user@example.com`), unless its host is `localhost`.
#[inline(never)]
fn refusal(
    link: &str,
    name: &str,
    assumed: impl FnOnce() -> bool,
    data: &Data,
) -> Result<(), WebError> {
    // The dot of a domain is near its end: look from there.
    let dotted = name.bytes().rev().any(|b| b == b'.');
    let assumed = dotted && assumed();
    if dotted && !assumed {
        // The common case: a written scheme and a domain.
        return Ok(());
    }
    if name == "localhost" || name.ends_with(".localhost") {
        return Ok(());
    }
    let reason = if !dotted {
        NotAnAddressReason::HostWithoutDot
    } else if assumed
        && ContactKindDetector::with_data(data)
            .kind_of(link.strip_prefix("//").unwrap_or(link))
            .is_none()
    {
        NotAnAddressReason::NoWebAddressShape
    } else {
        return Ok(());
    };
    Err(WebError::NotAnAddress {
        text: link.to_owned(),
        host: name.to_owned(),
        reason,
    })
}

/// Key V2 of `text` with the built-in lists ([`Data::baked`]).
///
/// ```
/// use onecontact::key_v2;
///
/// assert_eq!(key_v2("\"https://scmga.tripod.com/index.html\"")?, "scmga.tripod.com");
/// assert_eq!(key_v2("https://bit.ly/3AbCdEx")?, "bit.ly/3AbCdEx");
/// assert_eq!(key_v2("https://example.com/?q=a%5d&utm_content=x&_hsenc=y")?, "example.com?q=a%5D");
/// let wrapped = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.example.com%2FShop&data=05%7C02&reserved=0";
/// assert_eq!(key_v2(wrapped)?, "example.com/Shop");
/// assert_eq!(key_v2("n/a").unwrap_err().code(), "web.invalid-host");
/// # Ok::<(), onecontact::WebError>(())
/// ```
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse`] for the link read out of the
/// text, or [`WebError::NotAnAddress`] for text that is no web address.
pub fn key_v2(text: &str) -> Result<String, WebError> {
    key_v2_with(text, &Data::baked())
}

/// Key V2 of `text` with the lists of `data`.
///
/// # Errors
///
/// As [`key_v2`].
pub fn key_v2_with(text: &str, data: &Data) -> Result<String, WebError> {
    let mut out = String::new();
    push_key_v2_with(text, data, &mut out)?;
    Ok(out)
}

/// [`key_v2_with`] written at the end of `out` (left as it was on an
/// error), for a caller that builds rows of many keys in one buffer.
///
/// # Errors
///
/// As [`key_v2`].
pub fn push_key_v2_with(text: &str, data: &Data, out: &mut String) -> Result<(), WebError> {
    push_v2(text, data, out, false).map(|_| ())
}

/// [`key_v2_with`] and the host of the address keyed (the target's, for a
/// wrapper; as [`Url::host_str`](onecontact_url::Url::host_str) gives it,
/// `""` for none): what de-duplication reports to show which hosts one key
/// merged.
///
/// ```
/// use onecontact::{Data, key_v2_and_host_with};
///
/// let text = "https://www.google.com/url?q=https://Shop.Example.com/Cart&sa=D";
/// let (key, host) = key_v2_and_host_with(text, &Data::baked())?;
/// assert_eq!((key.as_str(), host.as_str()), ("example.com/Cart", "shop.example.com"));
/// # Ok::<(), onecontact::WebError>(())
/// ```
///
/// # Errors
///
/// As [`key_v2`].
pub fn key_v2_and_host_with(text: &str, data: &Data) -> Result<(String, String), WebError> {
    let mut key = String::new();
    let host = push_v2(text, data, &mut key, true)?;
    Ok((key, host))
}

/// Key V2 of `text` appended to `out`; the host keyed when `want_host`
/// (an empty string otherwise).
#[inline(always)]
fn push_v2(text: &str, data: &Data, out: &mut String, want_host: bool) -> Result<String, WebError> {
    let (_, link) = read_paste(text);
    if let Some((scanned, capacity, written_scheme)) = scan_text_noting_scheme(link)
        && scanned.host_is_domain()
    {
        let written = scanned.host_as_written();
        // A host with capitals is lowercased on the stack (a domain the
        // scan takes is ASCII, at most 253 bytes with its root dot, so the
        // buffer is only passed by for a longer one).
        let mut buffer: [u8; 256];
        let lower: Cow<'_, str> = if scanned.host_has_uppercase() {
            buffer = [0u8; 256];
            match buffer.get_mut(..written.len()) {
                Some(space) => {
                    space.copy_from_slice(written.as_bytes());
                    space.make_ascii_lowercase();
                    match std::str::from_utf8(space) {
                        Ok(text) => Cow::Borrowed(text),
                        Err(_) => Cow::Owned(written.to_ascii_lowercase()),
                    }
                }
                None => Cow::Owned(written.to_ascii_lowercase()),
            }
        } else {
            Cow::Borrowed(written)
        };
        let name = lower.strip_suffix('.').unwrap_or(&lower);
        let web_scheme = scanned.is_web_scheme();
        if web_scheme && !(written_scheme && name.bytes().rev().any(|b| b == b'.')) {
            // Not the common case of a written scheme and a dotted name.
            refusal(link, name, || !written_scheme, data)?;
        }
        let registrable = data.psl().registrable_domain(name);
        if !data.wrappers().serves(name, registrable, scanned.path()) {
            let parts = V2Parts {
                scheme: scanned.scheme(),
                web_scheme,
                host: Some(&lower),
                host_is_domain: true,
                registrable,
                port: scanned.port().unwrap_or_default(),
                path: scanned.path(),
                opaque_path: false,
                query: scanned.query(),
            };
            if out.capacity() == 0 {
                // A new key (`key_v2_with`): one allocation of the size
                // the scan gives, as key V1 makes, rather than a growth.
                *out = String::with_capacity(capacity);
            } else {
                out.reserve(capacity);
            }
            let path = scanned.path();
            let facts = (path.len() > 1).then(|| PathScan {
                plain: !scanned.path_has_percent() && !scanned.path_has_empty_segment(),
                upper: scanned.path_has_uppercase(),
            });
            push_key_v2(out, &parts, facts, data, None);
            return Ok(if want_host {
                lower.into_owned()
            } else {
                String::new()
            });
        }
    }
    let web = WebAddress::parse_with(link, data)?;
    refuse_address(&web, link, data)?;
    Ok(web.push_key_v2(data, out, None))
}

/// [`key_v2_with`] and the decisions key V2 made that key V1 does not, in
/// the order they were made (what `onecontact compare` explains).
///
/// ```
/// use onecontact::{Data, KeyV2Decision, key_v2_explained_with};
///
/// let (key, why) = key_v2_explained_with("<https://Stumphollow.tripod.com/About.html>", &Data::baked())?;
/// assert_eq!(key, "stumphollow.tripod.com/About.html");
/// assert!(matches!(why[0], KeyV2Decision::PasteReadThrough { .. }));
/// assert!(why.contains(&KeyV2Decision::PathCaseKept));
/// # Ok::<(), onecontact::WebError>(())
/// ```
///
/// # Errors
///
/// As [`key_v2`].
pub fn key_v2_explained_with(
    text: &str,
    data: &Data,
) -> Result<(String, Vec<KeyV2Decision>), WebError> {
    let mut notes = Vec::new();
    let (_, link) = read_paste(text);
    if link != input::trim(text).1 {
        notes.push(KeyV2Decision::PasteReadThrough {
            link: link.to_owned(),
        });
    }
    let web = WebAddress::parse_with(link, data)?;
    refuse_address(&web, link, data)?;
    let mut out = String::new();
    let _host = web.push_key_v2(data, &mut out, Some(&mut notes));
    Ok((out, notes))
}

/// [`refusal`] for an address already parsed from `link`.
fn refuse_address(web: &WebAddress, link: &str, data: &Data) -> Result<(), WebError> {
    let url = web.url();
    if !matches!(url.scheme(), "http" | "https") {
        return Ok(());
    }
    let Some(domain) = url.domain() else {
        return Ok(());
    };
    let name = domain.strip_suffix('.').unwrap_or(domain);
    refusal(
        link,
        name,
        || web.flags().contains(crate::WebFact::SchemeAssumed),
        data,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_normalize_once() {
        for (piece, normal) in [
            ("q=a%5d", "q=a%5D"),
            ("q=a%5D", "q=a%5D"),
            ("q=%41%2d%7e", "q=A-~"),
            ("q=%zz%4", "q=%zz%4"),
            ("%", "%"),
            ("q=%c3%a9", "q=%C3%A9"),
            ("utm%5Fsource=x", "utm_source=x"),
        ] {
            let once = normalize_escapes(piece);
            assert_eq!(once, normal, "{piece}");
            assert_eq!(normalize_escapes(&once), once, "{piece}");
        }
        assert!(matches!(normalize_escapes("q=a%5D"), Cow::Borrowed(_)));
    }
}
