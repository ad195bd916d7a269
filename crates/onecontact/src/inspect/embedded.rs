//! Full URLs hidden in a path or a query.

use onecontact_bytes::word::holds_byte;
use onecontact_url::Url;
use onecontact_url::percent_encoding::percent_decode_str;

/// Schemes whose appearance inside a path or query means a whole URL, each
/// without its `:`, and whether anything may follow the `:` (`javascript:`
/// and `data:`) rather than `/` or `\\` only.
const SCHEMES: &[(&str, bool)] = &[
    ("https", false),
    ("http", false),
    ("ftp", false),
    ("wss", false),
    ("ws", false),
    ("javascript", true),
    ("data", true),
];

/// The first embedded URL in `text` (percent-decoded first): a scheme from
/// [`SCHEMES`] that starts a word (no ASCII letter or digit before it),
/// followed by `:` and `/` or `\` (or, for `javascript:` and `data:`,
/// anything), up to the end of the text.
///
/// One pass over the `:`s of the decoded text: a scheme ends at a `:`, and
/// the first `:` that ends one gives the earliest URL, since a scheme's
/// letters hold no `:`. Text without `:` or `%` has no URL and is not
/// decoded.
pub(crate) fn find_url(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    if !holds_byte(bytes, b':') && !holds_byte(bytes, b'%') {
        return None;
    }
    let decoded = percent_decode_str(text);
    let bytes = decoded.as_bytes();
    let mut colons = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b':')
        .map(|(i, _)| i);
    let start = colons.find_map(|colon| {
        let before = bytes.get(..colon)?;
        let after = bytes.get(colon + 1).copied();
        SCHEMES.iter().find_map(|(scheme, anything_after)| {
            let start = colon.checked_sub(scheme.len())?;
            let written = before.get(start..)?;
            let starts_word = start
                .checked_sub(1)
                .and_then(|i| bytes.get(i))
                .is_none_or(|b| !b.is_ascii_alphanumeric());
            let is_url = *anything_after || matches!(after, Some(b'/' | b'\\'));
            (written.eq_ignore_ascii_case(scheme.as_bytes()) && starts_word && is_url)
                .then_some(start)
        })
    })?;
    decoded.get(start..).map(str::to_owned)
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
        assert_eq!(find_url("/a/HTTPS://x").as_deref(), Some("HTTPS://x"));
        assert_eq!(find_url("/a/wss:/x").as_deref(), Some("wss:/x"));
        assert_eq!(find_url("/x/data:text").as_deref(), Some("data:text"));
        assert_eq!(find_url("/mydata:x"), None);
        assert_eq!(find_url("/http:x/ftp:\\\\y").as_deref(), Some("ftp:\\\\y"));
        assert_eq!(
            find_url("/a%3Ajavascript%3Aalert(1)").as_deref(),
            Some("javascript:alert(1)")
        );
        assert_eq!(find_url("/plain/path"), None);
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
