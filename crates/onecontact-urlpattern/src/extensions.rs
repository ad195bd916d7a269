//! Two operations browsers ship beside the Standard, which the
//! web-platform-tests exercise: `URLPattern.compareComponent` (an order of
//! patterns by specificity, Chromium's) and `generate` (a component string
//! built from a pattern and group values). Neither is in the URL Pattern
//! Standard yet; both follow the behaviour that the test data describes.

use std::cmp::Ordering;

use crate::component::CompiledComponent;
use crate::parser::{Modifier, Part, PartKind};

fn kind_rank(k: PartKind) -> u8 {
    match k {
        PartKind::FullWildcard => 0,
        PartKind::SegmentWildcard => 1,
        PartKind::RegExp => 2,
        PartKind::FixedText => 3,
    }
}

fn modifier_rank(m: Modifier) -> u8 {
    match m {
        Modifier::ZeroOrMore => 0,
        Modifier::Optional => 1,
        Modifier::OneOrMore => 2,
        Modifier::None => 3,
    }
}

/// Two parts in specificity order: type, then modifier, then prefix, value
/// and suffix as strings (group names do not count).
fn compare_parts(a: &Part, b: &Part) -> Ordering {
    kind_rank(a.kind)
        .cmp(&kind_rank(b.kind))
        .then(modifier_rank(a.modifier).cmp(&modifier_rank(b.modifier)))
        .then_with(|| a.prefix.cmp(&b.prefix))
        .then_with(|| a.value.cmp(&b.value))
        .then_with(|| a.suffix.cmp(&b.suffix))
}

/// Two components part by part; a missing part counts as empty fixed text.
pub(crate) fn compare(a: &CompiledComponent, b: &CompiledComponent) -> Ordering {
    let empty = Part {
        kind: PartKind::FixedText,
        value: String::new(),
        modifier: Modifier::None,
        name: String::new(),
        prefix: String::new(),
        suffix: String::new(),
    };
    let n = a.parts.len().max(b.parts.len());
    (0..n)
        .map(|i| {
            compare_parts(
                a.parts.get(i).unwrap_or(&empty),
                b.parts.get(i).unwrap_or(&empty),
            )
        })
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// A component string from the pattern's parts, each group replaced by its
/// value from `groups` run through the component's encoding. `None` when a
/// group is missing, a part is a wildcard, a regular expression or carries a
/// modifier, or a value holds the component's delimiter.
pub(crate) fn generate(
    c: &CompiledComponent,
    groups: &dyn Fn(&str) -> Option<String>,
) -> Option<String> {
    let mut out = String::new();
    for part in &c.parts {
        if part.modifier != Modifier::None {
            return None;
        }
        match part.kind {
            PartKind::FixedText => out.push_str(&part.value),
            PartKind::SegmentWildcard => {
                let value = groups(&part.name)?;
                if c.options.delimiter.is_some_and(|d| value.contains(d)) {
                    return None;
                }
                let encoded = c.encoding.apply(&value).ok()?;
                out.push_str(&part.prefix);
                out.push_str(&encoded);
                out.push_str(&part.suffix);
            }
            PartKind::FullWildcard | PartKind::RegExp => return None,
        }
    }
    Some(out)
}
