//! Paste errors in the scheme: `https://https://…`, `https//…`, `http:/…`,
//! `htps://…`. A browser still builds a URL from each, but not the one meant:
//! `https://https://www.bank.example/` goes to the host `https`.

use onecontact_url::Url;

/// How the scheme of a text was mistyped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SchemeSlip {
    /// A second scheme follows the first (`https://https://…`): the host
    /// becomes `https`.
    Doubled,
    /// The colon is missing (`https//…`): with `https://` assumed in front,
    /// the host becomes `https`.
    MissingColon,
    /// Not two slashes after an http(s) scheme (`http:/x`, `http:x`,
    /// `http:///x`, `http:\\x`): a browser mends it, other programs do not.
    Slashes(usize),
    /// A misspelling of `http` or `https` (`htps`, `htp`, `ttp`, `hxxp`).
    Misspelled(String),
}

impl SchemeSlip {
    /// The sentence of the warning, with `meant`, the address the text most
    /// likely stands for.
    pub(crate) fn message(&self, url: &Url, meant: Option<&str>) -> String {
        let host = url.host_str().unwrap_or_default();
        let meant = meant
            .map(|m| format!("; the address meant is most likely {m}"))
            .unwrap_or_default();
        match self {
            SchemeSlip::Doubled => format!(
                "the scheme is written twice, so the link goes to the host {host:?}, not to the site named after it{meant}"
            ),
            SchemeSlip::MissingColon => format!(
                "the scheme lacks its colon, so the text reads as a host {host:?} followed by a path{meant}"
            ),
            SchemeSlip::Slashes(2) => format!(
                "backslashes after {}: instead of //; a browser reads it as {}, but other programs read no host at all{meant}",
                url.scheme(),
                url.as_str()
            ),
            SchemeSlip::Slashes(n) => format!(
                "{n} slash{} after {}: instead of two; a browser reads it as {}, but other programs read no host at all{meant}",
                if *n == 1 { "" } else { "es" },
                url.scheme(),
                url.as_str()
            ),
            SchemeSlip::Misspelled(written) => format!(
                "the scheme {written}: is not http: or https: (a typing slip); \
                 no browser opens it as a web page{meant}"
            ),
        }
    }
}

/// Whether `word` is `http` or `https` (in any case).
fn is_web_scheme(word: &str) -> bool {
    word.eq_ignore_ascii_case("http") || word.eq_ignore_ascii_case("https")
}

/// Whether `text` starts with `http://` or `https://` (in any case) followed
/// by something other than `/` or `\`: the scheme exactly as meant.
///
/// Eight bytes are compared at once: bit 5 set on the letters' bytes maps
/// exactly `H`/`h`, `T`/`t`, `P`/`p` and `S`/`s` onto the lowercase letter,
/// and `:` and `/` already have it.
fn written_well(text: &str) -> bool {
    const HTTPS: u64 = u64::from_le_bytes(*b"https://");
    const HTTP: u64 = u64::from_le_bytes(*b"http://\0");
    const LETTERS5: u64 = u64::from_le_bytes([0x20, 0x20, 0x20, 0x20, 0x20, 0, 0, 0]);
    const LETTERS4: u64 = u64::from_le_bytes([0x20, 0x20, 0x20, 0x20, 0, 0, 0, 0]);
    const SEVEN: u64 = 0x00FF_FFFF_FFFF_FFFF;
    let b = text.as_bytes();
    let Some(head) = b.first_chunk::<8>() else {
        return false;
    };
    let word = u64::from_le_bytes(*head);
    let after = if word | LETTERS5 == HTTPS {
        8
    } else if (word | LETTERS4) & SEVEN == HTTP {
        7
    } else {
        return false;
    };
    !matches!(b.get(after), Some(b'/' | b'\\'))
}

/// Whether the optimal string alignment distance of two short ASCII words
/// is at most 1.
fn within_one(a: &[u8], b: &[u8]) -> bool {
    if a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (
        a.get(prefix..).unwrap_or_default(),
        b.get(prefix..).unwrap_or_default(),
    );
    match (a.len(), b.len()) {
        (0, 0) | (0, 1) | (1, 0) => true,
        (la, lb) if la == lb => {
            // One substitution, or one transposition of neighbours.
            a.get(1..) == b.get(1..)
                || (la >= 2
                    && a.first() == b.get(1)
                    && a.get(1) == b.first()
                    && a.get(2..) == b.get(2..))
        }
        (la, lb) if la > lb => a.get(1..) == Some(b),
        _ => b.get(1..) == Some(a),
    }
}

/// Whether `scheme` looks like a slip of `http` or `https`.
fn misspelled(scheme: &str) -> bool {
    if is_web_scheme(scheme)
        || !(2..=6).contains(&scheme.len())
        || !scheme.bytes().all(|b| b.is_ascii_alphabetic())
    {
        return false;
    }
    let lower = scheme.to_ascii_lowercase();
    // A real (if rare) scheme a distance of one from http.
    if lower == "shttp" {
        return false;
    }
    within_one(lower.as_bytes(), b"http") || within_one(lower.as_bytes(), b"https")
}

/// The web scheme word at the start of `text` and what follows it, when
/// `text` starts with `http`/`https` then `:` or `/`.
fn leading_web_scheme(text: &str) -> Option<(&str, &str)> {
    let end = text.find(|c: char| !c.is_ascii_alphabetic())?;
    let (word, rest) = text.split_at(end);
    (is_web_scheme(word) && rest.starts_with([':', '/'])).then_some((word, rest))
}

/// The rest of `text` after a scheme word and the `:`, `/` and `\` that
/// follow it, as `https://` would begin it.
fn mended(word: &str, rest: &str) -> Option<String> {
    let tail = rest.trim_start_matches([':', '/', '\\']);
    (!tail.is_empty()).then(|| format!("{}://{tail}", word.to_ascii_lowercase()))
}

/// The slip in the scheme of `text` (trimmed, as typed), if any, with the
/// address most likely meant. `assumed` is whether `https://` was put in
/// front; `url` is what the browser built.
pub(crate) fn scheme_slip(
    text: &str,
    assumed: bool,
    url: &Url,
) -> Option<(SchemeSlip, Option<String>)> {
    if written_as_meant(text, assumed, url) {
        return None;
    }
    slip_by_rules(text, assumed, url.host_str().unwrap_or_default())
}

/// Whether [`scheme_slip`] finds a slip: the same answer, with the
/// shortcut inlined into the caller and the rules called only for the
/// other texts.
#[inline(always)]
pub(crate) fn scheme_mistyped(text: &str, assumed: bool, url: &Url) -> bool {
    !written_as_meant(text, assumed, url) && scheme_slip_out_of_line(text, assumed, url)
}

/// The shortcut of nearly every address: `http://` or `https://` written,
/// then not a third slash, and a host that is no scheme word. No rule
/// applies to such a text (a test checks that the rules agree).
#[inline(always)]
fn written_as_meant(text: &str, assumed: bool, url: &Url) -> bool {
    if assumed || !written_well(text) {
        return false;
    }
    // The host is a scheme word only when it has four or five letters.
    let host = url.host_str().unwrap_or_default();
    !matches!(host.len(), 4 | 5) || !is_web_scheme(host)
}

/// [`scheme_slip`] for the few texts its shortcut does not settle.
#[cold]
#[inline(never)]
fn scheme_slip_out_of_line(text: &str, assumed: bool, url: &Url) -> bool {
    slip_by_rules(text, assumed, url.host_str().unwrap_or_default()).is_some()
}

/// [`scheme_slip`] without its shortcut for a well-written scheme.
fn slip_by_rules(text: &str, assumed: bool, host: &str) -> Option<(SchemeSlip, Option<String>)> {
    if assumed {
        // `https//www.example/a`, `http/www.example`.
        if is_web_scheme(host)
            && let Some((word, rest)) = leading_web_scheme(text)
        {
            return Some((SchemeSlip::MissingColon, mended(word, rest)));
        }
        return None;
    }
    let colon = text.find(':')?;
    let (written, after) = text.split_at(colon);
    let after = after.get(1..).unwrap_or_default();
    if misspelled(written) {
        let meant = after
            .trim_start_matches(['/', '\\'])
            .get(..)
            .filter(|t| !t.is_empty())
            .map(|t| format!("https://{t}"));
        return Some((SchemeSlip::Misspelled(written.to_owned()), meant));
    }
    if !is_web_scheme(written) {
        return None;
    }
    let tail = after.trim_start_matches(['/', '\\']);
    if is_web_scheme(host)
        && let Some((word, rest)) = leading_web_scheme(tail)
    {
        return Some((SchemeSlip::Doubled, mended(word, rest)));
    }
    let slashes = after.len() - tail.len();
    if slashes != 2 || after.get(..2) != Some("//") {
        return Some((SchemeSlip::Slashes(slashes), None));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reader;

    fn slip(text: &str) -> Option<(SchemeSlip, Option<String>)> {
        let reading = Reader::new().read(text);
        let url = reading.url().ok()?.clone();
        scheme_slip(reading.text(), reading.scheme_assumed(), &url)
    }

    #[test]
    fn a_well_written_scheme_is_no_slip_by_the_rules_either() {
        let mut well_written = 0;
        for text in [
            "https://www.example.com/a",
            "HTTP://Example.com:8080/?q=1#f",
            "https://https.example/",
            "http://a",
            "https://http/",
            "https://https://x.example/",
            "https:////x.example/",
            "http://\\x.example/",
            "https://user:pw@example.com/",
            "http://xn--mnchen-3ya.example/",
            "hTTpS://x.example/",
            "HTTP://x",
            "http:/\\x.example/",
            "https:\\/x.example/",
            "httpS//x.example/",
            "https//x.example/",
            "http;//x.example/",
            "htTp://",
            "https://",
            "https://HTTP/",
            "http://https./",
            "https://htt/",
            "//https/",
            "https/x",
        ] {
            let reading = Reader::new().read(text);
            let Ok(url) = reading.url() else { continue };
            let host = url.host_str().unwrap_or_default();
            let by_rules = slip_by_rules(reading.text(), reading.scheme_assumed(), host);
            if written_well(reading.text()) && !is_web_scheme(host) {
                well_written += 1;
                assert_eq!(by_rules, None, "{text}");
            }
            assert_eq!(slip(text), by_rules, "{text}");
            assert_eq!(
                scheme_mistyped(reading.text(), reading.scheme_assumed(), url),
                by_rules.is_some(),
                "{text}"
            );
        }
        assert!(well_written >= 6, "{well_written}");
    }

    #[test]
    fn finds_the_common_paste_errors() {
        assert_eq!(
            slip("https://https://www.bank.example/login"),
            Some((
                SchemeSlip::Doubled,
                Some("https://www.bank.example/login".to_owned())
            ))
        );
        assert_eq!(
            slip("https//www.example.com/a"),
            Some((
                SchemeSlip::MissingColon,
                Some("https://www.example.com/a".to_owned())
            ))
        );
        assert_eq!(
            slip("http:/x.example"),
            Some((SchemeSlip::Slashes(1), None))
        );
        assert_eq!(
            slip("http:///x.example"),
            Some((SchemeSlip::Slashes(3), None))
        );
        assert_eq!(
            slip("http:\\\\x.example"),
            Some((SchemeSlip::Slashes(2), None))
        );
        assert!(
            matches!(slip("htps://x.example"), Some((SchemeSlip::Misspelled(w), _)) if w == "htps")
        );
        assert!(matches!(
            slip("ttp://x.example"),
            Some((SchemeSlip::Misspelled(_), _))
        ));
        assert!(matches!(
            slip("htttp://x.example"),
            Some((SchemeSlip::Misspelled(_), _))
        ));
    }

    #[test]
    fn leaves_good_addresses_alone() {
        for text in [
            "https://www.example.com/",
            "www.example.com",
            "ftp://files.example/",
            "https://https.example/",
            "mailto:a@b.example",
            "https://example.com/http://x",
            "localhost:3000",
        ] {
            assert_eq!(slip(text), None, "{text}");
        }
    }

    #[test]
    fn distance_one() {
        assert!(within_one(b"htps", b"https"));
        assert!(within_one(b"htpt", b"http"));
        assert!(within_one(b"thtp", b"http"));
        assert!(!within_one(b"ftp", b"https"));
        assert!(!within_one(b"hp", b"http"));
    }
}
