//! What the text a person pasted looks like before the URL parser sees it:
//! trimming, and whether a scheme was written (rule 1 of the web rules).

use crate::gigo::Gigo;

/// The schemes people write without `//` after the colon (`mailto:a@b`).
/// A text that starts with one of these followed by `:` has its scheme
/// written even though no `//` follows.
pub(crate) const SCHEMES_WITHOUT_SLASHES: &[&str] = &[
    "mailto",
    "tel",
    "sms",
    "urn",
    "geo",
    "callto",
    "skype",
    "magnet",
    "news",
    "data",
    "javascript",
    "about",
    "blob",
];

/// Whether `c` is trimmed from both ends of the input: Unicode white space
/// (what people mean by blank), the C0 controls and space that the URL
/// parser itself strips from both ends, and U+FEFF, the byte order mark
/// that text copied from a file or a spreadsheet often starts with.
fn is_trimmed(c: char) -> bool {
    c <= '\u{20}' || c == '\u{feff}' || c.is_whitespace()
}

/// The input without leading and trailing white space, and the byte offset
/// in `text` where the trimmed text starts.
#[inline]
pub(crate) fn trim(text: &str) -> (usize, &str) {
    let bytes = text.as_bytes();
    if let (Some(&first), Some(&last)) = (bytes.first(), bytes.last())
        && first > b' '
        && first < 0x80
        && last > b' '
        && last < 0x80
    {
        // Nothing to trim (the common case).
        return (0, text);
    }
    let start = text.len() - text.trim_start_matches(is_trimmed).len();
    let trimmed = text
        .get(start..)
        .unwrap_or_gigo()
        .trim_end_matches(is_trimmed);
    (start, trimmed)
}

/// Whether the parser removes this character wherever it appears (the
/// Standard's "ASCII tab or newline").
pub(crate) fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// Whether `text` (already trimmed) starts with a scheme that counts as
/// written: `scheme:` followed by `//`, or a scheme from
/// [`SCHEMES_WITHOUT_SLASHES`], or a special scheme
/// ([`onecontact_url::is_special_scheme`]). Otherwise the caller
/// assumes `https://`, which makes `localhost:3000/x` and `example.com:8080`
/// hosts with a port.
///
/// A scheme is an ASCII letter followed by ASCII letters, digits, `+`, `-`
/// and `.` (the Standard's scheme state). Letters compare ignoring ASCII case.
/// Tabs and newlines are skipped, as the parser removes them before it reads
/// anything.
#[inline]
pub(crate) fn scheme_is_written(text: &str) -> bool {
    // The common cases first: `https://` and `http://` in any case. Setting
    // bit 5 of a letter's byte lowercases it, and only `H` and `h` give `h`
    // (and so on for `t`, `p` and `s`); the other bytes compare as they are.
    if let Some(head) = text.as_bytes().first_chunk::<8>() {
        let word = u64::from_le_bytes(*head);
        if word | 0x0000_0020_2020_2020 == u64::from_le_bytes(*b"https://")
            || (word | 0x2020_2020) & 0x00ff_ffff_ffff_ffff == u64::from_le_bytes(*b"http://\0")
        {
            return true;
        }
    }
    other_scheme_is_written(text)
}

/// [`scheme_is_written`] past its common cases.
#[inline(never)]
fn other_scheme_is_written(text: &str) -> bool {
    // Long enough for every listed name; longer schemes can only count as
    // written through `//`.
    const MAX: usize = 16;
    let mut name = [0u8; MAX];
    let mut len = 0usize;
    let mut bytes = text.bytes().filter(|&b| !is_tab_or_newline(b));
    loop {
        let Some(b) = bytes.next() else {
            return false;
        };
        let valid = if len == 0 {
            b.is_ascii_alphabetic()
        } else {
            b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
        };
        if b == b':' && len > 0 {
            break;
        }
        if !valid {
            return false;
        }
        if let Some(slot) = name.get_mut(len) {
            *slot = b.to_ascii_lowercase();
        }
        len += 1;
    }
    if bytes.next() == Some(b'/') && bytes.next() == Some(b'/') {
        return true;
    }
    let Some(name) = name.get(..len) else {
        // Longer than any listed scheme.
        return false;
    };
    SCHEMES_WITHOUT_SLASHES.iter().any(|s| s.as_bytes() == name)
        || core::str::from_utf8(name).is_ok_and(onecontact_url::is_special_scheme)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_unicode_white_space_and_c0_controls() {
        assert_eq!(trim("  example.com\n"), (2, "example.com"));
        assert_eq!(trim("\u{a0}\u{3000}x\u{2003}"), (5, "x"));
        assert_eq!(trim("\u{1}x\u{1f}"), (1, "x"));
        assert_eq!(trim("   "), (3, ""));
        assert_eq!(trim(""), (0, ""));
        assert_eq!(trim("a b"), (0, "a b"));
        assert_eq!(trim("\u{feff}https://x.com\u{feff}"), (3, "https://x.com"));
    }

    #[test]
    fn scheme_followed_by_two_slashes_is_written() {
        for text in [
            "https://x",
            "HTTP://x",
            "foo://x",
            "web+demo://x",
            "a.b-c+d://",
            "x://",
        ] {
            assert!(scheme_is_written(text), "{text}");
        }
    }

    #[test]
    fn listed_and_special_schemes_are_written_without_slashes() {
        for text in [
            "mailto:a@b",
            "tel:+31",
            "sms:1",
            "urn:isbn:1",
            "geo:1,2",
            "callto:x",
            "skype:x",
            "magnet:?xt=1",
            "news:comp.lang",
            "data:,x",
            "javascript:alert(1)",
            "about:blank",
            "blob:https://x/1",
            "http:example.com",
            "HTTPS:example.com",
            "https:/example.com",
            "ftp:x",
            "file:x",
            "ws:x",
            "wss:x",
            "MailTo:a@b",
        ] {
            assert!(scheme_is_written(text), "{text}");
        }
    }

    #[test]
    fn host_with_port_is_not_a_scheme() {
        for text in [
            "localhost:3000/x",
            "example.com:8080",
            "example.com",
            "foo:bar",
            "web+demo:/x",
            "1http://x",
            ":x",
            "",
            "mailtox:a",
            "a_b://x",
            "exam ple.com:80",
            "verylongschemenamethatislong:x",
        ] {
            assert!(!scheme_is_written(text), "{text}");
        }
    }

    #[test]
    fn tabs_and_newlines_are_ignored_as_the_parser_does() {
        assert!(scheme_is_written("ht\ttp://x"));
        assert!(scheme_is_written("foo:/\n/x"));
        assert!(scheme_is_written("mail\r\nto:x"));
    }
}
