//! A query or fragment that spells a host after the real one:
//! `https://evil.example#@www.bank.example/` goes to `evil.example`, but a
//! reader who sees `@www.bank.example` takes it for the host, as in
//! `user@host`. A `?` or `#` ends the host, so what follows never is one.

use onecontact_url::Url;

use super::warning::{Warning, WarningCode};
use crate::Reading;

/// Whether `text` reads like a domain name: labels of letters, digits and
/// hyphens (or any non-ASCII letter) with a dot, ending in a label of at
/// least two letters.
fn looks_like_domain(text: &str) -> bool {
    let name = text.strip_suffix('.').unwrap_or(text);
    let Some((_, last)) = name.rsplit_once('.') else {
        return false;
    };
    name.split('.').all(|label| {
        !label.is_empty()
            && label.chars().all(|c| {
                c.is_ascii_alphanumeric() || c == '-' || (!c.is_ascii() && c.is_alphanumeric())
            })
    }) && last.chars().count() >= 2
        && last.chars().all(|c| c.is_alphabetic())
}

/// The warning for the query or fragment of `url` (as `reading` wrote it)
/// that starts with `@` and a domain name, or with `//` and one.
pub(crate) fn spelled_host(reading: &Reading<'_>, url: &Url) -> Option<Warning> {
    let real = url.host_str()?;
    let spans = reading.spans();
    let parts = [
        ("query", '?', spans.query.clone()),
        ("fragment", '#', spans.fragment.clone()),
    ];
    for (part, delimiter, span) in parts {
        let Some(span) = span else { continue };
        let Some(written) = reading.written(Some(span.clone())) else {
            continue;
        };
        let after = written.trim_start_matches('/');
        let Some(rest) = after
            .strip_prefix('@')
            .or_else(|| (written.len() - after.len() >= 2).then_some(after))
        else {
            continue;
        };
        let candidate = rest
            .split(['/', '?', '#', ':', '\\', '&', '='])
            .next()
            .unwrap_or_default();
        if !looks_like_domain(candidate) || candidate.eq_ignore_ascii_case(real) {
            continue;
        }
        let shown = written
            .get(..written.len() - rest.len())
            .unwrap_or_default();
        let lead = reading.given().find(reading.text()).unwrap_or(0);
        let position = lead + span.start + shown.len().saturating_sub(1);
        return Some(
            Warning::new(
                WarningCode::HostSpelledAfterHost,
                format!(
                    "the {part} reads {delimiter}{shown}{candidate}, which a reader takes for the host ({candidate}), \
                     but the link goes to {real}: a {delimiter} ends the host, and nothing after it is one"
                ),
                Some(candidate.to_owned()),
            )
            .at(shown.chars().last(), Some(position)),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::Reader;

    fn warning(text: &str) -> Option<Warning> {
        let reading = Reader::new().read(text);
        let url = reading.url().unwrap().clone();
        spelled_host(&reading, &url)
    }

    #[test]
    fn a_host_after_a_query_or_fragment_is_found() {
        for (text, at) in [
            ("http://evil.com#@www.bank.com/", 16),
            ("http://evil.com?@www.bank.com/", 16),
            ("evil.com/?@www.bank.com", 10),
            ("  https://evil.com#//www.bank.com/login", 20),
        ] {
            let w = warning(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(w.evidence.as_deref(), Some("www.bank.com"), "{text}");
            assert_eq!(w.position, Some(at), "{text}");
            assert!(w.message.contains("goes to evil.com"), "{}", w.message);
        }
    }

    #[test]
    fn ordinary_queries_and_fragments_are_not() {
        for text in [
            "https://example.com/?q=www.bank.com",
            "https://example.com/#section",
            "https://example.com/?@handle",
            "https://example.com/#@example.com",
            "https://example.com/?a=1#@1.2",
        ] {
            assert!(warning(text).is_none(), "{text}");
        }
    }
}
