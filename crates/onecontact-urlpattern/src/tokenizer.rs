//! The Standard's tokenizer: a pattern string becomes a list of tokens.
//!
//! Positions are byte offsets into the pattern string (the Standard counts
//! code points; the two agree on every decision the tokenizer makes).

use crate::error::TokenizeFailure;
use icu_properties::CodePointSetData;
use icu_properties::props::{IdContinue, IdStart};

/// A token's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// `{`
    Open,
    /// `}`
    Close,
    /// `(…)`: the value is the regular expression between the parentheses.
    RegExp,
    /// `:name`: the value is the name.
    Name,
    /// Any other code point.
    Char,
    /// `\x`: the value is `x`.
    EscapedChar,
    /// `?` or `+`.
    OtherModifier,
    /// `*`
    Asterisk,
    /// The end of the input.
    End,
    /// A character the lenient policy kept although it cannot be tokenized.
    InvalidChar,
}

/// A token: its type, where it starts and its value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Token<'a> {
    pub(crate) kind: TokenKind,
    /// Byte offset in the input where the token starts.
    pub(crate) index: usize,
    /// The token's value (a slice of the input).
    pub(crate) value: &'a str,
}

/// The tokenize policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Policy {
    /// Errors are thrown.
    Strict,
    /// Errors become `invalid-char` tokens.
    Lenient,
}

/// A tokenizing error of the strict policy, with its byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TokenizeError {
    pub(crate) offset: usize,
    pub(crate) what: TokenizeFailure,
}

struct Tokenizer<'a> {
    input: &'a str,
    policy: Policy,
    tokens: Vec<Token<'a>>,
    index: usize,
    next_index: usize,
}

impl<'a> Tokenizer<'a> {
    /// "seek and get the next code point": the code point at `at`, and
    /// `next_index` past it.
    fn seek_next(&mut self, at: usize) -> Option<char> {
        let c = self.input.get(at..)?.chars().next()?;
        self.next_index = at + c.len_utf8();
        Some(c)
    }

    /// "add a token"
    fn add(
        &mut self,
        kind: TokenKind,
        next_position: usize,
        value_position: usize,
        value_length: usize,
    ) {
        let value = self
            .input
            .get(value_position..value_position + value_length)
            .unwrap_or("");
        self.tokens.push(Token {
            kind,
            index: self.index,
            value,
        });
        self.index = next_position;
    }

    /// "add a token with default length"
    fn add_default_length(&mut self, kind: TokenKind, next_position: usize, value_position: usize) {
        self.add(
            kind,
            next_position,
            value_position,
            next_position - value_position,
        );
    }

    /// "add a token with default position and length"
    fn add_default(&mut self, kind: TokenKind) {
        self.add_default_length(kind, self.next_index, self.index);
    }

    /// "process a tokenizing error"
    fn error(
        &mut self,
        next_position: usize,
        value_position: usize,
        what: TokenizeFailure,
    ) -> Result<(), TokenizeError> {
        match self.policy {
            Policy::Strict => Err(TokenizeError {
                offset: self.index,
                what,
            }),
            Policy::Lenient => {
                self.add_default_length(TokenKind::InvalidChar, next_position, value_position);
                Ok(())
            }
        }
    }
}

/// "is a valid name code point": ECMAScript's IdentifierStartChar /
/// IdentifierPartChar, on Unicode's ID_Start / ID_Continue (not the XID_
/// variants, which leave out a few compatibility characters such as U+037A).
pub(crate) fn is_valid_name_code_point(c: char, first: bool) -> bool {
    if first {
        c == '$' || c == '_' || CodePointSetData::new::<IdStart>().contains(c)
    } else {
        c == '$'
            || c == '\u{200C}'
            || c == '\u{200D}'
            || CodePointSetData::new::<IdContinue>().contains(c)
    }
}

/// "tokenize": `input` under `policy`.
pub(crate) fn tokenize(input: &str, policy: Policy) -> Result<Vec<Token<'_>>, TokenizeError> {
    let mut t = Tokenizer {
        input,
        policy,
        tokens: Vec::new(),
        index: 0,
        next_index: 0,
    };
    let len = input.len();
    while t.index < len {
        let Some(c) = t.seek_next(t.index) else { break };
        match c {
            // "If tokenizer's code point is U+002A (*)": asterisk.
            '*' => t.add_default(TokenKind::Asterisk),
            // "U+002B (+) or U+003F (?)": other-modifier.
            '+' | '?' => t.add_default(TokenKind::OtherModifier),
            // "U+005C (\)": an escaped char, or an error at the end.
            '\\' => {
                if t.index == len - 1 {
                    t.error(t.next_index, t.index, TokenizeFailure::TrailingBackslash)?;
                    continue;
                }
                let escaped_index = t.next_index;
                if t.seek_next(escaped_index).is_none() {
                    break;
                }
                t.add(
                    TokenKind::EscapedChar,
                    t.next_index,
                    escaped_index,
                    t.next_index - escaped_index,
                );
            }
            // "U+007B ({)": open; "U+007D (})": close.
            '{' => t.add_default(TokenKind::Open),
            '}' => t.add_default(TokenKind::Close),
            // "U+003A (:)": a name of valid name code points.
            ':' => {
                let name_start = t.next_index;
                let mut name_position = name_start;
                while name_position < len {
                    let Some(c) = t.seek_next(name_position) else {
                        break;
                    };
                    if !is_valid_name_code_point(c, name_position == name_start) {
                        break;
                    }
                    name_position = t.next_index;
                }
                if name_position <= name_start {
                    t.error(name_start, t.index, TokenizeFailure::MissingName)?;
                    continue;
                }
                t.add(
                    TokenKind::Name,
                    name_position,
                    name_start,
                    name_position - name_start,
                );
            }
            // "U+0028 (()": a regular expression up to the balancing `)`.
            '(' => {
                let mut depth = 1usize;
                let regexp_start = t.next_index;
                let mut regexp_position = regexp_start;
                let mut failure = None;
                while regexp_position < len {
                    let Some(c) = t.seek_next(regexp_position) else {
                        break;
                    };
                    if !c.is_ascii() {
                        failure = Some(TokenizeFailure::NonAsciiRegExp);
                        break;
                    }
                    if regexp_position == regexp_start && c == '?' {
                        failure = Some(TokenizeFailure::RegExpStartsWithQuestionMark);
                        break;
                    }
                    if c == '\\' {
                        if regexp_position == len - 1 {
                            failure = Some(TokenizeFailure::UnbalancedRegExp);
                            break;
                        }
                        let after = t.next_index;
                        match t.seek_next(after) {
                            Some(c) if c.is_ascii() => {}
                            _ => {
                                failure = Some(TokenizeFailure::NonAsciiRegExp);
                                break;
                            }
                        }
                        regexp_position = t.next_index;
                        continue;
                    }
                    if c == ')' {
                        depth -= 1;
                        if depth == 0 {
                            regexp_position = t.next_index;
                            break;
                        }
                    } else if c == '(' {
                        depth += 1;
                        if regexp_position == len - 1 {
                            failure = Some(TokenizeFailure::UnbalancedRegExp);
                            break;
                        }
                        let temporary_position = t.next_index;
                        if t.seek_next(temporary_position) != Some('?') {
                            failure = Some(TokenizeFailure::CapturingGroup);
                            break;
                        }
                        t.next_index = temporary_position;
                    }
                    regexp_position = t.next_index;
                }
                if let Some(what) = failure {
                    t.error(regexp_start, t.index, what)?;
                    continue;
                }
                if depth != 0 {
                    t.error(regexp_start, t.index, TokenizeFailure::UnbalancedRegExp)?;
                    continue;
                }
                // The length excludes the closing `)` (one byte).
                let regexp_length = regexp_position.saturating_sub(regexp_start + 1);
                if regexp_length == 0 {
                    t.error(regexp_start, t.index, TokenizeFailure::EmptyRegExp)?;
                    continue;
                }
                t.add(
                    TokenKind::RegExp,
                    regexp_position,
                    regexp_start,
                    regexp_length,
                );
            }
            // Anything else: a char token.
            _ => t.add_default(TokenKind::Char),
        }
    }
    // "Run add a token with default length given tokenizer, end, tokenizer's
    // index, and tokenizer's index."
    let at = t.index;
    t.add_default_length(TokenKind::End, at, at);
    Ok(t.tokens)
}
