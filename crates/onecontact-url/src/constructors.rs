//! Ways to parse a [`Url`]: [`Url::parse`], [`Url::join`],
//! [`Url::parse_with_params`], [`Url::can_parse`], and [`ParseOptions`]
//! for a base, validation errors and input spans together.

use crate::parser;
use crate::spans::{Both, InputSpans};
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
        I::Item: std::borrow::Borrow<(K, V)>,
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
    /// false when `base` is given and does not parse. Input already in
    /// serialized form is checked without building a URL, and the base is
    /// then only checked, not built, when it is in serialized form too.
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
#[derive(Debug, Default)]
pub struct ParseOptions<'a> {
    base: Option<&'a Url>,
    sink: Option<&'a mut Vec<Validation>>,
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

    /// Parses `input` with these options.
    ///
    /// # Errors
    ///
    /// As [`Url::parse`].
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        match self.sink {
            Some(sink) => parser::parse(input, self.base, sink),
            None => parser::parse(input, self.base, &mut ()),
        }
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
    pub fn parse_with_spans(self, input: &str) -> Result<(Url, InputSpans), ParseError> {
        let mut spans = InputSpans::default();
        let url = self.parse_recording_spans(input, &mut spans)?;
        Ok((url, spans))
    }
}
