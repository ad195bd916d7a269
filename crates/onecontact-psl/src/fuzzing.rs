//! The checks of the `psl` fuzz target, shared with the regression test that
//! replays saved inputs. Not part of the public API.

use crate::prelude::*;
use crate::{List, Origin};

/// The label separators of the URL host parser (UTS #46 maps them to `.`).
const SEPARATORS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// Whether `part` is a label-aligned suffix of `host`.
fn aligned(host: &str, part: &str) -> bool {
    host.strip_suffix(part).is_some_and(|before| {
        before.is_empty()
            || before
                .chars()
                .next_back()
                .is_some_and(|c| SEPARATORS.contains(&c))
    })
}

/// `domain` without one trailing separator.
fn trim_root(domain: &str) -> &str {
    SEPARATORS
        .iter()
        .find_map(|&c| domain.strip_suffix(c))
        .unwrap_or(domain)
}

/// For text holding non-ASCII: the answers, converted to ASCII, are those
/// of the text's ASCII form (`to_ascii`); text that does not convert is no
/// domain.
fn check_unicode(list: &List, domain: &str) -> Result<(), String> {
    let suffix = list.suffix(domain);
    let registrable = list.registrable_domain(domain);
    let Ok(ascii) = crate::to_ascii(domain) else {
        if suffix.origin() != Origin::NotADomain || registrable.is_some() {
            return Err(format!(
                "{domain:?} does not convert to ASCII, yet has answers"
            ));
        }
        return Ok(());
    };
    let same = |part: &str, want: &str| crate::to_ascii(part).map_or(true, |a| a == want);
    if suffix.origin() != Origin::NotADomain {
        let expected = list.suffix(&ascii);
        if suffix.origin() != expected.origin() || !same(suffix.as_str(), expected.as_str()) {
            return Err(format!(
                "suffix {:?} of {domain:?}, but {:?} of {ascii:?}",
                suffix.as_str(),
                expected.as_str()
            ));
        }
    }
    if let Some(reg) = registrable {
        let expected = list.registrable_domain(&ascii);
        if !expected.is_some_and(|e| same(reg, e)) {
            return Err(format!(
                "registrable domain {reg:?} of {domain:?}, but {expected:?} of {ascii:?}"
            ));
        }
    }
    Ok(())
}

/// Looks `domain` up in `list`: the suffix and the registrable domain must be
/// label-aligned suffixes of it, and the registrable domain one label longer
/// than the suffix.
fn check_lookup(list: &List, domain: &str) -> Result<(), String> {
    let host = if domain.is_ascii() {
        domain.strip_suffix('.').unwrap_or(domain)
    } else {
        check_unicode(list, domain)?;
        trim_root(domain)
    };
    let suffix = list.suffix(domain);
    if suffix.is_not_a_domain() {
        // Checked by `check_unicode`: not converted, no answers.
        return Ok(());
    }
    if !aligned(host, suffix.as_str()) {
        return Err(format!("suffix {:?} of {domain:?}", suffix.as_str()));
    }
    let registrable = list.registrable_domain(domain);
    if let Some(reg) = registrable
        && (!aligned(host, reg)
            || reg.len() <= suffix.as_str().len()
            || !reg.ends_with(suffix.as_str())
            || reg.starts_with(SEPARATORS)
            || reg.contains(".."))
    {
        return Err(format!("registrable {reg:?} of {domain:?}"));
    }
    // ASCII case never changes an answer (the table keeps lowercase keys;
    // a lookup compares the label's own bytes first, then lowercased).
    for other in [domain.to_ascii_uppercase(), domain.to_ascii_lowercase()] {
        let again = list.suffix(&other);
        if !again.as_str().eq_ignore_ascii_case(suffix.as_str())
            || again.origin() != suffix.origin()
        {
            return Err(format!(
                "suffix of {other:?} differs from that of {domain:?}"
            ));
        }
        let again = list.registrable_domain(&other);
        if again.map(str::to_ascii_lowercase) != registrable.map(str::to_ascii_lowercase) {
            return Err(format!(
                "registrable domain of {other:?} differs from that of {domain:?}"
            ));
        }
    }
    let _ = list.is_icann_tld(domain);
    Ok(())
}

/// The first byte picks the mode: even → the rest (lossy UTF-8) is looked up in
/// the baked list, directly and after `to_ascii`; odd → it is loaded with
/// `List::parse` and, when that succeeds, its own lines are looked up in it.
pub fn check(data: &[u8]) -> Result<(), String> {
    let Some((&mode, rest)) = data.split_first() else {
        return Ok(());
    };
    let text = String::from_utf8_lossy(rest);
    if mode % 2 == 0 {
        check_lookup(List::baked(), &text)?;
        if let Ok(ascii) = crate::to_ascii(&text) {
            check_lookup(List::baked(), &ascii)?;
        }
    } else if let Ok(list) = List::parse(&text) {
        for line in text.lines().take(64) {
            check_lookup(&list, line.trim_start_matches('!').trim_start_matches("*."))?;
            check_lookup(&list, &format!("x.{line}"))?;
        }
    }
    Ok(())
}
