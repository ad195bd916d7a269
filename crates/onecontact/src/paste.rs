//! Reading a link out of what was pasted around it (key V2's first step):
//! the quotes of a CSV or JSON cell, the brackets of a sentence or of
//! Markdown, the angle brackets of e-mail and the punctuation that ends a
//! sentence are not part of the link.
//!
//! The rules follow GitHub Flavored Markdown's extended autolinks (spec
//! 0.29-gfm, section 6.9): trailing `?`, `!`, `.`, `,`, `:` are not part of a
//! link, nor is a trailing `)` that has no `(` to close; added to them are
//! `;` and matching pairs around the whole text (quotes `"…"`, `'…'`, `“…”`,
//! `‘…’`, `«…»`, backquotes, brackets `(…)`, `[…]`, `{…}` and CommonMark's
//! angle-bracket autolink `<…>`), and an opening quote or bracket (not `(`,
//! nor `[`, which starts an IPv6 address) whose partner does not end the text, as a CSV cell cut after its first
//! quote has it. GFM's emphasis marks `*`, `_` and `~` are
//! kept at the end: in pasted text they are part of addresses
//! (`…/__generated__`), not Markdown.

use crate::input;

/// The characters that end a sentence rather than a link.
fn is_trailing_punctuation(c: char) -> bool {
    matches!(c, '?' | '!' | '.' | ',' | ':' | ';')
}

/// The closing character of a pair opened by `c`.
fn closing(c: char) -> Option<char> {
    Some(match c {
        '"' => '"',
        '\'' => '\'',
        '`' => '`',
        '“' => '”',
        '‘' => '’',
        '«' => '»',
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        _ => return None,
    })
}

/// The link in `text` once white space, matching pairs around it and
/// trailing sentence punctuation are taken away, repeatedly
/// (`("https://example.com/").` gives `https://example.com/`), with the
/// byte offset where it starts in `text`. Linear in the text's length.
///
/// ```
/// use onecontact::read_paste;
///
/// assert_eq!(read_paste("\"https://example.com/\"").1, "https://example.com/");
/// assert_eq!(read_paste("<https://example.com/>").1, "https://example.com/");
/// assert_eq!(read_paste("(https://example.com/).").1, "https://example.com/");
/// assert_eq!(read_paste("https://example.com,").1, "https://example.com");
/// assert_eq!(read_paste("https://en.wikipedia.org/wiki/Go_(game)").1, "https://en.wikipedia.org/wiki/Go_(game)");
/// assert_eq!(read_paste("see https://x.example/a)").1, "see https://x.example/a");
/// assert_eq!(read_paste(" example.com ").0, 1);
/// ```
#[inline]
pub fn read_paste(text: &str) -> (usize, &str) {
    let (start, rest) = input::trim(text);
    // Quick answer for the common case: an ASCII first byte that opens no
    // pair and a last byte that is no sentence punctuation and no `)`: the
    // loop below would take nothing away (a pair needs its opening first, a
    // lone opening quote or bracket is first too, and the trimmed text has
    // no white space around it).
    if let (Some(&first), Some(&last)) = (rest.as_bytes().first(), rest.as_bytes().last())
        && first.is_ascii()
        && closing(char::from(first)).is_none()
        && !(last.is_ascii() && (is_trailing_punctuation(char::from(last)) || last == b')'))
    {
        return (start, rest);
    }
    read_paste_around(start, rest)
}

/// [`read_paste`] past its quick answer: `rest` is the trimmed text, which
/// starts at `start`.
#[inline(never)]
fn read_paste_around(mut start: usize, mut rest: &str) -> (usize, &str) {
    let mut opens = rest.bytes().filter(|&b| b == b'(').count();
    let mut closes = rest.bytes().filter(|&b| b == b')').count();
    loop {
        let before = rest.len();
        let mut chars = rest.chars();
        if let (Some(first), Some(last)) = (chars.next(), chars.next_back())
            && closing(first) == Some(last)
        {
            if first == '(' {
                opens -= 1;
                closes -= 1;
            }
            start += first.len_utf8();
            rest = chars.as_str();
        } else if let Some(first) = rest.chars().next()
            && closing(first).is_some()
            && !matches!(first, '(' | '[')
        {
            // An opening quote or bracket whose partner is not at the end
            // (a CSV cell cut after its first quote): an autolink starts
            // after it.
            start += first.len_utf8();
            rest = rest.get(first.len_utf8()..).unwrap_or_default();
        }
        while let Some(last) = rest.chars().next_back() {
            let unbalanced = last == ')' && closes > opens;
            if !(is_trailing_punctuation(last) || unbalanced) {
                break;
            }
            if last == ')' {
                closes -= 1;
            }
            rest = rest.get(..rest.len() - last.len_utf8()).unwrap_or_default();
        }
        let (lead, trimmed) = input::trim(rest);
        start += lead;
        rest = trimmed;
        if rest.len() == before {
            return (start, rest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_and_punctuation_go_in_any_nesting() {
        for (text, link) in [
            ("\"https://example.com/\"", "https://example.com/"),
            ("'https://example.com/'", "https://example.com/"),
            ("“https://example.com/”", "https://example.com/"),
            ("«https://example.com/»", "https://example.com/"),
            ("[https://example.com/]", "https://example.com/"),
            ("{https://example.com/}", "https://example.com/"),
            ("`https://example.com/`", "https://example.com/"),
            ("(\"https://example.com/\"),", "https://example.com/"),
            ("\"<https://example.com/>\"", "https://example.com/"),
            (" https://example.com/.  ", "https://example.com/"),
            ("https://example.com/?!", "https://example.com/"),
            ("https://example.com/a_(b)", "https://example.com/a_(b)"),
            ("https://example.com/a_(b))", "https://example.com/a_(b)"),
            (
                "https://example.com/__generated__",
                "https://example.com/__generated__",
            ),
            ("\"", ""),
            ("\"\"", ""),
            ("()", ""),
            ("...", ""),
            ("", ""),
            ("é", "é"),
            ("\"https://example.com/", "https://example.com/"),
            ("\"http://www.example.com/a'", "http://www.example.com/a'"),
        ] {
            assert_eq!(read_paste(text).1, link, "{text:?}");
            let (at, read) = read_paste(text);
            assert_eq!(&text[at..at + read.len()], read, "{text:?}");
        }
    }

    #[test]
    fn long_runs_stay_linear() {
        let text = format!("{}x{}", "(".repeat(50_000), ")".repeat(100_000));
        assert_eq!(read_paste(&text).1, "x");
    }
}
