//! Query parameter names that usually carry secrets.

/// What kind of secret a parameter name suggests, or `None`.
///
/// The name is compared lowercase with everything but letters and digits
/// removed, so `api_key`, `API-Key` and `apiKey` are the same.
pub(crate) fn secret_kind(name: &str) -> Option<&'static str> {
    let folded: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
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
    if let Some((_, kind)) = EXACT.iter().find(|(n, _)| *n == folded) {
        return Some(kind);
    }
    CONTAINS
        .iter()
        .find(|(part, _)| folded.contains(part))
        .map(|(_, kind)| *kind)
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
    }
}
