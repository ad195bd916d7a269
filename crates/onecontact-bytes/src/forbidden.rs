//! The URL Standard's forbidden host and forbidden domain code points
//! (<https://url.spec.whatwg.org/#forbidden-host-code-point>,
//! <https://url.spec.whatwg.org/#forbidden-domain-code-point>): the one
//! list every crate of the workspace checks hosts against.

/// Whether `c` is a forbidden host code point: U+0000, tab, line feed,
/// carriage return, space, `#`, `/`, `:`, `<`, `>`, `?`, `@`, `[`, `\`,
/// `]`, `^` or `|`. An opaque host (of a URL whose scheme is not special)
/// may hold none of them.
///
/// ```
/// use onecontact_bytes::is_forbidden_host_code_point;
///
/// assert!(is_forbidden_host_code_point('|'));
/// assert!(is_forbidden_host_code_point(' '));
/// // `%` and other C0 controls are allowed in opaque hosts.
/// assert!(!is_forbidden_host_code_point('%'));
/// assert!(!is_forbidden_host_code_point('\u{1}'));
/// assert!(!is_forbidden_host_code_point('é'));
/// ```
pub const fn is_forbidden_host_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
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
    )
}

/// Whether `c` is a forbidden domain code point: a forbidden host code point
/// ([`is_forbidden_host_code_point`]), a C0 control, `%` or U+007F DELETE. A
/// domain (the host of a URL whose scheme is special) may hold none of them
/// once it is converted to ASCII.
///
/// ```
/// use onecontact_bytes::is_forbidden_domain_code_point;
///
/// assert!(is_forbidden_domain_code_point('%'));
/// assert!(is_forbidden_domain_code_point('\u{7F}'));
/// assert!(is_forbidden_domain_code_point('^'));
/// assert!(!is_forbidden_domain_code_point('-'));
/// assert!(!is_forbidden_domain_code_point('\u{80}'));
/// ```
pub const fn is_forbidden_domain_code_point(c: char) -> bool {
    is_forbidden_host_code_point(c) || matches!(c, '\0'..='\u{1F}' | '%' | '\u{7F}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_are_the_standards() {
        let host: Vec<char> = (0..=0x7F_u8)
            .map(char::from)
            .filter(|&c| is_forbidden_host_code_point(c))
            .collect();
        assert_eq!(host, "\0\t\n\r #/:<>?@[\\]^|".chars().collect::<Vec<_>>());
        let domain_only: Vec<char> = (0..=0xFF_u8)
            .map(char::from)
            .filter(|&c| is_forbidden_domain_code_point(c) && !is_forbidden_host_code_point(c))
            .collect();
        let mut want: Vec<char> = (1..=0x1F_u8)
            .map(char::from)
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        want.extend(['%', '\u{7F}']);
        want.sort_unstable();
        let mut got = domain_only;
        got.sort_unstable();
        assert_eq!(got, want);
    }
}
