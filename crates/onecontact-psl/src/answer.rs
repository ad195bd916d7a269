//! [`Answer`]: everything one lookup tells about a domain.
//!
//! One walk over the table gives the public suffix, the registrable domain,
//! the section and shape of the deciding rule, and the rule itself; the
//! answer keeps offsets into the domain given and hands out slices of it.

use crate::key::Host;
use crate::lookup::{self, Suffix, trim_root_dot};
use crate::section::{Origin, RuleKind, Section};
use crate::table::View;

/// Which sections of the list a lookup uses.
///
/// Browsers use both (cookies, site isolation): a PRIVATE rule such as
/// `github.io` makes `alice.github.io` a registrable domain of its own.
/// Tools that group hosts by the organization that registered the name
/// with an ICANN registry (`github.io` for every Pages site) ignore the
/// PRIVATE section.
///
/// ```
/// use onecontact_psl::{List, Sections};
///
/// let list = List::baked();
/// let all = list.lookup("alice.github.io");
/// let icann = list.lookup_with("alice.github.io", Sections::IcannOnly);
/// assert_eq!(all.registrable_domain(), Some("alice.github.io"));
/// assert_eq!(icann.registrable_domain(), Some("github.io"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Sections {
    /// Both sections, as browsers use the list (the default).
    #[default]
    All,
    /// The ICANN section alone: PRIVATE rules are read as if absent.
    IcannOnly,
}

impl Sections {
    /// Whether PRIVATE rules are left out.
    #[inline(always)]
    pub(crate) fn icann_only(self) -> bool {
        self == Sections::IcannOnly
    }
}

/// The answer of one lookup ([`List::lookup`](crate::List::lookup)): the
/// public suffix, the registrable domain, the section and the rule that
/// decided, all from one walk over the list.
///
/// Every text it gives is a slice of the domain looked up (its case, its
/// characters), without one trailing root dot.
///
/// ```
/// use onecontact_psl::{List, RuleKind, Section};
///
/// let answer = List::baked().lookup("www.bbc.co.uk");
/// assert_eq!(answer.public_suffix(), "co.uk");
/// assert_eq!(answer.registrable_domain(), Some("bbc.co.uk"));
/// assert_eq!(answer.subdomain(), Some("www"));
/// assert_eq!(answer.section(), Some(Section::Icann));
/// assert_eq!(answer.rule().unwrap().to_string(), "co.uk");
///
/// let answer = List::baked().lookup("www.ck");
/// assert_eq!(answer.rule().unwrap().kind(), Some(RuleKind::Exception));
/// assert_eq!(answer.rule().unwrap().to_string(), "!www.ck");
/// assert_eq!(answer.public_suffix(), "ck");
///
/// let answer = List::baked().lookup("shop.example.notatld");
/// assert!(answer.is_implicit());
/// assert_eq!(answer.rule().unwrap().to_string(), "*");
/// assert_eq!(answer.registrable_domain(), Some("example.notatld"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Answer<'a> {
    /// The domain without its root dot.
    domain: &'a str,
    /// Where the public suffix starts in `domain`.
    suffix: usize,
    /// Where the registrable domain starts, if there is one.
    registrable: Option<usize>,
    /// Where the labels of the deciding rule start (for a wildcard, the
    /// labels after its `*`; for an exception, the labels after its `!`).
    rule: usize,
    origin: Origin,
}

impl<'a> Answer<'a> {
    /// The answer for text that is no domain.
    pub(crate) fn not_a_domain(domain: &'a str) -> Answer<'a> {
        Answer {
            domain,
            suffix: domain.len(),
            registrable: None,
            rule: domain.len(),
            origin: Origin::NotADomain,
        }
    }

    /// An answer from its parts (offsets into `domain`, no root dot).
    pub(crate) fn from_parts(
        domain: &'a str,
        suffix: usize,
        registrable: Option<usize>,
        rule: usize,
        origin: Origin,
    ) -> Answer<'a> {
        Answer {
            domain,
            suffix,
            registrable,
            rule,
            origin,
        }
    }

    /// The domain looked up, without one trailing root dot.
    pub fn domain(&self) -> &'a str {
        self.domain
    }

    /// The public suffix (`co.uk` of `www.bbc.co.uk`). Empty only when the
    /// domain's last label is empty, or for text that is no domain.
    pub fn public_suffix(&self) -> &'a str {
        self.domain.get(self.suffix..).unwrap_or_default()
    }

    /// The public suffix with its origin, as [`List::suffix`](crate::List::suffix)
    /// gives it.
    pub fn suffix(&self) -> Suffix<'a> {
        Suffix::new(self.public_suffix(), self.origin)
    }

    /// The registrable domain: the public suffix and one more label. `None`
    /// when the domain is itself a public suffix, has an empty label, or is
    /// no domain.
    pub fn registrable_domain(&self) -> Option<&'a str> {
        self.domain.get(self.registrable?..)
    }

    /// The labels in front of the registrable domain (`www` of
    /// `www.bbc.co.uk`), without the dot; `None` when there are none or
    /// there is no registrable domain.
    pub fn subdomain(&self) -> Option<&'a str> {
        // Without the separator before the registrable domain: `.`, or one
        // of the full stops UTS #46 maps to it in Unicode input.
        let mut head = self.domain.get(..self.registrable?)?.chars();
        head.next_back()?;
        Some(head.as_str()).filter(|s| !s.is_empty())
    }

    /// Byte offset of the public suffix in [`domain`](Self::domain).
    pub fn suffix_start(&self) -> usize {
        self.suffix
    }

    /// Byte offset of the registrable domain in [`domain`](Self::domain).
    pub fn registrable_start(&self) -> Option<usize> {
        self.registrable
    }

    /// Where the public suffix came from.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// The section of the deciding rule; `None` for the implicit `*` rule
    /// and for text that is no domain.
    pub fn section(&self) -> Option<Section> {
        self.suffix().section()
    }

    /// The rule that decided: a listed rule or the implicit `*`. `None` for
    /// text that is no domain.
    pub fn rule(&self) -> Option<Rule<'a>> {
        let kind = match self.origin {
            Origin::Listed { kind, .. } => Some(kind),
            Origin::Implicit => None,
            Origin::NotADomain => return None,
        };
        Some(Rule {
            kind,
            labels: self.domain.get(self.rule..).unwrap_or_default(),
        })
    }

    /// Whether a rule of the list decided (not the implicit `*`).
    pub fn is_listed(&self) -> bool {
        self.suffix().is_listed()
    }

    /// Whether the implicit `*` rule decided (no rule matched).
    pub fn is_implicit(&self) -> bool {
        self.suffix().is_implicit()
    }

    /// Whether the text looked up is no domain (see [`Origin::NotADomain`]).
    pub fn is_not_a_domain(&self) -> bool {
        self.suffix().is_not_a_domain()
    }

    /// Whether the deciding rule is in the ICANN section.
    pub fn is_icann(&self) -> bool {
        self.suffix().is_icann()
    }

    /// Whether the deciding rule is in the PRIVATE section.
    pub fn is_private(&self) -> bool {
        self.suffix().is_private()
    }
}

/// An [`Answer`] without the domain it borrows: its offsets and origin, in
/// 16 bytes, to keep beside a stored host name and to give the answer again
/// from it ([`attach`](Self::attach)) without a second lookup.
///
/// ```
/// use onecontact_psl::List;
///
/// let host = String::from("www.bbc.co.uk");
/// let kept = List::baked().lookup(&host).detach();
/// let answer = kept.attach(&host);
/// assert_eq!(answer.registrable_domain(), Some("bbc.co.uk"));
/// assert_eq!(answer, List::baked().lookup(&host));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DetachedAnswer {
    suffix: u32,
    /// `u32::MAX` for none.
    registrable: u32,
    rule: u32,
    origin: Origin,
}

impl DetachedAnswer {
    /// The answer again, over `domain`: the domain that was looked up (one
    /// trailing root dot may stay on or off). Given another text, the
    /// answer's slices are of that text at the same offsets, empty where
    /// they do not fall on character boundaries.
    pub fn attach(self, domain: &str) -> Answer<'_> {
        let domain = trim_root_dot(domain);
        let at = |offset: u32| within(offset, domain);
        Answer {
            domain,
            suffix: at(self.suffix),
            registrable: (self.registrable != u32::MAX).then(|| at(self.registrable)),
            rule: at(self.rule),
            origin: self.origin,
        }
    }

    /// The origin of the public suffix (without attaching the domain).
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// `self.attach(domain).registrable_domain()`, without building the
    /// rest of the answer.
    ///
    /// ```
    /// use onecontact_psl::List;
    ///
    /// let host = "www.bbc.co.uk";
    /// let detached = List::baked().lookup(host).detach();
    /// assert_eq!(detached.registrable_domain_in(host), Some("bbc.co.uk"));
    /// assert_eq!(
    ///     detached.registrable_domain_in(host),
    ///     detached.attach(host).registrable_domain()
    /// );
    /// ```
    #[inline]
    pub fn registrable_domain_in(self, domain: &str) -> Option<&str> {
        if self.registrable == u32::MAX {
            return None;
        }
        let domain = trim_root_dot(domain);
        domain.get(within(self.registrable, domain)..)
    }
}

/// A kept offset as an index of `domain`, at most its end.
#[inline]
fn within(offset: u32, domain: &str) -> usize {
    usize::try_from(offset)
        .unwrap_or(usize::MAX)
        .min(domain.len())
}

impl Answer<'_> {
    /// The answer without the domain it borrows ([`DetachedAnswer`]). Offsets
    /// past `u32::MAX` (domains of 4 GiB) are kept as the domain's end.
    #[inline]
    pub fn detach(&self) -> DetachedAnswer {
        let offset = |at: usize| u32::try_from(at).unwrap_or(u32::MAX - 1);
        DetachedAnswer {
            suffix: offset(self.suffix),
            registrable: self.registrable.map_or(u32::MAX, offset),
            rule: offset(self.rule),
            origin: self.origin,
        }
    }
}

/// The rule of the list that decided an [`Answer`], or the implicit `*`.
///
/// It displays as the list writes it: `co.uk`, `*.ck`, `!www.ck`, or `*`
/// for the implicit rule. Its labels are a slice of the domain looked up,
/// so they have that domain's case and characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rule<'a> {
    kind: Option<RuleKind>,
    labels: &'a str,
}

impl<'a> Rule<'a> {
    /// The rule's shape; `None` for the implicit `*` rule.
    pub fn kind(&self) -> Option<RuleKind> {
        self.kind
    }

    /// The labels the rule names, without `*.` or `!` (`ck` of `*.ck`,
    /// `www.ck` of `!www.ck`); empty for the implicit rule.
    pub fn labels(&self) -> &'a str {
        self.labels
    }

    /// Whether this is the implicit `*` rule.
    pub fn is_implicit(&self) -> bool {
        self.kind.is_none()
    }
}

impl core::fmt::Display for Rule<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.kind {
            None => f.write_str("*"),
            Some(RuleKind::Normal) => f.write_str(self.labels),
            Some(RuleKind::Wildcard) => write!(f, "*.{}", self.labels),
            Some(RuleKind::Exception) => write!(f, "!{}", self.labels),
        }
    }
}

/// The answer for an ASCII `domain`; `None` when it is not ASCII (the
/// caller converts it).
#[inline(always)]
pub(crate) fn answer<'a>(
    table: View<'_>,
    domain: &'a str,
    sections: Sections,
) -> Option<Answer<'a>> {
    let text = trim_root_dot(domain);
    let host = Host::new(text.as_bytes());
    if !host.is_ascii() {
        return None;
    }
    let (last, key) = host.last_label();
    let found = lookup::find_suffix(table, host, last, key, sections.icann_only());
    let registrable = if last == 0 {
        None
    } else {
        lookup::registrable_start(host, found)
    };
    let origin = lookup::origin(found.rule);
    let rule = match origin {
        // `*.x` matched one label in front of `x`: the rule's labels are
        // those after the suffix's first label.
        Origin::Listed {
            kind: RuleKind::Wildcard,
            ..
        } => text
            .get(found.start..)
            .and_then(|s| s.find('.'))
            .map_or(text.len(), |dot| found.start + dot + 1),
        // `!y.x`: the suffix is `x`, and the label before it is the
        // exception's leftmost label.
        Origin::Listed {
            kind: RuleKind::Exception,
            ..
        } => found.before,
        Origin::Implicit => text.len(),
        _ => found.start,
    };
    Some(Answer::from_parts(
        text,
        found.start,
        registrable,
        rule.min(text.len()),
        origin,
    ))
}
