//! Readable output: colour rules and aligned label/value tables.

use std::io::{self, IsTerminal, Write};

use crate::cli::ColorChoice;
use crate::gigo::Gigo;

/// Whether and how to colour.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    color: bool,
}

impl Style {
    /// Colour per `choice`: `auto` colours only when standard output is a
    /// terminal and NO_COLOR is unset or empty.
    pub fn new(choice: ColorChoice) -> Style {
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                !no_color && io::stdout().is_terminal()
            }
        };
        Style { color }
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// Whether colours are written.
    pub fn colours(&self) -> bool {
        self.color
    }

    /// A section heading.
    pub fn heading(&self, text: &str) -> String {
        self.paint("1", text)
    }

    /// A label in a table.
    pub fn label(&self, text: &str) -> String {
        self.paint("36", text)
    }

    /// Something less important.
    pub fn dim(&self, text: &str) -> String {
        self.paint("2", text)
    }

    /// A good answer.
    pub fn good(&self, text: &str) -> String {
        self.paint("32", text)
    }

    /// A warning.
    pub fn warn(&self, text: &str) -> String {
        self.paint("33", text)
    }

    /// A danger.
    pub fn danger(&self, text: &str) -> String {
        self.paint("1;31", text)
    }

    /// The main value (the URL a report is about).
    pub fn value(&self, text: &str) -> String {
        self.paint("1", text)
    }
}

/// Display width of `text` (one column per character; good enough for the
/// labels, which are ASCII).
fn width(text: &str) -> usize {
    text.chars().count()
}

/// A two-column table: labels padded to the widest, values after.
#[derive(Debug, Default)]
pub struct Table {
    rows: Vec<(String, String)>,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table::default()
    }

    /// Adds a row.
    pub fn row(&mut self, label: impl Into<String>, value: impl Into<String>) -> &mut Table {
        self.rows.push((label.into(), value.into()));
        self
    }

    /// Adds a row when `value` is `Some`.
    pub fn opt(&mut self, label: &str, value: Option<impl Into<String>>) -> &mut Table {
        if let Some(value) = value {
            self.rows.push((label.to_owned(), value.into()));
        }
        self
    }

    /// Writes the table, each line indented by `indent` spaces.
    pub fn write(&self, out: &mut dyn Write, style: &Style, indent: usize) -> io::Result<()> {
        let widest = self.rows.iter().map(|(l, _)| width(l)).max().unwrap_or(0);
        for (label, value) in &self.rows {
            let pad = widest - width(label);
            let mut lines = value.lines();
            let first = lines.next().unwrap_or("");
            writeln!(
                out,
                "{:indent$}{}{:pad$}  {first}",
                "",
                style.label(label),
                ""
            )?;
            for more in lines {
                writeln!(out, "{:indent$}{:widest$}  {more}", "", "")?;
            }
        }
        Ok(())
    }
}

/// Writes `value` as pretty JSON followed by a newline (the document
/// `serde_json::to_writer_pretty` writes, from the reports' own writer).
pub fn write_json<T: serde::Serialize>(out: &mut dyn Write, value: &T) -> io::Result<()> {
    let mut text = onecontact_report::json::to_vec_pretty(value).map_err(io::Error::other)?;
    text.push(b'\n');
    out.write_all(&text)
}

/// `text`, or a dash when empty.
pub fn or_dash(text: &str) -> String {
    if text.is_empty() {
        "—".to_owned()
    } else {
        text.to_owned()
    }
}

/// Escapes a TSV field: a backslash as `\\`, and every control character
/// as [`crate::escape`] writes it (`\t`, `\n`, `\r`, `\0`, `\x1b`, …).
pub fn tsv_field(out: &mut String, text: &str) {
    if tsv_plain(text) {
        out.push_str(text);
        return;
    }
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            c if crate::escape::is_control(c) => crate::escape::push_control(out, c),
            c => out.push(c),
        }
    }
}

/// Whether `text` is a TSV field as it is: no backslash and no control
/// character, which [`tsv_field`] escapes.
pub fn tsv_plain(text: &str) -> bool {
    // A byte test over the whole text, without an early exit, so that it
    // runs many bytes per step. A C1 control starts with 0xC2, which other
    // characters share: those take the careful path.
    !text.bytes().fold(false, |any, b| {
        any | (b < 0x20) | (b == b'\\') | (b == 0x7f) | (b == 0xc2)
    })
}

/// One TSV row from fields, ending with a newline.
pub fn tsv_row<'a>(fields: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for (i, field) in fields.into_iter().enumerate() {
        if i > 0 {
            out.push('\t');
        }
        tsv_field(&mut out, field);
    }
    out.push('\n');
    out
}

/// Writes rows of cells with every column but the last padded to its widest
/// cell, indented by `indent` spaces. The first column is drawn as a label.
pub fn write_columns(
    out: &mut dyn Write,
    style: &Style,
    rows: &[Vec<String>],
    indent: usize,
) -> io::Result<()> {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0usize; columns];
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(width(cell));
            }
        }
    }
    for row in rows {
        let mut line = " ".repeat(indent);
        for (i, cell) in row.iter().enumerate() {
            let last = i + 1 == row.len();
            let shown = if i == 0 {
                style.label(cell)
            } else {
                cell.clone()
            };
            line.push_str(&shown);
            if !last {
                let pad = widths.get(i).copied().unwrap_or_gigo() - width(cell);
                line.push_str(&" ".repeat(pad + 2));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
