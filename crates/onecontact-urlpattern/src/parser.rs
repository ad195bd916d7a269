//! The Standard's pattern parser: tokens become a part list, from which the
//! regular expression and the normalized pattern string are generated.

use crate::error::{ComponentName, Error};
use crate::tokenizer::{self, Policy, Token, TokenKind};

/// A part's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PartKind {
    /// Text matched as is.
    FixedText,
    /// A custom regular expression `(…)`.
    RegExp,
    /// A segment wildcard (`:name` alone): anything but the delimiter.
    SegmentWildcard,
    /// A full wildcard `*`: anything.
    FullWildcard,
}

/// A part's modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Modifier {
    /// No modifier.
    None,
    /// `?`
    Optional,
    /// `*`
    ZeroOrMore,
    /// `+`
    OneOrMore,
}

impl Modifier {
    /// "convert a modifier to a string"
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Modifier::None => "",
            Modifier::Optional => "?",
            Modifier::ZeroOrMore => "*",
            Modifier::OneOrMore => "+",
        }
    }
}

/// A part of a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) kind: PartKind,
    /// The fixed text (fixed-text parts) or the regular expression (regexp
    /// parts); empty for wildcards.
    pub(crate) value: String,
    pub(crate) modifier: Modifier,
    /// The group name (empty for fixed text).
    pub(crate) name: String,
    pub(crate) prefix: String,
    pub(crate) suffix: String,
}

/// The Standard's options: delimiter and prefix code points, ignore case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Options {
    pub(crate) delimiter: Option<char>,
    pub(crate) prefix: Option<char>,
    pub(crate) ignore_case: bool,
}

impl Options {
    /// "default options"
    pub(crate) const DEFAULT: Options = Options {
        delimiter: None,
        prefix: None,
        ignore_case: false,
    };
    /// "hostname options"
    pub(crate) const HOSTNAME: Options = Options {
        delimiter: Some('.'),
        prefix: None,
        ignore_case: false,
    };
    /// "pathname options"
    pub(crate) const PATHNAME: Options = Options {
        delimiter: Some('/'),
        prefix: Some('/'),
        ignore_case: false,
    };

    fn is_prefix(&self, s: &str) -> bool {
        let mut chars = s.chars();
        matches!((self.prefix, chars.next(), chars.next()), (Some(p), Some(c), None) if p == c)
    }

    /// "generate a segment wildcard regexp"
    pub(crate) fn segment_wildcard_regexp(&self) -> String {
        let mut out = String::from("[^");
        if let Some(d) = self.delimiter {
            let mut buf = [0u8; 4];
            escape_regexp_string_into(&mut out, d.encode_utf8(&mut buf));
        }
        out.push_str("]+?");
        out
    }
}

/// The full wildcard regexp value.
pub(crate) const FULL_WILDCARD: &str = ".*";

/// An encoding callback: canonicalizes fixed text for its component.
pub(crate) type Encode<'c> = &'c dyn Fn(&str) -> Result<String, Error>;

struct Parser<'a, 'c> {
    tokens: Vec<Token<'a>>,
    encode: Encode<'c>,
    component: ComponentName,
    segment_wildcard_regexp: String,
    parts: Vec<Part>,
    pending_fixed_value: String,
    index: usize,
    next_numeric_name: usize,
    options: Options,
}

impl<'a> Parser<'a, '_> {
    /// "try to consume a token"
    fn try_consume(&mut self, kind: TokenKind) -> Option<Token<'a>> {
        let token = *self.tokens.get(self.index)?;
        if token.kind != kind {
            return None;
        }
        self.index += 1;
        Some(token)
    }

    /// "try to consume a modifier token"
    fn try_consume_modifier(&mut self) -> Option<Token<'a>> {
        self.try_consume(TokenKind::OtherModifier)
            .or_else(|| self.try_consume(TokenKind::Asterisk))
    }

    /// "try to consume a regexp or wildcard token"
    fn try_consume_regexp_or_wildcard(&mut self, name: Option<Token<'a>>) -> Option<Token<'a>> {
        let token = self.try_consume(TokenKind::RegExp);
        if name.is_none() && token.is_none() {
            return self.try_consume(TokenKind::Asterisk);
        }
        token
    }

    /// "consume a required token"
    fn consume_required(
        &mut self,
        kind: TokenKind,
        expected: &'static str,
    ) -> Result<Token<'a>, Error> {
        self.try_consume(kind)
            .ok_or_else(|| Error::UnexpectedToken {
                component: self.component,
                offset: self.tokens.get(self.index).map_or(0, |t| t.index),
                expected,
            })
    }

    /// "consume text"
    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        while let Some(token) = self
            .try_consume(TokenKind::Char)
            .or_else(|| self.try_consume(TokenKind::EscapedChar))
        {
            result.push_str(token.value);
        }
        result
    }

    /// "maybe add a part from the pending fixed value"
    fn maybe_add_pending(&mut self) -> Result<(), Error> {
        if self.pending_fixed_value.is_empty() {
            return Ok(());
        }
        let value = (self.encode)(&std::mem::take(&mut self.pending_fixed_value))?;
        self.parts.push(Part {
            kind: PartKind::FixedText,
            value,
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        });
        Ok(())
    }

    /// "add a part"
    fn add_part(
        &mut self,
        prefix: &str,
        name: Option<Token<'a>>,
        regexp_or_wildcard: Option<Token<'a>>,
        suffix: &str,
        modifier: Option<Token<'a>>,
    ) -> Result<(), Error> {
        let modifier = match modifier.map(|t| t.value) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        // A prefix alone, without a modifier, is fixed text.
        if name.is_none() && regexp_or_wildcard.is_none() && modifier == Modifier::None {
            self.pending_fixed_value.push_str(prefix);
            return Ok(());
        }
        self.maybe_add_pending()?;
        // A `{…}` group without name or regexp: fixed text with a modifier.
        if name.is_none() && regexp_or_wildcard.is_none() {
            if prefix.is_empty() {
                return Ok(());
            }
            let value = (self.encode)(prefix)?;
            self.parts.push(Part {
                kind: PartKind::FixedText,
                value,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
            });
            return Ok(());
        }
        let mut regexp_value = match regexp_or_wildcard {
            None => self.segment_wildcard_regexp.clone(),
            Some(t) if t.kind == TokenKind::Asterisk => FULL_WILDCARD.to_owned(),
            Some(t) => t.value.to_owned(),
        };
        let mut kind = PartKind::RegExp;
        if regexp_value == self.segment_wildcard_regexp {
            kind = PartKind::SegmentWildcard;
            regexp_value.clear();
        } else if regexp_value == FULL_WILDCARD {
            kind = PartKind::FullWildcard;
            regexp_value.clear();
        }
        let (name, offset) = if let Some(t) = name {
            (t.value.to_owned(), t.index)
        } else {
            let n = self.next_numeric_name;
            self.next_numeric_name += 1;
            (n.to_string(), regexp_or_wildcard.map_or(0, |t| t.index))
        };
        // "is a duplicate name"
        if self.parts.iter().any(|p| p.name == name) {
            return Err(Error::DuplicateName {
                component: self.component,
                offset,
                name,
            });
        }
        let prefix = (self.encode)(prefix)?;
        let suffix = (self.encode)(suffix)?;
        self.parts.push(Part {
            kind,
            value: regexp_value,
            modifier,
            name,
            prefix,
            suffix,
        });
        Ok(())
    }
}

/// "parse a pattern string"
pub(crate) fn parse_pattern_string(
    input: &str,
    options: Options,
    component: ComponentName,
    encode: Encode<'_>,
) -> Result<Vec<Part>, Error> {
    let tokens = tokenizer::tokenize(input, Policy::Strict).map_err(|e| Error::Tokenize {
        component,
        offset: e.offset,
        what: e.what,
    })?;
    let mut p = Parser {
        tokens,
        encode,
        component,
        segment_wildcard_regexp: options.segment_wildcard_regexp(),
        parts: Vec::new(),
        pending_fixed_value: String::new(),
        index: 0,
        next_numeric_name: 0,
        options,
    };
    while p.index < p.tokens.len() {
        let char_token = p.try_consume(TokenKind::Char);
        let name_token = p.try_consume(TokenKind::Name);
        let regexp_or_wildcard = p.try_consume_regexp_or_wildcard(name_token);
        // A name or regexp group, with a one-character prefix if that is the
        // options' prefix code point.
        if name_token.is_some() || regexp_or_wildcard.is_some() {
            let mut prefix = char_token.map_or("", |t| t.value);
            if !prefix.is_empty() && !p.options.is_prefix(prefix) {
                p.pending_fixed_value.push_str(prefix);
                prefix = "";
            }
            p.maybe_add_pending()?;
            let modifier = p.try_consume_modifier();
            p.add_part(prefix, name_token, regexp_or_wildcard, "", modifier)?;
            continue;
        }
        // Fixed text: a char or an escaped char.
        let fixed = char_token.or_else(|| p.try_consume(TokenKind::EscapedChar));
        if let Some(t) = fixed {
            p.pending_fixed_value.push_str(t.value);
            continue;
        }
        // A `{…}` group.
        if p.try_consume(TokenKind::Open).is_some() {
            let prefix = p.consume_text();
            let name_token = p.try_consume(TokenKind::Name);
            let regexp_or_wildcard = p.try_consume_regexp_or_wildcard(name_token);
            let suffix = p.consume_text();
            p.consume_required(TokenKind::Close, "`}`")?;
            let modifier = p.try_consume_modifier();
            p.add_part(&prefix, name_token, regexp_or_wildcard, &suffix, modifier)?;
            continue;
        }
        p.maybe_add_pending()?;
        p.consume_required(
            TokenKind::End,
            "the end of the pattern (escape the character with `\\`)",
        )?;
    }
    Ok(p.parts)
}

/// "escape a regexp string", appended to `out`.
pub(crate) fn escape_regexp_string_into(out: &mut String, input: &str) {
    for c in input.chars() {
        if matches!(
            c,
            '.' | '+'
                | '*'
                | '?'
                | '^'
                | '$'
                | '{'
                | '}'
                | '('
                | ')'
                | '['
                | ']'
                | '|'
                | '/'
                | '\\'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// "escape a pattern string", appended to `out`.
pub(crate) fn escape_pattern_string_into(out: &mut String, input: &str) {
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
}

/// "escape a pattern string"
pub(crate) fn escape_pattern_string(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    escape_pattern_string_into(&mut out, input);
    out
}

/// "generate a regular expression and name list"
pub(crate) fn generate_regexp_and_names(parts: &[Part], options: Options) -> (String, Vec<String>) {
    let mut result = String::from("^");
    let mut names = Vec::new();
    let segment = options.segment_wildcard_regexp();
    for part in parts {
        if part.kind == PartKind::FixedText {
            if part.modifier == Modifier::None {
                escape_regexp_string_into(&mut result, &part.value);
            } else {
                result.push_str("(?:");
                escape_regexp_string_into(&mut result, &part.value);
                result.push(')');
                result.push_str(part.modifier.as_str());
            }
            continue;
        }
        names.push(part.name.clone());
        let regexp_value = match part.kind {
            PartKind::SegmentWildcard => segment.as_str(),
            PartKind::FullWildcard => FULL_WILDCARD,
            _ => part.value.as_str(),
        };
        let modifier = part.modifier.as_str();
        let single = matches!(part.modifier, Modifier::None | Modifier::Optional);
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if single {
                result.push('(');
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(modifier);
            } else {
                result.push_str("((?:");
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(modifier);
                result.push(')');
            }
            continue;
        }
        if single {
            result.push_str("(?:");
            escape_regexp_string_into(&mut result, &part.prefix);
            result.push('(');
            result.push_str(regexp_value);
            result.push(')');
            escape_regexp_string_into(&mut result, &part.suffix);
            result.push(')');
            result.push_str(modifier);
            continue;
        }
        result.push_str("(?:");
        escape_regexp_string_into(&mut result, &part.prefix);
        result.push_str("((?:");
        result.push_str(regexp_value);
        result.push_str(")(?:");
        escape_regexp_string_into(&mut result, &part.suffix);
        escape_regexp_string_into(&mut result, &part.prefix);
        result.push_str("(?:");
        result.push_str(regexp_value);
        result.push_str("))*)");
        escape_regexp_string_into(&mut result, &part.suffix);
        result.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            result.push('?');
        }
    }
    result.push('$');
    (result, names)
}

fn starts_with_digit(s: &str) -> bool {
    s.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// "generate a pattern string"
pub(crate) fn generate_pattern_string(parts: &[Part], options: Options) -> String {
    let mut result = String::new();
    let mut previous: Option<&Part> = None;
    let mut iter = parts.iter().peekable();
    while let Some(part) = iter.next() {
        let next = iter.peek().copied();
        if part.kind == PartKind::FixedText {
            if part.modifier == Modifier::None {
                escape_pattern_string_into(&mut result, &part.value);
            } else {
                result.push('{');
                escape_pattern_string_into(&mut result, &part.value);
                result.push('}');
                result.push_str(part.modifier.as_str());
            }
            previous = Some(part);
            continue;
        }
        let custom_name = !starts_with_digit(&part.name);
        let mut needs_grouping = !part.suffix.is_empty()
            || (!part.prefix.is_empty() && !options.is_prefix(&part.prefix));
        // A custom-named segment wildcard directly followed by what could
        // continue its name (a name code point, or a numbered group) is
        // grouped.
        let next_plain = next.filter(|n| n.prefix.is_empty() && n.suffix.is_empty());
        if let Some(next) = next_plain.filter(|_| {
            !needs_grouping
                && custom_name
                && part.kind == PartKind::SegmentWildcard
                && part.modifier == Modifier::None
        }) {
            needs_grouping = if next.kind == PartKind::FixedText {
                next.value
                    .chars()
                    .next()
                    .is_some_and(|c| tokenizer::is_valid_name_code_point(c, false))
            } else {
                starts_with_digit(&next.name)
            };
        }
        // A part without prefix after fixed text ending in the prefix code
        // point is grouped, or the prefix would attach to it.
        if !needs_grouping
            && part.prefix.is_empty()
            && previous.is_some_and(|prev| {
                prev.kind == PartKind::FixedText
                    && prev
                        .value
                        .chars()
                        .last()
                        .is_some_and(|c| Some(c) == options.prefix)
            })
        {
            needs_grouping = true;
        }
        if needs_grouping {
            result.push('{');
        }
        escape_pattern_string_into(&mut result, &part.prefix);
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        match part.kind {
            PartKind::RegExp => {
                result.push('(');
                result.push_str(&part.value);
                result.push(')');
            }
            PartKind::SegmentWildcard if !custom_name => {
                result.push('(');
                result.push_str(&options.segment_wildcard_regexp());
                result.push(')');
            }
            PartKind::FullWildcard => {
                let plain = previous
                    .is_none_or(|p| p.kind == PartKind::FixedText || p.modifier != Modifier::None);
                if !custom_name && (plain || needs_grouping || !part.prefix.is_empty()) {
                    result.push('*');
                } else {
                    result.push('(');
                    result.push_str(FULL_WILDCARD);
                    result.push(')');
                }
            }
            _ => {}
        }
        if part.kind == PartKind::SegmentWildcard
            && custom_name
            && part
                .suffix
                .chars()
                .next()
                .is_some_and(|c| tokenizer::is_valid_name_code_point(c, false))
        {
            result.push('\\');
        }
        escape_pattern_string_into(&mut result, &part.suffix);
        if needs_grouping {
            result.push('}');
        }
        result.push_str(part.modifier.as_str());
        previous = Some(part);
    }
    result
}
