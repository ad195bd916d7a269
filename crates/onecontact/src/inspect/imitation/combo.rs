//! Combo squatting (Chromium's `GetComboSquattingType`): a brand's name
//! joined to a keyword phishing sites use (`paypal-login.com`,
//! `youtubesecure.com`), on the skeletons of the name without registry.

use super::domain::DomainInfo;
use super::words::{combo_brands, combo_keywords};
use super::{Imitation, ImitationKind, Targets};

/// Chromium's `kMinBrandNameLengthForComboSquatting`: brands of at most
/// this many characters are not checked.
const MIN_BRAND_LENGTH: usize = 4;

/// Whether some keyword stands in `skeleton` (a quick test before the
/// brands are tried).
#[cfg(test)]
fn has_keyword(skeleton: &str, keywords: &[&str]) -> bool {
    KeywordPairs::of(keywords).stands_in(skeleton.as_bytes(), keywords)
}

/// The letter pairs of Chromium's keywords, built once.
fn chromium_pairs() -> &'static KeywordPairs {
    static PAIRS: std::sync::OnceLock<KeywordPairs> = std::sync::OnceLock::new();
    PAIRS.get_or_init(|| KeywordPairs::of(combo_keywords()))
}

/// Whether one of Chromium's keywords stands in the bytes of a skeleton.
pub(super) fn has_chromium_keyword(skeleton: &[u8]) -> bool {
    chromium_pairs().stands_in(skeleton, combo_keywords())
}

/// The keywords (up to 64) as bits, by the byte they start with, and for
/// each first byte the second bytes they go on with (by their low five
/// bits): a place whose two bytes start no keyword is passed over with one
/// test, and at the others only the keywords of that first byte are
/// compared. A list of another shape (a keyword shorter than two bytes or
/// not ASCII, or more than 64 keywords) is looked for at every place.
struct KeywordPairs {
    by_first: [u64; 128],
    seconds: [u32; 128],
    odd: bool,
}

impl KeywordPairs {
    fn of(keywords: &[&str]) -> KeywordPairs {
        let mut by_first = [0u64; 128];
        let mut seconds = [0u32; 128];
        let mut odd = keywords.len() > 64;
        for (i, k) in keywords.iter().enumerate().take(64) {
            if let [a, b, ..] = k.as_bytes()
                && a.is_ascii()
                && let (Some(first), Some(second)) = (
                    by_first.get_mut(usize::from(*a)),
                    seconds.get_mut(usize::from(*a)),
                )
            {
                *first |= 1 << i;
                *second |= 1 << (b & 31);
            } else {
                odd = true;
            }
        }
        KeywordPairs {
            by_first,
            seconds,
            odd,
        }
    }

    /// Whether one of `keywords` (those the pairs were built from) stands
    /// in `skeleton`.
    fn stands_in(&self, skeleton: &[u8], keywords: &[&str]) -> bool {
        if self.odd {
            return keywords
                .iter()
                .any(|k| k.is_empty() || skeleton.windows(k.len()).any(|w| w == k.as_bytes()));
        }
        let mut rest = skeleton;
        while let [a, b, ..] = rest {
            let a = usize::from(*a & 127);
            if self
                .seconds
                .get(a)
                .is_some_and(|s| s & (1 << (b & 31)) != 0)
            {
                let mut bits = self.by_first.get(a).copied().unwrap_or(0);
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if keywords
                        .get(k)
                        .is_some_and(|k| rest.starts_with(k.as_bytes()))
                    {
                        return true;
                    }
                }
            }
            rest = rest.get(1..).unwrap_or_default();
        }
        false
    }
}

/// Whether `skeleton` holds `brand` (without being it) and a keyword that
/// neither holds nor is held by the brand, and does not overlap it.
fn is_combo(brand: &str, skeleton: &str, keywords: &[&str]) -> bool {
    let Some(brand_at) = skeleton.find(brand) else {
        return false;
    };
    if skeleton.len() == brand.len() {
        return false;
    }
    keywords.iter().any(|keyword| {
        let Some(keyword_at) = skeleton.find(keyword) else {
            return false;
        };
        if brand.contains(keyword) || keyword.contains(brand) {
            return false;
        }
        let overlap = (keyword_at > brand_at && keyword_at < brand_at + brand.len())
            || (brand_at > keyword_at && brand_at < keyword_at + keyword.len());
        !overlap
    })
}

/// The combo-squatting match of `info`: Chromium's brands first, then the
/// names of one's own sites.
pub(super) fn find(info: &DomainInfo<'_>, targets: &Targets<'_>) -> Option<Imitation> {
    find_with(info, targets, combo_brands(), combo_keywords())
}

/// [`find`] with other brands and keywords (Chromium's tests use their own).
pub(super) fn find_with(
    info: &DomainInfo<'_>,
    targets: &Targets<'_>,
    brands: &[(&str, &str)],
    keywords: &[&str],
) -> Option<Imitation> {
    let built;
    let pairs = if std::ptr::eq(keywords, combo_keywords()) {
        chromium_pairs()
    } else {
        built = KeywordPairs::of(keywords);
        &built
    };
    // Most names are ASCII: their one skeleton is read without a copy.
    if let Some(one) = info.e2ld_skeleton_ascii()
        && !pairs.stands_in(one.as_bytes(), keywords)
    {
        return None;
    }
    let skeletons = info.e2ld_skeletons();
    if !skeletons
        .iter()
        .any(|s| pairs.stands_in(s.as_bytes(), keywords))
    {
        return None;
    }
    for &(name, brand) in brands {
        if name.len() <= MIN_BRAND_LENGTH {
            continue;
        }
        if skeletons.iter().any(|s| is_combo(brand, s, keywords)) {
            return Some(Imitation {
                domain: suggestion(name, info, targets),
                kind: ImitationKind::ComboSquatting,
            });
        }
    }
    for site in &targets.engaged.sites {
        if site.info.e2ld.chars().count() <= MIN_BRAND_LENGTH {
            continue;
        }
        for brand in &site.e2ld_skeletons {
            if skeletons.iter().any(|s| is_combo(brand, s, keywords)) {
                // The first site (in the order given) of that name.
                let first = targets
                    .engaged
                    .sites
                    .iter()
                    .find(|s| s.info.e2ld == site.info.e2ld)
                    .unwrap_or(site);
                return Some(Imitation {
                    domain: first.info.hostname.to_string(),
                    kind: ImitationKind::ComboSquattingOwn,
                });
            }
        }
    }
    None
}

/// The domain to suggest for a Chromium brand: the brand under the host's
/// registry when that is a popular domain, else under `.com`.
fn suggestion(brand: &str, info: &DomainInfo<'_>, targets: &Targets<'_>) -> String {
    let registry = info.etld1.get(info.e2ld.len() + 1..).unwrap_or_default();
    let same_registry = format!("{brand}.{registry}");
    let candidate = DomainInfo::of(&same_registry, None, targets.psl);
    if targets.is_top_domain(&candidate) {
        same_registry
    } else {
        format!("{brand}.com")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brands_with_keywords() {
        let k = combo_keywords();
        assert!(has_keyword("paypal-login", k));
        assert!(!has_keyword("example", k));
        // Lists of other shapes, and second bytes that share their low
        // five bits with a keyword's (`q` and `1`).
        assert!(has_keyword("abc1x", &["c1"]));
        assert!(!has_keyword("abcqx", &["c1"]));
        assert!(has_keyword("paypa", &["a"]));
        assert!(!has_keyword("paypal", &["x"]));
        assert!(has_keyword("zéro-login", &["é"]));
        assert!(has_keyword("anything", &[""]));
        assert!(is_combo("paypal", "paypal-login", k));
        assert!(is_combo("google", "googlesecure", k));
        assert!(!is_combo("paypal", "paypal", k));
        // The keyword overlaps the brand: `highs` + `security`.
        assert!(!is_combo("highs", "highsecurity", k));
        assert!(!is_combo("paypal", "example-login", k));
    }
}
