//! What was found about an address (rule 7). Facts describe the value; they
//! never change it.

use crate::social::SocialProfile;

/// One fact about a web address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum WebFact {
    /// No scheme was written; `https://` was assumed.
    SchemeAssumed,
    /// The host is an IPv4 or IPv6 address.
    IpHost,
    /// Some label of the host is internationalized (`xn--` in ASCII form).
    InternationalizedDomain,
    /// The scheme is neither `http` nor `https`
    /// ([`WebAddress::is_website`](crate::WebAddress::is_website) is false).
    NonWebScheme,
    /// The address carries a user name or password.
    HasCredentials,
    /// The canonical form left out tracking parameters.
    TrackingParametersRemoved,
    /// The canonical form left out the fragment.
    FragmentRemoved,
    /// The scheme looks mistyped: written twice (`https://https://…`),
    /// without its colon (`https//…`), with other than two slashes
    /// (`http:/…`) or misspelled (`htps://…`). The address is kept as the
    /// browser reads it; this says it is most likely not the one meant.
    SchemeMistyped,
}

impl WebFact {
    /// Every fact, in a fixed order.
    pub const ALL: [WebFact; 8] = [
        WebFact::SchemeAssumed,
        WebFact::IpHost,
        WebFact::InternationalizedDomain,
        WebFact::NonWebScheme,
        WebFact::HasCredentials,
        WebFact::TrackingParametersRemoved,
        WebFact::FragmentRemoved,
        WebFact::SchemeMistyped,
    ];

    /// The fact's stable name (`"scheme_assumed"`, …), as serialized.
    pub fn name(self) -> &'static str {
        match self {
            WebFact::SchemeAssumed => "scheme_assumed",
            WebFact::IpHost => "ip_host",
            WebFact::InternationalizedDomain => "internationalized_domain",
            WebFact::NonWebScheme => "non_web_scheme",
            WebFact::HasCredentials => "has_credentials",
            WebFact::TrackingParametersRemoved => "tracking_parameters_removed",
            WebFact::FragmentRemoved => "fragment_removed",
            WebFact::SchemeMistyped => "scheme_mistyped",
        }
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl std::fmt::Display for WebFact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`WebFact`]s. Serializes as the list of fact names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WebFlags(u16);

impl WebFlags {
    /// The empty set.
    pub const fn empty() -> WebFlags {
        WebFlags(0)
    }

    /// Whether `fact` is in the set.
    pub fn contains(self, fact: WebFact) -> bool {
        self.0 & fact.bit() != 0
    }

    /// Adds `fact`.
    pub fn insert(&mut self, fact: WebFact) {
        self.0 |= fact.bit();
    }

    /// Adds `fact` when `present` is true.
    pub(crate) fn set(&mut self, fact: WebFact, present: bool) {
        if present {
            self.insert(fact);
        }
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of facts in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The facts in the set, in [`WebFact::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = WebFact> {
        WebFact::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

impl std::fmt::Debug for WebFlags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<WebFact> for WebFlags {
    fn from_iter<I: IntoIterator<Item = WebFact>>(iter: I) -> WebFlags {
        let mut flags = WebFlags::empty();
        for fact in iter {
            flags.insert(fact);
        }
        flags
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for WebFlags {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for WebFlags {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let facts = Vec::<WebFact>::deserialize(deserializer)?;
        Ok(facts.into_iter().collect())
    }
}

/// Everything found about an address: its [`WebFlags`] and, when the
/// address has the shape of a social-network profile, that profile.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WebFacts {
    /// The facts that hold.
    pub flags: WebFlags,
    /// The social-profile shape, if any.
    pub social_profile: Option<SocialProfile>,
}

impl WebFacts {
    /// Whether `fact` holds.
    pub fn contains(&self, fact: WebFact) -> bool {
        self.flags.contains(fact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_hold_each_fact_independently() {
        let mut flags = WebFlags::empty();
        assert!(flags.is_empty());
        flags.insert(WebFact::IpHost);
        flags.set(WebFact::FragmentRemoved, true);
        flags.set(WebFact::SchemeAssumed, false);
        assert!(flags.contains(WebFact::IpHost));
        assert!(flags.contains(WebFact::FragmentRemoved));
        assert!(!flags.contains(WebFact::SchemeAssumed));
        assert_eq!(flags.len(), 2);
        assert_eq!(
            flags.iter().collect::<Vec<_>>(),
            [WebFact::IpHost, WebFact::FragmentRemoved]
        );
        assert_eq!(format!("{flags:?}"), "{IpHost, FragmentRemoved}");
    }

    #[test]
    fn names_are_distinct() {
        let mut names: Vec<_> = WebFact::ALL.iter().map(|f| f.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), WebFact::ALL.len());
        let all: WebFlags = WebFact::ALL.into_iter().collect();
        assert_eq!(all.len(), 8);
    }
}
