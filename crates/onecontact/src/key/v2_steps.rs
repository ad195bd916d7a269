//! Key V2's steps over the parts of an address, each decision noted when
//! asked: what a parsed [`WebAddress`](crate::WebAddress) and the text
//! scan of [`super::v2`] both write a key with (`docs/web.md`, "The key,
//! version 2").

use std::borrow::Cow;

use onecontact_bytes::hex_value;

use crate::data::Data;
use crate::key::{self, PathScan, is_unreserved};
use crate::tracking::{is_tracking_parameter, piece_name};

/// One decision of key V2 that key V1 does not make, as
/// [`key_v2_explained_with`](crate::key_v2_explained_with) reports it.
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
    key::push_sorted_params(out, params.iter().map(AsRef::as_ref));
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
