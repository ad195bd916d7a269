//! Rule parsing: from list text to rules with their section and line.
//!
//! Format (publicsuffix.org "List format" and the list file's header): one
//! rule per line, each line read up to its first whitespace; lines starting
//! with `//` are comments; `// ===BEGIN ICANN DOMAINS===` …
//! `// ===END ICANN DOMAINS===` and the same for `PRIVATE` delimit the two
//! sections. A rule is labels joined by dots, optionally starting with `!`
//! (exception) or with the label `*` (wildcard; only leftmost, as the current
//! format requires). Unicode rules are converted to their `xn--` form.

use crate::prelude::*;
use alloc::borrow::Cow;

use crate::error::ParseError;
use crate::idn;
use crate::section::{RuleKind, Section};

/// One rule, ready for the table builder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rule<'a> {
    /// The rule's name in ASCII lowercase, without `!` or `*.`; checked:
    /// labels are 1..=63 bytes of `a-z 0-9 - _`.
    pub(crate) ascii: Cow<'a, str>,
    pub(crate) kind: RuleKind,
    pub(crate) section: Section,
    /// 1-based line number.
    pub(crate) line: usize,
    /// The rule as written (for error messages).
    pub(crate) text: &'a str,
}

impl Rule<'_> {
    /// The labels, rightmost first.
    pub(crate) fn labels(&self) -> core::str::RSplit<'_, char> {
        self.ascii.rsplit('.')
    }
}

/// The header facts of a list and its rule counts.
#[derive(Debug, Clone, Default)]
pub(crate) struct Header {
    /// The `// VERSION:` header line's value.
    pub(crate) version: Option<String>,
    /// The `// COMMIT:` header line's value.
    pub(crate) commit: Option<String>,
    /// Rules in the ICANN section.
    pub(crate) icann: usize,
    /// Rules in the PRIVATE section.
    pub(crate) private: usize,
}

const MARKERS: [(&str, Option<Section>, Section); 4] = [
    ("===BEGIN ICANN DOMAINS===", None, Section::Icann),
    (
        "===END ICANN DOMAINS===",
        Some(Section::Icann),
        Section::Icann,
    ),
    ("===BEGIN PRIVATE DOMAINS===", None, Section::Private),
    (
        "===END PRIVATE DOMAINS===",
        Some(Section::Private),
        Section::Private,
    ),
];

/// Parses a whole list text, handing each rule to `sink` in file order.
pub(crate) fn parse<'a>(
    text: &'a str,
    mut sink: impl FnMut(Rule<'a>) -> Result<(), ParseError>,
) -> Result<Header, ParseError> {
    let mut list = Header::default();
    let mut section: Option<Section> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim_start_matches('\u{feff}').trim_start();
        if let Some(comment) = trimmed.strip_prefix("//") {
            section = comment_line(comment.trim(), line, section, &mut list)?;
            continue;
        }
        let Some(rule) = trimmed.split_whitespace().next() else {
            continue;
        };
        let Some(current) = section else {
            return Err(ParseError::OutsideSection {
                line,
                rule: rule.to_owned(),
            });
        };
        match current {
            Section::Icann => list.icann += 1,
            Section::Private => list.private += 1,
        }
        sink(parse_rule(rule, current, line)?)?;
    }
    if let Some(open) = section {
        return Err(ParseError::UnclosedSection {
            section: section_name(open),
        });
    }
    if list.icann + list.private == 0 {
        return Err(ParseError::NoRules);
    }
    Ok(list)
}

fn section_name(section: Section) -> &'static str {
    match section {
        Section::Icann => "ICANN",
        Section::Private => "PRIVATE",
    }
}

/// Handles a comment: section markers and the VERSION/COMMIT header lines.
fn comment_line(
    comment: &str,
    line: usize,
    section: Option<Section>,
    list: &mut Header,
) -> Result<Option<Section>, ParseError> {
    if let Some((marker, needs_open, target)) = MARKERS.iter().find(|m| m.0 == comment) {
        let marker_error = |reason| ParseError::SectionMarker {
            line,
            marker: (*marker).to_owned(),
            reason,
        };
        return match (needs_open, section) {
            (None, None) => Ok(Some(*target)),
            (None, Some(_)) => Err(marker_error("a section is already open; close it first")),
            (Some(open), Some(current)) if *open == current => Ok(None),
            _ => Err(marker_error("it does not close the section that is open")),
        };
    }
    if let Some(v) = comment.strip_prefix("VERSION:") {
        list.version.get_or_insert_with(|| v.trim().to_owned());
    } else if let Some(c) = comment.strip_prefix("COMMIT:") {
        list.commit.get_or_insert_with(|| c.trim().to_owned());
    }
    Ok(section)
}

/// Parses one rule (the line's text up to its first whitespace).
pub(crate) fn parse_rule(
    rule: &str,
    section: Section,
    line: usize,
) -> Result<Rule<'_>, ParseError> {
    let owned = || rule.to_owned();
    let (kind, body) = match rule.strip_prefix('!') {
        Some(rest) => (RuleKind::Exception, rest),
        None => match rule.strip_prefix("*.") {
            Some(rest) => (RuleKind::Wildcard, rest),
            None => (RuleKind::Normal, rule),
        },
    };
    if body.contains('!') {
        return Err(ParseError::MisplacedException {
            line,
            rule: owned(),
        });
    }
    if body.contains('*') {
        return Err(ParseError::MisplacedWildcard {
            line,
            rule: owned(),
        });
    }
    if body.split('.').any(str::is_empty) {
        return Err(ParseError::EmptyLabel {
            line,
            rule: owned(),
        });
    }
    let mut ascii = idn::rule_to_ascii(body).map_err(|reason| ParseError::Idna {
        line,
        rule: owned(),
        reason,
    })?;
    let mut labels = 0;
    for label in ascii.split('.') {
        let valid = !label.is_empty()
            && label.len() <= 63
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !valid {
            return Err(ParseError::InvalidLabel {
                line,
                rule: owned(),
                label: label.to_owned(),
            });
        }
        labels += 1;
    }
    if kind == RuleKind::Exception && labels < 2 {
        return Err(ParseError::ShortException {
            line,
            rule: owned(),
        });
    }
    if ascii.bytes().any(|b| b.is_ascii_uppercase()) {
        ascii = Cow::Owned(ascii.to_ascii_lowercase());
    }
    Ok(Rule {
        ascii,
        kind,
        section,
        line,
        text: rule,
    })
}
