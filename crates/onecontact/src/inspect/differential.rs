//! Parser differentials: the authority of a link as a parser that follows
//! RFC 3986's generic syntax reads it, set against the URL Standard's
//! reading (what a browser connects to).
//!
//! Filters, proxies and servers written with curl, Python's
//! `urllib.parse`, Go's `net/url` or a regular expression from RFC 3986's
//! appendix B split a URL by the RFC's generic syntax; a browser follows
//! the URL Standard. Where the two disagree on the host, a link can pass a
//! filter that checks one host and then go to another. The reading modelled
//! here is the RFC's, applied literally:
//!
//! - the scheme ends at the first `:` (letters, digits, `+`, `-`, `.`), and
//!   an authority follows only when `//` comes next;
//! - the authority ends at the first `/`, `?` or `#` (not at `\`);
//! - the userinfo ends at the last `@` of the authority, the port starts at
//!   its last `:` (after a `]` for an IPv6 literal);
//! - nothing is removed (tabs and newlines stay), nothing is percent-decoded,
//!   no IDNA mapping is done (`。` and full-width letters stay), and an IPv4
//!   address is only the dotted-decimal form of four numbers.

use std::net::Ipv6Addr;

use onecontact_url::percent_encoding::percent_decode_str;
use onecontact_url::{Host, Position, Url};

use super::warning::{Severity, Warning, WarningCode};

/// The userinfo, host and port of a URL as one parser reads them, as
/// written (not decoded).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AuthorityReading {
    /// The text before the `@`, when there is one.
    pub userinfo: Option<String>,
    /// The host; `None` when the parser finds no authority at all.
    pub host: Option<String>,
    /// The port as written, when one is.
    pub port: Option<String>,
}

/// Why an RFC 3986 parser reads a link's authority differently from the
/// URL Standard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum DifferentialReason {
    /// `backslash`: a browser reads `\` as `/` in http(s) URLs, so it ends
    /// the host; RFC 3986 does not.
    Backslash,
    /// `whitespace-removed`: the URL Standard removes tabs and newlines
    /// anywhere in the text; RFC 3986 keeps them.
    WhitespaceRemoved,
    /// `slashes`: the URL Standard reads any number of `/` or `\` after an
    /// http(s) scheme as `//`; RFC 3986 needs exactly `//` for a host.
    Slashes,
    /// `encoded-host`: the URL Standard percent-decodes the host (`%2E` is a
    /// dot); RFC 3986 keeps the escapes.
    EncodedHost,
    /// `ipv4-form`: the URL Standard reads hex, octal, short and single-number
    /// forms (`0x7f.1`, `2130706433`) as IPv4 addresses; RFC 3986 reads them
    /// as names.
    Ipv4Form,
    /// `full-width-dot`: IDNA maps `。`, `．` and `｡` to `.`; RFC 3986 does not.
    FullWidthDot,
    /// `idna-mapping`: IDNA maps the host to other letters (full-width
    /// letters, compatibility forms, case); RFC 3986 does not.
    IdnaMapping,
    /// `split`: the two parsers split the authority differently for another
    /// reason.
    Split,
}

impl DifferentialReason {
    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            DifferentialReason::Backslash => "backslash",
            DifferentialReason::WhitespaceRemoved => "whitespace-removed",
            DifferentialReason::Slashes => "slashes",
            DifferentialReason::EncodedHost => "encoded-host",
            DifferentialReason::Ipv4Form => "ipv4-form",
            DifferentialReason::FullWidthDot => "full-width-dot",
            DifferentialReason::IdnaMapping => "idna-mapping",
            DifferentialReason::Split => "split",
        }
    }

    fn explanation(self) -> &'static str {
        match self {
            DifferentialReason::Backslash => {
                "a browser reads \\ as / and ends the host there; RFC 3986 does not"
            }
            DifferentialReason::WhitespaceRemoved => {
                "a browser removes tabs and newlines first; RFC 3986 keeps them"
            }
            DifferentialReason::Slashes => {
                "a browser takes any number of slashes after http(s): as //; RFC 3986 needs exactly // before a host"
            }
            DifferentialReason::EncodedHost => {
                "a browser percent-decodes the host; RFC 3986 keeps the escapes"
            }
            DifferentialReason::Ipv4Form => {
                "a browser reads this number form as an IPv4 address; RFC 3986 reads it as a name"
            }
            DifferentialReason::FullWidthDot => {
                "a browser maps the full-width dot to an ASCII dot; RFC 3986 does not"
            }
            DifferentialReason::IdnaMapping => {
                "a browser maps these letters to others (IDNA); RFC 3986 does not"
            }
            DifferentialReason::Split => "the two split the authority at different places",
        }
    }
}

impl std::fmt::Display for DifferentialReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for DifferentialReason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// Where the URL Standard and an RFC 3986 parser read a link's authority
/// differently.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ParserDifferential {
    /// The URL Standard's reading (what a browser connects to).
    pub whatwg: AuthorityReading,
    /// The RFC 3986 generic-syntax reading.
    pub rfc3986: AuthorityReading,
    /// Why they differ, first the most telling.
    pub reasons: Vec<DifferentialReason>,
    /// Whether the hosts differ (not only the userinfo or port).
    pub host_differs: bool,
    /// The character that makes the difference, when one does.
    pub character: Option<char>,
    /// Its byte offset in the text as given.
    pub position: Option<usize>,
}

fn is_scheme(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// The scheme and what follows its `:`, by RFC 3986 (the scheme ends at the
/// first `:` that comes before any `/`, `?` or `#`).
fn split_scheme(text: &str) -> Option<(&str, &str)> {
    let end = text.find([':', '/', '?', '#'])?;
    let (scheme, rest) = text.split_at(end);
    let rest = rest.strip_prefix(':')?;
    is_scheme(scheme).then_some((scheme, rest))
}

/// The authority of `text` as an RFC 3986 generic-syntax parser reads it;
/// `None` when the text has no scheme by RFC 3986.
///
/// ```
/// use onecontact::inspect::rfc3986_authority;
///
/// let reading = rfc3986_authority("https://evil.example\\@www.bank.example/login").unwrap();
/// assert_eq!(reading.host.as_deref(), Some("www.bank.example"));
/// assert_eq!(reading.userinfo.as_deref(), Some("evil.example\\"));
/// assert_eq!(rfc3986_authority("https:/www.bank.example").unwrap().host, None);
/// ```
pub fn rfc3986_authority(text: &str) -> Option<AuthorityReading> {
    let (_, rest) = split_scheme(text)?;
    let Some(after) = rest.strip_prefix("//") else {
        return Some(AuthorityReading::default());
    };
    let end = after.find(['/', '?', '#']).unwrap_or(after.len());
    let authority = after.get(..end).unwrap_or_default();
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(at) => (
            authority.get(..at).map(str::to_owned),
            authority.get(at + 1..).unwrap_or_default(),
        ),
        None => (None, authority),
    };
    let port_at = if hostport.starts_with('[') {
        hostport
            .find(']')
            .and_then(|close| hostport.get(close + 1..).map(|tail| (close + 1, tail)))
            .and_then(|(at, tail)| tail.starts_with(':').then_some(at))
    } else {
        hostport.rfind(':')
    };
    let (host, port) = match port_at {
        Some(at) => (
            hostport.get(..at).unwrap_or_default(),
            hostport.get(at + 1..).map(str::to_owned),
        ),
        None => (hostport, None),
    };
    Some(AuthorityReading {
        userinfo,
        host: Some(host.to_owned()),
        port,
    })
}

/// The URL Standard's reading of `url`'s authority, in the same shape.
fn whatwg_authority(url: &Url) -> AuthorityReading {
    let userinfo = (!url.username().is_empty() || url.password().is_some()).then(|| {
        let mut text = url.username().to_owned();
        if let Some(password) = url.password() {
            text.push(':');
            text.push_str(password);
        }
        text
    });
    AuthorityReading {
        userinfo,
        host: url.host_str().map(str::to_owned),
        port: url.port().map(|p| p.to_string()),
    }
}

const FULL_WIDTH_DOTS: [char; 3] = ['\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// Whether the RFC 3986 host `rfc` names the same host as the URL
/// Standard's `whatwg` (ASCII case, IPv6 spelling and the Unicode form of
/// an internationalized name aside). `unicode` is the Unicode form of
/// `whatwg` when it has one that differs (the host answer's).
fn same_host(rfc: &str, whatwg: &str, unicode: Option<&str>) -> bool {
    if rfc.eq_ignore_ascii_case(whatwg) {
        return true;
    }
    let inner = |h: &str| {
        h.strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .and_then(|h| h.parse::<Ipv6Addr>().ok())
    };
    if let (Some(a), Some(b)) = (inner(rfc), inner(whatwg)) {
        return a == b;
    }
    if rfc.is_ascii() || rfc.contains('%') || rfc.contains(FULL_WIDTH_DOTS) {
        return false;
    }
    // A name written in Unicode is the same host when it is the Unicode form
    // of the URL's `xn--` name (and not a mapping of other letters to it).
    unicode.unwrap_or(whatwg) == rfc.to_lowercase()
}

/// The effective port of a reading: the number written, or the scheme's
/// default when none is; `Err` when the text is no port.
fn effective_port(port: Option<&str>, default: Option<u16>) -> Result<Option<u16>, ()> {
    match port {
        None | Some("") => Ok(default),
        Some(p) if p.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(Some(p.parse::<u16>().map_err(|_| ())?))
        }
        Some(_) => Err(()),
    }
}

fn decoded(text: Option<&str>) -> String {
    percent_decode_str(text.unwrap_or_default()).into_owned()
}

/// The first character of `text` (from `from`) matching `what`, with its
/// byte offset.
fn first_char(text: &str, from: usize, what: impl Fn(char) -> bool) -> Option<(char, usize)> {
    text.get(from..)?
        .char_indices()
        .find(|(_, c)| what(*c))
        .map(|(i, c)| (c, from + i))
}

/// Whether `text` starts with the URL's own serialization up to the end of
/// its authority, followed by the end of the text or a `/`, `?` or `#`:
/// then an RFC 3986 parser reads the same userinfo, host and port as the
/// URL Standard did (the common case, decided without either reading).
fn same_authority_as_written(text: &str, url: &Url) -> bool {
    if !url.has_authority() {
        return false;
    }
    let serialized = &url[..Position::AfterPort];
    text.strip_prefix(serialized)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '?', '#']))
        && !onecontact_bytes::word::holds_byte(serialized.as_bytes(), b'\\')
}

/// The differential between the URL Standard's reading of `text` (which
/// gave `url`) and RFC 3986's, or `None` when they agree. `text` is what
/// the URL parser was given (with an assumed `https://` in front), and
/// `lead` the length of that assumed prefix, taken off positions, and
/// `unicode` the Unicode form of the URL's host when it differs.
pub(crate) fn differential(
    text: &str,
    lead: usize,
    url: &Url,
    unicode: Option<&str>,
) -> Option<ParserDifferential> {
    if url.scheme() == "file" || same_authority_as_written(text, url) {
        return None;
    }
    let whatwg = whatwg_authority(url);
    let rfc = rfc3986_authority(text).unwrap_or_default();
    let host_differs = match (&rfc.host, &whatwg.host) {
        (None, None) => false,
        (Some(r), Some(w)) => !same_host(r, w, unicode),
        _ => true,
    };
    let default = url.port_or_known_default().filter(|_| url.port().is_none());
    let port_differs = whatwg.host.is_some()
        && rfc.host.is_some()
        && effective_port(rfc.port.as_deref(), default)
            != effective_port(whatwg.port.as_deref(), default);
    let userinfo_differs = whatwg.host.is_some()
        && rfc.host.is_some()
        && decoded(rfc.userinfo.as_deref()) != decoded(whatwg.userinfo.as_deref());
    if !host_differs && !port_differs && !userinfo_differs {
        return None;
    }

    let mut reasons = Vec::new();
    let mut place: Option<(char, usize)> = None;
    let mut note = |reason: DifferentialReason, at: Option<(char, usize)>| {
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
        if place.is_none() {
            place = at;
        }
    };
    let after_scheme = split_scheme(text).map_or(0, |(scheme, _)| scheme.len() + 1);
    if url.is_special() {
        if let Some(at) = first_char(text, after_scheme, |c| c == '\\')
            .filter(|(_, i)| text.get(..*i).is_some_and(|t| !t.contains(['?', '#'])))
        {
            note(DifferentialReason::Backslash, Some(at));
        }
        let rest = text.get(after_scheme..).unwrap_or_default();
        let slashes = rest.chars().take_while(|c| matches!(c, '/' | '\\')).count();
        if slashes != 2 || !rest.starts_with("//") {
            note(DifferentialReason::Slashes, None);
        }
    }
    if let Some(at) = first_char(text, 0, |c| matches!(c, '\t' | '\n' | '\r')) {
        note(DifferentialReason::WhitespaceRemoved, Some(at));
    }
    if let Some(host) = rfc.host.as_deref() {
        let host_at = text.find(host).unwrap_or(0);
        if let Some(at) = first_char(host, 0, |c| c == '%') {
            note(
                DifferentialReason::EncodedHost,
                Some((at.0, host_at + at.1)),
            );
        }
        let numeric = !host.is_empty()
            && host
                .chars()
                .all(|c| c.is_ascii_hexdigit() || matches!(c, 'x' | 'X' | '.'));
        if matches!(url.host(), Some(Host::Ipv4(_))) && host_differs && numeric {
            note(DifferentialReason::Ipv4Form, None);
        }
        let full_width_dot = first_char(host, 0, |c| FULL_WIDTH_DOTS.contains(&c));
        if let Some(at) = full_width_dot {
            note(
                DifferentialReason::FullWidthDot,
                Some((at.0, host_at + at.1)),
            );
        }
        if host_differs
            && full_width_dot.is_none()
            && let Some(at) = first_char(host, 0, |c| !c.is_ascii())
        {
            note(
                DifferentialReason::IdnaMapping,
                Some((at.0, host_at + at.1)),
            );
        }
    }
    if reasons.is_empty() {
        reasons.push(DifferentialReason::Split);
    }
    let (character, position) = match place {
        Some((c, at)) if at >= lead => (Some(c), Some(at - lead)),
        _ => (None, None),
    };
    Some(ParserDifferential {
        whatwg,
        rfc3986: rfc,
        reasons,
        host_differs,
        character,
        position,
    })
}

/// `text` in quotes, with tabs and line breaks shown as `\t`, `\n`, `\r`.
fn quoted(text: &str) -> String {
    let shown = text
        .replace('\t', "\\t")
        .replace('\n', "\\n")
        .replace('\r', "\\r");
    format!("\"{shown}\"")
}

fn describe(reading: &AuthorityReading) -> String {
    let Some(host) = &reading.host else {
        return "no host at all (what follows the scheme is a path)".to_owned();
    };
    let mut text = if host.is_empty() {
        "an empty host".to_owned()
    } else {
        format!("the host {}", quoted(host))
    };
    if let Some(userinfo) = &reading.userinfo {
        text.push_str(&format!(" with the user name {}", quoted(userinfo)));
    }
    if let Some(port) = &reading.port {
        text.push_str(&format!(" and the port {}", quoted(port)));
    }
    text
}

/// The warning for a differential.
pub(crate) fn warning(d: &ParserDifferential) -> Warning {
    let why: Vec<&str> = d.reasons.iter().map(|r| r.explanation()).collect();
    let message = format!(
        "parsers disagree on where this link goes: a browser (the URL Standard) reads {}, a parser that follows \
         RFC 3986 (curl, Python's urllib, Go's net/url, many link filters) reads {}: {}",
        describe(&d.whatwg),
        describe(&d.rfc3986),
        why.join("; ")
    );
    let severity = if d.host_differs && d.rfc3986.host.as_deref().is_some_and(|h| !h.is_empty()) {
        Severity::Danger
    } else {
        Severity::Warning
    };
    Warning::new(
        WarningCode::ParserDifferential,
        message,
        d.rfc3986.host.clone(),
    )
    .with_severity(severity)
    .at(d.character, d.position)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rfc_host(text: &str) -> Option<String> {
        rfc3986_authority(text).and_then(|r| r.host)
    }

    #[test]
    fn reads_the_authority_by_the_generic_syntax() {
        assert_eq!(
            rfc_host("http://a.example:81/x").as_deref(),
            Some("a.example")
        );
        assert_eq!(
            rfc_host("http://u:p@a.example/").as_deref(),
            Some("a.example")
        );
        assert_eq!(rfc_host("http://[::1]:8080/").as_deref(), Some("[::1]"));
        assert_eq!(rfc_host("http://a@b@c/").as_deref(), Some("c"));
        assert_eq!(
            rfc_host("http://a.example#@b/").as_deref(),
            Some("a.example")
        );
        assert_eq!(rfc_host("mailto:a@b"), None);
        assert_eq!(rfc3986_authority("a.example/x"), None);
        assert_eq!(
            rfc3986_authority("http://h:x/")
                .and_then(|r| r.port)
                .as_deref(),
            Some("x")
        );
    }

    #[test]
    fn the_same_host_in_other_spellings_is_no_difference() {
        let munich = Some("münchen.de");
        assert!(same_host("EXAMPLE.com", "example.com", None));
        assert!(same_host("[0:0::1]", "[::1]", None));
        assert!(same_host("münchen.de", "xn--mnchen-3ya.de", munich));
        assert!(!same_host("ｍünchen.de", "xn--mnchen-3ya.de", munich));
        assert!(!same_host("a%2Eb", "a.b", None));
    }
}
