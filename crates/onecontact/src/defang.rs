//! Defanged links, as security teams share them so that nobody clicks them
//! by accident: `hxxps://evil[.]example/path`, `evil(.)example`,
//! `https[:]//…`. [`refang`] reads one as the link it stands for;
//! [`defang`] writes a link that way.

use std::borrow::Cow;

/// The bracketed spellings a defanged link uses, and what each stands for.
const MARKERS: [(&str, &str); 11] = [
    ("[.]", "."),
    ("(.)", "."),
    ("{.}", "."),
    ("[dot]", "."),
    ("(dot)", "."),
    ("[:]", ":"),
    ("[://]", "://"),
    ("[/]", "/"),
    ("[@]", "@"),
    ("[at]", "@"),
    ("(at)", "@"),
];

/// A defanged scheme at the start (`hxxp`, `hxxps`, `hXXp`, `fxp`) and
/// the scheme it stands for.
fn defanged_scheme(text: &str) -> Option<(usize, &'static str)> {
    let bytes = text.as_bytes();
    for (written, scheme) in [("hxxps", "https"), ("hxxp", "http"), ("fxp", "ftp")] {
        if bytes
            .get(..written.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(written.as_bytes()))
        {
            let rest = text.get(written.len()..).unwrap_or_default();
            if rest.starts_with(':') || rest.starts_with("[:]") || rest.starts_with("[://]") {
                return Some((written.len(), scheme));
            }
        }
    }
    None
}

/// The marker `rest` starts with (in any case): its length and what it
/// stands for.
fn marker_at(rest: &[u8]) -> Option<(usize, &'static str)> {
    MARKERS.iter().find_map(|(marker, stands_for)| {
        rest.get(..marker.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(marker.as_bytes()))
            .then_some((marker.len(), *stands_for))
    })
}

/// Whether `bytes` hold a `[`, `(` or `{` (`[` and `{` differ in one
/// bit), read sixteen bytes at a time: a block's bytes are tested without
/// a branch, which the compiler turns into a few vector instructions.
fn has_opener(bytes: &[u8]) -> bool {
    let opener = |b: u8| u8::from(b == b'(') | u8::from(b | 0x20 == b'{');
    let mut blocks = bytes.chunks_exact(16);
    for block in &mut blocks {
        if block.iter().fold(0u8, |seen, &b| seen | opener(b)) != 0 {
            return true;
        }
    }
    // The last bytes: the last block of sixteen (which may read some bytes
    // twice), or one by one in a shorter text.
    let rest = blocks.remainder();
    if rest.is_empty() {
        return false;
    }
    match bytes.len().checked_sub(16).and_then(|at| bytes.get(at..)) {
        Some(last) => last.iter().fold(0u8, |seen, &b| seen | opener(b)) != 0,
        None => rest.iter().any(|&b| opener(b) != 0),
    }
}

/// Whether a marker stands somewhere in `text`: each starts with `[`, `(`
/// or `{`, so most texts are passed over by one scan for those bytes.
fn has_marker(text: &str) -> bool {
    let bytes = text.as_bytes();
    if !has_opener(bytes) {
        return false;
    }
    bytes.iter().enumerate().any(|(i, &b)| {
        (b == b'(' || b | 0x20 == b'{') && bytes.get(i..).and_then(marker_at).is_some()
    })
}

/// The link a defanged text stands for, or `None` when `text` uses none of
/// the conventions (`hxxp`/`hxxps`/`fxp` for the scheme; `[.]`, `(.)`,
/// `{.}`, `[dot]` for a dot; `[:]`, `[://]`, `[/]`, `[@]` for those
/// characters).
///
/// ```
/// assert_eq!(
///     onecontact::refang("hxxps://evil[.]example(.)com[/]login").as_deref(),
///     Some("https://evil.example.com/login")
/// );
/// assert_eq!(onecontact::refang("https://example.com/"), None);
/// ```
pub fn refang(text: &str) -> Option<String> {
    let trimmed = text.trim();
    let scheme = defanged_scheme(trimmed);
    if scheme.is_none() && !has_marker(trimmed) {
        return None;
    }
    let mut out = String::with_capacity(trimmed.len());
    let mut rest = trimmed;
    if let Some((len, scheme)) = scheme {
        out.push_str(scheme);
        rest = trimmed.get(len..).unwrap_or_default();
    }
    while !rest.is_empty() {
        if rest.starts_with(['[', '(', '{'])
            && let Some((len, stands_for)) = marker_at(rest.as_bytes())
        {
            out.push_str(stands_for);
            rest = rest.get(len..).unwrap_or_default();
            continue;
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            out.push(c);
        }
        rest = chars.as_str();
    }
    Some(out)
}

/// `url` written defanged, so that no program makes it a live link:
/// `http`/`https` become `hxxp`/`hxxps`, and every dot of the host `[.]`.
/// A text that is already defanged is returned as it is.
///
/// ```
/// assert_eq!(onecontact::defang("https://evil.example.com/a.html?x=1"), "hxxps://evil[.]example[.]com/a.html?x=1");
/// assert_eq!(onecontact::defang("evil.example/login"), "evil[.]example/login");
/// ```
pub fn defang(url: &str) -> Cow<'_, str> {
    let text = url.trim();
    if refang(text).is_some() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    if let Some((scheme, after)) = text.split_once("://") {
        match scheme.to_ascii_lowercase().as_str() {
            "http" => out.push_str("hxxp"),
            "https" => out.push_str("hxxps"),
            "ftp" => out.push_str("fxp"),
            _ => out.push_str(scheme),
        }
        out.push_str("://");
        rest = after;
    }
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    // Only the host's dots: a user name before `@` keeps its own.
    let (userinfo, host) = match authority.rsplit_once('@') {
        Some((user, host)) => (Some(user), host),
        None => (None, authority),
    };
    if let Some(user) = userinfo {
        out.push_str(user);
        out.push('@');
    }
    out.push_str(&host.replace('.', "[.]"));
    out.push_str(tail);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openers_are_found_at_every_place() {
        for len in 0..24 {
            let plain = "a".repeat(len);
            assert!(!has_opener(plain.as_bytes()), "{len}");
            for at in 0..len {
                for opener in ['[', '(', '{'] {
                    let mut text = plain.clone().into_bytes();
                    text[at] = opener as u8;
                    assert!(has_opener(&text), "{len} {at} {opener}");
                }
                // Bytes one bit away from an opener are none.
                for other in [b'Z', b'z', b')', b'*', b'\x08', b'\xa8', b'\xdb', b'\xfb'] {
                    let mut text = plain.clone().into_bytes();
                    text[at] = other;
                    assert!(!has_opener(&text), "{len} {at} {other}");
                }
            }
        }
    }

    #[test]
    fn every_convention_is_read() {
        for (defanged, live) in [
            ("hxxp://evil[.]com/path", "http://evil.com/path"),
            ("hXXps://evil(.)com", "https://evil.com"),
            ("https[:]//evil[.]com", "https://evil.com"),
            ("hxxps[://]evil{.}com[/]a", "https://evil.com/a"),
            ("evil[dot]com", "evil.com"),
            ("  fxp://files[.]example/x  ", "ftp://files.example/x"),
            ("https://user[@]evil[.]com/", "https://user@evil.com/"),
        ] {
            assert_eq!(refang(defanged).as_deref(), Some(live), "{defanged}");
        }
        for live in [
            "https://example.com/",
            "hxxpexample.com",
            "https://[::1]/",
            "a(b).com",
        ] {
            assert_eq!(refang(live), None, "{live}");
        }
    }

    #[test]
    fn a_defanged_link_reads_back_as_the_link() {
        for live in [
            "https://evil.example.com/a.b?x=1.2#f.g",
            "http://user.name@evil.example:8080/",
            "evil.example/login",
            "ftp://files.example/",
        ] {
            let defanged = defang(live);
            assert!(!defanged.contains("evil.example"), "{defanged}");
            assert_eq!(refang(&defanged).as_deref(), Some(live), "{live}");
            // Defanging twice changes nothing.
            assert_eq!(defang(&defanged), defanged);
        }
    }
}
