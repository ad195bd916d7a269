//! The display decision: which labels of a host a careful browser shows in
//! Unicode and which it keeps in their `xn--` form, and why.
//!
//! The rules follow Unicode's security mechanisms for identifiers
//! ([UTS #39](https://www.unicode.org/reports/tr39/)) as browsers apply them
//! to host names, plus the rules browsers added after real attacks. Each
//! label is judged on its own, knowing only the top-level domain (a Cyrillic
//! label is ordinary under `.рф`); [`TopDomains`] then compares the
//! whole host with popular domains. The checks, in the order a label meets
//! them:
//!
//! 1. every code point is allowed in identifiers (UTS #39 `Identifier_Status`),
//!    less the characters browsers also refuse in hosts (module `chars`);
//! 2. the label is at most *highly restrictive* (UTS #39 §5.2), has no
//!    repeated combining mark and one system of digits (module `scripts`);
//! 3. characters allowed only under their own top-level domain (module `tld`);
//! 4. a label in one script: whole-script look-alikes of Latin and labels of
//!    digits and digit look-alikes (module `confusables`);
//! 5. a label mixing scripts: digit look-alikes, non-ASCII Latin letters
//!    with another script, and the Kana, CJK and combining-mark patterns
//!    that imitate `/`, `-` or Latin letters (module `patterns`).
//!
//! IDNA processing is non-transitional throughout (the URL Standard's
//! mode): `ß` and `ς` are ordinary letters here, ZWJ and ZWNJ are not allowed
//! in identifiers, and the Bidi and ContextJ rules have already been applied
//! by the URL parser (`onecontact-idna`).

mod chars;
mod confusables;
pub(crate) mod lookalike;
pub(crate) mod name;
mod patterns;
mod scripts;
mod tld;

use crate::gigo::Gigo;
use crate::labels::{has_xn_label, is_xn_label};
pub use chars::Blocked;
pub use confusables::WholeScript;
use lookalike::TopDomains;
pub use patterns::Pattern;
pub(crate) use scripts::script_names;

/// Why a label is kept in its `xn--` form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DisplayReason {
    /// `invalid-label`: the label's Punycode does not decode to a label UTS #46
    /// accepts (with CheckHyphens on, as browsers check it for display).
    InvalidLabel,
    /// `not-allowed-in-identifiers`: a code point whose UTS #39
    /// `Identifier_Status` is `Restricted` (symbols, emoji, historic and
    /// limited-use scripts, invisible characters).
    NotAllowedInIdentifiers(char),
    /// `blocked-character`: a code point allowed in identifiers that browsers
    /// refuse in hosts (see [`Blocked`]).
    BlockedCharacter(char, Blocked),
    /// `mixed-scripts`: the label mixes scripts beyond UTS #39's *highly
    /// restrictive* level (only Latin with Han + Hiragana + Katakana, Han +
    /// Bopomofo or Han + Hangul may be mixed).
    MixedScripts,
    /// `invisible-marks`: the same combining mark twice on one character.
    InvisibleMarks,
    /// `mixed-numbers`: digits of more than one numbering system.
    MixedNumbers,
    /// `tld-specific-character`: a character allowed only under a certain
    /// top-level domain (`þ`, `ð` under `.is` and `.fo`; `ə` under `.az`).
    TldSpecificCharacter(char),
    /// `unsafe-middle-dot`: `·` outside the Catalan `l·l` under `.cat`.
    UnsafeMiddleDot,
    /// `whole-script-lookalike`: every letter of the label belongs to one
    /// script and looks like a Latin letter, and the top-level domain is not
    /// one of that script's users.
    WholeScriptLookalike(WholeScript),
    /// `digit-lookalike`: the label is made of digits and characters that
    /// look like digits.
    DigitLookalike,
    /// `non-ascii-latin-with-other-script`: a Latin letter outside ASCII in a
    /// label that also uses another script.
    NonAsciiLatinWithOtherScript,
    /// `dangerous-pattern`: one of the patterns of [`Pattern`].
    DangerousPattern(Pattern),
    /// `lookalike-of-popular-domain`: the host's confusable skeleton is that
    /// of a popular domain it is not part of, so every label is kept.
    LookalikeOfPopularDomain,
}

impl DisplayReason {
    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            DisplayReason::InvalidLabel => "invalid-label",
            DisplayReason::NotAllowedInIdentifiers(_) => "not-allowed-in-identifiers",
            DisplayReason::BlockedCharacter(..) => "blocked-character",
            DisplayReason::MixedScripts => "mixed-scripts",
            DisplayReason::InvisibleMarks => "invisible-marks",
            DisplayReason::MixedNumbers => "mixed-numbers",
            DisplayReason::TldSpecificCharacter(_) => "tld-specific-character",
            DisplayReason::UnsafeMiddleDot => "unsafe-middle-dot",
            DisplayReason::WholeScriptLookalike(_) => "whole-script-lookalike",
            DisplayReason::DigitLookalike => "digit-lookalike",
            DisplayReason::NonAsciiLatinWithOtherScript => "non-ascii-latin-with-other-script",
            DisplayReason::DangerousPattern(_) => "dangerous-pattern",
            DisplayReason::LookalikeOfPopularDomain => "lookalike-of-popular-domain",
        }
    }

    /// The code point the reason is about, when there is one.
    pub fn character(self) -> Option<char> {
        match self {
            DisplayReason::NotAllowedInIdentifiers(c)
            | DisplayReason::BlockedCharacter(c, _)
            | DisplayReason::TldSpecificCharacter(c) => Some(c),
            _ => None,
        }
    }

    /// Whether the reason is a look-alike of Latin text, digits or
    /// punctuation (rather than a character that is merely unusual).
    pub fn is_lookalike(self) -> bool {
        matches!(
            self,
            DisplayReason::MixedScripts
                | DisplayReason::WholeScriptLookalike(_)
                | DisplayReason::DigitLookalike
                | DisplayReason::NonAsciiLatinWithOtherScript
                | DisplayReason::DangerousPattern(_)
                | DisplayReason::LookalikeOfPopularDomain
        )
    }
}

impl std::fmt::Display for DisplayReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            DisplayReason::InvalidLabel => {
                f.write_str("its Punycode does not decode to a valid internationalized label")
            }
            DisplayReason::NotAllowedInIdentifiers(c) => write!(
                f,
                "{} is not allowed in identifiers (Unicode's UTS #39)",
                chars::describe(c)
            ),
            DisplayReason::BlockedCharacter(c, why) => {
                write!(f, "{} {}", chars::describe(c), why.why())
            }
            DisplayReason::MixedScripts => f.write_str(
                "it mixes scripts in a way no language writes (beyond Unicode's highly restrictive level)",
            ),
            DisplayReason::InvisibleMarks => {
                f.write_str("it repeats a combining mark on one character, which stays invisible")
            }
            DisplayReason::MixedNumbers => f.write_str("it mixes digits of different numbering systems"),
            DisplayReason::TldSpecificCharacter(c) => write!(
                f,
                "{} is shown only under the top-level domains of the languages that write it",
                chars::describe(c)
            ),
            DisplayReason::UnsafeMiddleDot => {
                f.write_str("the middle dot is shown only in the Catalan l·l under .cat")
            }
            DisplayReason::WholeScriptLookalike(script) => write!(
                f,
                "it is written wholly in {} letters that look like Latin ones",
                script.name()
            ),
            DisplayReason::DigitLookalike => {
                f.write_str("it is made of digits and characters that look like digits")
            }
            DisplayReason::NonAsciiLatinWithOtherScript => {
                f.write_str("it mixes accented or special Latin letters with another script")
            }
            DisplayReason::DangerousPattern(p) => f.write_str(p.why()),
            DisplayReason::LookalikeOfPopularDomain => {
                f.write_str("the host looks like a popular domain it is not")
            }
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for DisplayReason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// The top-level domain of a host, in both forms: the rules that depend on
/// it ask "is this `.ru`?" of the ASCII form and "is it written in Cyrillic?"
/// of the Unicode form.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tld<'a> {
    /// As the URL holds it (`ru`, `xn--p1ai`).
    pub(crate) ascii: &'a str,
    /// Decoded (`ru`, `рф`).
    pub(crate) unicode: &'a str,
}

/// Whether `label` (decoded, as the URL parser validated it) may be shown in
/// Unicode under the top-level domain `tld`; the reason when it may not.
pub(crate) fn check_label(label: &str, tld: Tld<'_>) -> Result<(), DisplayReason> {
    chars::check(label)?;
    let level = scripts::check(label)?;
    tld::check(label, tld)?;
    if label.is_ascii() {
        return Ok(());
    }
    if level == scripts::Level::SingleScript && !patterns::has_single_script_exceptions(label) {
        confusables::check_whole_script(label, tld)?;
        return confusables::check_digits(label);
    }
    confusables::check_digits(label)?;
    scripts::check_non_ascii_latin(label)?;
    patterns::check(label)
}

/// One label of a host as a browser displays it. With the `serde` feature it
/// serializes as `{ascii, unicode, reason, character}`, `reason` being the
/// reason's code and `character` the code point it is about (`"U+1F355"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelDisplay {
    /// The label as the URL holds it (`xn--80ak6aa92e`).
    pub ascii: String,
    /// Its Unicode form (`аррӏе`), when the Punycode decodes.
    pub unicode: Option<String>,
    /// Why it is shown in its `xn--` form; `None` when it is shown in Unicode.
    pub reason: Option<DisplayReason>,
}

impl LabelDisplay {
    /// The code point the label is shown in Punycode for: the reason's, or
    /// for a label that mixes scripts the first letter of its rarest script.
    pub fn character(&self) -> Option<char> {
        let reason = self.reason?;
        reason.character().or_else(|| match reason {
            DisplayReason::MixedScripts | DisplayReason::NonAsciiLatinWithOtherScript => {
                self.unicode.as_deref().and_then(scripts::odd_character)
            }
            _ => None,
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for LabelDisplay {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let character = self.character().map(|c| format!("U+{:04X}", u32::from(c)));
        let mut s = serializer.serialize_struct("LabelDisplay", 4)?;
        s.serialize_field("ascii", &self.ascii)?;
        s.serialize_field("unicode", &self.unicode)?;
        s.serialize_field("reason", &self.reason)?;
        s.serialize_field("character", &character)?;
        s.end()
    }
}

/// A host as a careful browser shows it in its address bar.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HostDisplay {
    /// The host to show: each label in Unicode when that is safe, in its
    /// `xn--` form when it is not.
    pub host: String,
    /// The `xn--` labels, each with its Unicode form and, when it is kept
    /// in Punycode, the reason. Empty for a host without `xn--` labels.
    pub labels: Vec<LabelDisplay>,
    /// The popular domain the host imitates (its confusable skeleton is that
    /// domain's and it is neither that domain nor a subdomain of it).
    pub imitates: Option<String>,
}

impl HostDisplay {
    /// Whether every label is shown in Unicode.
    pub fn is_unicode(&self) -> bool {
        self.labels.iter().all(|l| l.reason.is_none())
    }
}

/// One `xn--` label decoded once: its Unicode form as UTS #46 ToUnicode
/// gives it (`None` when the Punycode does not decode to anything else),
/// and whether a browser may show that form: ToUnicode accepts it (the URL
/// Standard's checks, Bidi and ContextJ included) and its hyphens pass
/// CheckHyphens.
struct Decoded {
    unicode: Option<String>,
    showable: bool,
}

/// The Unicode form a browser may show.
fn showable(d: &Decoded) -> Option<&str> {
    d.unicode.as_deref().filter(|_| d.showable)
}

fn decode(label: &str) -> Decoded {
    let (decoded, valid) = onecontact_idna::domain_to_unicode(label);
    if decoded.is_empty() || decoded == label {
        return Decoded {
            unicode: None,
            showable: false,
        };
    }
    let mut third_and_fourth = decoded.chars().skip(2);
    let double_hyphen =
        third_and_fourth.next() == Some('-') && third_and_fourth.next() == Some('-');
    let bad_hyphens = decoded.starts_with('-') || decoded.ends_with('-') || double_hyphen;
    Decoded {
        showable: valid.is_ok() && !decoded.contains('.') && !bad_hyphens,
        unicode: Some(decoded),
    }
}

/// Decides how to show `host` (a domain as the URL parser serialized it:
/// ASCII, lowercase, possibly with `xn--` labels), comparing it with the
/// popular domains of `top`.
///
/// ```
/// use onecontact::inspect::{TopDomains, display_host};
///
/// let shown = display_host("xn--80ak6aa92e.com", &TopDomains::baked());
/// assert_eq!(shown.host, "xn--80ak6aa92e.com");
/// assert_eq!(shown.imitates.as_deref(), Some("apple.com"));
///
/// let shown = display_host("xn--d1abbgf6aiiy.xn--p1ai", &TopDomains::baked());
/// assert_eq!(shown.host, "президент.рф");
/// ```
pub fn display_host(host: &str, top: &TopDomains) -> HostDisplay {
    unicode_and_display(host, top).1
}

/// The Unicode form of `host` (as UTS #46 ToUnicode gives it; `None` when
/// it has no `xn--` label or the form is the same) and the display
/// decision, from one decoding of each `xn--` label.
pub(crate) fn unicode_and_display(host: &str, top: &TopDomains) -> (Option<String>, HostDisplay) {
    if !has_xn_label(host) {
        let shown = HostDisplay {
            host: host.to_owned(),
            labels: Vec::new(),
            imitates: None,
        };
        return (None, shown);
    }
    let trimmed = host.strip_suffix('.').unwrap_or(host);
    let raw: Vec<&str> = trimmed.split('.').collect();
    let decoded: Vec<Decoded> = raw
        .iter()
        .map(|l| {
            if is_xn_label(l) {
                decode(l)
            } else {
                Decoded {
                    unicode: None,
                    showable: false,
                }
            }
        })
        .collect();
    let tld_ascii = raw.last().copied().unwrap_or_gigo();
    let tld_unicode = decoded.last().and_then(showable).unwrap_or(tld_ascii);
    let tld = Tld {
        ascii: tld_ascii,
        unicode: tld_unicode,
    };
    let with_dot = |mut joined: String| {
        if trimmed.len() < host.len() {
            joined.push('.');
        }
        joined
    };
    // The whole host in Unicode, as the skeleton comparison reads it (the
    // labels a browser may show decoded).
    let unicode_host: Vec<&str> = raw
        .iter()
        .zip(&decoded)
        .map(|(r, d)| showable(d).unwrap_or(r))
        .collect();
    let unicode_host = unicode_host.join(".");
    // The host's Unicode form as ToUnicode gives it: every label decoded.
    let unicode_form: Vec<&str> = raw
        .iter()
        .zip(&decoded)
        .map(|(r, d)| d.unicode.as_deref().unwrap_or(r))
        .collect();
    let unicode_form = with_dot(unicode_form.join("."));
    let unicode_form = (unicode_form != host).then_some(unicode_form);
    let imitates = lookalike::similar_top_domain(host, &unicode_host, top);
    let mut labels = Vec::new();
    let mut shown: Vec<&str> = Vec::with_capacity(raw.len());
    for (ascii, d) in raw.iter().zip(&decoded) {
        if !is_xn_label(ascii) {
            shown.push(ascii);
            continue;
        }
        let unicode = showable(d);
        // A label that is unsafe on its own keeps its own reason; the others
        // are kept because the whole host imitates a popular domain.
        let reason = match unicode {
            None => Some(DisplayReason::InvalidLabel),
            Some(u) => check_label(u, tld).err().or(imitates
                .is_some()
                .then_some(DisplayReason::LookalikeOfPopularDomain)),
        };
        shown.push(match (reason, unicode) {
            (None, Some(u)) => u,
            _ => ascii,
        });
        labels.push(LabelDisplay {
            ascii: (*ascii).to_owned(),
            unicode: unicode.map(str::to_owned),
            reason,
        });
    }
    let shown = HostDisplay {
        host: with_dot(shown.join(".")),
        labels,
        imitates,
    };
    (unicode_form, shown)
}
