//! `onecontact sql`'s text: errors as one sentence, and the table cut to
//! the terminal's width.

use datafusion::arrow::error::ArrowError;
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::display::{ArrayFormatter, FormatOptions};
use datafusion::error::DataFusionError;
use datafusion::sql::sqlparser::parser::ParserError;

/// The width a table is cut to when $COLUMNS does not say.
pub const DEFAULT_WIDTH: usize = 100;

/// The narrowest a cut column gets.
const MIN_COLUMN: usize = 6;

/// The terminal's width: $COLUMNS when it is a number, else
/// [`DEFAULT_WIDTH`].
pub fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c >= 20)
        .unwrap_or(DEFAULT_WIDTH)
}

/// `at Line: 1, Column: 8` as `(line 1, column 8)`.
fn place(message: &str) -> String {
    match message.rfind(" at Line: ") {
        Some(at) => {
            let (text, tail) = message.split_at(at);
            let tail = tail
                .trim_start_matches(" at Line: ")
                .replace(", Column: ", ", column ");
            format!("{text} (line {tail})")
        }
        None => message.to_owned(),
    }
}

/// The first letter lowercased, unless the word is an acronym.
fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => {
            let mut out: String = first.to_lowercase().collect();
            out.push(second);
            out.extend(chars);
            out
        }
        _ => text.to_owned(),
    }
}

/// A DataFusion error as one readable sentence: the root cause, without the
/// engine's category prefixes, backtraces or debug forms.
pub fn sentence(error: &DataFusionError) -> String {
    let root = error.find_root();
    let text = match root {
        DataFusionError::SQL(parser, _) => match parser.as_ref() {
            ParserError::ParserError(m) | ParserError::TokenizerError(m) => {
                format!("the statement does not parse: {}", place(m))
            }
            ParserError::RecursionLimitExceeded => {
                "the statement nests too deeply to parse".to_owned()
            }
        },
        DataFusionError::ArrowError(e, _) => match e.as_ref() {
            ArrowError::ExternalError(inner) => inner.to_string(),
            other => other.to_string(),
        },
        other => other.message().into_owned(),
    };
    let first_line = text.lines().next().unwrap_or_default().trim();
    sentence_case(first_line.trim_end_matches('.'))
}

/// Cuts `text` to `width` characters, ending with `…` when cut.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The rows of `batches` as a text table no wider than `width` (as long as
/// every column fits its narrowest): the widest columns are narrowed first,
/// long values cut with `…`; line breaks and tabs in values are shown as
/// `\n` and `\t`.
pub fn table(batches: &[RecordBatch], width: usize) -> Result<String, ArrowError> {
    let Some(schema) = batches.first().map(RecordBatch::schema) else {
        return Ok(String::new());
    };
    let options = FormatOptions::new().with_null("NULL");
    let header: Vec<String> = schema.fields().iter().map(|f| f.name().clone()).collect();
    let mut rows: Vec<Vec<String>> = Vec::new();
    for batch in batches {
        let formatters = batch
            .columns()
            .iter()
            .map(|c| ArrayFormatter::try_new(c.as_ref(), &options))
            .collect::<Result<Vec<_>, _>>()?;
        for row in 0..batch.num_rows() {
            rows.push(
                formatters
                    .iter()
                    .map(|f| {
                        f.value(row)
                            .to_string()
                            .replace('\n', "\\n")
                            .replace('\t', "\\t")
                    })
                    .collect(),
            );
        }
    }
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    // Each column takes its width plus 3 (`| ` and a space), and one `|` ends the line.
    let total = |widths: &[usize]| widths.iter().map(|w| w + 3).sum::<usize>() + 1;
    while total(&widths) > width {
        let Some((at, widest)) = widths.iter().copied().enumerate().max_by_key(|&(_, w)| w) else {
            break;
        };
        if widest <= MIN_COLUMN {
            break;
        }
        let over = total(&widths) - width;
        let second = widths
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != at)
            .map(|(_, &w)| w)
            .max()
            .unwrap_or(0);
        let narrower = widest
            .saturating_sub(over)
            .max(second.min(widest - 1))
            .max(MIN_COLUMN);
        if let Some(w) = widths.get_mut(at) {
            *w = narrower;
        }
    }
    let rule: String = {
        let mut line = String::from("+");
        for w in &widths {
            line.push_str(&"-".repeat(w + 2));
            line.push('+');
        }
        line.push('\n');
        line
    };
    let line = |cells: &[String]| {
        let mut text = String::from("|");
        for (cell, w) in cells.iter().zip(&widths) {
            let shown = cut(cell, *w);
            let pad = w.saturating_sub(shown.chars().count());
            text.push(' ');
            text.push_str(&shown);
            text.push_str(&" ".repeat(pad + 1));
            text.push('|');
        }
        text.push('\n');
        text
    };
    let mut out = String::new();
    out.push_str(&rule);
    out.push_str(&line(&header));
    out.push_str(&rule);
    for row in &rows {
        out.push_str(&line(row));
    }
    out.push_str(&rule);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use datafusion::arrow::array::{Int64Array, StringArray};
    use datafusion::arrow::datatypes::{DataType, Field, Schema};
    use std::sync::Arc;

    #[test]
    fn a_long_value_is_cut_to_the_width() {
        let schema = Arc::new(Schema::new(vec![
            Field::new("key", DataType::Utf8, true),
            Field::new("n", DataType::Int64, false),
        ]));
        let long = "x".repeat(3000);
        let batch = RecordBatch::try_new(
            schema,
            vec![
                Arc::new(StringArray::from(vec![Some(long.as_str()), None])),
                Arc::new(Int64Array::from(vec![1, 2])),
            ],
        )
        .unwrap();
        let text = table(&[batch], 40).unwrap();
        for line in text.lines() {
            assert_eq!(line.chars().count(), 40, "{line}");
        }
        assert!(text.contains('…'));
        assert!(text.contains("NULL"));
    }

    #[test]
    fn the_parser_place_reads_as_words() {
        assert_eq!(
            place("Expected: an SQL statement, found: SELEC at Line: 1, Column: 1"),
            "Expected: an SQL statement, found: SELEC (line 1, column 1)"
        );
        assert_eq!(sentence_case("Expected: x"), "expected: x");
        assert_eq!(sentence_case("SQL x"), "SQL x");
    }
}
