//! [`contact_report`]: the contact layer's view of an address.

use onecontact::{Data, KeyVersion, Reader, SocialProfile, WebAddress, WebError};

/// What the contact layer says about a URL beyond the URL itself: its
/// canonical form, key V1 and facts. The [`ParseReport`](crate::ParseReport)
/// carries it next to the URL's parts.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ContactFacts {
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

impl ContactFacts {
    /// The facts of `web`.
    pub fn of(web: &WebAddress) -> ContactFacts {
        ContactFacts {
            canonical: web.canonical().to_owned(),
            key_v1: web.key(KeyVersion::V1),
            is_website: web.is_website(),
            facts: web.flags().iter().map(|f| f.name()).collect(),
            social_profile: web.social_profile(),
            removed_tracking_parameters: web
                .removed_tracking_parameters()
                .map(str::to_owned)
                .collect(),
        }
    }
}

/// The canonical form, key V1 and facts of an address.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ContactReport {
    /// The text given.
    pub input: String,
    /// The URL the text parsed to.
    pub url: String,
    /// The contact layer's canonical form, key and facts.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub contact: ContactFacts,
}

/// Parses `text` with [`WebAddress::parse`] and reports its canonical form,
/// key V1 and facts.
///
/// ```
/// let r = onecontact_report::contact_report("github.com/rust-lang?utm_source=x").unwrap();
/// assert_eq!(r.contact.canonical, "https://github.com/rust-lang");
/// assert_eq!(r.contact.key_v1, "github.com/rust-lang");
/// assert!(r.contact.facts.contains(&"scheme_assumed"));
/// assert_eq!(r.contact.social_profile.unwrap().handle, "rust-lang");
/// ```
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse`].
pub fn contact_report(text: &str) -> Result<ContactReport, WebError> {
    contact_report_with(text, &Data::baked())
}

/// [`contact_report`] with the lists of `data`.
///
/// # Errors
///
/// The [`WebError`] of [`WebAddress::parse`].
pub fn contact_report_with(text: &str, data: &Data) -> Result<ContactReport, WebError> {
    let web = WebAddress::from_reading_with(Reader::new().read(text), data)?;
    Ok(ContactReport {
        input: text.to_owned(),
        url: web.url().as_str().to_owned(),
        contact: ContactFacts::of(&web),
    })
}
