//! [`compare`]: whether two addresses are the same URL, the same key, and
//! why they differ.

use onecontact::{Data, HostAnswer};
use onecontact_url::{Url, form_urlencoded};

use crate::error::{Role, ToolError};
use crate::read_options::{ReadOptions, read, url_of};
use onecontact::PathRule;
use onecontact::is_tracking_parameter;
use onecontact::{KeyVersion, Reading, WebAddress};

/// The registrable domain of a side's host, from its one lookup.
fn registrable<'u>(url: &'u Url, site: &HostAnswer) -> Option<&'u str> {
    site.answer(url)?.registrable_domain()
}

/// The overall answer of [`compare`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Verdict {
    /// After parsing, both are the same URL.
    SameUrl,
    /// Different URLs with the same key V1 (duplicates for a contact list).
    SameKey,
    /// Different URLs and different keys.
    Different,
}

/// One way in which two addresses differ.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Difference {
    /// Stable code: `scheme-case`, `host-case`, `host-form`, `default-port`,
    /// `empty-path`, `dot-segments`, `path-encoding`,
    /// `percent-encoded-unreserved`, `path-case`, `repeated-slash`, `trailing-slash`,
    /// `index-document`, `parameter-order`, `tracking-parameters`,
    /// `empty-query`, `query-encoding`, `fragment`, `credentials`, `scheme`,
    /// `subdomain`, `host`, `port`, `path`, `query`, `key` (the keys differ
    /// for a reason none of the others names).
    pub code: &'static str,
    /// The explanation.
    pub message: String,
    /// Whether both still name the same resource despite this difference
    /// (the URL Standard or RFC 3986 says they are equivalent, or the
    /// difference never reaches the server).
    pub equivalent: bool,
}

/// What [`compare`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CompareReport {
    /// The first address, normalized.
    pub first: String,
    /// The second address, normalized.
    pub second: String,
    /// Whether both parse to the same URL.
    pub same_url: bool,
    /// Key V1 of the first (null when the contact layer refuses it).
    pub first_key: Option<String>,
    /// Key V1 of the second.
    pub second_key: Option<String>,
    /// Whether both have the same key V1.
    pub same_key: bool,
    /// The overall answer.
    pub verdict: Verdict,
    /// Each difference, explained.
    pub differences: Vec<Difference>,
    /// Key V2 of both, and each decision of key V2 that key V1 does not
    /// make (unwrapped, hosting owner kept, path case kept, …).
    pub key_v2: KeyV2Comparison,
}

/// Key V2 of both addresses of a [`CompareReport`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct KeyV2Comparison {
    /// Key V2 of the first (null when key V2 refuses it).
    pub first_key: Option<String>,
    /// Key V2 of the second.
    pub second_key: Option<String>,
    /// Whether both have the same key V2.
    pub same_key: bool,
    /// Why key V2 refused the first, when it did.
    pub first_error: Option<String>,
    /// Why key V2 refused the second, when it did.
    pub second_error: Option<String>,
    /// The decisions of key V2 for the first, in order.
    pub first_decisions: Vec<onecontact::KeyV2Decision>,
    /// The decisions of key V2 for the second, in order.
    pub second_decisions: Vec<onecontact::KeyV2Decision>,
}

/// The sentence that explains one decision of key V2.
///
/// ```
/// use onecontact::KeyV2Decision;
///
/// let why = onecontact_report::key_v2_sentence(&KeyV2Decision::PathCaseKept);
/// assert!(why.contains("case"));
/// ```
pub fn key_v2_sentence(decision: &onecontact::KeyV2Decision) -> String {
    use onecontact::KeyV2Decision as D;
    match decision {
        D::PasteReadThrough { link } => {
            format!("quotes, brackets or punctuation around the link were left out: read as {link}")
        }
        D::Unwrapped { vendor, target } => {
            format!("unwrapped: a {vendor} wrapper around {target}; the key is the target's")
        }
        D::HostingOwnerKept { site, registrable } => format!(
            "hosting owner kept: {registrable} hosts sites of different owners, so the key keeps {site}"
        ),
        D::PathCaseKept => {
            "path case kept: paths are case-sensitive (RFC 3986 §6.2.2.1), key V1 lowercases them"
                .to_owned()
        }
        D::QueryEscapesNormalized => {
            "query escapes normalized: %xx hex digits uppercased, unreserved characters decoded (RFC 3986 §6.2.2)"
                .to_owned()
        }
        D::TrackingRemoved { name } => {
            format!("tracking parameter {name} removed (key V2's table; key V1 keeps it)")
        }
        _ => "a rule of key V2".to_owned(),
    }
}

/// Key V2 of one side: of the text as given, or of the resolved URL when
/// a base was given (a relative reference is no address on its own).
fn key_v2_side(
    text: &str,
    url: &Url,
    options: &ReadOptions,
) -> (
    Option<String>,
    Option<String>,
    Vec<onecontact::KeyV2Decision>,
) {
    let text = if options.base.is_some() {
        url.as_str()
    } else {
        text
    };
    match onecontact::key_v2_explained_with(text, &options.data) {
        Ok((key, decisions)) => (Some(key), None, decisions),
        Err(e) => (None, Some(e.to_string()), Vec::new()),
    }
}

fn diff(code: &'static str, equivalent: bool, message: String) -> Difference {
    Difference {
        code,
        message,
        equivalent,
    }
}

/// One side of the comparison: its reading and its URL.
struct Side<'r, 'a> {
    reading: &'r Reading<'a>,
    url: &'r Url,
}

/// The written text of a span, if any.
fn written<'r>(side: &Side<'r, '_>, span: Option<std::ops::Range<usize>>) -> Option<&'r str> {
    side.reading.written(span)
}

fn compare_scheme(a: &Side<'_, '_>, b: &Side<'_, '_>, out: &mut Vec<Difference>) {
    let (sa, sb) = (a.url.scheme(), b.url.scheme());
    if sa == sb {
        let wa = written(a, a.reading.spans().scheme.clone()).unwrap_or(sa);
        let wb = written(b, b.reading.spans().scheme.clone()).unwrap_or(sb);
        if wa != wb {
            out.push(diff(
                "scheme-case",
                true,
                format!(
                    "the schemes are written {wa} and {wb}; schemes ignore case, so both are {sa}"
                ),
            ));
        }
    } else if matches!((sa, sb), ("http", "https") | ("https", "http")) {
        out.push(diff(
            "scheme",
            false,
            format!(
                "{sa} and {sb} are different URLs (one is encrypted); key V1 leaves the scheme out for http and https"
            ),
        ));
    } else {
        out.push(diff(
            "scheme",
            false,
            format!("the schemes differ: {sa} and {sb}"),
        ));
    }
}

fn compare_credentials(a: &Side<'_, '_>, b: &Side<'_, '_>, out: &mut Vec<Difference>) {
    if a.url.username() != b.url.username() || a.url.password() != b.url.password() {
        out.push(diff(
            "credentials",
            false,
            "the user names or passwords differ; the key leaves credentials out".to_owned(),
        ));
    }
}

fn compare_host(
    a: &Side<'_, '_>,
    b: &Side<'_, '_>,
    sites: (&HostAnswer, &HostAnswer),
    out: &mut Vec<Difference>,
) {
    let (ha, hb) = (
        a.url.host_str().unwrap_or_default(),
        b.url.host_str().unwrap_or_default(),
    );
    if ha == hb {
        let wa = written(a, a.reading.spans().host.clone()).unwrap_or(ha);
        let wb = written(b, b.reading.spans().host.clone()).unwrap_or(hb);
        if wa == wb {
            return;
        }
        if wa.eq_ignore_ascii_case(wb) {
            out.push(diff(
                "host-case",
                true,
                format!(
                    "the hosts are written {wa} and {wb}; host names ignore case, so both are {ha}"
                ),
            ));
        } else {
            out.push(diff(
                "host-form",
                true,
                format!("the hosts are written {wa} and {wb}, which the parser turns into the same host {ha}"),
            ));
        }
        return;
    }
    let ra = registrable(a.url, sites.0);
    if ra.is_some() && ra == registrable(b.url, sites.1) {
        out.push(diff(
            "subdomain",
            false,
            format!(
                "the hosts {ha} and {hb} are different hosts of one registrable domain ({}); key V1 keeps only that domain",
                ra.unwrap_or_default()
            ),
        ));
    } else {
        out.push(diff(
            "host",
            false,
            format!("the hosts differ: {ha} and {hb}"),
        ));
    }
}

fn compare_port(a: &Side<'_, '_>, b: &Side<'_, '_>, out: &mut Vec<Difference>) {
    if a.url.port_or_known_default() != b.url.port_or_known_default() {
        // Ports that were not written (or were their scheme's default) are
        // the schemes' difference, told there.
        if a.url.port().is_none() && b.url.port().is_none() {
            return;
        }
        let show = |side: &Side<'_, '_>| {
            side.url
                .port_or_known_default()
                .map_or("none".to_owned(), |p| p.to_string())
        };
        out.push(diff(
            "port",
            false,
            format!("the ports differ: {} and {}", show(a), show(b)),
        ));
        return;
    }
    let wa = written(a, a.reading.spans().port.clone()).filter(|p| !p.is_empty());
    let wb = written(b, b.reading.spans().port.clone()).filter(|p| !p.is_empty());
    if wa != wb
        && let Some(port) = a.url.port_or_known_default()
        && a.url.port().is_none()
    {
        out.push(diff(
            "default-port",
            true,
            format!(
                "one writes the port {port} and the other leaves it out; {port} is the default port of {}, so both mean the same and the parser drops it",
                a.url.scheme()
            ),
        ));
    }
}

fn compare_path(a: &Side<'_, '_>, b: &Side<'_, '_>, out: &mut Vec<Difference>) {
    let (pa, pb) = (a.url.path(), b.url.path());
    if pa == pb {
        let wa = written(a, a.reading.spans().path.clone()).unwrap_or("");
        let wb = written(b, b.reading.spans().path.clone()).unwrap_or("");
        if wa == wb {
            return;
        }
        if (wa.is_empty() || wb.is_empty()) && pa == "/" {
            out.push(diff(
                "empty-path",
                true,
                "one has an empty path and the other /; an empty path means the root, so both are /".to_owned(),
            ));
        } else if [wa, wb]
            .iter()
            .any(|w| w.contains("/.") || w.starts_with('.'))
        {
            out.push(diff(
                "dot-segments",
                true,
                format!("the paths {wa} and {wb} resolve to the same path {pa} once dot segments are removed"),
            ));
        } else {
            out.push(diff(
                "path-encoding",
                true,
                format!("the paths are written {wa} and {wb}; the parser encodes both as {pa}"),
            ));
        }
        return;
    }
    // Key V1's path rules, one by one, in its order.
    type Stage = (&'static str, bool, PathRule, fn(&str, &str) -> String);
    let stages: [Stage; 5] = [
        (
            "percent-encoded-unreserved",
            true,
            PathRule::Escapes,
            |a, b| {
                format!(
                    "{a} and {b} differ in percent-encoding of unreserved characters (letters, digits, - . _ ~), \
                 which changes nothing (RFC 3986 §2.3), though the URL Standard keeps each as written"
                )
            },
        ),
        ("path-case", false, PathRule::Case, |a, b| {
            format!(
                "{a} and {b} differ in letter case; everything after the host is case-sensitive, \
                 even if a given server ignores case (key V1 lowercases the path)"
            )
        }),
        ("repeated-slash", false, PathRule::Slashes, |a, b| {
            format!(
                "{a} and {b} differ by repeated slashes (an empty segment), which is a different path, \
                 though many servers treat it as one slash (key V1 collapses them)"
            )
        }),
        (
            "index-document",
            false,
            PathRule::DefaultDocument,
            |a, b| {
                format!(
                    "{a} and {b} differ by a default document such as index.html, which is a different resource \
                 unless the server says otherwise (key V1 drops it)"
                )
            },
        ),
        ("trailing-slash", false, PathRule::TrailingSlash, |a, b| {
            format!(
                "{a} and {b} differ by a trailing slash: they are different resources, though most servers \
                 redirect one to the other (key V1 drops the trailing slash)"
            )
        }),
    ];
    let (mut na, mut nb) = (pa.to_owned(), pb.to_owned());
    for (code, equivalent, rule, explain) in stages {
        let (xa, xb) = (rule.apply(&na), rule.apply(&nb));
        if (xa != na || xb != nb) && na != nb {
            out.push(diff(code, equivalent, explain(&na, &nb)));
        }
        (na, nb) = (xa, xb);
        if na == nb {
            return;
        }
    }
    out.push(diff(
        "path",
        false,
        format!("the paths differ: {pa} and {pb}"),
    ));
}

/// The query's pieces without tracking parameters and empty pieces.
fn kept_pieces(query: &str) -> Vec<&str> {
    query
        .split('&')
        .filter(|p| {
            !p.is_empty() && !is_tracking_parameter(p.split_once('=').map_or(*p, |(n, _)| n))
        })
        .collect()
}

fn compare_query(a: &Side<'_, '_>, b: &Side<'_, '_>, out: &mut Vec<Difference>) {
    let (qa, qb) = (a.url.query(), b.url.query());
    if qa == qb {
        return;
    }
    let (sa, sb) = (qa.unwrap_or_default(), qb.unwrap_or_default());
    if sa == sb {
        out.push(diff(
            "empty-query",
            false,
            "one ends with a ? and nothing after it; that is a different URL, though rarely a different page".to_owned(),
        ));
        return;
    }
    let (mut ka, mut kb) = (kept_pieces(sa), kept_pieces(sb));
    // `+` and `%20`, `%41` and `A`: the same parameters once form-decoded,
    // as the tool reads queries everywhere.
    let decoded = |pieces: &[&str]| -> Vec<(String, String)> {
        form_urlencoded::raw_pairs(&pieces.join("&"))
            .map(|p| {
                (
                    p.decoded_name().into_owned(),
                    p.decoded_value().into_owned(),
                )
            })
            .collect()
    };
    let (da, db) = (decoded(&ka), decoded(&kb));
    let tracking: Vec<&str> = sa
        .split('&')
        .chain(sb.split('&'))
        .map(|p| p.split_once('=').map_or(p, |(n, _)| n))
        .filter(|n| is_tracking_parameter(n))
        .collect();
    if !tracking.is_empty() {
        out.push(diff(
            "tracking-parameters",
            false,
            format!(
                "tracking parameters ({}) record where a click came from and do not change the page in most cases; \
                 the canonical form and key leave them out",
                tracking.join(", ")
            ),
        ));
    }
    if ka == kb {
        return;
    }
    if da == db {
        out.push(diff(
            "query-encoding",
            true,
            format!(
                "?{sa} and ?{sb} read the same once form-decoded (+ and %20 are both a space, %XX is its byte), \
                 as browsers' URLSearchParams and most frameworks read a query; a server that compares the raw \
                 bytes sees two"
            ),
        ));
        return;
    }
    let (mut sorted_a, mut sorted_b) = (da, db);
    sorted_a.sort_unstable();
    sorted_b.sort_unstable();
    ka.sort_unstable();
    kb.sort_unstable();
    if ka == kb || sorted_a == sorted_b {
        out.push(diff(
            "parameter-order",
            false,
            format!(
                "?{sa} and ?{sb} hold the same parameters in another order; the order is part of the URL, so caches \
                 keep two copies (key V1 sorts the parameters)"
            ),
        ));
    } else {
        out.push(diff(
            "query",
            false,
            format!("the queries differ: ?{sa} and ?{sb}"),
        ));
    }
}

fn compare_fragment(a: &Side<'_, '_>, b: &Side<'_, '_>, out: &mut Vec<Difference>) {
    if a.url.fragment() != b.url.fragment() {
        out.push(diff(
            "fragment",
            true,
            "the fragments differ; a fragment is never sent to the server, and the canonical form and key leave it out"
                .to_owned(),
        ));
    }
}

/// Makes the differences agree with different keys `ka` and `kb`: one of
/// them must be a real difference (not `equivalent`), or the verdict
/// "different keys" would have no reason listed. A query written with
/// other escapes (`+` against `%20`) reads the same form-decoded, but key V1
/// keeps the query's bytes, so that is the difference the keys show.
fn explain_different_keys(ka: &str, kb: &str, differences: &mut Vec<Difference>) {
    if ka == kb || differences.iter().any(|d| !d.equivalent) {
        return;
    }
    let mut explained = false;
    for d in differences
        .iter_mut()
        .filter(|d| d.code == "query-encoding")
    {
        d.equivalent = false;
        d.message
            .push_str("; key V1 keeps the query's escapes as written, so the keys differ");
        explained = true;
    }
    if !explained {
        differences.push(diff(
            "key",
            false,
            format!("the keys differ: {ka} and {kb}"),
        ));
    }
}

/// Compares two addresses: the same URL after parsing? The same key V1?
/// Each difference is explained (default port, empty path, case of scheme
/// and host, `%7E` against `~`, parameter order, trailing slash,
/// `index.html`, tracking parameters, fragment, …).
///
/// ```
/// use onecontact_report::{compare, Verdict};
///
/// let r = compare("https://example.com:443/a", "HTTPS://Example.COM/a").unwrap();
/// assert_eq!(r.verdict, Verdict::SameUrl);
/// let r = compare("https://example.com/docs", "https://example.com/docs/").unwrap();
/// assert_eq!(r.verdict, Verdict::SameKey);
/// assert_eq!(r.differences[0].code, "trailing-slash");
/// ```
///
/// # Errors
///
/// [`ToolError`] when either text is not a URL.
pub fn compare(first: &str, second: &str) -> Result<CompareReport, ToolError> {
    compare_with(first, second, &ReadOptions::default())
}

/// [`compare`] with `options`: their lists ([`ReadOptions::data`]), whether
/// `https://` is assumed, and a base URL that both texts are resolved
/// against when they are relative references.
///
/// ```
/// use onecontact_report::{compare_with, ReadOptions, Verdict};
///
/// let options = ReadOptions { base: Some("https://example.com/".into()), ..Default::default() };
/// let r = compare_with("/docs", "https://example.com/docs", &options).unwrap();
/// assert_eq!(r.verdict, Verdict::SameUrl);
/// ```
///
/// # Errors
///
/// [`ToolError`] when either text (or the base) is not a URL.
pub fn compare_with(
    first: &str,
    second: &str,
    options: &ReadOptions,
) -> Result<CompareReport, ToolError> {
    let base = crate::read_options::read_base(options)?;
    let ra = read(first, base.as_ref(), options, Role::First)?;
    let rb = read(second, base.as_ref(), options, Role::Second)?;
    let a = Side {
        reading: &ra,
        url: url_of(&ra, Role::First)?,
    };
    let b = Side {
        reading: &rb,
        url: url_of(&rb, Role::Second)?,
    };
    let mut differences = Vec::new();
    compare_scheme(&a, &b, &mut differences);
    compare_credentials(&a, &b, &mut differences);
    // Each host is looked up once: for the comparison and for the key.
    let data: &Data = &options.data;
    let sites = (HostAnswer::of(a.url, data), HostAnswer::of(b.url, data));
    compare_host(&a, &b, (&sites.0, &sites.1), &mut differences);
    compare_port(&a, &b, &mut differences);
    compare_path(&a, &b, &mut differences);
    compare_query(&a, &b, &mut differences);
    compare_fragment(&a, &b, &mut differences);
    let same_url = a.url.as_str() == b.url.as_str();
    let (first_key_v2, first_error, first_decisions) = key_v2_side(first, a.url, options);
    let (second_key_v2, second_error, second_decisions) = key_v2_side(second, b.url, options);
    let key_v2 = KeyV2Comparison {
        same_key: first_key_v2.is_some() && first_key_v2 == second_key_v2,
        first_key: first_key_v2,
        second_key: second_key_v2,
        first_error,
        second_error,
        first_decisions,
        second_decisions,
    };
    let (first_url, second_url) = (a.url.as_str().to_owned(), b.url.as_str().to_owned());
    // The keys come from the same readings.
    let key = |r: Reading<'_>, site: &HostAnswer| {
        WebAddress::from_reading_looked_up(r, site, &options.data)
            .ok()
            .map(|w| w.key(KeyVersion::V1))
    };
    let (first_key, second_key) = (key(ra, &sites.0), key(rb, &sites.1));
    let same_key = first_key.is_some() && first_key == second_key;
    if let (Some(ka), Some(kb)) = (&first_key, &second_key) {
        explain_different_keys(ka, kb, &mut differences);
    }
    let verdict = if same_url {
        Verdict::SameUrl
    } else if same_key {
        Verdict::SameKey
    } else {
        Verdict::Different
    };
    Ok(CompareReport {
        first: first_url,
        second: second_url,
        same_url,
        first_key,
        second_key,
        same_key,
        verdict,
        differences,
        key_v2,
    })
}
