//! The popular-domain comparison read from the right: the skeletons of a
//! host's last label, then of its last two, and so on, stopping as soon as
//! no skeleton of the list can end the way they end.
//!
//! A dot stops every step of a skeleton (it does not compose, decompose,
//! change places with a combining mark or map to anything else), so the
//! skeleton of a reading of a host is the skeletons of the readings of its
//! labels joined by dots. A label read on its own has every reading it has
//! inside its host, and maybe more, since the caps on readings count the
//! letters that read two ways and the characters of the whole host. The
//! answer "no popular domain" is therefore the whole host's answer; any
//! other answer is left to the comparison of the whole host.

use std::collections::BTreeSet;

use super::{HostReading, TopDomains, lookup, skeletons_of_readings};

/// Whether one of the skeletons of `host` (in Unicode, lowercase, without
/// a trailing dot) may end with the skeleton of a domain of `top`. `false`
/// means none does.
pub(super) fn may_end_in_top_domain(host: &str, top: &TopDomains) -> bool {
    if host.is_empty() {
        return false;
    }
    let reading = HostReading::of(host);
    // The skeletons of the labels read so far, joined; each still the end
    // of some skeleton of the list.
    let mut tails: Vec<String> = Vec::new();
    for (i, label) in host.rsplit('.').enumerate() {
        let mut next = Vec::new();
        for skeleton in label_skeletons(label, reading) {
            let joined = if i == 0 {
                vec![skeleton]
            } else {
                tails
                    .iter()
                    .map(|t| {
                        let mut joined = String::with_capacity(skeleton.len() + 1 + t.len());
                        joined.push_str(&skeleton);
                        joined.push('.');
                        joined.push_str(t);
                        joined
                    })
                    .collect()
            };
            for tail in joined {
                if lookup(&tail, top).is_some() {
                    return true;
                }
                if top.ends_some_skeleton(&tail) {
                    next.push(tail);
                }
            }
        }
        if next.is_empty() {
            return false;
        }
        // At most as many tails as the list has ends, and no more steps
        // than a popular domain has labels.
        next.sort_unstable();
        next.dedup();
        tails = next;
    }
    false
}

/// The skeletons of one label of a host read as `reading` says, every
/// reading of its letters that read two ways included.
fn label_skeletons(label: &str, reading: HostReading) -> BTreeSet<String> {
    skeletons_of_readings(&reading.readings(label, usize::MAX))
}

#[cfg(test)]
mod tests {
    use super::super::{
        HostReading, TopDomains, extra_prototype, imitated_domain, lookup, similar_top_domain,
        skeleton_of, skeletons, strip_accents,
    };
    use super::may_end_in_top_domain;

    /// A test corpus of the repository, read at run time.
    fn repository_file(path: &str) -> String {
        let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        std::fs::read_to_string(&full)
            .unwrap_or_else(|e| panic!("{}: {e} (run the tests in the repository)", full.display()))
    }

    /// The hosts of the IDN inputs of WPT's IdnaTestV2 that the URL
    /// Standard accepts: (ASCII, Unicode).
    fn idna_test_hosts() -> Vec<(String, String)> {
        let text = repository_file("../../testdata/wpt-url/IdnaTestV2.json");
        let rows: serde_json::Value =
            serde_json::from_str(&onecontact_testkit::json::usv(&text)).unwrap();
        let mut out = Vec::new();
        for row in rows.as_array().unwrap() {
            let Some(input) = row.get("input").and_then(|i| i.as_str()) else {
                continue;
            };
            if input.is_ascii() && !input.to_ascii_lowercase().contains("xn--") {
                continue;
            }
            if let Ok(ascii) = onecontact_idna::domain_to_ascii(input) {
                let ascii = ascii.into_owned();
                let unicode = onecontact_idna::domain_to_unicode(&ascii).0;
                out.push((ascii, unicode));
            }
        }
        out
    }

    /// Look-alikes of each domain of the list the built-in table is made
    /// from: letters swapped for Cyrillic, Greek and other look-alikes,
    /// letters that read two ways, accents, a dot of another script, a
    /// subdomain and a longer name.
    fn lookalikes_of_top_domains() -> Vec<String> {
        let list = repository_file("../../testdata/top-domains/domains.list");
        let swaps: &[(&str, &str)] = &[
            ("a", "а"),
            ("o", "о"),
            ("e", "е"),
            ("p", "р"),
            ("c", "с"),
            ("l", "ӏ"),
            ("i", "і"),
            ("k", "κ"),
            ("n", "п"),
            ("o", "ο"),
            ("o", "စ"),
            ("t", "ł"),
            ("p", "þ"),
            ("oe", "œ"),
            ("e", "é"),
            ("u", "ü"),
            ("m", "rn"),
            ("rn", "m"),
            ("0", "о"),
            ("3", "з"),
            (".", "\u{6d4}"),
            (".", "。"),
        ];
        let mut out = Vec::new();
        for domain in list.lines().map(str::trim) {
            if domain.is_empty() || domain.starts_with('#') {
                continue;
            }
            out.push(domain.to_owned());
            out.push(format!("www.{domain}"));
            out.push(format!("x{domain}"));
            for (from, to) in swaps {
                if domain.contains(from) {
                    out.push(domain.replacen(from, to, 1));
                    out.push(domain.replace(from, to));
                    out.push(format!("login.{}", domain.replace(from, to)));
                }
            }
        }
        out
    }

    #[test]
    fn the_quick_no_is_the_whole_hosts_answer() {
        let top = TopDomains::baked();
        let mut hosts = idna_test_hosts();
        assert!(hosts.len() > 1000, "{}", hosts.len());
        for unicode in lookalikes_of_top_domains() {
            let ascii = onecontact_idna::domain_to_ascii(&unicode)
                .map(|a| a.into_owned())
                .unwrap_or_else(|_| unicode.clone());
            hosts.push((ascii, unicode));
        }
        let (mut refused, mut compared, mut imitating) = (0usize, 0usize, 0usize);
        for (ascii, unicode) in &hosts {
            let trimmed = unicode.strip_suffix('.').unwrap_or(unicode);
            let quick = may_end_in_top_domain(trimmed, &top);
            let any_match = skeletons(unicode).iter().any(|s| lookup(s, &top).is_some());
            assert!(quick || !any_match, "{unicode:?}: a skeleton matches");
            let full = imitated_domain(ascii, unicode, &top);
            assert_eq!(
                similar_top_domain(ascii, unicode, &top),
                full,
                "{unicode:?}"
            );
            refused += usize::from(!quick);
            compared += usize::from(quick);
            imitating += usize::from(full.is_some());
        }
        // Both answers are met, and many hosts imitate a popular domain.
        assert!(
            refused > 1000 && compared > 10_000 && imitating > 10_000,
            "{refused} {compared} {imitating}"
        );
    }

    /// The skeleton of `s` taken in one piece.
    fn skeleton_in_one_piece(s: &str) -> String {
        let mapped: String = s
            .chars()
            .map(|c| extra_prototype(c).map_or_else(|| c.to_string(), str::to_owned))
            .collect();
        unicode_security::skeleton(&mapped).collect()
    }

    #[test]
    fn skeletons_and_accents_are_taken_between_dots() {
        let mut hosts: Vec<String> = idna_test_hosts().into_iter().map(|(_, u)| u).collect();
        hosts.extend(lookalikes_of_top_domains().into_iter().step_by(7));
        hosts.extend(
            [
                "a\u{301}.\u{301}b",
                "x\u{34f}.\u{327}y",
                "\u{6d4}.\u{6d4}",
                "é.ß.ӏ",
                ".",
            ]
            .map(String::from),
        );
        for host in &hosts {
            let by_label: Vec<String> = host.split('.').map(strip_accents).collect();
            assert_eq!(strip_accents(host), by_label.join("."), "{host:?}");
            let reading = HostReading::of(host);
            for r in reading.readings(host, usize::MAX) {
                assert_eq!(skeleton_of(&r), skeleton_in_one_piece(&r), "{r:?}");
            }
        }
    }

    #[test]
    fn own_lists_end_skeletons_too() {
        let top = TopDomains::parse("example-bank.co.uk\n").unwrap();
        assert!(top.ends_some_skeleton("co.uk"));
        assert!(top.ends_some_skeleton("uk"));
        assert!(!top.ends_some_skeleton("exarnple-bank.co.uk"));
        assert!(may_end_in_top_domain("еxample-bank.co.uk", &top));
        assert!(!may_end_in_top_domain("еxample-bank.co.us", &top));
        assert!(!may_end_in_top_domain(
            "еxample-bank.co.uk",
            &TopDomains::none()
        ));
        let both = TopDomains::baked().with(top);
        assert!(both.ends_some_skeleton("co.uk") && both.ends_some_skeleton("corn"));
    }
}
