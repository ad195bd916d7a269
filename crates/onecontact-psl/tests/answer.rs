//! [`List::lookup`] answers what [`List::suffix`] and
//! [`List::registrable_domain`] answer, for every rule of the pinned list
//! with zero to two labels in front; [`Sections::IcannOnly`] answers what a
//! list without its PRIVATE section answers; the rule an answer names is a
//! rule of the list that matches the domain.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::HashSet;

use onecontact_psl::{List, Origin, RuleKind, Section, Sections};

const LIST: &str = include_str!("../../../testdata/psl/public_suffix_list.dat");
const TESTS: &str = include_str!("../../../testdata/psl/tests.txt");

/// The rules of the list as written (lowercase, `*.`/`!` kept), ICANN and
/// PRIVATE apart.
fn rules() -> (Vec<String>, Vec<String>) {
    let (mut icann, mut private) = (Vec::new(), Vec::new());
    let mut in_private = false;
    for line in LIST.lines() {
        let line = line.trim();
        if line.contains("===BEGIN PRIVATE DOMAINS===") {
            in_private = true;
        }
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let rule = line.split_whitespace().next().unwrap().to_owned();
        if in_private {
            private.push(rule);
        } else {
            icann.push(rule);
        }
    }
    (icann, private)
}

/// The list text without its PRIVATE rules (markers kept).
fn icann_only_text() -> String {
    let mut out = String::new();
    let mut in_private = false;
    for line in LIST.lines() {
        if line.contains("===BEGIN PRIVATE DOMAINS===") {
            in_private = true;
        }
        if line.contains("===END PRIVATE DOMAINS===") {
            in_private = false;
        }
        let rule = !line.trim().is_empty() && !line.trim().starts_with("//");
        if !(in_private && rule) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Domains to look up: every rule's labels with zero, one and two labels
/// in front (a wildcard's `*` filled in), in ASCII form.
fn domains() -> Vec<String> {
    let (icann, private) = rules();
    let mut out = Vec::new();
    for rule in icann.iter().chain(&private) {
        let base = rule.trim_start_matches('!').replace('*', "w1");
        let Ok(base) = onecontact_psl::to_ascii(&base) else {
            continue;
        };
        for front in ["", "a.", "b.a."] {
            out.push(format!("{front}{base}"));
        }
    }
    out.extend(
        [
            "",
            ".",
            "com",
            ".com",
            "a..com",
            "example.notatld",
            "a.b.c.d.e",
            "WWW.Example.CO.UK.",
        ]
        .map(str::to_owned),
    );
    out
}

#[test]
fn lookup_answers_what_suffix_and_registrable_domain_answer() {
    let list = List::baked();
    let mut checked = 0;
    for domain in domains() {
        let answer = list.lookup(&domain);
        assert_eq!(answer.suffix(), list.suffix(&domain), "{domain:?}");
        assert_eq!(
            answer.registrable_domain(),
            list.registrable_domain(&domain),
            "{domain:?}"
        );
        // Kept without the domain, the answer comes back whole.
        let detached = answer.detach();
        assert_eq!(detached.attach(&domain), answer, "{domain:?}");
        assert_eq!(
            detached.registrable_domain_in(&domain),
            answer.registrable_domain(),
            "{domain:?}"
        );
        // The subdomain and the registrable domain make up the domain.
        if let (Some(sub), Some(reg)) = (answer.subdomain(), answer.registrable_domain()) {
            assert_eq!(format!("{sub}.{reg}"), answer.domain(), "{domain:?}");
        }
        checked += 1;
    }
    assert!(checked > 25_000, "{checked}");
}

#[test]
fn the_rule_named_is_a_rule_of_the_list_that_matches() {
    let (icann, private) = rules();
    let all: HashSet<String> = icann
        .iter()
        .chain(&private)
        .filter_map(|r| {
            let (mark, labels) = match r.strip_prefix('!') {
                Some(rest) => ("!", rest),
                None => match r.strip_prefix("*.") {
                    Some(rest) => ("*.", rest),
                    None => ("", r.as_str()),
                },
            };
            Some(format!("{mark}{}", onecontact_psl::to_ascii(labels).ok()?))
        })
        .collect();
    let list = List::baked();
    for domain in domains() {
        let answer = list.lookup(&domain);
        let Some(rule) = answer.rule() else {
            assert!(answer.is_not_a_domain(), "{domain:?}");
            continue;
        };
        let text = rule.to_string().to_ascii_lowercase();
        match rule.kind() {
            None => {
                assert!(answer.is_implicit(), "{domain:?}");
                assert_eq!(text, "*");
            }
            Some(kind) => {
                assert!(all.contains(&text), "{domain:?}: {text} is no rule");
                // The rule's labels end the domain.
                assert!(
                    domain
                        .to_ascii_lowercase()
                        .trim_end_matches('.')
                        .ends_with(&rule.labels().to_ascii_lowercase()),
                    "{domain:?}: {text}"
                );
                match kind {
                    RuleKind::Normal => assert_eq!(rule.labels(), answer.public_suffix()),
                    RuleKind::Wildcard => assert!(
                        answer
                            .public_suffix()
                            .ends_with(&format!(".{}", rule.labels())),
                        "{domain:?}: {text}"
                    ),
                    RuleKind::Exception => assert!(
                        rule.labels()
                            .ends_with(&format!(".{}", answer.public_suffix())),
                        "{domain:?}: {text}"
                    ),
                }
            }
        }
    }
}

#[test]
fn icann_only_answers_as_a_list_without_private_rules() {
    let baked = List::baked();
    let icann = List::parse(&icann_only_text()).unwrap();
    assert_eq!(icann.private_rules(), 0);
    let mut differ = 0;
    for domain in domains() {
        let ours = baked.lookup_with(&domain, Sections::IcannOnly);
        let theirs = icann.lookup(&domain);
        assert_eq!(ours.public_suffix(), theirs.public_suffix(), "{domain:?}");
        assert_eq!(
            ours.registrable_domain(),
            theirs.registrable_domain(),
            "{domain:?}"
        );
        assert_eq!(ours.origin(), theirs.origin(), "{domain:?}");
        assert_eq!(
            ours.rule().map(|r| r.to_string()),
            theirs.rule().map(|r| r.to_string()),
            "{domain:?}"
        );
        assert_ne!(ours.section(), Some(Section::Private), "{domain:?}");
        if ours.public_suffix() != baked.lookup(&domain).public_suffix() {
            differ += 1;
        }
    }
    // The PRIVATE section changes thousands of these answers.
    assert!(differ > 5_000, "{differ}");
}

#[test]
fn tests_txt_through_lookup() {
    let list = List::baked();
    let mut cases = 0;
    for line in TESTS.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let mut parts = line.split_whitespace();
        let (Some(domain), Some(expected)) = (parts.next(), parts.next()) else {
            continue;
        };
        let domain = if domain == "null" { "" } else { domain };
        let expected = (expected != "null").then_some(expected);
        // Unicode cases are answered in the form given; compare ASCII forms.
        let ascii = |d: &str| {
            onecontact_psl::to_ascii(d)
                .map(|a| a.to_ascii_lowercase())
                .ok()
        };
        let got = list.lookup(domain).registrable_domain().and_then(ascii);
        assert_eq!(got, expected.and_then(ascii), "{line}");
        cases += 1;
    }
    assert!(cases > 60, "{cases}");
}

#[test]
fn unicode_answers_are_slices_of_the_input() {
    let list = List::baked();
    let answer = list.lookup("ＷＷＷ．食狮．中国");
    assert_eq!(answer.public_suffix(), "中国");
    assert_eq!(answer.registrable_domain(), Some("食狮．中国"));
    assert_eq!(answer.subdomain(), Some("ＷＷＷ"));
    assert_eq!(answer.rule().unwrap().to_string(), "中国");
    let refused = list.lookup("食狮.xn--a.cn");
    assert!(refused.is_not_a_domain());
    assert_eq!(refused.rule(), None);
    assert_eq!(refused.registrable_domain(), None);
    assert_eq!(refused.origin(), Origin::NotADomain);
    // A wildcard and an exception under Unicode labels keep the input's form.
    let answer = list.lookup("a.b.ck");
    assert_eq!(answer.rule().unwrap().to_string(), "*.ck");
    assert_eq!(answer.public_suffix(), "b.ck");
}
