//! Beyond Chromium, for the domains one names as one's own: Chromium must
//! stay quiet across the whole web, so it lets pass names a brand owner
//! wants named. Each is its own [`ImitationKind`], at `info`, below
//! Chromium's decisions, and only for names of five characters or more
//! that are no common word (so `pineapple.com` is no imitation of a brand
//! `apple.com`).

use super::distance::{edit_distance_at_most_one, edit_distance_within};
use super::domain::DomainInfo;
use super::{Imitation, ImitationKind, Targets};

/// Names of at least this many characters count as long: two edits in
/// them still leave the brand recognizable.
const MIN_LENGTH_FOR_TWO_EDITS: usize = 10;

/// A longer name holds the brand's with at most this many other
/// characters, unless the brand's name is a token of its own (`t-opensea`).
const MAX_ADDED: usize = 3;

/// The imitation of one of one's own domains by the checks beyond Chromium.
pub(super) fn find(info: &DomainInfo<'_>, targets: &Targets<'_>) -> Option<Imitation> {
    let engaged = targets.engaged;
    if engaged.names.is_empty() {
        return None;
    }
    let hit = |site: &super::engaged::Site, kind| Imitation {
        domain: site.info.etld1.to_string(),
        kind,
    };
    let skeletons = info.e2ld_skeletons();
    let mut candidates = Vec::new();
    // The same name, or one edit from it, under another registry.
    for skeleton in &skeletons {
        engaged.names_index.candidates(skeleton, &mut candidates);
        for &c in &candidates {
            let Some((name, site)) = engaged.names.get(c as usize) else {
                continue;
            };
            let Some(site) = engaged.sites.get(*site as usize) else {
                continue;
            };
            let same = skeleton.as_ref() == name.as_str();
            // One edit counts as Chromium's rules count it (not a first
            // letter, a trailing digit or a hyphen), in names of seven
            // letters or more.
            let near = !same
                && name.chars().count() >= 7
                && edit_distance_at_most_one(skeleton, name)
                && !super::likely_edit_distance_false_positive(info, &site.info);
            if (same || near) && site.info.etld1 != info.etld1 {
                let registry = |d: &DomainInfo<'_>| d.etld1.get(d.e2ld.len()..).map(str::to_owned);
                let kind = if registry(info) == registry(&site.info) {
                    // One edit under the same registry that Chromium let
                    // pass (`metamask1.io`): the name inside a longer one.
                    ImitationKind::NameInsideOwn
                } else {
                    ImitationKind::OtherRegistryOwn
                };
                return Some(hit(site, kind));
            }
        }
    }
    // The name inside a longer one.
    for skeleton in &skeletons {
        let bytes = skeleton.len();
        for start in 0..bytes {
            for end in (start + 5)..=bytes.min(start + engaged.longest_name) {
                let Some(part) = skeleton.get(start..end) else {
                    continue;
                };
                let whole_token = (start == 0 || skeleton.as_bytes().get(start - 1) == Some(&b'-'))
                    && (end == bytes || skeleton.as_bytes().get(end) == Some(&b'-'));
                if part.len() < bytes
                    && (bytes - part.len() <= MAX_ADDED || whole_token)
                    && let Some(site) = engaged.by_name(part)
                {
                    return Some(hit(site, ImitationKind::NameInsideOwn));
                }
            }
        }
    }
    // Two edits in a long name.
    for skeleton in &skeletons {
        if skeleton.chars().count() < MIN_LENGTH_FOR_TWO_EDITS - 2 {
            continue;
        }
        for (name, site) in &engaged.names {
            if name.chars().count() < MIN_LENGTH_FOR_TWO_EDITS
                || name.len().abs_diff(skeleton.len()) > 2
            {
                continue;
            }
            let ends_agree = skeleton.chars().next() == name.chars().next()
                && skeleton.chars().last() == name.chars().last();
            if ends_agree
                && edit_distance_within(skeleton, name, 2) == Some(2)
                && let Some(site) = engaged.sites.get(*site as usize)
            {
                return Some(hit(site, ImitationKind::TwoEditsOwn));
            }
        }
    }
    None
}
