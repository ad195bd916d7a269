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
    /// The URL Standard's reading of the text, when it is not the contact
    /// layer's ([`Reading::url`]).
    url: Option<Url>,
    /// Whether the contact layer's reading is the URL Standard's own, so
    /// that the `url_*` answers read it and the text is parsed once.
    url_is_web: bool,
    web: Option<Result<WebAddress, WebError>>,
    /// The key V1, computed only when asked for (`WebAddress::key` returns
    /// an owned string).
    key: Option<String>,
    /// The key V2, computed from the text only when asked for.
    key_v2: Option<String>,
    link: Option<LinkReport>,
    /// The lists the answers use.
    data: &'d Data,
}

impl<'d> Reading<'d> {
    /// Parses `text` the ways `needs` asks for: the contact layer reads it
    /// once for both the address and the link report.
    pub(crate) fn new(
        text: &str,
        needs: Needs,
        (want_key, want_key_v2): (bool, bool),
        data: &'d Data,
    ) -> Reading<'d> {
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
        let key_v2 = want_key_v2
            .then(|| onecontact::key_v2_with(text, data).ok())
            .flatten();
        let url_is_web = needs.url && matches!(&web, Some(Ok(web)) if standard_reading(text, web));
        let url = if needs.url && !url_is_web {
            Url::parse(text).ok()
        } else {
            None
        };
        Reading {
            url,
            url_is_web,
            web,
            key,
            key_v2,
            link,
            data,
        }
    }

    /// The URL Standard's reading of the text, when it is a URL.
    fn url(&self) -> Option<&Url> {
        match &self.web {
            Some(Ok(web)) if self.url_is_web => Some(web.url()),
            _ => self.url.as_ref(),
        }
    }

    /// The answers of this row, read from its parses: the URL's parts are
    /// looked up once for all the answers asked of the row.
    pub(crate) fn answers(&self) -> Answers<'_> {
        let web = self.web.as_ref().and_then(|w| w.as_ref().ok());
        Answers {
            parts: self.url().map(UrlParts::of),
            web,
            answered: web.filter(|_| self.url_is_web),
            reading: self,
        }
    }
}

/// The answers of one row ([`Reading::answers`]).
pub(crate) struct Answers<'r> {
    reading: &'r Reading<'r>,
    parts: Option<UrlParts<'r>>,
    web: Option<&'r WebAddress>,
    /// The address whose host's Public Suffix List answer is the URL's too
    /// (looked up once with the address), when the two readings are one.
    answered: Option<&'r WebAddress>,
}

impl<'r> Answers<'r> {
    /// The value of `answer` for this row.
    pub(crate) fn value(&self, answer: Answer) -> Value<'r> {
        let (parts, web, answered, reading) = (self.parts, self.web, self.answered, self.reading);
        match answer {
            Answer::UrlValid => Value::Boolean(parts.is_some()),
            Answer::UrlHref => text(parts.map(|p| p.href)),
            Answer::UrlScheme => text(parts.map(|p| p.scheme)),
            Answer::UrlHost => text(parts.and_then(|p| p.host)),
            Answer::UrlPort => parts.and_then(|p| p.port).map_or(Value::Null, Value::Port),
            Answer::UrlPath => text(parts.map(|p| p.path)),
            Answer::UrlQuery => text(parts.and_then(|p| p.query)),
            Answer::UrlFragment => text(parts.and_then(|p| p.fragment)),
            Answer::UrlRegistrableDomain => text(match answered {
                Some(web) => web.registrable_domain(),
                None => parts
                    .and_then(|p| p.domain)
                    .and_then(|d| reading.data.psl().registrable_domain(d)),
            }),
            Answer::UrlRegistrableDomainIcann => text(parts.and_then(|p| p.domain).and_then(|d| {
                reading
                    .data
                    .psl()
                    .lookup_with(d, onecontact::onecontact_psl::Sections::IcannOnly)
                    .registrable_domain()
            })),
            Answer::UrlPublicSuffix => text(match answered {
                Some(web) => web.public_suffix(),
                None => parts
                    .and_then(|p| p.domain)
                    .map(|d| reading.data.psl().suffix(d).as_str()),
            }),
            Answer::WebCanonical => text(web.map(WebAddress::canonical)),
            Answer::WebKeyV1 => text(reading.key.as_deref()),
            Answer::WebKeyV2 => text(reading.key_v2.as_deref()),
            Answer::WebError => match &reading.web {
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
                reading
                    .link
                    .as_ref()
                    .and_then(|l| l.max_severity)
                    .map(|s| s.name()),
            ),
            Answer::LinkWarnings => reading
                .link
                .as_ref()
                .map_or(Value::Null, |l| Value::Names(Names::Warnings(l))),
            Answer::LinkImitates => text(imitation(reading).map(|i| i.domain.as_str())),
            Answer::LinkImitationKind => text(imitation(reading).map(|i| i.kind.code())),
        }
    }
}

/// The imitation one of the row's link warnings names.
fn imitation<'r>(reading: &'r Reading<'_>) -> Option<&'r onecontact::inspect::Imitation> {
    reading
        .link
        .as_ref()?
        .warnings
        .iter()
        .find_map(|w| w.imitation.as_ref())
}

/// Whether the contact layer's reading of `text` is what the URL
/// Standard's parser makes of `text` itself: the scheme was written (no
/// `https://` assumed), and what reading trimmed the parser trims too (it
/// strips C0 controls and spaces only; reading also strips Unicode white
/// space and U+FEFF, which start with a byte of 0x80 or more).
fn standard_reading(text: &str, web: &WebAddress) -> bool {
    if web.flags().contains(WebFact::SchemeAssumed) {
        return false;
    }
    let inner = text.trim_matches(|c: char| c <= ' ');
    let ascii_end = |b: Option<&u8>| b.is_none_or(u8::is_ascii);
    ascii_end(inner.as_bytes().first()) && ascii_end(inner.as_bytes().last())
}
