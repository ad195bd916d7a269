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

use crate::gigo::Gigo;
use crate::key::Host;
use crate::section::{Origin, RuleKind, Section};
use crate::table::{ROOT, View, flags};

/// The public suffix of a domain: a slice of the input, and the rule that
/// produced it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Suffix<'a> {
    text: &'a str,
    origin: Origin,
}

impl<'a> Suffix<'a> {
    pub(crate) fn new(text: &'a str, origin: Origin) -> Suffix<'a> {
        Suffix { text, origin }
    }

    /// The suffix text: a slice of the domain given (same case, same
    /// characters, no trailing root dot). Empty only when the domain's last
    /// label is empty, or for [`Origin::NotADomain`].
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The section of the deciding rule; `None` for the implicit `*` rule
    /// and for text that is not a domain.
    pub fn section(&self) -> Option<Section> {
        match self.origin {
            Origin::Listed { section, .. } => Some(section),
            Origin::Implicit | Origin::NotADomain => None,
        }
    }

    /// The deciding rule's shape; `None` for the implicit `*` rule and for
    /// text that is not a domain.
    pub fn rule_kind(&self) -> Option<RuleKind> {
        match self.origin {
            Origin::Listed { kind, .. } => Some(kind),
            Origin::Implicit | Origin::NotADomain => None,
        }
    }

    /// Where the suffix came from.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// Whether a rule of the list decided the suffix (not the implicit `*`).
    pub fn is_listed(&self) -> bool {
        matches!(self.origin, Origin::Listed { .. })
    }

    /// Whether the text looked up is no domain (see [`Origin::NotADomain`]);
    /// the suffix is then empty and means nothing.
    pub fn is_not_a_domain(&self) -> bool {
        self.origin == Origin::NotADomain
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

impl core::fmt::Display for Suffix<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.text)
    }
}

/// Removes one trailing root dot.
#[inline(always)]
pub(crate) fn trim_root_dot(domain: &str) -> &str {
    domain.strip_suffix('.').unwrap_or(domain)
}

/// The outcome of the walk.
#[derive(Clone, Copy)]
pub(crate) struct Found {
    /// Byte offset where the public suffix starts.
    pub(crate) start: usize,
    /// The deciding rule: one of the rule bits of [`flags`] (`NORMAL`,
    /// `WILDCARD`, `EXCEPTION`) and its private bit; 0 for the implicit rule.
    pub(crate) rule: u8,
    /// Start of the label just before the suffix, when the walk read it
    /// (`usize::MAX` otherwise).
    pub(crate) before: usize,
}

impl Found {
    /// The answer of a walk whose last label read is `start..end`: that
    /// label sits just before the suffix exactly when the suffix (at
    /// `best`) begins right after it.
    #[inline(always)]
    fn after_walk(best: usize, rule: u8, start: usize, end: usize) -> Found {
        Found {
            start: best,
            rule,
            before: if best == end.wrapping_add(1) {
                start
            } else {
                usize::MAX
            },
        }
    }
}

/// The PSL algorithm: where the public suffix of `host` (no trailing dot)
/// starts, and the deciding rule, given its last label `host[start..]`
/// and that label's key.
///
/// This walk handles normal rules only, which is all most hosts meet; at
/// the first node with a wildcard or an exception it hands over to
/// [`find_suffix_any`], which starts again from the last label.
#[inline(always)]
pub(crate) fn find_suffix(
    table: View<'_>,
    host: Host<'_>,
    mut start: usize,
    mut key: u64,
    icann_only: bool,
) -> Found {
    let (last, last_key) = (start, key);
    let bytes = host.bytes();
    let mut end = bytes.len();
    // The implicit rule `*`: the last label.
    let (mut best, mut rule) = (start, 0u8);
    let mut parent = ROOT;
    while start < end {
        let Some((node, f)) = table.find_key(parent, key, bytes, start, end) else {
            break;
        };
        if f & (flags::WILDCARD | flags::EXCEPTION) != 0 {
            return find_suffix_any(table, host, last, last_key, icann_only);
        }
        if counts(f, flags::NORMAL, flags::NORMAL_PRIVATE, icann_only) {
            best = start;
            rule = f & (flags::NORMAL | flags::NORMAL_PRIVATE);
        }
        if start == 0 || f & flags::CHILDREN == 0 {
            // No label left, or nothing below this node: the next label
            // is not needed (the registrable domain reads it if it is the
            // one before the suffix).
            end = usize::MAX - 1;
            break;
        }
        end = start - 1;
        (start, key) = host.label_before(end);
        parent = node;
    }
    Found::after_walk(best, rule, start, end)
}

/// [`find_suffix`] for hosts that meet a wildcard or an exception rule.
///
/// The walk reads the host's labels from the right and looks each one up
/// under the node of the labels after it, until a label is not in the
/// table or its node has no children. A normal rule ending at a node
/// makes that node's labels the suffix; a wildcard at a node makes them
/// plus the next label the suffix; an exception ends the suffix just after
/// its own leftmost label and beats every other rule (a deeper exception
/// beats a shallower one, as the walk overwrites it).
#[cold]
#[inline(never)]
fn find_suffix_any(
    table: View<'_>,
    host: Host<'_>,
    mut start: usize,
    mut key: u64,
    icann_only: bool,
) -> Found {
    let bytes = host.bytes();
    let mut end = bytes.len();
    // The implicit rule `*`: the last label.
    let (mut best, mut rule) = (start, 0u8);
    let mut exception: Option<(usize, usize, u8)> = None;
    let mut parent = ROOT;
    while start < end {
        let Some((node, f)) = table.find_key(parent, key, bytes, start, end) else {
            break;
        };
        if counts(f, flags::NORMAL, flags::NORMAL_PRIVATE, icann_only) {
            best = start;
            rule = f & (flags::NORMAL | flags::NORMAL_PRIVATE);
        }
        if counts(f, flags::EXCEPTION, flags::EXCEPTION_PRIVATE, icann_only) {
            exception = Some((
                end + 1,
                start,
                f & (flags::EXCEPTION | flags::EXCEPTION_PRIVATE),
            ));
        }
        if start == 0 {
            // No label left, so none before the suffix either.
            end = usize::MAX - 1;
            break;
        }
        if f & (flags::CHILDREN | flags::WILDCARD) == 0 {
            // Nothing below this node: the next label is not needed (the
            // registrable domain reads it if it is the one before the
            // suffix).
            end = usize::MAX - 1;
            break;
        }
        end = start - 1;
        (start, key) = host.label_before(end);
        if counts(f, flags::WILDCARD, flags::WILDCARD_PRIVATE, icann_only) && start < end {
            best = start;
            rule = f & (flags::WILDCARD | flags::WILDCARD_PRIVATE);
        }
        if f & flags::CHILDREN == 0 {
            break;
        }
        parent = node;
    }
    if let Some((start, before, rule)) = exception {
        // The label before the suffix is the exception's leftmost label.
        return Found {
            start,
            rule,
            before,
        };
    }
    Found::after_walk(best, rule, start, end)
}

/// Whether the rule of shape `kind` (one of the rule bits of [`flags`]) is at
/// a node with flags `f` and takes part in the lookup: every rule does,
/// except a PRIVATE one (`private` bit set) when only the ICANN section is
/// asked for.
#[inline(always)]
fn counts(f: u8, kind: u8, private: u8, icann_only: bool) -> bool {
    f & kind != 0 && !(icann_only && f & private != 0)
}

/// The [`Origin`] of a [`Found::rule`].
pub(crate) fn origin(rule: u8) -> Origin {
    let section = |private: u8| {
        if rule & private != 0 {
            Section::Private
        } else {
            Section::Icann
        }
    };
    let (kind, private) = if rule & flags::NORMAL != 0 {
        (RuleKind::Normal, flags::NORMAL_PRIVATE)
    } else if rule & flags::WILDCARD != 0 {
        (RuleKind::Wildcard, flags::WILDCARD_PRIVATE)
    } else if rule & flags::EXCEPTION != 0 {
        (RuleKind::Exception, flags::EXCEPTION_PRIVATE)
    } else {
        return Origin::Implicit;
    };
    Origin::Listed {
        section: section(private),
        kind,
    }
}

/// The suffix of `domain` as a [`Suffix`]; `None` when `domain` is not
/// ASCII (the caller converts it).
#[inline(always)]
pub(crate) fn suffix<'a>(table: View<'_>, domain: &'a str) -> Option<Suffix<'a>> {
    let text = trim_root_dot(domain);
    let host = Host::new(text.as_bytes());
    if !host.is_ascii() {
        return None;
    }
    let (last, key) = host.last_label();
    let found = find_suffix(table, host, last, key, false);
    Some(Suffix {
        text: text.get(found.start..).unwrap_or_gigo(),
        origin: origin(found.rule),
    })
}

/// The registrable domain: the public suffix plus one label, when the
/// domain has that label and no empty label anywhere. The outer `None`
/// when `domain` is not ASCII (the caller converts it).
#[inline(always)]
pub(crate) fn registrable_domain<'a>(table: View<'_>, domain: &'a str) -> Option<Option<&'a str>> {
    let text = trim_root_dot(domain);
    let host = Host::new(text.as_bytes());
    if !host.is_ascii() {
        return None;
    }
    let (last, key) = host.last_label();
    if last == 0 {
        // One label (or none): never a registrable domain.
        return Some(None);
    }
    let found = find_suffix(table, host, last, key, false);
    Some(registrable_start(host, found).and_then(|start| text.get(start..)))
}

/// Where the registrable domain of a host of two or more labels starts,
/// given the walk's answer.
#[inline(always)]
pub(crate) fn registrable_start(host: Host<'_>, found: Found) -> Option<usize> {
    let dot = found.start.checked_sub(1)?;
    let start = if found.before != usize::MAX {
        found.before
    } else {
        host.label_before(dot).0
    };
    (start < dot && found.start < host.bytes().len() && host.labels_nonempty_before(start))
        .then_some(start)
}

/// Whether `label` is the last label of some ICANN rule (a top-level domain
/// the ICANN section knows).
pub(crate) fn is_icann_tld(table: View<'_>, label: &str) -> bool {
    let label = trim_root_dot(label).as_bytes();
    if label.contains(&b'.') {
        return false;
    }
    table
        .find(ROOT, label, 0, label.len())
        .is_some_and(|(_, f)| f & flags::ICANN_BELOW != 0)
}
