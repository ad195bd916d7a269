//! The comparison key, version 2: version 1's steps with the owners of
//! shared hosting kept apart, the path's case kept, the query's escapes
//! normalized, key V2's tracking table, wrappers unwrapped and, from text,
//! pastes read through and non-addresses refused (`docs/web.md`, "The key,
//! version 2"). The golden fixture `tests/fixtures/key_v2.tsv` fails on any
//! change of the format. This module reads the text; the steps over an
//! address's parts are [`super::v2_steps`].

use std::borrow::Cow;

use crate::address::WebAddress;
use crate::data::Data;
use crate::detect::ContactKindDetector;
use crate::error::{NotAnAddressReason, WebError};
use crate::input;
use crate::key::PathScan;
use crate::key::direct::scan_text_noting_scheme;
use crate::key::v2_steps::{KeyV2Decision, V2Parts, push_key_v2};
use crate::paste::read_paste;

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
