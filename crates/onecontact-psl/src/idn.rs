//! Unicode input: conversion to the ASCII form the table holds.
//!
//! The table stores every label in ASCII (`xn--` form for internationalized
//! labels), which is what the URL host parser produces. A lookup of text
//! holding non-ASCII converts it with [`to_ascii`], which is
//! `onecontact_idna::domain_to_ascii` (the URL Standard's "domain to ASCII",
//! `beStrict` false); [`List::parse`](crate::List::parse) uses it for
//! Unicode rules.

use crate::prelude::*;
use alloc::borrow::Cow;

pub use onecontact_idna::IdnaErrors;

/// Converts a domain that may hold Unicode (or uppercase) to the lowercase
/// ASCII form the table holds, with `onecontact_idna::domain_to_ascii`:
/// what lookups do with non-ASCII input, for callers who want the answer
/// in `xn--` form.
///
/// ASCII lowercase input comes back borrowed, without allocating.
///
/// ```
/// let list = onecontact_psl::List::baked();
/// let ascii = onecontact_psl::to_ascii("www.食狮.公司.cn").unwrap();
/// assert_eq!(ascii, "www.xn--85x722f.xn--55qx5d.cn");
/// assert_eq!(list.registrable_domain(&ascii), Some("xn--85x722f.xn--55qx5d.cn"));
/// ```
///
/// # Errors
///
/// The IDNA errors of the conversion (forbidden code points, invalid
/// Punycode, Bidi or joiner rules, an empty domain, …).
pub fn to_ascii(domain: &str) -> Result<Cow<'_, str>, IdnaErrors> {
    onecontact_idna::domain_to_ascii(domain)
}

/// Converts the body of a Unicode rule (without `!` or `*.`) to ASCII; ASCII
/// rules are returned as they are and checked by the rule parser.
pub(crate) fn rule_to_ascii(body: &str) -> Result<Cow<'_, str>, String> {
    if body.is_ascii() {
        return Ok(Cow::Borrowed(body));
    }
    onecontact_idna::domain_to_ascii(body).map_err(|e| e.to_string())
}
