//! The domains a user names as their own (`--top-domains`), read once for
//! the heuristics: Chromium's engaged sites.

use std::sync::OnceLock;

use onecontact_psl::List;

use super::distance::Neighbourhoods;
use super::domain::DomainInfo;
use crate::display::lookalike::strip_accents;

/// One site of one's own.
#[derive(Debug, Clone)]
pub(crate) struct Site {
    /// What the heuristics know of it.
    pub(crate) info: DomainInfo<'static>,
    /// The skeletons of its name without registry.
    pub(crate) e2ld_skeletons: Vec<String>,
    /// Its eTLD+1 in Unicode without diacritics.
    pub(crate) without_diacritics: String,
}

/// The sites of one's own, in the order given, with an index of their
/// skeletons' neighbourhoods.
#[derive(Debug, Clone)]
pub(crate) struct Engaged {
    pub(crate) sites: Vec<Site>,
    /// (site, skeleton) for each skeleton of each edit-distance candidate
    /// site, in site order: what [`Engaged::index`] indexes.
    pub(crate) skeletons: Vec<(u32, String)>,
    pub(crate) index: Neighbourhoods,
    /// The sites' hostnames, sorted, each with its site.
    pub(crate) hostnames: Vec<(String, u32)>,
    /// (skeleton of the name without registry, site) of the sites whose
    /// name is a brand (five characters or more, no common word), sorted
    /// by skeleton: what the checks beyond Chromium compare with.
    pub(crate) names: Vec<(String, u32)>,
    /// The index of the skeletons of `names`.
    pub(crate) names_index: Neighbourhoods,
    /// The longest skeleton of `names`, in bytes.
    pub(crate) longest_name: usize,
}

impl Engaged {
    /// No site at all.
    pub(crate) const EMPTY: Engaged = Engaged {
        sites: Vec::new(),
        skeletons: Vec::new(),
        index: Neighbourhoods::EMPTY,
        hostnames: Vec::new(),
        names: Vec::new(),
        names_index: Neighbourhoods::EMPTY,
        longest_name: 0,
    };

    /// The sites of `domains` (ASCII hosts), read with `psl`; hosts whose
    /// registry is unknown are left out, as Chromium leaves them out.
    pub(crate) fn new(domains: &[String], psl: &List) -> Engaged {
        let mut sites = Vec::new();
        for domain in domains {
            let info = DomainInfo::of(domain, None, psl).into_owned();
            if info.etld1.is_empty() {
                continue;
            }
            let (unicode, _) = onecontact_idna::domain_to_unicode(&info.etld1);
            sites.push(Site {
                e2ld_skeletons: info
                    .e2ld_skeletons()
                    .into_iter()
                    .map(std::borrow::Cow::into_owned)
                    .collect(),
                without_diacritics: strip_accents(&unicode),
                info,
            });
        }
        let mut skeletons = Vec::new();
        for (i, site) in sites.iter().enumerate() {
            let Ok(i) = u32::try_from(i) else { break };
            if site.info.is_edit_distance_candidate() {
                for s in site.info.skeletons.iter() {
                    skeletons.push((i, s.clone()));
                }
            }
        }
        let index = Neighbourhoods::new(skeletons.iter().map(|(_, s)| s.as_str()));
        let mut hostnames: Vec<(String, u32)> = sites
            .iter()
            .zip(0u32..)
            .map(|(s, i)| (s.info.hostname.to_string(), i))
            .collect();
        hostnames.sort();
        let mut names: Vec<(String, u32)> = Vec::new();
        for (site, i) in sites.iter().zip(0u32..) {
            if site.info.e2ld.chars().count() < 5 || super::words::is_common_word(&site.info.e2ld) {
                continue;
            }
            for s in &site.e2ld_skeletons {
                names.push((s.clone(), i));
            }
        }
        names.sort();
        names.dedup_by(|later, first| later.0 == first.0);
        let names_index = Neighbourhoods::new(names.iter().map(|(s, _)| s.as_str()));
        let longest_name = names.iter().map(|(s, _)| s.len()).max().unwrap_or(0);
        Engaged {
            sites,
            skeletons,
            index,
            hostnames,
            names,
            names_index,
            longest_name,
        }
    }

    /// The first site whose hostname is `hostname`.
    pub(crate) fn by_hostname(&self, hostname: &str) -> Option<&Site> {
        let start = self
            .hostnames
            .partition_point(|(h, _)| h.as_str() < hostname);
        let (h, i) = self.hostnames.get(start)?;
        (h == hostname)
            .then(|| self.sites.get(*i as usize))
            .flatten()
    }

    /// The site whose name's skeleton is `skeleton`.
    pub(crate) fn by_name(&self, skeleton: &str) -> Option<&Site> {
        let at = self
            .names
            .binary_search_by(|(s, _)| s.as_str().cmp(skeleton))
            .ok()?;
        let (_, i) = self.names.get(at)?;
        self.sites.get(*i as usize)
    }

    /// Whether `etld1` is one of the sites' eTLD+1.
    pub(crate) fn has_etld1(&self, etld1: &str) -> bool {
        self.sites.iter().any(|s| s.info.etld1 == etld1)
    }
}

/// The index of the built-in edit-distance skeletons, built on first use.
pub(crate) fn top_index<I: Iterator<Item = &'static str>>(
    skeletons: impl FnOnce() -> I,
) -> &'static Neighbourhoods {
    static INDEX: OnceLock<Neighbourhoods> = OnceLock::new();
    INDEX.get_or_init(|| Neighbourhoods::new(skeletons()))
}
