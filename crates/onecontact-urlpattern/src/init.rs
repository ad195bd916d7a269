//! `URLPatternInit`: a pattern or an input given as component parts, and
//! the Standard's "process a URLPatternInit".

use onecontact_url::{Url, quirks};

use crate::Component;
use crate::canonicalize;
use crate::error::Error;
use crate::parser::escape_pattern_string;

/// A pattern or an input given component by component (the Standard's
/// `URLPatternInit` dictionary). A component left `None` is a wildcard in a
/// pattern (or inherited from `base_url`), and empty in an input.
///
/// ```
/// use onecontact_urlpattern::{UrlPattern, UrlPatternInit};
///
/// let init = UrlPatternInit { pathname: Some("/books/:id".into()), ..Default::default() };
/// let pattern = UrlPattern::from_init(&init)?;
/// assert!(pattern.test("https://example.com/books/12"));
/// # Ok::<(), onecontact_urlpattern::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UrlPatternInit {
    /// The scheme, without `:`.
    pub protocol: Option<String>,
    /// The username.
    pub username: Option<String>,
    /// The password.
    pub password: Option<String>,
    /// The host name (an IPv6 address in brackets).
    pub hostname: Option<String>,
    /// The port.
    pub port: Option<String>,
    /// The path.
    pub pathname: Option<String>,
    /// The query, without `?`.
    pub search: Option<String>,
    /// The fragment, without `#`.
    pub hash: Option<String>,
    /// A URL the components left out are taken from.
    pub base_url: Option<String>,
}

impl UrlPatternInit {
    /// The value of one component.
    pub fn get(&self, component: Component) -> Option<&str> {
        match component {
            Component::Protocol => self.protocol.as_deref(),
            Component::Username => self.username.as_deref(),
            Component::Password => self.password.as_deref(),
            Component::Hostname => self.hostname.as_deref(),
            Component::Port => self.port.as_deref(),
            Component::Pathname => self.pathname.as_deref(),
            Component::Search => self.search.as_deref(),
            Component::Hash => self.hash.as_deref(),
        }
    }

    /// The slot of one component.
    pub fn get_mut(&mut self, component: Component) -> &mut Option<String> {
        match component {
            Component::Protocol => &mut self.protocol,
            Component::Username => &mut self.username,
            Component::Password => &mut self.password,
            Component::Hostname => &mut self.hostname,
            Component::Port => &mut self.port,
            Component::Pathname => &mut self.pathname,
            Component::Search => &mut self.search,
            Component::Hash => &mut self.hash,
        }
    }
}

/// The "type" argument of "process a URLPatternInit".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InitKind {
    /// Building a pattern: values are pattern strings, kept as written.
    Pattern,
    /// Matching an input: values are canonicalized.
    Url,
}

/// "process a base URL string"
fn base_string(input: &str, kind: InitKind) -> String {
    match kind {
        InitKind::Pattern => escape_pattern_string(input),
        InitKind::Url => input.to_owned(),
    }
}

/// "is an absolute pathname"
fn is_absolute_pathname(input: &str, kind: InitKind) -> bool {
    let b = input.as_bytes();
    match b {
        [] => false,
        [b'/', ..] => true,
        _ if kind == InitKind::Url => false,
        [b'\\' | b'{', b'/', ..] => true,
        _ => false,
    }
}

/// "process a URLPatternInit"; for [`InitKind::Url`] every component starts
/// as the empty string.
pub(crate) fn process(init: &UrlPatternInit, kind: InitKind) -> Result<UrlPatternInit, Error> {
    let mut result = UrlPatternInit::default();
    if kind == InitKind::Url {
        for c in Component::ALL {
            *result.get_mut(c) = Some(String::new());
        }
    }
    let has = |c: Component| init.get(c).is_some();
    let mut base: Option<Url> = None;
    if let Some(base_text) = &init.base_url {
        let url = Url::parse(base_text).map_err(|_| Error::InvalidBaseUrl(base_text.clone()))?;
        use Component as C;
        if !has(C::Protocol) {
            result.protocol = Some(base_string(url.scheme(), kind));
        }
        if kind != InitKind::Pattern
            && !(has(C::Protocol) || has(C::Hostname) || has(C::Port) || has(C::Username))
        {
            result.username = Some(base_string(url.username(), kind));
        }
        if kind != InitKind::Pattern
            && !(has(C::Protocol)
                || has(C::Hostname)
                || has(C::Port)
                || has(C::Username)
                || has(C::Password))
        {
            result.password = Some(base_string(url.password().unwrap_or(""), kind));
        }
        if !(has(C::Protocol) || has(C::Hostname)) {
            result.hostname = Some(base_string(quirks::hostname(&url), kind));
        }
        if !(has(C::Protocol) || has(C::Hostname) || has(C::Port)) {
            result.port = Some(quirks::port(&url).to_owned());
        }
        if !(has(C::Protocol) || has(C::Hostname) || has(C::Port) || has(C::Pathname)) {
            result.pathname = Some(base_string(url.path(), kind));
        }
        if !(has(C::Protocol)
            || has(C::Hostname)
            || has(C::Port)
            || has(C::Pathname)
            || has(C::Search))
        {
            result.search = Some(base_string(url.query().unwrap_or(""), kind));
        }
        if !(has(C::Protocol)
            || has(C::Hostname)
            || has(C::Port)
            || has(C::Pathname)
            || has(C::Search)
            || has(C::Hash))
        {
            result.hash = Some(base_string(url.fragment().unwrap_or(""), kind));
        }
        base = Some(url);
    }
    let url_kind = kind == InitKind::Url;
    // "process protocol for init"
    if let Some(v) = &init.protocol {
        let stripped = v.strip_suffix(':').unwrap_or(v);
        result.protocol = Some(if url_kind {
            canonicalize::protocol(stripped)?
        } else {
            stripped.to_owned()
        });
    }
    // "process username for init", "process password for init"
    if let Some(v) = &init.username {
        result.username = Some(if url_kind {
            canonicalize::username(v)?
        } else {
            v.clone()
        });
    }
    if let Some(v) = &init.password {
        result.password = Some(if url_kind {
            canonicalize::password(v)?
        } else {
            v.clone()
        });
    }
    // "process hostname for init"
    if let Some(v) = &init.hostname {
        result.hostname = Some(if url_kind {
            canonicalize::hostname(v)?
        } else {
            v.clone()
        });
    }
    // "process port for init"
    if let Some(v) = &init.port {
        result.port = Some(if url_kind {
            canonicalize::port(v, result.protocol.as_deref())?
        } else {
            v.clone()
        });
    }
    if let Some(v) = &init.pathname {
        let mut pathname = v.clone();
        // A relative pathname is resolved against the base URL's path.
        if let Some(base) = base
            .as_ref()
            .filter(|b| !b.has_opaque_path() && !is_absolute_pathname(&pathname, kind))
        {
            let base_path = base_string(base.path(), kind);
            if let Some(slash) = base_path.rfind('/') {
                let mut joined = base_path.get(..=slash).unwrap_or("").to_owned();
                joined.push_str(&pathname);
                pathname = joined;
            }
        }
        // "process pathname for init"
        result.pathname = Some(if url_kind {
            match result.protocol.as_deref() {
                Some(p) if !p.is_empty() && !onecontact_url::is_special_scheme(p) => {
                    canonicalize::opaque_pathname(&pathname)?
                }
                _ => canonicalize::pathname(&pathname)?,
            }
        } else {
            pathname
        });
    }
    // "process search for init", "process hash for init"
    if let Some(v) = &init.search {
        let stripped = v.strip_prefix('?').unwrap_or(v);
        result.search = Some(if url_kind {
            canonicalize::search(stripped)?
        } else {
            stripped.to_owned()
        });
    }
    if let Some(v) = &init.hash {
        let stripped = v.strip_prefix('#').unwrap_or(v);
        result.hash = Some(if url_kind {
            canonicalize::hash(stripped)?
        } else {
            stripped.to_owned()
        });
    }
    Ok(result)
}
