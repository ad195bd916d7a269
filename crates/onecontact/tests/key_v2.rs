//! Key version 2: the golden fixture (`fixtures/key_v2.tsv`, which fails on
//! any change of the format), one test per wrapper vendor on links shaped
//! as the vendors write them, the property that V2 is V1 wherever no V2 rule
//! applies, and the sources of the shared-hosting list.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact::rules::{HOSTING_PLATFORMS, HostingBasis, TRACKING_RULES_ADDED_IN_V2, WRAPPERS};
use onecontact::{
    Data, KeyV2Decision, KeyVersion, WebAddress, key_v1, key_v2, key_v2_explained_with,
    key_v2_with, push_key_v2_with,
};
use proptest::prelude::*;

const FIXTURE: &str = include_str!("fixtures/key_v2.tsv");

fn pairs() -> Vec<(&'static str, &'static str)> {
    FIXTURE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            line.rsplit_once('\t')
                .unwrap_or_else(|| panic!("no tab in fixture line {line:?}"))
        })
        .collect()
}

fn key_or_code(text: &str) -> String {
    key_v2(text).unwrap_or_else(|e| format!("!{}", e.code()))
}

#[test]
fn key_v2_matches_the_golden_fixture() {
    let pairs = pairs();
    assert!(pairs.len() >= 80, "only {} pairs", pairs.len());
    let mut failures = Vec::new();
    for (input, expected) in pairs {
        let key = key_or_code(input);
        if key != expected {
            failures.push(format!("{input:?}: expected {expected:?}, got {key:?}"));
        }
        // The explained key is the same key, by the full reading.
        let explained = key_v2_explained_with(input, &Data::baked())
            .map(|(k, _)| k)
            .unwrap_or_else(|e| format!("!{}", e.code()));
        if explained != expected {
            failures.push(format!("{input:?}: explained {explained:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The wrapper's target key, with the vendor it was unwrapped from.
fn unwrap(text: &str) -> (String, Vec<String>) {
    let (key, notes) = key_v2_explained_with(text, &Data::baked()).unwrap();
    let vendors = notes
        .into_iter()
        .filter_map(|n| match n {
            KeyV2Decision::Unwrapped { vendor, .. } => Some(vendor),
            _ => None,
        })
        .collect();
    (key, vendors)
}

#[test]
fn outlook_safe_links() {
    let text = "https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.contoso.com%2Fen-us%2Fevents%3Fid%3D42%26utm_source%3Dnewsletter&data=05%7C02%7Cjane.doe%40fabrikam.com%7C3c9f2f5e6a1b4d7e8f9008dc5b2a1c3d%7C72f988bf86f141af91ab2d7cd011db47%7C1%7C0%7C638482345678901234%7CUnknown%7CTWFpbGZsb3d8eyJWIjoiMC4wLjAwMDAiLCJQIjoiV2luMzIiLCJBTiI6Ik1haWwiLCJXVCI6Mn0%3D%7C0%7C%7C%7C&sdata=q3u%2FkX0%2B5tP9yZ1wV7sR2oA8mN4cB6dE0fG1hI2jK3L%3D&reserved=0";
    assert_eq!(
        unwrap(text),
        (
            "contoso.com/en-us/events?id=42".into(),
            vec!["Microsoft Defender Safe Links".into()]
        )
    );
    // Government clouds use their own host.
    let gcc = "https://gcc02.safelinks.protection.office365.us/?url=https%3A%2F%2Fwww.example.gov%2F&data=05%7C01&reserved=0";
    assert_eq!(unwrap(gcc).0, "example.gov");
}

#[test]
fn proofpoint_url_defense_v1_v2_v3() {
    let v1 = "https://urldefense.proofpoint.com/v1/url?u=http://www.example.com/news/index.html&k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&r=abcdefg%3D%0A&m=hijk%3D%0A&s=0123456789abcdef";
    assert_eq!(
        unwrap(v1),
        (
            "example.com/news".into(),
            vec!["Proofpoint URL Defense v1".into()]
        )
    );
    let v2 = "https://urldefense.proofpoint.com/v2/url?u=https-3A__www.example.edu_research_Projects_page-2Dname.html-3Fid-3D5-26lang-3Den&d=DwMFaQ&c=euGZstcaTDllvimEN8b7jXrwqOf-v5A_CdpgnVfiiMM&r=Q4t9L0vE0_0a7HfZ1pZ4nFzQ&m=5b3f8e2c1d&s=Zx9kLmN0pQ&e=";
    assert_eq!(
        unwrap(v2),
        (
            "example.edu/research/Projects/page-name.html?id=5&lang=en".into(),
            vec!["Proofpoint URL Defense v2".into()]
        )
    );
    // v3: `*` takes the next character of the bytes after `__;` (`Iw` is
    // base64url for "#", `JSUl` for "%%%").
    let v3 = "https://urldefense.com/v3/__https://www.example.com/docs/Guide.pdf?a=1*top__;Iw!!ACWV5N9M2RV99hQ!Lq2x9ZbNcD3vEeFfGgHhIiJj$";
    assert_eq!(
        unwrap(v3),
        (
            "example.com/docs/Guide.pdf?a=1".into(),
            vec!["Proofpoint URL Defense v3".into()]
        )
    );
    let runs = "https://urldefense.com/v3/__https://example.com/a**Ab*20__;JSUl!!ABC!def$";
    assert_eq!(unwrap(runs).0, "example.com/a%%b%20");
    // Too few bytes for the stars: the wrapper stays.
    let broken = "https://urldefense.com/v3/__https://example.com/a*b*c__;JQ!!ABC!def$";
    assert_eq!(unwrap(broken).1, Vec::<String>::new());
    assert!(unwrap(broken).0.starts_with("urldefense.com/v3/"));
}

#[test]
fn google_redirects() {
    let search = "https://www.google.com/url?sa=t&rct=j&q=&esrc=s&source=web&cd=&cad=rja&uact=8&ved=2ahUKEwjA4eXk9rWEAxVbhP0HHY0qB5cQFnoECAYQAQ&url=https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FUniform_Resource_Locator&usg=AOvVaw0g7bR0YfN3t3aG2qS1cZJ5&opi=89978449";
    assert_eq!(
        unwrap(search),
        (
            "wikipedia.org/wiki/Uniform_Resource_Locator".into(),
            vec!["Google redirect".into()]
        )
    );
    let q = "https://www.google.de/url?q=https://www.example.de/impressum&sa=D&source=editors&ust=1712345678901234&usg=AOvVaw3";
    assert_eq!(unwrap(q).0, "example.de/impressum");
    // A search term is no address: the wrapper stays.
    assert_eq!(
        unwrap("https://www.google.com/url?q=weather").1,
        Vec::<String>::new()
    );
}

#[test]
fn facebook_and_instagram_link_shims() {
    let fb = "https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.example.org%2Fstory%3Ffbclid%3DIwAR2x9_Fq3Q&h=AT0pLr5Zq8sKm3Xj&__tn__=-UK-R&c[0]=AT1a";
    assert_eq!(
        unwrap(fb),
        (
            "example.org/story".into(),
            vec!["Facebook Link Shim".into()]
        )
    );
    let lm = "https://lm.facebook.com/l.php?u=http%3A%2F%2Fshop.example.com%2F&h=AT3";
    assert_eq!(unwrap(lm).0, "example.com");
    let ig = "https://l.instagram.com/?u=https%3A%2F%2Flinktr.ee%2Fsomeone%3Futm_source%3Dig_profile&e=AT0nX1&s=1";
    assert_eq!(
        unwrap(ig),
        (
            "linktr.ee/someone".into(),
            vec!["Instagram Link Shim".into()]
        )
    );
}

#[test]
fn youtube_linkedin_slack_steam_vk() {
    let yt = "https://www.youtube.com/redirect?event=video_description&redir_token=QUFFLUhqbW1fRk5wV0x6&q=https%3A%2F%2Fwww.patreon.com%2Fsomeone&v=dQw4w9WgXcQ";
    assert_eq!(
        unwrap(yt),
        (
            "patreon.com/someone".into(),
            vec!["YouTube redirect".into()]
        )
    );
    let li = "https://www.linkedin.com/safety/go?url=https%3A%2F%2Fjobs.example.com%2Fapply%2F123&trk=flagship-messaging-web&messageThreadUrn=urn%3Ali%3AmessagingThread%3A2-abc&lipi=urn%3Ali%3Apage%3Ad_flagship3";
    assert_eq!(
        unwrap(li),
        (
            "example.com/apply/123".into(),
            vec!["LinkedIn external link".into()]
        )
    );
    let redir = "https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fexample.com%2F&urlhash=Ab3_&trk=public_profile_website";
    assert_eq!(unwrap(redir).0, "example.com");
    let slack =
        "https://slack-redir.net/link?url=https%3A%2F%2Fdocs.example.com%2Fguide%23install&v=3";
    assert_eq!(
        unwrap(slack),
        ("example.com/guide".into(), vec!["Slack redirect".into()])
    );
    let steam = "https://steamcommunity.com/linkfilter/?url=https://store.example.com/app/1";
    assert_eq!(
        unwrap(steam),
        ("example.com/app/1".into(), vec!["Steam link filter".into()])
    );
    let vk = "https://vk.com/away.php?to=https%3A%2F%2Fexample.ru%2Fnews&cc_key=";
    assert_eq!(
        unwrap(vk),
        ("example.ru/news".into(), vec!["VK away".into()])
    );
}

#[test]
fn nested_wrappers_unwrap_to_the_end() {
    let inner = "https://urldefense.proofpoint.com/v2/url?u=https-3A__www.example.com_&d=DwMF&c=x";
    let google = format!(
        "https://www.google.com/url?q={}&sa=D",
        inner
            .replace('%', "%25")
            .replace('&', "%26")
            .replace('?', "%3F")
            .replace('=', "%3D")
    );
    let outer = format!(
        "https://nam11.safelinks.protection.outlook.com/?url={}&data=05",
        google
            .replace('%', "%25")
            .replace('&', "%26")
            .replace('?', "%3F")
            .replace('=', "%3D")
    );
    assert_eq!(
        unwrap(&outer),
        (
            "example.com".into(),
            vec![
                "Microsoft Defender Safe Links".into(),
                "Google redirect".into(),
                "Proofpoint URL Defense v2".into()
            ]
        )
    );
}

#[test]
fn every_wrapper_rule_has_a_source_and_a_test_vendor() {
    let tests = include_str!("key_v2.rs");
    for w in WRAPPERS {
        assert!(!w.source.is_empty(), "{}", w.vendor);
        assert!(
            tests.contains(&format!("\"{}\"", w.vendor)),
            "no test names {}",
            w.vendor
        );
    }
}

#[test]
fn the_hosting_list_has_a_source_for_every_platform() {
    let mut previous = "";
    for p in HOSTING_PLATFORMS {
        assert!(p.domain > previous, "{} out of order", p.domain);
        previous = p.domain;
        assert_eq!(p.domain, p.domain.to_ascii_lowercase());
        // The domain is not the Public Suffix List's already.
        let psl = onecontact::onecontact_psl::List::baked();
        let probe = format!("owner.{}", p.domain);
        assert_ne!(
            psl.registrable_domain(&probe),
            Some(probe.as_str()),
            "{} is in the PSL already",
            p.domain
        );
        match p.basis {
            HostingBasis::Documented => {
                // A page of the platform's own: its address is in the source.
                let site = p.domain.split('.').rev().nth(1).unwrap();
                assert!(
                    p.source.contains(&format!("{site}."))
                        || p.source.contains("learn.microsoft.com"),
                    "{}: the source names no page of the platform: {}",
                    p.domain,
                    p.source
                );
            }
            HostingBasis::Observed => {
                assert!(
                    p.source.contains(".txt"),
                    "{}: no observation named",
                    p.domain
                );
            }
            _ => panic!("unknown basis"),
        }
        assert!(
            p.source.contains("NAME")
                || p.source.contains("ID.")
                || p.source.contains("TENANT")
                || p.source.contains("PROJECT")
                || p.source.contains("USERNAME")
                || p.source.contains("LOGIN")
                || p.source.contains("SITE")
                || p.source.contains("APP.")
                || p.source.contains("ACCOUNT"),
            "{}: the source does not show the address form: {}",
            p.domain,
            p.source
        );
    }
}

#[test]
fn tracking_rules_have_sources_and_scoped_names_stay_elsewhere() {
    for r in TRACKING_RULES_ADDED_IN_V2 {
        assert!(
            !r.source.is_empty() && r.name == r.name.to_ascii_lowercase(),
            "{}",
            r.name
        );
        let text = format!("https://www.example.net/p?{}=1&keep=2", r.name);
        let key = key_v2(&text).unwrap();
        match r.site {
            None => assert_eq!(key, "example.net/p?keep=2", "{}", r.name),
            Some(site) => {
                assert!(key.contains(&format!("{}=1", r.name)), "{}: {key}", r.name);
                let on_site = format!("https://{site}/p?{}=1&keep=2", r.name);
                assert!(
                    key_v2(&on_site).unwrap().ends_with("/p?keep=2"),
                    "{on_site}"
                );
            }
        }
    }
}

#[test]
fn non_addresses_are_refused_with_a_message() {
    for text in [
        "n/a",
        "N/A",
        "-",
        "none",
        "TBD",
        "?",
        "https://intranet/",
        "John.Smith",
        "user@example.com",
    ] {
        let e = key_v2(text).unwrap_err();
        assert!(
            e.to_string().contains("not a web address") || e.code() == "web.host-missing",
            "{text}: {e}"
        );
    }
    for text in [
        "localhost:3000",
        "http://localhost/",
        "192.0.2.1",
        "[::1]:8080",
        "//cdn.example.com/x",
        "www.intranet",
        "mailto:a@b",
        "file:///etc/hosts",
    ] {
        assert!(key_v2(text).is_ok(), "{text}");
    }
}

#[test]
fn the_key_is_the_same_from_text_and_from_an_address() {
    let data = Data::baked();
    for (input, _) in pairs() {
        let Ok(key) = key_v2_with(input, &data) else {
            continue;
        };
        let (_, link) = onecontact::read_paste(input);
        let web = WebAddress::parse_with(link, &data).unwrap();
        assert_eq!(web.key_with(KeyVersion::V2, &data), key, "{input}");
        let mut rows = String::from("x\n");
        push_key_v2_with(input, &data, &mut rows).unwrap();
        assert_eq!(rows, format!("x\n{key}"));
    }
}

/// Address-like texts, most of which no V2 rule touches.
fn address() -> impl Strategy<Value = String> {
    let scheme = prop_oneof![
        Just(""),
        Just("https://"),
        Just("http://"),
        Just("HTTPS://"),
        Just("ftp://"),
        Just("mailto:")
    ];
    let host = prop_oneof![
        "[a-z0-9]{1,6}(\\.[a-z0-9-]{1,6}){0,2}\\.(com|org|co\\.uk|nl)",
        "[a-zA-Z]{1,6}\\.(com|de)",
        Just("www.example.com".to_owned()),
        Just("alice.tripod.com".to_owned()),
        Just("www.google.com".to_owned()),
        Just("youtu.be".to_owned()),
        Just("intranet".to_owned()),
        Just("192.0.2.7".to_owned()),
    ];
    let port = prop_oneof![Just(""), Just(":8080"), Just(":443")];
    let path = "(/[a-z0-9._~-]{0,5}|/[A-Z]{1,2}|/%[0-9a-fA-F]{2}|/index\\.html|//){0,4}";
    let query = prop_oneof![
        Just(String::new()),
        "\\?[a-z]{1,3}=[a-z0-9]{0,3}(&[a-z]{1,3}=[a-z0-9]{0,3}){0,3}",
        Just("?utm_source=x&a=1".to_owned()),
        Just("?si=1&b=2".to_owned()),
        Just("?q=a%5d".to_owned()),
        Just("?_hsenc=1".to_owned()),
        Just("?url=https%3A%2F%2Fexample.org%2F".to_owned()),
    ];
    let fragment = prop_oneof![Just(""), Just("#top")];
    let around = prop_oneof![
        Just(("", "")),
        Just(("", "")),
        Just(("\"", "\"")),
        Just(("<", ">")),
        Just(("", "."))
    ];
    (scheme, host, port, path, query, fragment, around)
        .prop_map(|(s, h, p, pa, q, f, (l, r))| format!("{l}{s}{h}{p}{pa}{q}{f}{r}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Where key V2 makes none of its own decisions, its key is key V1's;
    /// and the text's key is the explained one.
    #[test]
    fn v2_is_v1_where_no_v2_rule_applies(text in address()) {
        let data = Data::baked();
        match key_v2_explained_with(&text, &data) {
            Ok((key, notes)) => {
                prop_assert_eq!(key_v2_with(&text, &data).unwrap(), key.clone());
                if notes.is_empty() {
                    prop_assert_eq!(key, key_v1(&text).unwrap(), "{:?}", text);
                }
            }
            Err(e) => prop_assert_eq!(key_v2_with(&text, &data).unwrap_err(), e),
        }
    }

    #[test]
    fn key_v2_never_panics(text in any::<String>()) {
        let _ = key_v2(&text);
        let _ = key_v2_explained_with(&text, &Data::baked());
    }
}

#[test]
fn inspect_reads_behind_a_wrapper() {
    use onecontact::WarningCode;
    let text = "https://nam10.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypal.com.secure-login.example%2Fsignin&data=05%7C02%7Cx%40contoso.com%7C1%7C0%7C638%7CUnknown&sdata=abc%3D&reserved=0";
    let report = onecontact::inspect::inspect(text);
    let wrapped = report.wrapped.as_ref().expect("a wrapper");
    assert_eq!(wrapped.wrappers[0].vendor, "Microsoft Defender Safe Links");
    assert_eq!(
        wrapped.target,
        "https://paypal.com.secure-login.example/signin"
    );
    assert!(wrapped.report.has(WarningCode::DomainInSubdomain));
    assert!(
        report.has(WarningCode::DomainInSubdomain),
        "{:?}",
        report.warnings
    );
    assert!(
        onecontact::inspect::inspect("https://example.com/?url=https%3A%2F%2Fx.example%2F")
            .wrapped
            .is_none()
    );
}
