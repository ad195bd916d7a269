//! One row: the parses its answers need, done once per row, and the
//! answers read from them.
//!
//! Every use of [`onecontact_url::Url`]'s accessors is in [`UrlParts::of`].

use onecontact::{Data, KeyVersion, LinkReport, WebAddress, WebError, WebFact};
use onecontact_url::Url;

use crate::function::{Answer, Needs};

/// The parts of a URL that the `url_*` functions return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct UrlParts<'a> {
    pub href: &'a str,
    pub scheme: &'a str,
    pub host: Option<&'a str>,
    /// The host when it is a domain (not an IP address or opaque host).
    pub domain: Option<&'a str>,
    pub port: Option<u16>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl<'a> UrlParts<'a> {
    /// The only place that reads `Url`'s accessors.
    pub(crate) fn of(url: &'a Url) -> UrlParts<'a> {
        UrlParts {
            href: url.as_str(),
            scheme: url.scheme(),
            host: url.host_str(),
            domain: url.domain(),
            port: url.port(),
            path: url.path(),
            query: url.query(),
            fragment: url.fragment(),
        }
    }
}

/// A value of one answer for one row, borrowed from the reading where it can
/// be.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Value<'a> {
    Null,
    Boolean(bool),
    Port(u16),
    Text(&'a str),
    /// A list of static names (fact names, warning codes).
    Names(Names<'a>),
}

/// The names of a list answer, read lazily from the reading.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Names<'a> {
    Facts(onecontact::WebFlags),
    Warnings(&'a LinkReport),
}

impl Names<'_> {
    pub(crate) fn for_each(&self, mut f: impl FnMut(&'static str)) {
        match self {
            Names::Facts(flags) => flags.iter().for_each(|fact: WebFact| f(fact.name())),
            Names::Warnings(report) => report.warnings.iter().for_each(|w| f(w.code.code())),
        }
    }
}

fn text(s: Option<&str>) -> Value<'_> {
    s.map_or(Value::Null, Value::Text)
}

/// The parses of one row's text.
pub(crate) struct Reading<'d> {
    url: Option<Url>,
    web: Option<Result<WebAddress, WebError>>,
    /// The key V1, computed only when asked for (`WebAddress::key` returns
    /// an owned string).
    key: Option<String>,
    link: Option<LinkReport>,
    /// The lists the answers use.
    data: &'d Data,
}

impl<'d> Reading<'d> {
    /// Parses `text` the ways `needs` asks for: the contact layer reads it
    /// once for both the address and the link report.
    pub(crate) fn new(text: &str, needs: Needs, want_key: bool, data: &'d Data) -> Reading<'d> {
        let url = if needs.url {
            Url::parse(text).ok()
        } else {
            None
        };
        let (web, link) = match (needs.web, needs.link) {
            (true, true) => {
                let (link, web) = onecontact::inspect::inspect_and_parse(text, data);
                (Some(web), Some(link))
            }
            (true, false) => (Some(WebAddress::parse_with(text, data)), None),
            (false, true) => (None, Some(onecontact::inspect::inspect_with(text, data))),
            (false, false) => (None, None),
        };
        // From the address when the row needs it anyway, else straight
        // from the text: the same key either way.
        let key = match (&web, want_key) {
            (_, false) | (Some(Err(_)), true) => None,
            (Some(Ok(web)), true) => Some(web.key(KeyVersion::V1)),
            (None, true) => onecontact::key_v1_with(text, data).ok(),
        };
        Reading {
            url,
            web,
            key,
            link,
            data,
        }
    }

    /// The value of `answer` for this row.
    pub(crate) fn value(&self, answer: Answer) -> Value<'_> {
        let parts = self.url.as_ref().map(UrlParts::of);
        let web = self.web.as_ref().and_then(|w| w.as_ref().ok());
        match answer {
            Answer::UrlValid => Value::Boolean(parts.is_some()),
            Answer::UrlHref => text(parts.map(|p| p.href)),
            Answer::UrlScheme => text(parts.map(|p| p.scheme)),
            Answer::UrlHost => text(parts.and_then(|p| p.host)),
            Answer::UrlPort => parts.and_then(|p| p.port).map_or(Value::Null, Value::Port),
            Answer::UrlPath => text(parts.map(|p| p.path)),
            Answer::UrlQuery => text(parts.and_then(|p| p.query)),
            Answer::UrlFragment => text(parts.and_then(|p| p.fragment)),
            Answer::UrlRegistrableDomain => text(
                parts
                    .and_then(|p| p.domain)
                    .and_then(|d| self.data.psl().registrable_domain(d)),
            ),
            Answer::UrlPublicSuffix => text(
                parts
                    .and_then(|p| p.domain)
                    .map(|d| self.data.psl().suffix(d).as_str()),
            ),
            Answer::WebCanonical => text(web.map(WebAddress::canonical)),
            Answer::WebKeyV1 => text(self.key.as_deref()),
            Answer::WebError => match &self.web {
                Some(Err(e)) => Value::Text(e.code()),
                _ => Value::Null,
            },
            Answer::WebFacts => web.map_or(Value::Null, |w| Value::Names(Names::Facts(w.flags()))),
            Answer::WebIsWebsite => web.map_or(Value::Null, |w| Value::Boolean(w.is_website())),
            Answer::WebSocialProfile => text(
                web.and_then(|w| w.social_profile())
                    .map(|p| p.network.name()),
            ),
            Answer::LinkMaxSeverity => text(
                self.link
                    .as_ref()
                    .and_then(|l| l.max_severity)
                    .map(|s| s.name()),
            ),
            Answer::LinkWarnings => self
                .link
                .as_ref()
                .map_or(Value::Null, |l| Value::Names(Names::Warnings(l))),
        }
    }
}
