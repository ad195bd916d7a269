//! The reason a text is not a URL, in words: the validation error's
//! description made concrete with the character or value at fault.

use onecontact_url::ValidationError;

/// How a sentence names a character: `a space`, `"<" (U+003C)`.
pub(crate) fn name_char(c: char) -> String {
    match c {
        ' ' => "a space".to_owned(),
        '\t' => "a tab".to_owned(),
        '\n' | '\r' => "a line break".to_owned(),
        '\u{a0}' => "a no-break space (U+00A0)".to_owned(),
        c if c.is_control() => format!("the control character U+{:04X}", u32::from(c)),
        c => format!("\"{c}\" (U+{:04X})", u32::from(c)),
    }
}

/// The authority of `source` (after `scheme://`, up to `/`, `?`, `#` or `\`),
/// or `None` when there is no `//`.
fn authority(source: &str) -> Option<&str> {
    let start = source.find("//")? + 2;
    let rest = source.get(start..)?;
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    rest.get(..end)
}

/// The host (with port) of `source`'s authority, without userinfo.
fn host_and_port(source: &str) -> Option<&str> {
    let authority = authority(source)?;
    Some(
        authority
            .rfind('@')
            .map_or(authority, |at| authority.get(at + 1..).unwrap_or_default()),
    )
}

/// The port text of `source`'s authority (after the last `:` outside brackets).
fn port_text(source: &str) -> Option<&str> {
    let host = host_and_port(source)?;
    let after_bracket = host.rfind(']').map_or(0, |b| b + 1);
    let colon = host.get(after_bracket..)?.rfind(':')? + after_bracket;
    host.get(colon + 1..)
}

/// The host text without the port.
fn host_text(source: &str) -> Option<&str> {
    let host = host_and_port(source)?;
    if host.starts_with('[') {
        return host.find(']').and_then(|end| host.get(..=end));
    }
    Some(host.split(':').next().unwrap_or(host))
}

/// The first character of the host that no host may hold.
fn forbidden_in_host(host: &str) -> Option<char> {
    host.chars().find(|&c| {
        c <= ' '
            || matches!(
                c,
                '#' | '/'
                    | ':'
                    | '<'
                    | '>'
                    | '?'
                    | '@'
                    | '['
                    | '\\'
                    | ']'
                    | '^'
                    | '|'
                    | '%'
                    | '\u{7f}'
            )
            || c.is_whitespace()
    })
}

/// The reason `source` failed with `kind` at byte `offset`, in words.
pub(crate) fn explain(kind: ValidationError, source: &str, offset: usize) -> String {
    use ValidationError as E;
    let at = source.get(offset..).and_then(|s| s.chars().next());
    match kind {
        E::HostInvalidCodePoint | E::DomainInvalidCodePoint => {
            let host = host_text(source).unwrap_or_default();
            let raw = forbidden_in_host(&host.replace('%', ""));
            let decoded = onecontact_url::percent_encoding::percent_decode_str(host);
            match raw {
                Some(c) => format!("the host contains {}, which a host cannot hold", name_char(c)),
                None if host.contains('%') => match forbidden_in_host(&decoded.replace('%', "")) {
                    Some(c) => format!(
                        "the host {host} contains {} once percent-decoded, which a host cannot hold",
                        name_char(c)
                    ),
                    None => "the host contains \"%\", which a domain cannot hold".to_owned(),
                },
                None => match at {
                    Some(c) => format!("the host contains {}, which a host cannot hold", name_char(c)),
                    None => kind.description().to_owned(),
                },
            }
        }
        E::PortOutOfRange => match port_text(source) {
            Some(port) if !port.is_empty() => {
                format!("the port {port} is above 65535, the largest port number")
            }
            _ => "the port is above 65535, the largest port number".to_owned(),
        },
        E::PortInvalid => match port_text(source) {
            Some(port) => format!("the port {port:?} must be digits only"),
            None => kind.description().to_owned(),
        },
        E::Ipv4OutOfRangePart => match host_text(source) {
            Some(host) if host.split('.').filter(|p| !p.is_empty()).count() >= 4 => {
                format!("the host {host} is read as an IPv4 address, and a part of it is above 255")
            }
            Some(host) => format!(
                "the host {host} is read as an IPv4 address in a short form, and a part of it is too large \
                 (above 255, or the last part above what the remaining bytes hold)"
            ),
            None => "a part of the IPv4 address is above 255".to_owned(),
        },
        E::Ipv4NonNumericPart => match host_text(source) {
            Some(host) => format!(
                "the host {host} ends in a number, so it must be an IPv4 address, but one of its parts is not a number"
            ),
            None => kind.description().to_owned(),
        },
        E::Ipv4TooManyParts => match host_text(source) {
            Some(host) => format!("the host {host} is read as an IPv4 address but has more than four parts"),
            None => kind.description().to_owned(),
        },
        E::DomainToAscii => match host_text(source) {
            Some(host) => format!("the host {host} is not a valid internationalized domain name"),
            None => kind.description().to_owned(),
        },
        E::HostMissing => "the URL needs a host (a domain or IP address after //) but has none".to_owned(),
        E::MissingSchemeNonRelativeUrl => {
            "no scheme (such as https:) is written and there is no base URL to resolve the text against"
                .to_owned()
        }
        _ => match at {
            Some(c) if matches!(kind, E::InvalidUrlUnit) => {
                format!("{} ({})", kind.description(), name_char(c))
            }
            _ => kind.description().to_owned(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_of_the_authority() {
        assert_eq!(
            host_text("https://u@ex ample.com:80/x"),
            Some("ex ample.com")
        );
        assert_eq!(port_text("https://h:99999/x"), Some("99999"));
        assert_eq!(port_text("https://[::1]:5/x"), Some("5"));
        assert_eq!(host_text("https://[::1]:5/x"), Some("[::1]"));
        assert_eq!(port_text("https://[::1]/x"), None);
    }

    #[test]
    fn characters_are_named() {
        assert_eq!(name_char(' '), "a space");
        assert_eq!(name_char('<'), "\"<\" (U+003C)");
    }
}
