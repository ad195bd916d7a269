//! [`encode`] and [`decode`]: percent-encoding one component of a URL.
//!
//! The rule is to encode what would end the component you are in: `/` and
//! `?` in a path segment, `&`, `=` and `+` in a query value, `@` and `:` in
//! userinfo. Encoding a whole URL and encoding one component are different
//! operations; these functions do the second.

use std::str::FromStr;

use onecontact_url::form_urlencoded;
use onecontact_url::percent_encoding::{
    AsciiSet, FRAGMENT, PATH, SPECIAL_QUERY, USERINFO, percent_decode, utf8_percent_encode,
};

use crate::read_options::Note;

/// A component of a URL whose value is encoded or decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Component {
    /// One segment of a path: `/`, `?`, `#`, `%`, space and the other
    /// characters the path set holds are encoded; `&`, `=` and `+` stay.
    PathSegment,
    /// A name or value in a query: `&`, `=`, `+`, `#`, `%` and space are
    /// encoded (space as `%20`); `/` and `?` stay.
    QueryValue,
    /// A user name or password: the userinfo set plus `%`, so `@`, `:` and
    /// `/` are encoded.
    Userinfo,
    /// A fragment: the fragment set plus `%`.
    Fragment,
    /// `application/x-www-form-urlencoded` (an HTML form body): everything
    /// but ASCII letters, digits, `*`, `-`, `.` and `_` is encoded, and space
    /// becomes `+`.
    Form,
}

impl Component {
    /// Every component.
    pub const ALL: [Component; 5] = [
        Component::PathSegment,
        Component::QueryValue,
        Component::Userinfo,
        Component::Fragment,
        Component::Form,
    ];

    /// The stable name (`path-segment`, `query-value`, `userinfo`,
    /// `fragment`, `form`).
    pub fn name(self) -> &'static str {
        match self {
            Component::PathSegment => "path-segment",
            Component::QueryValue => "query-value",
            Component::Userinfo => "userinfo",
            Component::Fragment => "fragment",
            Component::Form => "form",
        }
    }

    /// The encode set used for the component (form excepted, which also
    /// turns space into `+`).
    fn set(self) -> AsciiSet {
        match self {
            Component::PathSegment => PATH.add_all(b"/%\\"),
            Component::QueryValue => SPECIAL_QUERY.add_all(b"&=+%"),
            Component::Userinfo => USERINFO.add(b'%'),
            Component::Fragment => FRAGMENT.add(b'%'),
            Component::Form => onecontact_url::percent_encoding::FORM_URLENCODED,
        }
    }
}

impl std::fmt::Display for Component {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Component::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown component {0:?}; use path-segment, query-value, userinfo, fragment or form")]
pub struct UnknownComponent(pub String);

impl FromStr for Component {
    type Err = UnknownComponent;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Component::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownComponent(s.to_owned()))
    }
}

/// The result of [`encode`] or [`decode`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CodecReport {
    /// The component.
    pub component: Component,
    /// `encode` or `decode`.
    pub direction: &'static str,
    /// The text given.
    pub input: String,
    /// The result.
    pub output: String,
    /// For decoding: whether the bytes were not valid UTF-8 (each bad
    /// sequence became U+FFFD).
    pub invalid_utf8: bool,
    /// What a reader should know about the result.
    pub notes: Vec<Note>,
}

/// Each `%` of `text` that does not start an escape (two hexadecimal
/// digits after it): what is written there (the `%` and up to two
/// characters) and its byte offset.
fn broken_escapes(text: &str) -> impl Iterator<Item = (&str, usize)> {
    text.match_indices('%').filter_map(move |(at, _)| {
        let after = text.get(at + 1..).unwrap_or_default();
        let hex = after.bytes().take(2).filter(u8::is_ascii_hexdigit).count();
        if hex == 2 {
            return None;
        }
        let len: usize = after
            .chars()
            .take(2)
            .take_while(|&c| c != '%')
            .map(char::len_utf8)
            .sum();
        Some((text.get(at..at + 1 + len).unwrap_or("%"), at))
    })
}

/// Bytes of a decoding that are not UTF-8, with where they were written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadSequence {
    /// The text as written (`%FF`; for `%C3(`, the `%C3`).
    pub written: String,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The byte offset of `written` in the text.
    pub offset: usize,
}

impl std::fmt::Display for BadSequence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hex: Vec<String> = self.bytes.iter().map(|b| format!("{b:02X}")).collect();
        let noun = if self.bytes.len() == 1 {
            "byte"
        } else {
            "bytes"
        };
        write!(
            f,
            "{} at byte {} is the {noun} {}",
            self.written,
            self.offset,
            hex.join(" ")
        )
    }
}

/// Decodes `text` as [`decode`] does, keeping for each byte where it was
/// written, and lists each sequence that is not UTF-8.
///
/// ```
/// use onecontact_report::{Component, undecodable};
///
/// let bad = undecodable(Component::PathSegment, "%C3(x%E2%82");
/// assert_eq!(bad[0].to_string(), "%C3 at byte 0 is the byte C3");
/// assert_eq!(bad[1].to_string(), "%E2%82 at byte 5 is the bytes E2 82");
/// ```
pub fn undecodable(component: Component, text: &str) -> Vec<BadSequence> {
    let plus_is_space = matches!(component, Component::QueryValue | Component::Form);
    let raw = text.as_bytes();
    // (decoded byte, start in text, length in text)
    let mut decoded: Vec<(u8, usize, usize)> = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        let hex = |at: usize| raw.get(at).and_then(|c| char::from(*c).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(hi), Some(lo)) => {
                decoded.push((((hi << 4) | lo) as u8, i, 3));
                i += 3;
            }
            (b'+', _, _) if plus_is_space => {
                decoded.push((b' ', i, 1));
                i += 1;
            }
            _ => {
                decoded.push((b, i, 1));
                i += 1;
            }
        }
    }
    let bytes: Vec<u8> = decoded.iter().map(|d| d.0).collect();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(rest) = bytes.get(at..) {
        match std::str::from_utf8(rest) {
            Ok(_) => break,
            Err(e) => {
                let start = at + e.valid_up_to();
                let len = e.error_len().unwrap_or(rest.len() - e.valid_up_to()).max(1);
                let span = decoded.get(start..start + len).unwrap_or_default();
                if let (Some(first), Some(last)) = (span.first(), span.last()) {
                    found.push(BadSequence {
                        written: text
                            .get(first.1..last.1 + last.2)
                            .unwrap_or_default()
                            .to_owned(),
                        bytes: span.iter().map(|d| d.0).collect(),
                        offset: first.1,
                    });
                }
                at = start + len;
            }
        }
    }
    found
}

/// Percent-encodes `text` as a value of `component`.
///
/// ```
/// use onecontact_report::{encode, Component};
///
/// assert_eq!(encode(Component::PathSegment, "a b/c?d&e=f+g").output, "a%20b%2Fc%3Fd&e=f+g");
/// assert_eq!(encode(Component::QueryValue, "a b/c?d&e=f+g").output, "a%20b/c?d%26e%3Df%2Bg");
/// assert_eq!(encode(Component::Form, "café au lait").output, "caf%C3%A9+au+lait");
/// ```
pub fn encode(component: Component, text: &str) -> CodecReport {
    let output = match component {
        Component::Form => form_urlencoded::encode(text).into_owned(),
        other => utf8_percent_encode(text, &other.set()).into_owned(),
    };
    let mut notes = Vec::new();
    if component == Component::QueryValue && text.contains(' ') {
        notes.push(Note::new(
            "space-as-%20",
            "a space is written %20, which every parser reads as a space (the older + is only a space to form decoders)",
        ));
    }
    CodecReport {
        component,
        direction: "encode",
        input: text.to_owned(),
        output,
        invalid_utf8: false,
        notes,
    }
}

/// Percent-decodes `text` as a value of `component`, reading the bytes as
/// UTF-8. For `query-value` and `form`, `+` is a space (as
/// `URLSearchParams` and most web frameworks read queries).
///
/// ```
/// use onecontact_report::{decode, Component};
///
/// assert_eq!(decode(Component::QueryValue, "caf%C3%A9+au+lait").output, "café au lait");
/// assert_eq!(decode(Component::PathSegment, "a+b%2Fc").output, "a+b/c");
/// ```
pub fn decode(component: Component, text: &str) -> CodecReport {
    let bytes = match component {
        Component::QueryValue | Component::Form => {
            let plus_as_space = text.replace('+', " ");
            percent_decode(plus_as_space.as_bytes()).into_owned()
        }
        _ => percent_decode(text.as_bytes()).into_owned(),
    };
    let (output, invalid_utf8) = match String::from_utf8(bytes) {
        Ok(s) => (s, false),
        Err(e) => (String::from_utf8_lossy(e.as_bytes()).into_owned(), true),
    };
    let mut notes: Vec<Note> = broken_escapes(text)
        .map(|(written, at)| {
            Note::new(
                "broken-escape",
                format!(
                    "{written} at byte {at} is not an escape (a % must be followed by two hexadecimal digits), \
                     so it is kept as written; write %25 for a % sign"
                ),
            )
            .at(at)
        })
        .collect();
    if invalid_utf8 {
        notes.extend(undecodable(component, text).into_iter().map(|bad| {
            let at = bad.offset;
            Note::new(
                "invalid-utf8",
                format!("{bad}, which is not UTF-8; it is shown as U+FFFD"),
            )
            .at(at)
        }));
    }
    if component == Component::PathSegment && output.contains('/') {
        notes.push(Note::new(
            "slash-in-segment",
            "the decoded segment holds a /, which is data inside one segment, not a separator",
        ));
    }
    if matches!(component, Component::QueryValue | Component::Form) && text.contains('+') {
        notes.push(Note::new(
            "plus-as-space",
            "+ was read as a space, as form decoding does; a real plus sign must be sent as %2B",
        ));
    }
    if component == Component::PathSegment && text.contains('+') {
        notes.push(Note::new(
            "plus-kept",
            "in a path, + is a plus sign, not a space",
        ));
    }
    CodecReport {
        component,
        direction: "decode",
        input: text.to_owned(),
        output,
        invalid_utf8,
        notes,
    }
}
