//! Target embedding (Chromium's `GetTargetEmbeddingType`): a popular
//! domain or one of one's own inside the host, read over its tokens (the
//! parts between `-` and `.`) from the end.

use std::borrow::Cow;

use super::domain::{DomainInfo, e2ld_de_facto};
use super::words::is_common_word;
use super::{Imitation, ImitationKind, Targets};
use super::{hashes, quick};
use crate::display::lookalike::skeleton_of;

/// Chromium's `kMinE2LDLengthForTargetEmbedding`: names without registry
/// of at most this many characters are not protected.
const MIN_E2LD_LENGTH: usize = 4;

/// Domains that may end a host after a `-` (`kDomainsPermittedInEndEmbeddings`),
/// and whose common-word names still count.
const PERMITTED_AT_END: [&str; 3] = ["office.com", "medium.com", "orange.fr"];

/// The embedding found, if any: the interstitial one when there is one,
/// else a tail embedding.
pub(super) fn find(info: &DomainInfo<'_>, targets: &Targets<'_>) -> Option<Imitation> {
    let first = search(info, targets, true)?;
    if first.kind == ImitationKind::TailEmbedding {
        return Some(search(info, targets, false).unwrap_or(first));
    }
    Some(first)
}

/// Whether the name of `target` is a common word (`UsesCommonWord`).
fn uses_common_word(target: &DomainInfo<'_>) -> bool {
    !PERMITTED_AT_END.contains(&&*target.etld1) && is_common_word(&target.e2ld)
}

/// Whether `span` (tokens ending with a registry) spells `embedding`, the
/// host's own eTLD+1, read from its end (`IsEmbeddingItself`).
fn is_embedding_itself(span: &[&str], embedding: &str) -> bool {
    let Some((last, rest)) = span.split_last() else {
        return false;
    };
    let mut name = (*last).to_owned();
    for token in rest.iter().rev() {
        name = format!("{token}.{name}");
        if name == embedding {
            return true;
        }
    }
    false
}

/// The host's eTLD+1, in ASCII and as its tokens are written.
struct Embedding<'a> {
    ascii: &'a str,
    written: &'a str,
}

/// Whether embedding `target` (over the tokens `span`) in a host of eTLD+1
/// `embedding` is allowed (`IsAllowedToBeEmbedded`; no allowlist here).
fn is_allowed(
    target: &DomainInfo<'_>,
    span: &[&str],
    embedding: &Embedding<'_>,
    targets: &Targets<'_>,
) -> bool {
    uses_common_word(target)
        || is_embedding_itself(span, embedding.written)
        || e2ld_de_facto(&target.etld1, targets.psl) == e2ld_de_facto(embedding.ascii, targets.psl)
        || (PERMITTED_AT_END.contains(&&*target.etld1)
            && embedding
                .ascii
                .strip_suffix(&*target.etld1)
                .is_some_and(|head| head.ends_with('-')))
}

/// The ASCII form of a name joined from tokens (`None` when it has none).
fn ascii(name: &str) -> Option<String> {
    if name.is_ascii() {
        return Some(name.to_owned());
    }
    onecontact_idna::domain_to_ascii(name)
        .ok()
        .map(std::borrow::Cow::into_owned)
}

/// The top-bucket domain whose skeleton without separators is one of
/// `token`'s (`googlecom`).
fn joined_target(token: &str, targets: &Targets<'_>) -> Option<&'static str> {
    if token.len() < 4 || !targets.top.has_baked() {
        return None;
    }
    if let Some(h) = quick::joined_skeleton_hash(token) {
        if !quick::joined_skeletons().contains(h) {
            return None;
        }
        return targets.top.find_joined(&skeleton_of(token));
    }
    crate::display::lookalike::skeletons(token)
        .iter()
        .find_map(|s| targets.top.find_joined(s))
}

/// The domain an eTLD+1 imitates by its skeleton: a site of one's own that
/// is a bare eTLD+1 (or `www.` and one), else a top-bucket domain
/// (`DoesETLDPlus1MatchTopDomainOrEngagedSite`).
fn skeleton_target(check: &DomainInfo<'_>, targets: &Targets<'_>) -> Option<String> {
    for site in &targets.engaged.sites {
        let bare = site.info.hostname == site.info.etld1
            || site.info.hostname.strip_prefix("www.") == Some(&*site.info.etld1);
        if bare
            && check
                .skeletons
                .iter()
                .any(|s| site.info.skeletons.contains(s))
        {
            return Some(site.info.etld1.to_string());
        }
    }
    if !targets.top.has_baked() {
        return None;
    }
    let bucket = quick::top_bucket_skeletons();
    check.skeletons.iter().find_map(|s| {
        if !bucket.contains(hashes::hash_str(s)) {
            return None;
        }
        targets
            .top
            .find_popular(s)
            .filter(|d| targets.top.is_top_bucket(d))
            .map(str::to_owned)
    })
}

/// The parts of `host` between `-` and `.`, without empty ones.
fn split_tokens(host: &str) -> Vec<&str> {
    let mut out = Vec::with_capacity(8);
    let mut start = 0;
    for (i, b) in host.bytes().enumerate() {
        if b == b'-' || b == b'.' {
            if let Some(t) = host.get(start..i).filter(|t| !t.is_empty()) {
                out.push(t);
            }
            start = i + 1;
        }
    }
    if let Some(t) = host.get(start..).filter(|t| !t.is_empty()) {
        out.push(t);
    }
    out
}

/// One sweep over the host's tokens from the end (`SearchForEmbeddings`).
fn search(info: &DomainInfo<'_>, targets: &Targets<'_>, tips_allowed: bool) -> Option<Imitation> {
    // The tokens are read in Unicode, so that an `xn--` label is one name
    // and not cut at its `--`.
    let idn = crate::labels::has_xn_label(&info.hostname);
    let unicode_host: Cow<'_, str> = if idn {
        Cow::Owned(onecontact_idna::domain_to_unicode(&info.hostname).0)
    } else {
        Cow::Borrowed(&info.hostname)
    };
    let unicode_etld1: Cow<'_, str> = if idn {
        Cow::Owned(onecontact_idna::domain_to_unicode(&info.etld1).0)
    } else {
        Cow::Borrowed(&info.etld1)
    };
    let embedding = &Embedding {
        ascii: &info.etld1,
        written: &unicode_etld1,
    };
    let tokens = split_tokens(&unicode_host);
    let count = tokens.len();
    // The name up to the last token reads the host's own eTLD+1 when that
    // has no `-` (a `-` further left only changes the subdomain).
    let own_etld1 = !idn && !info.etld1.contains('-');
    let found = |domain: String, end: usize| -> Option<Imitation> {
        if end != count {
            Some(Imitation {
                domain,
                kind: ImitationKind::TargetEmbedding,
            })
        } else if tips_allowed {
            Some(Imitation {
                domain,
                kind: ImitationKind::TailEmbedding,
            })
        } else {
            None
        }
    };
    for end in (1..=count).rev() {
        let Some(span) = tokens.get(..end) else {
            continue;
        };
        let Some((&last, head)) = span.split_last() else {
            continue;
        };
        // A name without separators (`googlecom`): always an interstitial.
        if let Some(target) = joined_target(last, targets) {
            let target_info = DomainInfo::of(target, None, targets.psl);
            let mut spoofed: Vec<&str> = head.to_vec();
            spoofed.extend(target.split(['-', '.']).filter(|t| !t.is_empty()));
            if target_info.e2ld.chars().count() > MIN_E2LD_LENGTH
                && !is_allowed(&target_info, &spoofed, embedding, targets)
            {
                return Some(Imitation {
                    domain: target.to_owned(),
                    kind: ImitationKind::TargetEmbedding,
                });
            }
        }
        // The name up to here needs a known registry and a long enough
        // name: two tokens at least, the last an ICANN top-level domain (the
        // host's own is one: its eTLD+1 is known).
        if head.is_empty() || (end != count && last.is_ascii() && !targets.psl.is_icann_tld(last)) {
            continue;
        }
        let joined;
        let check = if end == count && own_etld1 {
            Cow::Borrowed(info)
        } else {
            let Some(ascii) = ascii(&span.join(".")) else {
                continue;
            };
            joined = ascii;
            Cow::Owned(DomainInfo::of(&joined, None, targets.psl))
        };
        if check.e2ld.is_empty() || check.e2ld.chars().count() <= MIN_E2LD_LENGTH {
            continue;
        }
        // A hostname of one's own, exactly, ending here.
        if !targets.engaged.sites.is_empty() {
            for start in 0..end.saturating_sub(1) {
                let Some(sub) = span.get(start..) else {
                    continue;
                };
                let Some(embedded) = ascii(&sub.join(".")) else {
                    continue;
                };
                if let Some(site) = targets.engaged.by_hostname(&embedded) {
                    let embedded_info = DomainInfo::of(&embedded, None, targets.psl);
                    if !is_allowed(&embedded_info, sub, embedding, targets)
                        && let Some(found) = found(site.info.hostname.to_string(), end)
                    {
                        return Some(found);
                    }
                }
            }
        }
        if let Some(target) = skeleton_target(&check, targets)
            && !is_allowed(&check, span, embedding, targets)
            && let Some(found) = found(target, end)
        {
            return Some(found);
        }
    }
    None
}
