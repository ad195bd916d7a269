//! Social-profile shapes (rule 7): which addresses look like the profile
//! page of a person or organization on a social network.
//!
//! The rules are written from how each network shapes its profile
//! addresses; a match says the address has the shape of a profile, not that
//! the profile exists. Hosts match the network's domains and their
//! subdomains, for `http` and `https` only. Each network's own pages (its
//! "site pages", which share the shape of a profile) are listed in
//! in the crate's rules (`rules/networks.rs`).

use crate::rules::networks::{NETWORKS, NOT_MASTODON, NetworkRule, ProfileShape};

/// A social network whose profile addresses are recognized.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum SocialNetwork {
    /// LinkedIn (`linkedin.com`).
    LinkedIn,
    /// X, formerly Twitter (`x.com`, `twitter.com`).
    X,
    /// GitHub (`github.com`).
    GitHub,
    /// Facebook (`facebook.com`, `fb.com`).
    Facebook,
    /// Instagram (`instagram.com`).
    Instagram,
    /// YouTube (`youtube.com`).
    YouTube,
    /// TikTok (`tiktok.com`).
    TikTok,
    /// A Mastodon-style `/@name` profile on any other host.
    Mastodon,
}

impl SocialNetwork {
    /// The network's stable name (`"linkedin"`, `"x"`, `"github"`, …), as
    /// serialized.
    pub fn name(self) -> &'static str {
        match self {
            SocialNetwork::LinkedIn => "linkedin",
            SocialNetwork::X => "x",
            SocialNetwork::GitHub => "github",
            SocialNetwork::Facebook => "facebook",
            SocialNetwork::Instagram => "instagram",
            SocialNetwork::YouTube => "youtube",
            SocialNetwork::TikTok => "tiktok",
            SocialNetwork::Mastodon => "mastodon",
        }
    }
}

/// An address with the shape of a social-network profile.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SocialProfile {
    /// The network.
    pub network: SocialNetwork,
    /// The name that identifies the profile, as written: the handle without
    /// `@` (`jack` for `x.com/jack`, `name` for `/@name`), the name after a
    /// profile prefix (`acme` for `/company/acme`, `UC123` for
    /// `/channel/UC123`) or the id of `profile.php?id=…`.
    pub handle: String,
    /// The part of the address that identifies the profile: its path
    /// (`/in/jane`, `/@name`, `/torvalds` for `/torvalds/linux`), with the
    /// `id` parameter for `profile.php`.
    pub path: String,
}

/// Whether `host` is `domain` or one of its subdomains.
fn host_is_within(host: &str, domain: &str) -> bool {
    match host.strip_suffix(domain) {
        Some("") => true,
        Some(rest) => rest.ends_with('.'),
        None => false,
    }
}

fn is_handle(text: &str, max: usize, extra: &[u8]) -> bool {
    !text.is_empty()
        && text.len() <= max
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || extra.contains(&b))
}

fn is_site_page(segment: &str, pages: &[&str]) -> bool {
    pages.iter().any(|p| p.eq_ignore_ascii_case(segment))
}

/// The value of the first `name=` parameter of `query`, as written.
fn query_value<'q>(query: &'q str, name: &str) -> Option<&'q str> {
    query
        .split('&')
        .find_map(|piece| piece.strip_prefix(name)?.strip_prefix('='))
}

fn profile(network: SocialNetwork, handle: &str, path: String) -> SocialProfile {
    SocialProfile {
        network,
        handle: handle.to_owned(),
        path,
    }
}

/// The social-profile shape of an address, from its scheme, serialized host,
/// path and query (without `?`).
pub(crate) fn match_profile(
    scheme: &str,
    host: &str,
    path: &str,
    query: Option<&str>,
) -> Option<SocialProfile> {
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let host = host.strip_suffix('.').unwrap_or(host);
    let rule = NETWORKS
        .iter()
        .find(|rule| rule.domains.iter().any(|d| host_is_within(host, d)));
    // Any other host has a profile only in a Mastodon-style `@name` path.
    if rule.is_none() && !path.contains('@') {
        return None;
    }
    let mut segments = path.split('/').filter(|s| !s.is_empty());
    let first = segments.next()?;
    let second = segments.next();
    let rest_empty = second.is_none();
    if let Some(rule) = rule {
        return match_rule(rule, first, second, rest_empty, query);
    }
    // Mastodon-style: a single `@name` segment on any other host.
    if NOT_MASTODON.iter().any(|d| host_is_within(host, d)) || !rest_empty {
        return None;
    }
    let name = first.strip_prefix('@')?;
    is_handle(name, 64, b"_.-").then(|| profile(SocialNetwork::Mastodon, name, format!("/{first}")))
}

fn match_rule(
    rule: &NetworkRule,
    first: &str,
    second: Option<&str>,
    rest_empty: bool,
    query: Option<&str>,
) -> Option<SocialProfile> {
    let network = rule.network;
    match rule.shape {
        ProfileShape::Prefixed { prefixes } => {
            let name = second?;
            prefixes
                .contains(&first)
                .then(|| profile(network, name, format!("/{first}/{name}")))
        }
        ProfileShape::Handle {
            max,
            extra,
            more_segments,
        } => {
            if network == SocialNetwork::GitHub && first == "orgs" {
                let name = second?;
                return is_handle(name, max, extra)
                    .then(|| profile(network, name, format!("/orgs/{name}")));
            }
            let ok = (more_segments || rest_empty)
                && is_handle(first, max, extra)
                && !is_site_page(first, rule.site_pages);
            ok.then(|| profile(network, first, format!("/{first}")))
        }
        ProfileShape::At {
            prefixes,
            more_segments,
        } => {
            if let Some(handle) = first.strip_prefix('@') {
                let ok = (more_segments || rest_empty) && is_handle(handle, 64, b"_.-");
                return ok.then(|| profile(network, handle, format!("/{first}")));
            }
            let name = second?;
            prefixes
                .contains(&first)
                .then(|| profile(network, name, format!("/{first}/{name}")))
        }
        ProfileShape::Facebook => match first {
            "profile.php" => {
                let id = query_value(query?, "id").filter(|id| !id.is_empty())?;
                Some(profile(network, id, format!("/profile.php?id={id}")))
            }
            "people" | "groups" => {
                let name = second?;
                Some(profile(network, name, format!("/{first}/{name}")))
            }
            _ => (is_handle(first, 50, b"._-") && !is_site_page(first, rule.site_pages))
                .then(|| profile(network, first, format!("/{first}"))),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(url: &str) -> Option<(SocialNetwork, String, String)> {
        let (scheme, rest) = url.split_once("://").unwrap();
        let (host, path_query) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let (path, query) = match path_query.split_once('?') {
            Some((p, q)) => (p, Some(q)),
            None => (path_query, None),
        };
        let path = if path.is_empty() { "/" } else { path };
        match_profile(scheme, host, path, query).map(|p| (p.network, p.handle, p.path))
    }

    fn is(url: &str, network: SocialNetwork, handle: &str, path: &str) {
        assert_eq!(
            shape(url),
            Some((network, handle.to_owned(), path.to_owned())),
            "{url}"
        );
    }

    fn not(url: &str) {
        assert_eq!(shape(url), None, "{url}");
    }

    #[test]
    fn site_pages_named_by_the_rules_are_not_profiles() {
        for page in ["home", "explore", "search", "settings", "i", "intent"] {
            not(&format!("https://x.com/{page}"));
            not(&format!("https://twitter.com/{page}"));
        }
        for page in ["sharer", "login", "events", "watch"] {
            not(&format!("https://facebook.com/{page}"));
        }
        for page in ["p", "reel", "explore"] {
            not(&format!("https://instagram.com/{page}"));
        }
    }

    #[test]
    fn every_network_domain_and_its_subdomains_match() {
        for rule in NETWORKS {
            for domain in rule.domains {
                let path = match rule.shape {
                    ProfileShape::Prefixed { prefixes } => format!("/{}/name", prefixes[0]),
                    ProfileShape::At { .. } => "/@name".to_owned(),
                    _ => "/name".to_owned(),
                };
                for host in [
                    domain.to_string(),
                    format!("www.{domain}"),
                    format!("{domain}."),
                ] {
                    let found = match_profile("https", &host, &path, None);
                    assert_eq!(found.map(|p| p.network), Some(rule.network), "{host}{path}");
                }
                assert_eq!(
                    match_profile("https", &format!("not{domain}"), &path, None).map(|p| p.network),
                    if path == "/@name" {
                        Some(SocialNetwork::Mastodon)
                    } else {
                        None
                    }
                );
            }
        }
    }

    #[test]
    fn linkedin() {
        use SocialNetwork::LinkedIn;
        is(
            "https://www.linkedin.com/in/jane-doe/",
            LinkedIn,
            "jane-doe",
            "/in/jane-doe",
        );
        is(
            "https://linkedin.com/company/acme",
            LinkedIn,
            "acme",
            "/company/acme",
        );
        is(
            "https://nl.linkedin.com/school/tu-delft/about",
            LinkedIn,
            "tu-delft",
            "/school/tu-delft",
        );
        is(
            "http://linkedin.com/showcase/x",
            LinkedIn,
            "x",
            "/showcase/x",
        );
        is(
            "https://linkedin.com/pub/jane/1/2/3",
            LinkedIn,
            "jane",
            "/pub/jane",
        );
        not("https://linkedin.com/in/");
        not("https://linkedin.com/feed/");
        not("https://linkedin.com/jobs/view/1");
        not("https://notlinkedin.com/in/jane");
    }

    #[test]
    fn x_and_twitter() {
        use SocialNetwork::X;
        is("https://x.com/jack", X, "jack", "/jack");
        is(
            "https://twitter.com/Jack_Dorsey/",
            X,
            "Jack_Dorsey",
            "/Jack_Dorsey",
        );
        is("https://mobile.twitter.com/abc", X, "abc", "/abc");
        not("https://x.com/jack/status/20");
        not("https://x.com/home");
        not("https://x.com/Explore");
        not("https://x.com/i");
        not("https://x.com/sixteen_chars_xx");
        not("https://x.com/a.b");
        not("https://x.com/");
        not("https://box.com/jack");
        not("ftp://x.com/jack");
    }

    #[test]
    fn github() {
        use SocialNetwork::GitHub;
        is(
            "https://github.com/torvalds",
            GitHub,
            "torvalds",
            "/torvalds",
        );
        is(
            "https://github.com/rust-lang/rust",
            GitHub,
            "rust-lang",
            "/rust-lang",
        );
        is(
            "https://github.com/orgs/rust-lang/people",
            GitHub,
            "rust-lang",
            "/orgs/rust-lang",
        );
        not("https://github.com/orgs");
        not("https://github.com/features/actions");
        not("https://github.com/pricing");
        not("https://github.com/a_b");
        not(&format!("https://github.com/{}", "a".repeat(40)));
    }

    #[test]
    fn facebook() {
        use SocialNetwork::Facebook;
        is("https://www.facebook.com/zuck", Facebook, "zuck", "/zuck");
        is(
            "https://m.facebook.com/Some.Page-1/posts/2",
            Facebook,
            "Some.Page-1",
            "/Some.Page-1",
        );
        is("https://fb.com/zuck", Facebook, "zuck", "/zuck");
        is(
            "https://facebook.com/profile.php?id=4&x=1",
            Facebook,
            "4",
            "/profile.php?id=4",
        );
        is(
            "https://facebook.com/people/Jane-Doe/100/",
            Facebook,
            "Jane-Doe",
            "/people/Jane-Doe",
        );
        is(
            "https://facebook.com/groups/rustlang",
            Facebook,
            "rustlang",
            "/groups/rustlang",
        );
        not("https://facebook.com/profile.php");
        not("https://facebook.com/profile.php?id=");
        not("https://facebook.com/sharer/sharer.php?u=x");
        not("https://facebook.com/sharer.php");
        not("https://facebook.com/login");
        not("https://facebook.com/events/1");
        not("https://facebook.com/watch?v=1");
        not("https://facebook.com/groups");
        not("https://facebook.com/%E2%80%8B");
        not("https://facebook.com/a~b");
        not("https://facebook.com/");
    }

    #[test]
    fn instagram() {
        use SocialNetwork::Instagram;
        is(
            "https://www.instagram.com/nasa/",
            Instagram,
            "nasa",
            "/nasa",
        );
        is("https://instagram.com/a.b_c", Instagram, "a.b_c", "/a.b_c");
        not("https://instagram.com/p/Cxyz");
        not("https://instagram.com/reel/1");
        not("https://instagram.com/explore");
        not("https://instagram.com/nasa/tagged");
        not("https://instagram.com/a-b");
    }

    #[test]
    fn youtube() {
        use SocialNetwork::YouTube;
        is(
            "https://www.youtube.com/@mkbhd",
            YouTube,
            "mkbhd",
            "/@mkbhd",
        );
        is(
            "https://youtube.com/@mkbhd/videos",
            YouTube,
            "mkbhd",
            "/@mkbhd",
        );
        is(
            "https://youtube.com/channel/UC123",
            YouTube,
            "UC123",
            "/channel/UC123",
        );
        is("https://m.youtube.com/c/Name", YouTube, "Name", "/c/Name");
        is(
            "https://youtube.com/user/name/about",
            YouTube,
            "name",
            "/user/name",
        );
        not("https://youtube.com/watch?v=1");
        not("https://youtube.com/channel/");
        not("https://youtube.com/@");
    }

    #[test]
    fn tiktok() {
        use SocialNetwork::TikTok;
        is(
            "https://www.tiktok.com/@scout2015",
            TikTok,
            "scout2015",
            "/@scout2015",
        );
        not("https://www.tiktok.com/@scout2015/video/1");
        not("https://www.tiktok.com/scout2015");
        not("https://www.tiktok.com/");
    }

    #[test]
    fn mastodon_style() {
        use SocialNetwork::Mastodon;
        is(
            "https://mastodon.social/@Gargron",
            Mastodon,
            "Gargron",
            "/@Gargron",
        );
        is("https://fosstodon.org/@a_b/", Mastodon, "a_b", "/@a_b");
        not("https://mastodon.social/@Gargron/1");
        not("https://medium.com/@someone");
        not("https://blog.medium.com/@someone");
        not("https://substack.com/@name");
        not("https://www.threads.net/@zuck");
        not("https://threads.com/@zuck");
        not("https://example.com/@");
        not("https://example.com/@a%20b");
        not("mailto://example.com/@name");
        // A network's own host never falls back to the Mastodon shape.
        not("https://x.com/@jack");
    }
}
