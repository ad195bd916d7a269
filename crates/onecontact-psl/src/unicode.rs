//! Domains that hold non-ASCII text: looked up in the ASCII form the URL
//! host parser would give them, answered as a slice of the text given.
//!
//! The conversion is `onecontact_idna::domain_to_ascii`, the URL
//! Standard's "domain to ASCII" (`beStrict` false) that the host parser
//! runs: UTS #46 mapping (case folding, width folding, NFC), the
//! ideographic and fullwidth full stops as label separators, Punycode. Its
//! answer (a suffix of the ASCII form, a whole number of labels) is mapped
//! back to the same number of labels at the end of the input.

use crate::List;
use crate::answer::{Answer, Sections};
use crate::lookup::{Suffix, trim_root_dot};
use crate::section::Origin;

/// The characters UTS #46 maps to `.`: the label separators of the URL
/// host parser (full stop, ideographic full stop, fullwidth full stop,
/// halfwidth ideographic full stop).
fn is_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// `domain` without one trailing separator (the root label).
fn trim_root(domain: &str) -> &str {
    match domain.chars().next_back() {
        Some(c) if is_separator(c) => domain.get(..domain.len() - c.len_utf8()).unwrap_or(domain),
        _ => domain,
    }
}

/// Where in `host` the last `wanted` of the `total` labels of its ASCII
/// form begin. `None` when `host` does not have `total` labels: a
/// character other than the four separators mapped to a dot. UTS #46
/// (Unicode 17) disallows every such character (`⒈`, `﹒`), so this does
/// not happen with the pinned data; were it to, the answer is a refusal,
/// never a slice that is not the answer.
fn start_of_last(host: &str, total: usize, wanted: usize) -> Option<usize> {
    if host.chars().filter(|&c| is_separator(c)).count() + 1 != total || wanted > total {
        return None;
    }
    let mut labels = 0;
    for (i, c) in host.char_indices().rev() {
        if is_separator(c) {
            labels += 1;
            if labels == wanted {
                return Some(i + c.len_utf8());
            }
        }
    }
    // The answer is the whole host.
    (labels + 1 == wanted).then_some(0)
}

/// How many labels `part` (a suffix of an ASCII domain, no root dot) has.
fn label_count(part: &str) -> usize {
    part.bytes().filter(|&b| b == b'.').count() + 1
}

/// [`List::suffix`] of a domain that holds non-ASCII text.
#[cold]
#[inline(never)]
pub(crate) fn suffix<'a>(list: &List, domain: &'a str) -> Suffix<'a> {
    let refused = Suffix::new("", Origin::NotADomain);
    let Ok(ascii) = onecontact_idna::domain_to_ascii(domain) else {
        return refused;
    };
    let ascii_host = trim_root_dot(&ascii);
    let found = list.suffix(&ascii);
    let host = trim_root(domain);
    let total = label_count(ascii_host);
    // An empty answer means the last label of the ASCII form is empty; the
    // input's last label may still hold characters UTS #46 maps to nothing
    // (U+034F, variation selectors), so the answer is that label as given.
    let wanted = if found.as_str().is_empty() {
        1
    } else {
        label_count(found.as_str())
    };
    match start_of_last(host, total, wanted) {
        Some(start) => Suffix::new(host.get(start..).unwrap_or_default(), found.origin()),
        None => refused,
    }
}

/// [`List::registrable_domain`] of a domain that holds non-ASCII text.
#[cold]
#[inline(never)]
pub(crate) fn registrable_domain<'a>(list: &List, domain: &'a str) -> Option<&'a str> {
    let ascii = onecontact_idna::domain_to_ascii(domain).ok()?;
    let found = list.registrable_domain(&ascii)?;
    let host = trim_root(domain);
    let total = label_count(trim_root_dot(&ascii));
    host.get(start_of_last(host, total, label_count(found))?..)
}

/// [`List::lookup_with`] of a domain that holds non-ASCII text: the answer
/// of its ASCII form, each part mapped back to the same number of labels
/// at the end of the input.
#[cold]
#[inline(never)]
pub(crate) fn answer<'a>(list: &List, domain: &'a str, sections: Sections) -> Answer<'a> {
    let host = trim_root(domain);
    let Ok(ascii) = onecontact_idna::domain_to_ascii(domain) else {
        return Answer::not_a_domain(host);
    };
    let found = list.lookup_with(&ascii, sections);
    let ascii_host = found.domain();
    let total = label_count(ascii_host);
    // Where the part of the ASCII form that starts at `at` starts in the
    // input: the same number of labels from the end.
    let back = |at: usize| -> Option<usize> {
        let part = ascii_host.get(at..)?;
        // An empty part is the empty last label (or nothing): as for
        // `suffix`, the input's last label as given.
        let wanted = if part.is_empty() {
            1
        } else {
            label_count(part)
        };
        start_of_last(host, total, wanted)
    };
    let (Some(suffix), Some(rule)) = (back(found.suffix_start()), back(rule_start(&found))) else {
        return Answer::not_a_domain(host);
    };
    let registrable = match found.registrable_start() {
        Some(at) => match back(at) {
            Some(start) => Some(start),
            None => return Answer::not_a_domain(host),
        },
        None => None,
    };
    // The implicit rule names no labels.
    let rule = if found.is_implicit() {
        host.len()
    } else {
        rule
    };
    Answer::from_parts(host, suffix, registrable, rule, found.origin())
}

/// Where the deciding rule's labels start in an answer's domain.
fn rule_start(answer: &Answer<'_>) -> usize {
    let domain = answer.domain();
    answer
        .rule()
        .map_or(domain.len(), |rule| domain.len() - rule.labels().len())
}
