//! Link wrappers: the redirectors of mail filters and sites that put the
//! address a person meant inside an address of their own. Key V2 takes the
//! key of the address inside; `inspect` reports the wrapper and inspects
//! the address inside as well.

/// How the address inside a wrapper is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum WrapperEncoding {
    /// The value of a query parameter, form-urlencoded (`%XX`, `+`).
    Query,
    /// Proofpoint URL Defense v2: the value of `u`, with `-XX` for `%XX` and
    /// `_` for `/`.
    ProofpointV2,
    /// Proofpoint URL Defense v3: the path `/v3/__ADDRESS__;BYTES!!…`, each
    /// `*` of the address standing for one character of the base64url
    /// `BYTES` and `**X` for a run of them.
    ProofpointV3,
}

/// Which hosts a wrapper serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum WrapperHost {
    /// Exactly this host.
    Exact(&'static str),
    /// Any subdomain of this domain (`*.safelinks.protection.outlook.com`).
    AnySubdomain(&'static str),
    /// This host under any public suffix (`www.google.*`: `www.google.com`,
    /// `www.google.co.uk`).
    AnySuffix(&'static str),
}

/// One wrapper: its vendor, the hosts and path it answers at, the
/// parameter that holds the address, and the page that documents it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WrapperRule {
    /// The vendor and product (`Microsoft Defender Safe Links`).
    pub vendor: &'static str,
    /// The hosts.
    pub host: WrapperHost,
    /// The path, compared exactly (ASCII case ignored); for
    /// [`WrapperEncoding::ProofpointV3`], the start of the path.
    pub path: &'static str,
    /// The query parameter holding the address (empty for
    /// [`WrapperEncoding::ProofpointV3`]).
    pub parameter: &'static str,
    /// How the address is written.
    pub encoding: WrapperEncoding,
    /// The page that documents the wrapper.
    pub source: &'static str,
}

/// The version of [`WRAPPERS`], as `onecontact lists` names it.
pub const WRAPPERS_VERSION: &str = "2026-12-06";

const SAFE_LINKS: &str = "Microsoft Learn, \"Safe Links in Microsoft Defender for Office 365\" \
                          (the url parameter of *.safelinks.protection.outlook.com), \
                          learn.microsoft.com/defender-office-365/safe-links-about";
const PROOFPOINT: &str = "Proofpoint, \"URL Defense: decoding rewritten URLs\" and its published \
                          decoder (formats v1, v2, v3), help.proofpoint.com";
const GOOGLE: &str = "Google Search, result links through /url?q= (\"How Google Search handles \
                      clicks\", policies.google.com/technologies/click-tracking)";
const LINK_SHIM: &str = "Meta Engineering, \"Link Shim: protecting the people who use Facebook \
                         from malicious URLs\" (l.facebook.com/l.php?u=, l.instagram.com/?u=), \
                         engineering.fb.com";
const YOUTUBE: &str = "YouTube Help, \"External links in video descriptions\" (through \
                       www.youtube.com/redirect?q=), support.google.com/youtube";
const LINKEDIN: &str = "LinkedIn Help, \"Leaving LinkedIn: the external link warning\" \
                        (linkedin.com/safety/go?url= and /redir/redirect?url=), \
                        www.linkedin.com/help/linkedin";
const SLACK: &str = "Slack Help Center, \"Link redirection through slack-redir.net\", \
                     slack.com/help";
const STEAM: &str = "Steam Support, \"Link filter\" (steamcommunity.com/linkfilter/?url=), \
                     help.steampowered.com";
const VK: &str = "VK Help, \"Leaving VK: vk.com/away.php?to=\", vk.com/support";

/// The built-in wrappers.
pub const WRAPPERS: &[WrapperRule] = &[
    WrapperRule {
        vendor: "Microsoft Defender Safe Links",
        host: WrapperHost::AnySubdomain("safelinks.protection.outlook.com"),
        path: "/",
        parameter: "url",
        encoding: WrapperEncoding::Query,
        source: SAFE_LINKS,
    },
    WrapperRule {
        vendor: "Microsoft Defender Safe Links",
        host: WrapperHost::AnySubdomain("safelinks.protection.office365.us"),
        path: "/",
        parameter: "url",
        encoding: WrapperEncoding::Query,
        source: SAFE_LINKS,
    },
    WrapperRule {
        vendor: "Proofpoint URL Defense v1",
        host: WrapperHost::Exact("urldefense.proofpoint.com"),
        path: "/v1/url",
        parameter: "u",
        encoding: WrapperEncoding::Query,
        source: PROOFPOINT,
    },
    WrapperRule {
        vendor: "Proofpoint URL Defense v2",
        host: WrapperHost::Exact("urldefense.proofpoint.com"),
        path: "/v2/url",
        parameter: "u",
        encoding: WrapperEncoding::ProofpointV2,
        source: PROOFPOINT,
    },
    WrapperRule {
        vendor: "Proofpoint URL Defense v3",
        host: WrapperHost::Exact("urldefense.com"),
        path: "/v3/__",
        parameter: "",
        encoding: WrapperEncoding::ProofpointV3,
        source: PROOFPOINT,
    },
    WrapperRule {
        vendor: "Google redirect",
        host: WrapperHost::AnySuffix("www.google"),
        path: "/url",
        parameter: "q",
        encoding: WrapperEncoding::Query,
        source: GOOGLE,
    },
    WrapperRule {
        vendor: "Google redirect",
        host: WrapperHost::AnySuffix("www.google"),
        path: "/url",
        parameter: "url",
        encoding: WrapperEncoding::Query,
        source: GOOGLE,
    },
    WrapperRule {
        vendor: "Google redirect",
        host: WrapperHost::AnySuffix("google"),
        path: "/url",
        parameter: "q",
        encoding: WrapperEncoding::Query,
        source: GOOGLE,
    },
    WrapperRule {
        vendor: "Facebook Link Shim",
        host: WrapperHost::Exact("l.facebook.com"),
        path: "/l.php",
        parameter: "u",
        encoding: WrapperEncoding::Query,
        source: LINK_SHIM,
    },
    WrapperRule {
        vendor: "Facebook Link Shim",
        host: WrapperHost::Exact("lm.facebook.com"),
        path: "/l.php",
        parameter: "u",
        encoding: WrapperEncoding::Query,
        source: LINK_SHIM,
    },
    WrapperRule {
        vendor: "Facebook Link Shim",
        host: WrapperHost::Exact("www.facebook.com"),
        path: "/l.php",
        parameter: "u",
        encoding: WrapperEncoding::Query,
        source: LINK_SHIM,
    },
    WrapperRule {
        vendor: "Instagram Link Shim",
        host: WrapperHost::Exact("l.instagram.com"),
        path: "/",
        parameter: "u",
        encoding: WrapperEncoding::Query,
        source: LINK_SHIM,
    },
    WrapperRule {
        vendor: "YouTube redirect",
        host: WrapperHost::Exact("www.youtube.com"),
        path: "/redirect",
        parameter: "q",
        encoding: WrapperEncoding::Query,
        source: YOUTUBE,
    },
    WrapperRule {
        vendor: "YouTube redirect",
        host: WrapperHost::Exact("m.youtube.com"),
        path: "/redirect",
        parameter: "q",
        encoding: WrapperEncoding::Query,
        source: YOUTUBE,
    },
    WrapperRule {
        vendor: "LinkedIn external link",
        host: WrapperHost::Exact("www.linkedin.com"),
        path: "/safety/go",
        parameter: "url",
        encoding: WrapperEncoding::Query,
        source: LINKEDIN,
    },
    WrapperRule {
        vendor: "LinkedIn external link",
        host: WrapperHost::Exact("www.linkedin.com"),
        path: "/redir/redirect",
        parameter: "url",
        encoding: WrapperEncoding::Query,
        source: LINKEDIN,
    },
    WrapperRule {
        vendor: "Slack redirect",
        host: WrapperHost::Exact("slack-redir.net"),
        path: "/link",
        parameter: "url",
        encoding: WrapperEncoding::Query,
        source: SLACK,
    },
    WrapperRule {
        vendor: "Steam link filter",
        host: WrapperHost::Exact("steamcommunity.com"),
        path: "/linkfilter/",
        parameter: "url",
        encoding: WrapperEncoding::Query,
        source: STEAM,
    },
    WrapperRule {
        vendor: "VK away",
        host: WrapperHost::Exact("vk.com"),
        path: "/away.php",
        parameter: "to",
        encoding: WrapperEncoding::Query,
        source: VK,
    },
];
