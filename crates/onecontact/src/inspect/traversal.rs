//! Encoded path traversal: `.` and `..` segments hidden behind `%2F` or
//! `%5C`. The URL Standard resolves `..` (and `%2E%2E`) between real
//! slashes, but `%2F..%2F` is one segment to it; a server or proxy that
//! decodes the path before resolving it reads a way up the folder tree.

use onecontact_url::Url;
use onecontact_url::percent_encoding::percent_decode_str;

/// An encoded dot segment in a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EncodedDotSegment {
    /// The path as the URL holds it.
    pub(crate) path: String,
    /// The path as a server that decodes `%2F`, `%5C` and `%2E` first reads it.
    pub(crate) decoded: String,
    /// The escape that hides the separator (`%2F` or `%5C`, as written).
    pub(crate) escape: String,
    /// Its byte offset in the text as given, when it is found there.
    pub(crate) position: Option<usize>,
}

/// Where the first escape that a decoding server turns into a separator
/// (`%2F` or `%5C`, either case) stands in `segment`.
fn separator_escape(segment: &str) -> Option<usize> {
    segment
        .as_bytes()
        .windows(3)
        .position(|w| matches!(w, [b'%', b'2', b'f' | b'F'] | [b'%', b'5', b'c' | b'C']))
}

/// The encoded dot segment of `url`'s path, if it has one. `text` is the
/// text as typed (to find the position in it).
pub(crate) fn encoded_dot_segment(url: &Url, text: &str) -> Option<EncodedDotSegment> {
    if url.has_opaque_path() {
        return None;
    }
    let path = url.path();
    if !onecontact_bytes::word::holds_byte(path.as_bytes(), b'%') {
        return None;
    }
    for segment in path.split('/') {
        let Some(at) = separator_escape(segment) else {
            continue;
        };
        let decoded = percent_decode_str(segment).into_owned();
        let dotted = decoded
            .split(['/', '\\'])
            .any(|part| part == "." || part == "..");
        if !dotted {
            continue;
        }
        let escape = segment.get(at..at + 3).unwrap_or_default().to_owned();
        let position = text.find(segment).map(|start| start + at);
        return Some(EncodedDotSegment {
            path: path.to_owned(),
            decoded: percent_decode_str(path).into_owned(),
            escape,
            position,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Option<EncodedDotSegment> {
        let url = Url::parse(text).ok()?;
        encoded_dot_segment(&url, text)
    }

    #[test]
    fn finds_dot_segments_behind_encoded_separators() {
        let f = found("https://example.com/%2F..%2Fadmin").unwrap();
        assert_eq!(f.decoded, "//../admin");
        assert_eq!(f.escape, "%2F");
        assert_eq!(f.position, Some(20));
        let f = found("https://example.com/a/../../..%2f..%2fetc/passwd").unwrap();
        assert_eq!(f.path, "/..%2f..%2fetc/passwd");
        assert_eq!(f.decoded, "/../../etc/passwd");
        assert_eq!(f.escape, "%2f");
        assert!(found("https://example.com/..%5C..%5Cwin.ini").is_some());
        assert!(found("https://example.com/%2e%2e%2fsecret").is_some());
    }

    #[test]
    fn leaves_ordinary_paths_alone() {
        for text in [
            "https://example.com/a/b",
            "https://example.com/a%2Fb",
            "https://example.com/a/../b",
            "https://example.com/v1.2%2Fx",
            "https://example.com/..a%2Fb",
            "https://example.com/%2",
            "https://example.com/a%5",
        ] {
            assert_eq!(found(text), None, "{text}");
        }
    }
}
