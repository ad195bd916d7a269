//! [`contact_report`]: the contact layer's view of an address.

use crate::{KeyVersion, SocialProfile, WebAddress, WebError};

/// The canonical form, key V1 and facts of an address.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ContactReport {
    /// The text given.
    pub input: String,
    /// The URL the text parsed to.
    pub url: String,
    /// The canonical form (no tracking parameters, no fragment).
    pub canonical: String,
    /// The comparison key, version 1.
    pub key_v1: String,
    /// Whether the scheme is `http` or `https`.
    pub is_website: bool,
    /// The names of the facts that hold (`scheme_assumed`, `ip_host`, …).
    pub facts: Vec<&'static str>,
    /// The social-network profile shape, when there is one.
    pub social_profile: Option<SocialProfile>,
    /// The tracking parameters the canonical form removed, as written.
    pub removed_tracking_parameters: Vec<String>,
}

/// Parses `text` with [`WebAddress::parse`] and reports its canonical form,
/// key V1 and facts.
///
/// ```
/// let r = onecontact::tool::contact_report("github.com/rust-lang?utm_source=x").unwrap();
/// assert_eq!(r.canonical, "https://github.com/rust-lang");
/// assert_eq!(r.key_v1, "github.com/rust-lang");
/// assert!(r.facts.contains(&"scheme_assumed"));
/// assert_eq!(r.social_profile.unwrap().handle, "rust-lang");
/// ```
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse`].
pub fn contact_report(text: &str) -> Result<ContactReport, WebError> {
    let web = WebAddress::parse(text)?;
    Ok(ContactReport {
        input: text.to_owned(),
        url: web.url().as_str().to_owned(),
        canonical: web.canonical().to_owned(),
        key_v1: web.key(KeyVersion::V1),
        is_website: web.is_website(),
        facts: web.flags().iter().map(|f| f.name()).collect(),
        social_profile: web.social_profile(),
        removed_tracking_parameters: web
            .removed_tracking_parameters()
            .map(str::to_owned)
            .collect(),
    })
}
