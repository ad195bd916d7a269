//! `decode` names each broken escape and each sequence that is not UTF-8,
//! with its byte offset.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use onecontact_report::{Component, decode};

#[test]
fn each_broken_escape_has_a_note_with_its_offset() {
    let r = decode(Component::QueryValue, "%zz%4");
    assert_eq!(r.output, "%zz%4");
    let notes: Vec<(&str, Option<usize>)> = r.notes.iter().map(|n| (n.code, n.offset)).collect();
    assert_eq!(
        notes,
        [("broken-escape", Some(0)), ("broken-escape", Some(3))]
    );
    assert!(
        r.notes[0].message.starts_with("%zz at byte 0 "),
        "{}",
        r.notes[0].message
    );
    assert!(
        r.notes[1].message.starts_with("%4 at byte 3 "),
        "{}",
        r.notes[1].message
    );
    // A % at the very end, and one before a multi-byte character.
    let r = decode(Component::PathSegment, "a%é%");
    let notes: Vec<(&str, Option<usize>)> = r.notes.iter().map(|n| (n.code, n.offset)).collect();
    assert_eq!(
        notes,
        [("broken-escape", Some(1)), ("broken-escape", Some(4))]
    );
    assert!(
        r.notes[0].message.starts_with("%é at byte 1 "),
        "{}",
        r.notes[0].message
    );
    // Good escapes draw nothing.
    assert!(
        decode(Component::PathSegment, "caf%C3%A9%2F")
            .notes
            .iter()
            .all(|n| n.code != "broken-escape")
    );
}

#[test]
fn each_sequence_that_is_not_utf8_has_a_note_with_its_offset() {
    let r = decode(Component::PathSegment, "%C3(x%E2%82");
    assert!(r.invalid_utf8);
    let notes: Vec<(&str, Option<usize>)> = r.notes.iter().map(|n| (n.code, n.offset)).collect();
    assert_eq!(
        notes,
        [("invalid-utf8", Some(0)), ("invalid-utf8", Some(5))]
    );
    assert!(
        r.notes[1]
            .message
            .starts_with("%E2%82 at byte 5 is the bytes E2 82")
    );
}

#[cfg(feature = "serde")]
#[test]
fn offsets_are_in_the_json_only_where_a_note_has_one() {
    let r = decode(Component::QueryValue, "a+%zz");
    let v = serde_json::to_value(&r).unwrap();
    let notes = v["notes"].as_array().unwrap();
    let broken = notes.iter().find(|n| n["code"] == "broken-escape").unwrap();
    assert_eq!(broken["offset"], 2);
    let plus = notes.iter().find(|n| n["code"] == "plus-as-space").unwrap();
    assert!(plus.get("offset").is_none());
}
