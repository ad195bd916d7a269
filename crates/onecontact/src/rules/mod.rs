//! The rule tables the contact layer decides by, apart from the code that
//! applies them: which query parameters are tracking noise, which final
//! path segments name a directory's default document, and how social
//! networks shape their profile addresses.
//!
//! The tables are data, read by [`WebAddress`](crate::WebAddress)'s
//! canonical form, the key and the social-profile match. The first two are
//! public so that a program can show or audit what is removed; the networks'
//! rules are internal (the networks themselves are
//! [`SocialNetwork`](crate::SocialNetwork)).
//!
//! ```
//! use onecontact::rules::{DEFAULT_DOCUMENTS, TRACKING_PARAMETERS};
//!
//! assert!(TRACKING_PARAMETERS.iter().any(|p| p.name == "utm_source"));
//! assert!(DEFAULT_DOCUMENTS.contains(&"index.html"));
//! ```

mod documents;
pub(crate) mod networks;
mod tracking;

pub use documents::DEFAULT_DOCUMENTS;
pub use tracking::{TRACKING_PARAMETERS, TrackingParameter};
