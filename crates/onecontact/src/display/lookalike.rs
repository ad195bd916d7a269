//! The imitated domain: a host whose confusable skeleton (UTS #39 §4) is
//! that of a popular domain it is not, nor a subdomain of.
//!
//! A skeleton maps every character to the prototype it is confusable with
//! (`а` → `a`, `ӏ` → `i`, `m` → `rn`), so two strings that look alike have
//! the same skeleton. Before that, as browsers do, a host written only in
//! Latin, Greek, Cyrillic, digits and `-` loses its accents (`é` → `e`,
//! `ł` → `l`, `ø` → `o`, `đ` → `d`), and the letters Unicode's table does not
//! map but attackers use are mapped too ([`extra_prototype`]). Letters that
//! look like two letters (`þ` like `b` and `p`, `œ` like `ce` and `oe`, `ł`
//! like `l` and `t`, `ӏ` like `i` and `l`) give one skeleton per reading.
//!
//! The skeletons of popular domains come from a list: the built-in one
//! ([`TopDomains::baked`], Chromium's list of popular domains compiled into
//! a table by `cargo xtask tables`) or one loaded at run time
//! ([`TopDomains::parse`]).

use std::collections::BTreeSet;

use icu_normalizer::{ComposingNormalizerBorrowed, DecomposingNormalizerBorrowed};
use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;

/// The built-in list: the skeletons of the popular domains (sorted), the
/// domain of each at the same index, and the proper suffixes of the
/// skeletons (sorted).
#[cfg(feature = "baked-top-domains")]
mod baked {
    use super::packed::Packed;
    include!("generated/top_domains.rs");
}
/// Without the built-in list (the generator's build), empty lists.
#[cfg(not(feature = "baked-top-domains"))]
mod baked {
    use super::packed::Packed;
    pub(super) static TOP_SKELETONS: Packed = Packed::new("", &[]);
    pub(super) static TOP_DOMAINS: Packed = Packed::new("", &[]);
    pub(super) static TOP_DOMAIN_ENDS: Packed = Packed::new("", &[]);
    pub(super) static TOP_BUCKET_DOMAINS: Packed = Packed::new("", &[]);
    pub(super) static EDIT_SKELETONS: Packed = Packed::new("", &[]);
    pub(super) static EDIT_DOMAINS: Packed = Packed::new("", &[]);
    pub(super) static JOINED_SKELETONS: Packed = Packed::new("", &[]);
    pub(super) static JOINED_DOMAINS: Packed = Packed::new("", &[]);
}
pub(crate) mod packed;
mod tail;

/// Skeletons are computed for the readings of at most this many
/// characters (`þ`, `œ`, `ł`); a host with more is read once.
const MAX_CHARS_WITH_READINGS: usize = 5;
/// At most this many readings of one host.
const MAX_READINGS: usize = 128;
/// Hosts longer than this (in characters) are read once.
const MAX_LEN_FOR_READINGS: usize = 32;
/// Popular domains have at most this many labels; longer skeletons are
/// compared by their last labels.
const MAX_LABELS: usize = 4;

/// Why a list of popular domains was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TopDomainsError {
    /// A line is not a domain name.
    #[error("line {line}: {text:?} is not a domain name ({reason})")]
    InvalidDomain {
        /// The line number, from 1.
        line: usize,
        /// The line, trimmed.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The list holds no domain.
    #[error("the list holds no domain (one domain per line; `#` starts a comment)")]
    Empty,
}

/// Popular domains to compare hosts with: the built-in list, a list of
/// one's own, or both.
///
/// ```
/// use onecontact::inspect::{TopDomains, display_host};
///
/// let mine = TopDomains::parse("# our brands\nexample-bank.com\n").unwrap();
/// // Its first letter is Cyrillic `е`: the host imitates example-bank.com.
/// let shown = display_host("xn--xample-bank-nkj.com", &mine);
/// assert_eq!(shown.imitates.as_deref(), Some("example-bank.com"));
/// let both = TopDomains::baked().with(mine);
/// assert!(both.len() > 1);
/// ```
#[derive(Debug, Clone, Default)]
pub struct TopDomains {
    /// Whether the built-in list is consulted.
    baked: bool,
    /// (skeleton, domain), sorted by skeleton.
    own: Vec<(String, String)>,
    /// The proper suffixes of the skeletons of `own` (`corn` and
    /// `google.corn` for `rnail.google.corn`), sorted.
    own_suffixes: Vec<String>,
    /// The domains of `own` in the order listed, each once: the sites a
    /// user names as theirs (Chromium's engaged sites).
    listed: Vec<String>,
}

impl TopDomains {
    /// [`TopDomains::baked`] as a constant.
    pub(crate) const BAKED: TopDomains = TopDomains {
        baked: true,
        own: Vec::new(),
        own_suffixes: Vec::new(),
        listed: Vec::new(),
    };

    /// The built-in list: Chromium's popular domains (see docs/web.md).
    pub fn baked() -> TopDomains {
        TopDomains::BAKED
    }

    /// No domain at all: nothing is a look-alike.
    pub fn none() -> TopDomains {
        TopDomains::default()
    }

    /// A list of one's own: one domain per line, in Unicode or in its
    /// `xn--` form; empty lines and lines starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<TopDomains, TopDomainsError> {
        let own = entries(text)?;
        if own.is_empty() {
            return Err(TopDomainsError::Empty);
        }
        let mut listed: Vec<String> = Vec::new();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Ok(ascii) = onecontact_idna::domain_to_ascii(line) {
                let ascii = ascii.strip_suffix('.').unwrap_or(&ascii);
                if !listed.iter().any(|d| d == ascii) {
                    listed.push(ascii.to_owned());
                }
            }
        }
        let own_suffixes = proper_suffixes(own.iter().map(|(s, _)| s.as_str()))
            .into_iter()
            .map(str::to_owned)
            .collect();
        Ok(TopDomains {
            baked: false,
            own,
            own_suffixes,
            listed,
        })
    }

    /// This list and `other` together.
    pub fn with(mut self, other: TopDomains) -> TopDomains {
        self.baked |= other.baked;
        for domain in other.listed {
            if !self.listed.contains(&domain) {
                self.listed.push(domain);
            }
        }
        self.own.extend(other.own);
        self.own.sort();
        self.own.dedup();
        self.own_suffixes = proper_suffixes(self.own.iter().map(|(s, _)| s.as_str()))
            .into_iter()
            .map(str::to_owned)
            .collect();
        self
    }

    /// How many (skeleton, domain) entries the list holds.
    pub fn len(&self) -> usize {
        self.own.len()
            + if self.baked {
                baked::TOP_SKELETONS.len()
            } else {
                0
            }
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The domain whose skeleton is `skeleton`, own entries first.
    fn find(&self, skeleton: &str) -> Option<&str> {
        let own = self
            .own
            .binary_search_by(|(s, _)| s.as_str().cmp(skeleton))
            .ok()
            .and_then(|i| self.own.get(i))
            .map(|(_, d)| d.as_str());
        own.or_else(|| {
            if !self.baked {
                return None;
            }
            baked::TOP_SKELETONS
                .position(skeleton)
                .and_then(|i| baked::TOP_DOMAINS.get(i))
        })
    }

    /// The domains of one's own list, in the order listed (Chromium's
    /// engaged sites).
    pub(crate) fn listed(&self) -> &[String] {
        &self.listed
    }

    /// Whether the built-in list is consulted.
    pub(crate) fn has_baked(&self) -> bool {
        self.baked
    }

    /// The built-in (skeleton, domain) entries, in skeleton order.
    pub(crate) fn baked_entries() -> impl Iterator<Item = (&'static str, &'static str)> {
        (0..baked::TOP_SKELETONS.len())
            .filter_map(|i| Some((baked::TOP_SKELETONS.get(i)?, baked::TOP_DOMAINS.get(i)?)))
    }

    /// The built-in (skeleton, domain) entry `i` (of [`TopDomains::baked_entries`]).
    pub(crate) fn baked_entry(i: usize) -> Option<(&'static str, &'static str)> {
        Some((baked::TOP_SKELETONS.get(i)?, baked::TOP_DOMAINS.get(i)?))
    }

    /// The built-in top-bucket skeletons without separators.
    pub(crate) fn baked_joined() -> impl Iterator<Item = &'static str> {
        (0..baked::JOINED_SKELETONS.len()).filter_map(|i| baked::JOINED_SKELETONS.get(i))
    }

    /// How many edit-distance skeletons the built-in list has.
    pub(crate) fn edit_len() -> usize {
        baked::EDIT_SKELETONS.len()
    }

    /// The built-in edit-distance skeleton `i` (in lexicographic order) and
    /// its domain.
    pub(crate) fn edit_entry(i: usize) -> Option<(&'static str, &'static str)> {
        Some((baked::EDIT_SKELETONS.get(i)?, baked::EDIT_DOMAINS.get(i)?))
    }

    /// The built-in popular domain whose skeleton is `skeleton`.
    pub(crate) fn find_popular(&self, skeleton: &str) -> Option<&'static str> {
        if !self.baked {
            return None;
        }
        baked::TOP_SKELETONS
            .position(skeleton)
            .and_then(|i| baked::TOP_DOMAINS.get(i))
    }

    /// Whether `domain` is in the top bucket of the built-in list (the most
    /// popular domains, before Chromium's `###END_TOP_BUCKET###` line).
    pub(crate) fn is_top_bucket(&self, domain: &str) -> bool {
        self.baked && baked::TOP_BUCKET_DOMAINS.position(domain).is_some()
    }

    /// The built-in top-bucket domain whose skeleton, without `.` and `-`,
    /// is `joined` (`googlecorn`).
    pub(crate) fn find_joined(&self, joined: &str) -> Option<&'static str> {
        if !self.baked {
            return None;
        }
        baked::JOINED_SKELETONS
            .position(joined)
            .and_then(|i| baked::JOINED_DOMAINS.get(i))
    }

    /// Whether `tail` is a proper suffix, at a dot, of a skeleton of the
    /// list: whether a skeleton that ends with `tail` may still end with a
    /// popular domain's once labels are added before it.
    fn ends_some_skeleton(&self, tail: &str) -> bool {
        self.own_suffixes
            .binary_search_by(|s| s.as_str().cmp(tail))
            .is_ok()
            || (self.baked && baked::TOP_DOMAIN_ENDS.position(tail).is_some())
    }
}

/// Every proper suffix that starts after a dot of one of `skeletons`,
/// sorted, each once.
fn proper_suffixes<'s>(skeletons: impl Iterator<Item = &'s str>) -> Vec<&'s str> {
    let mut out = Vec::new();
    for skeleton in skeletons {
        let mut rest = skeleton;
        while let Some(after) = rest.split_once('.').map(|(_, after)| after) {
            out.push(after);
            rest = after;
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The (skeleton, domain) entries of a list, sorted, one per skeleton of
/// each domain.
fn entries(text: &str) -> Result<Vec<(String, String)>, TopDomainsError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let invalid = |reason: String| TopDomainsError::InvalidDomain {
            line: i + 1,
            text: line.to_owned(),
            reason,
        };
        let ascii = onecontact_idna::domain_to_ascii(line)
            .map_err(|e| invalid(e.to_string()))?
            .into_owned();
        let ascii = ascii.strip_suffix('.').unwrap_or(&ascii).to_owned();
        if ascii.is_empty() || !ascii.contains('.') {
            return Err(invalid("a domain has at least two labels".to_owned()));
        }
        let (unicode, _) = onecontact_idna::domain_to_unicode(&ascii);
        for skeleton in skeletons(&unicode) {
            out.push((skeleton, ascii.clone()));
        }
    }
    // One domain per skeleton: the first in the list wins.
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out.dedup_by(|later, first| later.0 == first.0);
    Ok(out)
}

/// The popular domain that `host` (ASCII, as serialized) imitates, given its
/// Unicode form: the first whose skeleton equals that of the host's last
/// labels (two at least), unless the host is that domain or a subdomain.
///
/// Most hosts end in no popular domain's way: [`tail::may_end_in_top_domain`]
/// says so from the skeletons of the last labels alone, and only the other
/// hosts take the skeletons of the whole host.
pub(crate) fn similar_top_domain(
    host: &str,
    unicode_host: &str,
    top: &TopDomains,
) -> Option<String> {
    // Every spelling of the host is compared as one name: without a root
    // dot or empty labels.
    let unicode_host = crate::display::name::warning_name(unicode_host);
    if !tail::may_end_in_top_domain(&unicode_host, top) {
        return None;
    }
    imitated_domain(
        &crate::display::name::warning_name(host),
        &unicode_host,
        top,
    )
}

/// [`similar_top_domain`] from the skeletons of the whole host.
fn imitated_domain(host: &str, unicode_host: &str, top: &TopDomains) -> Option<String> {
    let host = host.strip_suffix('.').unwrap_or(host);
    for skeleton in skeletons(unicode_host) {
        if let Some(domain) = lookup(&skeleton, top) {
            let own = host == domain
                || host
                    .strip_suffix(domain)
                    .is_some_and(|rest| rest.ends_with('.'));
            return (!own).then(|| domain.to_owned());
        }
    }
    None
}

/// The domain of the longest suffix of `skeleton` (at most [`MAX_LABELS`]
/// labels, at least two) found in `top`.
fn lookup<'t>(skeleton: &str, top: &'t TopDomains) -> Option<&'t str> {
    // Where each of the last labels starts, last label first.
    let mut starts = [0usize; MAX_LABELS];
    let mut found = 0usize;
    let mut end = skeleton.len();
    while found < MAX_LABELS {
        let start = skeleton
            .get(..end)
            .and_then(|head| head.rfind('.'))
            .map_or(0, |dot| dot + 1);
        if let Some(slot) = starts.get_mut(found) {
            *slot = start;
        }
        found += 1;
        if start == 0 {
            break;
        }
        end = start - 1;
    }
    // Suffixes of `found` labels down to two, longest first.
    (2..=found).rev().find_map(|labels| {
        let start = *starts.get(labels - 1)?;
        top.find(skeleton.get(start..)?)
    })
}

/// The letters Unicode's confusables table leaves alone that browsers map
/// (to what they imitate in the fonts of an address bar).
pub(crate) fn extra_prototype(c: char) -> Option<&'static str> {
    Some(match c {
        'æ' | 'ӕ' => "ae",
        'ϼ' | 'ҏ' => "p",
        'ħ' | 'н' | 'ћ' | 'ң' | 'ҥ' | 'ӈ' | 'ӊ' | 'ԋ' | 'ԧ' | 'ԩ' => "h",
        'ĸ' | 'κ' | 'к' | 'қ' | 'ҝ' | 'ҟ' | 'ҡ' | 'ӄ' | 'ԟ' => "k",
        'ŋ' | 'п' | 'ԥ' | 'ก' | 'ח' => "n",
        'ŧ' | 'т' | 'ҭ' | 'ԏ' | '七' | '丅' | '丆' | '丁' => "t",
        'ƅ' | 'ь' | 'ҍ' | 'в' | 'ß' => "b",
        'ω' | 'ш' | 'щ' | 'พ' | 'ฟ' | 'ພ' | 'ຟ' => "w",
        'м' | 'ӎ' => "m",
        'є' | 'ҽ' | 'ҿ' | 'ၔ' => "e",
        'ґ' => "r",
        'ғ' | 'ӻ' => "f",
        'ҫ' | 'င' => "c",
        'ұ' | '丫' => "y",
        'χ' | 'ҳ' | 'ӽ' | 'ӿ' | '乂' => "x",
        'ԃ' | 'ძ' => "d",
        'ԍ' | 'ဌ' => "g",
        'ട' | 'ร' | 'ຣ' | 'ຮ' => "s",
        '၂' => "j",
        '०' | '০' | '੦' | '૦' | 'ଠ' | '୦' | '೦' | 'စ' => "o",
        '৭' | '੧' | '૧' => "q",
        'บ' | 'ບ' => "u",
        'θ' => "0",
        '२' | '২' | '੨' | '૨' | '೩' | '೭' | 'շ' => "2",
        'з' | 'ҙ' | 'ӡ' | 'उ' | 'ও' | 'ਤ' | '੩' | '૩' | '౩' | 'ဒ' | 'ვ' | 'პ' | 'ੜ' | 'კ' => {
            "3"
        }
        '੫' | '丩' | 'ㄐ' => "4",
        'ճ' => "6",
        '৪' | '੪' | '୫' => "8",
        '૭' | '୨' | '౨' => "9",
        '—' | '一' | '―' | '⸺' | '⸻' => "-",
        _ => return None,
    })
}

/// The other readings of a letter that looks like two letters.
fn readings(c: char) -> &'static [&'static str] {
    match c {
        'þ' => &["b", "p"],
        'œ' => &["ce", "oe"],
        'ł' => &["l", "t"],
        _ => &[],
    }
}

/// `text` without its nonspacing marks, recomposed, and `ł`, `ø`, `đ` as
/// `l`, `o`, `d`. A dot neither composes nor decomposes, so a host's labels
/// come out the same taken one by one.
pub(crate) fn strip_accents(text: &str) -> String {
    if text.is_ascii() {
        return text.to_owned();
    }
    let gc = CodePointMapData::<GeneralCategory>::new();
    let bare: String = DecomposingNormalizerBorrowed::new_nfd()
        .normalize_iter(text.chars())
        .filter(|&c| gc.get(c) != GeneralCategory::NonspacingMark)
        .collect();
    ComposingNormalizerBorrowed::new_nfc()
        .normalize(&bare)
        .chars()
        .map(|c| match c {
            'ł' => 'l',
            'ø' => 'o',
            'đ' => 'd',
            c => c,
        })
        .collect()
}

/// How a host is read before its skeletons are taken, decided on the whole
/// host and applied to all of it or to each of its labels.
#[derive(Debug, Clone, Copy)]
struct HostReading {
    /// The host is written only in Latin, Greek, Cyrillic, digits, `.`,
    /// `_` and `-`: it loses its accents (accents on other scripts are
    /// refused by the display rules anyway).
    without_accents: bool,
    /// The host has `ł`, which loses its stroke above; its reading as `t`
    /// needs the original too.
    stroked_l: bool,
}

impl HostReading {
    fn of(host: &str) -> HostReading {
        HostReading {
            without_accents: super::scripts::is_lgc(host),
            stroked_l: host.contains('ł'),
        }
    }

    /// The readings of `text` (the host or one of its labels): without
    /// accents or as written, each letter of [`readings`] as itself or as
    /// one of the letters it looks like, at most `max_readings` per form.
    fn readings(self, text: &str, max_readings: usize) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        if text.is_ascii() {
            out.insert(text.to_owned());
            return out;
        }
        if self.without_accents {
            expand(&strip_accents(text), max_readings, &mut out);
        }
        if self.stroked_l || !self.without_accents {
            expand(text, max_readings, &mut out);
        }
        out
    }
}

/// Every reading of `host`: each letter of [`readings`] as itself or as one
/// of the letters it looks like; the first `max_readings` of them.
fn expand(host: &str, max_readings: usize, out: &mut BTreeSet<String>) {
    let chars: Vec<char> = host.chars().collect();
    let multi = chars.iter().filter(|c| !readings(**c).is_empty()).count();
    if chars.len() > MAX_LEN_FOR_READINGS || multi == 0 || multi > MAX_CHARS_WITH_READINGS {
        out.insert(host.to_owned());
        return;
    }
    let mut partial: Vec<String> = vec![String::new()];
    for &c in &chars {
        let mut next = Vec::with_capacity(partial.len());
        for p in &partial {
            let mut same = p.clone();
            same.push(c);
            next.push(same);
            for r in readings(c) {
                if next.len() >= max_readings {
                    break;
                }
                let mut other = p.clone();
                other.push_str(r);
                next.push(other);
            }
        }
        next.truncate(max_readings);
        partial = next;
    }
    out.extend(partial);
}

/// The prototype of an ASCII character in Unicode's confusables table,
/// when it has one (checked against the table by a test).
pub(crate) const fn ascii_prototype(c: u8) -> Option<&'static str> {
    Some(match c {
        b'"' => "''",
        b'%' => "\u{b0}/\u{2080}",
        b'0' => "O",
        b'1' | b'I' | b'|' => "l",
        b'`' => "'",
        b'm' => "rn",
        _ => return None,
    })
}

/// The UTS #39 skeleton of `s` after the browsers' extra mappings, taken
/// between dots: a dot is its own skeleton and stops every step (it does
/// not decompose, is not reordered and maps to nothing else).
pub(crate) fn skeleton_of(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    if s.is_ascii() {
        // Each character stands for its prototype, a dot for itself.
        for b in s.bytes() {
            match ascii_prototype(b) {
                Some(p) => out.push_str(p),
                None => out.push(char::from(b)),
            }
        }
        return out;
    }
    for (i, part) in s.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        push_skeleton(part, &mut out);
    }
    out
}

/// Appends the skeleton of `s` (without a dot) to `out`.
fn push_skeleton(s: &str, out: &mut String) {
    if s.is_ascii() {
        // No decomposition, no default-ignorable code point and no extra
        // mapping: each character stands for its prototype.
        for b in s.bytes() {
            match ascii_prototype(b) {
                Some(p) => out.push_str(p),
                None => out.push(char::from(b)),
            }
        }
        return;
    }
    if s.chars().all(|c| extra_prototype(c).is_none()) {
        out.extend(unicode_security::skeleton(s));
        return;
    }
    let mut mapped = String::with_capacity(s.len());
    for c in s.chars() {
        match extra_prototype(c) {
            Some(p) => mapped.push_str(p),
            None => mapped.push(c),
        }
    }
    out.extend(unicode_security::skeleton(&mapped));
}

/// The skeletons of readings.
fn skeletons_of_readings(readings: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for h in readings {
        out.insert(skeleton_of(h));
        // U+04CF `ӏ` looks like both `l` and `i` (Unicode's table names one).
        if h.contains('ӏ') {
            out.insert(skeleton_of(&h.replace('ӏ', "l")));
            out.insert(skeleton_of(&h.replace('ӏ', "i")));
        }
    }
    out
}

/// The skeletons of a host in Unicode (lowercase, without a trailing dot
/// or with one, which is ignored).
pub(crate) fn skeletons(unicode_host: &str) -> BTreeSet<String> {
    let host = unicode_host.strip_suffix('.').unwrap_or(unicode_host);
    if host.is_empty() {
        return BTreeSet::new();
    }
    let readings = HostReading::of(host).readings(host, MAX_READINGS);
    skeletons_of_readings(&readings)
}

/// The top-bucket tables of the built-in list (see the generated file).
struct TopBucket {
    domains: Vec<String>,
    edit_skeletons: Vec<String>,
    edit_domains: Vec<String>,
    joined_skeletons: Vec<String>,
    joined_domains: Vec<String>,
}

/// `host` without its ICANN registry and the dot before it
/// (`HostnameWithoutRegistry`); the whole host when the registry is unknown.
pub(crate) fn name_without_registry<'h>(host: &'h str, psl: &onecontact_psl::List) -> &'h str {
    let answer = psl.lookup_with(host, onecontact_psl::Sections::IcannOnly);
    if answer.is_implicit() {
        return host.trim_matches('.');
    }
    let start = answer.suffix_start();
    host.get(..start).unwrap_or(host).trim_matches('.')
}

/// Chromium's marker line after the top bucket of `domains.list`.
const TOP_BUCKET_END: &str = "###END_TOP_BUCKET###";
/// Chromium's `kMaxDomains` (make_top_domain_list_variables.cc): the
/// edit-distance heuristics compare with at most this many skeletons.
const MAX_EDIT_SKELETONS: usize = 500;

/// The top-bucket tables from the text of a domain list and its entries,
/// as Chromium's generators build them (make_top_domain_list_variables.cc,
/// make_top_domain_skeletons.cc).
fn top_bucket_tables(text: &str, entries: &[(String, String)]) -> TopBucket {
    let psl = onecontact_psl::List::baked();
    let mut domains = Vec::new();
    let mut edit: BTreeSet<String> = BTreeSet::new();
    for line in text.lines().map(str::trim) {
        if line == TOP_BUCKET_END {
            break;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        domains.push(line.to_owned());
        if edit.len() < MAX_EDIT_SKELETONS && name_without_registry(line, psl).chars().count() >= 5
        {
            edit.insert(skeleton_of(line));
        }
    }
    let domain_of = |skeleton: &str| {
        entries
            .binary_search_by(|(s, _)| s.as_str().cmp(skeleton))
            .ok()
            .and_then(|i| entries.get(i))
            .map(|(_, d)| d.clone())
    };
    let mut edit_skeletons = Vec::new();
    let mut edit_domains = Vec::new();
    for skeleton in edit {
        let domain = domain_of(&skeleton).unwrap_or_else(|| skeleton.clone());
        edit_skeletons.push(skeleton);
        edit_domains.push(domain);
    }
    let mut joined: Vec<(String, String)> = Vec::new();
    for domain in &domains {
        let (unicode, _) = onecontact_idna::domain_to_unicode(domain);
        for skeleton in skeletons(&unicode) {
            joined.push((skeleton.replace(['.', '-'], ""), domain.clone()));
        }
    }
    joined.sort_by(|a, b| a.0.cmp(&b.0));
    joined.dedup_by(|later, first| later.0 == first.0);
    domains.sort();
    domains.dedup();
    let (joined_skeletons, joined_domains) = joined.into_iter().unzip();
    TopBucket {
        domains,
        edit_skeletons,
        edit_domains,
        joined_skeletons,
        joined_domains,
    }
}

/// Support for `cargo xtask tables` (through `inspect::codegen`): the
/// generated table's source.
pub(crate) mod codegen {
    use std::fmt::Write as _;

    /// The Rust source of the built-in table from the text of a domain
    /// list (`input` and `sha256` name it in the header).
    pub(crate) fn top_domains_source(
        text: &str,
        input: &str,
        sha256: &str,
    ) -> Result<String, super::TopDomainsError> {
        let entries = super::entries(text)?;
        let domains: std::collections::BTreeSet<&str> =
            entries.iter().map(|(_, d)| d.as_str()).collect();
        let ends = super::proper_suffixes(entries.iter().map(|(s, _)| s.as_str()));
        let mut out = String::new();
        let _ = writeln!(
            out,
            "// @generated by `cargo xtask tables` from {input} (sha256 {sha256}).\n\
             // Do not edit: change the input or the generator (crates/onecontact/src/display/lookalike.rs).\n\
             // Unicode {}.{}.{} (unicode-security), {} domains, {} skeletons, {} ends.\n",
            unicode_security::UNICODE_VERSION.0,
            unicode_security::UNICODE_VERSION.1,
            unicode_security::UNICODE_VERSION.2,
            domains.len(),
            entries.len(),
            ends.len()
        );
        out.push_str(&super::packed::source(
            "TOP_SKELETONS",
            "The skeletons of the popular domains, sorted.",
            entries.iter().map(|(s, _)| s.as_str()),
        ));
        out.push('\n');
        out.push_str(&super::packed::source(
            "TOP_DOMAINS",
            "The domain of each skeleton of `TOP_SKELETONS`, at the same index.",
            entries.iter().map(|(_, d)| d.as_str()),
        ));
        out.push('\n');
        let bucket = super::top_bucket_tables(text, &entries);
        for (name, doc, list) in [
            (
                "TOP_BUCKET_DOMAINS",
                "The domains of the top bucket (before `###END_TOP_BUCKET###`), sorted.",
                &bucket.domains,
            ),
            (
                "EDIT_SKELETONS",
                "The skeletons the edit-distance and character-swap heuristics compare\n\
                 with: those of the first 500 top-bucket domains whose name without\n\
                 registry has 5 characters or more, sorted.",
                &bucket.edit_skeletons,
            ),
            (
                "EDIT_DOMAINS",
                "The domain of each skeleton of `EDIT_SKELETONS`, at the same index.",
                &bucket.edit_domains,
            ),
            (
                "JOINED_SKELETONS",
                "The skeletons of the top-bucket domains without `.` and `-`\n\
                 (`googlecorn`), sorted.",
                &bucket.joined_skeletons,
            ),
            (
                "JOINED_DOMAINS",
                "The domain of each skeleton of `JOINED_SKELETONS`, at the same index.",
                &bucket.joined_domains,
            ),
        ] {
            out.push_str(&super::packed::source(
                name,
                doc,
                list.iter().map(String::as_str),
            ));
            out.push('\n');
        }
        out.push_str(&super::packed::source(
            "TOP_DOMAIN_ENDS",
            "The proper suffixes, at a dot, of the skeletons above (`corn` and\n\
             `google.corn` for `rnail.google.corn`), sorted.",
            ends.iter().copied(),
        ));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ascii(host: &str) -> String {
        onecontact_idna::domain_to_ascii(host).unwrap().into_owned()
    }

    fn imitates(host: &str, list: &str) -> Option<String> {
        let top = TopDomains::parse(list).unwrap();
        let unicode = onecontact_idna::domain_to_unicode(&ascii(host)).0;
        similar_top_domain(&ascii(host), &unicode, &top)
    }

    #[test]
    fn letters_that_read_two_ways_give_two_skeletons() {
        let s = skeletons("app\u{4cf}e.com");
        assert!(
            s.contains("apple.corn") && s.contains("appie.corn"),
            "{s:?}"
        );
        let s = skeletons("œxamþle.com");
        for want in ["oexarnple.corn", "cexarnble.corn", "oexarnble.corn"] {
            assert!(s.contains(want), "{want} not in {s:?}");
        }
    }

    #[test]
    fn ascii_skeletons_are_the_confusables_tables() {
        for b in 0u8..128 {
            let c = char::from(b).to_string();
            let want: String = unicode_security::skeleton(&c).collect();
            assert_eq!(skeleton_of(&c), want, "{b:#04x}");
        }
        let list = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../testdata/top-domains/domains.list"),
        )
        .unwrap();
        let mut hosts: Vec<&str> = list.lines().filter(|l| l.is_ascii()).collect();
        hosts.extend(["0o1lI|m%\"`.com", "rnail.google.com", "a..b", ""]);
        assert!(hosts.len() > 8000);
        for host in hosts {
            let want: String = unicode_security::skeleton(host).collect();
            assert_eq!(skeleton_of(host), want, "{host}");
        }
    }

    #[test]
    fn readings_are_capped() {
        // Five letters with two other readings each: 3^5 = 243 readings,
        // capped at 128.
        assert!(skeletons("þþþþþ.com").len() <= MAX_READINGS);
        // Six such letters, or a host over 32 characters: read once.
        assert_eq!(skeletons("þþþþþþ.com").len(), 1);
        let long = format!("þ{}.com", "a".repeat(40));
        assert_eq!(skeletons(&long).len(), 1);
    }

    #[test]
    fn similar_top_domains_as_chromium_finds_them() {
        let list = "test.net\no2.com\n39.com\n";
        for (host, want) in [
            ("tést.net", Some("test.net")),
            ("subdomain.tést.net", Some("test.net")),
            ("subdómain.test.net", None),
            ("tesł.net", Some("test.net")),
            ("łest.net", Some("test.net")),
            ("łesł.net", Some("test.net")),
            ("စ2.com", Some("o2.com")),
            ("კ9.com", Some("39.com")),
            ("ੜ9.com", Some("39.com")),
            ("ést.net", None),
            ("atést.net", None),
        ] {
            assert_eq!(imitates(host, list).as_deref(), want, "{host}");
        }
    }

    #[test]
    fn own_lists_are_checked_line_by_line() {
        assert!(matches!(
            TopDomains::parse("# none\n\n"),
            Err(TopDomainsError::Empty)
        ));
        assert!(matches!(
            TopDomains::parse("example.com\nexa mple.com\n"),
            Err(TopDomainsError::InvalidDomain { line: 2, .. })
        ));
        assert!(matches!(
            TopDomains::parse("com\n"),
            Err(TopDomainsError::InvalidDomain { line: 1, .. })
        ));
        // Unicode and xn-- lines name the same domain.
        let a = TopDomains::parse("bücher.example\n").unwrap();
        let b = TopDomains::parse("xn--bcher-kva.example\n").unwrap();
        assert_eq!(a.own, b.own);
        assert!(TopDomains::none().is_empty());
        assert!(TopDomains::baked().len() >= 8462);
        assert_eq!(TopDomains::baked().find("apple.corn"), Some("apple.com"));
        assert_eq!(
            baked::TOP_DOMAIN_ENDS.iter().collect::<Vec<_>>(),
            proper_suffixes(baked::TOP_SKELETONS.iter())
        );
        assert_eq!(baked::TOP_SKELETONS.len(), baked::TOP_DOMAINS.len());
        assert!(TopDomains::baked().ends_some_skeleton("corn.vn"));
        assert!(!TopDomains::baked().ends_some_skeleton("24h.corn.vn"));
        let both = TopDomains::baked().with(a);
        assert_eq!(both.find("bucher.exarnple"), Some("xn--bcher-kva.example"));
        assert_eq!(both.find("apple.corn"), Some("apple.com"));
    }
}
