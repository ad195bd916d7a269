//! [`WebAddress`]: parsing, canonical form, key, facts and offsets.

use std::ops::Range;

use onecontact_psl::List;
use onecontact_url::{Host, InputSpans, Url};

use crate::detail::{Field, ParseDetail, Spans, utf16_len};
use crate::error::{MAX_NON_ASCII_HOST_UTF16, WebError};
use crate::facts::{WebFact, WebFacts, WebFlags};
use crate::input;
use crate::key::{self, KeyParts, KeyVersion};
use crate::social::{self, SocialProfile};
use crate::tracking;

/// What is put in front of a text whose scheme is not written.
const ASSUMED: &str = "https://";

/// A parsed web address: the URL a browser would build from the text, its
/// canonical form, facts about it and where its parts were written.
///
/// ```
/// use onecontact::{KeyVersion, WebAddress};
///
/// let a = WebAddress::parse("https://www.Example.com/About/?b=2&a=1&fbclid=x")?;
/// let b = WebAddress::parse("example.com/about?a=1&b=2")?;
/// assert_eq!(a.canonical(), "https://www.example.com/About/?b=2&a=1");
/// assert_eq!(a.key(KeyVersion::V1), b.key(KeyVersion::V1));
/// # Ok::<(), onecontact::WebError>(())
/// ```
#[derive(Debug, Clone)]
pub struct WebAddress {
    url: Url,
    /// The canonical form when it is not a prefix of the URL's serialization
    /// (tracking parameters were removed).
    canonical: Option<Box<str>>,
    /// The canonical form's length when it is a prefix of the serialization.
    canonical_len: usize,
    flags: WebFlags,
    /// Byte ranges, in the serialization, of removed tracking parameters' names.
    removed: Vec<Range<usize>>,
    /// The input without the white space around it, kept to find field
    /// spans on demand ([`WebAddress::detail`]): parsing with spans costs
    /// several times a plain parse, and most callers never ask. `None` when
    /// the URL's serialization is that text (with `https://` in front when
    /// the scheme was assumed), which is the common case.
    trimmed: Option<Box<str>>,
    /// The UTF-16 length of the white space trimmed from the start.
    lead_units: usize,
    /// What kind of host the URL has, looked up once.
    host: HostClass,
}

/// The host kinds the key and the social-profile shapes tell apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HostClass {
    /// The URL has no host (`mailto:a@b`).
    Null,
    /// A domain.
    Domain,
    /// An IP address, an opaque host or the empty host.
    Other,
}

impl WebAddress {
    /// Parses `text` as a web address.
    ///
    /// White space around the text is ignored. When no scheme is written
    /// (see the crate documentation for what counts as written), `https://`
    /// is assumed and [`WebFact::SchemeAssumed`] is set, so
    /// `localhost:3000/x` is the host `localhost` with port 3000.
    ///
    /// # Errors
    ///
    /// A [`WebError`] whose [`code`](WebError::code) is `web.host-missing`,
    /// `web.invalid-host`, `web.invalid-port` or `web.invalid-url`.
    pub fn parse(text: &str) -> Result<WebAddress, WebError> {
        let (lead, trimmed) = input::trim(text);
        let written = input::scheme_is_written(trimmed);
        if let Some(length) = long_non_ascii_host(trimmed, written) {
            return Err(WebError::HostTooLong { length });
        }
        let parsed = if written {
            Url::parse(trimmed)
        } else {
            Url::parse(&[ASSUMED, trimmed].concat())
        };
        let url = parsed.map_err(|e| WebError::from_validation_error(e.kind().name()))?;
        let lead_units = text.get(..lead).map_or(0, utf16_len);
        Ok(WebAddress::build(url, !written, trimmed, lead_units))
    }

    fn build(url: Url, scheme_assumed: bool, trimmed: &str, lead_units: usize) -> WebAddress {
        let mut flags = WebFlags::empty();
        flags.set(WebFact::SchemeAssumed, scheme_assumed);
        let host = url.host();
        let host_class = match host {
            None => HostClass::Null,
            Some(Host::Domain(_)) => HostClass::Domain,
            Some(_) => HostClass::Other,
        };
        flags.set(
            WebFact::IpHost,
            matches!(host, Some(Host::Ipv4(_) | Host::Ipv6(_))),
        );
        flags.set(
            WebFact::InternationalizedDomain,
            matches!(host, Some(Host::Domain(_)))
                && has_xn_label(url.host_str().unwrap_or_default()),
        );
        flags.set(
            WebFact::NonWebScheme,
            !matches!(url.scheme(), "http" | "https"),
        );
        flags.set(
            WebFact::HasCredentials,
            !url.username().is_empty() || url.password().is_some(),
        );
        let href = url.as_str();
        let same_text = if scheme_assumed {
            href.strip_prefix(ASSUMED) == Some(trimmed)
        } else {
            href == trimmed
        };
        let mut end = href.len();
        if let Some(fragment) = url.fragment() {
            flags.insert(WebFact::FragmentRemoved);
            end = end.saturating_sub(fragment.len() + 1);
        }
        let mut removed = Vec::new();
        let mut canonical = None;
        if let Some(query) = url.query() {
            let query_start = end.saturating_sub(query.len());
            if let Some(kept) = tracking::strip(query, &mut removed) {
                flags.insert(WebFact::TrackingParametersRemoved);
                for range in &mut removed {
                    *range = range.start + query_start..range.end + query_start;
                }
                // Without the `?` when nothing is left.
                let before = href
                    .get(..query_start.saturating_sub(1))
                    .unwrap_or_default();
                let mut text = String::with_capacity(before.len() + 1 + kept.len());
                text.push_str(before);
                if !kept.is_empty() {
                    text.push('?');
                    text.push_str(&kept);
                }
                canonical = Some(text.into_boxed_str());
            }
        }
        WebAddress {
            url,
            canonical,
            canonical_len: end,
            flags,
            removed,
            trimmed: (!same_text).then(|| trimmed.into()),
            lead_units,
            host: host_class,
        }
    }

    /// The URL the text parsed to (what a browser would build), with the
    /// fragment and tracking parameters still in it.
    pub fn url(&self) -> &Url {
        &self.url
    }

    /// Consumes the address and returns its URL.
    pub fn into_url(self) -> Url {
        self.url
    }

    /// The canonical form: the URL's serialization with the host processed
    /// (internationalized names in `xn--` form, IPv4 in dotted decimal, IPv6
    /// compressed), the default port left out, tracking parameters removed
    /// (a query left empty by that goes with its `?`) and the fragment
    /// removed. Everything else stays as written.
    pub fn canonical(&self) -> &str {
        match &self.canonical {
            Some(text) => text,
            None => self
                .url
                .as_str()
                .get(..self.canonical_len)
                .unwrap_or_default(),
        }
    }

    /// The query of the canonical form, without `?`.
    ///
    /// No part before the query can hold a `?` (the serializer escapes it in
    /// credentials and paths), so the first `?` starts the query.
    fn canonical_query(&self) -> Option<&str> {
        match &self.canonical {
            // Only the fragment (which follows the query) may have gone.
            None => self.url.query(),
            Some(canonical) => canonical.find('?').and_then(|q| canonical.get(q + 1..)),
        }
    }

    /// The comparison key in the format of `version`: equal for addresses of
    /// the same page of the same organization. A version's format never
    /// changes.
    ///
    /// ```
    /// use onecontact::{KeyVersion, WebAddress};
    ///
    /// let key = |t| WebAddress::parse(t).unwrap().key(KeyVersion::V1);
    /// assert_eq!(key("https://m.example.com/index.html"), "example.com");
    /// assert_eq!(key("http://user:pw@EXAMPLE.com:80/#x"), "example.com");
    /// assert_eq!(key("mailto:Info@Example.com"), "mailto:info@example.com");
    /// ```
    pub fn key(&self, version: KeyVersion) -> String {
        match version {
            KeyVersion::V1 => self.key_v1(List::baked()),
        }
    }

    /// [`key`](Self::key) version 1 with another Public Suffix List.
    pub fn key_v1_with_list(&self, list: &List) -> String {
        self.key_v1(list)
    }

    fn key_v1(&self, list: &List) -> String {
        let url = &self.url;

        let parts = KeyParts {
            scheme: url.scheme(),
            host: (self.host != HostClass::Null).then(|| url.host_str().unwrap_or_default()),
            host_is_domain: self.host == HostClass::Domain,
            port: onecontact_url::quirks::port(url),
            path: url.path(),
            opaque_path: url.has_opaque_path(),
            query: self.canonical_query(),
        };
        key::key_v1(&parts, |domain| list.registrable_domain(domain))
    }

    /// The facts that hold for this address.
    pub fn flags(&self) -> WebFlags {
        self.flags
    }

    /// The facts and, when the address has one, its social-profile shape.
    pub fn facts(&self) -> WebFacts {
        WebFacts {
            flags: self.flags,
            social_profile: self.social_profile(),
        }
    }

    /// Whether the address is a website (`http` or `https`). Parsing accepts
    /// any URL, including `javascript:` and `data:`; check this before using
    /// the value as a link.
    pub fn is_website(&self) -> bool {
        !self.flags.contains(WebFact::NonWebScheme)
    }

    /// The social-network profile this address has the shape of, if any.
    pub fn social_profile(&self) -> Option<SocialProfile> {
        let url = &self.url;
        if self.host != HostClass::Domain {
            return None;
        }
        social::match_profile(
            url.scheme(),
            url.host_str().unwrap_or_default(),
            url.path(),
            url.query(),
        )
    }

    /// The names of the tracking parameters the canonical form removed, as
    /// written in the URL, in order.
    pub fn removed_tracking_parameters(&self) -> impl Iterator<Item = &str> + '_ {
        let href = self.url.as_str();
        self.removed.iter().filter_map(move |r| href.get(r.clone()))
    }

    /// Where each part was written in the input: spans in UTF-16 code units
    /// of the text given to [`parse`](Self::parse), before trimming.
    ///
    /// The spans are found by parsing the input again with the URL parser's
    /// span observer (the result is the same URL), so call this only when the
    /// offsets are needed.
    pub fn detail(&self) -> ParseDetail {
        let written = !self.flags.contains(WebFact::SchemeAssumed);
        let href = self.url.as_str();
        let (text, parsed) = match (&self.trimmed, written) {
            (Some(text), true) => (&**text, Url::options().parse_with_spans(text)),
            (Some(text), false) => (
                &**text,
                Url::options().parse_with_spans(&[ASSUMED, text].concat()),
            ),
            // The text was the serialization itself.
            (None, true) => (href, Url::options().parse_with_spans(href)),
            (None, false) => (
                href.get(ASSUMED.len()..).unwrap_or_default(),
                Url::options().parse_with_spans(href),
            ),
        };
        let Ok((_, spans)) = parsed else {
            // Not reached: the same text parsed before.
            return ParseDetail::default();
        };
        let shift = if written {
            0
        } else {
            -(ASSUMED.len() as isize)
        };
        byte_spans(&spans, written, shift)
            .bytes_to_utf16(text)
            .detail(self.lead_units)
    }
}

impl std::str::FromStr for WebAddress {
    type Err = WebError;

    fn from_str(text: &str) -> Result<WebAddress, WebError> {
        WebAddress::parse(text)
    }
}

impl std::fmt::Display for WebAddress {
    /// Writes the canonical form.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.canonical())
    }
}

/// Whether some label of `host` starts with `xn--` (ASCII case ignored;
/// a serialized domain is lowercase anyway).
fn has_xn_label(host: &str) -> bool {
    let bytes = host.as_bytes();
    let mut from = 0usize;
    // Look at each `x`/`X` only.
    while let Some(at) = bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|&b| (b | 0x20) == b'x'))
    {
        let i = from + at;
        let label_start = i == 0 || bytes.get(i - 1) == Some(&b'.');
        if label_start
            && bytes
                .get(i..i + 4)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"xn--"))
        {
            return true;
        }
        from = i + 1;
    }
    false
}

/// The field spans from the parser's byte ranges, moved by `offset_fix`
/// (minus the assumed prefix's length) into the trimmed input.
fn byte_spans(spans: &InputSpans, written: bool, offset_fix: isize) -> Spans {
    let mut out = Spans::default();
    let mut put = |field: Field, range: &Option<Range<usize>>| {
        if let Some(r) = range {
            let start = r.start as isize + offset_fix;
            let end = r.end as isize + offset_fix;
            if start >= 0 && end >= start {
                out.set(field, start as usize, end as usize);
            }
        }
    };
    if written {
        put(Field::Scheme, &spans.scheme);
    }
    put(Field::Host, &spans.host);
    put(Field::Port, &spans.port);
    put(Field::Path, &spans.path);
    put(Field::Query, &spans.query);
    put(Field::Fragment, &spans.fragment);
    out
}

/// The hardening check: when the text's host (as the parser will see it,
/// percent-decoded) is not ASCII and longer than
/// [`MAX_NON_ASCII_HOST_UTF16`] UTF-16 code units, its length.
fn long_non_ascii_host(text: &str, written: bool) -> Option<usize> {
    // A host fits in the text, and UTF-16 never takes more units than UTF-8
    // takes bytes: short texts cannot hold a long host.
    if text.len() <= MAX_NON_ASCII_HOST_UTF16 {
        return None;
    }
    let host = host_text(text, written)?;
    let decoded = onecontact_url::percent_encoding::percent_decode(host.as_bytes());
    let decoded = String::from_utf8_lossy(&decoded);
    if decoded.is_ascii() {
        return None;
    }
    let length = decoded
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .map(char::len_utf16)
        .sum::<usize>();
    (length > MAX_NON_ASCII_HOST_UTF16).then_some(length)
}

/// The part of `text` the parser will read as the host (with the port, if
/// any), found the way the URL parser's authority states find it; `None` when
/// the text has no authority.
fn host_text(text: &str, written: bool) -> Option<&str> {
    let (special, after_scheme) = if written {
        let colon = text.find(':')?;
        let scheme = text.get(..colon)?;
        let scheme: String = scheme
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .map(|c| c.to_ascii_lowercase())
            .collect();
        (
            input::SPECIAL_SCHEMES.contains(&scheme.as_str()),
            text.get(colon + 1..)?,
        )
    } else {
        (true, text)
    };
    let is_slash = |c: char| c == '/' || (special && c == '\\') || matches!(c, '\t' | '\n' | '\r');
    let authority = if special {
        after_scheme.trim_start_matches(is_slash)
    } else {
        let rest = after_scheme.trim_start_matches(['\t', '\n', '\r']);
        let rest = rest
            .strip_prefix('/')?
            .trim_start_matches(['\t', '\n', '\r']);
        rest.strip_prefix('/')?
    };
    let end = authority
        .find(|c: char| matches!(c, '/' | '?' | '#') || (special && c == '\\'))
        .unwrap_or(authority.len());
    let authority = authority.get(..end)?;
    let host = authority
        .rfind('@')
        .map_or(authority, |at| authority.get(at + 1..).unwrap_or_default());
    Some(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_text_finds_the_authority() {
        assert_eq!(host_text("https://u:p@h.com:1/x", true), Some("h.com:1"));
        assert_eq!(host_text("http:\\\\h.com\\x", true), Some("h.com"));
        assert_eq!(host_text("h.com/x?y", false), Some("h.com"));
        assert_eq!(host_text("foo://h/x", true), Some("h"));
        assert_eq!(host_text("mailto:a@b", true), None);
        assert_eq!(host_text("foo://h\\x", true), Some("h\\x"));
    }

    #[test]
    fn xn_labels() {
        assert!(has_xn_label("xn--nxasmq6b.com"));
        assert!(has_xn_label("a.XN--p1ai"));
        assert!(!has_xn_label("axn--b.com"));
        assert!(!has_xn_label("xn-.com"));
        assert!(has_xn_label("x.xx.xn--a"));
        assert!(!has_xn_label("x.xxn--a.x"));
        assert!(!has_xn_label("xn-"));
        assert!(!has_xn_label(""));
    }
}
