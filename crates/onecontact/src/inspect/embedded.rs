//! Full URLs hidden in a path or a query.

use onecontact_url::Url;
use onecontact_url::percent_encoding::percent_decode_str;

/// Schemes whose appearance inside a path or query means a whole URL.
const SCHEMES: &[&str] = &[
    "https:",
    "http:",
    "ftp:",
    "wss:",
    "ws:",
    "javascript:",
    "data:",
];

/// The first embedded URL in `text` (percent-decoded first): a scheme from
/// [`SCHEMES`] followed by `/` or `\` (or, for `javascript:` and `data:`,
/// anything), up to the end of the text.
pub(crate) fn find_url(text: &str) -> Option<String> {
    let decoded = percent_decode_str(text);
    let lower = decoded.to_ascii_lowercase();
    let mut best: Option<usize> = None;
    for scheme in SCHEMES {
        let mut from = 0;
        while let Some(pos) = lower
            .get(from..)
            .and_then(|s| s.find(scheme))
            .map(|p| p + from)
        {
            from = pos + scheme.len();
            // The scheme must start a word: not preceded by a letter or digit.
            let before = pos
                .checked_sub(1)
                .and_then(|i| lower.as_bytes().get(i))
                .copied();
            if before.is_some_and(|b| b.is_ascii_alphanumeric()) {
                continue;
            }
            let after = lower.as_bytes().get(pos + scheme.len()).copied();
            let is_url =
                matches!(*scheme, "javascript:" | "data:") || matches!(after, Some(b'/' | b'\\'));
            if is_url {
                best = Some(best.map_or(pos, |b: usize| b.min(pos)));
                break;
            }
        }
    }
    best.and_then(|pos| decoded.get(pos..)).map(str::to_owned)
}

/// The host of an embedded URL, when it parses and has one.
pub(crate) fn host_of(embedded: &str) -> Option<String> {
    let url = Url::parse(embedded).ok()?;
    let host = url.host_str().unwrap_or_default();
    (!host.is_empty()).then(|| host.to_owned())
}

/// Whether a query value is itself a URL or a scheme-relative `//host`.
pub(crate) fn value_is_url(value: &str) -> Option<String> {
    let trimmed = value.trim();
    if let Some(rest) = trimmed.strip_prefix("//")
        && rest.contains('.')
    {
        return Some(trimmed.to_owned());
    }
    find_url(trimmed).filter(|found| found.len() == trimmed.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_in_paths() {
        assert_eq!(
            find_url("/https://www.bank.com/login").as_deref(),
            Some("https://www.bank.com/login")
        );
        assert_eq!(
            find_url("/go/https%3A%2F%2Fx.example").as_deref(),
            Some("https://x.example")
        );
        assert_eq!(find_url("/docs/http-caching"), None);
        assert_eq!(find_url("/xhttps://a"), None);
        assert_eq!(
            host_of("https://www.bank.com/login").as_deref(),
            Some("www.bank.com")
        );
    }

    #[test]
    fn urls_as_values() {
        assert!(value_is_url("https://evil.example/").is_some());
        assert!(value_is_url("//evil.example/x").is_some());
        assert!(value_is_url("see https://x").is_none());
        assert!(value_is_url("42").is_none());
    }
}
