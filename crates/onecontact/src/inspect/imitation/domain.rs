//! What the heuristics know of a domain (Chromium's `DomainInfo`): its
//! eTLD+1 as Chromium reads it, its name without registry, and the
//! confusable skeletons of its eTLD+1 in Unicode.

use std::borrow::Cow;

use onecontact_psl::{Answer, List, Sections};

use crate::display::lookalike::{name_without_registry, skeleton_of, skeletons};

/// Private registries Chromium treats as public (`kPrivateRegistriesTreatedAsPublic`).
const PRIVATE_TREATED_AS_PUBLIC: [&str; 2] = ["com.de", "com.se"];

/// A domain as the heuristics read it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct DomainInfo<'a> {
    /// The host (ASCII, lowercase, without a root dot).
    pub(crate) hostname: Cow<'a, str>,
    /// Its eTLD+1 (ASCII): PRIVATE registries ignored except `com.de` and
    /// `com.se`; empty when the registry is unknown.
    pub(crate) etld1: Cow<'a, str>,
    /// The eTLD+1 without its ICANN registry (`google` for `google.com.mx`).
    pub(crate) e2ld: Cow<'a, str>,
    /// The skeletons of the eTLD+1 in Unicode.
    pub(crate) skeletons: Skeletons,
}

/// The skeletons of a name: most names have one, kept without a vector.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) enum Skeletons {
    #[default]
    None,
    One(String),
    Many(Vec<String>),
}

impl std::ops::Deref for Skeletons {
    type Target = [String];

    fn deref(&self) -> &[String] {
        match self {
            Skeletons::None => &[],
            Skeletons::One(s) => std::slice::from_ref(s),
            Skeletons::Many(v) => v,
        }
    }
}

/// The registrable domain of an answer, when its registry is listed (not
/// the implicit `*`).
fn listed_registrable<'a>(answer: &Answer<'a>) -> Option<&'a str> {
    if answer.is_implicit() {
        return None;
    }
    answer.registrable_domain()
}

/// Chromium's eTLD+1 of `host` (`GetETLDPlusOne`): the registrable domain
/// under the ICANN section, unless that is `com.de` or `com.se`, which
/// count as public; `None` for unknown registries. `all` is the answer of
/// both sections when the caller has it.
pub(crate) fn etld_plus_one<'h>(
    host: &'h str,
    all: Option<Answer<'h>>,
    psl: &List,
) -> Option<&'h str> {
    etld_plus_one_and_registry(host, all, psl).map(|(etld1, _)| etld1)
}

/// [`etld_plus_one`] and the length of its ICANN registry, when known
/// without another lookup.
pub(crate) fn etld_plus_one_and_registry<'h>(
    host: &'h str,
    all: Option<Answer<'h>>,
    psl: &List,
) -> Option<(&'h str, Option<usize>)> {
    let all = all.unwrap_or_else(|| psl.lookup(host));
    let private = listed_registrable(&all);
    if !all.is_private() {
        return private.map(|p| (p, Some(all.public_suffix().len())));
    }
    let public = listed_registrable(&psl.lookup_with(host, Sections::IcannOnly));
    match public {
        Some(p) if PRIVATE_TREATED_AS_PUBLIC.contains(&p) => private.map(|p| (p, None)),
        p => p.map(|p| (p, None)),
    }
}

/// The skeletons of an ASCII host in Unicode form.
pub(crate) fn skeletons_of_ascii(ascii: &str) -> Skeletons {
    if !crate::labels::has_xn_label(ascii) {
        return Skeletons::One(skeleton_of(ascii));
    }
    let (unicode, _) = onecontact_idna::domain_to_unicode(ascii);
    let mut all: Vec<String> = skeletons(&unicode).into_iter().collect();
    if all.len() == 1 {
        all.pop().map_or(Skeletons::None, Skeletons::One)
    } else {
        Skeletons::Many(all)
    }
}

impl<'a> DomainInfo<'a> {
    /// The domain info of `hostname` (ASCII, lowercase, without a root
    /// dot); `all` is its Public Suffix List answer over both sections
    /// when the caller has it.
    pub(crate) fn of(hostname: &'a str, all: Option<Answer<'a>>, psl: &List) -> DomainInfo<'a> {
        let Some((etld1, registry)) = etld_plus_one_and_registry(hostname, all, psl) else {
            return DomainInfo {
                hostname: Cow::Borrowed(hostname),
                ..DomainInfo::default()
            };
        };
        let e2ld = match registry {
            Some(len) => etld1
                .get(..etld1.len().saturating_sub(len))
                .unwrap_or_default()
                .trim_matches('.'),
            None => name_without_registry(etld1, psl),
        };
        DomainInfo {
            hostname: Cow::Borrowed(hostname),
            etld1: Cow::Borrowed(etld1),
            e2ld: Cow::Borrowed(e2ld),
            skeletons: skeletons_of_ascii(etld1),
        }
    }

    /// The same, owning its text.
    pub(crate) fn into_owned(self) -> DomainInfo<'static> {
        DomainInfo {
            hostname: Cow::Owned(self.hostname.into_owned()),
            etld1: Cow::Owned(self.etld1.into_owned()),
            e2ld: Cow::Owned(self.e2ld.into_owned()),
            skeletons: self.skeletons,
        }
    }

    /// Whether the eTLD+1 has an `xn--` label.
    pub(crate) fn has_idn(&self) -> bool {
        crate::labels::has_xn_label(&self.etld1)
    }

    /// Whether the domain takes part in the edit-distance heuristics
    /// (`IsEditDistanceCandidate`): a name without registry of five
    /// characters or more.
    pub(crate) fn is_edit_distance_candidate(&self) -> bool {
        !self.etld1.is_empty() && self.e2ld.chars().count() >= 5
    }

    /// The skeleton of an ASCII name without registry: the part of the
    /// eTLD+1's skeleton before its registry's (a dot stops every step of
    /// a skeleton), without another pass.
    pub(crate) fn e2ld_skeleton_ascii(&self) -> Option<&str> {
        if !self.etld1.is_ascii() {
            return None;
        }
        let Skeletons::One(skeleton) = &self.skeletons else {
            return None;
        };
        let registry_labels = self
            .etld1
            .as_bytes()
            .get(self.e2ld.len()..)
            .map_or(0, |r| r.iter().filter(|&&b| b == b'.').count());
        let bytes = skeleton.as_bytes();
        let mut end = bytes.len();
        for _ in 0..registry_labels {
            end = bytes
                .get(..end)
                .and_then(|head| head.iter().rposition(|&b| b == b'.'))
                .unwrap_or(0);
        }
        skeleton.get(..end)
    }

    /// The skeletons of the name without registry, in Unicode.
    pub(crate) fn e2ld_skeletons(&self) -> Vec<Cow<'_, str>> {
        if let Some(one) = self.e2ld_skeleton_ascii() {
            return vec![Cow::Borrowed(one)];
        }
        skeletons_of_ascii(&self.e2ld)
            .iter()
            .map(|s| Cow::Owned(s.clone()))
            .collect()
    }
}

/// The name without registry of an eTLD+1 with `com.de` and `com.se` as
/// public registries (`GetE2LDWithDeFactoPublicRegistries`).
pub(crate) fn e2ld_de_facto(etld1: &str, psl: &List) -> String {
    if etld1.is_empty() {
        return String::new();
    }
    let all = psl.lookup(etld1);
    let public = psl.lookup_with(etld1, Sections::IcannOnly);
    let mut registry = if public.is_implicit() {
        ""
    } else {
        public.public_suffix()
    };
    if !all.is_implicit()
        && all.public_suffix() != registry
        && PRIVATE_TREATED_AS_PUBLIC.iter().any(|p| etld1.ends_with(p))
    {
        registry = all.public_suffix();
    }
    etld1
        .get(..etld1.len().saturating_sub(registry.len()))
        .unwrap_or_default()
        .trim_matches('.')
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn etld_plus_one_as_chromium_reads_it() {
        let psl = List::baked();
        let e = |h| etld_plus_one(h, None, psl);
        assert_eq!(e("www.google.com"), Some("google.com"));
        assert_eq!(e("foo.blogspot.com"), Some("blogspot.com"));
        assert_eq!(e("foo.com.de"), Some("foo.com.de"));
        assert_eq!(e("a.b.example.co.uk"), Some("example.co.uk"));
        assert_eq!(e("google.cóm"), None);
        assert_eq!(e("example.invalidtld"), None);
        assert_eq!(name_without_registry("google.com.mx", psl), "google");
        assert_eq!(name_without_registry("foo.com.de", psl), "foo.com");
        assert_eq!(e2ld_de_facto("foo.com.de", psl), "foo");
        assert_eq!(e2ld_de_facto("google.com.mx", psl), "google");
        let info = DomainInfo::of("www.paypa1.com", None, psl);
        assert_eq!((&*info.etld1, &*info.e2ld), ("paypa1.com", "paypa1"));
        assert_eq!(*info.skeletons, ["paypal.corn"]);
        assert_eq!(info.e2ld_skeleton_ascii(), Some("paypal"));
        let info = DomainInfo::of("a.rnail.co.uk", None, psl);
        assert_eq!(info.e2ld_skeleton_ascii(), Some("rnail"));
        assert!(info.is_edit_distance_candidate());
    }
}
