//! Patterns of Kana, CJK and combining marks that imitate `/`, `-`, `.` or
//! Latin letters next to other text, checked on labels that mix scripts (or
//! hold one of the characters the patterns are about).

use icu_properties::props::Script;
use icu_properties::script::{ScriptWithExtensions, ScriptWithExtensionsBorrowed};

use super::DisplayReason;

/// A pattern of characters that imitates something else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Pattern {
    /// Katakana `ノ` `ソ` `ゾ` `ン` or CJK `丶` `乀` `乁` `丿` between
    /// characters that are not Japanese: they look like `/` or `\`.
    SlashLikeKanaOrCjk,
    /// The Katakana iteration marks `ヽ` `ヾ` not after a Katakana letter.
    IterationMarkOutOfContext,
    /// Hiragana `へ` `べ` `ぺ` in a Katakana label, or Katakana `ヘ` `ベ` `ペ`
    /// in a Hiragana label: they look exactly alike.
    KanaHeInOtherKana,
    /// The prolonged sound mark `ー` not after Hiragana or Katakana (it looks
    /// like `-` or `一`).
    ProlongedSoundMarkOutOfContext,
    /// The Katakana middle dot `・` next to a Latin letter (it looks like `.`).
    MiddleDotNextToLatin,
    /// CJK characters that look like Latin letters or punctuation (`一` `丨`
    /// `十` `〇` `ㄒ` `工` `丁`, …) next to characters that are not CJK.
    CjkLookalikeNextToNonCjk,
    /// A combining mark U+0300–U+0339 after a character that is not Latin,
    /// Greek or Cyrillic.
    CombiningMarkOnOtherScript,
    /// The dotless `ı` with a combining mark (it becomes `i` with an accent).
    DotlessIWithMark,
    /// The combining Kana voiced sound marks U+3099, U+309A.
    KanaVoicedSoundMark,
    /// A combining dot above after `i`, `j` or `l` (`i̇` looks like `i`).
    DotAboveOnIjl,
}

impl Pattern {
    /// Why the pattern is refused, as a sentence.
    pub fn why(self) -> &'static str {
        match self {
            Pattern::SlashLikeKanaOrCjk => {
                "a Kana or CJK character that looks like a slash stands between non-Japanese characters"
            }
            Pattern::IterationMarkOutOfContext => {
                "a Katakana iteration mark does not follow a Katakana letter"
            }
            Pattern::KanaHeInOtherKana => {
                "Hiragana and Katakana he, which look exactly alike, are mixed"
            }
            Pattern::ProlongedSoundMarkOutOfContext => {
                "the prolonged sound mark, which looks like a dash, does not follow Kana"
            }
            Pattern::MiddleDotNextToLatin => {
                "the Katakana middle dot, which looks like a dot, stands next to a Latin letter"
            }
            Pattern::CjkLookalikeNextToNonCjk => {
                "a CJK character that looks like a Latin letter or a dash stands next to non-CJK text"
            }
            Pattern::CombiningMarkOnOtherScript => {
                "a combining accent follows a character of a script it does not belong to"
            }
            Pattern::DotlessIWithMark => "a dotless i carries a combining mark",
            Pattern::KanaVoicedSoundMark => "it holds a combining Kana voiced sound mark",
            Pattern::DotAboveOnIjl => "a combining dot above follows i, j or l",
        }
    }
}

/// Characters that send a single-script label through the pattern checks:
/// Hiragana `へ` `べ` `ぺ`, Katakana `ヘ` `ベ` `ペ`, the Katakana middle dot,
/// prolonged sound and iteration marks, and the combining marks
/// U+0300–U+0339.
pub(crate) fn has_single_script_exceptions(label: &str) -> bool {
    label.chars().any(|c| {
        matches!(
            c,
            '\u{3078}'..='\u{307A}'
                | '\u{30D8}'..='\u{30DA}'
                | '\u{30FB}'..='\u{30FE}'
                | '\u{0300}'..='\u{0339}'
        )
    })
}

/// The Script_Extensions questions the patterns ask.
struct Scx(ScriptWithExtensionsBorrowed<'static>);

impl Scx {
    fn has(&self, c: char, script: Script) -> bool {
        self.0.has_script(c, script)
    }
    fn kana(&self, c: char) -> bool {
        self.has(c, Script::Katakana)
    }
    fn hira(&self, c: char) -> bool {
        self.has(c, Script::Hiragana)
    }
    fn japanese(&self, c: char) -> bool {
        self.kana(c) || self.hira(c) || self.has(c, Script::Han)
    }
    fn cjk(&self, c: char) -> bool {
        self.japanese(c) || self.has(c, Script::Bopomofo)
    }
    fn lgc(&self, c: char) -> bool {
        self.has(c, Script::Latin) || self.has(c, Script::Greek) || self.has(c, Script::Cyrillic)
    }
}

fn is_slash_like(c: char) -> bool {
    matches!(
        c,
        '\u{30CE}'
            | '\u{30F3}'
            | '\u{30BD}'
            | '\u{30BE}'
            | '\u{4E36}'
            | '\u{4E40}'
            | '\u{4E41}'
            | '\u{4E3F}'
    )
}

fn is_cjk_lookalike(c: char) -> bool {
    matches!(
        c,
        '\u{4E00}'
            | '\u{3127}'
            | '\u{4E28}'
            | '\u{4E5B}'
            | '\u{4E03}'
            | '\u{4E05}'
            | '\u{5341}'
            | '\u{3007}'
            | '\u{3112}'
            | '\u{311A}'
            | '\u{311F}'
            | '\u{3128}'
            | '\u{3129}'
            | '\u{3108}'
            | '\u{31BA}'
            | '\u{31B3}'
            | '\u{5DE5}'
            | '\u{31B2}'
            | '\u{8BA0}'
            | '\u{4E01}'
    )
}

/// The first dangerous pattern in `label`.
pub(crate) fn check(label: &str) -> Result<(), DisplayReason> {
    find(label).map_or(Ok(()), |p| Err(DisplayReason::DangerousPattern(p)))
}

fn find(label: &str) -> Option<Pattern> {
    let scx = Scx(ScriptWithExtensions::new());
    let chars: Vec<char> = label.chars().collect();
    // One he of the other Kana inside a label otherwise all of one Kana.
    let one_inside = |odd: fn(char) -> bool, same: &dyn Fn(char) -> bool| {
        let mut odd_at = chars.iter().enumerate().filter(|(_, c)| odd(**c));
        match (odd_at.next(), odd_at.next()) {
            (Some((i, _)), None) => {
                i > 0
                    && i + 1 < chars.len()
                    && chars.iter().enumerate().all(|(j, &c)| j == i || same(c))
            }
            _ => false,
        }
    };
    if one_inside(|c| ('\u{3078}'..='\u{307A}').contains(&c), &|c| scx.kana(c))
        || one_inside(|c| ('\u{30D8}'..='\u{30DA}').contains(&c), &|c| scx.hira(c))
    {
        return Some(Pattern::KanaHeInOtherKana);
    }
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
        let next = chars.get(i + 1).copied();
        if is_slash_like(c)
            && prev.is_some_and(|p| !scx.japanese(p))
            && next.is_some_and(|n| !scx.japanese(n))
        {
            return Some(Pattern::SlashLikeKanaOrCjk);
        }
        if matches!(c, '\u{30FD}' | '\u{30FE}') && prev.is_none_or(|p| !scx.kana(p)) {
            return Some(Pattern::IterationMarkOutOfContext);
        }
        if c == '\u{30FC}' && prev.is_none_or(|p| !scx.kana(p) && !scx.hira(p)) {
            return Some(Pattern::ProlongedSoundMarkOutOfContext);
        }
        if c == '\u{30FB}'
            && (prev.is_some_and(|p| p.is_ascii_lowercase())
                || next.is_some_and(|n| n.is_ascii_lowercase()))
        {
            return Some(Pattern::MiddleDotNextToLatin);
        }
        if is_cjk_lookalike(c)
            && (prev.is_some_and(|p| !scx.cjk(p)) || next.is_some_and(|n| !scx.cjk(n)))
        {
            return Some(Pattern::CjkLookalikeNextToNonCjk);
        }
        if ('\u{0300}'..='\u{0339}').contains(&c) {
            if prev == Some('\u{0131}') {
                return Some(Pattern::DotlessIWithMark);
            }
            if prev.is_some_and(|p| !scx.lgc(p)) {
                return Some(Pattern::CombiningMarkOnOtherScript);
            }
            if c == '\u{0307}' && prev.is_some_and(|p| matches!(p, 'i' | 'j' | 'l')) {
                return Some(Pattern::DotAboveOnIjl);
            }
        }
        if matches!(c, '\u{3099}' | '\u{309A}') {
            return Some(Pattern::KanaVoicedSoundMark);
        }
    }
    None
}
