//! Lookup behaviour: sections, rule kinds, the implicit rule, case, root
//! dot, malformed hosts, `is_icann_tld`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_psl::{List, Origin, RuleKind, Section};

fn check(domain: &str, suffix: &str, origin: Origin, registrable: Option<&str>) {
    let list = List::baked();
    let s = list.suffix(domain);
    assert_eq!(s.as_str(), suffix, "suffix of {domain:?}");
    assert_eq!(s.origin(), origin, "origin of {domain:?}");
    assert_eq!(
        list.registrable_domain(domain),
        registrable,
        "registrable of {domain:?}"
    );
}

fn listed(section: Section, kind: RuleKind) -> Origin {
    Origin::Listed { section, kind }
}

#[test]
fn sections_and_kinds() {
    use RuleKind::*;
    use Section::*;
    check(
        "www.example.com",
        "com",
        listed(Icann, Normal),
        Some("example.com"),
    );
    check("a.b.co.uk", "co.uk", listed(Icann, Normal), Some("b.co.uk"));
    check(
        "x.github.io",
        "github.io",
        listed(Private, Normal),
        Some("x.github.io"),
    );
    check("b.c.mm", "c.mm", listed(Icann, Wildcard), Some("b.c.mm"));
    check("www.ck", "ck", listed(Icann, Exception), Some("www.ck"));
    check(
        "a.b.city.kobe.jp",
        "kobe.jp",
        listed(Icann, Exception),
        Some("city.kobe.jp"),
    );
    check("example.zz", "zz", Origin::Implicit, Some("example.zz"));
    check("zz", "zz", Origin::Implicit, None);
    // A TLD with only a wildcard rule is itself decided by the implicit rule.
    check("mm", "mm", Origin::Implicit, None);
}

#[test]
fn case_and_root_dot() {
    let list = List::baked();
    assert_eq!(
        list.registrable_domain("WWW.Example.CO.UK."),
        Some("Example.CO.UK")
    );
    assert_eq!(list.suffix("WWW.Example.CO.UK.").as_str(), "CO.UK");
    assert_eq!(
        list.suffix("A.BLOGSPOT.COM").section(),
        Some(Section::Private)
    );
    assert_eq!(list.registrable_domain("com."), None);
    // Long labels (tail pool) compare without regard to case too.
    assert_eq!(
        list.suffix("X.S3.AMAZONAWS.COM").as_str(),
        list.suffix("x.s3.amazonaws.com")
            .as_str()
            .to_ascii_uppercase()
    );
}

#[test]
fn malformed_hosts() {
    let list = List::baked();
    for host in [
        "",
        ".",
        "..",
        ".com",
        "a..com",
        ".example.com",
        "a..b.example.com",
        "com..",
        "example.com..",
    ] {
        assert_eq!(list.registrable_domain(host), None, "{host:?}");
    }
    assert_eq!(list.suffix("").as_str(), "");
    assert!(list.suffix("").is_implicit());
    assert_eq!(list.suffix(".com").as_str(), "com");
    assert_eq!(list.suffix("example.com..").as_str(), "");
    // Non-ASCII input is looked up in its ASCII form (see below).
    assert_eq!(list.suffix("食狮.公司.cn").as_str(), "公司.cn");
}

#[test]
fn icann_tlds() {
    let list = List::baked();
    for tld in ["com", "uk", "jp", "mm", "ck", "xn--fiqs8s", "COM", "com."] {
        assert!(list.is_icann_tld(tld), "{tld}");
    }
    for not in ["", "example", "co.uk", "local", ".com", "*", "com.."] {
        assert!(!list.is_icann_tld(not), "{not}");
    }
}

#[test]
fn loaded_list_answers_like_baked() {
    let text = "// VERSION: test\n// ===BEGIN ICANN DOMAINS===\nfoo\n*.bar.foo\n!x.bar.foo\n\
                // ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\nhost.foo\n\
                公司.foo\n// ===END PRIVATE DOMAINS===\n";
    let list = List::parse(text).unwrap();
    assert_eq!(list.version(), Some("test"));
    assert_eq!((list.icann_rules(), list.private_rules()), (3, 2));
    assert_eq!(list.suffix("a.b.bar.foo").as_str(), "b.bar.foo");
    assert_eq!(list.suffix("a.x.bar.foo").as_str(), "bar.foo");
    assert_eq!(
        list.suffix("a.x.bar.foo").rule_kind(),
        Some(RuleKind::Exception)
    );
    assert_eq!(list.suffix("me.host.foo").section(), Some(Section::Private));
    assert_eq!(
        list.registrable_domain("a.b.xn--55qx5d.foo"),
        Some("b.xn--55qx5d.foo")
    );
    assert!(list.is_icann_tld("foo"));
    assert!(!list.is_icann_tld("com"));
}

#[test]
fn long_labels_that_share_their_start() {
    // Labels with the same first eight bytes, length and parent differ only
    // in their tails; the perfect hash must still tell them apart.
    let mut text = String::from("// ===BEGIN ICANN DOMAINS===\nfoo\n");
    let regions = [
        "us-east-1",
        "us-east-2",
        "us-west-1",
        "eu-west-3",
        "ap-south-1",
    ];
    for region in regions {
        text.push_str(&format!(
            "s3-website-{region}.foo\n*.execute-api-{region}.foo\n"
        ));
    }
    text.push_str("// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\n");
    text.push_str("a.b.c.d.e.f.g.h.foo\n// ===END PRIVATE DOMAINS===\n");
    let list = List::parse(&text).unwrap();
    for region in regions {
        let host = format!("x.s3-website-{region}.foo");
        assert_eq!(list.suffix(&host).as_str(), &host[2..], "{host}");
        let host = format!("x.y.execute-api-{region}.foo");
        assert_eq!(list.suffix(&host).as_str(), &host[2..], "{host}");
        let host = format!("X.S3-WEBSITE-{}.FOO", region.to_uppercase());
        assert_eq!(list.suffix(&host).as_str(), &host[2..], "{host}");
    }
    assert_eq!(list.suffix("x.s3-website-us-east-9.foo").as_str(), "foo");
    assert_eq!(
        list.suffix("z.a.b.c.d.e.f.g.h.foo").section(),
        Some(Section::Private)
    );
    // The smallest table: one rule.
    let one = List::parse("// ===BEGIN ICANN DOMAINS===\nx\n// ===END ICANN DOMAINS===\n").unwrap();
    assert_eq!(one.registrable_domain("a.b.x"), Some("b.x"));
    assert!(one.suffix("a.y").is_implicit());
}

/// Unicode input is looked up in the ASCII form the URL host parser gives
/// it (`domain_to_ascii`) and answered in the form given.
#[test]
fn unicode_input_is_answered_in_the_form_given() {
    use RuleKind::*;
    use Section::*;
    check(
        "食狮.公司.cn",
        "公司.cn",
        listed(Icann, Normal),
        Some("食狮.公司.cn"),
    );
    check("公司.cn", "公司.cn", listed(Icann, Normal), None);
    check(
        "WWW.食狮.中国.",
        "中国",
        listed(Icann, Normal),
        Some("食狮.中国"),
    );
    // Fullwidth letters and the fullwidth and ideographic full stops, as
    // the host parser maps them.
    check(
        "ＷＷＷ．食狮。公司｡ＣＮ",
        "公司｡ＣＮ",
        listed(Icann, Normal),
        Some("食狮。公司｡ＣＮ"),
    );
    // Unicode case: `ÉXAMPLE` maps to `xn--xample-9ua`.
    check(
        "WWW.ÉXAMPLE.CO.UK",
        "CO.UK",
        listed(Icann, Normal),
        Some("ÉXAMPLE.CO.UK"),
    );
    // A mixed host: only the Unicode label changes form.
    check(
        "a.b.ｇｉｔｈｕｂ.io",
        "ｇｉｔｈｕｂ.io",
        listed(Private, Normal),
        Some("b.ｇｉｔｈｕｂ.io"),
    );
}

/// Unicode text that "domain to ASCII" refuses is not a domain: no
/// suffix, no registrable domain.
#[test]
fn unicode_that_idna_refuses_is_not_a_domain() {
    for text in [
        "食狮.xn--a.cn",
        "a\u{200D}b.食狮.cn",
        "食狮..\u{FFFF}.cn",
        "a⒈b.example.com",
        "a\u{FE52}b.example.com",
    ] {
        assert!(
            onecontact_psl::to_ascii(text).is_err(),
            "{text:?} converts: pick another refused text"
        );
        check(text, "", Origin::NotADomain, None);
        let s = List::baked().suffix(text);
        assert!(s.is_not_a_domain() && !s.is_listed() && !s.is_implicit());
        assert_eq!((s.section(), s.rule_kind()), (None, None));
    }
}

#[test]
fn a_last_label_mapped_to_nothing_is_answered_as_given() {
    // UTS #46 maps U+034F and the variation selectors to nothing, so the
    // ASCII form's last label is empty; the answer is that label as typed,
    // never a slice that does not start at a label (found by the psl target).
    let list = onecontact_psl::List::baked();
    for domain in ["a.b.\u{E01D7}.", "x.\u{34F}\u{E01D7}."] {
        let suffix = list.suffix(domain);
        let last = domain.trim_end_matches('.').rsplit('.').next().unwrap();
        assert_eq!(suffix.as_str(), last, "{domain:?}");
        assert_eq!(list.registrable_domain(domain), None, "{domain:?}");
    }
    // Where the ASCII form (`a.b.`, `v..`) has fewer labels than the text,
    // there is no answer.
    for domain in ["a.b.\u{34F}", "v\u{34F}\u{34F}..\u{34F}"] {
        assert!(list.suffix(domain).is_not_a_domain(), "{domain:?}");
    }
}
