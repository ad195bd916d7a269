use super::*;
use crate::inspect::TopDomains;

fn with_own(list: &str) -> Data {
    Data::baked().with_top_domains(TopDomains::baked().with(TopDomains::parse(list).unwrap()))
}

fn imitation(host: &str, data: &Data) -> Option<(String, ImitationKind)> {
    find("https", host, None, data).map(|i| (i.domain, i.kind))
}

#[test]
fn typosquats_of_ones_brands_are_named() {
    let data = with_own("myetherwallet.com\nmetamask.io\nopensea.io\npaypal.com\ngoogle.com\n");
    for (host, domain) in [
        ("myetherwaliet.com", "myetherwallet.com"),
        ("metamask1.io", "metamask.io"),
        ("openseaa.com", "opensea.io"),
        ("paypa1.com", "paypal.com"),
        ("paypal-login.com", "paypal.com"),
        ("google.com-login.net", "google.com"),
        ("metamask.top", "metamask.io"),
        ("opensea.cc", "opensea.io"),
        ("metamaskcc.live", "metamask.io"),
        ("t-opensea.io", "opensea.io"),
        ("metamaskv2.io", "metamask.io"),
        ("myeterhwallet.com", "myetherwallet.com"),
    ] {
        let found = imitation(host, &data);
        assert_eq!(
            found.as_ref().map(|f| f.0.as_str()),
            Some(domain),
            "{host}: {found:?}"
        );
    }
}

#[test]
fn chromiums_heuristics_against_the_built_in_list() {
    let data = Data::baked();
    for (host, want) in [
        (
            "paypal-login.com",
            Some(("paypal.com", ImitationKind::ComboSquatting)),
        ),
        (
            "google.com.evil.net",
            Some(("google.com", ImitationKind::TargetEmbedding)),
        ),
        (
            "googlecom.evil.net",
            Some(("google.com", ImitationKind::TargetEmbedding)),
        ),
        (
            "www-google.com",
            Some(("google.com", ImitationKind::TailEmbedding)),
        ),
        ("google.com", None),
        ("www.google.com", None),
        ("mail.google.com", None),
        ("example.com", None),
        ("foo.gov", None),
        ("google.com.mx.evil.gov", None),
    ] {
        let found = imitation(host, &data);
        assert_eq!(
            found.as_ref().map(|(d, k)| (d.as_str(), *k)),
            want,
            "{host}"
        );
    }
}

#[test]
fn common_words_are_no_brands_of_ones_own() {
    let data = with_own("apple.com\n");
    assert_eq!(imitation("pineapple.com", &data), None);
    assert_eq!(imitation("apple.net", &data), None);
}

#[test]
fn kinds_have_codes_and_severities() {
    let codes: std::collections::BTreeSet<&str> =
        ImitationKind::ALL.iter().map(|k| k.code()).collect();
    assert_eq!(codes.len(), ImitationKind::ALL.len());
    assert_eq!(ImitationKind::TargetEmbedding.severity(), Severity::Danger);
    assert_eq!(ImitationKind::TailEmbedding.severity(), Severity::Warning);
    assert_eq!(ImitationKind::EditDistance.severity(), Severity::Info);
    assert!(
        ImitationKind::ALL
            .iter()
            .filter(|k| !k.is_chromiums())
            .all(|k| k.severity() == Severity::Info)
    );
}

/// The quick refusal never hides a match: every host of Chromium's cases,
/// of the bench lists and of generated near-names gets the same answer
/// with and without it.
#[test]
fn the_quick_refusal_hides_no_match() {
    let data = Data::baked();
    let mut hosts: Vec<String> = include_str!("chromium/cases.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').nth(2))
        .filter_map(|h| {
            onecontact_idna::domain_to_ascii(h)
                .ok()
                .map(|a| a.into_owned())
        })
        .collect();
    for brand in [
        "google",
        "paypal",
        "facebook",
        "microsoft",
        "amazon",
        "netflix",
        "apple",
    ] {
        for tld in ["com", "net", "co.uk", "io"] {
            for (i, _) in brand.char_indices() {
                let mut typo = brand.to_owned();
                typo.remove(i);
                hosts.push(format!("{typo}.{tld}"));
                hosts.push(format!("www.{brand}-{typo}.{tld}"));
                hosts.push(format!("{brand}-login-{i}.{tld}"));
                hosts.push(format!("{brand}.{tld}.{typo}.{tld}"));
                hosts.push(format!("{brand}{tld}-x.{typo}.com"));
            }
        }
    }
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data/others");
    for name in ["kasztp.txt", "userbait.txt"] {
        if let Ok(text) = std::fs::read_to_string(root.join(name)) {
            for line in text.lines().take(3000) {
                if let Ok(url) = onecontact_url::Url::parse(line.trim_start_matches('\u{feff}'))
                    && let Some(h) = url.host_str()
                {
                    hosts.push(h.to_owned());
                }
            }
        }
    }
    let mut matched = 0;
    for host in &hosts {
        let full = find_screened("https", host, None, &data, false);
        let quick = find_screened("https", host, None, &data, true);
        assert_eq!(quick, full, "{host}");
        matched += usize::from(full.is_some());
    }
    assert!(matched > 100, "{matched}");
}

#[test]
fn the_fuzz_checks_hold_on_examples() {
    for text in [
        "myetherwallet.com\nhttps://myetherwaliet.com/",
        "https://paypal-login.com/",
        "not a domain\nhttps://google.com.evil.net/",
        "\n\n",
        "metamask.io\nopensea.io\nmetamask.top",
    ] {
        crate::inspect::fuzzing::check_imitation(text).unwrap();
    }
}
