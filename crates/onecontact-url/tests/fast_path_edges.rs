//! Inputs at the edges of the fast path's block-at-a-time scan: dot
//! segments, uppercase letters and stop bytes on either side of a group
//! boundary. Each must parse as the full state machine parses it.

use onecontact_url::Url;
use onecontact_url::fuzzing::check_parse;

/// Every filler length from 0 to 32 before `tail`, so that `tail` falls at
/// every offset within a block of sixteen bytes, and across two.
fn shifted(head: &str, tail: &str) -> Vec<String> {
    (0..33)
        .map(|n| format!("{head}{}{tail}", "a".repeat(n)))
        .collect()
}

#[test]
fn dot_segments_at_every_offset_take_the_full_parser() {
    for tail in [
        "/./b",
        "/../b",
        "/%2e/b",
        "/%2E%2e/b",
        "/.%2e",
        "/.",
        "/..?q",
        "/..#f",
    ] {
        for input in shifted("http://example.com/", tail) {
            check_parse(&input).unwrap();
            let url = Url::parse(&input).unwrap();
            assert!(
                !url.path().split('/').any(|s| s == "." || s == ".."),
                "{input} -> {}",
                url.as_str()
            );
        }
    }
}

#[test]
fn segments_that_only_start_like_dots_stay_as_written() {
    for tail in ["/.well-known/x", "/%41b", "/.../x", "/a.b/c.d", "/..x"] {
        for input in shifted("https://example.com/", tail) {
            check_parse(&input).unwrap();
            assert_eq!(Url::parse(&input).unwrap().as_str(), input);
        }
    }
}

#[test]
fn uppercase_hosts_at_every_offset_are_lowercased() {
    for input in shifted("HTTP://", "EXAMPLE.COM/Path") {
        check_parse(&input).unwrap();
        let url = Url::parse(&input).unwrap();
        assert_eq!(
            url.as_str(),
            input.to_ascii_lowercase().replace("/path", "/Path")
        );
    }
}

#[test]
fn hosts_ending_in_a_number_and_stop_bytes_at_every_offset() {
    for tail in [
        ".1/", ".0x1.", ":8080/x", "/a b", "/a\\b", "?q r", "#f\u{0}", "/é",
    ] {
        for input in shifted("http://", tail) {
            check_parse(&input).unwrap();
        }
    }
    for input in [
        "file:///C|/x",
        "file://localhost/x",
        "ws://a",
        "ws://A",
        "wss://a.b./",
    ] {
        check_parse(input).unwrap();
    }
}

#[test]
fn the_last_group_of_a_text_is_read_like_the_others() {
    // The scan reads a text's last bytes as one group of eight, moved down;
    // texts shorter than eight bytes are padded. Every end falls at every
    // offset of a group here, right after a `/`, a `.`, an uppercase letter
    // or a byte the fast path refuses.
    for tail in [
        "/", "/.", "/..", "/%2e", "/.x", "/A", "/a/", "/aé", "/a\u{7f}", "/a%", "Z/x", ".",
    ] {
        for input in shifted("ws://", tail) {
            check_parse(&input).unwrap();
        }
        for input in shifted("https://h.example/p", tail) {
            check_parse(&input).unwrap();
        }
    }
    for input in ["ws://a/", "ws://A/", "ws://a/.", "ws://é/", "ws:/", "ws://"] {
        check_parse(input).unwrap();
    }
    // A non-ASCII byte after the path's run carries nothing into it.
    for input in shifted("https://h.example/", "/./\u{e9}\u{e9}") {
        check_parse(&input).unwrap();
        assert!(
            !Url::parse(&input).unwrap().path().contains("/./"),
            "{input}"
        );
    }
}
