//! Special schemes and their default ports
//! (<https://url.spec.whatwg.org/#special-scheme>, <https://url.spec.whatwg.org/#default-port>).

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
        match scheme {
            "http" => SchemeType::Http,
            "https" => SchemeType::Https,
            "ws" => SchemeType::Ws,
            "wss" => SchemeType::Wss,
            "ftp" => SchemeType::Ftp,
            "file" => SchemeType::File,
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
