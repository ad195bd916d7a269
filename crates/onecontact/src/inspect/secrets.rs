//! Query parameter names that usually carry secrets.

/// What kind of secret a parameter name suggests, or `None`.
///
/// The name is compared lowercase with everything but letters and digits
/// removed, so `api_key`, `API-Key` and `apiKey` are the same.
pub(crate) fn secret_kind(name: &str) -> Option<&'static str> {
    // Most names fold into a buffer on the stack; a longer one into a string.
    let mut buffer = [0u8; 32];
    let mut len = 0;
    let mut long = Vec::new();
    for b in name.bytes().filter(u8::is_ascii_alphanumeric) {
        let b = b.to_ascii_lowercase();
        match buffer.get_mut(len) {
            Some(slot) if long.is_empty() => {
                *slot = b;
                len += 1;
            }
            _ => {
                if long.is_empty() {
                    long.extend_from_slice(buffer.get(..len).unwrap_or_default());
                }
                long.push(b);
            }
        }
    }
    let folded: &[u8] = if long.is_empty() {
        buffer.get(..len).unwrap_or_default()
    } else {
        &long
    };
    const EXACT: &[(&str, &str)] = &[
        ("pwd", "password"),
        ("pass", "password"),
        ("passcode", "password"),
        ("pin", "password"),
        ("key", "API key"),
        ("apikey", "API key"),
        ("sid", "session identifier"),
        ("auth", "authentication token"),
        ("authorization", "authentication token"),
        ("bearer", "authentication token"),
        ("jwt", "authentication token"),
        ("otp", "one-time code"),
        ("sig", "signature"),
        ("signature", "signature"),
        ("credential", "credential"),
        ("credentials", "credential"),
        ("reset", "password-reset code"),
    ];
    const CONTAINS: &[(&str, &str)] = &[
        ("password", "password"),
        ("passwd", "password"),
        ("secret", "secret"),
        ("token", "token"),
        ("apikey", "API key"),
        ("accesskey", "API key"),
        ("privatekey", "private key"),
        ("session", "session identifier"),
        ("sessid", "session identifier"),
        ("resetcode", "password-reset code"),
        ("resetkey", "password-reset code"),
        ("amzsignature", "signature"),
        ("amzcredential", "credential"),
    ];
    if let Some((_, kind)) = EXACT.iter().find(|(n, _)| n.as_bytes() == folded) {
        return Some(kind);
    }
    CONTAINS
        .iter()
        .find(|(part, _)| holds(folded, part.as_bytes()))
        .map(|(_, kind)| *kind)
}

/// Whether `part` (not empty) stands in `text`: its first byte found, then
/// the rest compared (the names are short, no searcher is built).
fn holds(text: &[u8], part: &[u8]) -> bool {
    let Some((&first, rest)) = part.split_first() else {
        return true;
    };
    text.windows(part.len())
        .any(|w| w.first() == Some(&first) && w.get(1..) == Some(rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_carry_secrets() {
        assert_eq!(secret_kind("access_token"), Some("token"));
        assert_eq!(secret_kind("API-Key"), Some("API key"));
        assert_eq!(secret_kind("password"), Some("password"));
        assert_eq!(secret_kind("PHPSESSID"), Some("session identifier"));
        assert_eq!(secret_kind("reset_code"), Some("password-reset code"));
        assert_eq!(secret_kind("X-Amz-Signature"), Some("signature"));
        assert_eq!(secret_kind("page"), None);
        assert_eq!(secret_kind("keyword"), None);
        assert_eq!(secret_kind("q"), None);
        // Longer than the buffer on the stack.
        assert_eq!(
            secret_kind("a_very_long_parameter_name_with_a_session_inside"),
            Some("session identifier")
        );
        assert_eq!(secret_kind("a_very_long_parameter_name_without_one"), None);
    }
}
