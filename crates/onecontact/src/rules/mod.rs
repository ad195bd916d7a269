//! The rule tables the contact layer decides by, apart from the code that
//! applies them: which query parameters are tracking noise, which final
//! path segments name a directory's default document, how social
//! networks shape their profile addresses, which domains host sites of
//! different owners and which hosts wrap another address.
//!
//! The tables are data, read by [`WebAddress`](crate::WebAddress)'s
//! canonical form, the keys and the social-profile match. The public ones
//! are the built-in lists of [`Data`](crate::Data), so that a program can
//! show or audit what is removed; the networks' rules are internal (the
//! networks themselves are [`SocialNetwork`](crate::SocialNetwork)).
//!
//! ```
//! use onecontact::rules::{DEFAULT_DOCUMENTS, HOSTING_PLATFORMS, TRACKING_PARAMETERS, WRAPPERS};
//!
//! assert!(TRACKING_PARAMETERS.iter().any(|p| p.name == "utm_source"));
//! assert!(DEFAULT_DOCUMENTS.contains(&"index.html"));
//! assert!(HOSTING_PLATFORMS.iter().any(|p| p.domain == "tripod.com"));
//! assert!(WRAPPERS.iter().any(|w| w.parameter == "url"));
//! ```

mod documents;
mod hosting;
pub(crate) mod networks;
mod tracking;
mod wrappers;

pub use documents::DEFAULT_DOCUMENTS;
pub use hosting::{HOSTING_PLATFORMS, HOSTING_PLATFORMS_VERSION, HostingBasis, HostingPlatform};
pub use tracking::{
    TRACKING_PARAMETERS, TRACKING_RULES_ADDED_IN_V2, TRACKING_RULES_VERSION, TrackingParameter,
    TrackingRule,
};
pub use wrappers::{WRAPPERS, WRAPPERS_VERSION, WrapperEncoding, WrapperHost, WrapperRule};
