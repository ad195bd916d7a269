//! Link inspection: reading a link before clicking it.
//!
//! [`inspect`] finds the real host of a link (the authority ends at the
//! first `/`, `?` or `#`; what stands before an `@` is userinfo, never the
//! host), its registrable domain, and warns about the ways links lie about
//! where they go. Every warning has a stable [`WarningCode`] and a
//! [`Severity`]:
//!
//! | Code | Severity | What it finds |
//! |---|---|---|
//! | `userinfo-looks-like-host` | danger | a domain or IP address before `@` (`https://www.paypal.com@198.51.100.7/`) |
//! | `userinfo-before-host` | warning | any other text before `@`, which can be any brand name |
//! | `password-in-url` | warning | a password in the URL |
//! | `domain-in-subdomain` | danger | a domain used as labels of another (`paypal.com.secure-login.example`) |
//! | `ip-address-host` | warning | a bare IP address as host |
//! | `url-in-path` | warning | a full URL in the path (`https://short.example/https://www.bank.com/login`) |
//! | `url-in-query` | warning | a full URL as a query value (a redirect target) |
//! | `punycode-host` | info | `xn--` labels, with the Unicode form |
//! | `mixed-script-label` | danger | a label a browser keeps in Punycode because it mixes scripts (Latin with Cyrillic, …) |
//! | `lookalike-label` | danger | a label a browser keeps in Punycode because it imitates Latin letters, digits or punctuation |
//! | `label-shown-as-punycode` | warning | a label a browser keeps in Punycode for a character it does not show |
//! | `lookalike-of-popular-domain` | danger, warning or info by heuristic | a host that imitates a popular domain or one of one's own, as Chromium's lookalike heuristics decide ([`Imitation`]: `xn--80ak6aa92e.com` imitates `apple.com`, `paypal-login.com` paypal.com) |
//! | `encoded-delimiter-in-host` | danger | `%2F`, `%40`, … in the authority as typed |
//! | `secret-in-query` | warning | a token, password, API key, session or reset code in the query |
//! | `long-url` | info | over 2,000 characters |
//! | `very-long-url` | warning | over 8 KB |
//! | `non-web-scheme` | danger for `javascript:`, `vbscript:`, `data:`; warning or info for others | not `http`/`https` |
//!
//! ```
//! use onecontact::{inspect, WarningCode};
//!
//! let report = inspect("https://www.paypal.com@198.51.100.7/secure/login");
//! assert_eq!(report.real_host(), Some("198.51.100.7"));
//! assert!(report.has(WarningCode::UserinfoLooksLikeHost));
//! assert!(report.has(WarningCode::IpAddressHost));
//! ```
//!
//! # How a browser shows a host
//!
//! [`LinkReport::display`] is the host as a careful browser shows it in its
//! address bar ([`display_host`]): each `xn--` label in Unicode when that is
//! safe, in Punycode when it is not, with the [`DisplayReason`] of each label
//! kept (the rules are listed in [`display`](crate::display)), and the popular domain the
//! host imitates, if any ([`TopDomains`]). Hosts without `xn--` labels take
//! no Unicode step.
//!
//! ```
//! use onecontact::{inspect, WarningCode};
//!
//! let report = inspect("https://xn--80ak6aa92e.com/");
//! let display = report.display().unwrap();
//! assert_eq!(display.host, "xn--80ak6aa92e.com");
//! assert_eq!(display.imitates.as_deref(), Some("apple.com"));
//! assert!(report.has(WarningCode::LookalikeOfPopularDomain));
//!
//! // A Russian word under .рф is shown as it is written.
//! let report = inspect("https://xn--d1abbgf6aiiy.xn--p1ai/");
//! assert_eq!(report.display().unwrap().host, "президент.рф");
//! ```

#[doc(hidden)]
pub mod codegen;
mod differential;
mod dns_length;
mod domains;
mod embedded;
#[doc(hidden)]
pub mod fuzzing;
pub(crate) mod imitation;
pub(crate) mod paste;
mod secrets;
mod spelled_host;
mod traversal;
mod warning;

pub use differential::{
    AuthorityReading, DifferentialReason, ParserDifferential, rfc3986_authority,
};

pub use crate::display::lookalike::{TopDomains, TopDomainsError};
pub use crate::display::{DisplayReason, HostDisplay, LabelDisplay, display_host};
pub use dns_length::{DnsLengthProblem, MAX_LABEL, MAX_NAME, dns_length_problem};
pub use imitation::{Imitation, ImitationKind};
pub use warning::{Severity, Warning, WarningCode};

use onecontact_url::form_urlencoded;
use onecontact_url::percent_encoding::percent_decode_str;
use onecontact_url::{Host, Position, Url};

use crate::{Data, HostAnswer, Reader, Reading, WebError};

/// A URL longer than this many characters may not survive e-mail clients,
/// QR codes, link shorteners and older clients.
pub const LONG_URL_CHARS: usize = 2000;

/// Common server set-ups limit the whole request line to about this many bytes.
pub const VERY_LONG_URL_BYTES: usize = 8 * 1024;

/// What [`inspect`] found about a link: the warnings it decided, read
/// from the URL and the one [`HostAnswer`] of its reading.
///
/// The URL's parts and the host's answers are methods that read them
/// ([`real_host`](Self::real_host), [`registrable_domain`](Self::registrable_domain),
/// [`display`](Self::display), …). With the `serde` feature it serializes
/// as one object holding those answers as fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkReport {
    /// The text given, trimmed.
    pub input: String,
    /// Why the text is not a URL, when it is not (warnings found in the
    /// text as typed are still reported).
    pub error: Option<WebError>,
    /// Whether `https://` was assumed because no scheme was written.
    pub scheme_assumed: bool,
    /// The URL a browser builds from the text.
    url: Option<Url>,
    /// The host's one answer (kind, lookup, Unicode form, display).
    host: HostAnswer,
    /// Where a parser that follows RFC 3986 reads another authority than
    /// the URL Standard (the `parser-differential` warning's readings).
    pub parser_differential: Option<ParserDifferential>,
    /// The warnings, most serious first.
    pub warnings: Vec<Warning>,
    /// The highest severity among the warnings.
    pub max_severity: Option<Severity>,
    /// When the link is a wrapper (Outlook Safe Links, Proofpoint, a
    /// redirect of Google, Facebook, …): the wrappers and the report of the
    /// address behind them, whose warnings are also among
    /// [`warnings`](Self::warnings).
    pub wrapped: Option<Box<Wrapped>>,
}

/// The address behind a link wrapper, inspected.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Wrapped {
    /// The wrappers, outermost first (vendor and address).
    pub wrappers: Vec<crate::WrapperLayer>,
    /// The address behind the innermost wrapper.
    pub target: String,
    /// The inspection of that address.
    pub report: LinkReport,
}

impl LinkReport {
    /// The URL a browser builds from the text; `None` when it is not a URL.
    pub fn url(&self) -> Option<&Url> {
        self.url.as_ref()
    }

    /// The host's answer: its kind, its Public Suffix List answer, its
    /// Unicode form and how it is shown. Hand it to
    /// [`WebAddress::from_reading_looked_up`](crate::WebAddress::from_reading_looked_up)
    /// with the same reading, so that the host is looked up once.
    pub fn host(&self) -> &HostAnswer {
        &self.host
    }

    /// The scheme, lowercase, without `:`.
    pub fn scheme(&self) -> Option<&str> {
        self.url.as_ref().map(Url::scheme)
    }

    /// The host the browser connects to, as the URL serializes it.
    pub fn real_host(&self) -> Option<&str> {
        self.url.as_ref()?.host_str()
    }

    /// The kind of the real host.
    pub fn host_kind(&self) -> Option<crate::HostKind> {
        self.host.kind()
    }

    /// The Unicode form of a host with `xn--` labels (a display aid; see
    /// [`display`](Self::display) for what a browser shows).
    pub fn host_unicode(&self) -> Option<&str> {
        self.host.unicode()
    }

    /// The host as a careful browser shows it: labels in Unicode when safe,
    /// in Punycode with a reason when not, and the popular domain it
    /// imitates. For domains.
    pub fn display(&self) -> Option<&HostDisplay> {
        self.host.display()
    }

    /// The registrable domain of the real host: who controls it.
    pub fn registrable_domain(&self) -> Option<&str> {
        self.host.answer(self.url.as_ref()?)?.registrable_domain()
    }

    /// The public suffix of the real host, when it is a domain.
    pub fn public_suffix(&self) -> Option<&str> {
        Some(self.host.answer(self.url.as_ref()?)?.public_suffix())
    }

    /// The userinfo (before `@`, without it), as the URL holds it: the user
    /// name, and `:` and the password when there is one.
    pub fn userinfo(&self) -> Option<&str> {
        let url = self.url.as_ref()?;
        if url.username().is_empty() && url.password().is_none() {
            return None;
        }
        Some(&url[Position::BeforeUsername..Position::AfterPassword])
    }

    /// Whether a warning with `code` was raised.
    pub fn has(&self, code: WarningCode) -> bool {
        self.warnings.iter().any(|w| w.code == code)
    }
}

/// The authority (userinfo, host and port) of the text as typed, from the
/// reading's spans: from the start of the userinfo (or host) to the end of
/// the port (or host). After a failed parse, what the parser read before it.
fn authority_as_typed<'a>(reading: &Reading<'a>) -> Option<&'a str> {
    let spans = reading.spans();
    let start = spans.userinfo.as_ref().or(spans.host.as_ref())?.start;
    let end = spans.port.as_ref().or(spans.host.as_ref())?.end;
    reading.written(Some(start..end))
}

/// `%XX` escapes of delimiters found in `authority` (either case), in the
/// order of [`DELIMITERS`](encoded_delimiters), each once and uppercase.
fn encoded_delimiters(authority: &str) -> Vec<String> {
    const DELIMITERS: &[&str] = &["%2F", "%40", "%3F", "%23", "%3A", "%5C", "%2E"];
    if !onecontact_bytes::word::holds_byte(authority.as_bytes(), b'%') {
        return Vec::new();
    }
    let escapes: Vec<&[u8]> = authority
        .as_bytes()
        .windows(3)
        .filter(|w| w.first() == Some(&b'%'))
        .collect();
    DELIMITERS
        .iter()
        .filter(|d| escapes.iter().any(|e| e.eq_ignore_ascii_case(d.as_bytes())))
        .map(|d| (*d).to_owned())
        .collect()
}

fn scheme_warning(scheme: &str) -> Option<Warning> {
    let (severity, why) = match scheme {
        "http" | "https" => return None,
        "javascript" | "vbscript" => (Severity::Danger, "runs script in the page when followed"),
        "data" => (
            Severity::Danger,
            "carries its content inside the link itself (a whole page can hide in it)",
        ),
        "file" => (
            Severity::Warning,
            "opens a file on the reader's own computer or network",
        ),
        "blob" | "filesystem" => (
            Severity::Warning,
            "points to data held by a page, not to a web address",
        ),
        "mailto" | "tel" | "sms" => (Severity::Info, "opens another application, not a web page"),
        _ => (Severity::Warning, "is not a web page address"),
    };
    Some(
        Warning::new(
            WarningCode::NonWebScheme,
            format!("the scheme {scheme}: {why}"),
            Some(format!("{scheme}:")),
        )
        .with_severity(severity),
    )
}

fn length_warning(text: &str) -> Option<Warning> {
    let bytes = text.len();
    if bytes > VERY_LONG_URL_BYTES {
        Some(Warning::new(
            WarningCode::VeryLongUrl,
            format!(
                "the URL is {bytes} bytes long; common server settings limit the whole request line to about 8 KB, \
                 some proxies to 4 KB"
            ),
            None,
        ))
    } else if bytes <= LONG_URL_CHARS {
        // No more characters than bytes.
        None
    } else {
        let chars = text.chars().count();
        (chars > LONG_URL_CHARS).then(|| {
            Warning::new(
                WarningCode::LongUrl,
                format!(
                    "the URL is {chars} characters long; links that must survive e-mail, QR codes and link shorteners \
                     are safest under about 2,000"
                ),
                None,
            )
        })
    }
}

fn userinfo_warnings(url: &Url, host: &str, data: &Data, out: &mut Vec<Warning>) {
    // Most URLs have no user name or password to read.
    if !url.has_credentials() {
        return;
    }
    let username = percent_decode_str(url.username());
    if !username.is_empty() {
        if let Some(lookalike) = domains::looks_like_host(&username, data.psl()) {
            out.push(Warning::new(
                WarningCode::UserinfoLooksLikeHost,
                format!(
                    "{lookalike} stands before the @, so it is only a user name; the link really goes to {host}"
                ),
                Some(lookalike),
            ));
        } else {
            out.push(Warning::new(
                WarningCode::UserinfoBeforeHost,
                format!(
                    "the text {username:?} before the @ is a user name, which can be anything, even a brand name; \
                     the host is {host}"
                ),
                Some(username.into_owned()),
            ));
        }
    }
    if url.password().is_some() {
        out.push(Warning::new(
            WarningCode::PasswordInUrl,
            "the URL carries a password; RFC 3986 deprecates this, and passing authentication in clear text \
             has proven a security risk"
                .to_owned(),
            None,
        ));
    }
}

/// The host's warnings, from its one answer.
fn host_warnings(url: &Url, host: &HostAnswer, data: &Data, out: &mut Vec<Warning>) {
    // A domain is told without building the typed host.
    let Some(domain) = url.domain() else {
        if let Some(Host::Ipv4(_) | Host::Ipv6(_)) = url.host() {
            let hostname = url.host_str().unwrap_or_default();
            out.push(Warning::new(
                WarningCode::IpAddressHost,
                format!(
                    "the host is the bare IP address {hostname}: there is no domain name to recognize, which links \
                     that hide where they go often use"
                ),
                Some(hostname.to_owned()),
            ));
        }
        return;
    };
    // The name without a root dot or empty labels, which every
    // spelling of the host shares: the warnings read it, and its
    // Public Suffix List answer is the host's when it is the host.
    let name = crate::display::name::warning_name(domain);
    let all = match &name {
        std::borrow::Cow::Borrowed(_) => host.answer(url),
        std::borrow::Cow::Owned(_) => None,
    };
    let registrable = match &name {
        std::borrow::Cow::Borrowed(_) => all.and_then(|a| a.registrable_domain()),
        std::borrow::Cow::Owned(name) => data.psl().registrable_domain(name),
    };
    if let Some(registrable) = registrable
        && let Some(inner) = domains::domain_in_subdomain(&name, registrable, data.psl())
    {
        out.push(Warning::new(
            WarningCode::DomainInSubdomain,
            format!(
                "{inner} is only part of the name: read labels from the right, and the host {domain} \
                 belongs to {registrable}"
            ),
            Some(inner),
        ));
    }
    if let Some(problem) = dns_length_problem(&name) {
        out.push(dns_length_warning(&name, problem));
    }
    if let Some(unicode) = host.unicode() {
        out.push(Warning::new(
            WarningCode::PunycodeHost,
            format!(
                "the host {domain} is Punycode for {unicode}; internationalized names are legitimate, \
                 but the same mechanism allows look-alikes, so check a host like this you did not type"
            ),
            Some(unicode.to_owned()),
        ));
    }
    let imitation = imitation::find(url.scheme(), &name, all, data).or_else(|| {
        let domain = host.display()?.imitates.clone()?;
        let top = data.top_domains();
        let kind = if top.listed().contains(&domain) {
            ImitationKind::SkeletonMatchOwn
        } else if top.is_top_bucket(&domain) {
            ImitationKind::SkeletonMatchTopBucket
        } else {
            ImitationKind::SkeletonMatchPopular
        };
        Some(Imitation { domain, kind })
    });
    if let Some(imitation) = imitation {
        out.push(imitation_warning(&name, host.display(), imitation));
    }
    if let Some(display) = host.display() {
        display_warnings(display, out);
    }
}

/// The warning naming the domain a host imitates and how.
fn imitation_warning(name: &str, display: Option<&HostDisplay>, imitation: Imitation) -> Warning {
    let domain = &imitation.domain;
    let kind = imitation.kind;
    let shown = display
        .filter(|d| d.imitates.is_some())
        .map(|d| format!(", so a browser shows it in Punycode ({})", d.host))
        .unwrap_or_default();
    let message = format!(
        "the host {name} looks like {domain} but is not {domain}: {}{shown} ({kind})",
        kind.describe(domain)
    );
    let mut warning = Warning::new(
        WarningCode::LookalikeOfPopularDomain,
        message,
        Some(domain.clone()),
    )
    .with_severity(kind.severity());
    warning.imitation = Some(imitation);
    warning
}

fn display_warnings(display: &HostDisplay, out: &mut Vec<Warning>) {
    for label in &display.labels {
        let Some(reason) = label.reason else {
            continue;
        };
        if reason == DisplayReason::LookalikeOfPopularDomain {
            continue;
        }
        let code = match reason {
            DisplayReason::MixedScripts | DisplayReason::NonAsciiLatinWithOtherScript => {
                WarningCode::MixedScriptLabel
            }
            r if r.is_lookalike() => WarningCode::LookalikeLabel,
            _ => WarningCode::LabelShownAsPunycode,
        };
        let unicode = label.unicode.as_deref().unwrap_or(&label.ascii);
        let why = match reason {
            DisplayReason::MixedScripts => format!(
                "it mixes the {} scripts, which no language writes together; letters of another alphabet can \
                 look identical to Latin ones",
                crate::display::script_names(unicode).join(" and ")
            ),
            _ => reason.to_string(),
        };
        let character = label.character();
        let why = match character {
            Some(c) if reason.character().is_none() => {
                format!("{why} (the odd one out is {c} U+{:04X})", u32::from(c))
            }
            _ => why,
        };
        out.push(
            Warning::new(
                code,
                format!(
                    "a browser shows the label {unicode} as {}: {why}",
                    label.ascii
                ),
                Some(unicode.to_owned()),
            )
            .at(character, None),
        );
    }
}

/// Where the character of a label warning (the odd one out of a mixed-script
/// label, say) stands in the text as given, when the host was written in
/// Unicode: in the label's written form, else anywhere in the written host.
/// A host written as `xn--…` does not hold the character: no position.
fn place_label_characters(reading: &Reading<'_>, out: &mut [Warning]) {
    let Some(span) = reading.spans().host.clone() else {
        return;
    };
    let Some(written) = reading.written(Some(span.clone())) else {
        return;
    };
    for warning in out.iter_mut().filter(|w| {
        matches!(
            w.code,
            WarningCode::MixedScriptLabel
                | WarningCode::LookalikeLabel
                | WarningCode::LabelShownAsPunycode
        ) && w.position.is_none()
    }) {
        let Some(c) = warning.character else {
            continue;
        };
        let label_start = warning
            .evidence
            .as_deref()
            .and_then(|label| written.find(label))
            .unwrap_or(0);
        let in_host = written
            .get(label_start..)
            .and_then(|rest| rest.find(c))
            .map(|i| label_start + i)
            .or_else(|| written.find(c));
        if let Some(i) = in_host {
            warning.position = Some(reading.offset(span.start + i).bytes);
        }
    }
}

fn path_and_query_warnings(url: &Url, out: &mut Vec<Warning>) {
    let host = url.host_str().unwrap_or_default();
    if !url.has_opaque_path()
        && let Some(found) = embedded::find_url(url.path())
    {
        let target = embedded::host_of(&found)
            .map(|h| format!(", not to {h}"))
            .unwrap_or_default();
        out.push(Warning::new(
            WarningCode::UrlInPath,
            format!("the path holds a full URL ({found}); the link goes to {host}{target}"),
            Some(found),
        ));
    }
    let Some(query) = url.query() else {
        return;
    };
    let params: Vec<(std::borrow::Cow<'_, str>, std::borrow::Cow<'_, str>)> =
        form_urlencoded::raw_pairs(query)
            .map(|pair| (pair.decoded_name(), pair.decoded_value()))
            .collect();
    let mut secrets: Vec<(&str, &'static str)> = Vec::new();
    for (name, value) in &params {
        if let Some(found) = embedded::value_is_url(value) {
            out.push(Warning::new(
                WarningCode::UrlInQuery,
                format!(
                    "the query parameter {name} holds a full URL ({found}); a site that redirects to it sends the \
                     reader somewhere other than {host}"
                ),
                Some(found),
            ));
        }
        if let Some(kind) = secrets::secret_kind(name)
            && !value.is_empty()
            && !secrets.iter().any(|(n, _)| *n == name.as_ref())
        {
            secrets.push((name.as_ref(), kind));
        }
    }
    if !secrets.is_empty() {
        let article = |kind: &str| {
            if kind.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
                "an"
            } else {
                "a"
            }
        };
        let named: Vec<String> = secrets
            .iter()
            .map(|(name, kind)| format!("{name} ({} {kind})", article(kind)))
            .collect();
        let (subject, verb) = if secrets.len() == 1 {
            ("the query parameter", "looks like a secret")
        } else {
            ("the query parameters", "look like secrets")
        };
        let names: Vec<&str> = secrets.iter().map(|(n, _)| *n).collect();
        out.push(Warning::new(
            WarningCode::SecretInQuery,
            format!(
                "{subject} {} {verb}; a query string is written to server logs, passed on in the Referer header, \
                 kept in history and bookmarks and copied whenever the link is shared",
                named.join(", ")
            ),
            Some(names.join(", ")),
        ));
    }
}

/// The warnings about the text as typed: a mistyped scheme, a parser
/// differential, an encoded dot segment; the parser differential found is
/// put in `differential` (left as it is when there is none).
fn typed_warnings(
    reading: &Reading<'_>,
    url: &Url,
    host: &HostAnswer,
    out: &mut Vec<Warning>,
    differential: &mut Option<ParserDifferential>,
) {
    let typed = reading.text();
    // A relative reference resolved against a base has no scheme or
    // authority of its own to mistype, nor one that another parser could
    // read apart from the base.
    let relative = reading.scheme_source() == crate::SchemeSource::Base;
    let slip = if relative {
        None
    } else {
        paste::scheme_slip(typed, reading.scheme_assumed(), url)
    };
    if let Some((slip, meant)) = &slip {
        out.push(
            Warning::new(
                WarningCode::MistypedScheme,
                slip.message(url, meant.as_deref()),
                meant.clone(),
            )
            .at(None, Some(0)),
        );
    }
    let parsed = match reading.prefix() {
        "" => std::borrow::Cow::Borrowed(typed),
        prefix => std::borrow::Cow::Owned(format!("{prefix}{typed}")),
    };
    let unicode = host.unicode();
    let found = if relative {
        None
    } else {
        differential::differential(&parsed, reading.prefix().len(), url, unicode)
    };
    if let Some(found) = &found {
        // A scheme with the wrong slashes is one finding, told by the slip.
        let told = matches!(slip, Some((paste::SchemeSlip::Slashes(_), _)))
            && found.rfc3986.host.as_deref().is_none_or(str::is_empty);
        // Escapes in the host are one finding with the encoded delimiter.
        let encoded = out
            .iter_mut()
            .find(|w| w.code == WarningCode::EncodedDelimiterInHost)
            .filter(|_| found.reasons == [DifferentialReason::EncodedHost]);
        if let Some(encoded) = encoded {
            encoded.message.push_str(&format!(
                "; a browser decodes them and goes to {}, while a parser that follows RFC 3986 reads the host {}",
                found.whatwg.host.as_deref().unwrap_or_default(),
                found.rfc3986.host.as_deref().unwrap_or_default()
            ));
            encoded.character = found.character;
            encoded.position = found.position;
        } else if !told {
            out.push(differential::warning(found));
        }
    }
    if let Some(found) = traversal::encoded_dot_segment(url, typed) {
        let character = if found.escape.eq_ignore_ascii_case("%5C") {
            '\\'
        } else {
            '/'
        };
        out.push(
            Warning::new(
                WarningCode::EncodedDotSegment,
                format!(
                    "the path {} hides a .. segment behind {} (an encoded {character}): a browser sends it as one \
                     segment, but a server or proxy that decodes before resolving reads {}, a way up and out of the \
                     folder it serves (path traversal)",
                    found.path, found.escape, found.decoded
                ),
                Some(found.decoded.clone()),
            )
            .at(Some(character), found.position),
        );
    }
    if found.is_some() {
        *differential = found;
    }
}

/// The warning for a host name the DNS cannot carry.
fn dns_length_warning(name: &str, problem: DnsLengthProblem) -> Warning {
    match problem {
        DnsLengthProblem::LabelTooLong { offset, length } => {
            let label = name.get(offset..offset + length).unwrap_or(name);
            let shown: String = label.chars().take(20).collect();
            Warning::new(
                WarningCode::HostTooLongForDns,
                format!(
                    "the label {shown}… of the host is {length} characters long, over the {MAX_LABEL} a label \
                     of a domain name can have: a browser takes the link, but no such name can be registered \
                     or looked up"
                ),
                Some(label.to_owned()),
            )
        }
        DnsLengthProblem::NameTooLong { length } => Warning::new(
            WarningCode::HostTooLongForDns,
            format!(
                "the host is {length} characters long, over the {MAX_NAME} a domain name can have: a browser \
                 takes the link, but no such name can be registered or looked up"
            ),
            Some(name.to_owned()),
        ),
    }
}

/// Reads a link the way a careful person would before clicking it: the real
/// host and its registrable domain, and warnings about the ways links
/// mislead (see the [module documentation](self) for the catalogue).
///
/// Text without a scheme is read as `https://` followed by the text
/// ([`LinkReport::scheme_assumed`]). A text that is not a URL still gets the
/// warnings that can be found in it as typed (encoded delimiters, scheme,
/// length), with [`LinkReport::error`] saying why it does not parse.
pub fn inspect(text: &str) -> LinkReport {
    inspect_with(text, &Data::baked())
}

/// [`inspect`] with the lists of `data`: its Public Suffix List for the
/// registrable domain, its popular domains (one's own brands' domains,
/// instead of or besides the built-in list) for look-alikes.
///
/// ```
/// use onecontact::inspect::{TopDomains, inspect_with};
/// use onecontact::{Data, WarningCode};
///
/// let ours = Data::baked().with_top_domains(TopDomains::parse("example-bank.com\n").unwrap());
/// let report = inspect_with("https://xn--xample-bank-nkj.com/", &ours);
/// assert!(report.has(WarningCode::LookalikeOfPopularDomain));
/// ```
///
/// A defanged link (`hxxps://evil[.]example/x`, see [`refang`](crate::refang))
/// is read as the link it stands for, whose host is the one inspected, with
/// a `defanged-link` finding that says so.
pub fn inspect_with(text: &str, data: &Data) -> LinkReport {
    let Some(live) = crate::refang(text) else {
        return report_of(Reader::new().read(text), data);
    };
    let mut report = report_of(Reader::new().read(&live), data);
    report.warnings.push(Warning::new(
        WarningCode::DefangedLink,
        format!(
            "the link is written defanged ({}), as links are shared so that nobody clicks them by accident; \
             it stands for {live}, which is what this report reads",
            text.trim()
        ),
        Some(live.clone()),
    ));
    report
        .warnings
        .sort_by_key(|w| std::cmp::Reverse(w.severity));
    report.max_severity = report.warnings.first().map(|w| w.severity);
    report
}

/// [`inspect_reading`] for a reading no longer needed: its URL moves into
/// the report instead of being copied. The findings are written into the
/// report's fields, not moved there.
fn report_of(reading: Reading<'_>, data: &Data) -> LinkReport {
    let mut report = LinkReport {
        input: reading.text().to_owned(),
        error: None,
        scheme_assumed: reading.scheme_assumed(),
        url: None,
        host: HostAnswer::default(),
        parser_differential: None,
        warnings: Vec::new(),
        max_severity: None,
        wrapped: None,
    };
    report.max_severity = inspect_into(
        &reading,
        data,
        Findings {
            host: &mut report.host,
            parser_differential: &mut report.parser_differential,
            warnings: &mut report.warnings,
            wrapped: &mut report.wrapped,
        },
    );
    match reading.into_url() {
        Ok(url) => report.url = Some(url),
        Err(e) => report.error = Some(e),
    }
    report
}

/// [`inspect_with`] for a text already read (with a base, say): the report
/// is built from that reading, without reading the text again, and its
/// [`host`](LinkReport::host) answer can be handed to a
/// [`WebAddress`](crate::WebAddress) of the same reading
/// ([`inspect_and_parse`] does both).
pub fn inspect_reading(reading: &Reading<'_>, data: &Data) -> LinkReport {
    let found = inspection_of(reading, data);
    let url = reading.url();
    LinkReport {
        input: reading.text().to_owned(),
        error: url.err().cloned(),
        scheme_assumed: reading.scheme_assumed(),
        url: url.ok().cloned(),
        host: found.host,
        parser_differential: found.parser_differential,
        warnings: found.warnings,
        max_severity: found.max_severity,
        wrapped: found.wrapped,
    }
}

/// What [`inspect_reading`] finds in a reading, without the copies of its
/// text and URL that a [`LinkReport`] keeps: for a program that keeps the
/// reading itself (a report built from it), and reads the URL's parts and
/// the host's answers there.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Inspection {
    /// The host's one answer (kind, lookup, Unicode form, display), as
    /// [`LinkReport::host`] gives it.
    pub host: HostAnswer,
    /// Where a parser that follows RFC 3986 reads another authority than
    /// the URL Standard.
    pub parser_differential: Option<ParserDifferential>,
    /// The warnings, most serious first.
    pub warnings: Vec<Warning>,
    /// The highest severity among the warnings.
    pub max_severity: Option<Severity>,
    /// The address behind a link wrapper, inspected
    /// ([`LinkReport::wrapped`]).
    pub wrapped: Option<Box<Wrapped>>,
}

/// The address behind `url` when it is a link wrapper of `data`, inspected;
/// its warnings are added to `warnings`, each saying it is about the
/// address behind the wrapper.
fn wrapped(
    url: &Url,
    host: &HostAnswer,
    data: &Data,
    warnings: &mut Vec<Warning>,
) -> Option<Box<Wrapped>> {
    let domain = url.domain()?;
    let registrable = host.answer(url).and_then(|a| a.registrable_domain());
    if !data.wrappers().serves(
        domain.strip_suffix('.').unwrap_or(domain),
        registrable,
        url.path(),
    ) {
        return None;
    }
    let found = crate::WebAddress::parse_with(url.as_str(), data)
        .ok()?
        .unwrapped(data)?;
    let target = found.target.url().as_str().to_owned();
    let report = inspect_with(&target, data);
    let vendor = found
        .wrappers
        .last()
        .map(|w| w.vendor.as_str())
        .unwrap_or_default();
    for w in &report.warnings {
        let mut w = w.clone();
        w.message = format!("behind the {vendor} wrapper, {target}: {}", w.message);
        w.position = None;
        warnings.push(w);
    }
    Some(Box::new(Wrapped {
        wrappers: found.wrappers,
        target,
        report,
    }))
}

/// The warnings and the host answer of [`inspect_reading`], without the
/// rest of its [`LinkReport`].
///
/// ```
/// use onecontact::inspect::{inspect_reading, inspection_of};
/// use onecontact::{Data, Reader};
///
/// let reading = Reader::new().read("https://www.paypal.com@198.51.100.7/x");
/// let found = inspection_of(&reading, &Data::baked());
/// let report = inspect_reading(&reading, &Data::baked());
/// assert_eq!(found.warnings, report.warnings);
/// assert_eq!(&found.host, report.host());
/// ```
pub fn inspection_of(reading: &Reading<'_>, data: &Data) -> Inspection {
    let mut found = Inspection::default();
    found.max_severity = inspect_into(
        reading,
        data,
        Findings {
            host: &mut found.host,
            parser_differential: &mut found.parser_differential,
            warnings: &mut found.warnings,
            wrapped: &mut found.wrapped,
        },
    );
    found
}

/// Where [`inspect_into`] writes what it finds: the fields of an
/// [`Inspection`] or of a [`LinkReport`], each empty before.
struct Findings<'f> {
    host: &'f mut HostAnswer,
    parser_differential: &'f mut Option<ParserDifferential>,
    warnings: &'f mut Vec<Warning>,
    wrapped: &'f mut Option<Box<Wrapped>>,
}

/// The findings of [`inspection_of`], written into `found`; the highest
/// severity among the warnings is returned.
fn inspect_into(reading: &Reading<'_>, data: &Data, found: Findings<'_>) -> Option<Severity> {
    let warnings = found.warnings;
    if let Some(authority) = authority_as_typed(reading) {
        let encoded = encoded_delimiters(authority);
        if !encoded.is_empty() {
            warnings.push(Warning::new(
                WarningCode::EncodedDelimiterInHost,
                format!(
                    "the address as typed has {} inside its host part ({authority}); encoded delimiters there are a \
                     deliberate attempt to mislead a parser or a reader",
                    encoded.join(", ")
                ),
                Some(authority.to_owned()),
            ));
        }
    }
    match reading.url() {
        Ok(url) => {
            let host = &mut *found.host;
            host.show(url, data);
            warnings.extend(scheme_warning(url.scheme()));
            userinfo_warnings(url, url.host_str().unwrap_or_default(), data, warnings);
            host_warnings(url, host, data, warnings);
            place_label_characters(reading, warnings);
            path_and_query_warnings(url, warnings);
            warnings.extend(spelled_host::spelled_host(reading, url));
            warnings.extend(length_warning(url.as_str()));
            typed_warnings(reading, url, host, warnings, found.parser_differential);
            *found.wrapped = wrapped(url, host, data, warnings);
        }
        Err(_) => {
            let scheme = reading
                .written(reading.spans().scheme.clone())
                .map(str::to_ascii_lowercase);
            if let Some(scheme) = &scheme {
                warnings.extend(scheme_warning(scheme));
            }
            warnings.extend(length_warning(reading.text()));
        }
    }
    warnings.sort_by_key(|w| std::cmp::Reverse(w.severity));
    warnings.first().map(|w| w.severity)
}

/// One reading of `text`, and both answers built from it: the
/// [`LinkReport`] and the [`WebAddress`](crate::WebAddress) (or why there is
/// none), with the host answered once.
///
/// ```
/// use onecontact::{Data, KeyVersion, WarningCode};
///
/// let (report, web) = onecontact::inspect::inspect_and_parse("https://www.paypal.com@198.51.100.7/x", &Data::baked());
/// assert!(report.has(WarningCode::UserinfoLooksLikeHost));
/// assert_eq!(web.unwrap().key(KeyVersion::V1), "198.51.100.7/x");
/// ```
pub fn inspect_and_parse(
    text: &str,
    data: &Data,
) -> (LinkReport, Result<crate::WebAddress, WebError>) {
    if crate::refang(text).is_some() {
        // A defanged link: the report reads the link it stands for (as
        // `inspect_with` does), the address is the text as written.
        return (
            inspect_with(text, data),
            crate::WebAddress::parse_with(text, data),
        );
    }
    let reading = Reader::new().read(text);
    let report = inspect_reading(&reading, data);
    let web = crate::WebAddress::from_reading_looked_up(reading, report.host(), data);
    (report, web)
}

#[cfg(feature = "serde")]
impl serde::Serialize for LinkReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("LinkReport", 16)?;
        s.serialize_field("input", &self.input)?;
        s.serialize_field("error", &self.error)?;
        s.serialize_field("scheme_assumed", &self.scheme_assumed)?;
        s.serialize_field("url", &self.url.as_ref().map(Url::as_str))?;
        s.serialize_field("scheme", &self.scheme())?;
        s.serialize_field("real_host", &self.real_host())?;
        s.serialize_field("host_kind", &self.host_kind())?;
        s.serialize_field("host_unicode", &self.host_unicode())?;
        s.serialize_field("display", &self.display())?;
        s.serialize_field("registrable_domain", &self.registrable_domain())?;
        s.serialize_field("public_suffix", &self.public_suffix())?;
        s.serialize_field("userinfo", &self.userinfo())?;
        s.serialize_field("parser_differential", &self.parser_differential)?;
        s.serialize_field("warnings", &self.warnings)?;
        s.serialize_field("max_severity", &self.max_severity)?;
        s.serialize_field("wrapped", &self.wrapped)?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authority_as_typed_comes_from_the_spans() {
        let at = |t| authority_as_typed(&Reader::new().read(t)).map(str::to_owned);
        assert_eq!(at("https://a%2Fb@c/x").as_deref(), Some("a%2Fb@c"));
        assert_eq!(at("a.example:81/x").as_deref(), Some("a.example:81"));
        assert_eq!(at("mailto:a@b"), None);
        assert_eq!(encoded_delimiters("paypal.com%2f@x"), ["%2F"]);
    }
}
