//! The one name of a host that the host warnings read.
//!
//! A browser and a resolver read `paypal.com.secure-login.example.` (a root
//! dot) and `paypal.com..secure-login.example` (an empty label) as the host
//! without the dot and without the empty label. Every other spelling of a
//! host (upper case, the dots U+3002, U+FF0E and U+FF61, percent-encoded
//! bytes) is already undone by the URL parser, so the name without empty
//! labels is the same for every spelling a browser reads as one host.

use std::borrow::Cow;

/// `host` without a root dot and without empty labels (borrowed when it has
/// neither, the common case): `a..b.example.` is `a.b.example`.
pub(crate) fn warning_name(host: &str) -> Cow<'_, str> {
    let bytes = host.as_bytes();
    // Two dots in a row, looked for without a branch per byte (a fold the
    // compiler runs over many bytes at once).
    let double_dot = bytes
        .iter()
        .zip(bytes.get(1..).unwrap_or_default())
        .fold(false, |seen, (&a, &b)| seen | (a == b'.' && b == b'.'));
    let clean = bytes.first() != Some(&b'.') && bytes.last() != Some(&b'.') && !double_dot;
    if clean {
        return Cow::Borrowed(host);
    }
    let mut out = String::with_capacity(host.len());
    for label in host.split('.').filter(|l| !l.is_empty()) {
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(label);
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_dots_and_empty_labels_are_dropped() {
        assert!(matches!(
            warning_name("a.example"),
            Cow::Borrowed("a.example")
        ));
        assert_eq!(warning_name("a.example."), "a.example");
        assert_eq!(
            warning_name("paypal.com..secure-login.example"),
            "paypal.com.secure-login.example"
        );
        assert_eq!(warning_name(".a...b.."), "a.b");
        assert_eq!(warning_name("..."), "");
    }
}
