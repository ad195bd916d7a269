//! [`parse_report`]: an address split into its parts, with what the parser
//! normalized and what a reader should know.

use std::collections::HashSet;
use std::fmt::Write as _;

use onecontact_url::form_urlencoded;
use onecontact_url::percent_encoding::percent_decode;
use onecontact_url::{Host, Url};

use crate::error::{Role, ToolError};
use crate::findings::{Finding, FindingKind, findings};
use crate::read_options::{Note, ReadOptions, read, read_base, reading_notes, url_of};
use onecontact::inspect::{HostDisplay, Severity, inspection_of};
use onecontact::is_tracking_parameter;
use onecontact::onecontact_psl::{Answer, Sections};
use onecontact::{
    Data, HostAnswer, KeyVersion, Reader, Reading, SocialProfile, WebAddress, WebError,
};

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
    /// The scheme's default port (`443` for `https`), when it has one.
    pub default_port: Option<u16>,
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
    /// The kind of host (`domain`, `ipv4`, `ipv6`, `opaque` or `empty` in
    /// JSON).
    pub kind: onecontact::HostKind,
    /// The host as written, when it differs from the host the normalized
    /// URL holds ([`Parts::host`]).
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
    /// The host as a careful browser shows it in its address bar, with the
    /// reason for each label kept in Punycode and the popular domain it
    /// imitates (see [`onecontact::inspect::display_host`]); for domains.
    pub display: Option<HostDisplay>,
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

/// What the contact layer makes of the URL, beside its parts: the
/// canonical form and key V1, and the social profile it names. The
/// [`WebFact`](onecontact::WebFact)s are not repeated here: each is a
/// [`Finding`] of the report (`scheme-assumed`, `ip-address-host`,
/// `tracking-parameters`, …).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ContactPart {
    /// The canonical form (no tracking parameters, no fragment).
    pub canonical: String,
    /// The comparison key, version 1.
    pub key_v1: String,
    /// The social-network profile shape, when there is one.
    pub social_profile: Option<SocialProfile>,
}

/// The parse report: everything the tool shows about one address, each
/// fact once. It is the document of `POST /api/parse` and of
/// `onecontact parse --json`.
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
    /// Everything the report wants a reader to know, each fact once: the
    /// link inspection's warnings (most serious first), the URL Standard's
    /// validation errors (one per kind, with each place), and the notes on
    /// what reading assumed or normalized.
    pub findings: Vec<Finding>,
    /// The highest severity among the warnings.
    pub max_severity: Option<Severity>,
    /// The contact layer's canonical form and key V1, when it accepts the
    /// URL.
    pub contact: Option<ContactPart>,
    /// Why the contact layer refused the URL, when it did.
    pub contact_error: Option<WebError>,
}

impl ParseReport {
    /// The finding with this code, if the report has one (a folded code is
    /// found in the finding that [`covers`](Finding::covers) it).
    ///
    /// ```
    /// use onecontact_report::{parse_report, ReadOptions};
    ///
    /// let r = parse_report("https://user:pw@example.com/", &ReadOptions::default())?;
    /// let credentials = r.finding("invalid-credentials").unwrap();
    /// assert_eq!(credentials.code, "userinfo-before-host");
    /// # Ok::<(), onecontact_report::ToolError>(())
    /// ```
    pub fn finding(&self, code: &str) -> Option<&Finding> {
        self.findings
            .iter()
            .find(|f| f.code == code || f.covers.contains(&code))
    }

    /// The findings of one kind, in report order.
    pub fn findings_of(&self, kind: FindingKind) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.kind == kind)
    }
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
            // Without `%`, the segment decodes to itself (and holds no `/`).
            if !raw.contains('%') {
                return PathSegment {
                    raw: raw.to_owned(),
                    decoded: raw.to_owned(),
                    contains_slash: false,
                    invalid_utf8: false,
                };
            }
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
        default_port: url.known_default_port(),
        path: url.path().to_owned(),
        query: url.query().map(str::to_owned),
        fragment: url.fragment().map(str::to_owned),
    }
}

/// The host report of a reading, with the registrable domain, public
/// suffix of `site` (the host's answer in the sections asked for) and the
/// Unicode form of the host's answer that inspecting the same reading found (its display is added once the answer is done with).
fn host_report(
    reading: &Reading<'_>,
    url: &Url,
    answer: &HostAnswer,
    site: Option<Answer<'_>>,
    notes: &mut Vec<Note>,
) -> Option<HostReport> {
    let host = url.host()?;
    let serialized = url.host_str().unwrap_or_default();
    let written = reading.written(reading.spans().host.clone());
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
        Host::Domain(_) => (
            answer.unicode().map(str::to_owned),
            site.and_then(|a| a.registrable_domain()).map(str::to_owned),
            site.map(|a| a.public_suffix())
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        ),
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
        kind: onecontact::HostKind::of(&host),
        as_written,
        unicode,
        ipv4_short_form,
        registrable_domain,
        public_suffix,
        display: None,
    })
}

/// Notes about what the parser normalized besides the host.
fn normalization_notes(reading: &Reading<'_>, url: &Url, notes: &mut Vec<Note>) {
    let spans = reading.spans();
    if let Some(scheme) = reading.written(spans.scheme.clone())
        && scheme != url.scheme()
    {
        notes.push(Note::new(
            "scheme-lowercased",
            format!("the scheme {scheme} was lowercased to {}", url.scheme()),
        ));
    }
    if let Some(port) = reading.written(spans.port.clone())
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
    if let Some(path) = reading.written(spans.path.clone()) {
        let dots = path.split(['/', '\\']).any(is_dot_segment);
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

/// Whether a segment of a path as written is a dot segment: `.` or `..`,
/// each dot written as itself or as `%2e` (either case).
fn is_dot_segment(segment: &str) -> bool {
    [".", "..", "%2e", "%2e%2e", ".%2e", "%2e."]
        .iter()
        .any(|dots| segment.eq_ignore_ascii_case(dots))
}

/// The URL's origin, serialized: for a special URL other than `file:`, its
/// scheme, host and port (when not the default) as the URL holds them;
/// for any other, what [`quirks::origin`](onecontact_url::quirks::origin)
/// gives (`null`, or the origin inside a `blob:` URL).
fn origin(url: &Url) -> String {
    let scheme = url.scheme();
    if let (true, false, Some(host)) = (url.is_special(), scheme == "file", url.host_str()) {
        let mut out = String::with_capacity(scheme.len() + 3 + host.len() + 6);
        out.push_str(scheme);
        out.push_str("://");
        out.push_str(host);
        if let Some(port) = url.port() {
            // Writing to a `String` cannot fail.
            let _ = write!(out, ":{port}");
        }
        return out;
    }
    onecontact_url::quirks::origin(url)
}

/// Notes about the query parameters: tracking parameters, repeated names,
/// bracket names and `+`.
fn query_notes(params: &[QueryParam], notes: &mut Vec<Note>) {
    if params.is_empty() {
        return;
    }
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
/// use onecontact_report::{parse_report, ReadOptions};
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
    let base = read_base(options)?;
    let reading = read(text, base.as_ref(), options, Role::Input)?;
    report_from_reading(reading, base.as_ref(), &options.data, options.sections)
}

/// The URL a text reads as and its parts, without the rest of the
/// [`ParseReport`]: for a program that lists the parts of many addresses.
/// The text is read as [`parse_report`] reads it, so the same text fails
/// with the same error.
///
/// ```
/// use onecontact_report::{ReadOptions, parse_parts};
///
/// let parsed = parse_parts("Example.com:8080/a?b#c", &ReadOptions::default())?;
/// assert_eq!(parsed.href, "https://example.com:8080/a?b#c");
/// assert_eq!(parsed.parts.port, Some(8080));
/// # Ok::<(), onecontact_report::ToolError>(())
/// ```
///
/// # Errors
///
/// As [`parse_report`]: a [`ToolError`] when the text (or the base) is not
/// a URL.
pub fn parse_parts(text: &str, options: &ReadOptions) -> Result<PartsReport, ToolError> {
    let base = read_base(options)?;
    // The reading of `parse_report` without collecting the validation
    // errors, which the parts do not show: the URL and a failure's error
    // are the same either way.
    let reading = Reader::new()
        .assume_https(options.assume_https)
        .base(base.as_ref())
        .read(text);
    let url = url_of(&reading, Role::Input)?;
    Ok(PartsReport {
        href: url.as_str().to_owned(),
        parts: parts(url),
    })
}

/// What [`parse_parts`] gives: the URL and its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PartsReport {
    /// The URL's serialization.
    pub href: String,
    /// Its parts.
    pub parts: Parts,
}

/// The parse report of an address already read (with its base, if any):
/// built from that one reading, as are its contact facts and warnings.
pub(crate) fn report_from_reading(
    reading: Reading<'_>,
    base: Option<&Url>,
    data: &Data,
    sections: Sections,
) -> Result<ParseReport, ToolError> {
    let url = url_of(&reading, Role::Input)?;
    // The host is looked up and shown once, here; the host report and the
    // contact facts take what this found.
    let found = inspection_of(&reading, data);
    let mut notes = reading_notes(&reading, base);
    normalization_notes(&reading, url, &mut notes);
    let site = found.host.answer_in(url, sections, data);
    let host = host_report(&reading, url, &found.host, site, &mut notes);
    let params = url.query().map(query_params).unwrap_or_default();
    query_notes(&params, &mut notes);
    let findings = findings(&reading, found.warnings, notes);
    let mut report = ParseReport {
        input: reading.text().to_owned(),
        href: url.as_str().to_owned(),
        parts: parts(url),
        origin: origin(url),
        host,
        opaque_path: url.has_opaque_path(),
        path_segments: path_segments(url),
        query_params: params,
        findings,
        max_severity: found.max_severity,
        contact: None,
        contact_error: None,
    };
    match WebAddress::from_reading_looked_up(reading, &found.host, data) {
        Ok(web) => {
            report.contact = Some(ContactPart {
                canonical: web.canonical().to_owned(),
                key_v1: web.key(KeyVersion::V1),
                social_profile: web.social_profile(),
            })
        }
        Err(e) => report.contact_error = Some(e),
    }
    if let Some(host) = report.host.as_mut() {
        host.display = found.host.into_display();
    }
    Ok(report)
}
