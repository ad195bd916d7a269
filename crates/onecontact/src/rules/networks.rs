//! The social networks whose profile addresses are recognized: each
//! network's domains, the shape of its profile paths and its own pages
//! (which share that shape). The matching is in the crate's `social`
//! module; this file holds only the rules.

use crate::SocialNetwork;

/// How a network shapes its profile paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum ProfileShape {
    /// A first segment that is one of `prefixes`, followed by a name.
    Prefixed {
        /// The first segments that introduce a profile name.
        prefixes: &'static [&'static str],
    },
    /// A handle segment of at most `max` ASCII letters, digits and `extra`
    /// bytes, alone or (with `more_segments`) followed by other segments.
    Handle {
        /// Longest handle.
        max: usize,
        /// Characters allowed besides ASCII letters and digits.
        extra: &'static [u8],
        /// Whether further segments may follow the handle.
        more_segments: bool,
    },
    /// `/@handle` (and, with `prefixes`, also `/<prefix>/<name>`).
    At {
        /// Other first segments that introduce a profile name.
        prefixes: &'static [&'static str],
        /// Whether further segments may follow.
        more_segments: bool,
    },
    /// Facebook: a first segment that is not a site page (a user or page
    /// name: up to 50 letters, digits, `.`, `_`, `-`), or
    /// `profile.php?id=…`, `people/<name>`, `groups/<name>`.
    Facebook,
}

/// One network's rule: its domains, its profile shape and its site pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NetworkRule {
    /// The network.
    pub network: SocialNetwork,
    /// Domains whose hosts and subdomains belong to the network.
    pub domains: &'static [&'static str],
    /// How its profile addresses look.
    pub shape: ProfileShape,
    /// First segments that are the network's own pages, not profiles
    /// (compared ignoring ASCII case).
    pub site_pages: &'static [&'static str],
}

/// The networks, in the order they are tried.
pub(crate) const NETWORKS: &[NetworkRule] = &[
    NetworkRule {
        network: SocialNetwork::LinkedIn,
        domains: &["linkedin.com"],
        shape: ProfileShape::Prefixed {
            prefixes: &["in", "company", "school", "showcase", "pub"],
        },
        site_pages: &[],
    },
    NetworkRule {
        network: SocialNetwork::X,
        domains: &["x.com", "twitter.com"],
        shape: ProfileShape::Handle {
            max: 15,
            extra: b"_",
            more_segments: false,
        },
        site_pages: &[
            "about",
            "account",
            "bookmarks",
            "communities",
            "compose",
            "download",
            "explore",
            "followers",
            "following",
            "hashtag",
            "help",
            "home",
            "i",
            "intent",
            "jobs",
            "lists",
            "login",
            "logout",
            "messages",
            "notifications",
            "oauth",
            "privacy",
            "search",
            "settings",
            "share",
            "signup",
            "topics",
            "tos",
            "premium",
            "verified",
        ],
    },
    NetworkRule {
        network: SocialNetwork::GitHub,
        domains: &["github.com"],
        shape: ProfileShape::Handle {
            max: 39,
            extra: b"-",
            more_segments: true,
        },
        site_pages: &[
            "about",
            "account",
            "apps",
            "codespaces",
            "collections",
            "contact",
            "copilot",
            "customer-stories",
            "dashboard",
            "discussions",
            "education",
            "enterprise",
            "events",
            "explore",
            "features",
            "home",
            "issues",
            "join",
            "login",
            "logout",
            "marketplace",
            "mobile",
            "new",
            "notifications",
            "organizations",
            "orgs",
            "pricing",
            "pulls",
            "readme",
            "resources",
            "search",
            "security",
            "sessions",
            "settings",
            "signup",
            "site",
            "solutions",
            "sponsors",
            "stars",
            "team",
            "topics",
            "trending",
            "watching",
        ],
    },
    NetworkRule {
        network: SocialNetwork::Facebook,
        domains: &["facebook.com", "fb.com"],
        shape: ProfileShape::Facebook,
        site_pages: &[
            "about",
            "ads",
            "bookmarks",
            "business",
            "careers",
            "dialog",
            "events",
            "friends",
            "fundraisers",
            "gaming",
            "hashtag",
            "help",
            "home.php",
            "jobs",
            "l.php",
            "legal",
            "live",
            "login",
            "login.php",
            "logout.php",
            "marketplace",
            "media",
            "memories",
            "messages",
            "notes",
            "notifications",
            "pages",
            "permalink.php",
            "photo",
            "photo.php",
            "photos",
            "places",
            "plugins",
            "policies",
            "privacy",
            "r.php",
            "recover",
            "reel",
            "reels",
            "saved",
            "search",
            "settings",
            "share",
            "share.php",
            "sharer",
            "sharer.php",
            "signup",
            "stories",
            "story.php",
            "terms",
            "tr",
            "video.php",
            "watch",
        ],
    },
    NetworkRule {
        network: SocialNetwork::Instagram,
        domains: &["instagram.com"],
        shape: ProfileShape::Handle {
            max: 30,
            extra: b"._",
            more_segments: false,
        },
        site_pages: &[
            "about",
            "accounts",
            "api",
            "ar",
            "challenge",
            "create",
            "developer",
            "direct",
            "emails",
            "explore",
            "legal",
            "lite",
            "nametag",
            "oauth",
            "p",
            "privacy",
            "reel",
            "reels",
            "session",
            "stories",
            "terms",
            "tv",
            "web",
        ],
    },
    NetworkRule {
        network: SocialNetwork::YouTube,
        domains: &["youtube.com"],
        shape: ProfileShape::At {
            prefixes: &["channel", "c", "user"],
            more_segments: true,
        },
        site_pages: &[],
    },
    NetworkRule {
        network: SocialNetwork::TikTok,
        domains: &["tiktok.com"],
        shape: ProfileShape::At {
            prefixes: &[],
            more_segments: false,
        },
        site_pages: &[],
    },
];

/// Hosts where `/@name` means something other than a profile (articles,
/// newsletters, another network's posts): no Mastodon-style match there.
pub(crate) const NOT_MASTODON: &[&str] =
    &["medium.com", "substack.com", "threads.net", "threads.com"];
