//! ECMAScript regular expressions, read with the `v` flag's syntax
//! (UnicodeSets; `vi` under ignoreCase) into `regex-syntax`'s HIR, which
//! `regex-automata` runs in time linear in the input.
//!
//! The reader follows ECMA-262's Pattern grammar with the `u` and `v`
//! parameters set, and its early errors; what it builds has ECMAScript's
//! match semantics on a linear-time engine:
//!
//! - alternatives and quantifiers keep ECMAScript's order of preference,
//!   which `regex-automata`'s leftmost-first search reproduces (the first
//!   match a backtracking engine would find, with its captures);
//! - case folding under `i` is simple case folding, applied to each class
//!   operand before set operations and complements (MaybeSimpleCaseFolding,
//!   CharacterComplement);
//! - `\p{…}` comes from ICU4X's Unicode data (the names of ECMA-262's
//!   tables, matched strictly).
//!
//! Three features need a backtracking engine and are refused with
//! [`Failure::NeedsBacktracking`]: lookaround, backreferences, and a
//! capturing group inside a quantifier that repeats (ECMAScript resets the
//! group at each repetition, which a linear engine does not model).
//! Properties of strings (`\p{RGI_Emoji}`) are refused the same way.
//!
//! Component values never hold a line terminator or a non-ASCII character
//! (the URL parser removes or percent-encodes them), which keeps `\b`
//! (ASCII word boundary here) and `^`/`$` under the `m` modifier exact.

use std::collections::BTreeSet;

use icu_properties::props::{GeneralCategory, GeneralCategoryGroup, IdContinue, IdStart, Script};
use icu_properties::script::ScriptWithExtensions;
use icu_properties::{CodePointMapData, CodePointSetData, PropertyParser};
use regex_syntax::hir::{
    Capture, Class, ClassUnicode, ClassUnicodeRange, Hir, HirKind, Look, Repetition,
};

/// Why an expression was not translated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Failure {
    /// ECMAScript's RegExp constructor throws a SyntaxError.
    Syntax {
        /// Byte offset in the expression.
        offset: usize,
        /// The rule broken.
        what: &'static str,
    },
    /// The expression is valid but uses a feature only a backtracking
    /// engine runs.
    NeedsBacktracking {
        /// Byte offset in the expression.
        offset: usize,
        /// The feature.
        feature: &'static str,
    },
}

/// Reads `pattern` (an ECMAScript Pattern) into HIR; `ignore_case` is the
/// `i` flag.
pub(crate) fn translate(pattern: &str, ignore_case: bool) -> Result<Hir, Failure> {
    let mut r = Reader {
        chars: pattern.char_indices().collect(),
        end: pattern.len(),
        pos: 0,
        captures: 0,
    };
    let flags = Flags {
        ignore_case,
        multiline: false,
        dot_all: false,
    };
    let (hir, _) = r.disjunction(flags)?;
    if r.pos < r.chars.len() {
        return Err(r.syntax("unmatched `)`"));
    }
    Ok(hir)
}

#[derive(Debug, Clone, Copy)]
struct Flags {
    ignore_case: bool,
    multiline: bool,
    dot_all: bool,
}

struct Reader {
    chars: Vec<(usize, char)>,
    end: usize,
    pos: usize,
    /// Capturing groups opened so far.
    captures: u32,
}

/// The line terminators `.` does not match without `s`.
const LINE_TERMINATORS: [char; 4] = ['\n', '\r', '\u{2028}', '\u{2029}'];

/// ECMAScript's WhiteSpace and LineTerminator (`\s`).
const WHITE_SPACE: [(u32, u32); 10] = [
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
];

/// A set of code points as ECMAScript sees them: surrogates may be named
/// (`\uD800`) but no Rust string holds one, so they drop out here.
fn set_of(ranges: impl IntoIterator<Item = (u32, u32)>) -> ClassUnicode {
    let mut out = ClassUnicode::empty();
    for (lo, hi) in ranges {
        let lo = if (0xD800..=0xDFFF).contains(&lo) {
            0xE000
        } else {
            lo
        };
        let hi = if (0xD800..=0xDFFF).contains(&hi) {
            0xD7FF
        } else {
            hi
        };
        if let (Some(a), Some(b)) = (char::from_u32(lo), char::from_u32(hi.min(0x10FFFF)))
            && a <= b
        {
            out.push(ClassUnicodeRange::new(a, b));
        }
    }
    out
}

fn fold(mut set: ClassUnicode, flags: Flags) -> ClassUnicode {
    if flags.ignore_case {
        // Simple case folding: the closure of each code point's orbit, so
        // that set operations on folded sets equal those on canonical
        // representatives.
        set.case_fold_simple();
    }
    set
}

fn complement(mut set: ClassUnicode) -> ClassUnicode {
    set.negate();
    set
}

/// The canonical key of a code point under `i` (the least member of its
/// case-folding orbit), for comparing strings of `\q{…}`.
fn canonical(c: char, flags: Flags) -> char {
    if !flags.ignore_case {
        return c;
    }
    let set = fold(set_of([(c as u32, c as u32)]), flags);
    set.ranges().first().map_or(c, |r| r.start())
}

/// The value of a class: code points, strings of other lengths than one
/// (from `\q{…}`), and whether the class may hold strings (a static rule).
#[derive(Debug, Clone)]
struct ClassValue {
    set: ClassUnicode,
    strings: BTreeSet<Vec<char>>,
    may_contain_strings: bool,
}

impl ClassValue {
    fn of_set(set: ClassUnicode) -> ClassValue {
        ClassValue {
            set,
            strings: BTreeSet::new(),
            may_contain_strings: false,
        }
    }
}

/// An escaped code point: a character or a lone surrogate (which matches
/// nothing in a Rust string).
type CodePoint = u32;

fn is_syntax_character(c: char) -> bool {
    matches!(
        c,
        '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
    )
}

fn is_class_set_syntax_character(c: char) -> bool {
    matches!(
        c,
        '(' | ')' | '[' | ']' | '{' | '}' | '/' | '-' | '\\' | '|'
    )
}

/// The punctuators whose doubling is reserved in a UnicodeSets class.
fn is_double_punctuator_char(c: char) -> bool {
    matches!(
        c,
        '&' | '!'
            | '#'
            | '$'
            | '%'
            | '*'
            | '+'
            | ','
            | '.'
            | ':'
            | ';'
            | '<'
            | '='
            | '>'
            | '?'
            | '@'
            | '^'
            | '`'
            | '~'
    )
}

fn is_class_set_reserved_punctuator(c: char) -> bool {
    matches!(
        c,
        '&' | '-' | '!' | '#' | '%' | ',' | ':' | ';' | '<' | '=' | '>' | '@' | '`' | '~'
    )
}

fn is_properties_of_strings(name: &str) -> bool {
    matches!(
        name,
        "Basic_Emoji"
            | "Emoji_Keycap_Sequence"
            | "RGI_Emoji_Modifier_Sequence"
            | "RGI_Emoji_Flag_Sequence"
            | "RGI_Emoji_Tag_Sequence"
            | "RGI_Emoji_ZWJ_Sequence"
            | "RGI_Emoji"
    )
}

fn ranges_of(it: impl Iterator<Item = std::ops::RangeInclusive<u32>>) -> ClassUnicode {
    set_of(it.map(|r| (*r.start(), *r.end())))
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|&(_, c)| c)
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).map(|&(_, c)| c)
    }

    fn offset(&self) -> usize {
        self.chars.get(self.pos).map_or(self.end, |&(o, _)| o)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_str(&mut self, s: &str) -> bool {
        let n = s.chars().count();
        if s.chars()
            .enumerate()
            .all(|(k, c)| self.peek_at(k) == Some(c))
        {
            self.pos += n;
            true
        } else {
            false
        }
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    fn syntax(&self, what: &'static str) -> Failure {
        Failure::Syntax {
            offset: self.offset(),
            what,
        }
    }

    fn backtracking(&self, offset: usize, feature: &'static str) -> Failure {
        Failure::NeedsBacktracking { offset, feature }
    }

    /// Disjunction: alternatives separated by `|`. Returns the group names
    /// it declares (ES2025: a name may repeat only in other alternatives).
    fn disjunction(&mut self, flags: Flags) -> Result<(Hir, BTreeSet<String>), Failure> {
        let mut alternatives = Vec::new();
        let mut names = BTreeSet::new();
        loop {
            let (hir, alt_names) = self.alternative(flags)?;
            alternatives.push(hir);
            names.extend(alt_names);
            if !self.eat('|') {
                break;
            }
        }
        Ok((Hir::alternation(alternatives), names))
    }

    fn alternative(&mut self, flags: Flags) -> Result<(Hir, BTreeSet<String>), Failure> {
        let mut terms = Vec::new();
        let mut names: BTreeSet<String> = BTreeSet::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let start = self.offset();
            let (hir, term_names) = self.term(flags)?;
            for n in term_names {
                if !names.insert(n) {
                    return Err(Failure::Syntax {
                        offset: start,
                        what: "a group name is used twice in one alternative",
                    });
                }
            }
            terms.push(hir);
        }
        Ok((Hir::concat(terms), names))
    }

    fn assertion_end(&mut self, hir: Hir) -> Result<(Hir, BTreeSet<String>), Failure> {
        if matches!(self.peek(), Some('*' | '+' | '?' | '{')) {
            return Err(self.syntax("nothing to repeat (an assertion cannot be quantified)"));
        }
        Ok((hir, BTreeSet::new()))
    }

    fn term(&mut self, flags: Flags) -> Result<(Hir, BTreeSet<String>), Failure> {
        let start = self.offset();
        match self.peek() {
            Some('^') => {
                self.pos += 1;
                let look = if flags.multiline {
                    Look::StartCRLF
                } else {
                    Look::Start
                };
                return self.assertion_end(Hir::look(look));
            }
            Some('$') => {
                self.pos += 1;
                let look = if flags.multiline {
                    Look::EndCRLF
                } else {
                    Look::End
                };
                return self.assertion_end(Hir::look(look));
            }
            Some('\\') if matches!(self.peek_at(1), Some('b' | 'B')) => {
                let negate = self.peek_at(1) == Some('B');
                self.pos += 2;
                let look = if negate {
                    Look::WordAsciiNegate
                } else {
                    Look::WordAscii
                };
                return self.assertion_end(Hir::look(look));
            }
            Some('(')
                if self.peek_at(1) == Some('?')
                    && (matches!(self.peek_at(2), Some('=' | '!'))
                        || (self.peek_at(2) == Some('<')
                            && matches!(self.peek_at(3), Some('=' | '!')))) =>
            {
                return Err(self.backtracking(start, "a lookaround assertion"));
            }
            _ => {}
        }
        let captures_before = self.captures;
        let (atom, names) = self.atom(flags)?;
        let Some((min, max, greedy)) = self.quantifier()? else {
            return Ok((atom, names));
        };
        if self.captures > captures_before && max != Some(0) && max != Some(1) {
            return Err(self.backtracking(
                start,
                "a capturing group inside a repeating quantifier (ECMAScript resets it on each repetition)",
            ));
        }
        if !can_be_empty(&atom) || max.is_some_and(|m| m <= min) {
            let hir = Hir::repetition(Repetition {
                min,
                max,
                greedy,
                sub: Box::new(atom),
            });
            return Ok((hir, names));
        }
        // ECMAScript's RepeatMatcher refuses an iteration past the minimum
        // that matches the empty string, and goes on with the body's next
        // choice. So X{min,max} is X{min} followed by up to max - min
        // repetitions of X's non-empty matches, in X's order.
        let Some(non_empty) = non_empty(&atom) else {
            return Err(self.backtracking(
                start,
                "a quantifier over an expression whose empty and non-empty matches interleave (such as `(?:a*b*)*`)",
            ));
        };
        let optional = if matches!(non_empty.kind(), HirKind::Class(c) if c.is_empty()) {
            Hir::empty()
        } else {
            Hir::repetition(Repetition {
                min: 0,
                max: max.map(|m| m - min),
                greedy,
                sub: Box::new(non_empty),
            })
        };
        let hir = if min == 0 {
            optional
        } else {
            Hir::concat(vec![
                Hir::repetition(Repetition {
                    min,
                    max: Some(min),
                    greedy,
                    sub: Box::new(atom),
                }),
                optional,
            ])
        };
        Ok((hir, names))
    }

    fn digits(&mut self) -> Option<u64> {
        let mut value: Option<u64> = None;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            self.pos += 1;
            value = Some(
                value
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(u64::from(d)),
            );
        }
        value
    }

    /// A quantifier: `(min, max, greedy)`.
    fn quantifier(&mut self) -> Result<Option<(u32, Option<u32>, bool)>, Failure> {
        let clamp = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        let (min, max) = match self.peek() {
            Some('*') => {
                self.pos += 1;
                (0, None)
            }
            Some('+') => {
                self.pos += 1;
                (1, None)
            }
            Some('?') => {
                self.pos += 1;
                (0, Some(1))
            }
            Some('{') => {
                self.pos += 1;
                let Some(min) = self.digits() else {
                    return Err(self.syntax("incomplete quantifier (a lone `{` must be escaped)"));
                };
                let max = if self.eat(',') {
                    self.digits()
                } else {
                    Some(min)
                };
                if !self.eat('}') {
                    return Err(self.syntax("incomplete quantifier (a lone `{` must be escaped)"));
                }
                if max.is_some_and(|m| m < min) {
                    return Err(self.syntax("numbers out of order in a `{}` quantifier"));
                }
                // A bound past u32 repeats more than any input is long.
                (
                    clamp(min),
                    max.filter(|&m| m <= u64::from(u32::MAX)).map(clamp),
                )
            }
            _ => return Ok(None),
        };
        let greedy = !self.eat('?');
        Ok(Some((min, max, greedy)))
    }

    fn atom(&mut self, flags: Flags) -> Result<(Hir, BTreeSet<String>), Failure> {
        let start = self.offset();
        let Some(c) = self.next() else {
            return Err(self.syntax("unexpected end"));
        };
        match c {
            '.' => {
                let set = if flags.dot_all {
                    set_of([(0, 0x10FFFF)])
                } else {
                    complement(set_of(LINE_TERMINATORS.map(|c| (c as u32, c as u32))))
                };
                Ok((Hir::class(Class::Unicode(set)), BTreeSet::new()))
            }
            '(' => self.group(flags, start),
            '[' => {
                let value = self.class(flags)?;
                Ok((class_hir(value, flags), BTreeSet::new()))
            }
            '\\' => self.atom_escape(flags, start),
            '*' | '+' | '?' => Err(Failure::Syntax {
                offset: start,
                what: "nothing to repeat",
            }),
            '{' | '}' | ']' | ')' => Err(Failure::Syntax {
                offset: start,
                what: "a lone `{`, `}`, `]` or `)` must be escaped",
            }),
            c => Ok((char_hir(c, flags), BTreeSet::new())),
        }
    }

    fn group(&mut self, flags: Flags, start: usize) -> Result<(Hir, BTreeSet<String>), Failure> {
        if !self.eat('?') {
            self.captures += 1;
            let index = self.captures;
            let (hir, names) = self.disjunction(flags)?;
            self.close_group()?;
            return Ok((capture(index, hir), names));
        }
        if self.eat(':') {
            let (hir, names) = self.disjunction(flags)?;
            self.close_group()?;
            return Ok((hir, names));
        }
        if self.eat('<') {
            let name = self.group_name()?;
            self.captures += 1;
            let index = self.captures;
            let (hir, mut names) = self.disjunction(flags)?;
            self.close_group()?;
            if !names.insert(name) {
                return Err(Failure::Syntax {
                    offset: start,
                    what: "a group name is used twice in one alternative",
                });
            }
            return Ok((capture(index, hir), names));
        }
        // Modifiers: (?ims-ims:…)
        let flags = self.modifiers(flags)?;
        let (hir, names) = self.disjunction(flags)?;
        self.close_group()?;
        Ok((hir, names))
    }

    fn close_group(&mut self) -> Result<(), Failure> {
        if self.eat(')') {
            Ok(())
        } else {
            Err(self.syntax("unterminated group"))
        }
    }

    fn modifiers(&mut self, mut flags: Flags) -> Result<Flags, Failure> {
        let mut seen = String::new();
        let mut removing = false;
        let mut any = false;
        loop {
            match self.next() {
                Some(c @ ('i' | 'm' | 's')) => {
                    if seen.contains(c) {
                        return Err(self.syntax("a modifier flag is repeated"));
                    }
                    seen.push(c);
                    any = true;
                    let on = !removing;
                    match c {
                        'i' => flags.ignore_case = on,
                        'm' => flags.multiline = on,
                        _ => flags.dot_all = on,
                    }
                }
                Some('-') if !removing => removing = true,
                Some(':') if any => return Ok(flags),
                _ => return Err(self.syntax("invalid group (after `(?`)")),
            }
        }
    }

    /// `<` has been read: a RegExpIdentifierName and `>`.
    fn group_name(&mut self) -> Result<String, Failure> {
        let mut name = String::new();
        loop {
            let c = match self.next() {
                Some('>') if !name.is_empty() => return Ok(name),
                Some('\\') => {
                    if !self.eat('u') {
                        return Err(self.syntax("invalid escape in a group name"));
                    }
                    let cp = self.unicode_escape()?;
                    char::from_u32(cp).ok_or_else(|| self.syntax("invalid group name"))?
                }
                Some(c) => c,
                None => return Err(self.syntax("unterminated group name")),
            };
            let ok = if name.is_empty() {
                c == '$' || c == '_' || CodePointSetData::new::<IdStart>().contains(c)
            } else {
                c == '$'
                    || c == '\u{200C}'
                    || c == '\u{200D}'
                    || CodePointSetData::new::<IdContinue>().contains(c)
            };
            if !ok {
                return Err(self.syntax("invalid group name"));
            }
            name.push(c);
        }
    }

    fn hex(&mut self, count: usize) -> Option<u32> {
        let mut v = 0u32;
        for k in 0..count {
            let d = self.peek_at(k)?.to_digit(16)?;
            v = v * 16 + d;
        }
        self.pos += count;
        Some(v)
    }

    /// `\u` has been read: `{hex}` or four hex digits, a surrogate pair
    /// written as two escapes read as one code point.
    fn unicode_escape(&mut self) -> Result<CodePoint, Failure> {
        if self.eat('{') {
            let mut v: u32 = 0;
            let mut any = false;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                self.pos += 1;
                any = true;
                v = v.saturating_mul(16).saturating_add(d);
            }
            if !any || v > 0x10FFFF || !self.eat('}') {
                return Err(self.syntax("invalid Unicode escape"));
            }
            return Ok(v);
        }
        let lead = self
            .hex(4)
            .ok_or_else(|| self.syntax("invalid Unicode escape"))?;
        if (0xD800..=0xDBFF).contains(&lead)
            && self.peek() == Some('\\')
            && self.peek_at(1) == Some('u')
        {
            let save = self.pos;
            self.pos += 2;
            match self.hex(4) {
                Some(trail) if (0xDC00..=0xDFFF).contains(&trail) => {
                    return Ok(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
                }
                _ => self.pos = save,
            }
        }
        Ok(lead)
    }

    /// A CharacterEscape after `\` (ControlEscape, `\c`, `\0`, `\x`, `\u`,
    /// or an IdentityEscape of a syntax character or `/`), or `None` when
    /// the next character starts no CharacterEscape.
    fn character_escape(&mut self) -> Result<Option<CodePoint>, Failure> {
        let Some(c) = self.peek() else {
            return Err(self.syntax("`\\` at end of pattern"));
        };
        let cp = match c {
            'f' => 0x0C,
            'n' => 0x0A,
            'r' => 0x0D,
            't' => 0x09,
            'v' => 0x0B,
            'c' => {
                return match self.peek_at(1) {
                    Some(l) if l.is_ascii_alphabetic() => {
                        self.pos += 2;
                        Ok(Some(l as u32 % 32))
                    }
                    _ => Err(self.syntax("invalid control escape `\\c`")),
                };
            }
            '0' => {
                if self.peek_at(1).is_some_and(|d| d.is_ascii_digit()) {
                    return Err(self.syntax("invalid decimal escape"));
                }
                0
            }
            'x' => {
                self.pos += 1;
                return match self.hex(2) {
                    Some(v) => Ok(Some(v)),
                    None => Err(self.syntax("invalid hexadecimal escape")),
                };
            }
            'u' => {
                self.pos += 1;
                return self.unicode_escape().map(Some);
            }
            c if is_syntax_character(c) || c == '/' => c as u32,
            _ => return Ok(None),
        };
        self.pos += 1;
        Ok(Some(cp))
    }

    /// `\d \D \s \S \w \W \p{…} \P{…}` after `\`, folded, or `None`.
    fn class_escape(
        &mut self,
        flags: Flags,
        start: usize,
    ) -> Result<Option<ClassUnicode>, Failure> {
        let Some(c) = self.peek() else {
            return Ok(None);
        };
        let base = match c {
            'd' | 'D' => set_of([(0x30, 0x39)]),
            's' | 'S' => set_of(WHITE_SPACE),
            'w' | 'W' => set_of([(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]),
            'p' | 'P' => {
                self.pos += 1;
                let set = fold(self.property(start)?, flags);
                return Ok(Some(if c == 'P' { complement(set) } else { set }));
            }
            _ => return Ok(None),
        };
        self.pos += 1;
        let set = fold(base, flags);
        Ok(Some(if c.is_ascii_uppercase() {
            complement(set)
        } else {
            set
        }))
    }

    /// `{Name}` or `{Name=Value}` after `\p`.
    fn property(&mut self, start: usize) -> Result<ClassUnicode, Failure> {
        if !self.eat('{') {
            return Err(self.syntax("invalid property escape (write `\\p{…}`)"));
        }
        let mut text = String::new();
        loop {
            match self.next() {
                Some('}') => break,
                Some(c) if c.is_ascii_alphanumeric() || c == '_' || c == '=' => text.push(c),
                _ => return Err(self.syntax("invalid property name")),
            }
        }
        let invalid = Failure::Syntax {
            offset: start,
            what: "invalid property name",
        };
        let gc = |v: &str| {
            PropertyParser::<GeneralCategoryGroup>::new()
                .get_strict(v)
                .map(|g| {
                    ranges_of(CodePointMapData::<GeneralCategory>::new().iter_ranges_for_group(g))
                })
        };
        let script = |v: &str| PropertyParser::<Script>::new().get_strict(v);
        let set = match text.split_once('=') {
            Some(("General_Category" | "gc", v)) => gc(v),
            Some(("Script" | "sc", v)) => script(v)
                .map(|s| ranges_of(CodePointMapData::<Script>::new().iter_ranges_for_value(s))),
            Some(("Script_Extensions" | "scx", v)) => script(v)
                .map(|s| ranges_of(ScriptWithExtensions::new().get_script_extensions_ranges(s))),
            Some(_) => None,
            None => match text.as_str() {
                "Any" => Some(set_of([(0, 0x10FFFF)])),
                "ASCII" => Some(set_of([(0, 0x7F)])),
                "Assigned" => gc("Cn").map(complement),
                name if is_properties_of_strings(name) => {
                    return Err(self.backtracking(start, "a property of strings"));
                }
                name => gc(name).or_else(|| {
                    CodePointSetData::new_for_ecma262(name.as_bytes())
                        .map(|s| ranges_of(s.iter_ranges()))
                }),
            },
        };
        set.ok_or(invalid)
    }

    /// After `\` outside a class.
    fn atom_escape(
        &mut self,
        flags: Flags,
        start: usize,
    ) -> Result<(Hir, BTreeSet<String>), Failure> {
        match self.peek() {
            Some('1'..='9') => return Err(self.backtracking(start, "a backreference")),
            Some('k') => {
                if self.peek_at(1) == Some('<') {
                    return Err(self.backtracking(start, "a backreference"));
                }
                return Err(self.syntax("invalid named reference"));
            }
            _ => {}
        }
        if let Some(set) = self.class_escape(flags, start)? {
            return Ok((Hir::class(Class::Unicode(set)), BTreeSet::new()));
        }
        match self.character_escape()? {
            Some(cp) => Ok((code_point_hir(cp, flags), BTreeSet::new())),
            None => Err(self.syntax("invalid escape")),
        }
    }

    /// `[` has been read: a class (ClassContents with the `v` flag) and `]`.
    fn class(&mut self, flags: Flags) -> Result<ClassValue, Failure> {
        let negated = self.eat('^');
        let start = self.offset();
        let value = self.class_contents(flags)?;
        if !self.eat(']') {
            return Err(self.syntax("unterminated character class"));
        }
        if !negated {
            return Ok(value);
        }
        if value.may_contain_strings {
            return Err(Failure::Syntax {
                offset: start,
                what: "a negated class cannot hold strings",
            });
        }
        Ok(ClassValue::of_set(complement(value.set)))
    }

    fn at_operator(&self) -> Option<&'static str> {
        match (self.peek(), self.peek_at(1)) {
            (Some('&'), Some('&')) => Some("&&"),
            (Some('-'), Some('-')) => Some("--"),
            _ => None,
        }
    }

    fn class_contents(&mut self, flags: Flags) -> Result<ClassValue, Failure> {
        if self.peek() == Some(']') {
            return Ok(ClassValue::of_set(ClassUnicode::empty()));
        }
        let (first, was_range) = self.operand_or_range(flags)?;
        match self.at_operator() {
            Some(op) => {
                if was_range {
                    return Err(self.syntax("a range cannot be an operand of `&&` or `--`"));
                }
                let mut acc = first;
                while self.peek() != Some(']') {
                    if !self.eat_str(op) {
                        return Err(self.syntax("mixed class set operators (nest with `[…]`)"));
                    }
                    if op == "&&" && self.peek() == Some('&') {
                        return Err(self.syntax("`&&&` in a class"));
                    }
                    let operand = self.operand(flags)?;
                    if op == "&&" {
                        acc.set.intersect(&operand.set);
                        acc.strings = acc
                            .strings
                            .intersection(&operand.strings)
                            .cloned()
                            .collect();
                        acc.may_contain_strings &= operand.may_contain_strings;
                    } else {
                        acc.set.difference(&operand.set);
                        acc.strings = acc.strings.difference(&operand.strings).cloned().collect();
                    }
                }
                Ok(acc)
            }
            None => {
                let mut acc = first;
                while self.peek().is_some_and(|c| c != ']') {
                    if self.at_operator().is_some() {
                        return Err(
                            self.syntax("a class set operator after a union (nest with `[…]`)")
                        );
                    }
                    let (next, _) = self.operand_or_range(flags)?;
                    acc.set.union(&next.set);
                    acc.strings.extend(next.strings);
                    acc.may_contain_strings |= next.may_contain_strings;
                }
                Ok(acc)
            }
        }
    }

    /// A ClassSetOperand, or a ClassSetRange; says which.
    fn operand_or_range(&mut self, flags: Flags) -> Result<(ClassValue, bool), Failure> {
        let start = self.pos;
        if let Some(lo) = self.class_set_character()? {
            if self.peek() == Some('-') && self.peek_at(1) != Some('-') {
                self.pos += 1;
                let Some(hi) = self.class_set_character()? else {
                    return Err(self.syntax("invalid class range"));
                };
                if lo > hi {
                    return Err(self.syntax("range out of order in a character class"));
                }
                return Ok((ClassValue::of_set(fold(set_of([(lo, hi)]), flags)), true));
            }
            return Ok((ClassValue::of_set(fold(set_of([(lo, lo)]), flags)), false));
        }
        self.pos = start;
        Ok((self.operand(flags)?, false))
    }

    /// A ClassSetOperand: a nested class, `\q{…}`, a class escape, or one
    /// ClassSetCharacter.
    fn operand(&mut self, flags: Flags) -> Result<ClassValue, Failure> {
        let start = self.offset();
        if self.eat('[') {
            return self.class(flags);
        }
        if self.peek() == Some('\\') {
            if self.peek_at(1) == Some('q') {
                self.pos += 2;
                return self.string_disjunction(flags);
            }
            let save = self.pos;
            self.pos += 1;
            if let Some(set) = self.class_escape(flags, start)? {
                return Ok(ClassValue::of_set(set));
            }
            self.pos = save;
        }
        match self.class_set_character()? {
            Some(cp) => Ok(ClassValue::of_set(fold(set_of([(cp, cp)]), flags))),
            None => Err(self.syntax("invalid character in a class")),
        }
    }

    /// A ClassSetCharacter, or `None` (nothing read) when the next thing is
    /// an operand of another kind.
    fn class_set_character(&mut self) -> Result<Option<CodePoint>, Failure> {
        let Some(c) = self.peek() else {
            return Err(self.syntax("unterminated character class"));
        };
        if c == '\\' {
            let save = self.pos;
            self.pos += 1;
            match self.peek() {
                Some('b') => {
                    self.pos += 1;
                    return Ok(Some(0x08));
                }
                Some(p) if is_class_set_reserved_punctuator(p) => {
                    self.pos += 1;
                    return Ok(Some(p as u32));
                }
                Some('d' | 'D' | 's' | 'S' | 'w' | 'W' | 'p' | 'P' | 'q') => {
                    self.pos = save;
                    return Ok(None);
                }
                _ => {}
            }
            return match self.character_escape()? {
                Some(cp) => Ok(Some(cp)),
                None => Err(self.syntax("invalid escape in a class")),
            };
        }
        if c == '[' {
            return Ok(None);
        }
        if is_class_set_syntax_character(c) {
            return Err(self.syntax("this character must be escaped in a class"));
        }
        if is_double_punctuator_char(c) && self.peek_at(1) == Some(c) {
            return Err(self.syntax("a doubled punctuator is reserved in a class"));
        }
        self.pos += 1;
        Ok(Some(c as u32))
    }

    /// `\q` has been read: `{…|…}`.
    fn string_disjunction(&mut self, flags: Flags) -> Result<ClassValue, Failure> {
        if !self.eat('{') {
            return Err(self.syntax("invalid `\\q` (write `\\q{…}`)"));
        }
        let mut value = ClassValue::of_set(ClassUnicode::empty());
        let mut current: Vec<u32> = Vec::new();
        loop {
            match self.peek() {
                Some('}') | Some('|') => {
                    let done = self.next() == Some('}');
                    let s = std::mem::take(&mut current);
                    match s.as_slice() {
                        [one] => value.set.union(&fold(set_of([(*one, *one)]), flags)),
                        _ => {
                            value.may_contain_strings = true;
                            // A string holding a lone surrogate matches nothing.
                            let chars: Option<Vec<char>> = s
                                .iter()
                                .map(|&cp| char::from_u32(cp).map(|c| canonical(c, flags)))
                                .collect();
                            if let Some(chars) = chars {
                                value.strings.insert(chars);
                            }
                        }
                    }
                    if done {
                        return Ok(value);
                    }
                }
                Some(_) => match self.class_set_character()? {
                    Some(cp) => current.push(cp),
                    None => return Err(self.syntax("invalid character in `\\q{…}`")),
                },
                None => return Err(self.syntax("unterminated `\\q{…}`")),
            }
        }
    }
}

/// The matches of `hir` that are not empty, in `hir`'s order of
/// preference, when that can be written as an expression: `None` when
/// empty and non-empty matches interleave in a way this does not model.
fn non_empty(hir: &Hir) -> Option<Hir> {
    if !can_be_empty(hir) {
        return Some(hir.clone());
    }
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => Some(Hir::fail()),
        HirKind::Capture(c) => Some(Hir::capture(Capture {
            index: c.index,
            name: c.name.clone(),
            sub: Box::new(non_empty(&c.sub)?),
        })),
        HirKind::Alternation(alternatives) => Some(Hir::alternation(
            alternatives
                .iter()
                .map(non_empty)
                .collect::<Option<Vec<_>>>()?,
        )),
        // X{0,max} with X never empty: its empty match is its last choice
        // (greedy) or its first (lazy); without it, X{1,max} in the same
        // order.
        HirKind::Repetition(r) if r.max == Some(0) => Some(Hir::fail()),
        HirKind::Repetition(r) if !can_be_empty(&r.sub) => Some(Hir::repetition(Repetition {
            min: 1,
            max: r.max,
            greedy: r.greedy,
            sub: r.sub.clone(),
        })),
        // Zero-width assertions around one expression that can be empty.
        HirKind::Concat(items) => {
            let mut widths = items
                .iter()
                .enumerate()
                .filter(|(_, h)| !matches!(h.kind(), HirKind::Look(_) | HirKind::Empty));
            let (at, only) = widths.next()?;
            if widths.next().is_some() {
                return None;
            }
            let mut items = items.clone();
            let replaced = items.get_mut(at)?;
            *replaced = non_empty(only)?;
            Some(Hir::concat(items))
        }
        _ => None,
    }
}

/// Whether `hir` has a match of length zero. (regex-syntax's
/// `minimum_len` says "no match" for `X{0,n}` when X has none, so it is
/// not used here.)
fn can_be_empty(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => true,
        HirKind::Literal(l) => l.0.is_empty(),
        HirKind::Class(_) => false,
        HirKind::Repetition(r) => r.min == 0 || can_be_empty(&r.sub),
        HirKind::Capture(c) => can_be_empty(&c.sub),
        HirKind::Concat(items) => items.iter().all(can_be_empty),
        HirKind::Alternation(items) => items.iter().any(can_be_empty),
    }
}

fn capture(index: u32, sub: Hir) -> Hir {
    Hir::capture(Capture {
        index,
        name: None,
        sub: Box::new(sub),
    })
}

fn char_hir(c: char, flags: Flags) -> Hir {
    if flags.ignore_case {
        Hir::class(Class::Unicode(fold(set_of([(c as u32, c as u32)]), flags)))
    } else {
        let mut buf = [0u8; 4];
        Hir::literal(c.encode_utf8(&mut buf).as_bytes())
    }
}

fn code_point_hir(cp: CodePoint, flags: Flags) -> Hir {
    match char::from_u32(cp) {
        Some(c) => char_hir(c, flags),
        // A lone surrogate: no Rust string holds one.
        None => Hir::fail(),
    }
}

/// A class as an atom: its strings longest first, then its single code
/// points, then the empty string (ECMAScript's order for a class that holds
/// strings).
fn class_hir(value: ClassValue, flags: Flags) -> Hir {
    let class = Hir::class(Class::Unicode(value.set));
    if value.strings.is_empty() {
        return class;
    }
    let mut strings: Vec<&Vec<char>> = value.strings.iter().collect();
    strings.sort_by_key(|s| std::cmp::Reverse(s.len()));
    let mut alternatives = Vec::new();
    let mut empty = false;
    for s in strings {
        if s.is_empty() {
            empty = true;
            continue;
        }
        alternatives.push(Hir::concat(s.iter().map(|&c| char_hir(c, flags)).collect()));
    }
    alternatives.push(class);
    if empty {
        alternatives.push(Hir::empty());
    }
    Hir::alternation(alternatives)
}
