//! Link inspection: the deceptive links of the URL-parts guide (seed 004)
//! and every warning code of the catalogue.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact::{LinkReport, Severity, WarningCode, inspect};

fn codes(report: &LinkReport) -> Vec<&'static str> {
    report.warnings.iter().map(|w| w.code.code()).collect()
}

#[test]
fn userinfo_that_looks_like_a_host() {
    let r = inspect("https://www.paypal.com@198.51.100.7/secure/login");
    assert!(r.error.is_none());
    assert_eq!(r.real_host(), Some("198.51.100.7"));
    assert_eq!(r.host_kind(), Some(onecontact::HostKind::Ipv4));
    assert_eq!(r.userinfo(), Some("www.paypal.com"));
    assert_eq!(r.registrable_domain(), None);
    assert_eq!(codes(&r), ["userinfo-looks-like-host", "ip-address-host"]);
    assert_eq!(r.warnings[0].evidence.as_deref(), Some("www.paypal.com"));
    assert_eq!(r.max_severity, Some(Severity::Danger));
}

#[test]
fn any_userinfo_is_not_the_host() {
    let r = inspect("https://paypal-support@evil.example/");
    assert_eq!(codes(&r), ["userinfo-before-host"]);
    let r = inspect("https://user:pw@example.com/");
    assert_eq!(codes(&r), ["userinfo-before-host", "password-in-url"]);
}

#[test]
fn domain_used_as_subdomain_labels() {
    let r = inspect("paypal.com.secure-login.example");
    assert_eq!(r.real_host(), Some("paypal.com.secure-login.example"));
    assert_eq!(r.registrable_domain(), Some("secure-login.example"));
    assert_eq!(codes(&r), ["domain-in-subdomain"]);
    assert_eq!(r.warnings[0].evidence.as_deref(), Some("paypal.com"));
    assert!(r.scheme_assumed);
    for clean in [
        "https://www.example.com/",
        "https://en.m.wikipedia.org/wiki/URL",
        "https://mail.google.com/",
    ] {
        assert!(inspect(clean).warnings.is_empty(), "{clean}");
    }
}

#[test]
fn full_url_in_the_path_or_query() {
    let r = inspect("https://short.example/https://www.bank.com/login");
    assert_eq!(r.real_host(), Some("short.example"));
    assert_eq!(codes(&r), ["url-in-path"]);
    assert_eq!(
        r.warnings[0].evidence.as_deref(),
        Some("https://www.bank.com/login")
    );
    assert!(r.warnings[0].message.contains("not to www.bank.com"));

    let r = inspect("https://ex.example/go?next=https%3A%2F%2Fevil.example%2F");
    assert_eq!(codes(&r), ["url-in-query"]);
    assert_eq!(
        r.warnings[0].evidence.as_deref(),
        Some("https://evil.example/")
    );
}

#[test]
fn cyrillic_lookalike_of_apple() {
    // U+0430 CYRILLIC SMALL LETTER A followed by Latin "pple".
    let r = inspect("https://\u{430}pple.com/");
    assert_eq!(r.real_host(), Some("xn--pple-43d.com"));
    assert_eq!(r.host_unicode(), Some("\u{430}pple.com"));
    assert_eq!(
        codes(&r),
        [
            "lookalike-of-popular-domain",
            "mixed-script-label",
            "punycode-host"
        ]
    );
    assert_eq!(r.warnings[0].evidence.as_deref(), Some("apple.com"));
    let mixed = &r.warnings[1];
    assert!(
        mixed.message.contains("Cyrillic and Latin"),
        "{}",
        mixed.message
    );
    let display = r.display().unwrap();
    assert_eq!(display.host, "xn--pple-43d.com");
    assert_eq!(display.imitates.as_deref(), Some("apple.com"));

    // Typed in its Punycode form, the same warnings.
    let r = inspect("https://xn--pple-43d.com/");
    assert_eq!(
        codes(&r),
        [
            "lookalike-of-popular-domain",
            "mixed-script-label",
            "punycode-host"
        ]
    );

    // Wholly Cyrillic look-alike.
    let r = inspect("https://\u{430}\u{440}\u{440}\u{4cf}\u{435}.com/");
    assert_eq!(
        codes(&r),
        [
            "lookalike-of-popular-domain",
            "lookalike-label",
            "punycode-host"
        ]
    );
    // The same letters under .ru are Russian: shown as written.
    let r = inspect("https://\u{430}\u{440}\u{440}\u{4cf}\u{435}.ru/");
    assert_eq!(codes(&r), ["punycode-host"]);
    assert_eq!(
        r.display().unwrap().host,
        "\u{430}\u{440}\u{440}\u{4cf}\u{435}.ru"
    );
}

#[test]
fn legitimate_internationalized_names_are_only_noted() {
    let r = inspect("https://münchen.de/");
    assert_eq!(r.real_host(), Some("xn--mnchen-3ya.de"));
    assert_eq!(codes(&r), ["punycode-host"]);
    assert_eq!(r.max_severity, Some(Severity::Info));
    let r = inspect("https://日本語.jp/");
    assert_eq!(codes(&r), ["punycode-host"]);
    let r = inspect("https://пример.рф/");
    assert_eq!(codes(&r), ["punycode-host"]);
}

#[test]
fn encoded_delimiters_in_the_host_as_typed() {
    let r = inspect("https://paypal.com%2F@evil.example/");
    assert_eq!(r.real_host(), Some("evil.example"));
    assert!(codes(&r).contains(&"encoded-delimiter-in-host"));
    assert!(codes(&r).contains(&"userinfo-looks-like-host"));
    // Also when the URL does not parse at all.
    let r = inspect("https://bank.example%2Flogin.evil.example/");
    assert!(r.error.is_some());
    assert_eq!(codes(&r), ["encoded-delimiter-in-host"]);
}

#[test]
fn secrets_in_the_query() {
    let r = inspect(
        "https://ex.example/reset?email=a%40b.example&reset_code=123&page=2&api_key=k&session_id=s&password=x",
    );
    let evidence: Vec<_> = r
        .warnings
        .iter()
        .filter(|w| w.code == WarningCode::SecretInQuery)
        .map(|w| w.evidence.clone().unwrap())
        .collect();
    // One finding, naming every parameter.
    assert_eq!(evidence, ["reset_code, api_key, session_id, password"]);
    assert!(inspect("https://ex.example/?q=token").warnings.is_empty());
    assert!(inspect("https://ex.example/?token=").warnings.is_empty());
}

#[test]
fn long_urls() {
    let long = format!("https://ex.example/{}", "a".repeat(2100));
    assert_eq!(codes(&inspect(&long)), ["long-url"]);
    let very_long = format!("https://ex.example/{}", "a".repeat(9000));
    assert_eq!(codes(&inspect(&very_long)), ["very-long-url"]);
    let fine = format!("https://ex.example/{}", "a".repeat(1900));
    assert!(inspect(&fine).warnings.is_empty());
}

#[test]
fn non_web_schemes() {
    let r = inspect("javascript:alert(document.cookie)");
    assert_eq!(codes(&r), ["non-web-scheme"]);
    assert_eq!(r.max_severity, Some(Severity::Danger));
    let r = inspect("data:text/html,<script>alert(1)</script>");
    assert_eq!(r.max_severity, Some(Severity::Danger));
    let r = inspect("mailto:someone@example.com");
    assert_eq!(codes(&r), ["non-web-scheme"]);
    assert_eq!(r.max_severity, Some(Severity::Info));
    let r = inspect("file:///etc/passwd");
    assert_eq!(r.max_severity, Some(Severity::Warning));
}

#[test]
fn invalid_links_say_why() {
    let r = inspect("https://exa mple.com/");
    let error = r.error.clone().unwrap();
    assert_eq!(error.code(), "web.invalid-host");
    assert!(error.to_string().contains("space"), "{error}");
    assert!(r.url().is_none());
}

#[test]
fn the_catalogue_has_distinct_stable_codes() {
    let mut codes: Vec<&str> = WarningCode::ALL.iter().map(|c| c.code()).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), WarningCode::ALL.len());
    assert!(
        codes
            .iter()
            .all(|c| c.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
    );
}

#[test]
fn names_in_their_own_script_are_not_lookalikes() {
    // рус.рус: Cyrillic under a Cyrillic TLD.
    let r = inspect("https://xn--p1acf.xn--p1acf/");
    assert_eq!(codes(&r), ["punycode-host"]);
    // The same look-alike label under .com is flagged.
    let r = inspect("https://xn--p1acf.com/");
    assert_eq!(codes(&r), ["lookalike-label", "punycode-host"]);
}

#[test]
fn department_labels_are_not_domains() {
    for url in [
        "https://research.ac.upc.edu/",
        "https://www-static.cc.gatech.edu/x",
        "https://trade.ec.europa.eu/doclib/",
        "https://api.int.example.com/",
    ] {
        assert!(inspect(url).warnings.is_empty(), "{url}");
    }
    let r = inspect("https://login.bank.co.uk.evil.example/");
    assert_eq!(r.warnings[0].evidence.as_deref(), Some("bank.co.uk"));
}

/// A relative reference read against a base has no scheme or authority of
/// its own: no parser differential and no mistyped scheme, whatever its
/// text looks like, while the URL it resolved to is still inspected.
#[test]
fn a_reference_resolved_against_a_base_is_inspected_as_its_url() {
    let base = onecontact_url::Url::parse("https://example.com/docs/a/").unwrap();
    for (text, expected) in [
        ("../guide?page=2", &[][..]),
        ("/a\\b", &[][..]),
        ("//user@evil.example/x", &["userinfo-before-host"][..]),
    ] {
        let reading = onecontact::Reader::new().base(Some(&base)).read(text);
        let report = onecontact::inspect::inspect_reading(&reading, &onecontact::Data::baked());
        let codes: Vec<&str> = report.warnings.iter().map(|w| w.code.code()).collect();
        assert_eq!(codes, expected, "{text}");
    }
}
