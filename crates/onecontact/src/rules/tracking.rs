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
