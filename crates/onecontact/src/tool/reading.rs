//! Reading the text a person gives as a URL: trimming, the assumed
//! `https://`, a base URL, and the notes that say what was assumed.

use onecontact_url::{InputSpans, Url, Validation};

use super::error::{Role, ToolError};
use super::explain::explain;
use crate::input;

/// What is put before a text whose scheme is not written.
const ASSUMED: &str = "https://";

/// How the tool reads an address.
#[derive(Debug, Clone)]
pub struct ReadOptions {
    /// A base URL that relative references are resolved against (as the
    /// browser resolves a link on a page at that address).
    pub base: Option<String>,
    /// Read a text without a written scheme as `https://` followed by the
    /// text (on by default). With this off, such text goes to the URL
    /// parser as it is, which refuses `www.example.com` and reads
    /// `localhost:3000/api` as the scheme `localhost`.
    pub assume_https: bool,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            base: None,
            assume_https: true,
        }
    }
}

/// Something the tool wants a reader to know: a stable code and a sentence.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Note {
    /// Stable code, e.g. `scheme-assumed`.
    pub code: &'static str,
    /// The sentence.
    pub message: String,
}

impl Note {
    pub(crate) fn new(code: &'static str, message: impl Into<String>) -> Note {
        Note {
            code,
            message: message.into(),
        }
    }
}

/// An address read by [`read_url`].
#[derive(Debug, Clone)]
pub(crate) struct Reading {
    /// The parsed URL.
    pub url: Url,
    /// The text given, trimmed of white space.
    pub trimmed: String,
    /// The text the parser was given (with `https://` in front when assumed).
    pub source: String,
    /// Byte length of what was put in front of the trimmed text.
    pub prefix_len: usize,
    /// Byte spans in `source`.
    pub spans: InputSpans,
    /// Non-fatal validation errors, offsets in `source`.
    pub validation: Vec<Validation>,
    /// What was assumed.
    pub notes: Vec<Note>,
}

impl Reading {
    /// The part of `source` a span covers.
    pub fn spanned(&self, span: Option<&std::ops::Range<usize>>) -> Option<&str> {
        span.and_then(|r| self.source.get(r.clone()))
    }
}

/// Whether the trimmed text starts like a relative reference.
fn looks_relative(text: &str) -> bool {
    (text.starts_with('/') && !text.starts_with("//"))
        || text.starts_with('?')
        || text.starts_with('#')
        || text.starts_with("./")
        || text.starts_with("../")
        || text == "."
        || text == ".."
}

/// Whether the text starts with something the URL parser would read as a
/// scheme (letters, digits, `+`, `-`, `.` and a `:`), as `localhost:3000` does.
fn starts_like_scheme(text: &str) -> bool {
    let Some(colon) = text.find(':') else {
        return false;
    };
    let name = text.get(..colon).unwrap_or_default();
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// Reads `text` as a URL the way the tool does: trimmed; against
/// `options.base` when given; otherwise with `https://` assumed when no
/// scheme is written (see [`ReadOptions::assume_https`]).
pub(crate) fn read_url(
    text: &str,
    options: &ReadOptions,
    role: Role,
) -> Result<Reading, ToolError> {
    let (_, trimmed) = input::trim(text);
    if trimmed.is_empty() {
        return Err(ToolError::Empty { role });
    }
    let base = match &options.base {
        Some(base_text) => Some(read_url(base_text, &ReadOptions::default(), Role::Base)?.url),
        None => None,
    };
    let mut notes = Vec::new();
    let written = input::scheme_is_written(trimmed);
    let mut prefix = "";
    if base.is_none() && !written {
        if looks_relative(trimmed) {
            return Err(ToolError::RelativeWithoutBase {
                role,
                text: trimmed.to_owned(),
            });
        }
        if options.assume_https {
            prefix = if trimmed.starts_with("//") {
                "https:"
            } else {
                ASSUMED
            };
            let mut message = format!(
                "no scheme was written, so the text was read as {ASSUMED}{}",
                trimmed.trim_start_matches('/')
            );
            if starts_like_scheme(trimmed) {
                let name = trimmed.split(':').next().unwrap_or_default();
                message.push_str(&format!(
                    " (the URL Standard alone would read \"{name}:\" as a scheme)"
                ));
            }
            notes.push(Note::new("scheme-assumed", message));
        }
    }
    let source = [prefix, trimmed].concat();
    let mut validation = Vec::new();
    let parsed = Url::options()
        .base_url(base.as_ref())
        .validation_sink(&mut validation)
        .parse_with_spans(&source);
    let (url, spans) = match parsed {
        Ok(ok) => ok,
        Err(error) => {
            let offset = error.offset().checked_sub(prefix.len());
            return Err(ToolError::InvalidUrl {
                role,
                validation_error: error.kind().name(),
                reason: explain(error.kind(), &source, error.offset()),
                offset,
            });
        }
    };
    if let (Some(base), None) = (&base, &spans.scheme) {
        notes.push(Note::new(
            "resolved-against-base",
            format!(
                "relative reference resolved against the base {}",
                base.as_str()
            ),
        ));
    }
    Ok(Reading {
        url,
        trimmed: trimmed.to_owned(),
        prefix_len: prefix.len(),
        source,
        spans,
        validation,
        notes,
    })
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
        assert!(starts_like_scheme("localhost:3000/api"));
        assert!(!starts_like_scheme("1host:3000"));
        assert!(!starts_like_scheme("example.com/a:b"));
    }
}
