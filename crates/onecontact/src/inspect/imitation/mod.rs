//! Brand imitation: whether a host imitates a popular domain or one of the
//! user's own, decided as Chromium's lookalike heuristics decide it
//! (components/lookalikes/core/lookalike_url_util.cc), and, for the user's
//! own domains, a few checks Chromium leaves out.
//!
//! Chromium's heuristics run on the host's eTLD+1 (PRIVATE registries
//! ignored but `com.de` and `com.se`), in this order, the first match
//! winning:
//!
//! 1. skeleton match, for an eTLD+1 with an IDN label: a site of one's own,
//!    then a popular domain (its top bucket, then the rest);
//! 2. edit distance of at most one and one adjacent swap, on skeletons, for
//!    names without registry of five characters or more: one's own sites,
//!    then the 500 edit-distance skeletons of the top bucket, with
//!    Chromium's false-positive rules;
//! 3. target embedding: a popular or own domain inside the host
//!    (`google.com.evil.example`, `googlecom.evil.example`), at the end of the
//!    host (`evil-google.com`) a tail embedding;
//! 4. combo squatting: a brand and a keyword in the name (`paypal-login.com`).
//!
//! Hosts that are `.gov` or `.mil`, have no known registry, or whose eTLD+1
//! is a popular domain or one of one's own are never flagged.
//!
//! Each [`ImitationKind`] keeps Chromium's decision as a [`Severity`]: an
//! interstitial is `danger`, a safety tip `warning`, and the edit-distance
//! match against popular domains, which Chromium only counts in its metrics
//! (too noisy to show), `info`. Combo squatting shows a safety tip where
//! Chromium's launch configuration enables it: `warning`.
//!
//! For the domains one names as one's own, three more kinds, below
//! Chromium's decisions (`info`): the same name (or one edit from it) under
//! another registry, the name inside a longer one without a keyword, and two
//! edits in a long name.

mod combo;
pub(crate) mod distance;
pub(crate) mod domain;
mod embedding;
pub(crate) mod engaged;
mod hashes;
mod own;
mod quick;
mod table;
mod tokens;
pub(crate) mod words;

use onecontact_psl::{Answer, List};

use super::warning::Severity;
use crate::Data;
use crate::display::lookalike::TopDomains;
use distance::{edit_distance_at_most_one, one_character_swap};
use domain::DomainInfo;
pub(crate) use engaged::Engaged;

/// How a host imitates a domain: the heuristic that matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ImitationKind {
    /// `skeleton-match-own`: the eTLD+1 (with an IDN label) has the
    /// confusable skeleton of one of one's own domains.
    SkeletonMatchOwn,
    /// `skeleton-match-top-bucket`: it has the skeleton of one of the most
    /// popular domains (Chromium's top bucket).
    SkeletonMatchTopBucket,
    /// `skeleton-match-popular`: it has the skeleton of another popular domain.
    SkeletonMatchPopular,
    /// `edit-distance-own`: one insertion, deletion or substitution from one
    /// of one's own domains, on skeletons.
    EditDistanceOwn,
    /// `edit-distance`: the same from a top-bucket domain (Chromium only
    /// counts these).
    EditDistance,
    /// `character-swap-own`: two adjacent characters of one of one's own
    /// domains swapped.
    CharacterSwapOwn,
    /// `character-swap`: the same for a top-bucket domain.
    CharacterSwap,
    /// `target-embedding`: a popular or own domain inside the host, before
    /// its end (`google.com.evil.example`).
    TargetEmbedding,
    /// `tail-embedding`: a popular or own domain at the end of the host
    /// (`evil-google.com`).
    TailEmbedding,
    /// `combo-squatting`: one of Chromium's brands with a keyword
    /// (`paypal-login.com`).
    ComboSquatting,
    /// `combo-squatting-own`: the name of one of one's own domains with a
    /// keyword.
    ComboSquattingOwn,
    /// `other-registry-own`: the name of one of one's own domains, or one
    /// edit from it, under another registry (`metamask.top`).
    OtherRegistryOwn,
    /// `name-inside-own`: the name of one of one's own domains inside a
    /// longer name, without a keyword (`metamaskv2.io`).
    NameInsideOwn,
    /// `two-edits-own`: two edits from the long name of one of one's own
    /// domains (`myeterhwallet.com`).
    TwoEditsOwn,
}

impl ImitationKind {
    /// Every kind, in the order the heuristics run.
    pub const ALL: [ImitationKind; 14] = [
        ImitationKind::SkeletonMatchOwn,
        ImitationKind::SkeletonMatchTopBucket,
        ImitationKind::SkeletonMatchPopular,
        ImitationKind::EditDistanceOwn,
        ImitationKind::EditDistance,
        ImitationKind::CharacterSwapOwn,
        ImitationKind::CharacterSwap,
        ImitationKind::TargetEmbedding,
        ImitationKind::TailEmbedding,
        ImitationKind::ComboSquatting,
        ImitationKind::ComboSquattingOwn,
        ImitationKind::OtherRegistryOwn,
        ImitationKind::NameInsideOwn,
        ImitationKind::TwoEditsOwn,
    ];

    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            ImitationKind::SkeletonMatchOwn => "skeleton-match-own",
            ImitationKind::SkeletonMatchTopBucket => "skeleton-match-top-bucket",
            ImitationKind::SkeletonMatchPopular => "skeleton-match-popular",
            ImitationKind::EditDistanceOwn => "edit-distance-own",
            ImitationKind::EditDistance => "edit-distance",
            ImitationKind::CharacterSwapOwn => "character-swap-own",
            ImitationKind::CharacterSwap => "character-swap",
            ImitationKind::TargetEmbedding => "target-embedding",
            ImitationKind::TailEmbedding => "tail-embedding",
            ImitationKind::ComboSquatting => "combo-squatting",
            ImitationKind::ComboSquattingOwn => "combo-squatting-own",
            ImitationKind::OtherRegistryOwn => "other-registry-own",
            ImitationKind::NameInsideOwn => "name-inside-own",
            ImitationKind::TwoEditsOwn => "two-edits-own",
        }
    }

    /// Chromium's decision as a severity: interstitial `danger`, safety tip
    /// `warning`, metrics only `info`; the kinds Chromium does not have are
    /// `info`.
    pub fn severity(self) -> Severity {
        match self {
            ImitationKind::SkeletonMatchOwn
            | ImitationKind::SkeletonMatchTopBucket
            | ImitationKind::TargetEmbedding => Severity::Danger,
            ImitationKind::SkeletonMatchPopular
            | ImitationKind::EditDistanceOwn
            | ImitationKind::CharacterSwapOwn
            | ImitationKind::CharacterSwap
            | ImitationKind::TailEmbedding
            | ImitationKind::ComboSquatting
            | ImitationKind::ComboSquattingOwn => Severity::Warning,
            ImitationKind::EditDistance
            | ImitationKind::OtherRegistryOwn
            | ImitationKind::NameInsideOwn
            | ImitationKind::TwoEditsOwn => Severity::Info,
        }
    }

    /// Whether the kind is one of Chromium's heuristics.
    pub fn is_chromiums(self) -> bool {
        !matches!(
            self,
            ImitationKind::OtherRegistryOwn
                | ImitationKind::NameInsideOwn
                | ImitationKind::TwoEditsOwn
        )
    }

    /// A phrase telling how the host imitates `domain`.
    pub(crate) fn describe(self, domain: &str) -> String {
        match self {
            ImitationKind::SkeletonMatchOwn
            | ImitationKind::SkeletonMatchTopBucket
            | ImitationKind::SkeletonMatchPopular => {
                format!("its letters are look-alikes of {domain}'s")
            }
            ImitationKind::EditDistanceOwn | ImitationKind::EditDistance => {
                format!("it is one letter away from {domain}")
            }
            ImitationKind::CharacterSwapOwn | ImitationKind::CharacterSwap => {
                format!("it is {domain} with two letters swapped")
            }
            ImitationKind::TargetEmbedding => {
                format!("it holds {domain} inside a name that belongs to someone else")
            }
            ImitationKind::TailEmbedding => format!("it ends like {domain} but is another name"),
            ImitationKind::ComboSquatting | ImitationKind::ComboSquattingOwn => {
                format!("it joins the brand of {domain} to a word phishing sites use")
            }
            ImitationKind::OtherRegistryOwn => {
                format!("it is the name of {domain} under another registry")
            }
            ImitationKind::NameInsideOwn => {
                format!("it holds the name of {domain} in a longer name")
            }
            ImitationKind::TwoEditsOwn => format!("it is two letters away from {domain}"),
        }
    }
}

impl std::fmt::Display for ImitationKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ImitationKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// A host's imitation of a domain: which domain, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Imitation {
    /// The domain imitated (the one to suggest instead).
    pub domain: String,
    /// The heuristic that matched.
    pub kind: ImitationKind,
}

/// What the heuristics compare a host with: the popular domains and one's
/// own, and the Public Suffix List.
pub(crate) struct Targets<'d> {
    pub(crate) top: &'d TopDomains,
    pub(crate) engaged: &'d Engaged,
    pub(crate) psl: &'d List,
}

impl<'d> Targets<'d> {
    pub(crate) fn of(data: &'d Data) -> Targets<'d> {
        Targets {
            top: data.top_domains(),
            engaged: data.engaged(),
            psl: data.psl(),
        }
    }

    /// Whether the domain is a popular one (`IsTopDomain`): one of its
    /// skeletons is a popular domain's whose domain is its eTLD+1.
    fn is_top_domain(&self, info: &DomainInfo<'_>) -> bool {
        info.skeletons
            .iter()
            .any(|s| self.top.find_popular(s) == Some(&*info.etld1))
    }
}

/// The imitation of one's own or a popular domain by `host` (ASCII,
/// lowercase, without a root dot or empty labels), reached over `scheme`;
/// `all` is its Public Suffix List answer when the caller has it.
pub(crate) fn find(
    scheme: &str,
    host: &str,
    all: Option<Answer<'_>>,
    data: &Data,
) -> Option<Imitation> {
    find_screened(scheme, host, all, data, true)
}

/// [`find`], with or without the quick refusal (its tests compare both).
fn find_screened(
    scheme: &str,
    host: &str,
    all: Option<Answer<'_>>,
    data: &Data,
    screen: bool,
) -> Option<Imitation> {
    if !matches!(scheme, "http" | "https") || host.ends_with(".gov") || host.ends_with(".mil") {
        return None;
    }
    if host == "localhost" || host.ends_with(".localhost") {
        return None;
    }
    let targets = Targets::of(data);
    let (etld1, registry) = domain::etld_plus_one_and_registry(host, all, targets.psl)?;
    let e2ld_len = registry.map_or(etld1.len(), |r| etld1.len().saturating_sub(r + 1));
    let e2ld = etld1.get(..e2ld_len).unwrap_or(etld1);
    // Most hosts are refused from their bytes (the gate included: a popular
    // domain is never an imitation); a host with an `xn--` label never is
    // (its `--` is an empty token to the quick refusal).
    if screen && !quick::may_match(host, etld1, e2ld, &targets) {
        return None;
    }
    let info = DomainInfo::of(host, all, targets.psl);
    if info.etld1.is_empty() {
        return None;
    }
    let found = chromium(&info, &targets).or_else(|| own::find(&info, &targets))?;
    // The gate, checked once something matched (the answer is the same):
    // a popular domain or one of one's own is never an imitation.
    if targets.engaged.has_etld1(&info.etld1) || targets.is_top_domain(&info) {
        return None;
    }
    (found.domain != info.etld1).then_some(found)
}

/// Chromium's heuristics in Chromium's order (`GetMatchingDomain`).
fn chromium(info: &DomainInfo<'_>, targets: &Targets<'_>) -> Option<Imitation> {
    if info.has_idn()
        && let Some(found) = skeleton_match(info, targets)
    {
        return Some(found);
    }
    if info.is_edit_distance_candidate() {
        if let Some(found) = near_own(info, targets) {
            return Some(found);
        }
        if let Some(found) = near_popular(info, targets) {
            return Some(found);
        }
    }
    if let Some(found) = embedding::find(info, targets) {
        return Some(found);
    }
    combo::find(info, targets)
}

/// Skeleton match: one's own sites first, then the popular domains.
fn skeleton_match(info: &DomainInfo<'_>, targets: &Targets<'_>) -> Option<Imitation> {
    for site in &targets.engaged.sites {
        if site
            .info
            .skeletons
            .iter()
            .any(|s| info.skeletons.contains(s))
        {
            return Some(Imitation {
                domain: site.info.etld1.to_string(),
                kind: ImitationKind::SkeletonMatchOwn,
            });
        }
    }
    for skeleton in info.skeletons.iter() {
        if let Some(domain) = targets.top.find_popular(skeleton) {
            let suggested = domain::etld_plus_one(domain, None, targets.psl).unwrap_or(domain);
            let kind = if targets.top.is_top_bucket(domain) {
                ImitationKind::SkeletonMatchTopBucket
            } else {
                ImitationKind::SkeletonMatchPopular
            };
            return Some(Imitation {
                domain: suggested.to_owned(),
                kind,
            });
        }
    }
    None
}

/// Chromium's false-positive rules for an edit-distance match
/// (`IsLikelyEditDistanceFalsePositive`).
pub(super) fn likely_edit_distance_false_positive(
    host: &DomainInfo<'_>,
    target: &DomainInfo<'_>,
) -> bool {
    if host.e2ld == target.e2ld {
        return true;
    }
    let digits = |c: char| c.is_ascii_digit();
    if host.e2ld.trim_end_matches(digits) == target.e2ld.trim_end_matches(digits) {
        return true;
    }
    let (a, b) = (&*host.etld1, &*target.etld1);
    let tail = |s: &str| s.get(1..).unwrap_or_default().to_owned();
    let first_differs = match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Equal => tail(a) == tail(b),
        std::cmp::Ordering::Less => a == tail(b),
        std::cmp::Ordering::Greater => tail(a) == b,
    };
    if first_differs {
        return true;
    }
    // Only a `-` inserted.
    if a.len() != b.len() {
        let (long, short) = if a.len() > b.len() { (a, b) } else { (b, a) };
        let first = long
            .bytes()
            .zip(short.bytes())
            .find(|(x, y)| x != y)
            .map(|(x, _)| x);
        if first == Some(b'-') {
            return true;
        }
    }
    false
}

/// Chromium's false-positive rule for a swap: only the registry differs.
fn likely_swap_false_positive(host: &DomainInfo<'_>, target: &DomainInfo<'_>) -> bool {
    host.e2ld == target.e2ld
}

/// Edit distance and swap against one's own sites
/// (`GetSimilarDomainFromEngagedSites`).
fn near_own(info: &DomainInfo<'_>, targets: &Targets<'_>) -> Option<Imitation> {
    let engaged = targets.engaged;
    if engaged.sites.is_empty() {
        return None;
    }
    let mut candidates = Vec::new();
    for skeleton in info.skeletons.iter() {
        engaged.index.candidates(skeleton, &mut candidates);
        // In site order, as Chromium walks its engaged sites.
        for &c in &candidates {
            let Some((site, target)) = engaged.skeletons.get(c as usize) else {
                continue;
            };
            let Some(site) = engaged.sites.get(*site as usize) else {
                continue;
            };
            if edit_distance_at_most_one(skeleton, target)
                && !likely_edit_distance_false_positive(info, &site.info)
            {
                return Some(Imitation {
                    domain: site.info.etld1.to_string(),
                    kind: ImitationKind::EditDistanceOwn,
                });
            }
            if one_character_swap(skeleton, target) && !likely_swap_false_positive(info, &site.info)
            {
                return Some(Imitation {
                    domain: site.info.etld1.to_string(),
                    kind: ImitationKind::CharacterSwapOwn,
                });
            }
        }
    }
    // A swap on the hosts without diacritics (`éxapmle.com`), which the
    // skeletons miss when a letter becomes two (`m` is `rn`).
    let (unicode, _) = onecontact_idna::domain_to_unicode(&info.etld1);
    let bare = crate::display::lookalike::strip_accents(&unicode);
    if bare != unicode {
        for site in &engaged.sites {
            if one_character_swap(&bare, &site.without_diacritics) {
                return Some(Imitation {
                    domain: site.info.etld1.to_string(),
                    kind: ImitationKind::CharacterSwapOwn,
                });
            }
        }
    }
    None
}

/// Edit distance and swap against the top bucket's edit-distance skeletons
/// (`GetSimilarDomainFromTopBucket`), in their lexicographic order.
fn near_popular(info: &DomainInfo<'_>, targets: &Targets<'_>) -> Option<Imitation> {
    if !targets.top.has_baked() {
        return None;
    }
    let index = engaged::top_index(|| {
        (0..TopDomains::edit_len()).filter_map(|i| TopDomains::edit_entry(i).map(|(s, _)| s))
    });
    let mut candidates = Vec::new();
    for skeleton in info.skeletons.iter() {
        index.candidates(skeleton, &mut candidates);
        for &c in &candidates {
            let Some((target, domain)) = TopDomains::edit_entry(c as usize) else {
                continue;
            };
            let near = edit_distance_at_most_one(skeleton, target);
            let swap = one_character_swap(skeleton, target);
            if !near && !swap {
                continue;
            }
            let top = DomainInfo::of(domain, None, targets.psl);
            if near && !likely_edit_distance_false_positive(info, &top) {
                return Some(Imitation {
                    domain: domain.to_owned(),
                    kind: ImitationKind::EditDistance,
                });
            }
            if swap && !likely_swap_false_positive(info, &top) {
                return Some(Imitation {
                    domain: domain.to_owned(),
                    kind: ImitationKind::CharacterSwap,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod chromium;
#[cfg(test)]
mod tests;
