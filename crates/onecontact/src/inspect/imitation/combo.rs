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
pub(super) fn has_keyword(skeleton: &str, keywords: &[&str]) -> bool {
    has_keyword_with(skeleton, keywords, &KeywordPairs::of(keywords))
}

/// [`has_keyword`] for Chromium's keywords, with their letter pairs built
/// once.
pub(super) fn has_chromium_keyword(skeleton: &str) -> bool {
    static PAIRS: std::sync::OnceLock<KeywordPairs> = std::sync::OnceLock::new();
    let keywords = combo_keywords();
    has_keyword_with(
        skeleton,
        keywords,
        PAIRS.get_or_init(|| KeywordPairs::of(keywords)),
    )
}

fn has_keyword_with(skeleton: &str, keywords: &[&str], pairs: &KeywordPairs) -> bool {
    let bytes = skeleton.as_bytes();
    bytes.windows(2).enumerate().any(|(i, pair)| {
        pairs.has(pair)
            && bytes
                .get(i..)
                .is_some_and(|rest| keywords.iter().any(|k| rest.starts_with(k.as_bytes())))
    }) || keywords.iter().any(|k| k.len() < 2 && skeleton.contains(k))
}

/// The first two bytes of keywords (lowercase ASCII letters), as a set of
/// 26 × 26 bits: a position whose two bytes are no keyword's start is
/// passed over with one test.
struct KeywordPairs([u32; 26]);

impl KeywordPairs {
    fn of(keywords: &[&str]) -> KeywordPairs {
        let mut rows = [0u32; 26];
        for k in keywords {
            if let [a, b, ..] = k.as_bytes()
                && let (Some(a), Some(b)) = (letter(*a), letter(*b))
                && let Some(row) = rows.get_mut(a)
            {
                *row |= 1 << b;
            }
        }
        KeywordPairs(rows)
    }

    fn has(&self, pair: &[u8]) -> bool {
        match pair {
            [a, b] => match (letter(*a), letter(*b)) {
                (Some(a), Some(b)) => self.0.get(a).is_some_and(|row| row & (1 << b) != 0),
                // Keywords of other bytes are compared at every place.
                _ => true,
            },
            _ => false,
        }
    }
}

/// The index of a lowercase ASCII letter.
fn letter(b: u8) -> Option<usize> {
    b.is_ascii_lowercase().then(|| usize::from(b - b'a'))
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
    // Most names are ASCII: their one skeleton is read without a copy.
    if let Some(one) = info.e2ld_skeleton_ascii()
        && !has_keyword(one, keywords)
    {
        return None;
    }
    let skeletons = info.e2ld_skeletons();
    if !skeletons.iter().any(|s| has_keyword(s, keywords)) {
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
        assert!(is_combo("paypal", "paypal-login", k));
        assert!(is_combo("google", "googlesecure", k));
        assert!(!is_combo("paypal", "paypal", k));
        // The keyword overlaps the brand: `highs` + `security`.
        assert!(!is_combo("highs", "highsecurity", k));
        assert!(!is_combo("paypal", "example-login", k));
    }
}
