//! Every host warning holds, with the same severity, for every spelling a
//! browser reads as the same host: a root dot, empty labels, upper case, the
//! dots U+3002, U+FF0E and U+FF61, percent-encoded host bytes, `\` for `/`,
//! tabs and newlines inside, surrounding spaces, the default port, added
//! userinfo, query or fragment, alone and combined.
//!
//! The seeds draw every code that [`WarningCode::is_about_host`] names (a
//! test checks it), so a new host warning is covered once it has a seed.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeSet;

use onecontact::inspect::{ImitationKind, TopDomains, inspect_with};
use onecontact::{Data, Severity, WarningCode};
use proptest::prelude::*;

/// Links that draw host warnings: scheme, host, rest (path and more).
const SEEDS: &[(&str, &str, &str)] = &[
    ("https", "paypal.com.secure-login.com", "/verify"),
    ("http", "www.bank.com.evil.co.uk", "/login"),
    ("https", "login.bank.co.uk.evil.example", "/"),
    ("http", "198.51.100.7", "/secure/login"),
    ("http", "[2001:db8::1]", "/"),
    ("https", "xn--80ak6aa92e.com", "/"),
    ("https", "xn--pypal-4ve.com", "/signin"),
    ("https", "аpple.com", "/"),
    ("https", "xn--mnchen-3ya.de", "/"),
    ("https", "xn--ls8h.la", "/"),
    ("https", "xn--google-5b1b.com", "/"),
    ("https", "xn--ab-9kc.com", "/x"),
    ("https", "paypal.com.xn--80ak6aa92e.com", "/"),
    ("https", "paypal-login.com", "/"),
    ("https", "www-google.com", "/"),
    ("https", "google.com.evil.net", "/"),
    ("https", "myetherwaliet.com", "/"),
    ("https", "metamask.top", "/"),
    (
        "https",
        "www.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.example",
        "/",
    ),
];

/// The data the seeds are inspected with: the built-in lists and one brand
/// of a user's own.
fn data() -> Data {
    Data::baked().with_top_domains(
        TopDomains::baked()
            .with(TopDomains::parse("example-bank.com\nmyetherwallet.com\nmetamask.io\n").unwrap()),
    )
}

/// The host warnings of a link: code, severity and the domain a look-alike
/// imitates, and how.
type HostWarning = (WarningCode, Severity, Option<(String, ImitationKind)>);

fn host_warnings(text: &str, data: &Data) -> BTreeSet<HostWarning> {
    inspect_with(text, data)
        .warnings
        .into_iter()
        .filter(|w| w.code.is_about_host())
        .map(|w| {
            let imitated = w.imitation.map(|i| (i.domain, i.kind));
            (w.code, w.severity, imitated)
        })
        .collect()
}

/// One way of spelling a link; each field turns one re-spelling on.
#[derive(Debug, Clone)]
struct Spelling {
    root_dot: bool,
    empty_label: Option<usize>,
    upper: Vec<bool>,
    dot: Option<char>,
    escape: Vec<bool>,
    backslashes: bool,
    control: Option<(usize, char)>,
    spaces: bool,
    default_port: bool,
    userinfo: Option<&'static str>,
    query: bool,
    fragment: bool,
}

fn spelling() -> impl Strategy<Value = Spelling> {
    (
        (
            any::<bool>(),
            proptest::option::of(0usize..8),
            proptest::collection::vec(any::<bool>(), 40),
            proptest::option::of(prop_oneof![
                Just('\u{3002}'),
                Just('\u{ff0e}'),
                Just('\u{ff61}')
            ]),
            proptest::collection::vec(any::<bool>(), 40),
            any::<bool>(),
        ),
        (
            proptest::option::of((0usize..60, prop_oneof![Just('\t'), Just('\n'), Just('\r')])),
            any::<bool>(),
            any::<bool>(),
            proptest::option::of(prop_oneof![
                Just("user@"),
                Just("u:p@"),
                Just("www.paypal.com@")
            ]),
            any::<bool>(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(
                (root_dot, empty_label, upper, dot, escape, backslashes),
                (control, spaces, default_port, userinfo, query, fragment),
            )| Spelling {
                root_dot,
                empty_label,
                upper,
                dot,
                escape,
                backslashes,
                control,
                spaces,
                default_port,
                userinfo,
                query,
                fragment,
            },
        )
}

/// The link `(scheme, host, rest)` spelled as `s` says.
fn respell(scheme: &str, host: &str, rest: &str, s: &Spelling) -> String {
    let ipv6 = host.starts_with('[');
    let ipv4 = host.parse::<std::net::Ipv4Addr>().is_ok();
    let mut host = host.to_owned();
    if !ipv6 {
        if let Some(k) = s.empty_label.filter(|_| !ipv4) {
            let dots: Vec<usize> = host.match_indices('.').map(|(i, _)| i).collect();
            if let Some(&at) = dots.get(k % dots.len().max(1)) {
                host.insert(at, '.');
            }
        }
        if s.root_dot {
            host.push('.');
        }
        let mut spelled = String::new();
        for (i, c) in host.chars().enumerate() {
            let c = if s.upper.get(i % 40) == Some(&true) {
                c.to_uppercase().next().unwrap_or(c)
            } else {
                c
            };
            match (c, s.dot) {
                ('.', Some(d)) => spelled.push(d),
                (c, _) if c != '.' && s.escape.get((i + 7) % 40) == Some(&true) => {
                    let mut buf = [0u8; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        spelled.push_str(&format!("%{b:02X}"));
                    }
                }
                (c, _) => spelled.push(c),
            }
        }
        host = spelled;
    }
    let port = match (s.default_port, scheme) {
        (true, "https") => ":443",
        (true, _) => ":80",
        (false, _) => "",
    };
    let slashes = if s.backslashes { "\\\\" } else { "//" };
    let rest = if s.backslashes {
        rest.replace('/', "\\")
    } else {
        rest.to_owned()
    };
    let mut text = format!(
        "{scheme}:{slashes}{}{host}{port}{rest}",
        s.userinfo.unwrap_or("")
    );
    if s.query {
        text.push_str("?q=1");
    }
    if s.fragment {
        text.push_str("#top");
    }
    if let Some((at, c)) = s.control {
        let at = text
            .char_indices()
            .map(|(i, _)| i)
            .nth(at % text.chars().count())
            .unwrap_or(0);
        text.insert(at, c);
    }
    if s.spaces {
        text = format!("  {text} \n");
    }
    text
}

#[test]
fn the_seeds_draw_every_host_warning() {
    let data = data();
    let drawn: BTreeSet<WarningCode> = SEEDS
        .iter()
        .flat_map(|(scheme, host, rest)| host_warnings(&format!("{scheme}://{host}{rest}"), &data))
        .map(|(code, _, _)| code)
        .collect();
    for code in WarningCode::ALL.into_iter().filter(|c| c.is_about_host()) {
        assert!(
            drawn.contains(&code),
            "no seed draws {code}: add one to SEEDS"
        );
    }
}

#[test]
fn the_seeds_draw_every_kind_of_imitation_chromium_and_ours_share() {
    let data = data();
    let drawn: BTreeSet<ImitationKind> = SEEDS
        .iter()
        .flat_map(|(scheme, host, rest)| host_warnings(&format!("{scheme}://{host}{rest}"), &data))
        .filter_map(|(_, _, imitated)| imitated.map(|(_, kind)| kind))
        .collect();
    for kind in [
        ImitationKind::SkeletonMatchTopBucket,
        ImitationKind::EditDistanceOwn,
        ImitationKind::TargetEmbedding,
        ImitationKind::TailEmbedding,
        ImitationKind::ComboSquatting,
        ImitationKind::OtherRegistryOwn,
    ] {
        assert!(drawn.contains(&kind), "no seed draws {kind}: {drawn:?}");
    }
}

#[test]
fn the_root_dot_and_other_spellings_keep_domain_in_subdomain() {
    let data = data();
    for text in [
        "https://paypal.com.secure-login.com./verify",
        "www.bank.com.evil.co.uk./login",
        "https://paypal.com..secure-login.example/verify",
        "HTTPS://PAYPAL.COM。SECURE-LOGIN.COM/verify",
        "https:\\\\paypal.com.secure-login.com%2e\\verify",
    ] {
        let found = host_warnings(text, &data);
        assert!(
            found.contains(&(WarningCode::DomainInSubdomain, Severity::Danger, None)),
            "{text}: {found:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn host_warnings_hold_for_every_spelling(seed in 0..SEEDS.len(), s in spelling()) {
        let data = data();
        let (scheme, host, rest) = SEEDS[seed];
        let plain = host_warnings(&format!("{scheme}://{host}{rest}"), &data);
        prop_assert!(!plain.is_empty());
        let text = respell(scheme, host, rest, &s);
        let spelled = host_warnings(&text, &data);
        prop_assert_eq!(&spelled, &plain, "{:?} spelled {:?}", host, text);
    }
}
