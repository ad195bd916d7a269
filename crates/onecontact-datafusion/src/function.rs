//! The catalogue: every SQL function this crate provides, with its name,
//! result type and documentation.

use std::sync::{Arc, LazyLock};

use datafusion::arrow::datatypes::{DataType, Field, Fields};
use datafusion::logical_expr::{DocSection, Documentation};

/// One answer about a text, computed for each row. Each is a SQL function of
/// its own, and a field of the struct that `web_address` returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Answer {
    /// `url_valid`: whether the text is a URL by the URL Standard.
    UrlValid,
    /// `url_href`: the URL's serialization.
    UrlHref,
    /// `url_scheme`: the scheme, lowercase, without `:`.
    UrlScheme,
    /// `url_host`: the serialized host, without the port.
    UrlHost,
    /// `url_port`: the port, when written and not the scheme's default.
    UrlPort,
    /// `url_path`: the serialized path.
    UrlPath,
    /// `url_query`: the query without `?`.
    UrlQuery,
    /// `url_fragment`: the fragment without `#`.
    UrlFragment,
    /// `url_registrable_domain`: the registrable domain of a domain host.
    UrlRegistrableDomain,
    /// `url_registrable_domain_icann`: the same with the list's PRIVATE
    /// section left out.
    UrlRegistrableDomainIcann,
    /// `url_public_suffix`: the public suffix of a domain host.
    UrlPublicSuffix,
    /// `web_canonical`: the contact layer's canonical form.
    WebCanonical,
    /// `web_key_v1`: the de-duplication key, format V1.
    WebKeyV1,
    /// `web_key_v2`: the de-duplication key, format V2.
    WebKeyV2,
    /// `web_error`: the stable error code of text that is not an address.
    WebError,
    /// `web_facts`: the names of the facts that hold.
    WebFacts,
    /// `web_is_website`: whether the address is an `http`/`https` page.
    WebIsWebsite,
    /// `web_social_profile`: the social network of a profile address.
    WebSocialProfile,
    /// `link_max_severity`: the highest severity of the link warnings.
    LinkMaxSeverity,
    /// `link_warnings`: the codes of the link warnings, most serious first.
    LinkWarnings,
    /// `link_imitates`: the domain the host imitates, when it imitates one.
    LinkImitates,
    /// `link_imitation_kind`: the heuristic that found the imitation.
    LinkImitationKind,
}

/// What a function returns for each row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Boolean,
    Port,
    Text,
    TextList,
}

/// Which parses an answer needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Needs {
    pub url: bool,
    pub web: bool,
    pub link: bool,
}

impl Needs {
    pub(crate) fn union(self, other: Needs) -> Needs {
        Needs {
            url: self.url || other.url,
            web: self.web || other.web,
            link: self.link || other.link,
        }
    }
}

impl Answer {
    /// Every answer, in the order of `web_address`'s fields.
    pub const ALL: [Answer; 22] = [
        Answer::UrlValid,
        Answer::UrlHref,
        Answer::UrlScheme,
        Answer::UrlHost,
        Answer::UrlPort,
        Answer::UrlPath,
        Answer::UrlQuery,
        Answer::UrlFragment,
        Answer::UrlRegistrableDomain,
        Answer::UrlRegistrableDomainIcann,
        Answer::UrlPublicSuffix,
        Answer::WebCanonical,
        Answer::WebKeyV1,
        Answer::WebKeyV2,
        Answer::WebError,
        Answer::WebFacts,
        Answer::WebIsWebsite,
        Answer::WebSocialProfile,
        Answer::LinkMaxSeverity,
        Answer::LinkWarnings,
        Answer::LinkImitates,
        Answer::LinkImitationKind,
    ];

    /// The SQL function's name.
    pub fn function_name(self) -> &'static str {
        match self {
            Answer::UrlValid => "url_valid",
            Answer::UrlHref => "url_href",
            Answer::UrlScheme => "url_scheme",
            Answer::UrlHost => "url_host",
            Answer::UrlPort => "url_port",
            Answer::UrlPath => "url_path",
            Answer::UrlQuery => "url_query",
            Answer::UrlFragment => "url_fragment",
            Answer::UrlRegistrableDomain => "url_registrable_domain",
            Answer::UrlRegistrableDomainIcann => "url_registrable_domain_icann",
            Answer::UrlPublicSuffix => "url_public_suffix",
            Answer::WebCanonical => "web_canonical",
            Answer::WebKeyV1 => "web_key_v1",
            Answer::WebKeyV2 => "web_key_v2",
            Answer::WebError => "web_error",
            Answer::WebFacts => "web_facts",
            Answer::WebIsWebsite => "web_is_website",
            Answer::WebSocialProfile => "web_social_profile",
            Answer::LinkMaxSeverity => "link_max_severity",
            Answer::LinkWarnings => "link_warnings",
            Answer::LinkImitates => "link_imitates",
            Answer::LinkImitationKind => "link_imitation_kind",
        }
    }

    /// The field's name in the struct `web_address` returns: the function's
    /// name without the `web_` prefix of the contact layer's answers
    /// (`canonical`, `key_v1`, `error`, …).
    pub fn field_name(self) -> &'static str {
        let name = self.function_name();
        name.strip_prefix("web_").unwrap_or(name)
    }

    pub(crate) fn shape(self) -> Shape {
        match self {
            Answer::UrlValid | Answer::WebIsWebsite => Shape::Boolean,
            Answer::UrlPort => Shape::Port,
            Answer::WebFacts | Answer::LinkWarnings => Shape::TextList,
            _ => Shape::Text,
        }
    }

    pub(crate) fn needs(self) -> Needs {
        match self {
            Answer::UrlValid
            | Answer::UrlHref
            | Answer::UrlScheme
            | Answer::UrlHost
            | Answer::UrlPort
            | Answer::UrlPath
            | Answer::UrlQuery
            | Answer::UrlFragment
            | Answer::UrlRegistrableDomain
            | Answer::UrlRegistrableDomainIcann
            | Answer::UrlPublicSuffix => Needs {
                url: true,
                ..Needs::default()
            },
            // The key alone is computed straight from the text
            // (`onecontact::key_v1_with`), without building the address.
            // Key V2 reads the text itself (a paste read through, a
            // non-address refused), so it is always computed from the text.
            Answer::WebKeyV1 | Answer::WebKeyV2 => Needs::default(),
            Answer::WebCanonical
            | Answer::WebError
            | Answer::WebFacts
            | Answer::WebIsWebsite
            | Answer::WebSocialProfile => Needs {
                web: true,
                ..Needs::default()
            },
            Answer::LinkMaxSeverity
            | Answer::LinkWarnings
            | Answer::LinkImitates
            | Answer::LinkImitationKind => Needs {
                link: true,
                ..Needs::default()
            },
        }
    }

    /// The Arrow type of the answer: `Boolean`, `UInt16` (the port),
    /// `Utf8View`, or `List(Utf8View)`.
    pub fn data_type(self) -> DataType {
        match self.shape() {
            Shape::Boolean => DataType::Boolean,
            Shape::Port => DataType::UInt16,
            Shape::Text => DataType::Utf8View,
            Shape::TextList => DataType::List(Arc::new(list_item())),
        }
    }

    /// The SQL signature, a description and an example.
    fn doc(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Answer::UrlValid => (
                "url_valid(text) -> BOOLEAN",
                "Whether the text parses as a URL by the URL Standard (no base URL). \
                 False for text that does not, null for null.",
                "SELECT url_valid('https://example.com/'), url_valid('example.com');\n\
                 -- true, false",
            ),
            Answer::UrlHref => (
                "url_href(text) -> VARCHAR",
                "The serialization of the URL the text parses to (what a browser builds).",
                "SELECT url_href('HTTPS://EXAMPLE.com:443/a/../b');\n-- https://example.com/b",
            ),
            Answer::UrlScheme => (
                "url_scheme(text) -> VARCHAR",
                "The URL's scheme, lowercase, without the colon.",
                "SELECT url_scheme('MAILTO:someone@example.com');\n-- mailto",
            ),
            Answer::UrlHost => (
                "url_host(text) -> VARCHAR",
                "The URL's serialized host without the port (IPv6 in brackets); null when \
                 the URL has no host.",
                "SELECT url_host('https://[::1]:8080/');\n-- [::1]",
            ),
            Answer::UrlPort => (
                "url_port(text) -> SMALLINT UNSIGNED",
                "The URL's port; null when absent or equal to the scheme's default.",
                "SELECT url_port('https://example.com:8443/'), url_port('https://example.com:443/');\n\
                 -- 8443, NULL",
            ),
            Answer::UrlPath => (
                "url_path(text) -> VARCHAR",
                "The URL's serialized path.",
                "SELECT url_path('https://example.com/a/./b?q');\n-- /a/b",
            ),
            Answer::UrlQuery => (
                "url_query(text) -> VARCHAR",
                "The URL's query without `?`; null when the URL has none.",
                "SELECT url_query('https://example.com/?a=1#top');\n-- a=1",
            ),
            Answer::UrlFragment => (
                "url_fragment(text) -> VARCHAR",
                "The URL's fragment without `#`; null when the URL has none.",
                "SELECT url_fragment('https://example.com/#top');\n-- top",
            ),
            Answer::UrlRegistrableDomain => (
                "url_registrable_domain(text) -> VARCHAR",
                "The registrable domain (public suffix plus one label, by the Public Suffix \
                 List built into onecontact) of the URL's host; null for IP addresses, \
                 opaque hosts and hosts that are themselves a public suffix.",
                "SELECT url_registrable_domain('https://a.b.example.co.uk/');\n-- example.co.uk",
            ),
            Answer::UrlRegistrableDomainIcann => (
                "url_registrable_domain_icann(text) -> VARCHAR",
                "The registrable domain of the URL's host with the Public Suffix List's \
                 PRIVATE section left out (as tldextract does by default): platforms such as \
                 `github.io` count as ordinary domains; null for hosts that are not domains.",
                "SELECT url_registrable_domain_icann('https://alice.github.io/');\n-- github.io",
            ),
            Answer::UrlPublicSuffix => (
                "url_public_suffix(text) -> VARCHAR",
                "The public suffix of the URL's host (the implicit `*` rule applies to \
                 unlisted top-level labels); null for hosts that are not domains.",
                "SELECT url_public_suffix('https://a.b.example.co.uk/');\n-- co.uk",
            ),
            Answer::WebCanonical => (
                "web_canonical(text) -> VARCHAR",
                "The canonical form of a web address as people paste it (`https://` assumed \
                 when no scheme is written, tracking parameters and fragment removed); null \
                 when the text is not an address (see `web_error`).",
                "SELECT web_canonical('Example.com/shop?utm_source=mail#top');\n\
                 -- https://example.com/shop",
            ),
            Answer::WebKeyV1 => (
                "web_key_v1(text) -> VARCHAR",
                "The de-duplication key, format V1: equal for addresses of the same page of \
                 the same organization; null when the text is not an address.",
                "SELECT web_key_v1('http://user:pw@EXAMPLE.com:80/#x');\n-- example.com",
            ),
            Answer::WebKeyV2 => (
                "web_key_v2(text) -> VARCHAR",
                "The de-duplication key, format V2: key V1 with the owners of shared \
                 hosting kept apart, the path's case kept, escapes normalized in the query, \
                 more tracking parameters removed, link wrappers unwrapped and pasted quotes \
                 and brackets read through; null when the text is not an address (`n/a`, \
                 `TBD` included).",
                "SELECT web_key_v2('\"https://scmga.tripod.com/index.html\"');\n-- scmga.tripod.com",
            ),
            Answer::WebError => (
                "web_error(text) -> VARCHAR",
                "The stable error code (`web.host-missing`, `web.invalid-host`, \
                 `web.invalid-port`, `web.invalid-url`) of text that is not a web address; \
                 null when it is one, and for null.",
                "SELECT web_error('https://exa mple.com'), web_error('example.com');\n\
                 -- web.invalid-host, NULL",
            ),
            Answer::WebFacts => (
                "web_facts(text) -> ARRAY<VARCHAR>",
                "The names of the facts that hold for the address (`scheme_assumed`, \
                 `ip_host`, `internationalized_domain`, `non_web_scheme`, `has_credentials`, \
                 `tracking_parameters_removed`, `fragment_removed`), in a fixed order; null \
                 when the text is not an address.",
                "SELECT web_facts('example.com/#top');\n-- [scheme_assumed, fragment_removed]",
            ),
            Answer::WebIsWebsite => (
                "web_is_website(text) -> BOOLEAN",
                "Whether the address is a web page (`http` or `https`); null when the text \
                 is not an address.",
                "SELECT web_is_website('mailto:a@example.com');\n-- false",
            ),
            Answer::WebSocialProfile => (
                "web_social_profile(text) -> VARCHAR",
                "The name of the social network whose profile the address has the shape of; \
                 null when it has none, or is not an address.",
                "SELECT web_social_profile('https://www.linkedin.com/in/jane');\n-- linkedin",
            ),
            Answer::LinkMaxSeverity => (
                "link_max_severity(text) -> VARCHAR",
                "The highest severity (`info`, `warning`, `danger`) of the warnings link \
                 inspection raises about the text; null when it raises none. Text that is \
                 not a URL is inspected as typed.",
                "SELECT link_max_severity('https://paypal.com@evil.example/');\n-- danger",
            ),
            Answer::LinkWarnings => (
                "link_warnings(text) -> ARRAY<VARCHAR>",
                "The stable codes of the warnings link inspection raises, most serious \
                 first; an empty list when there are none.",
                "SELECT link_warnings('https://paypal.com@evil.example/');\n\
                 -- [userinfo-looks-like-host]",
            ),
            Answer::LinkImitates => (
                "link_imitates(text) -> VARCHAR",
                "The popular domain the link's host imitates (the one to suggest instead), \
                 found by Chromium's lookalike heuristics; null when it imitates none.",
                "SELECT link_imitates('https://paypal-login.com/');\n-- paypal.com",
            ),
            Answer::LinkImitationKind => (
                "link_imitation_kind(text) -> VARCHAR",
                "The heuristic that found the imitation (`skeleton-match-top-bucket`, \
                 `edit-distance`, `character-swap`, `target-embedding`, `tail-embedding`, \
                 `combo-squatting`, …; docs/web.md lists them); null when the host imitates \
                 no domain.",
                "SELECT link_imitation_kind('https://paypal-login.com/');\n-- combo-squatting",
            ),
        }
    }

    pub(crate) fn documentation(self) -> &'static Documentation {
        static DOCS: LazyLock<Vec<Documentation>> = LazyLock::new(|| {
            Answer::ALL
                .iter()
                .map(|a| {
                    let (syntax, description, example) = a.doc();
                    document(a.section(), description, syntax, example)
                })
                .collect()
        });
        static FALLBACK: LazyLock<Documentation> =
            LazyLock::new(|| document(SECTION_URL, "", "", ""));
        let at = Answer::ALL.iter().position(|a| *a == self);
        at.and_then(|i| DOCS.get(i)).unwrap_or(&FALLBACK)
    }

    fn section(self) -> DocSection {
        match self.needs() {
            Needs { url: true, .. } => SECTION_URL,
            Needs { web: true, .. } => SECTION_WEB,
            _ => SECTION_LINK,
        }
    }
}

const SECTION_URL: DocSection = DocSection {
    include: true,
    label: "URL parts (onecontact)",
    description: Some(
        "The parts of a URL by the URL Standard, and its Public Suffix List domains.",
    ),
};
const SECTION_WEB: DocSection = DocSection {
    include: true,
    label: "Web addresses (onecontact)",
    description: Some("Web addresses as people paste them: canonical form, key, facts."),
};
const SECTION_LINK: DocSection = DocSection {
    include: true,
    label: "Link inspection (onecontact)",
    description: Some("Warnings about links that lie about where they go."),
};

fn document(section: DocSection, description: &str, syntax: &str, example: &str) -> Documentation {
    Documentation::builder(section, description, syntax)
        .with_sql_example(format!("```sql\n{example}\n```"))
        .with_argument(
            "text",
            "The address: a string column or literal (Utf8, LargeUtf8 or Utf8View); \
             cast other types to VARCHAR.",
        )
        .build()
}

/// The item field of the list answers (`web_facts`, `link_warnings`).
pub(crate) fn list_item() -> Field {
    Field::new("item", DataType::Utf8View, true)
}

/// The fields of the struct that `web_address` returns: one per [`Answer`],
/// in the order of [`Answer::ALL`], named by [`Answer::field_name`].
pub fn address_fields() -> Fields {
    Answer::ALL
        .iter()
        .map(|a| Field::new(a.field_name(), a.data_type(), true))
        .collect()
}

/// The documentation of `web_address`.
pub(crate) fn address_documentation() -> &'static Documentation {
    static DOC: LazyLock<Documentation> = LazyLock::new(|| {
        document(
            SECTION_WEB,
            "All answers for one text at once, as a struct with one field per function \
             (`url_valid`, `url_href`, …, `canonical`, `key_v1`, `error`, `facts`, \
             `is_website`, `social_profile`, `link_max_severity`, `link_warnings`): the \
             text is parsed once for all of them. Null for null; text that is not an \
             address gives a struct whose `error` field holds the code.",
            "web_address(text) -> STRUCT<...>",
            "SELECT a['key_v1'], a['canonical'], a['error'] FROM \
             (SELECT web_address(url) AS a FROM contacts);",
        )
    });
    &DOC
}
