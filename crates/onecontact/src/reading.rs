//! One reading of the text a person pasted: trimming, whether the scheme
//! was written or assumed, one parse that records the input spans (and the
//! validation errors when asked), and the hardening limit. Everything else
//! in the crate — [`WebAddress`](crate::WebAddress), [`inspect`](crate::inspect())
//! and every report — is built from a [`Reading`].

use std::borrow::Cow;
use std::ops::Range;

use onecontact_url::{InputSpans, ParseError, Url, Validation};

use crate::detail::utf16_len;
use crate::error::{MAX_NON_ASCII_HOST_UTF16, Offset, WebError, failure_detail};
use crate::gigo::Gigo;
use crate::input;

/// What is put in front of a text whose scheme is not written.
const ASSUMED_PREFIX: &str = "https://";

/// Where the URL's scheme came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SchemeSource {
    /// The text starts with its scheme.
    Written,
    /// No scheme was written and `https://` was put in front (rule 1 of
    /// `docs/web.md`).
    Assumed,
    /// The text is a relative reference; the scheme is the base URL's.
    Base,
}

/// How to read a text: whether to assume `https://`, a base URL, and
/// whether to collect the URL Standard's non-fatal validation errors.
///
/// ```
/// use onecontact::Reader;
/// use onecontact_url::Url;
///
/// let base = Url::parse("https://example.com/docs/").unwrap();
/// let reading = Reader::new().base(Some(&base)).read("../guide");
/// assert_eq!(reading.url().unwrap().as_str(), "https://example.com/guide");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Reader<'b> {
    assume_https: bool,
    base: Option<&'b Url>,
    validation_errors: bool,
}

impl Default for Reader<'_> {
    fn default() -> Self {
        Reader::new()
    }
}

impl<'b> Reader<'b> {
    /// What is put in front of a text whose scheme is not written
    /// (`https://`).
    pub const ASSUMED_PREFIX: &'static str = ASSUMED_PREFIX;

    /// `https://` assumed when no scheme is written, no base, no
    /// validation errors collected (the reading of
    /// [`WebAddress::parse`](crate::WebAddress::parse)).
    pub fn new() -> Self {
        Reader {
            assume_https: true,
            base: None,
            validation_errors: false,
        }
    }

    /// Whether a text without a written scheme is read as `https://`
    /// followed by the text (on by default). With this off, the text goes to
    /// the URL parser as it is, which refuses `www.example.com` and reads
    /// `localhost:3000` as the scheme `localhost`.
    pub fn assume_https(mut self, on: bool) -> Self {
        self.assume_https = on;
        self
    }

    /// A base URL that relative references resolve against. With a base,
    /// nothing is assumed: a text without a scheme is a reference.
    pub fn base(mut self, base: Option<&'b Url>) -> Self {
        self.base = base;
        self
    }

    /// Collect the non-fatal validation errors (it costs a slower parse).
    pub fn validation_errors(mut self, on: bool) -> Self {
        self.validation_errors = on;
        self
    }

    /// Reads `text` (one parse).
    pub fn read<'a>(&self, text: &'a str) -> Reading<'a> {
        let mut spans = InputSpans::default();
        let mut validation = Vec::new();
        let (read, url) = self.read_into(text, &mut spans, &mut validation);
        Reading {
            given: read.given,
            lead: read.lead,
            text: read.text,
            scheme: read.scheme,
            prefix: read.prefix,
            url,
            spans,
            validation,
        }
    }

    /// The one reading of `text`: trimming, the scheme decision, the
    /// hardening check and the parse. The parse writes the spans into
    /// `spans` (left as they are when the text never reaches the parser)
    /// and, when asked for, the validation errors into `validation`; the
    /// caller owns both, so that one that keeps only part of them
    /// ([`WebAddress::parse`](crate::WebAddress::parse)) moves nothing it
    /// does not keep.
    #[inline(always)]
    pub(crate) fn read_into<'a>(
        &self,
        text: &'a str,
        spans: &mut InputSpans,
        validation: &mut Vec<Validation>,
    ) -> (Read<'a>, Result<Url, WebError>) {
        let (lead, trimmed) = input::trim(text);
        let read = |scheme: SchemeSource, prefix: &'static str| Read {
            given: text,
            lead,
            text: trimmed,
            scheme,
            prefix,
        };
        if trimmed.is_empty() && self.base.is_none() {
            return (read(SchemeSource::Written, ""), Err(WebError::Empty));
        }
        let written = input::scheme_is_written(trimmed);
        let mut prefix: &'static str = "";
        if self.base.is_none() && !written && self.assume_https {
            if looks_relative(trimmed) {
                let error = WebError::RelativeWithoutBase {
                    text: trimmed.to_owned(),
                };
                return (read(SchemeSource::Written, ""), Err(error));
            }
            prefix = if trimmed.starts_with("//") {
                "https:"
            } else {
                ASSUMED_PREFIX
            };
        }
        let scheme_assumed = !prefix.is_empty();
        let source: Cow<'_, str> = if scheme_assumed {
            Cow::Owned([prefix, trimmed].concat())
        } else {
            Cow::Borrowed(trimmed)
        };
        let options = Url::options().base_url(self.base);
        let result = if self.validation_errors {
            let out = options
                .validation_sink(validation)
                .parse_recording_spans(&source, spans);
            if scheme_assumed {
                // Nothing is reported inside the prefix; the rest moves back.
                validation.retain_mut(|v| match v.offset.checked_sub(prefix.len()) {
                    Some(offset) => {
                        v.offset = offset;
                        true
                    }
                    None => false,
                });
            }
            out
        } else {
            options.parse_recording_spans(&source, spans)
        };
        if scheme_assumed {
            shift(spans, prefix.len());
        }
        let scheme = if scheme_assumed {
            SchemeSource::Assumed
        } else if spans.scheme.is_none() && self.base.is_some() {
            SchemeSource::Base
        } else {
            SchemeSource::Written
        };
        match result {
            Ok(url) => (read(scheme, prefix), Ok(url)),
            Err(e) => (
                read(scheme, prefix),
                Err(failure(&e, text, lead, trimmed, prefix.len(), spans)),
            ),
        }
    }

    /// Whether `text` starts with what the URL parser reads as a scheme (an
    /// ASCII letter, then letters, digits, `+`, `-`, `.`, then `:`), as
    /// `localhost:3000` does: such a text read without the `https://`
    /// assumption has that scheme.
    ///
    /// ```
    /// use onecontact::Reader;
    ///
    /// assert!(Reader::starts_like_scheme("localhost:3000/x"));
    /// assert!(!Reader::starts_like_scheme("www.example.com/a:b"));
    /// assert!(!Reader::starts_like_scheme("3com:x"));
    /// ```
    pub fn starts_like_scheme(text: &str) -> bool {
        let Some(colon) = text.find(':') else {
            return false;
        };
        let name = text.get(..colon).unwrap_or_gigo();
        let mut bytes = name.bytes();
        bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
            && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    }

    /// Reads `text` as a base URL: as it is when it starts with a scheme the
    /// parser reads (a base is never given the `https://` assumption when it
    /// parses as a URL), otherwise with `https://` assumed when
    /// [`assume_https`](Self::assume_https) is on. One parse either way: a
    /// text that does not start with `scheme:` cannot parse without a base.
    pub fn read_base<'a>(&self, text: &'a str) -> Reading<'a> {
        let (_, trimmed) = input::trim(text);
        let reader = Reader {
            assume_https: self.assume_https && !Reader::starts_like_scheme(trimmed),
            base: None,
            validation_errors: self.validation_errors,
        };
        reader.read(text)
    }
}

/// Whether the trimmed text starts like a relative reference.
pub(crate) fn looks_relative(text: &str) -> bool {
    (text.starts_with('/') && !text.starts_with("//"))
        || text.starts_with('?')
        || text.starts_with('#')
        || text.starts_with("./")
        || text.starts_with("../")
        || text == "."
        || text == ".."
}

/// The [`WebError`] of a parse that failed with `e`: the text given, the
/// white space trimmed from its start (`lead` bytes), the trimmed text, the
/// length of the prefix put in front of it and the spans recorded.
#[cold]
#[inline(never)]
fn failure(
    e: &ParseError,
    text: &str,
    lead: usize,
    trimmed: &str,
    prefix_len: usize,
    spans: &InputSpans,
) -> WebError {
    let at = e.offset().saturating_sub(prefix_len);
    let host = spans.host.clone().and_then(|r| trimmed.get(r));
    match too_long_host(e, host) {
        Some(length) => WebError::HostTooLong {
            length,
            at: offset_in(text, lead + at),
        },
        None => WebError::Invalid {
            validation_error: e.kind(),
            at: offset_in(text, lead + at),
            detail: failure_detail(e, host, trimmed.get(at..).unwrap_or_gigo()),
        },
    }
}

/// `spans` moved back by the length of the assumed prefix (whose scheme
/// was never written).
fn shift(spans: &mut InputSpans, by: usize) {
    let back = |r: &mut Option<Range<usize>>| {
        *r = r
            .take()
            .and_then(|r| Some(r.start.checked_sub(by)?..r.end.checked_sub(by)?));
    };
    spans.scheme = None;
    back(&mut spans.userinfo);
    back(&mut spans.host);
    back(&mut spans.port);
    back(&mut spans.path);
    back(&mut spans.query);
    back(&mut spans.fragment);
}

/// What the reading decided before and around the parse: the text, where
/// the scheme came from and the prefix put in front of it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Read<'a> {
    pub(crate) given: &'a str,
    pub(crate) lead: usize,
    pub(crate) text: &'a str,
    pub(crate) scheme: SchemeSource,
    pub(crate) prefix: &'static str,
}

impl Read<'_> {
    /// The UTF-16 length of the white space trimmed from the start.
    pub(crate) fn lead_units(&self) -> usize {
        if self.lead == 0 {
            return 0;
        }
        self.given.get(..self.lead).map_or(0, utf16_len)
    }
}

/// What reading one text decided: the trimmed text, where its scheme came
/// from, the URL (or why there is none), where each component was written
/// and, when asked for, the non-fatal validation errors.
///
/// ```
/// use onecontact::{Reader, SchemeSource};
///
/// let reading = Reader::new().read("  Example.com:8080/a?b#c ");
/// assert_eq!(reading.text(), "Example.com:8080/a?b#c");
/// assert_eq!(reading.scheme_source(), SchemeSource::Assumed);
/// assert_eq!(reading.url().unwrap().as_str(), "https://example.com:8080/a?b#c");
/// assert_eq!(reading.written(reading.spans().host.clone()), Some("Example.com"));
/// assert_eq!(reading.offset(0).bytes, 2);
/// ```
#[derive(Debug, Clone)]
pub struct Reading<'a> {
    given: &'a str,
    lead: usize,
    text: &'a str,
    scheme: SchemeSource,
    prefix: &'static str,
    url: Result<Url, WebError>,
    spans: InputSpans,
    validation: Vec<Validation>,
}

impl<'a> Reading<'a> {
    /// The text as given.
    pub fn given(&self) -> &'a str {
        self.given
    }

    /// The text without the white space (and byte order mark) around it:
    /// what was read.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Where the scheme came from.
    pub fn scheme_source(&self) -> SchemeSource {
        self.scheme
    }

    /// Whether `https://` was assumed.
    pub fn scheme_assumed(&self) -> bool {
        self.scheme == SchemeSource::Assumed
    }

    /// What was put in front of the text before parsing (`https://`,
    /// `https:` before `//`, or nothing).
    pub fn prefix(&self) -> &'static str {
        self.prefix
    }

    /// The URL, or why the text is not one.
    pub fn url(&self) -> Result<&Url, &WebError> {
        self.url.as_ref()
    }

    /// The URL, or why the text is not one, by value.
    pub fn into_url(self) -> Result<Url, WebError> {
        self.url
    }

    /// The byte ranges of [`text`](Self::text) that produced each component
    /// (no scheme span when the scheme was assumed). After a failure, the
    /// spans of what was read before it (a host that failed has its span).
    pub fn spans(&self) -> &InputSpans {
        &self.spans
    }

    /// The part of [`text`](Self::text) a span covers.
    pub fn written(&self, span: Option<Range<usize>>) -> Option<&'a str> {
        span.and_then(|r| self.text.get(r))
    }

    /// The non-fatal validation errors, with byte offsets in
    /// [`text`](Self::text); empty unless
    /// [`Reader::validation_errors`] was on.
    pub fn validation_errors(&self) -> &[Validation] {
        &self.validation
    }

    /// A byte offset in [`text`](Self::text) as a place in the text as given.
    pub fn offset(&self, in_text: usize) -> Offset {
        offset_in(self.given, self.lead + in_text)
    }

    /// The reading taken apart: what it decided, the URL and the spans.
    pub(crate) fn into_parts(self) -> (Read<'a>, Result<Url, WebError>, InputSpans) {
        let read = Read {
            given: self.given,
            lead: self.lead,
            text: self.text,
            scheme: self.scheme,
            prefix: self.prefix,
        };
        (read, self.url, self.spans)
    }
}

/// The place `bytes` into `given`.
fn offset_in(given: &str, bytes: usize) -> Offset {
    Offset {
        bytes,
        utf16: given.get(..bytes).map_or(0, utf16_len),
    }
}

/// The hardening limit as the parser met it: when IDNA refused the host as
/// [`HostTooLong`](onecontact_idna::ErrorKind::HostTooLong) (a non-ASCII
/// host past [`MAX_NON_ASCII_HOST_UTF16`] UTF-16 code units, refused before
/// any Unicode processing), the host's length as the parser saw it:
/// percent-decoded, without tabs and newlines. `None` for other failures, and
/// for an ASCII host whose `xn--` labels decode past the limit, which stays a
/// `domain-to-ASCII` failure.
#[cold]
fn too_long_host(error: &ParseError, host: Option<&str>) -> Option<usize> {
    if error.idna_error() != Some(onecontact_idna::ErrorKind::HostTooLong) {
        return None;
    }
    let decoded = onecontact_url::percent_encoding::percent_decode(host?.as_bytes());
    let length = String::from_utf8_lossy(&decoded)
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .map(char::len_utf16)
        .sum::<usize>();
    (length > MAX_NON_ASCII_HOST_UTF16).then_some(length)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_shapes() {
        for text in ["/a", "?q", "#f", "../x", "./x", ".."] {
            assert!(looks_relative(text), "{text}");
        }
        for text in ["//cdn.example/x", "example.com", "a/b"] {
            assert!(!looks_relative(text), "{text}");
        }
    }

    #[test]
    fn scheme_like_starts() {
        assert!(Reader::starts_like_scheme("localhost:3000/api"));
        assert!(Reader::starts_like_scheme("a:b"));
        assert!(!Reader::starts_like_scheme("1host:3000"));
        assert!(!Reader::starts_like_scheme("example.com/a:b"));
    }

    #[test]
    fn one_reading_holds_spans_and_offsets() {
        let r = Reader::new().read("\u{feff} exämple.com:81/p?q#f");
        assert!(r.scheme_assumed());
        assert_eq!(r.text(), "exämple.com:81/p?q#f");
        assert_eq!(r.written(r.spans().host.clone()), Some("exämple.com"));
        assert_eq!(r.written(r.spans().port.clone()), Some("81"));
        assert_eq!(r.spans().scheme, None);
        // BOM (3 bytes, 1 unit) and a space.
        assert_eq!(r.offset(0), Offset { bytes: 4, utf16: 2 });
        assert_eq!(r.offset(2).utf16, 4);
        assert_eq!(r.offset(4), Offset { bytes: 8, utf16: 5 });
    }

    #[test]
    fn failures_carry_place_and_detail() {
        let r = Reader::new().read("  a.com:99999");
        let e = r.url().unwrap_err();
        assert_eq!(e.code(), "web.invalid-port");
        assert_eq!(e.offset().bytes, 8);
        assert!(e.to_string().contains("99999"), "{e}");
        let r = Reader::new().read("https://bank.example%2Flogin.evil.example/");
        assert_eq!(
            r.written(r.spans().host.clone()),
            Some("bank.example%2Flogin.evil.example")
        );
        assert_eq!(Reader::new().read(" ").url().unwrap_err(), &WebError::Empty);
        assert_eq!(
            Reader::new().read("/a").url().unwrap_err().code(),
            "web.invalid-url"
        );
    }

    #[test]
    fn validation_errors_only_when_asked() {
        let text = "https:\\\\user@example.com";
        assert!(Reader::new().read(text).validation_errors().is_empty());
        let r = Reader::new().validation_errors(true).read(text);
        assert!(!r.validation_errors().is_empty());
    }

    #[test]
    fn a_base_that_parses_is_read_as_it_is() {
        let r = Reader::new().read_base("a:b");
        assert_eq!(r.url().unwrap().as_str(), "a:b");
        let r = Reader::new().read_base("example.com/x");
        assert_eq!(r.url().unwrap().as_str(), "https://example.com/x");
        let r = Reader::new().assume_https(false).read_base("example.com/x");
        assert!(r.url().is_err());
    }
}
