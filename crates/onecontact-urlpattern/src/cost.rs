//! Bounding the cost of matching.
//!
//! regress is a backtracking engine: some expressions make it try a number
//! of ways to split the input that grows exponentially (or as a high power)
//! with the input's length. The Standard's generated expressions are
//! linear except in three shapes, which are refused when a pattern is built:
//!
//! 1. a repeated regular expression group (`*` or `+` modifier) whose
//!    expression holds a quantifier (repeated wildcards are matched as one
//!    unit instead, see `parser::generate_matching_regexp`);
//! 2. a regular expression group that quantifies a group which itself holds
//!    a quantifier or an alternative (`(?:a+)+`, `(?:a|ab)*`);
//! 3. more than [`MAX_UNBOUNDED`] unbounded parts (full wildcards, segment
//!    wildcards not bounded by the delimiter, quantified regular
//!    expressions, repeated groups) in one component, each of which
//!    multiplies the ways to split a text.

use crate::error::{ComponentName, Error};
use crate::parser::{Modifier, Part, PartKind};

/// The most unbounded parts one component may hold.
pub(crate) const MAX_UNBOUNDED: usize = 2;

fn quantified(regexp: &str) -> bool {
    regexp.contains(['*', '+', '{'])
}

fn repeated(p: &Part) -> bool {
    matches!(p.modifier, Modifier::ZeroOrMore | Modifier::OneOrMore)
}

/// Whether a part can take a number of lengths that grows with the input:
/// a segment wildcard bounded by the delimiter in its prefix or suffix
/// (`/:id`) can end at one place only.
fn unbounded(p: &Part, delimiter: Option<char>) -> bool {
    match p.kind {
        PartKind::FixedText => repeated(p),
        PartKind::FullWildcard => true,
        PartKind::SegmentWildcard => {
            repeated(p) || delimiter.is_none_or(|d| !p.prefix.contains(d) && !p.suffix.contains(d))
        }
        PartKind::RegExp => quantified(&p.value) || repeated(p),
    }
}

/// Whether a regular expression quantifies a group holding a quantifier or
/// an alternative.
fn nested_quantifier(regexp: &str) -> bool {
    // For each open group: whether it holds a quantifier or `|`.
    let mut stack: Vec<bool> = Vec::new();
    let mut closed_risky = false;
    let mut in_class = false;
    let mut chars = regexp.chars();
    while let Some(c) = chars.next() {
        let after_close = std::mem::take(&mut closed_risky);
        match c {
            '\\' => {
                chars.next();
            }
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            _ if in_class => {}
            '(' => stack.push(false),
            ')' => closed_risky = stack.pop().unwrap_or(false),
            '*' | '+' | '{' => {
                if after_close {
                    return true;
                }
                if let Some(top) = stack.last_mut() {
                    *top = true;
                }
            }
            '|' => {
                if let Some(top) = stack.last_mut() {
                    *top = true;
                }
            }
            _ => {}
        }
        // A risky group stays risky through an enclosing group.
        if let Some(top) = stack.last_mut().filter(|_| c == ')' && closed_risky) {
            *top = true;
        }
    }
    false
}

/// Refuses part lists whose regular expression would backtrack
/// catastrophically.
pub(crate) fn check(
    parts: &[Part],
    delimiter: Option<char>,
    component: ComponentName,
) -> Result<(), Error> {
    for p in parts {
        // Repeated wildcards are matched collapsed (see the parser); a
        // repeated quantified regular expression cannot be.
        if repeated(p) && p.kind == PartKind::RegExp && quantified(&p.value) {
            return Err(Error::TooComplex {
                component,
                reason: "a repeated regular expression group holds a quantifier, so its repetitions can split one \
                         text in many ways",
            });
        }
        if p.kind == PartKind::RegExp && nested_quantifier(&p.value) {
            return Err(Error::TooComplex {
                component,
                reason: "a regular expression quantifies a group that holds a quantifier or an alternative",
            });
        }
    }
    if parts.iter().filter(|p| unbounded(p, delimiter)).count() > MAX_UNBOUNDED {
        return Err(Error::TooComplex {
            component,
            reason: "more than 2 wildcards, quantified regular expressions or repeated groups in one component (a \
                     segment wildcard after the delimiter, as in `/:id`, does not count)",
        });
    }
    Ok(())
}
