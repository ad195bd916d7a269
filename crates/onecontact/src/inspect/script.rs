//! Which scripts the letters of a label belong to (Unicode's Script
//! property, from ICU4X data), and the Latin letters that look-alikes from
//! Cyrillic and Greek imitate.

use icu_properties::props::Script;
use icu_properties::{CodePointMapData, PropertyNamesLong};

/// The scripts of a label's letters, in order of first appearance, leaving
/// out `Common` (digits, `-`) and `Inherited` (combining marks).
pub(crate) fn scripts(label: &str) -> Vec<Script> {
    let map = CodePointMapData::<Script>::new();
    let mut found: Vec<Script> = Vec::new();
    for c in label.chars() {
        let script = map.get(c);
        if script == Script::Common || script == Script::Inherited || script == Script::Unknown {
            continue;
        }
        if !found.contains(&script) {
            found.push(script);
        }
    }
    found
}

/// The English name of a script (`Latin`, `Cyrillic`).
pub(crate) fn script_name(script: Script) -> &'static str {
    PropertyNamesLong::<Script>::new()
        .get(script)
        .unwrap_or("Unknown")
}

/// Script mixes that a label may legitimately have: Japanese, Chinese and
/// Korean text is written with several scripts, often with Latin letters.
fn is_allowed_mix(found: &[Script]) -> bool {
    const JAPANESE: &[Script] = &[
        Script::Latin,
        Script::Han,
        Script::Hiragana,
        Script::Katakana,
    ];
    const CHINESE: &[Script] = &[Script::Latin, Script::Han, Script::Bopomofo];
    const KOREAN: &[Script] = &[Script::Latin, Script::Han, Script::Hangul];
    [JAPANESE, CHINESE, KOREAN]
        .iter()
        .any(|allowed| found.iter().all(|s| allowed.contains(s)))
}

/// When `label` mixes scripts in a way no language writes (Latin with
/// Cyrillic or Greek, for example), the scripts' names.
pub(crate) fn mixed_scripts(label: &str) -> Option<Vec<&'static str>> {
    let found = scripts(label);
    if found.len() < 2 || is_allowed_mix(&found) {
        return None;
    }
    Some(found.into_iter().map(script_name).collect())
}

/// The Latin letter a Cyrillic or Greek letter is hard to tell from, when
/// there is one (lowercase only: hosts are lowercase).
fn latin_lookalike(c: char) -> Option<char> {
    Some(match c {
        // Cyrillic
        'а' => 'a',
        'е' => 'e',
        'о' => 'o',
        'р' => 'p',
        'с' => 'c',
        'у' => 'y',
        'х' => 'x',
        'і' => 'i',
        'ј' => 'j',
        'ѕ' => 's',
        'һ' => 'h',
        'ԁ' => 'd',
        'ӏ' => 'l',
        'ԛ' => 'q',
        'ԝ' => 'w',
        'ѵ' => 'v',
        'ɡ' => 'g',
        // Greek
        'ο' => 'o',
        'α' => 'a',
        'ν' => 'v',
        'ι' => 'i',
        'κ' => 'k',
        'ρ' => 'p',
        'υ' => 'u',
        'ϲ' => 'c',
        'ϳ' => 'j',
        _ => return None,
    })
}

/// The label with every look-alike letter replaced by the Latin letter it
/// imitates, when at least one was replaced.
pub(crate) fn latin_skeleton(label: &str) -> Option<String> {
    let mut replaced = false;
    let skeleton: String = label
        .chars()
        .map(|c| match latin_lookalike(c) {
            Some(latin) => {
                replaced = true;
                latin
            }
            None => c,
        })
        .collect();
    replaced.then_some(skeleton)
}

/// Whether the letters of `label` are Cyrillic or Greek.
pub(crate) fn is_cyrillic_or_greek(label: &str) -> bool {
    matches!(
        scripts(label).as_slice(),
        [Script::Cyrillic] | [Script::Greek]
    )
}

/// Whether every letter of `label` is a Cyrillic or Greek look-alike of a
/// Latin letter (a whole-script look-alike such as `аррӏе`).
pub(crate) fn is_whole_script_lookalike(label: &str) -> bool {
    let found = scripts(label);
    matches!(found.as_slice(), [Script::Cyrillic] | [Script::Greek])
        && label
            .chars()
            .filter(|c| c.is_alphabetic())
            .all(|c| latin_lookalike(c).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_with_cyrillic_is_mixed() {
        assert_eq!(
            mixed_scripts("\u{430}pple"),
            Some(vec!["Cyrillic", "Latin"])
        );
        assert_eq!(mixed_scripts("apple"), None);
        assert_eq!(mixed_scripts("münchen-2"), None);
        assert_eq!(mixed_scripts("日本語とカタカナabc"), None);
        assert_eq!(mixed_scripts("παypal"), Some(vec!["Greek", "Latin"]));
    }

    #[test]
    fn lookalikes() {
        assert_eq!(latin_skeleton("\u{430}pple").as_deref(), Some("apple"));
        assert!(is_whole_script_lookalike("аррӏе"));
        assert!(!is_whole_script_lookalike("пример"));
        assert_eq!(latin_skeleton("apple"), None);
    }
}
