//! The tracking parameters the canonical form removes, each with the
//! platform page that documents it.

/// One tracking parameter and where its platform documents it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TrackingParameter {
    /// The parameter name, lowercase (matching ignores ASCII case).
    pub name: &'static str,
    /// The platform and the page that documents the parameter (read
    /// 2026-11-05).
    pub source: &'static str,
}

const GA4: &str = "Google Analytics 4, \"Collect campaign data with custom URLs\", \
                   support.google.com/analytics/answer/10917952";
const GOOGLE_ADS: &str =
    "Google Ads, \"About auto-tagging\", support.google.com/google-ads/answer/3095550";
const GOOGLE_ADS_API: &str = "Google Ads API, \"Upload click conversions\", \
                              developers.google.com/google-ads/api/docs/conversions/upload-clicks";
const MICROSOFT: &str =
    "Microsoft Advertising help, \"Auto-tagging of Microsoft Click ID (MSCLKID)\"";
const META: &str = "Meta, \"ClickID and the fbp and fbc Parameters\", developers.facebook.com/\
                    documentation/ads-commerce/conversions-api/parameters/fbp-and-fbc";
const TIKTOK: &str = "TikTok Ads Manager, \"About TikTok Click ID\", \
                      ads.tiktok.com/resources/help/article/tiktok-click-id";
const X_ADS: &str =
    "X Ads API, \"Web conversions\", docs.x.com/x-ads-api/measurement/web-conversions";
const LINKEDIN: &str = "LinkedIn Marketing API, \"Enabling first-party cookies\", \
                        learn.microsoft.com/en-us/linkedin/marketing/conversions/\
                        enabling-first-party-cookies";
const MAILCHIMP: &str = "Mailchimp developer documentation, \"E-commerce\", \
                         mailchimp.com/developer/marketing/docs/e-commerce/";

/// Every tracking parameter the canonical form removes.
pub const TRACKING_PARAMETERS: &[TrackingParameter] = &[
    TrackingParameter {
        name: "utm_source",
        source: GA4,
    },
    TrackingParameter {
        name: "utm_medium",
        source: GA4,
    },
    TrackingParameter {
        name: "utm_campaign",
        source: GA4,
    },
    TrackingParameter {
        name: "utm_term",
        source: GA4,
    },
    TrackingParameter {
        name: "utm_content",
        source: GA4,
    },
    TrackingParameter {
        name: "utm_id",
        source: GA4,
    },
    TrackingParameter {
        name: "utm_source_platform",
        source: GA4,
    },
    TrackingParameter {
        name: "utm_creative_format",
        source: GA4,
    },
    TrackingParameter {
        name: "utm_marketing_tactic",
        source: GA4,
    },
    TrackingParameter {
        name: "gclid",
        source: GOOGLE_ADS,
    },
    TrackingParameter {
        name: "gbraid",
        source: GOOGLE_ADS_API,
    },
    TrackingParameter {
        name: "wbraid",
        source: GOOGLE_ADS_API,
    },
    TrackingParameter {
        name: "msclkid",
        source: MICROSOFT,
    },
    TrackingParameter {
        name: "fbclid",
        source: META,
    },
    TrackingParameter {
        name: "ttclid",
        source: TIKTOK,
    },
    TrackingParameter {
        name: "twclid",
        source: X_ADS,
    },
    TrackingParameter {
        name: "li_fat_id",
        source: LINKEDIN,
    },
    TrackingParameter {
        name: "mc_cid",
        source: MAILCHIMP,
    },
    TrackingParameter {
        name: "mc_eid",
        source: MAILCHIMP,
    },
];

/// One tracking parameter of key V2's table: a name, the site it is
/// tracking on (`None`: every site), and where its vendor documents it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TrackingRule {
    /// The parameter name, lowercase (matching ignores ASCII case).
    pub name: &'static str,
    /// The registrable domain on which the name is tracking noise; on other
    /// sites the same name means something and stays. `None` for a name
    /// that is noise everywhere.
    pub site: Option<&'static str>,
    /// The vendor and the page that documents the parameter.
    pub source: &'static str,
}

/// The version of key V2's tracking table ([`TRACKING_PARAMETERS`] and
/// [`TRACKING_RULES_ADDED_IN_V2`]), as `onecontact lists` names it.
pub const TRACKING_RULES_VERSION: &str = "2026-12-06";

const HUBSPOT: &str = "HubSpot Knowledge Base, \"Understand the tracking URL parameters in \
                       HubSpot marketing emails\", knowledge.hubspot.com/marketing-email";
const HUBSPOT_COOKIES: &str = "HubSpot Knowledge Base, \"Cookies set in a visitor's browser by \
                               HubSpot\" (the __hstc, __hssc, __hsfp values passed between \
                               domains), knowledge.hubspot.com/privacy-and-consent";
const MARKETO: &str = "Adobe Marketo Engage, \"Tracked links and the mkt_tok parameter\", \
                       experienceleague.adobe.com/docs/marketo";
const YANDEX: &str = "Yandex Direct Help, \"Click ID (yclid)\", yandex.com/support/direct";
const CM360: &str = "Campaign Manager 360 Help, \"About the DCLID\", \
                     support.google.com/campaignmanager/answer/9182069";
const SA360: &str = "Search Ads 360 Help, \"The gclsrc parameter\", support.google.com/searchads";
const MERCHANT: &str = "Google Merchant Center Help, \"About auto-tagging (srsltid)\", \
                        support.google.com/merchants/answer/11127659";
const GOOGLE_LINKER: &str = "Google Analytics Help, \"Set up cross-domain measurement\" (the _gl \
                             linker parameter), support.google.com/analytics/answer/10071811";
const MATOMO: &str = "Matomo, \"Tracking campaigns: URL parameters\" (mtm_ and pk_ names), \
                      matomo.org/faq/reports/what-are-the-names-of-the-campaign-url-parameters";
const SNAP: &str = "Snap Business Help, \"Snap Click ID (ScCid)\", businesshelp.snapchat.com";
const REDDIT: &str = "Reddit Ads Help, \"Reddit click ID (rdt_cid)\", business.reddithelp.com";
const PINTEREST: &str = "Pinterest Developers, \"Conversions API: click_id from the epik \
                         parameter\", developers.pinterest.com/docs/conversions";
const KLAVIYO: &str = "Klaviyo Help Center, \"About the _kx parameter\", help.klaviyo.com";
const IMPACT: &str = "impact.com Help, \"irclickid parameter\", help.impact.com";
const FIREFOX: &str = "Mozilla Firefox, \"Copy Link Without Site Tracking\" list \
                       (toolkit/components/antitracking/StripOnShare.json), the vendor publishing \
                       nothing about the parameter";

const fn everywhere(name: &'static str, source: &'static str) -> TrackingRule {
    TrackingRule {
        name,
        site: None,
        source,
    }
}

const fn on(site: &'static str, name: &'static str, source: &'static str) -> TrackingRule {
    TrackingRule {
        name,
        site: Some(site),
        source,
    }
}

/// The tracking parameters key V2 (and `clean`) removes besides
/// [`TRACKING_PARAMETERS`]: more vendors' click ids and e-mail parameters,
/// and names that are tracking only on one site.
pub const TRACKING_RULES_ADDED_IN_V2: &[TrackingRule] = &[
    everywhere("_hsenc", HUBSPOT),
    everywhere("_hsmi", HUBSPOT),
    everywhere("hsctatracking", HUBSPOT),
    everywhere("__hstc", HUBSPOT_COOKIES),
    everywhere("__hssc", HUBSPOT_COOKIES),
    everywhere("__hsfp", HUBSPOT_COOKIES),
    everywhere("mkt_tok", MARKETO),
    everywhere("yclid", YANDEX),
    everywhere("dclid", CM360),
    everywhere("gclsrc", SA360),
    everywhere("srsltid", MERCHANT),
    everywhere("_gl", GOOGLE_LINKER),
    everywhere("mtm_campaign", MATOMO),
    everywhere("mtm_source", MATOMO),
    everywhere("mtm_medium", MATOMO),
    everywhere("mtm_keyword", MATOMO),
    everywhere("mtm_content", MATOMO),
    everywhere("mtm_cid", MATOMO),
    everywhere("mtm_group", MATOMO),
    everywhere("mtm_placement", MATOMO),
    everywhere("pk_campaign", MATOMO),
    everywhere("pk_kwd", MATOMO),
    everywhere("pk_source", MATOMO),
    everywhere("pk_medium", MATOMO),
    everywhere("pk_content", MATOMO),
    everywhere("pk_cid", MATOMO),
    everywhere("sccid", SNAP),
    everywhere("rdt_cid", REDDIT),
    everywhere("epik", PINTEREST),
    everywhere("_kx", KLAVIYO),
    everywhere("irclickid", IMPACT),
    on("instagram.com", "igshid", FIREFOX),
    on("instagram.com", "igsh", FIREFOX),
    on("youtube.com", "si", FIREFOX),
    on("youtu.be", "si", FIREFOX),
    on("open.spotify.com", "si", FIREFOX),
    on("x.com", "s", FIREFOX),
    on("x.com", "t", FIREFOX),
    on("twitter.com", "s", FIREFOX),
    on("twitter.com", "t", FIREFOX),
    on("twitter.com", "ref_src", FIREFOX),
    on("linkedin.com", "trk", FIREFOX),
    on("linkedin.com", "trackingid", FIREFOX),
    on("linkedin.com", "lipi", FIREFOX),
];
