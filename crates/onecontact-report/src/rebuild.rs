//! [`rebuild`]: edits through the URL Standard's setters and the
//! parameter list.

use std::str::FromStr;

use onecontact_url::search_params::SearchParams;
use onecontact_url::{SetterError, Url, quirks};

use crate::error::{Role, ToolError};
use crate::read_options::{ReadOptions, read, read_base};

/// A field of a URL that [`Edit::Set`] changes, through the setter of the
/// same name in the URL Standard's API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum UrlField {
    /// The whole URL (`href`).
    Href,
    /// The scheme (`protocol`).
    Scheme,
    /// The user name.
    Username,
    /// The password.
    Password,
    /// Host and port (`host`).
    Host,
    /// The host without port (`hostname`).
    Hostname,
    /// The port; empty removes it.
    Port,
    /// The path (`pathname`).
    Path,
    /// The query (`search`); empty removes it.
    Query,
    /// The fragment (`hash`); empty removes it.
    Fragment,
}

impl UrlField {
    /// Every field, for help texts.
    pub const ALL: [UrlField; 10] = [
        UrlField::Href,
        UrlField::Scheme,
        UrlField::Username,
        UrlField::Password,
        UrlField::Host,
        UrlField::Hostname,
        UrlField::Port,
        UrlField::Path,
        UrlField::Query,
        UrlField::Fragment,
    ];

    /// The field's name (`scheme`, `host`, …).
    pub fn name(self) -> &'static str {
        match self {
            UrlField::Href => "href",
            UrlField::Scheme => "scheme",
            UrlField::Username => "username",
            UrlField::Password => "password",
            UrlField::Host => "host",
            UrlField::Hostname => "hostname",
            UrlField::Port => "port",
            UrlField::Path => "path",
            UrlField::Query => "query",
            UrlField::Fragment => "fragment",
        }
    }

    fn apply(self, url: &mut Url, value: &str) -> Result<(), SetterError> {
        match self {
            UrlField::Href => quirks::set_href(url, value),
            UrlField::Scheme => quirks::set_protocol(url, value),
            UrlField::Username => quirks::set_username(url, value),
            UrlField::Password => quirks::set_password(url, value),
            UrlField::Host => quirks::set_host(url, value),
            UrlField::Hostname => quirks::set_hostname(url, value),
            UrlField::Port => quirks::set_port(url, value),
            UrlField::Path => quirks::set_pathname(url, value),
            UrlField::Query => quirks::set_search(url, value),
            UrlField::Fragment => quirks::set_hash(url, value),
        }
    }

    /// The URL's current value of this field.
    fn get(self, url: &Url) -> String {
        match self {
            UrlField::Href => url.as_str(),
            UrlField::Scheme => url.scheme(),
            UrlField::Username => url.username(),
            UrlField::Password => quirks::password(url),
            UrlField::Host => quirks::host(url),
            UrlField::Hostname => quirks::hostname(url),
            UrlField::Port => quirks::port(url),
            UrlField::Path => url.path(),
            UrlField::Query => quirks::search(url),
            UrlField::Fragment => quirks::hash(url),
        }
        .to_owned()
    }
}

impl std::fmt::Display for UrlField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`UrlField::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown URL field {0:?}; use one of href, scheme (protocol), username (user), password, host, \
     hostname, port, path (pathname), query (search), fragment (hash)"
)]
pub struct UnknownField(pub String);

impl FromStr for UrlField {
    type Err = UnknownField;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "href" | "url" => UrlField::Href,
            "scheme" | "protocol" => UrlField::Scheme,
            "username" | "user" => UrlField::Username,
            "password" | "pass" => UrlField::Password,
            "host" => UrlField::Host,
            "hostname" => UrlField::Hostname,
            "port" => UrlField::Port,
            "path" | "pathname" => UrlField::Path,
            "query" | "search" => UrlField::Query,
            "fragment" | "hash" => UrlField::Fragment,
            _ => return Err(UnknownField(s.to_owned())),
        })
    }
}

/// Reads a field by any name [`UrlField::from_str`] takes (`pathname`,
/// `search` and `hash` included), so JSON written for the JavaScript names
/// works too.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for UrlField {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// One edit of [`rebuild`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Edit {
    /// Set a field through its setter.
    Set {
        /// The field.
        field: UrlField,
        /// The new value.
        value: String,
    },
    /// Set a query parameter: the first pair with this name gets the value,
    /// later ones are removed; appended when absent (`URLSearchParams.set`).
    Param {
        /// The name (not encoded).
        name: String,
        /// The value (not encoded).
        value: String,
    },
    /// Remove every query parameter with this name.
    DropParam {
        /// The name (not encoded).
        name: String,
    },
}

impl Edit {
    fn describe(&self) -> String {
        match self {
            Edit::Set { field, value } => format!("{field}={value}"),
            Edit::Param { name, value } => format!("param {name}={value}"),
            Edit::DropParam { name } => format!("drop param {name}"),
        }
    }
}

/// What one edit did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct EditStep {
    /// The edit, described (`host=example.org`, `param a=1`).
    pub edit: String,
    /// The URL after the edit.
    pub url: String,
    /// Whether the edit changed the URL (setters ignore some values, as
    /// the Standard says, e.g. a path on a URL with an opaque path).
    pub changed: bool,
    /// For [`Edit::Set`], the field's value afterwards as the URL's getter
    /// gives it (a default port reads as empty, for example).
    pub field_value: Option<String>,
}

/// What [`rebuild`] produced.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RebuildReport {
    /// The normalized URL before the edits.
    pub original: String,
    /// The URL after every edit.
    pub url: String,
    /// Each edit in order.
    pub steps: Vec<EditStep>,
}

/// Why a setter refused, in words.
fn refusal_reason(error: &SetterError, value: &str) -> String {
    match error {
        SetterError::Invalid(parse) => onecontact::WebError::message_for(
            parse,
            Some(value),
            value.get(parse.offset()..).unwrap_or_default(),
        ),
        other => other.to_string(),
    }
}

/// Applies `edits` in order to the URL read from `text`.
///
/// ```
/// use onecontact_report::{rebuild, Edit, UrlField};
///
/// let edits = [
///     Edit::Set { field: UrlField::Host, value: "example.org:8080".into() },
///     Edit::Param { name: "q".into(), value: "a b".into() },
///     Edit::DropParam { name: "x".into() },
/// ];
/// let r = rebuild("https://example.com/p?x=1&q=old", &edits, &Default::default()).unwrap();
/// assert_eq!(r.url, "https://example.org:8080/p?q=a+b");
/// ```
///
/// # Errors
///
/// [`ToolError::Refused`] naming the value a setter refused and why;
/// [`ToolError`] when the text is not a URL.
pub fn rebuild(
    text: &str,
    edits: &[Edit],
    options: &ReadOptions,
) -> Result<RebuildReport, ToolError> {
    let base = read_base(options)?;
    let mut url = read(text, base.as_ref(), options, Role::Input)?
        .into_url()
        .map_err(|e| ToolError::unreadable(Role::Input, &e))?;
    let original = url.as_str().to_owned();
    let mut steps = Vec::with_capacity(edits.len());
    for edit in edits {
        let before = url.as_str().to_owned();
        match edit {
            Edit::Set { field, value } => {
                field
                    .apply(&mut url, value)
                    .map_err(|e| ToolError::Refused {
                        field: field.name(),
                        value: value.clone(),
                        reason: refusal_reason(&e, value),
                    })?;
            }
            Edit::Param { name, value } => {
                let mut params = SearchParams::from_query(url.query().unwrap_or_default());
                params.set(name, value);
                quirks::set_search(&mut url, &params.serialize()).map_err(|e| {
                    ToolError::Refused {
                        field: "param",
                        value: format!("{name}={value}"),
                        reason: refusal_reason(&e, value),
                    }
                })?;
            }
            Edit::DropParam { name } => {
                if let Some(query) = url.query() {
                    let mut params = SearchParams::from_query(query);
                    params.delete(name, None);
                    quirks::set_search(&mut url, &params.serialize()).map_err(|e| {
                        ToolError::Refused {
                            field: "drop-param",
                            value: name.clone(),
                            reason: refusal_reason(&e, name),
                        }
                    })?;
                }
            }
        }
        let field_value = match edit {
            Edit::Set { field, .. } => Some(field.get(&url)),
            _ => None,
        };
        steps.push(EditStep {
            edit: edit.describe(),
            field_value,
            changed: url.as_str() != before,
            url: url.as_str().to_owned(),
        });
    }
    Ok(RebuildReport {
        original,
        url: url.as_str().to_owned(),
        steps,
    })
}
