//! Errors of [`List::parse`](crate::List::parse).

use crate::prelude::*;

/// Why a list text could not be loaded. Every variant that concerns one
/// line names it (1-based) and quotes the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A rule appears before `// ===BEGIN ICANN DOMAINS===`, between the
    /// sections or after `// ===END PRIVATE DOMAINS===`.
    #[error(
        "line {line}: rule `{rule}` is outside the ICANN and PRIVATE sections; move it between a `// ===BEGIN … DOMAINS===` line and its END line"
    )]
    OutsideSection {
        /// 1-based line number.
        line: usize,
        /// The rule as written.
        rule: String,
    },
    /// A label of the rule is empty: a leading, trailing or doubled dot.
    #[error("line {line}: rule `{rule}` has an empty label (leading, trailing or doubled dot)")]
    EmptyLabel {
        /// 1-based line number.
        line: usize,
        /// The rule as written.
        rule: String,
    },
    /// `*` is only allowed as the whole leftmost label (`*.example`).
    #[error(
        "line {line}: rule `{rule}`: `*` may only be the whole leftmost label, as in `*.example`"
    )]
    MisplacedWildcard {
        /// 1-based line number.
        line: usize,
        /// The rule as written.
        rule: String,
    },
    /// `!` is only allowed as the first character of a rule.
    #[error(
        "line {line}: rule `{rule}`: `!` may only start an exception rule, as in `!www.example`"
    )]
    MisplacedException {
        /// 1-based line number.
        line: usize,
        /// The rule as written.
        rule: String,
    },
    /// An exception rule removes its leftmost label, so it needs two.
    #[error("line {line}: exception rule `{rule}` needs at least two labels, as in `!www.example`")]
    ShortException {
        /// 1-based line number.
        line: usize,
        /// The rule as written.
        rule: String,
    },
    /// A label holds a character outside `a-z 0-9 - _` (after IDNA
    /// conversion), or is longer than 63 bytes.
    #[error(
        "line {line}: rule `{rule}`: label `{label}` must be 1 to 63 bytes of a-z, 0-9, `-` or `_` (Unicode labels are converted to `xn--` form first)"
    )]
    InvalidLabel {
        /// 1-based line number.
        line: usize,
        /// The rule as written.
        rule: String,
        /// The offending label, in ASCII form when it was converted.
        label: String,
    },
    /// A Unicode rule could not be converted to ASCII with IDNA.
    #[error("line {line}: rule `{rule}` cannot be converted to ASCII (IDNA): {reason}")]
    Idna {
        /// 1-based line number.
        line: usize,
        /// The rule as written.
        rule: String,
        /// What the IDNA conversion reported.
        reason: String,
    },
    /// The same rule (same kind) appears twice.
    #[error("line {line}: rule `{rule}` repeats the rule on line {first}; remove one")]
    Duplicate {
        /// 1-based line number of the repetition.
        line: usize,
        /// 1-based line number of the first occurrence.
        first: usize,
        /// The rule as written.
        rule: String,
    },
    /// A `BEGIN` marker inside an open section, or an `END` marker that does
    /// not close the open section.
    #[error("line {line}: section marker `{marker}` does not fit: {reason}")]
    SectionMarker {
        /// 1-based line number.
        line: usize,
        /// The marker as written.
        marker: String,
        /// What was expected.
        reason: &'static str,
    },
    /// The text ends inside a section.
    #[error("the list ends inside the {section} section; add its `// ===END … DOMAINS===` line")]
    UnclosedSection {
        /// `ICANN` or `PRIVATE`.
        section: &'static str,
    },
    /// No rule at all (an empty or comment-only text).
    #[error("the list has no rules; is this a Public Suffix List file?")]
    NoRules,
    /// The table would exceed an internal limit: 65,534 nodes (label paths;
    /// the pinned list has about 11,000), 64 KiB of label bytes past the
    /// eighth of long labels, or no perfect hash within 65,536 slots.
    #[error("the list is too large for this engine ({what})")]
    TooLarge {
        /// Which limit was hit.
        what: &'static str,
    },
}
