//! Telling what kind of contact a text is (rule 8).

use onecontact_psl::List;

use crate::gigo::Gigo;
use crate::input;

/// The kinds of contact a text can be recognized as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ContactKind {
    /// A web address: parse it with [`WebAddress::parse`](crate::WebAddress::parse).
    WebAddress,
}

/// Decides which kind of contact a text looks like, before it is parsed.
///
/// A text is a web address when, after trimming white space, it
/// - contains `://`, or
/// - starts with `www.` (any ASCII case), or
/// - is a bare domain, optionally followed by `:port`, a path, a query and a
///   fragment, whose last label is a top-level domain with a rule in the
///   ICANN section of the Public Suffix List.
///
/// So `example.com/about` and `shop.example.nl:8080` are web addresses, while
/// `notes.txt`, `1.5` and `John.Smith` are not.
///
/// ```
/// use onecontact::{ContactKind, ContactKindDetector};
///
/// assert_eq!(ContactKindDetector::detect("example.com/about"), Some(ContactKind::WebAddress));
/// assert_eq!(ContactKindDetector::detect("notes.txt"), None);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ContactKindDetector<'l> {
    list: &'l List,
}

impl Default for ContactKindDetector<'static> {
    fn default() -> Self {
        ContactKindDetector {
            list: List::baked(),
        }
    }
}

impl<'l> ContactKindDetector<'l> {
    /// A detector that uses `list` instead of the compiled-in Public Suffix List.
    pub fn with_list(list: &'l List) -> Self {
        ContactKindDetector { list }
    }

    /// A detector that uses the Public Suffix List of `data`.
    pub fn with_data(data: &'l crate::Data) -> Self {
        ContactKindDetector { list: data.psl() }
    }

    /// The kind of contact `text` looks like, using the compiled-in Public
    /// Suffix List; `None` when it is none of the known kinds.
    pub fn detect(text: &str) -> Option<ContactKind> {
        ContactKindDetector::default().kind_of(text)
    }

    /// The kind of contact `text` looks like, using this detector's list.
    pub fn kind_of(&self, text: &str) -> Option<ContactKind> {
        let (_, text) = input::trim(text);
        let web = text.contains("://")
            || text
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case("www."))
            || self.is_bare_domain(text);
        web.then_some(ContactKind::WebAddress)
    }

    /// `host[:port][/path][?query][#fragment]` whose host's last label is an
    /// ICANN top-level domain.
    fn is_bare_domain(&self, text: &str) -> bool {
        if text.chars().any(char::is_whitespace) {
            return false;
        }
        let host_end = text.find([':', '/', '?', '#', '\\']).unwrap_or(text.len());
        let (host, rest) = text.split_at(host_end);
        if let Some(after_colon) = rest.strip_prefix(':') {
            let port_end = after_colon
                .find(['/', '?', '#', '\\'])
                .unwrap_or(after_colon.len());
            let port = after_colon.get(..port_end).unwrap_or_gigo();
            if port.is_empty() || port.len() > 5 || !port.bytes().all(|b| b.is_ascii_digit()) {
                return false;
            }
        }
        let host = host.strip_suffix('.').unwrap_or(host);
        let mut labels = 0usize;
        let mut last = "";
        for label in host.split('.') {
            let valid = !label.is_empty()
                && label
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || !c.is_ascii());
            if !valid {
                return false;
            }
            labels += 1;
            last = label;
        }
        if labels < 2 {
            return false;
        }
        if last.is_ascii() {
            return self.list.is_icann_tld(last);
        }
        match onecontact_idna::domain_to_ascii(last) {
            Ok(ascii) => self.list.is_icann_tld(&ascii),
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn web(text: &str) -> bool {
        ContactKindDetector::detect(text) == Some(ContactKind::WebAddress)
    }

    #[test]
    fn seed_examples_are_not_web_addresses() {
        assert!(!web("notes.txt"));
        assert!(!web("1.5"));
        assert!(!web("John.Smith"));
    }

    #[test]
    fn scheme_separator_and_www_prefix() {
        assert!(web("https://example"));
        assert!(web("foo://bar"));
        assert!(web("www.example"));
        assert!(web("  WWW.Example.invalidtld "));
        assert!(!web("www"));
    }

    #[test]
    fn bare_domains_with_icann_tlds() {
        for text in [
            "example.com",
            "Example.COM.",
            "shop.example.nl:8080",
            "example.com/about?x=1#top",
            "example.com?x",
            "example.com#x",
            "sub.example.co.uk/a/b",
            "пример.рф",
            "example.xn--p1ai",
            "my-site.app",
        ] {
            assert!(web(text), "{text}");
        }
    }

    #[test]
    fn other_texts_are_not() {
        for text in [
            "",
            "example",
            "localhost:3000",
            "example.com:",
            "example.com:80a",
            "example.com:123456",
            "a..com",
            ".com",
            "user@example.com",
            "John.Smith is here",
            "example.com /x",
            "file.tar.gz",
            "a_b.com",
            "+31 20 123 4567",
        ] {
            assert!(!web(text), "{text}");
        }
    }
}
