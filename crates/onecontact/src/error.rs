//! Why a text is not a web address (rule 2).

/// The longest non-ASCII host accepted, in UTF-16 code units. Domain names
/// are at most 253 octets; the limit keeps the cost of Punycode and Unicode
/// normalization bounded on hostile input. ASCII hosts are never limited.
pub const MAX_NON_ASCII_HOST_UTF16: usize = 4096;

/// Why [`WebAddress::parse`](crate::WebAddress::parse) failed. Each variant
/// has a stable [`code`](WebError::code) and a message that says what to fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WebError {
    /// The address has no host where one is required (`https://`, `http:///x`).
    #[error("{}", explain(self))]
    HostMissing {
        /// The URL Standard's validation-error name (`host-missing`).
        validation_error: &'static str,
    },
    /// The host is not a valid domain, IP address or opaque host.
    #[error("{}", explain(self))]
    InvalidHost {
        /// The URL Standard's validation-error name (for example
        /// `host-invalid-code-point`, `domain-to-ASCII`,
        /// `IPv4-out-of-range-part`).
        validation_error: &'static str,
    },
    /// A non-ASCII host is longer than [`MAX_NON_ASCII_HOST_UTF16`] UTF-16
    /// code units (a hardening limit, not in the URL Standard).
    #[error(
        "the host is {length} characters (UTF-16 code units) long and not plain ASCII; \
         a domain name is at most 253 characters, so this cannot be a real host \
         (hosts like this longer than {MAX_NON_ASCII_HOST_UTF16} are refused)"
    )]
    HostTooLong {
        /// The host's length in UTF-16 code units.
        length: usize,
    },
    /// The port is not a number from 0 to 65535.
    #[error("{}", explain(self))]
    InvalidPort {
        /// The URL Standard's validation-error name (`port-invalid` or
        /// `port-out-of-range`).
        validation_error: &'static str,
    },
    /// The text is not a URL for another reason.
    #[error("{}", explain(self))]
    InvalidUrl {
        /// The URL Standard's validation-error name, when the parser gave one.
        validation_error: &'static str,
    },
}

impl WebError {
    /// The stable error code: `web.host-missing`, `web.invalid-host`,
    /// `web.invalid-port` or `web.invalid-url`.
    pub fn code(&self) -> &'static str {
        match self {
            WebError::HostMissing { .. } => "web.host-missing",
            WebError::InvalidHost { .. } | WebError::HostTooLong { .. } => "web.invalid-host",
            WebError::InvalidPort { .. } => "web.invalid-port",
            WebError::InvalidUrl { .. } => "web.invalid-url",
        }
    }

    /// The URL Standard's validation-error name behind the failure, if any.
    pub fn validation_error(&self) -> Option<&'static str> {
        match self {
            WebError::HostMissing { validation_error }
            | WebError::InvalidHost { validation_error }
            | WebError::InvalidPort { validation_error }
            | WebError::InvalidUrl { validation_error } => Some(validation_error),
            WebError::HostTooLong { .. } => None,
        }
    }

    /// Chooses the error for a failure the URL parser reported with the
    /// validation-error `name`.
    pub(crate) fn from_validation_error(name: &'static str) -> WebError {
        if name == "host-missing" {
            WebError::HostMissing {
                validation_error: name,
            }
        } else if name.starts_with("port-") {
            WebError::InvalidPort {
                validation_error: name,
            }
        } else if name.starts_with("IPv4-")
            || name.starts_with("IPv6-")
            || name.starts_with("domain-")
            || name.starts_with("host-")
            || name.starts_with("opaque-host")
        {
            WebError::InvalidHost {
                validation_error: name,
            }
        } else {
            WebError::InvalidUrl {
                validation_error: name,
            }
        }
    }
}

/// The message for an error: what is wrong, in words, and what to do.
fn explain(error: &WebError) -> String {
    let name = error.validation_error().unwrap_or("");
    let what = match name {
        "host-missing" => {
            "the address has no host: write the site's name after the scheme, \
             as in `https://example.com/`"
        }
        "port-out-of-range" => "the port is larger than 65535, the highest port there is",
        "port-invalid" => {
            "the port (after the `:` following the host) must be digits only, \
             as in `example.com:8080`"
        }
        "domain-to-ASCII" => {
            "the host is not a valid domain name: some label is not allowed in an \
             internationalized domain name (check for stray symbols, mixed scripts \
             or a misplaced hyphen)"
        }
        "domain-invalid-code-point" | "host-invalid-code-point" => {
            "the host contains a character a host name cannot have (such as a space, \
             `<`, `>`, `^`, `|` or `%`); remove it"
        }
        n if n.starts_with("IPv4-in-IPv6") => {
            "the IPv4 part at the end of the bracketed IPv6 address is not valid"
        }
        n if n.starts_with("IPv4-") => {
            "the host looks like an IPv4 address (it ends in a number) but is not a \
             valid one: use four numbers from 0 to 255, as in `192.0.2.1`"
        }
        n if n.starts_with("IPv6-") => {
            "the host in square brackets is not a valid IPv6 address, as in `[2001:db8::1]`"
        }
        "missing-scheme-non-relative-URL" => "the text has no scheme and is not a URL",
        _ => match error {
            WebError::InvalidHost { .. } => "the host is not valid",
            WebError::InvalidPort { .. } => "the port is not valid",
            _ => "the text is not a valid web address",
        },
    };
    if name.is_empty() {
        what.to_owned()
    } else {
        format!("{what} ({name})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_the_validation_error() {
        let code = |n| WebError::from_validation_error(n).code();
        assert_eq!(code("host-missing"), "web.host-missing");
        assert_eq!(code("port-out-of-range"), "web.invalid-port");
        assert_eq!(code("port-invalid"), "web.invalid-port");
        for n in [
            "host-invalid-code-point",
            "domain-invalid-code-point",
            "domain-to-ASCII",
            "IPv4-out-of-range-part",
            "IPv4-too-many-parts",
            "IPv4-non-numeric-part",
            "IPv6-unclosed",
            "IPv6-invalid-code-point",
            "IPv4-in-IPv6-out-of-range-part",
        ] {
            assert_eq!(code(n), "web.invalid-host", "{n}");
        }
        assert_eq!(code("missing-scheme-non-relative-URL"), "web.invalid-url");
        assert_eq!(code("invalid-URL-unit"), "web.invalid-url");
        assert_eq!(
            WebError::HostTooLong { length: 5000 }.code(),
            "web.invalid-host"
        );
    }

    #[test]
    fn messages_say_what_to_fix() {
        let msg = |n| WebError::from_validation_error(n).to_string();
        assert!(msg("port-out-of-range").contains("65535"));
        assert!(msg("port-invalid").contains("digits"));
        assert!(msg("host-missing").contains("https://example.com/"));
        assert!(msg("IPv4-out-of-range-part").contains("0 to 255"));
        assert!(msg("IPv6-unclosed").contains("IPv6"));
        assert!(msg("host-invalid-code-point").contains("character"));
        assert!(msg("something-new").contains("not a valid web address"));
        assert!(msg("host-missing").ends_with("(host-missing)"));
        assert!(
            WebError::HostTooLong { length: 5000 }
                .to_string()
                .contains("5000")
        );
    }
}
