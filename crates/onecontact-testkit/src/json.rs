//! JSON test data as a browser reads it.

/// The JSON text with every `\uXXXX` escape of a lone surrogate written as
/// `\uFFFD`, as a browser converts such a string to a USVString (the WPT
/// data uses them on purpose; serde_json refuses them). A surrogate pair
/// stays as written, and so does an escaped backslash.
///
/// ```
/// use onecontact_testkit::json::usv;
///
/// assert_eq!(usv(r#"["\uD83D", "\uD83D\uDE00", "\\uD83D"]"#), r#"["\uFFFD", "\uD83D\uDE00", "\\uD83D"]"#);
/// ```
pub fn usv(text: &str) -> String {
    let surrogate = |i: usize| -> Option<u16> {
        let hex = text.get(i..i + 6)?.strip_prefix("\\u")?;
        let code = u16::from_str_radix(hex, 16).ok()?;
        (0xD800..0xE000).contains(&code).then_some(code)
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) {
        if text.get(i..).is_some_and(|rest| rest.starts_with("\\\\")) {
            out.push_str("\\\\");
            i += 2;
            continue;
        }
        match surrogate(i) {
            Some(0xD800..=0xDBFF) if surrogate(i + 6).is_some_and(|low| low >= 0xDC00) => {
                out.push_str(text.get(i..i + 12).unwrap_or_default());
                i += 12;
            }
            Some(_) => {
                out.push_str("\\uFFFD");
                i += 6;
            }
            None => {
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}
