//! [`parse_report`]: an address split into its parts, with what the parser
//! normalized and what a reader should know.

use std::collections::HashSet;

use onecontact_psl::List;
use onecontact_url::form_urlencoded;
use onecontact_url::percent_encoding::percent_decode;
use onecontact_url::{Host, Url};

use super::error::{Role, ToolError};
use super::reading::{Note, ReadOptions, Reading, read_url};
use crate::tracking::is_tracking_parameter;

/// The up to eight parts of a URL, as the normalized URL holds them
/// (percent-encoded where the URL Standard encodes).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Parts {
    /// The scheme, lowercase, without `:`.
    pub scheme: String,
    /// The user name, when not empty.
    pub username: Option<String>,
    /// The password, when not empty.
    pub password: Option<String>,
    /// The serialized host (IPv6 in brackets); `None` when the URL has none.
    pub host: Option<String>,
    /// The port, when one other than the scheme's default is given.
    pub port: Option<u16>,
    /// The path (for an opaque path such as `mailto:`'s, the whole of it).
    pub path: String,
    /// The query without `?`, when there is one.
    pub query: Option<String>,
    /// The fragment without `#`, when there is one.
    pub fragment: Option<String>,
}

/// What the tool says about the host.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HostReport {
    /// `domain`, `ipv4`, `ipv6`, `opaque` or `empty`.
    pub kind: &'static str,
    /// The host as the normalized URL holds it.
    pub serialized: String,
    /// The host as written, when it differs from `serialized`.
    pub as_written: Option<String>,
    /// The Unicode form of a host with `xn--` labels. A display aid only:
    /// it is not checked against every IDNA rule.
    pub unicode: Option<String>,
    /// Whether the host was an IPv4 address in a short form (`0x7f.1`,
    /// `2130706433`) that was normalized to dotted decimal.
    pub ipv4_short_form: bool,
    /// The registrable domain (public suffix plus one label), for domains.
    pub registrable_domain: Option<String>,
    /// The public suffix, for domains.
    pub public_suffix: Option<String>,
}

/// One path segment.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PathSegment {
    /// As the normalized URL holds it.
    pub raw: String,
    /// Percent-decoded as UTF-8 (invalid sequences become U+FFFD).
    pub decoded: String,
    /// Whether the decoded segment holds a `/` (from `%2F`): that slash is
    /// data, not a separator.
    pub contains_slash: bool,
    /// Whether the decoded bytes were not valid UTF-8.
    pub invalid_utf8: bool,
}

/// One query parameter, in order; a repeated name appears each time.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct QueryParam {
    /// The name, form-decoded (`+` is a space, `%XX` a byte), exactly as
    /// written otherwise (`list[]` stays `list[]`).
    pub name: String,
    /// The value, form-decoded.
    pub value: String,
    /// The name as written.
    pub raw_name: String,
    /// The value as written.
    pub raw_value: String,
    /// Whether the pair has a `=` (`a=` has, `a` has not).
    pub has_equals: bool,
    /// Whether the name is a tracking parameter.
    pub tracking: bool,
}

/// A non-fatal validation error the parser reported.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ValidationNote {
    /// The URL Standard's name.
    pub name: &'static str,
    /// What it means.
    pub description: &'static str,
    /// Byte offset in the text as given (trimmed), when it was written there.
    pub offset: Option<usize>,
}

/// The parse report: everything the tool shows about one address.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ParseReport {
    /// The text given, trimmed.
    pub input: String,
    /// The normalized URL (the URL Standard's serialization).
    pub href: String,
    /// The parts.
    pub parts: Parts,
    /// The origin (`null` for opaque origins).
    pub origin: String,
    /// The host, when there is one.
    pub host: Option<HostReport>,
    /// Whether the path is opaque (`mailto:a@b`), so it has no segments.
    pub opaque_path: bool,
    /// The path segments.
    pub path_segments: Vec<PathSegment>,
    /// The query parameters.
    pub query_params: Vec<QueryParam>,
    /// What was assumed or normalized.
    pub notes: Vec<Note>,
    /// What a reader should be careful about.
    pub warnings: Vec<Note>,
    /// The URL Standard's non-fatal validation errors.
    pub validation_errors: Vec<ValidationNote>,
}

/// The host kind's name.
pub(crate) fn host_kind_name(host: &Host<&str>) -> &'static str {
    match host {
        Host::Domain(_) => "domain",
        Host::Ipv4(_) => "ipv4",
        Host::Ipv6(_) => "ipv6",
        Host::Opaque(_) => "opaque",
        Host::Empty => "empty",
    }
}

/// Whether a label of `host` starts with `xn--` (ASCII case ignored).
pub(crate) fn has_xn_label(host: &str) -> bool {
    host.split('.').any(|label| {
        label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
    })
}

/// The Unicode form of a domain with `xn--` labels, for display.
pub(crate) fn unicode_form(host: &str) -> Option<String> {
    if !has_xn_label(host) {
        return None;
    }
    let (unicode, _) = onecontact_idna::domain_to_unicode(host);
    (unicode != host).then_some(unicode)
}

/// Splits a URL's query into parameters.
pub(crate) fn query_params(query: &str) -> Vec<QueryParam> {
    form_urlencoded::raw_pairs(query)
        .map(|pair| QueryParam {
            name: pair.decoded_name().into_owned(),
            value: pair.decoded_value().into_owned(),
            raw_name: pair.name().to_owned(),
            raw_value: pair.value().to_owned(),
            has_equals: pair.has_equals(),
            tracking: is_tracking_parameter(pair.name()),
        })
        .collect()
}

/// Splits a URL's path into decoded segments.
pub(crate) fn path_segments(url: &Url) -> Vec<PathSegment> {
    let Some(segments) = url.path_segments() else {
        return Vec::new();
    };
    segments
        .map(|raw| {
            let bytes = percent_decode(raw.as_bytes());
            let (decoded, invalid_utf8) = match std::str::from_utf8(&bytes) {
                Ok(text) => (text.to_owned(), false),
                Err(_) => (String::from_utf8_lossy(&bytes).into_owned(), true),
            };
            PathSegment {
                raw: raw.to_owned(),
                contains_slash: decoded.contains('/'),
                decoded,
                invalid_utf8,
            }
        })
        .collect()
}

/// The parts of `url`.
pub(crate) fn parts(url: &Url) -> Parts {
    let non_empty = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    Parts {
        scheme: url.scheme().to_owned(),
        username: non_empty(url.username()),
        password: url.password().map(str::to_owned),
        host: url
            .host()
            .map(|_| url.host_str().unwrap_or_default().to_owned()),
        port: url.port(),
        path: url.path().to_owned(),
        query: url.query().map(str::to_owned),
        fragment: url.fragment().map(str::to_owned),
    }
}

/// The host report of a reading.
fn host_report(reading: &Reading, notes: &mut Vec<Note>) -> Option<HostReport> {
    let url = &reading.url;
    let host = url.host()?;
    let serialized = url.host_str().unwrap_or_default().to_owned();
    let written = reading.spanned(reading.spans.host.as_ref());
    let as_written = written.filter(|w| *w != serialized).map(str::to_owned);
    let ipv4_short_form = matches!(host, Host::Ipv4(_)) && as_written.is_some();
    if ipv4_short_form {
        notes.push(Note::new(
            "ipv4-normalized",
            format!(
                "the host {} is an IPv4 address written in a short form; it is {serialized}",
                as_written.as_deref().unwrap_or_default()
            ),
        ));
    } else if let Some(written) = &as_written {
        notes.push(Note::new(
            "host-normalized",
            format!("the host {written} was normalized to {serialized}"),
        ));
    }
    let (unicode, registrable_domain, public_suffix) = match host {
        Host::Domain(domain) => {
            let list = List::baked();
            let suffix = list.suffix(domain);
            (
                unicode_form(domain),
                list.registrable_domain(domain).map(str::to_owned),
                Some(suffix.as_str().to_owned()).filter(|s| !s.is_empty()),
            )
        }
        _ => (None, None, None),
    };
    if let Some(unicode) = &unicode {
        notes.push(Note::new(
            "unicode-display",
            format!(
                "the host {serialized} reads {unicode} in Unicode; this is a display aid, not checked \
                 against every IDNA rule, and look-alike letters from other alphabets can imitate a \
                 familiar name, so check any xn-- host you did not type"
            ),
        ));
    }
    Some(HostReport {
        kind: host_kind_name(&host),
        serialized,
        as_written,
        unicode,
        ipv4_short_form,
        registrable_domain,
        public_suffix,
    })
}

/// Notes about what the parser normalized besides the host.
fn normalization_notes(reading: &Reading, notes: &mut Vec<Note>) {
    let url = &reading.url;
    if let Some(scheme) = reading.spanned(reading.spans.scheme.as_ref())
        && scheme != url.scheme()
    {
        notes.push(Note::new(
            "scheme-lowercased",
            format!("the scheme {scheme} was lowercased to {}", url.scheme()),
        ));
    }
    if let Some(port) = reading.spanned(reading.spans.port.as_ref())
        && url.port().is_none()
        && !port.is_empty()
    {
        notes.push(Note::new(
            "default-port-dropped",
            format!(
                "the port {port} is the default for {}, so the normalized URL leaves it out",
                url.scheme()
            ),
        ));
    }
    if let Some(path) = reading.spanned(reading.spans.path.as_ref()) {
        let dots = path.split(['/', '\\']).any(|s| {
            matches!(
                s.to_ascii_lowercase().as_str(),
                "." | ".." | "%2e" | "%2e%2e" | ".%2e" | "%2e."
            )
        });
        if dots {
            notes.push(Note::new(
                "dot-segments-resolved",
                format!("the dot segments of {path} were resolved to {}", url.path()),
            ));
        }
    } else if url.is_special() && url.path() == "/" {
        notes.push(Note::new(
            "empty-path",
            "the path was empty, which means the root /",
        ));
    }
    if url.fragment().is_some() {
        notes.push(Note::new(
            "fragment-not-sent",
            "the fragment (after #) stays in the browser: it is never sent to the server",
        ));
    }
}

/// Notes about the query parameters: tracking parameters, repeated names,
/// bracket names and `+`.
fn query_notes(params: &[QueryParam], notes: &mut Vec<Note>) {
    let tracking: Vec<&str> = params
        .iter()
        .filter(|p| p.tracking)
        .map(|p| p.raw_name.as_str())
        .collect();
    if !tracking.is_empty() {
        notes.push(Note::new(
            "tracking-parameters",
            format!(
                "tracking parameters found: {}; they record where a click came from, and `clean` removes them",
                tracking.join(", ")
            ),
        ));
    }
    let mut seen: HashSet<&str> = HashSet::with_capacity(params.len());
    let mut reported: HashSet<&str> = HashSet::new();
    let mut repeated: Vec<&str> = Vec::new();
    for p in params {
        if !seen.insert(p.name.as_str()) && reported.insert(p.name.as_str()) {
            repeated.push(&p.name);
        }
    }
    if !repeated.is_empty() {
        notes.push(Note::new(
            "repeated-parameter",
            format!(
                "the parameter {} appears more than once; servers disagree on what that means (all values, \
                 the first, the last, or joined with commas)",
                repeated.join(", ")
            ),
        ));
    }
    if params.iter().any(|p| p.name.contains('[')) {
        notes.push(Note::new(
            "bracket-name",
            "square brackets in a name (list[]) mean nothing to the URL Standard; they are a convention of \
             frameworks such as PHP and Rails, shown here exactly as written",
        ));
    }
    if params
        .iter()
        .any(|p| p.raw_name.contains('+') || p.raw_value.contains('+'))
    {
        notes.push(Note::new(
            "plus-as-space",
            "a + in the query is read as a space by form decoding (as most frameworks do); a real plus sign \
             must be sent as %2B",
        ));
    }
}

/// Parses `text` and reports its parts, the normalized URL, decoded path
/// segments and query parameters, details of the host, and notes and
/// warnings.
///
/// ```
/// use onecontact::tool::{parse_report, ReadOptions};
///
/// let r = parse_report("http://0x7f.1/a%2Fb/c", &ReadOptions::default()).unwrap();
/// assert_eq!(r.href, "http://127.0.0.1/a%2Fb/c");
/// assert!(r.host.unwrap().ipv4_short_form);
/// assert!(r.path_segments[0].contains_slash);
/// ```
///
/// # Errors
///
/// [`ToolError`] when the text (or the base) is not a URL, is empty, or is a
/// relative reference and no base is given.
pub fn parse_report(text: &str, options: &ReadOptions) -> Result<ParseReport, ToolError> {
    let reading = read_url(text, options, Role::Input)?;
    Ok(report_from_reading(&reading))
}

/// The parse report of an address already read.
pub(crate) fn report_from_reading(reading: &Reading) -> ParseReport {
    let url = &reading.url;
    let mut notes = reading.notes.clone();
    normalization_notes(reading, &mut notes);
    let host = host_report(reading, &mut notes);
    let mut warnings = Vec::new();
    if !url.username().is_empty() || url.password().is_some() {
        warnings.push(Note::new(
            "credentials",
            "the URL carries a user name or password; RFC 3986 deprecates user:password in URLs, \
             and passing authentication in clear text has proven a security risk almost everywhere \
             it has been used",
        ));
    }
    let params = url.query().map(query_params).unwrap_or_default();
    query_notes(&params, &mut notes);
    let validation_errors = reading
        .validation
        .iter()
        .map(|v| ValidationNote {
            name: v.kind.name(),
            description: v.kind.description(),
            offset: v.offset.checked_sub(reading.prefix_len),
        })
        .collect();
    ParseReport {
        input: reading.trimmed.clone(),
        href: url.as_str().to_owned(),
        parts: parts(url),
        origin: onecontact_url::quirks::origin(url),
        host,
        opaque_path: url.has_opaque_path(),
        path_segments: path_segments(url),
        query_params: params,
        notes,
        warnings,
        validation_errors,
    }
}
