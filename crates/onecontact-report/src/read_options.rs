//! How the reports read their inputs: the contact layer's one [`Reading`]
//! with the options a person gives (a base URL, whether to assume
//! `https://`), and the notes that say what was assumed.

use onecontact_url::Url;

use crate::error::{Role, ToolError};
use onecontact::Data;
use onecontact::onecontact_psl::Sections;
use onecontact::{Reader, Reading, SchemeSource};

/// How the tool reads an address.
#[derive(Debug, Clone)]
pub struct ReadOptions {
    /// A base URL that relative references are resolved against (as the
    /// browser resolves a link on a page at that address). It is read as a
    /// URL as it is when it starts with a scheme, and with `https://`
    /// assumed otherwise (unless [`assume_https`](Self::assume_https) is
    /// off).
    pub base: Option<String>,
    /// Read a text without a written scheme as `https://` followed by the
    /// text (on by default). With this off, such text (input or base) goes
    /// to the URL parser as it is, which refuses `www.example.com` and reads
    /// `localhost:3000/api` as the scheme `localhost`.
    pub assume_https: bool,
    /// The Public Suffix List and popular domains the reports use
    /// ([`Data::baked`] by default).
    pub data: Data,
    /// The sections of the Public Suffix List the registrable domain and
    /// public suffix of a report are answered in ([`Sections::All`] by
    /// default; [`Sections::IcannOnly`] leaves the PRIVATE section out, so
    /// `alice.github.io` has the registrable domain `github.io`). Keys,
    /// comparisons and warnings stay on the whole list.
    pub sections: Sections,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            base: None,
            assume_https: true,
            data: Data::baked(),
            sections: Sections::All,
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
    /// The byte offset in the text the note is about, when it is about one
    /// place (`decode`'s `broken-escape` and `invalid-utf8`); left out of
    /// JSON when there is none.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub offset: Option<usize>,
}

impl Note {
    /// The note about the place at byte `offset`.
    pub(crate) fn at(mut self, offset: usize) -> Note {
        self.offset = Some(offset);
        self
    }

    pub(crate) fn new(code: &'static str, message: impl Into<String>) -> Note {
        Note {
            code,
            message: message.into(),
            offset: None,
        }
    }
}

/// The `scheme-assumed` note for a (trimmed) text read with `https://` in
/// front: what it was read as, and what the URL Standard alone would have
/// made of a text that starts like a scheme (`localhost:3000`).
pub fn scheme_assumed_note(text: &str) -> Note {
    let mut message = format!(
        "no scheme was written, so the text was read as {}{}",
        Reader::ASSUMED_PREFIX,
        text.trim_start_matches('/')
    );
    if Reader::starts_like_scheme(text) {
        let name = text.split(':').next().unwrap_or_default();
        message.push_str(&format!(
            " (the URL Standard alone would read \"{name}:\" as a scheme)"
        ));
    }
    Note::new("scheme-assumed", message)
}

/// Reads the base URL of `options`, if any (one parse).
pub(crate) fn read_base(options: &ReadOptions) -> Result<Option<Url>, ToolError> {
    let Some(text) = &options.base else {
        return Ok(None);
    };
    Reader::new()
        .assume_https(options.assume_https)
        .read_base(text)
        .into_url()
        .map(Some)
        .map_err(|e| ToolError::unreadable(Role::Base, &e))
}

/// Reads `text` against `base` with `options` (one parse, with the
/// validation errors), refusing a text that is not a URL.
pub(crate) fn read<'a>(
    text: &'a str,
    base: Option<&Url>,
    options: &ReadOptions,
    role: Role,
) -> Result<Reading<'a>, ToolError> {
    let reading = Reader::new()
        .assume_https(options.assume_https)
        .base(base)
        .validation_errors(true)
        .read(text);
    match reading.url() {
        Ok(_) => Ok(reading),
        Err(e) => Err(ToolError::unreadable(role, e)),
    }
}

/// The URL of a reading [`read`] accepted.
pub(crate) fn url_of<'r>(reading: &'r Reading<'_>, role: Role) -> Result<&'r Url, ToolError> {
    reading.url().map_err(|e| ToolError::unreadable(role, e))
}

/// The notes on what reading assumed: `scheme-assumed`, `resolved-against-base`.
pub(crate) fn reading_notes(reading: &Reading<'_>, base: Option<&Url>) -> Vec<Note> {
    let mut notes = Vec::new();
    match reading.scheme_source() {
        SchemeSource::Assumed => notes.push(scheme_assumed_note(reading.text())),
        SchemeSource::Base => {
            if let Some(base) = base {
                notes.push(Note::new(
                    "resolved-against-base",
                    format!(
                        "relative reference resolved against the base {}",
                        base.as_str()
                    ),
                ));
            }
        }
        _ => {}
    }
    notes
}
