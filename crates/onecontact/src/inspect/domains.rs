//! Text that reads like a domain name: in userinfo, and in the labels left
//! of the registrable domain.

use crate::gigo::Gigo;
use onecontact_psl::List;

/// Generic top-level domains a reader takes as "the end of a domain name"
/// when they appear in the middle of a host (`paypal.com.secure-login.example`).
/// Short country codes are left out on purpose: labels like `ac`, `cc`,
/// `in` or `se` name departments far more often than countries.
const FAMILIAR_TLDS: &[&str] = &["com", "net", "org", "edu", "gov", "biz"];

/// Second-level labels that country codes put in front of a registered
/// name (`co.uk`, `com.au`).
const SECOND_LEVELS: &[&str] = &["co", "com", "org", "net", "ac", "gov", "edu", "ne", "or"];

/// Where the domain that ends at label `k` starts: one label before a
/// familiar generic TLD, or two before a country code preceded by a
/// second-level label the Public Suffix List lists (`bank.co.uk`).
fn domain_start(labels: &[&str], k: usize, list: &List) -> Option<usize> {
    let tld = labels.get(k)?;
    if FAMILIAR_TLDS.contains(tld) {
        return k.checked_sub(1);
    }
    let second = labels.get(k.checked_sub(1)?)?;
    if tld.len() == 2 && SECOND_LEVELS.contains(second) && list.is_icann_tld(tld) {
        let suffix = format!("{second}.{tld}");
        let found = list.suffix(&suffix);
        if found.is_listed() && found.as_str() == suffix {
            return k.checked_sub(2);
        }
    }
    None
}

/// Whether `label` is a plausible DNS label (letters, digits, hyphens, or
/// an internationalized label).
fn is_label(label: &str) -> bool {
    !label.is_empty()
        && label.len() <= 63
        && label.chars().all(|c| c.is_alphanumeric() || c == '-')
        && !label.starts_with('-')
}

/// When `text` (a user name, say) reads like a domain name or IPv4 address,
/// that name, lowercase.
pub(crate) fn looks_like_host(text: &str, list: &List) -> Option<String> {
    let lower = text
        .trim_matches(|c: char| matches!(c, '/' | '\\' | ':' | '@' | '?' | '#' | ' '))
        .trim_end_matches('.')
        .to_lowercase();
    if lower.parse::<std::net::Ipv4Addr>().is_ok() {
        return Some(lower);
    }
    let labels: Vec<&str> = lower.split('.').collect();
    if labels.len() < 2 || !labels.iter().all(|l| is_label(l)) {
        return None;
    }
    let last = labels.last().copied().unwrap_or_gigo();
    let ascii_last = onecontact_idna::domain_to_ascii(last).ok()?;
    list.is_icann_tld(&ascii_last).then_some(lower)
}

/// When labels left of `registrable` in `host` read like a domain of their
/// own (`paypal.com` in `paypal.com.secure-login.example`), that domain.
pub(crate) fn domain_in_subdomain(host: &str, registrable: &str, list: &List) -> Option<String> {
    // The registrable domain is most often the host's own end (the same
    // bytes), told without comparing them.
    let (sub, tail) = host.split_at_checked(host.len().checked_sub(registrable.len())?)?;
    if !std::ptr::eq(tail, registrable) && tail != registrable {
        return None;
    }
    let sub = sub.strip_suffix('.')?;
    // One label (`www`) is no domain: there is nothing to split.
    if !onecontact_bytes::word::holds_byte(sub.as_bytes(), b'.') {
        return None;
    }
    let labels: Vec<&str> = sub.split('.').collect();
    for k in (1..labels.len()).rev() {
        let Some(start) = domain_start(&labels, k, list) else {
            continue;
        };
        let name = labels.get(start).copied().unwrap_or_gigo();
        if name == "www" || !is_label(name) {
            continue;
        }
        return labels.get(start..=k).map(|ls| ls.join("."));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn looks_like_host(text: &str) -> Option<String> {
        super::looks_like_host(text, List::baked())
    }

    fn domain_in_subdomain(host: &str, registrable: &str) -> Option<String> {
        super::domain_in_subdomain(host, registrable, List::baked())
    }

    #[test]
    fn hosts_in_userinfo() {
        assert_eq!(
            looks_like_host("www.paypal.com").as_deref(),
            Some("www.paypal.com")
        );
        assert_eq!(looks_like_host("10.0.0.1").as_deref(), Some("10.0.0.1"));
        assert_eq!(looks_like_host("alex"), None);
        assert_eq!(
            looks_like_host("paypal.com/").as_deref(),
            Some("paypal.com")
        );
        assert_eq!(looks_like_host("notes.txt"), None);
    }

    #[test]
    fn domains_as_subdomain_labels() {
        assert_eq!(
            domain_in_subdomain("paypal.com.secure-login.example", "secure-login.example")
                .as_deref(),
            Some("paypal.com")
        );
        assert_eq!(
            domain_in_subdomain("login.bank.co.uk.evil.example", "evil.example").as_deref(),
            Some("bank.co.uk")
        );
        assert_eq!(domain_in_subdomain("www.example.com", "example.com"), None);
        assert_eq!(
            domain_in_subdomain("en.m.wikipedia.org", "wikipedia.org"),
            None
        );
        assert_eq!(domain_in_subdomain("example.com", "example.com"), None);
    }
}
