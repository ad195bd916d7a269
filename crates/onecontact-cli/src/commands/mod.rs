//! The subcommands: single-address reports and the batch rows.

pub mod batch_run;
#[cfg(feature = "sql")]
pub mod cluster;
pub mod codec;
pub mod compare;
pub mod contact;
pub mod dedup;
pub mod inspect;
pub mod lists;
pub mod match_pattern;
pub mod parse;
pub mod rebuild;
pub mod resolve;
#[cfg(feature = "sql")]
pub mod sql;
#[cfg(feature = "sql")]
mod sql_text;

use std::io::{self, Write};

use serde::Serialize;

use crate::output::{Style, write_json};

/// Exit statuses.
pub const OK: u8 = 0;
/// Some input was invalid.
pub const INVALID: u8 = 1;
/// Usage error.
pub const USAGE: u8 = 2;
/// `inspect --fail-on`: a link has a finding that serious (and every input
/// was valid).
pub const FINDING: u8 = 3;

/// A failure of the command itself (not of an input): exit status 2.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The arguments do not make sense together.
    #[error("{0}")]
    Usage(String),
    /// Reading input or writing output failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// What every command needs.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    /// Colours.
    pub style: Style,
    /// `--json`.
    pub json: bool,
    /// The lists answers are computed with (`--psl`, `--top-domains`).
    pub lists: &'static lists::Lists,
}

impl Ctx {
    /// Writes `document` as pretty JSON with a `lists` member beside its
    /// own: which Public Suffix List (and version) and popular domains its
    /// answers were computed with.
    pub fn write_json_with_lists<T: Serialize>(
        &self,
        out: &mut dyn Write,
        document: &T,
    ) -> io::Result<()> {
        /// The document's members, and `lists`.
        #[derive(Serialize)]
        struct WithLists<'a, T: Serialize> {
            #[serde(flatten)]
            document: &'a T,
            lists: lists::ListsInfo,
        }
        write_json(
            out,
            &WithLists {
                document,
                lists: self.lists.info(),
            },
        )
    }

    /// The lists as the library takes them.
    pub fn data(&self) -> &'static onecontact::Data {
        &self.lists.data
    }
}

/// The error of one input, as JSON and batch rows show it: the catalogue's
/// code, validation error, place and message (as the API's error object).
#[derive(Debug, Clone, Serialize)]
pub struct LineError {
    /// Stable code (`web.invalid-host`, …, or `refused`).
    pub code: String,
    /// The URL Standard's validation-error name, when there is one.
    pub validation_error: Option<String>,
    /// Byte offset in the text as given, when the failure is in a text.
    pub offset: Option<usize>,
    /// The same place in UTF-16 code units.
    pub offset_utf16: Option<usize>,
    /// The sentence.
    pub message: String,
    /// Which input the error is about (`input`, `base`, `first`, …; null
    /// for an edit `rebuild` refused), as the API's error object has it.
    pub role: Option<onecontact_report::Role>,
}

impl From<&onecontact_report::ToolError> for LineError {
    fn from(e: &onecontact_report::ToolError) -> Self {
        let offset = e.offset();
        LineError {
            code: e.code().to_owned(),
            validation_error: e.validation_error().map(str::to_owned),
            offset: offset.map(|o| o.bytes),
            offset_utf16: offset.map(|o| o.utf16),
            message: e.to_string(),
            role: e.role(),
        }
    }
}

impl From<&onecontact::WebError> for LineError {
    fn from(e: &onecontact::WebError) -> Self {
        let offset = e.offset();
        LineError {
            code: e.code().to_owned(),
            validation_error: e.validation_error().map(str::to_owned),
            offset: Some(offset.bytes),
            offset_utf16: Some(offset.utf16),
            message: e.to_string(),
            role: Some(onecontact_report::Role::Input),
        }
    }
}

/// Reads `--base URL` (a base never has `https://` assumed unless it
/// looks like a host).
///
/// # Errors
///
/// A usage error naming `--base` when the base is not an absolute URL.
pub fn base_url(text: &str) -> Result<onecontact_url::Url, CliError> {
    onecontact::Reader::new()
        .read_base(text)
        .into_url()
        .map_err(|e| match e {
            onecontact::WebError::RelativeWithoutBase { .. } => CliError::Usage(format!(
                "--base {text}: a base URL must be absolute, with a scheme and a host (such as https://example.com/docs/)"
            )),
            e => CliError::Usage(format!("--base {text}: {e}")),
        })
}

/// What the message of a relative reference given without a base gets on
/// standard error from a command that has `--base` (the JSON error and
/// batch rows keep the catalogue's message, as the web API gives it).
pub const BASE_HINT: &str = " with --base URL";

/// Reports an invalid input: one line on standard error, and with `--json`
/// an `{"error": …}` object on standard output. Returns [`INVALID`].
pub fn report_invalid(
    ctx: &Ctx,
    out: &mut dyn Write,
    command: &str,
    error: &LineError,
) -> io::Result<u8> {
    report_invalid_hinted(ctx, out, command, error, "")
}

/// [`report_invalid`] with `hint` after the message on standard error
/// (such as [`BASE_HINT`]).
pub fn report_invalid_hinted(
    ctx: &Ctx,
    out: &mut dyn Write,
    command: &str,
    error: &LineError,
    hint: &str,
) -> io::Result<u8> {
    if ctx.json {
        #[derive(Serialize)]
        struct ErrorDoc<'a> {
            error: &'a LineError,
        }
        write_json(out, &ErrorDoc { error })?;
    }
    out.flush()?;
    eprintln!(
        "onecontact {command}: {}{hint}",
        crate::escape::shown(&error.message)
    );
    Ok(INVALID)
}

/// A heading line.
pub fn heading(out: &mut dyn Write, style: &Style, text: &str) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "{}", style.heading(text))
}

/// Writes notes (`note:` lines, dim) and warnings.
pub fn write_notes(
    out: &mut dyn Write,
    style: &Style,
    notes: &[onecontact_report::Note],
    warnings: &[onecontact_report::Note],
) -> io::Result<()> {
    for note in notes {
        writeln!(out, "{} {}", style.dim("note:"), note.message)?;
    }
    for warning in warnings {
        writeln!(out, "{} {}", style.warn("warning:"), warning.message)?;
    }
    Ok(())
}
