//! Questions about a parsed host, answered once for the crate: its kind's
//! name, whether it has `xn--` labels, and its Unicode form.

use onecontact_url::Host;

/// The name of a host's kind: `domain`, `ipv4`, `ipv6`, `opaque` or `empty`.
pub(crate) fn kind_name(host: &Host<&str>) -> &'static str {
    match host {
        Host::Domain(_) => "domain",
        Host::Ipv4(_) => "ipv4",
        Host::Ipv6(_) => "ipv6",
        Host::Opaque(_) => "opaque",
        Host::Empty => "empty",
    }
}

/// Whether a label (one dot-separated part of a serialized host) is
/// Punycode: it starts with `xn--`, ASCII case ignored.
pub(crate) fn is_xn_label(label: &str) -> bool {
    label
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
}

/// Whether some label of `host` starts with `xn--` (ASCII case ignored;
/// a serialized domain is lowercase anyway).
pub(crate) fn has_xn_label(host: &str) -> bool {
    let bytes = host.as_bytes();
    if !has_double_hyphen(bytes) {
        // Most hosts: no `--` anywhere, so no `xn--` label.
        return false;
    }
    let mut from = 0usize;
    // Look at each `-` only (a memchr search; most hosts have none): an
    // `xn--` label has `--` at its third byte.
    while let Some(at) = bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|&b| b == b'-'))
    {
        let i = from + at;
        if i >= 2
            && bytes.get(i + 1) == Some(&b'-')
            && bytes
                .get(i - 2..i)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"xn"))
            && (i == 2 || bytes.get(i - 3) == Some(&b'.'))
        {
            return true;
        }
        from = i + 1;
    }
    false
}

/// The Unicode form of a domain with `xn--` labels, for display; `None`
/// when it has none or the form is the same.
pub(crate) fn unicode_form(domain: &str) -> Option<String> {
    if !has_xn_label(domain) {
        return None;
    }
    let (unicode, _) = onecontact_idna::domain_to_unicode(domain);
    (unicode != domain).then_some(unicode)
}

/// Whether `bytes` holds `--`, eight bytes per step.
fn has_double_hyphen(bytes: &[u8]) -> bool {
    let mut before = false;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in chunks.by_ref() {
        let word = u64::from_le_bytes(<[u8; 8]>::try_from(chunk).unwrap_or_default());
        let hyphens = crate::key::bytes_equal(word, b'-');
        if hyphens & (hyphens >> 8) != 0 || (before && hyphens & 0x80 != 0) {
            return true;
        }
        before = hyphens >> 63 != 0;
    }
    for &b in chunks.remainder() {
        if b == b'-' && before {
            return true;
        }
        before = b == b'-';
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xn_labels() {
        assert!(has_xn_label("xn--nxasmq6b.com"));
        assert!(has_xn_label("a.XN--p1ai"));
        assert!(!has_xn_label("axn--b.com"));
        assert!(!has_xn_label("xn-.com"));
        assert!(has_xn_label("x.xx.xn--a"));
        assert!(!has_xn_label("x.xxn--a.x"));
        assert!(!has_xn_label("xn-"));
        assert!(!has_xn_label(""));
        // `--` at every place relative to the eight-byte steps.
        for at in 0..20 {
            let host = format!("{}.xn--a.com", "a".repeat(at));
            assert!(has_xn_label(&host), "{host}");
            let host = format!("{}xn-.-a.com", "a.".repeat(at));
            assert!(!has_xn_label(&host), "{host}");
            let mut host = "b".repeat(24);
            host.replace_range(at..at + 2, "--");
            assert!(has_double_hyphen(host.as_bytes()), "{host}");
            assert!(!has_double_hyphen(host.replace("--", "-.").as_bytes()));
        }
    }

    #[test]
    fn unicode_forms() {
        assert_eq!(
            unicode_form("xn--mnchen-3ya.de").as_deref(),
            Some("münchen.de")
        );
        assert_eq!(unicode_form("example.com"), None);
    }
}
