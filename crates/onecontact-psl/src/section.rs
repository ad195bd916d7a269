//! Which part of the list a match came from.

/// The two sections of the Public Suffix List.
///
/// The list marks them with `// ===BEGIN ICANN DOMAINS===` and
/// `// ===BEGIN PRIVATE DOMAINS===`. ICANN rules describe delegations in the
/// root zone and registry policies; PRIVATE rules were asked for by the owner
/// of a domain (hosting platforms, dynamic DNS, …) that hands out subdomains
/// to unrelated parties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Section {
    /// Between `===BEGIN ICANN DOMAINS===` and `===END ICANN DOMAINS===`.
    Icann,
    /// Between `===BEGIN PRIVATE DOMAINS===` and `===END PRIVATE DOMAINS===`.
    Private,
}

/// The shape of the rule that decided a public suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum RuleKind {
    /// A plain rule such as `co.uk`.
    Normal,
    /// A wildcard rule such as `*.ck`: any one label in front of `ck`.
    Wildcard,
    /// An exception such as `!www.ck`: the suffix is the rule minus its
    /// leftmost label (`ck`).
    Exception,
}

/// Where a public suffix came from: a listed rule, the implicit `*` rule
/// that makes an unlisted top-level label its own suffix, or nowhere (text
/// that is not a domain).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Origin {
    /// A rule of the list.
    Listed {
        /// The section holding the rule.
        section: Section,
        /// The rule's shape.
        kind: RuleKind,
    },
    /// No rule matched; the implicit `*` rule made the last label the suffix.
    Implicit,
    /// No answer: the domain holds non-ASCII text that the URL Standard's
    /// "domain to ASCII" refuses, so the URL host parser would refuse it
    /// too (`食狮.xn--a.cn`, a disallowed code point such as `⒈`, a joiner
    /// out of place). The suffix text is empty.
    NotADomain,
}
