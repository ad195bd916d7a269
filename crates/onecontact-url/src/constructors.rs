//! Ways to parse a [`Url`]: [`Url::parse`], [`Url::join`],
//! [`Url::parse_with_params`], [`Url::can_parse`], and [`ParseOptions`]
//! for a base, validation errors and input spans together.

use crate::form_urlencoded::EncodingOverride;
use crate::parser;
use crate::percent_encoding::push_percent_encoded_byte;
use crate::prelude::*;
use crate::spans::{Both, InputSpans};
use crate::syntax_violation::SyntaxViolation;
use crate::url::Url;
use crate::validation::{ParseError, Validation};

impl Url {
    /// Parses an absolute URL (the Standard's URL parser without a base).
    ///
    /// ```
    /// let url = onecontact_url::Url::parse("HTTPS://Example.COM:443/a/../b?q#f").unwrap();
    /// assert_eq!(url.as_str(), "https://example.com/b?q#f");
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseError`]: the validation error that made parsing fail, and where.
    #[inline]
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        parser::parse(input, None, &mut ())
    }

    /// Parses `input`, then appends `pairs` to its query, form-urlencoded.
    ///
    /// ```
    /// let url = onecontact_url::Url::parse_with_params("https://example.com/?a=1", [("q", "x y")])?;
    /// assert_eq!(url.as_str(), "https://example.com/?a=1&q=x+y");
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Url::parse`].
    pub fn parse_with_params<I, K, V>(input: &str, pairs: I) -> Result<Url, ParseError>
    where
        I: IntoIterator,
        I::Item: alloc::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Url::parse(input)?;
        url.query_pairs_mut().extend_pairs(pairs);
        Ok(url)
    }

    /// Resolves `input` against this URL (the URL parser with `self` as the
    /// base): relative references, or absolute URLs that replace it.
    ///
    /// ```
    /// use onecontact_url::Url;
    /// let base = Url::parse("https://example.com/a/b").unwrap();
    /// assert_eq!(base.join("../c?x").unwrap().as_str(), "https://example.com/c?x");
    /// assert_eq!(base.join("//other.example/").unwrap().as_str(), "https://other.example/");
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Url::parse`].
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        parser::parse(input, Some(self), &mut ())
    }

    /// Whether `input` parses against `base` (JavaScript's `URL.canParse`):
    /// false when `base` is given and does not parse; always the same
    /// answer as `Url::parse(base)` + [`Url::join`]`(input)` succeeding.
    /// Nothing is built: each text is checked as far as its authority (a
    /// path, a query or a fragment cannot make a parse fail), and only a
    /// host outside ASCII or holding a `%` goes through the host parser's
    /// output. Texts longer than 16 MiB together are parsed in full.
    ///
    /// ```
    /// use onecontact_url::Url;
    /// assert!(Url::can_parse("https://example.com/", None));
    /// assert!(Url::can_parse("../x", Some("https://example.com/a/b")));
    /// assert!(!Url::can_parse("../x", None));
    /// assert!(!Url::can_parse("https://example.com/", Some("not a base")));
    /// ```
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        parser::can_parse(input, base)
    }

    /// A [`ParseOptions`] builder: a base URL, a sink for non-fatal
    /// validation errors, input spans.
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions::default()
    }
}

/// Options for parsing: a base URL and a sink for non-fatal validation
/// errors; [`ParseOptions::parse_with_spans`] also reports which bytes of the
/// input produced each component.
///
/// ```
/// use onecontact_url::Url;
/// let base = Url::parse("https://example.com/dir/").unwrap();
/// let mut errors = Vec::new();
/// let url = Url::options().base_url(Some(&base)).validation_sink(&mut errors).parse("x y").unwrap();
/// assert_eq!(url.as_str(), "https://example.com/dir/x%20y");
/// assert_eq!(errors[0].kind.name(), "invalid-URL-unit");
/// ```
#[derive(Default)]
pub struct ParseOptions<'a> {
    base: Option<&'a Url>,
    sink: Option<&'a mut Vec<Validation>>,
    violation_fn: Option<&'a dyn Fn(SyntaxViolation)>,
    encoding: EncodingOverride<'a>,
}

impl core::fmt::Debug for ParseOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ParseOptions")
            .field("base", &self.base)
            .field("sink", &self.sink)
            .field("syntax_violation_callback", &self.violation_fn.is_some())
            .field("encoding_override", &self.encoding.is_some())
            .finish()
    }
}

impl<'a> ParseOptions<'a> {
    /// Resolve relative input against `base`.
    pub fn base_url(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }

    /// Append non-fatal validation errors (each with its byte offset in the
    /// input) to `sink`.
    ///
    /// ```
    /// let mut errors = Vec::new();
    /// let url = onecontact_url::Url::options()
    ///     .validation_sink(&mut errors)
    ///     .parse("https:\\\\user@example.com")?;
    /// assert_eq!(url.as_str(), "https://user@example.com/");
    /// let names: Vec<&str> = errors.iter().map(|e| e.kind.name()).collect();
    /// assert!(names.contains(&"invalid-credentials"));
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn validation_sink(mut self, sink: &'a mut Vec<Validation>) -> Self {
        self.sink = Some(sink);
        self
    }

    /// The `url` crate's way to hear of non-fatal validation errors: `f` is
    /// called with each one that has a [`SyntaxViolation`] name, in input
    /// order. [`ParseOptions::validation_sink`] gives all of them, with the
    /// Standard's names and offsets.
    ///
    /// ```
    /// use onecontact_url::{SyntaxViolation, Url};
    /// use std::cell::RefCell;
    ///
    /// let violations = RefCell::new(Vec::new());
    /// let url = Url::options()
    ///     .syntax_violation_callback(Some(&|v| violations.borrow_mut().push(v)))
    ///     .parse("https:\\\\example.com\\a")?;
    /// assert_eq!(url.as_str(), "https://example.com/a");
    /// assert!(violations.into_inner().contains(&SyntaxViolation::Backslash));
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn syntax_violation_callback(mut self, new: Option<&'a dyn Fn(SyntaxViolation)>) -> Self {
        self.violation_fn = new;
        self
    }

    /// The `url` crate's query encoding: for a special URL other than `ws:`
    /// and `wss:`, the query that the input writes is encoded with `new`
    /// before it is percent-encoded, as the Standard does for an HTML
    /// document in a legacy encoding. `None` is UTF-8.
    ///
    /// ```
    /// use std::borrow::Cow;
    ///
    /// // Latin-1 for the code points it has.
    /// fn latin1(s: &str) -> Cow<'_, [u8]> {
    ///     Cow::Owned(s.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect())
    /// }
    /// let url = onecontact_url::Url::options()
    ///     .encoding_override(Some(&latin1))
    ///     .parse("https://example.com/é?q=é")?;
    /// assert_eq!(url.as_str(), "https://example.com/%C3%A9?q=%E9");
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn encoding_override(mut self, new: EncodingOverride<'a>) -> Self {
        self.encoding = new;
        self
    }

    /// Parses `input` with these options.
    ///
    /// # Errors
    ///
    /// As [`Url::parse`].
    // `#[inline]` here and below: the parser instances that report
    // validation errors or spans are compiled in the crates that call these,
    // not in every program that only parses.
    #[inline]
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        if self.violation_fn.is_some() || self.encoding.is_some() {
            return self.parse_for_url_crate(input);
        }
        match self.sink {
            Some(sink) => parser::parse(input, self.base, sink),
            None => parser::parse(input, self.base, &mut ()),
        }
    }

    /// [`ParseOptions::parse`] with a violation callback or an encoding.
    #[inline]
    fn parse_for_url_crate(self, input: &str) -> Result<Url, ParseError> {
        let mut own = Vec::new();
        let (errors, start) = match self.sink {
            Some(sink) => {
                let start = sink.len();
                (sink, start)
            }
            None => (&mut own, 0),
        };
        let mut spans = InputSpans::default();
        let result = {
            let mut both = Both {
                spans: &mut spans,
                errors: &mut *errors,
            };
            parser::parse(input, self.base, &mut both)
        };
        if let Some(callback) = self.violation_fn {
            for v in errors.get(start..).unwrap_or_default() {
                if let Some(violation) = SyntaxViolation::of(v, input) {
                    callback(violation);
                }
            }
        }
        let mut url = result?;
        if let Some(encode) = self.encoding
            && url.is_special()
            && !matches!(url.scheme(), "ws" | "wss")
            && let Some(written) = spans.query.and_then(|range| input.get(range))
        {
            // The query state's steps on what the input wrote (tabs and
            // newlines removed): encode, then percent-encode every byte that is
            // not ASCII; the setter percent-encodes the ASCII ones of the
            // query set.
            let text: String = written
                .chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                .collect();
            let mut query = String::with_capacity(text.len());
            for &byte in encode(&text).iter() {
                if byte.is_ascii() {
                    query.push(char::from(byte));
                } else {
                    push_percent_encoded_byte(&mut query, byte);
                }
            }
            // Only a URL past 4 GiB is refused; it then keeps its UTF-8 query.
            let _ = url.set_query(Some(&query));
        }
        Ok(url)
    }

    /// Parses `input` with these options and writes the input spans into
    /// `spans` also when parsing fails: the spans of the components read
    /// before the failure (a host that fails to parse has its span), so that
    /// a caller can say where the failing part was written. Every span is
    /// written over; a component that was not read is `None`. The caller
    /// owns the spans, so nothing is moved out of the parse.
    ///
    /// ```
    /// let mut spans = onecontact_url::InputSpans::default();
    /// let result = onecontact_url::Url::options().parse_recording_spans("https://ex ample.com/", &mut spans);
    /// assert_eq!(result.unwrap_err().kind().name(), "domain-invalid-code-point");
    /// assert_eq!(spans.host, Some(8..20));
    /// ```
    #[inline]
    pub fn parse_recording_spans(
        self,
        input: &str,
        spans: &mut InputSpans,
    ) -> Result<Url, ParseError> {
        *spans = InputSpans::default();
        match self.sink {
            Some(sink) => {
                let mut both = Both {
                    spans,
                    errors: sink,
                };
                parser::parse(input, self.base, &mut both)
            }
            None => parser::parse(input, self.base, spans),
        }
    }

    /// Parses `input` with these options and also returns the input spans.
    ///
    /// ```
    /// let (url, spans) = onecontact_url::Url::options().parse_with_spans(" https://h.example:81/p?q#f")?;
    /// assert_eq!(url.port(), Some(81));
    /// assert_eq!(spans.host, Some(9..18));
    /// assert_eq!(spans.port, Some(19..21));
    /// assert_eq!(spans.query, Some(24..25));
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Url::parse`].
    #[inline]
    pub fn parse_with_spans(self, input: &str) -> Result<(Url, InputSpans), ParseError> {
        let mut spans = InputSpans::default();
        let url = self.parse_recording_spans(input, &mut spans)?;
        Ok((url, spans))
    }
}
