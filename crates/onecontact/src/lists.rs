//! The lists key V2, `clean` and `inspect` read besides the Public Suffix
//! List: shared-hosting platforms ([`HostingList`]), tracking parameters
//! ([`TrackingTable`]) and link wrappers ([`WrapperList`]). Each has a
//! built-in copy (the tables of [`rules`](crate::rules)) and can be read
//! from a file a person gives, one entry a line, fields separated by tabs,
//! `#` starting a comment line and an optional `# version: TEXT` line
//! naming the list's version.
//!
//! ```
//! use onecontact::{Data, HostingList, KeyVersion, WebAddress, key_v2_with};
//!
//! let own = HostingList::parse("# version: ours-1\nexample.com\tour own test platform\n")?;
//! assert_eq!(own.version(), "ours-1");
//! let data = Data::baked().with_hosting(own);
//! assert_eq!(key_v2_with("https://alice.example.com/", &data)?, "alice.example.com");
//! assert_eq!(key_v2_with("https://alice.example.com/", &Data::baked())?, "example.com");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::LazyLock;

use crate::rules::{
    HOSTING_PLATFORMS, HOSTING_PLATFORMS_VERSION, TRACKING_PARAMETERS, TRACKING_RULES_ADDED_IN_V2,
    TRACKING_RULES_VERSION, WRAPPERS, WRAPPERS_VERSION, WrapperEncoding, WrapperHost,
};

/// Why a list file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ListError {
    /// A line does not have the fields its list needs.
    #[error("line {line}: {problem}; a line of this list is {shape}")]
    BadLine {
        /// The line number, from 1.
        line: usize,
        /// What is wrong with it.
        problem: String,
        /// The fields a line holds, tab-separated.
        shape: &'static str,
    },
}

/// Splits `text` into its entries' fields (tab-separated, trimmed), with
/// the line numbers, and finds the `# version:` line.
fn entries(text: &str) -> (Option<String>, Vec<(usize, Vec<&str>)>) {
    let mut version = None;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(v) = comment.trim().strip_prefix("version:") {
                version = Some(v.trim().to_owned());
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        out.push((n + 1, line.split('\t').map(str::trim).collect()));
    }
    (version, out)
}

/// Whether `name` is a plausible lowercase domain for a list entry.
fn is_domain(name: &str) -> bool {
    !name.is_empty()
        && name.contains('.')
        && !name.starts_with('.')
        && !name.ends_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'.' | b'-'))
}

/// A quick test of whether a name is one of a set of names: each name's
/// last eight bytes (zero above a shorter name's) and its length, sorted,
/// behind a 256-bit filter of their hashes. A name of the set always
/// passes; another passes only when its last eight bytes and length are
/// those of a name of the set (then the caller's full comparison decides).
/// Most names are turned away by one bit; the rest take one binary search
/// over words, no string compare.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct TailSet {
    tails: Vec<(u64, usize)>,
    filter: [u64; TailSet::FILTER_WORDS],
}

impl TailSet {
    /// The filter's size in words: 1,024 bits, so that a few dozen names
    /// leave a name outside the set a few percent chance of a binary search.
    const FILTER_WORDS: usize = 16;

    #[inline]
    fn tail(name: &str) -> (u64, usize) {
        let bytes = name.as_bytes();
        if let Some(last) = bytes.last_chunk::<8>() {
            return (u64::from_be_bytes(*last), bytes.len());
        }
        let from = bytes.len().saturating_sub(8);
        let word = bytes
            .get(from..)
            .unwrap_or_default()
            .iter()
            .fold(0u64, |w, &b| w << 8 | u64::from(b));
        (word, bytes.len())
    }

    /// The set of `names` and of every name each ends with after a dot
    /// (`a.b.c` gives `a.b.c`, `b.c` and `c`).
    fn of_suffixes<'a>(names: impl Iterator<Item = &'a str>) -> TailSet {
        let mut tails = Vec::new();
        for name in names {
            tails.push(TailSet::tail(name));
            for (dot, _) in name.match_indices('.') {
                if let Some(rest) = name.get(dot + 1..) {
                    tails.push(TailSet::tail(rest));
                }
            }
        }
        tails.sort_unstable();
        tails.dedup();
        let mut filter = [0u64; TailSet::FILTER_WORDS];
        for &tail in &tails {
            let bit = TailSet::bit(tail);
            if let Some(word) = filter.get_mut(bit / 64) {
                *word |= 1 << (bit % 64);
            }
        }
        TailSet { tails, filter }
    }

    /// The filter bit of a tail: the top ten bits of a multiplicative hash.
    #[inline]
    fn bit(tail: (u64, usize)) -> usize {
        let h = (tail.0 ^ tail.1 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        usize::try_from(h >> 54).unwrap_or_default()
    }

    #[inline]
    fn may_contain(&self, name: &str) -> bool {
        let tail = TailSet::tail(name);
        let bit = TailSet::bit(tail);
        self.filter
            .get(bit / 64)
            .is_some_and(|word| word & (1 << (bit % 64)) != 0)
            && self.tails.binary_search(&tail).is_ok()
    }
}

/// Whether `host` is `domain` or a subdomain of it.
pub(crate) fn host_within(host: &str, domain: &str) -> bool {
    match host.strip_suffix(domain) {
        Some("") => true,
        Some(rest) => rest.ends_with('.'),
        None => false,
    }
}

/// Shared-hosting platforms: domains whose subdomains belong to different
/// owners, which the Public Suffix List does not list. Key V2 keeps the
/// owner's label of a host under one of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostingList {
    /// The domains, lowercase, sorted.
    domains: Vec<Box<str>>,
    /// The domains and what each ends with after a dot: a registrable
    /// domain outside it lies under no platform.
    suffixes: TailSet,
    version: String,
}

static BAKED_HOSTING: LazyLock<HostingList> = LazyLock::new(|| {
    let domains: Vec<Box<str>> = HOSTING_PLATFORMS.iter().map(|p| p.domain.into()).collect();
    HostingList::new(domains, format!("built-in {HOSTING_PLATFORMS_VERSION}"))
});

impl HostingList {
    fn new(mut domains: Vec<Box<str>>, version: String) -> HostingList {
        domains.sort_unstable();
        domains.dedup();
        let suffixes = TailSet::of_suffixes(domains.iter().map(|d| &**d));
        HostingList {
            domains,
            suffixes,
            version,
        }
    }

    /// The built-in list ([`HOSTING_PLATFORMS`]).
    pub fn baked() -> &'static HostingList {
        &BAKED_HOSTING
    }

    /// Reads a list: one platform a line, `DOMAIN<TAB>SOURCE`, the source
    /// (the platform's page about its users' addresses) required.
    ///
    /// # Errors
    ///
    /// [`ListError::BadLine`] for a line without a lowercase domain and a
    /// source.
    pub fn parse(text: &str) -> Result<HostingList, ListError> {
        const SHAPE: &str = "DOMAIN<TAB>SOURCE";
        let (version, lines) = entries(text);
        let mut domains = Vec::with_capacity(lines.len());
        for (line, fields) in lines {
            let bad = |problem: String| ListError::BadLine {
                line,
                problem,
                shape: SHAPE,
            };
            match fields.as_slice() {
                [domain, source] if is_domain(domain) && !source.is_empty() => {
                    domains.push((*domain).into());
                }
                [domain, ..] if !is_domain(domain) => {
                    return Err(bad(format!("{domain:?} is not a lowercase domain")));
                }
                _ => return Err(bad("the source is missing".to_owned())),
            }
        }
        Ok(HostingList::new(
            domains,
            version.unwrap_or_else(|| "file".to_owned()),
        ))
    }

    /// The list's version.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// How many platforms the list holds.
    pub fn len(&self) -> usize {
        self.domains.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.domains.is_empty()
    }

    /// Whether `domain` is a listed platform.
    pub fn contains(&self, domain: &str) -> bool {
        self.domains.binary_search_by(|d| (**d).cmp(domain)).is_ok()
    }

    /// The site of an owner of `host` (lowercase, no root dot) whose
    /// registrable domain is `registrable`: the listed platform under which
    /// the host lies, with the one label before it (the owner's), unless
    /// that label is `www`; `None` when no platform holds the host.
    ///
    /// ```
    /// use onecontact::HostingList;
    ///
    /// let list = HostingList::baked();
    /// assert_eq!(list.owner_site("www.scmga.tripod.com", "tripod.com"), Some("scmga.tripod.com"));
    /// assert_eq!(list.owner_site("www.tripod.com", "tripod.com"), None);
    /// assert_eq!(list.owner_site("www.example.com", "example.com"), None);
    /// ```
    #[inline]
    pub fn owner_site<'h>(&self, host: &'h str, registrable: &str) -> Option<&'h str> {
        // A platform under which the host lies ends with its registrable
        // domain (or is shorter: a platform the Public Suffix List in use
        // treats as a suffix, whose owners the registrable domain keeps).
        if host.len() <= registrable.len() || !self.suffixes.may_contain(registrable) {
            return None;
        }
        self.owner_site_under_platform(host, registrable)
    }

    /// [`HostingList::owner_site`] once the registrable domain may be (or
    /// end) a platform.
    #[inline(never)]
    fn owner_site_under_platform<'h>(&self, host: &'h str, registrable: &str) -> Option<&'h str> {
        if !host.ends_with(registrable) {
            return None;
        }
        let last_dot = |text: &str| text.bytes().rposition(|b| b == b'.');
        // From the registrable domain leftwards, the deepest listed one.
        let mut platform_start = None;
        let mut start = host.len() - registrable.len();
        loop {
            if let Some(suffix) = host.get(start..)
                && self.suffixes.may_contain(suffix)
                && self.contains(suffix)
            {
                platform_start = Some(start);
            }
            if start == 0 {
                break;
            }
            // The label before `start` (which follows a dot).
            let before = host.get(..start - 1)?;
            start = last_dot(before).map_or(0, |dot| dot + 1);
        }
        let platform_start = platform_start?;
        let owner_end = platform_start.checked_sub(1)?;
        let owner_start = last_dot(host.get(..owner_end)?).map_or(0, |dot| dot + 1);
        let owner = host.get(owner_start..owner_end)?;
        if owner.is_empty() || owner == "www" {
            return None;
        }
        host.get(owner_start..)
    }
}

/// The tracking parameters key V2 and `clean` remove: key V1's table
/// ([`TRACKING_PARAMETERS`]) and [`TRACKING_RULES_ADDED_IN_V2`], or a list
/// read from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackingTable {
    /// Names (lowercase) with the site they are tracking on (`None`:
    /// everywhere).
    rules: Vec<(Box<str>, Option<Box<str>>)>,
    /// For each name length (the last entry for every length from
    /// [`TrackingTable::LONG`] on), bit `b % 64` set when some name of that
    /// length starts with the byte `b`, lowercase.
    first_by_len: [u64; TrackingTable::LONG + 1],
    min_len: usize,
    max_len: usize,
    version: String,
}

static BAKED_TRACKING: LazyLock<TrackingTable> = LazyLock::new(|| {
    let rules = TRACKING_PARAMETERS
        .iter()
        .map(|p| (p.name.into(), None))
        .chain(
            TRACKING_RULES_ADDED_IN_V2
                .iter()
                .map(|r| (r.name.into(), r.site.map(Into::into))),
        )
        .collect();
    TrackingTable::new(rules, format!("built-in {TRACKING_RULES_VERSION}"))
});

impl TrackingTable {
    /// The length from which names share one entry of the first-byte
    /// filter.
    const LONG: usize = 32;

    fn new(mut rules: Vec<(Box<str>, Option<Box<str>>)>, version: String) -> TrackingTable {
        // By (first byte, length), so that a name's candidates are one run.
        rules.sort_by(|a, b| {
            (a.0.as_bytes().first(), a.0.len()).cmp(&(b.0.as_bytes().first(), b.0.len()))
        });
        let mut first_by_len = [0u64; TrackingTable::LONG + 1];
        let mut min_len = usize::MAX;
        let mut max_len = 0;
        for (name, _) in &rules {
            if let (Some(&b), Some(bits)) = (
                name.as_bytes().first(),
                first_by_len.get_mut(name.len().min(TrackingTable::LONG)),
            ) {
                *bits |= 1 << (b % 64);
            }
            min_len = min_len.min(name.len());
            max_len = max_len.max(name.len());
        }
        TrackingTable {
            rules,
            first_by_len,
            min_len,
            max_len,
            version,
        }
    }

    /// The built-in table.
    pub fn baked() -> &'static TrackingTable {
        &BAKED_TRACKING
    }

    /// Reads a table: one parameter a line, `NAME<TAB>SITE<TAB>SOURCE`,
    /// where `SITE` is a domain (the name is tracking on it and its
    /// subdomains) or `*` (everywhere).
    ///
    /// # Errors
    ///
    /// [`ListError::BadLine`] for a line without the three fields.
    pub fn parse(text: &str) -> Result<TrackingTable, ListError> {
        const SHAPE: &str = "NAME<TAB>SITE or *<TAB>SOURCE";
        let (version, lines) = entries(text);
        let mut rules = Vec::with_capacity(lines.len());
        for (line, fields) in lines {
            let bad = |problem: String| ListError::BadLine {
                line,
                problem,
                shape: SHAPE,
            };
            let [name, site, source] = fields.as_slice() else {
                return Err(bad(format!("{} fields instead of 3", fields.len())));
            };
            if name.is_empty() || source.is_empty() {
                return Err(bad("the name or the source is empty".to_owned()));
            }
            let site = match *site {
                "*" => None,
                site if is_domain(site) => Some(site.into()),
                site => return Err(bad(format!("{site:?} is neither * nor a lowercase domain"))),
            };
            rules.push((name.to_ascii_lowercase().into_boxed_str(), site));
        }
        Ok(TrackingTable::new(
            rules,
            version.unwrap_or_else(|| "file".to_owned()),
        ))
    }

    /// The table's version.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// How many rules the table holds.
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Whether the parameter `name` (ASCII case ignored, as written) is
    /// tracking noise on `host` (lowercase).
    ///
    /// ```
    /// use onecontact::TrackingTable;
    ///
    /// let table = TrackingTable::baked();
    /// assert!(table.is_tracking("utm_source", "example.com"));
    /// assert!(table.is_tracking("_hsenc", "example.com"));
    /// assert!(table.is_tracking("si", "youtu.be"));
    /// assert!(!table.is_tracking("si", "example.com"));
    /// ```
    #[inline]
    pub fn is_tracking(&self, name: &str, host: &str) -> bool {
        let Some(&b) = name.as_bytes().first() else {
            return false;
        };
        if name.len() < self.min_len
            || name.len() > self.max_len
            || self
                .first_by_len
                .get(name.len().min(TrackingTable::LONG))
                .is_none_or(|bits| bits & (1 << (b.to_ascii_lowercase() % 64)) == 0)
        {
            return false;
        }
        // The run of rules of this first byte and length.
        let key = (Some(b.to_ascii_lowercase()), name.len());
        let from = self
            .rules
            .partition_point(|(rule, _)| (rule.as_bytes().first().copied(), rule.len()) < key);
        self.rules
            .get(from..)
            .unwrap_or_default()
            .iter()
            .take_while(|(rule, _)| (rule.as_bytes().first().copied(), rule.len()) == key)
            .any(|(rule, site)| {
                rule.eq_ignore_ascii_case(name)
                    && site.as_deref().is_none_or(|site| host_within(host, site))
            })
    }
}

/// One wrapper of a [`WrapperList`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Wrapper {
    pub(crate) vendor: Box<str>,
    pub(crate) host: HostPattern,
    pub(crate) path: Box<str>,
    pub(crate) parameter: Box<str>,
    pub(crate) encoding: WrapperEncoding,
}

impl Wrapper {
    /// Whether the wrapper answers at `path` (the URL's serialized path).
    pub(crate) fn path_matches(&self, path: &str) -> bool {
        match self.encoding {
            WrapperEncoding::ProofpointV3 => path
                .get(..self.path.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(&self.path)),
            _ => path.eq_ignore_ascii_case(&self.path),
        }
    }
}

/// Which hosts a [`Wrapper`] serves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HostPattern {
    Exact(Box<str>),
    AnySubdomain(Box<str>),
    AnySuffix(Box<str>),
}

impl HostPattern {
    /// Whether `host` (lowercase) matches, `registrable` being its
    /// registrable domain.
    pub(crate) fn matches(&self, host: &str, registrable: Option<&str>) -> bool {
        match self {
            HostPattern::Exact(h) => **h == *host,
            HostPattern::AnySubdomain(d) => host
                .strip_suffix(&**d)
                .is_some_and(|rest| rest.len() > 1 && rest.ends_with('.')),
            HostPattern::AnySuffix(name) => {
                // `name.SUFFIX` where `SUFFIX` is the public suffix: the
                // registrable domain is the last label of `name` + suffix.
                let Some(registrable) = registrable else {
                    return false;
                };
                let last_label = name.rsplit('.').next().unwrap_or(name);
                registrable
                    .strip_prefix(last_label)
                    .is_some_and(|rest| rest.starts_with('.'))
                    && host
                        .strip_prefix(&**name)
                        .is_some_and(|rest| rest.starts_with('.'))
                    && host.len() - name.len() == registrable.len() - last_label.len()
            }
        }
    }
}

/// The link wrappers unwrapped by key V2, `clean --unwrap` and `inspect`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrapperList {
    pub(crate) wrappers: Vec<Wrapper>,
    /// The exact hosts and the domains of the wrappers, and what each ends
    /// with after a dot: a host whose registrable domain is outside it
    /// matches none of them.
    suffixes: TailSet,
    /// The last label of each `NAME.*` host (`google`).
    any_suffix_labels: Vec<Box<str>>,
    version: String,
}

static BAKED_WRAPPERS: LazyLock<WrapperList> = LazyLock::new(|| {
    WrapperList::new(
        WRAPPERS
            .iter()
            .map(|w| Wrapper {
                vendor: w.vendor.into(),
                host: match w.host {
                    WrapperHost::Exact(h) => HostPattern::Exact(h.into()),
                    WrapperHost::AnySubdomain(d) => HostPattern::AnySubdomain(d.into()),
                    WrapperHost::AnySuffix(n) => HostPattern::AnySuffix(n.into()),
                },
                path: w.path.into(),
                parameter: w.parameter.into(),
                encoding: w.encoding,
            })
            .collect(),
        format!("built-in {WRAPPERS_VERSION}"),
    )
});

impl WrapperList {
    fn new(wrappers: Vec<Wrapper>, version: String) -> WrapperList {
        let suffixes = TailSet::of_suffixes(wrappers.iter().filter_map(|w| match &w.host {
            HostPattern::Exact(h) | HostPattern::AnySubdomain(h) => Some(&**h),
            HostPattern::AnySuffix(_) => None,
        }));
        let mut any_suffix_labels: Vec<Box<str>> = wrappers
            .iter()
            .filter_map(|w| match &w.host {
                HostPattern::AnySuffix(name) => name.rsplit('.').next().map(Into::into),
                _ => None,
            })
            .collect();
        any_suffix_labels.sort_unstable();
        any_suffix_labels.dedup();
        WrapperList {
            wrappers,
            suffixes,
            any_suffix_labels,
            version,
        }
    }

    /// The built-in wrappers ([`WRAPPERS`]).
    pub fn baked() -> &'static WrapperList {
        &BAKED_WRAPPERS
    }

    /// Reads a list: one wrapper a line,
    /// `VENDOR<TAB>HOST<TAB>PATH<TAB>PARAMETER<TAB>ENCODING<TAB>SOURCE`, where
    /// `HOST` is a host, `*.DOMAIN` (any subdomain) or `NAME.*` (under any
    /// public suffix), and `ENCODING` is `query`, `proofpoint-v2` or
    /// `proofpoint-v3`.
    ///
    /// # Errors
    ///
    /// [`ListError::BadLine`] for a line without the six fields.
    pub fn parse(text: &str) -> Result<WrapperList, ListError> {
        const SHAPE: &str = "VENDOR<TAB>HOST<TAB>PATH<TAB>PARAMETER<TAB>ENCODING<TAB>SOURCE";
        let (version, lines) = entries(text);
        let mut wrappers = Vec::with_capacity(lines.len());
        for (line, fields) in lines {
            let bad = |problem: String| ListError::BadLine {
                line,
                problem,
                shape: SHAPE,
            };
            let [vendor, host, path, parameter, encoding, source] = fields.as_slice() else {
                return Err(bad(format!("{} fields instead of 6", fields.len())));
            };
            if vendor.is_empty() || source.is_empty() || !path.starts_with('/') {
                return Err(bad(
                    "the vendor or source is empty, or the path does not start with /".to_owned(),
                ));
            }
            let host = if let Some(domain) = host.strip_prefix("*.") {
                HostPattern::AnySubdomain(domain.into())
            } else if let Some(name) = host.strip_suffix(".*") {
                HostPattern::AnySuffix(name.into())
            } else {
                HostPattern::Exact((*host).into())
            };
            let encoding = match *encoding {
                "query" => WrapperEncoding::Query,
                "proofpoint-v2" => WrapperEncoding::ProofpointV2,
                "proofpoint-v3" => WrapperEncoding::ProofpointV3,
                other => {
                    return Err(bad(format!(
                        "the encoding {other:?} is not query, proofpoint-v2 or proofpoint-v3"
                    )));
                }
            };
            if parameter.is_empty() && encoding != WrapperEncoding::ProofpointV3 {
                return Err(bad("the parameter is empty".to_owned()));
            }
            wrappers.push(Wrapper {
                vendor: (*vendor).into(),
                host,
                path: (*path).into(),
                parameter: (*parameter).into(),
                encoding,
            });
        }
        Ok(WrapperList::new(
            wrappers,
            version.unwrap_or_else(|| "file".to_owned()),
        ))
    }

    /// The list's version.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// How many wrappers the list holds.
    pub fn len(&self) -> usize {
        self.wrappers.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.wrappers.is_empty()
    }

    /// Whether some wrapper serves `host` at `path`: the test before the
    /// query is read.
    #[inline(always)]
    pub(crate) fn serves(&self, host: &str, registrable: Option<&str>, path: &str) -> bool {
        // The registrable domain (the host, when it has none) of a wrapper's
        // host ends its exact host or domain, or starts with the last label
        // of a `NAME.*` host.
        let site = registrable.unwrap_or(host);
        let quick = self.suffixes.may_contain(site)
            || self.any_suffix_labels.iter().any(|label| {
                site.as_bytes().get(label.len()) == Some(&b'.') && site.starts_with(&**label)
            });
        quick && self.some_wrapper_serves(host, registrable, path)
    }

    /// [`WrapperList::serves`] once the quick test has passed.
    #[inline(never)]
    fn some_wrapper_serves(&self, host: &str, registrable: Option<&str>, path: &str) -> bool {
        self.wrappers
            .iter()
            .any(|w| w.host.matches(host, registrable) && w.path_matches(path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owner_site_takes_the_label_before_the_deepest_platform() {
        let list = HostingList::parse("a.example\tx\nb.a.example\ty\n").unwrap();
        assert_eq!(
            list.owner_site("o.b.a.example", "a.example"),
            Some("o.b.a.example")
        );
        assert_eq!(
            list.owner_site("z.o.b.a.example", "a.example"),
            Some("o.b.a.example")
        );
        assert_eq!(list.owner_site("b.a.example", "a.example"), None);
        assert_eq!(list.owner_site("a.example", "a.example"), None);
        assert_eq!(list.owner_site("www.a.example", "a.example"), None);
    }

    #[test]
    fn parse_refuses_lines_it_cannot_read() {
        assert!(HostingList::parse("Example.com\tx").is_err());
        assert!(HostingList::parse("example.com").is_err());
        let e = TrackingTable::parse("a\tb").unwrap_err();
        assert!(e.to_string().starts_with("line 1: 2 fields"), "{e}");
        assert!(WrapperList::parse("V\th.example\t/x\tu\tbase64\tdoc").is_err());
        assert!(WrapperList::parse("V\th.example\t/x\tu\tquery\tdoc").is_ok());
    }

    #[test]
    fn any_suffix_hosts_need_the_name_right_before_the_public_suffix() {
        let p = HostPattern::AnySuffix("www.google".into());
        assert!(p.matches("www.google.com", Some("google.com")));
        assert!(p.matches("www.google.co.uk", Some("google.co.uk")));
        assert!(!p.matches("www.google.example.com", Some("example.com")));
        assert!(!p.matches("x.www.google.com", Some("google.com")));
        assert!(!p.matches("www.google", None));
    }

    #[test]
    fn baked_tables_hold_every_rule() {
        assert_eq!(
            TrackingTable::baked().len(),
            TRACKING_PARAMETERS.len() + TRACKING_RULES_ADDED_IN_V2.len()
        );
        assert_eq!(WrapperList::baked().len(), WRAPPERS.len());
        assert_eq!(HostingList::baked().len(), HOSTING_PLATFORMS.len());
    }
}

#[cfg(test)]
mod filter_tests {
    use super::*;

    #[test]
    fn the_quick_filters_turn_most_names_away() {
        let hosting = HostingList::baked();
        for name in [
            "tripod.com",
            "files.wordpress.com",
            "wordpress.com",
            "com",
            "co.uk",
        ] {
            assert!(hosting.suffixes.may_contain(name), "{name}");
        }
        let others = [
            "example.com",
            "sec.gov",
            "taxsites.com",
            "crescan.com",
            "w3.org",
            "bbc.co.uk",
            "a.io",
        ];
        let passed = others
            .iter()
            .filter(|n| hosting.suffixes.may_contain(n))
            .count();
        assert!(passed <= 1, "{passed}");
    }
}
