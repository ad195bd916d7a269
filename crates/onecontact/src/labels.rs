//! Facts about the labels of a serialized host that every layer asks:
//! whether a label, or some label of a host, is Punycode (`xn--`).

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

/// Whether `bytes` holds `--`, looking at eight bytes at a time.
fn has_double_hyphen(bytes: &[u8]) -> bool {
    let Some(last) = bytes.len().checked_sub(8) else {
        return bytes.windows(2).any(|pair| pair == b"--");
    };
    let pair_at = |at: usize| {
        let word = bytes
            .get(at..)
            .and_then(<[u8]>::first_chunk::<8>)
            .map_or(0, |chunk| u64::from_le_bytes(*chunk));
        let hyphens = onecontact_bytes::word::bytes_equal(word, b'-');
        hyphens & (hyphens >> 8) != 0
    };
    // Windows of eight bytes, seven apart, so that every two neighbouring
    // bytes fall in one window; the last one ends where the bytes end.
    let mut at = 0usize;
    while at < last {
        if pair_at(at) {
            return true;
        }
        at += 7;
    }
    pair_at(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_hyphens_at_every_place_and_length() {
        for len in 0..26 {
            let plain = vec![b'a'; len];
            assert!(!has_double_hyphen(&plain), "{len}");
            for i in 0..len.saturating_sub(1) {
                let mut two = plain.clone();
                two[i] = b'-';
                two[i + 1] = b'-';
                assert!(has_double_hyphen(&two), "{len} {i}");
                if i + 2 < len {
                    let mut apart = plain.clone();
                    apart[i] = b'-';
                    apart[i + 2] = b'-';
                    assert!(!has_double_hyphen(&apart), "{len} {i}");
                }
            }
        }
    }

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
}
