//! The PSL algorithm over the table: public suffix, registrable domain,
//! ICANN top-level labels.
//!
//! Walking the host's labels from the right, every rule that matches is a
//! prefix of that walk: a normal rule ends at a node, a wildcard `*.x` matches
//! one more label after node `x`, an exception `!y.x` ends at node `y.x`.
//! The prevailing rule is the matching exception with the most labels if any
//! (the suffix is then the exception minus its leftmost label), else the
//! matching rule with the most labels, else the implicit `*` rule (the last
//! label). Normal and wildcard rules of the same length give the same
//! suffix; the normal rule's section is reported.

use crate::key::label_before;
use crate::section::{Origin, RuleKind, Section};
use crate::table::{ROOT, Table, View, flags};

/// The public suffix of a domain: a slice of the input, and the rule that
/// produced it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Suffix<'a> {
    text: &'a str,
    origin: Origin,
}

impl<'a> Suffix<'a> {
    /// The suffix text: a slice of the domain given (same case, no trailing
    /// root dot). Empty only when the domain's last label is empty.
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The section of the deciding rule; `None` for the implicit `*` rule.
    pub fn section(&self) -> Option<Section> {
        match self.origin {
            Origin::Listed { section, .. } => Some(section),
            Origin::Implicit => None,
        }
    }

    /// The deciding rule's shape; `None` for the implicit `*` rule.
    pub fn rule_kind(&self) -> Option<RuleKind> {
        match self.origin {
            Origin::Listed { kind, .. } => Some(kind),
            Origin::Implicit => None,
        }
    }

    /// Where the suffix came from.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// Whether a rule of the list decided the suffix (not the implicit `*`).
    pub fn is_listed(&self) -> bool {
        self.origin != Origin::Implicit
    }

    /// Whether the implicit `*` rule decided the suffix (no rule matched).
    pub fn is_implicit(&self) -> bool {
        self.origin == Origin::Implicit
    }

    /// Whether the deciding rule is in the ICANN section.
    pub fn is_icann(&self) -> bool {
        self.section() == Some(Section::Icann)
    }

    /// Whether the deciding rule is in the PRIVATE section.
    pub fn is_private(&self) -> bool {
        self.section() == Some(Section::Private)
    }
}

impl std::fmt::Display for Suffix<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text)
    }
}

/// Removes one trailing root dot.
#[inline(always)]
pub(crate) fn trim_root_dot(domain: &str) -> &str {
    domain.strip_suffix('.').unwrap_or(domain)
}

fn section_of(flags: u8, private_bit: u8) -> Section {
    if flags & private_bit != 0 {
        Section::Private
    } else {
        Section::Icann
    }
}

/// The outcome of the walk.
pub(crate) struct Found {
    /// Byte offset where the public suffix starts.
    pub(crate) start: usize,
    /// The deciding rule.
    pub(crate) origin: Origin,
    /// Start of the label just before the suffix, when the walk saw it.
    pub(crate) before: Option<usize>,
}

/// The PSL algorithm: where the public suffix of `host` (no trailing dot)
/// starts, and the deciding rule.
#[inline]
pub(crate) fn find_suffix(table: View<'_>, host: &[u8]) -> Found {
    let (start, key) = label_before(host, host.len());
    find_suffix_from(table, host, start, key)
}

/// [`find_suffix`] once the last label (`host[start..]`, key `key`) is known.
#[inline(always)]
fn find_suffix_from(table: View<'_>, host: &[u8], mut start: usize, mut key: u64) -> Found {
    let mut end = host.len();
    let mut best = (start, Origin::Implicit);
    let mut exception: Option<(usize, Section)> = None;
    let mut parent = ROOT;
    let mut parent_flags = flags::CHILDREN;
    while start < end {
        if parent_flags & flags::WILDCARD != 0 {
            let section = section_of(parent_flags, flags::WILDCARD_PRIVATE);
            best = (start, listed(section, RuleKind::Wildcard));
        }
        if parent_flags & flags::CHILDREN == 0 {
            break;
        }
        let Some((node, node_flags)) = table.find_key(parent, key, host, start, end) else {
            break;
        };
        if node_flags & flags::NORMAL != 0 {
            let section = section_of(node_flags, flags::NORMAL_PRIVATE);
            best = (start, listed(section, RuleKind::Normal));
        }
        if node_flags & flags::EXCEPTION != 0 {
            exception = Some((end + 1, section_of(node_flags, flags::EXCEPTION_PRIVATE)));
        }
        if start == 0 {
            break;
        }
        parent = node;
        parent_flags = node_flags;
        end = start - 1;
        (start, key) = label_before(host, end);
    }
    // `start` is now the start of the last label examined; it sits just
    // before the suffix exactly when the suffix begins right after it.
    let before = (best.0 == end + 1).then_some(start);
    match exception {
        Some((at, section)) => Found {
            start: at,
            origin: listed(section, RuleKind::Exception),
            before: None,
        },
        None => Found {
            start: best.0,
            origin: best.1,
            before,
        },
    }
}

fn listed(section: Section, kind: RuleKind) -> Origin {
    Origin::Listed { section, kind }
}

/// The suffix of `domain` as a [`Suffix`].
#[inline]
pub(crate) fn suffix<'a>(table: &Table, domain: &'a str) -> Suffix<'a> {
    let host = trim_root_dot(domain);
    let Found { start, origin, .. } = find_suffix(table.view(), host.as_bytes());
    Suffix {
        text: host.get(start..).unwrap_or_default(),
        origin,
    }
}

/// The registrable domain: the public suffix plus one label, when the
/// domain has that label and no empty label anywhere.
#[inline]
pub(crate) fn registrable_domain<'a>(table: &Table, domain: &'a str) -> Option<&'a str> {
    let host = trim_root_dot(domain);
    let bytes = host.as_bytes();
    let (last, key) = label_before(bytes, bytes.len());
    if last == 0 {
        // One label (or none): never a registrable domain.
        return None;
    }
    let found = find_suffix_from(table.view(), bytes, last, key);
    let start = found.start;
    if start == 0 || start >= bytes.len() {
        return None;
    }
    let dot = start - 1;
    let reg_start = match found.before {
        Some(before) => before,
        None => label_before(bytes, dot).0,
    };
    if reg_start == dot || !labels_nonempty(bytes.get(..reg_start)?) {
        return None;
    }
    host.get(reg_start..)
}

/// Whether `prefix` (the part before the registrable domain, with its
/// final dot, or empty) has no empty label.
fn labels_nonempty(prefix: &[u8]) -> bool {
    let Some((_, rest)) = prefix.split_last() else {
        return true;
    };
    let mut after_dot = true;
    for &b in rest {
        let dot = b == b'.';
        if dot && after_dot {
            return false;
        }
        after_dot = dot;
    }
    !after_dot
}

/// Whether `label` is the last label of some ICANN rule (a top-level domain
/// the ICANN section knows).
pub(crate) fn is_icann_tld(table: &Table, label: &str) -> bool {
    let label = trim_root_dot(label).as_bytes();
    if label.contains(&b'.') {
        return false;
    }
    table
        .view()
        .find(ROOT, label, 0, label.len())
        .is_some_and(|(_, f)| f & flags::ICANN_BELOW != 0)
}
