//! The Standard's "canonicalize a …" steps: each component's value, run
//! through the URL parser (by its setters on a dummy URL) or through the
//! percent-encode set that the parser's state for it uses.

use onecontact_url::percent_encoding::{self as pe, AsciiSet};
use onecontact_url::{Url, quirks};

use crate::Component;
use crate::error::Error;

fn fail(component: Component, value: &str) -> Error {
    Error::Canonicalize {
        component: component.into(),
        value: value.to_owned(),
    }
}

fn dummy(text: &str) -> Option<Url> {
    Url::parse(text).ok()
}

/// The Standard's dummy URL ("create a dummy URL"): `https://dummy.invalid/`,
/// a special URL, so that canonicalizing a pathname reads `\` as `/` and a
/// search uses the special-query percent-encode set.
const DUMMY: &str = "https://dummy.invalid/";

/// The basic URL parser's first step, which holds under a state override
/// too: every ASCII tab and newline is removed from the input.
fn without_tab_or_newline(value: &str) -> std::borrow::Cow<'_, str> {
    if value.contains(['\t', '\n', '\r']) {
        value.replace(['\t', '\n', '\r'], "").into()
    } else {
        value.into()
    }
}

/// "canonicalize a protocol": the scheme the parser makes of
/// `value` followed by `://dummy.invalid/`.
pub(crate) fn protocol(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let url = dummy(&format!("{value}://dummy.invalid/"))
        .ok_or_else(|| fail(Component::Protocol, value))?;
    Ok(url.scheme().to_owned())
}

fn encode(value: &str, set: &AsciiSet) -> String {
    pe::utf8_percent_encode(value, set).into_owned()
}

/// "canonicalize a username": what the username setter stores.
pub(crate) fn username(value: &str) -> Result<String, Error> {
    Ok(encode(value, &pe::USERINFO))
}

/// "canonicalize a password": what the password setter stores.
pub(crate) fn password(value: &str) -> Result<String, Error> {
    Ok(encode(value, &pe::USERINFO))
}

/// "canonicalize a hostname": the host the parser's hostname state makes of
/// `value`, serialized. A special dummy URL is used, so that domains go
/// through domain-to-ASCII.
pub(crate) fn hostname(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy(DUMMY).ok_or_else(|| fail(Component::Hostname, value))?;
    quirks::set_hostname(&mut url, value).map_err(|_| fail(Component::Hostname, value))?;
    Ok(quirks::hostname(&url).to_owned())
}

/// "canonicalize an IPv6 hostname": hex digits, `[`, `]` and `:`, lowercased.
pub(crate) fn ipv6_hostname(value: &str) -> Result<String, Error> {
    value
        .chars()
        .map(|c| {
            if c.is_ascii_hexdigit() || matches!(c, '[' | ']' | ':') {
                Ok(c.to_ascii_lowercase())
            } else {
                Err(fail(Component::Hostname, value))
            }
        })
        .collect()
}

/// "canonicalize a port": the port the parser's port state makes of
/// `value` on a dummy URL of scheme `protocol` (its default port gives "").
pub(crate) fn port(value: &str, protocol: Option<&str>) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    // The parser removes ASCII tabs and newlines first.
    let cleaned: String = value
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    // The port state under a state override stops at the first code point
    // that is not an ASCII digit; with no digit before it, there is no port.
    let digits = cleaned
        .find(|c: char| !c.is_ascii_digit())
        .map_or(cleaned.as_str(), |end| cleaned.get(..end).unwrap_or(""));
    if digits.is_empty() {
        return Err(fail(Component::Port, value));
    }
    let scheme = protocol.filter(|p| !p.is_empty()).unwrap_or("fake");
    let mut url = dummy(&format!("{scheme}://dummy.invalid/"))
        .or_else(|| dummy("fake://dummy.invalid/"))
        .ok_or_else(|| fail(Component::Port, value))?;
    quirks::set_port(&mut url, digits).map_err(|_| fail(Component::Port, value))?;
    Ok(quirks::port(&url).to_owned())
}

/// "canonicalize a pathname": the path the parser's path start state makes
/// of `value` on the special dummy URL, where `\` reads as `/` (a leading
/// `/-` stands in for a missing leading slash and is removed again).
pub(crate) fn pathname(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let leading_slash = value.starts_with('/');
    let modified = if leading_slash {
        value.to_owned()
    } else {
        format!("/-{value}")
    };
    let mut url = dummy(DUMMY).ok_or_else(|| fail(Component::Pathname, value))?;
    quirks::set_pathname(&mut url, &modified).map_err(|_| fail(Component::Pathname, value))?;
    let path = quirks::pathname(&url);
    let path = if leading_slash {
        path
    } else {
        path.get(2..).unwrap_or("")
    };
    Ok(path.to_owned())
}

/// "canonicalize an opaque pathname": the URL parser's opaque path state on
/// a dummy URL whose path is empty, after the parser removed ASCII tabs and
/// newlines. The path ends at `?` or `#` (the state moves on to the query
/// or fragment, which the result leaves out); each code point is encoded
/// with the C0 control percent-encode set, and a space right before that
/// `?` or `#` becomes `%20`.
pub(crate) fn opaque_pathname(value: &str) -> Result<String, Error> {
    let value = without_tab_or_newline(value);
    let path = value.split(['?', '#']).next().unwrap_or_default();
    let mut result = encode(path, &pe::C0_CONTROL);
    if path.len() < value.len() && result.ends_with(' ') {
        result.pop();
        result.push_str("%20");
    }
    Ok(result)
}

/// "canonicalize a search": the query state's encoding on the special dummy
/// URL (special-query percent-encode set, which holds `'`), after the parser
/// removed ASCII tabs and newlines.
pub(crate) fn search(value: &str) -> Result<String, Error> {
    Ok(encode(&without_tab_or_newline(value), &pe::SPECIAL_QUERY))
}

/// "canonicalize a hash": the fragment state's encoding (fragment
/// percent-encode set), after the parser removed ASCII tabs and newlines.
pub(crate) fn hash(value: &str) -> Result<String, Error> {
    Ok(encode(&without_tab_or_newline(value), &pe::FRAGMENT))
}

/// The Standard's encoding callbacks: which canonicalization a component's
/// fixed text goes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    Protocol,
    Username,
    Password,
    Hostname,
    Ipv6Hostname,
    Port,
    Pathname,
    OpaquePathname,
    Search,
    Hash,
}

impl Encoding {
    /// Runs the callback on `value`.
    pub(crate) fn apply(self, value: &str) -> Result<String, Error> {
        match self {
            Encoding::Protocol => protocol(value),
            Encoding::Username => username(value),
            Encoding::Password => password(value),
            Encoding::Hostname => hostname(value),
            Encoding::Ipv6Hostname => ipv6_hostname(value),
            Encoding::Port => port(value, None),
            Encoding::Pathname => pathname(value),
            Encoding::OpaquePathname => opaque_pathname(value),
            Encoding::Search => search(value),
            Encoding::Hash => hash(value),
        }
    }
}
