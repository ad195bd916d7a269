//! Special schemes and their default ports
//! (<https://url.spec.whatwg.org/#special-scheme>, <https://url.spec.whatwg.org/#default-port>).

/// The URL Standard's special schemes, in the Standard's order. Their URLs
/// always have a host (for `file`, possibly an empty one), so
/// `http:example.com` means `http://example.com/`.
///
/// ```
/// assert!(onecontact_url::SPECIAL_SCHEMES.contains(&"wss"));
/// ```
pub const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// Whether `scheme` (lowercase, without the `:`) is a special scheme.
///
/// ```
/// use onecontact_url::is_special_scheme;
///
/// assert!(is_special_scheme("https"));
/// assert!(is_special_scheme("file"));
/// assert!(!is_special_scheme("mailto"));
/// // Schemes are lowercased by the parser; this takes them as the URL has them.
/// assert!(!is_special_scheme("HTTP"));
/// ```
pub fn is_special_scheme(scheme: &str) -> bool {
    SchemeType::from_scheme(scheme).is_special()
}

/// The default port of a special scheme (lowercase, without the `:`);
/// `None` for `file` and for every other scheme.
///
/// ```
/// use onecontact_url::default_port;
///
/// assert_eq!(default_port("https"), Some(443));
/// assert_eq!(default_port("ftp"), Some(21));
/// assert_eq!(default_port("file"), None);
/// assert_eq!(default_port("gopher"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    SchemeType::from_scheme(scheme).default_port()
}

/// Which special scheme a URL has, if any. Stored in one byte of [`crate::Url`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum SchemeType {
    /// Not a special scheme.
    NotSpecial,
    Http,
    Https,
    Ws,
    Wss,
    Ftp,
    File,
}

impl SchemeType {
    /// Classifies a lowercase scheme.
    #[inline]
    pub(crate) fn from_scheme(scheme: &str) -> SchemeType {
        SchemeType::from_scheme_bytes(scheme.as_bytes())
    }

    /// [`SchemeType::from_scheme`] of the bytes of a lowercase scheme.
    #[inline]
    pub(crate) fn from_scheme_bytes(scheme: &[u8]) -> SchemeType {
        match scheme {
            b"http" => SchemeType::Http,
            b"https" => SchemeType::Https,
            b"ws" => SchemeType::Ws,
            b"wss" => SchemeType::Wss,
            b"ftp" => SchemeType::Ftp,
            b"file" => SchemeType::File,
            _ => SchemeType::NotSpecial,
        }
    }

    /// Whether the scheme is special.
    #[inline]
    pub(crate) fn is_special(self) -> bool {
        self != SchemeType::NotSpecial
    }

    /// Whether the scheme is `file`.
    #[inline]
    pub(crate) fn is_file(self) -> bool {
        self == SchemeType::File
    }

    /// The scheme's default port.
    #[inline]
    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::Ftp => Some(21),
            SchemeType::File | SchemeType::NotSpecial => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_and_the_classification_agree() {
        for scheme in SPECIAL_SCHEMES {
            assert!(is_special_scheme(scheme), "{scheme}");
        }
        for scheme in ["", "gopher", "https:", "httpss", "blob"] {
            assert!(!is_special_scheme(scheme), "{scheme}");
        }
    }
}
