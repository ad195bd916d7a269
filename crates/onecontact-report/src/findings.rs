//! The one list of findings of a [`ParseReport`](crate::ParseReport): the
//! link inspection's warnings, the URL Standard's validation errors and the
//! notes on what reading assumed or normalized, each fact once.
//!
//! Three sources can say the same thing: a text with `user:pw@` gives the
//! validation error `invalid-credentials` and the warnings
//! `userinfo-before-host` and `password-in-url`; an `xn--` host gives the
//! note `unicode-display` and the warning `punycode-host`. A finding that
//! another one already says is folded into it ([`FOLDS`]): the one that
//! stays lists the folded code in [`Finding::covers`] and takes over its
//! places, so nothing is lost and nothing is said twice.

use onecontact::Reading;
use onecontact::inspect::{Severity, Warning};
use onecontact_url::Validation;

use crate::read_options::Note;

/// Where a finding comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum FindingKind {
    /// The link inspection's warning ([`onecontact::inspect()`]): something a
    /// reader should be careful about. It has a [`Severity`].
    Warning,
    /// One of the URL Standard's non-fatal validation errors: the parser
    /// went on, but the text is not written as the Standard wants it.
    ValidationError,
    /// What reading assumed or normalized (`scheme-assumed`,
    /// `host-normalized`, `tracking-parameters`, …).
    Note,
}

/// A place in the text as given that a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Place {
    /// Byte offset in the text as given.
    pub offset: usize,
    /// The same place in UTF-16 code units (what editors and JavaScript
    /// count).
    pub offset_utf16: usize,
    /// The character at fault there, when the finding is about one.
    pub character: Option<char>,
}

/// One thing the report wants a reader to know.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Finding {
    /// The stable code: a warning's ([`onecontact::WarningCode::code`]), a validation
    /// error's name in the URL Standard (`invalid-credentials`) or a note's
    /// (`scheme-assumed`).
    pub code: &'static str,
    /// Where it comes from.
    pub kind: FindingKind,
    /// How serious it is, for warnings; `None` for validation errors and
    /// notes, which describe the text rather than a risk.
    pub severity: Option<Severity>,
    /// The sentence a person reads.
    pub message: String,
    /// The text the finding is about (the look-alike domain, the embedded
    /// URL, the Unicode form), when there is one.
    pub evidence: Option<String>,
    /// The character the finding is about, when it is about one character
    /// that has no single place (a label mixing scripts).
    pub character: Option<char>,
    /// Where in the text it is, in text order: each place of a validation
    /// error that occurs more than once, a warning's position.
    pub places: Vec<Place>,
    /// The codes of findings that said the same thing and were folded into
    /// this one (`invalid-credentials` in `userinfo-before-host`).
    pub covers: Vec<&'static str>,
}

/// Which findings another one already says: a finding with the first code
/// is folded into the first finding present whose code is in the list.
pub const FOLDS: &[(&str, &[&str])] = &[
    // The credentials: the URL Standard's error and the inspection's
    // warnings about the same user name and password.
    (
        "invalid-credentials",
        &[
            "userinfo-looks-like-host",
            "userinfo-before-host",
            "password-in-url",
        ],
    ),
    // The Unicode form of an `xn--` host, and a Unicode host written as
    // such and stored as `xn--`.
    ("unicode-display", &["punycode-host"]),
    ("host-normalized", &["punycode-host"]), // `Bücher.de` to `xn--bcher-kva.de`
    // A host the DNS cannot carry: the inspection names the length, which
    // is what the URL parser's domain-to-ASCII error is about then.
    ("domain-to-ASCII", &["host-too-long-for-dns"]),
    // A label a browser keeps in Punycode is a warning that already gives
    // its Unicode form; the host's `punycode-host` adds nothing then.
    (
        "punycode-host",
        &[
            "lookalike-of-popular-domain",
            "mixed-script-label",
            "lookalike-label",
            "label-shown-as-punycode",
        ],
    ),
    // `http:/x`, `http:\\x`: the slashes after a special scheme.
    (
        "special-scheme-missing-following-solidus",
        &["mistyped-scheme"],
    ),
    // An IPv4 address written in a short form: what the parser reported
    // on the way, and the note that gives the address it is.
    ("IPv4-non-decimal-part", &["ipv4-normalized"]),
    ("IPv4-too-few-parts", &["ipv4-normalized"]),
    ("IPv4-empty-part", &["ipv4-normalized"]),
];

/// The sentence of a `domain-to-ASCII` validation error whose cause is the
/// length of an ASCII host (over 253 characters) or of one of its labels
/// (over 63, [`onecontact::inspect::dns_length_problem`]): the length is the
/// problem, not internationalization.
fn dns_length_message(
    reading: &Reading<'_>,
    kind: onecontact_url::ValidationError,
) -> Option<String> {
    if kind != onecontact_url::ValidationError::DomainToAscii {
        return None;
    }
    let host = reading.url().ok()?.host_str()?;
    if !host.is_ascii() {
        return None;
    }
    match onecontact::inspect::dns_length_problem(host)? {
        onecontact::inspect::DnsLengthProblem::LabelTooLong { offset, length } => {
            let label = host.get(offset..offset + length).unwrap_or(host);
            let shown: String = label.chars().take(20).collect();
            Some(format!(
                "the label {shown}… is {length} characters long, over the {} a label of a domain name can have, \
                 so no such name can be registered or looked up",
                onecontact::inspect::MAX_LABEL
            ))
        }
        onecontact::inspect::DnsLengthProblem::NameTooLong { length } => Some(format!(
            "the host is {length} characters long, over the {} a domain name can have, \
             so no such name can be registered or looked up",
            onecontact::inspect::MAX_NAME
        )),
        _ => None,
    }
}

/// The findings of one reading: the link's warnings (most serious first),
/// then the validation errors (one finding per kind, in the order of their
/// first place), then the notes, with [`FOLDS`] applied.
pub(crate) fn findings(
    reading: &Reading<'_>,
    warnings: Vec<Warning>,
    notes: Vec<Note>,
) -> Vec<Finding> {
    let given = reading.given();
    // Room for two kinds of validation error when there are any: most
    // texts have none, and then an address without warnings or notes
    // needs no list at all.
    let validation = if reading.validation_errors().is_empty() {
        0
    } else {
        2
    };
    let mut out: Vec<Finding> = Vec::with_capacity(warnings.len() + notes.len() + validation);
    out.extend(warnings.into_iter().map(|w| from_warning(w, given)));
    for v in reading.validation_errors() {
        let place = validation_place(reading, v);
        match out
            .iter_mut()
            .find(|f| f.kind == FindingKind::ValidationError && f.code == v.kind.name())
        {
            Some(same) => same.places.push(place),
            None => out.push(Finding {
                code: v.kind.name(),
                kind: FindingKind::ValidationError,
                severity: None,
                message: dns_length_message(reading, v.kind)
                    .unwrap_or_else(|| v.kind.description().to_owned()),
                evidence: None,
                character: None,
                places: vec![place],
                covers: Vec::new(),
            }),
        }
    }
    out.extend(notes.into_iter().map(|n| Finding {
        code: n.code,
        kind: FindingKind::Note,
        severity: None,
        message: n.message,
        evidence: None,
        character: None,
        places: Vec::new(),
        covers: Vec::new(),
    }));
    fold(&mut out);
    out
}

fn from_warning(w: Warning, given: &str) -> Finding {
    let place = w.position.map(|offset| Place {
        offset,
        offset_utf16: utf16_at(given, offset),
        character: w.character,
    });
    Finding {
        code: w.code.code(),
        kind: FindingKind::Warning,
        severity: Some(w.severity),
        message: w.message,
        evidence: w.evidence,
        character: if place.is_some() { None } else { w.character },
        places: place.into_iter().collect(),
        covers: Vec::new(),
    }
}

fn validation_place(reading: &Reading<'_>, v: &Validation) -> Place {
    let at = reading.offset(v.offset);
    Place {
        offset: at.bytes,
        offset_utf16: at.utf16,
        character: v.code_point,
    }
}

fn utf16_at(given: &str, offset: usize) -> usize {
    given
        .get(..offset)
        .map_or(0, |s| s.chars().map(char::len_utf16).sum())
}

/// Applies [`FOLDS`]: each folded finding is removed, and the one that
/// says it takes its code and places.
fn fold(findings: &mut Vec<Finding>) {
    for (folded, into) in FOLDS {
        let Some(from) = findings.iter().position(|f| f.code == *folded) else {
            continue;
        };
        let Some(to) = into
            .iter()
            .find_map(|code| findings.iter().position(|f| f.code == *code))
        else {
            continue;
        };
        let gone = findings.remove(from);
        let to = if to > from { to - 1 } else { to };
        if let Some(target) = findings.get_mut(to) {
            target.covers.push(gone.code);
            target.covers.extend(gone.covers);
            target.places.extend(gone.places);
            target.places.sort_by_key(|p| p.offset);
            target.places.dedup();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use onecontact::inspect::WarningCode;

    /// Whether `code` names a warning of the link inspection.
    fn is_warning_code(code: &str) -> bool {
        WarningCode::ALL.iter().any(|w| w.code() == code)
    }

    #[test]
    fn every_fold_target_is_a_warning_or_a_note_the_report_writes() {
        let notes = ["ipv4-normalized"];
        for (folded, into) in FOLDS {
            assert!(!into.is_empty(), "{folded}");
            for code in *into {
                assert!(
                    is_warning_code(code) || notes.contains(code),
                    "{folded} folds into {code}, which no finding has"
                );
            }
        }
    }
}
