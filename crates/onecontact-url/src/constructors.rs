//! Ways to parse a [`Url`]: plain, against a base, collecting validation
//! errors, recording input spans, and [`ParseOptions`] combining them.

use crate::parser;
use crate::spans::{Both, InputSpans};
use crate::url::Url;
use crate::validation::{ParseError, Validation};

impl Url {
    /// Parses an absolute URL (the Standard's URL parser without a base).
    ///
    /// ```
    /// let url = onecontact_url::Url::parse("HTTPS://Example.COM:443/a/../b?q#f").unwrap();
    /// assert_eq!(url.href(), "https://example.com/b?q#f");
    /// ```
    #[inline]
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        parser::parse(input, None, &mut ())
    }

    /// Parses `input`, resolving it against `base` when it is relative.
    ///
    /// ```
    /// use onecontact_url::Url;
    /// let base = Url::parse("https://example.com/a/b").unwrap();
    /// assert_eq!(Url::parse_with_base("../c?x", &base).unwrap().href(), "https://example.com/c?x");
    /// ```
    #[inline]
    pub fn parse_with_base(input: &str, base: &Url) -> Result<Url, ParseError> {
        parser::parse(input, Some(base), &mut ())
    }

    /// Parses against an optional base.
    #[inline]
    pub fn parse_with_optional_base(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        parser::parse(input, base, &mut ())
    }

    /// Resolves `input` against this URL: [`Url::parse_with_base`] with
    /// `self` as the base.
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        parser::parse(input, Some(self), &mut ())
    }

    /// Whether `input` parses (the JavaScript `URL.canParse`). Input already
    /// in serialized form is checked without building the URL.
    pub fn can_parse(input: &str, base: Option<&Url>) -> bool {
        parser::can_parse(input, base)
    }

    /// Parses like [`Url::parse_with_optional_base`], also appending every
    /// non-fatal validation error (with its byte offset in `input`) to `errors`.
    ///
    /// ```
    /// let mut errors = Vec::new();
    /// let url = onecontact_url::Url::parse_with_errors("https:\\\\user@example.com", None, &mut errors).unwrap();
    /// assert_eq!(url.href(), "https://user@example.com/");
    /// let names: Vec<&str> = errors.iter().map(|e| e.kind.name()).collect();
    /// assert!(names.contains(&"invalid-credentials"));
    /// ```
    pub fn parse_with_errors(
        input: &str,
        base: Option<&Url>,
        errors: &mut Vec<Validation>,
    ) -> Result<Url, ParseError> {
        parser::parse(input, base, errors)
    }

    /// Parses `input` and reports which bytes of it produced each component.
    ///
    /// ```
    /// let (url, spans) = onecontact_url::Url::parse_with_spans(" https://h.example:81/p?q#f").unwrap();
    /// assert_eq!(url.port(), "81");
    /// assert_eq!(spans.host, Some(9..18));
    /// assert_eq!(spans.port, Some(19..21));
    /// assert_eq!(spans.query, Some(24..25));
    /// ```
    pub fn parse_with_spans(input: &str) -> Result<(Url, InputSpans), ParseError> {
        let mut spans = InputSpans::default();
        let url = parser::parse(input, None, &mut spans)?;
        Ok((url, spans))
    }

    /// A [`ParseOptions`] builder.
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions::default()
    }
}

/// Options for parsing: a base URL and a sink for validation errors.
///
/// ```
/// use onecontact_url::Url;
/// let base = Url::parse("https://example.com/dir/").unwrap();
/// let mut errors = Vec::new();
/// let url = Url::options().base(Some(&base)).validation_sink(&mut errors).parse("x y").unwrap();
/// assert_eq!(url.href(), "https://example.com/dir/x%20y");
/// assert_eq!(errors[0].kind.name(), "invalid-URL-unit");
/// ```
#[derive(Debug, Default)]
pub struct ParseOptions<'a> {
    base: Option<&'a Url>,
    sink: Option<&'a mut Vec<Validation>>,
}

impl<'a> ParseOptions<'a> {
    /// Resolve relative input against `base`.
    pub fn base(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }

    /// Append non-fatal validation errors to `sink`.
    pub fn validation_sink(mut self, sink: &'a mut Vec<Validation>) -> Self {
        self.sink = Some(sink);
        self
    }

    /// Parses `input` with these options.
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        match self.sink {
            Some(sink) => parser::parse(input, self.base, sink),
            None => parser::parse(input, self.base, &mut ()),
        }
    }

    /// Parses `input` with these options and returns the input spans also
    /// when parsing fails: the spans of the components read before the
    /// failure (a host that fails to parse has its span), so that a caller
    /// can say where the failing part was written.
    ///
    /// ```
    /// let (result, spans) = onecontact_url::Url::options().parse_recording_spans("https://ex ample.com/");
    /// assert_eq!(result.unwrap_err().kind().name(), "domain-invalid-code-point");
    /// assert_eq!(spans.host, Some(8..20));
    /// ```
    pub fn parse_recording_spans(self, input: &str) -> (Result<Url, ParseError>, InputSpans) {
        match self.sink {
            Some(sink) => {
                let mut both = Both {
                    spans: InputSpans::default(),
                    errors: sink,
                };
                let result = parser::parse(input, self.base, &mut both);
                (result, both.spans)
            }
            None => {
                let mut spans = InputSpans::default();
                let result = parser::parse(input, self.base, &mut spans);
                (result, spans)
            }
        }
    }

    /// Parses `input` with these options and also returns the input spans.
    pub fn parse_with_spans(self, input: &str) -> Result<(Url, InputSpans), ParseError> {
        match self.sink {
            Some(sink) => {
                let mut both = Both {
                    spans: InputSpans::default(),
                    errors: sink,
                };
                let url = parser::parse(input, self.base, &mut both)?;
                Ok((url, both.spans))
            }
            None => {
                let mut spans = InputSpans::default();
                let url = parser::parse(input, self.base, &mut spans)?;
                Ok((url, spans))
            }
        }
    }
}
