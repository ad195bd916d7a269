//! [`WebAddress`]: parsing, canonical form, key, facts and offsets.

use std::ops::Range;

use onecontact_psl::{Answer, DetachedAnswer, List, Sections};
use onecontact_url::{Host, InputSpans, Url};

use crate::data::Data;
use crate::host::HostAnswer;

use crate::detail::{ParseDetail, Spans};
use crate::error::WebError;
use crate::facts::{WebFact, WebFacts, WebFlags};
use crate::gigo::Gigo;
use crate::key::v2_steps::{KeyV2Decision, MAX_WRAPPERS, V2Parts, push_key_v2};
use crate::key::{self, KeyParts, KeyVersion};
use crate::reading::{Read, Reader, Reading, SchemeSource};
use crate::social::{self, SocialProfile};
use crate::tracking;
use crate::wrapper::{self, Unwrapped, WrapperLayer};

/// A parsed web address: the URL a browser would build from the text, its
/// canonical form, facts about it and where its parts were written.
///
/// ```
/// use onecontact::{KeyVersion, WebAddress};
///
/// let a = WebAddress::parse("https://www.Example.com/About/?b=2&a=1&fbclid=x")?;
/// let b = WebAddress::parse("example.com/about?a=1&b=2")?;
/// assert_eq!(a.canonical(), "https://www.example.com/About/?b=2&a=1");
/// assert_eq!(a.key(KeyVersion::V1), b.key(KeyVersion::V1));
/// # Ok::<(), onecontact::WebError>(())
/// ```
#[derive(Debug, Clone)]
pub struct WebAddress {
    url: Url,
    /// The canonical form and the removed names when tracking parameters
    /// were removed; `None` otherwise, when the canonical form is the URL's
    /// serialization without its fragment.
    cleaned: Option<Box<Cleaned>>,
    /// Where the fields were written.
    places: Places,
    /// The length of what was put in front of the text (`https://`); not 0
    /// when the scheme was assumed.
    prefix_len: u8,
    /// What kind of host the URL has, looked up once.
    host: HostClass,
    /// Whether the scheme as typed looks mistyped ([`WebFact::SchemeMistyped`]).
    scheme_mistyped: bool,
    /// The Public Suffix List's answer for a domain host, looked up once
    /// when the address is built, with the list of the [`Data`] given.
    site: Option<DetachedAnswer>,
}

/// What removing tracking parameters left and took.
#[derive(Debug, Clone)]
struct Cleaned {
    /// The canonical form.
    canonical: Box<str>,
    /// Byte ranges, in the serialization, of the removed parameters' names.
    removed: Vec<Range<usize>>,
}

/// Where the fields of a [`WebAddress`] were written in the text given.
#[derive(Debug, Clone)]
enum Places {
    /// The trimmed text is the URL's serialization (after the assumed
    /// prefix), and each field is where the serialization has it
    /// ([`serialization_spans`]), `lead_units` UTF-16 units into the text
    /// given.
    Serialization { lead_units: u32 },
    /// The spans the parser recorded, in UTF-16 units of the text given
    /// (boxed: few texts differ from their serialization, and a small
    /// address moves cheaply).
    Written(Box<Spans>),
}

/// The host kinds the key and the social-profile shapes tell apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HostClass {
    /// The URL has no host (`mailto:a@b`).
    Null,
    /// A domain.
    Domain,
    /// An IPv4 or IPv6 address.
    Ip,
    /// An opaque host or the empty host.
    Other,
}

impl WebAddress {
    /// Parses `text` as a web address.
    ///
    /// White space around the text is ignored. When no scheme is written
    /// (see the crate documentation for what counts as written), `https://`
    /// is assumed and [`WebFact::SchemeAssumed`] is set, so
    /// `localhost:3000/x` is the host `localhost` with port 3000. A relative
    /// reference (`/a`, `?q`, `#f`, `../x`) is refused: it needs a base
    /// (see [`Reader::base`] and [`WebAddress::from_reading`]).
    ///
    /// This is `WebAddress::from_reading(Reader::new().read(text))`: one
    /// parse, whose spans [`detail`](Self::detail) reports, and one lookup
    /// in the compiled-in Public Suffix List ([`Data::baked`]; see
    /// [`parse_with`](Self::parse_with) for another list).
    ///
    /// # Errors
    ///
    /// A [`WebError`] whose [`code`](WebError::code) is `web.host-missing`,
    /// `web.invalid-host`, `web.invalid-port` or `web.invalid-url`.
    pub fn parse(text: &str) -> Result<WebAddress, WebError> {
        WebAddress::parse_with_list(text, List::baked())
    }

    /// [`parse`](Self::parse) with the lists of `data` (a Public Suffix List
    /// loaded at run time, say): the registrable domain, the key and
    /// everything built on them use that list.
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse).
    pub fn parse_with(text: &str, data: &Data) -> Result<WebAddress, WebError> {
        WebAddress::parse_with_list(text, data.psl())
    }

    #[inline(always)]
    pub(crate) fn parse_with_list(text: &str, list: &List) -> Result<WebAddress, WebError> {
        let mut spans = InputSpans::default();
        let (read, url) = Reader::new().read_into(text, &mut spans, &mut Vec::new());
        Ok(WebAddress::build(
            url?,
            &read,
            &spans,
            #[inline(always)]
            |domain| list.lookup(domain).detach(),
        ))
    }

    /// The web address of a text already read (see [`Reader`]); the
    /// reading's URL, spans and offsets are taken as they are.
    ///
    /// ```
    /// use onecontact::{Reader, WebAddress};
    ///
    /// let reading = Reader::new().validation_errors(true).read("Example.com/a?utm_source=x");
    /// assert!(!reading.validation_errors().is_empty() || reading.url().is_ok());
    /// let web = WebAddress::from_reading(reading)?;
    /// assert_eq!(web.canonical(), "https://example.com/a");
    /// # Ok::<(), onecontact::WebError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The reading's [`WebError`] when the text is not a URL.
    pub fn from_reading(reading: Reading<'_>) -> Result<WebAddress, WebError> {
        WebAddress::from_reading_with(reading, &Data::baked())
    }

    /// [`from_reading`](Self::from_reading) with the lists of `data`.
    ///
    /// # Errors
    ///
    /// The reading's [`WebError`] when the text is not a URL.
    pub fn from_reading_with(reading: Reading<'_>, data: &Data) -> Result<WebAddress, WebError> {
        let (read, url, spans) = reading.into_parts();
        let list = data.psl();
        Ok(WebAddress::build(url?, &read, &spans, |domain| {
            list.lookup(domain).detach()
        }))
    }

    /// [`from_reading_with`](Self::from_reading_with) for a reading whose
    /// host was already answered ([`HostAnswer`], from
    /// [`LinkReport::host`](crate::LinkReport::host) of the same reading,
    /// say): the address takes its lookup instead of looking the host up
    /// again. An answer without a lookup (the default) is looked up here
    /// with the list of `data`.
    ///
    /// # Errors
    ///
    /// The reading's [`WebError`] when the text is not a URL.
    pub fn from_reading_looked_up(
        reading: Reading<'_>,
        host: &HostAnswer,
        data: &Data,
    ) -> Result<WebAddress, WebError> {
        let (read, url, spans) = reading.into_parts();
        let list = data.psl();
        Ok(WebAddress::build(url?, &read, &spans, |domain| {
            host.detached()
                .unwrap_or_else(|| list.lookup(domain).detach())
        }))
    }

    // Inlined into `parse`, so that the value is built where it is returned.
    #[inline(always)]
    fn build(
        url: Url,
        read: &Read<'_>,
        spans: &InputSpans,
        lookup: impl FnOnce(&str) -> DetachedAnswer,
    ) -> WebAddress {
        let prefix_len = read.prefix.len();
        debug_assert_eq!(prefix_len != 0, read.scheme == SchemeSource::Assumed);
        let trimmed = read.text;
        // A domain is the common case: `domain()` reads the stored host kind
        // without building a typed `Host`.
        let host_class = if url.domain().is_some() {
            HostClass::Domain
        } else {
            match url.host() {
                None => HostClass::Null,
                Some(Host::Ipv4(_) | Host::Ipv6(_)) => HostClass::Ip,
                Some(_) => HostClass::Other,
            }
        };
        let site = match host_class {
            HostClass::Domain => url.host_str().map(lookup),
            _ => None,
        };
        let href = url.as_str();
        let lead_units = read.lead_units();
        let places = if href.get(prefix_len..) == Some(trimmed) && spans_follow_serialization(&url)
        {
            Places::Serialization {
                lead_units: u32::try_from(lead_units).unwrap_or(u32::MAX),
            }
        } else {
            Places::Written(Box::new(
                field_spans(spans).bytes_to_utf16(trimmed, lead_units),
            ))
        };
        let end = url.without_fragment().len();
        let mut cleaned = None;
        if let Some(query) = url.query() {
            let query_start = end.saturating_sub(query.len());
            let mut removed = Vec::new();
            if let Some(kept) = tracking::strip_tracking_parameters(query, &mut removed) {
                for range in &mut removed {
                    *range = range.start + query_start..range.end + query_start;
                }
                // Without the `?` when nothing is left.
                let before = href.get(..query_start.saturating_sub(1)).unwrap_or_gigo();
                let mut text = String::with_capacity(before.len() + 1 + kept.len());
                text.push_str(before);
                if !kept.is_empty() {
                    text.push('?');
                    text.push_str(&kept);
                }
                cleaned = Some(Box::new(Cleaned {
                    canonical: text.into_boxed_str(),
                    removed,
                }));
            }
        }
        let scheme_mistyped =
            crate::inspect::paste::scheme_mistyped(trimmed, prefix_len != 0, &url);
        WebAddress {
            url,
            cleaned,
            places,
            prefix_len: u8::try_from(prefix_len).unwrap_or_gigo(),
            host: host_class,
            scheme_mistyped,
            site,
        }
    }

    /// The Public Suffix List's answer for the host, when it is a domain:
    /// public suffix, registrable domain, section and rule, as looked up
    /// once when the address was built (no second lookup).
    ///
    /// ```
    /// use onecontact::WebAddress;
    /// use onecontact_psl::Section;
    ///
    /// let web = WebAddress::parse("https://alice.github.io/blog")?;
    /// let answer = web.psl_answer().unwrap();
    /// assert_eq!(answer.public_suffix(), "github.io");
    /// assert_eq!(answer.section(), Some(Section::Private));
    /// assert_eq!(web.registrable_domain(), Some("alice.github.io"));
    /// assert_eq!(WebAddress::parse("http://192.0.2.1/")?.psl_answer(), None);
    /// # Ok::<(), onecontact::WebError>(())
    /// ```
    pub fn psl_answer(&self) -> Option<Answer<'_>> {
        let site = self.site?;
        Some(site.attach(self.url.host_str()?))
    }

    /// The registrable domain of the host (who controls it), when the host
    /// is a domain that has one.
    #[inline]
    pub fn registrable_domain(&self) -> Option<&str> {
        self.site?.registrable_domain_in(self.url.host_str()?)
    }

    /// The public suffix of the host, when the host is a domain.
    pub fn public_suffix(&self) -> Option<&str> {
        Some(self.psl_answer()?.public_suffix())
    }

    /// [`psl_answer`](Self::psl_answer) with the sections of the list to
    /// use: [`Sections::IcannOnly`] leaves the PRIVATE section out (the
    /// registrable domain of `alice.github.io` is then `github.io`), the way
    /// tools that read only the ICANN section answer. `data` is the one the
    /// address was built with.
    ///
    /// The answer kept in the address is given again, without a second
    /// lookup, for [`Sections::All`] and whenever the rule that decided it
    /// is not a PRIVATE one (leaving that section out changes nothing then);
    /// a host under a PRIVATE rule is looked up once more in the ICANN
    /// section. The key ([`key`](Self::key)) is defined on the whole list
    /// and does not depend on this choice.
    ///
    /// ```
    /// use onecontact::onecontact_psl::Sections;
    /// use onecontact::{Data, WebAddress};
    ///
    /// let data = Data::baked();
    /// let web = WebAddress::parse_with("https://alice.github.io/blog", &data)?;
    /// let icann = web.psl_answer_in(Sections::IcannOnly, &data).unwrap();
    /// assert_eq!(icann.registrable_domain(), Some("github.io"));
    /// assert_eq!(icann.public_suffix(), "io");
    /// let all = web.psl_answer_in(Sections::All, &data).unwrap();
    /// assert_eq!(all.registrable_domain(), Some("alice.github.io"));
    /// assert_eq!(all, web.psl_answer().unwrap());
    /// # Ok::<(), onecontact::WebError>(())
    /// ```
    pub fn psl_answer_in(&self, sections: Sections, data: &Data) -> Option<Answer<'_>> {
        Some(crate::host::in_sections(self.psl_answer()?, sections, data))
    }

    /// The registrable domain of the host with the sections of the list to
    /// use ([`psl_answer_in`](Self::psl_answer_in)); with
    /// [`Sections::All`] it is [`registrable_domain`](Self::registrable_domain).
    ///
    /// ```
    /// use onecontact::onecontact_psl::Sections;
    /// use onecontact::{Data, WebAddress};
    ///
    /// let data = Data::baked();
    /// let web = WebAddress::parse_with("alice.github.io", &data)?;
    /// assert_eq!(web.registrable_domain_in(Sections::IcannOnly, &data), Some("github.io"));
    /// assert_eq!(web.registrable_domain_in(Sections::All, &data), Some("alice.github.io"));
    /// # Ok::<(), onecontact::WebError>(())
    /// ```
    pub fn registrable_domain_in(&self, sections: Sections, data: &Data) -> Option<&str> {
        if sections == Sections::All {
            return self.registrable_domain();
        }
        self.psl_answer_in(sections, data)?.registrable_domain()
    }

    /// The public suffix of the host with the sections of the list to use
    /// ([`psl_answer_in`](Self::psl_answer_in)): `io` for `alice.github.io`
    /// with [`Sections::IcannOnly`], `github.io` with [`Sections::All`].
    pub fn public_suffix_in(&self, sections: Sections, data: &Data) -> Option<&str> {
        Some(self.psl_answer_in(sections, data)?.public_suffix())
    }

    /// The URL the text parsed to (what a browser would build), with the
    /// fragment and tracking parameters still in it.
    pub fn url(&self) -> &Url {
        &self.url
    }

    /// Consumes the address and returns its URL.
    pub fn into_url(self) -> Url {
        self.url
    }

    /// The canonical form: the URL's serialization with the host processed
    /// (internationalized names in `xn--` form, IPv4 in dotted decimal, IPv6
    /// compressed), the default port left out, tracking parameters removed
    /// (a query left empty by that goes with its `?`) and the fragment
    /// removed. Everything else stays as written.
    #[inline]
    pub fn canonical(&self) -> &str {
        match &self.cleaned {
            Some(cleaned) => &cleaned.canonical,
            None => self.url.without_fragment(),
        }
    }

    /// The query of the canonical form, without `?`.
    ///
    /// No part before the query can hold a `?` (the serializer escapes it in
    /// credentials and paths), so the first `?` starts the query.
    #[inline]
    fn canonical_query(&self) -> Option<&str> {
        match &self.cleaned {
            // Only the fragment (which follows the query) may have gone.
            None => self.url.query(),
            Some(cleaned) => {
                let canonical = &cleaned.canonical;
                canonical.find('?').and_then(|q| canonical.get(q + 1..))
            }
        }
    }

    /// The comparison key in the format of `version`: equal for addresses of
    /// the same page of the same organization. A version's format never
    /// changes.
    ///
    /// ```
    /// use onecontact::{KeyVersion, WebAddress};
    ///
    /// let key = |t| WebAddress::parse(t).unwrap().key(KeyVersion::V1);
    /// assert_eq!(key("https://m.example.com/index.html"), "example.com");
    /// assert_eq!(key("http://user:pw@EXAMPLE.com:80/#x"), "example.com");
    /// assert_eq!(key("mailto:Info@Example.com"), "mailto:info@example.com");
    /// ```
    ///
    /// The registrable domain in it is the one of the list the address was
    /// parsed with ([`parse_with`](Self::parse_with)).
    pub fn key(&self, version: KeyVersion) -> String {
        self.key_with(version, &Data::baked())
    }

    /// [`key`](Self::key) with the lists of `data` for what key V2 reads
    /// besides the Public Suffix List (shared hosting, tracking table,
    /// wrappers); key V1 reads none of them. The registrable domain is still
    /// the one of the list the address was parsed with.
    ///
    /// Key V2 of an address parsed already leaves out the two steps that
    /// read the text (pastes read through, non-addresses refused): those
    /// belong to [`key_v2_with`](crate::key_v2_with), which takes text.
    ///
    /// ```
    /// use onecontact::{Data, KeyVersion, WebAddress};
    ///
    /// let web = WebAddress::parse("https://l.facebook.com/l.php?u=https%3A%2F%2Fscmga.tripod.com%2FA&h=AT0")?;
    /// assert_eq!(web.key(KeyVersion::V1), "facebook.com/l.php?h=AT0&u=https%3A%2F%2Fscmga.tripod.com%2FA");
    /// assert_eq!(web.key_with(KeyVersion::V2, &Data::baked()), "scmga.tripod.com/A");
    /// # Ok::<(), onecontact::WebError>(())
    /// ```
    pub fn key_with(&self, version: KeyVersion, data: &Data) -> String {
        match version {
            KeyVersion::V1 => self.key_v1(),
            KeyVersion::V2 => {
                let mut out = String::new();
                let _host = self.push_key_v2(data, &mut out, None);
                out
            }
        }
    }

    /// Appends key V2 of this address (unwrapped first), noting the
    /// decisions in `notes` when given; returns the host of the address
    /// keyed (the target's, for a wrapper), `""` for none.
    pub(crate) fn push_key_v2(
        &self,
        data: &Data,
        out: &mut String,
        mut notes: Option<&mut Vec<KeyV2Decision>>,
    ) -> String {
        let unwrapped = self.unwrapped(data);
        let web = match &unwrapped {
            Some(found) => {
                if let Some(notes) = notes.as_deref_mut() {
                    let mut targets = found
                        .wrappers
                        .iter()
                        .skip(1)
                        .map(|layer| layer.address.clone())
                        .chain(std::iter::once(found.target.url.as_str().to_owned()));
                    for layer in &found.wrappers {
                        notes.push(KeyV2Decision::Unwrapped {
                            vendor: layer.vendor.clone(),
                            target: targets.next().unwrap_or_default(),
                        });
                    }
                }
                &found.target
            }
            None => self,
        };
        let url = &web.url;
        let scheme = url.scheme();
        let parts = V2Parts {
            scheme,
            web_scheme: matches!(scheme, "http" | "https"),
            host: (web.host != HostClass::Null).then(|| url.host_str().unwrap_or_gigo()),
            host_is_domain: web.host == HostClass::Domain,
            registrable: web.registrable_domain(),
            port: onecontact_url::quirks::port(url),
            path: url.path(),
            opaque_path: url.has_opaque_path(),
            query: url.query(),
        };
        push_key_v2(out, &parts, None, data, notes);
        url.host_str().unwrap_or_default().to_owned()
    }

    /// The address behind this one when it is a link wrapper of `data`
    /// (Outlook Safe Links, Proofpoint URL Defense, Google's `/url`,
    /// Facebook's `l.php`, …): wrappers inside wrappers are taken off to
    /// the last one whose target parses as an `http` or `https` URL with
    /// its scheme written. `None` when this address is no wrapper, or its
    /// target does not parse (the wrapper is then kept).
    ///
    /// ```
    /// use onecontact::{Data, WebAddress};
    ///
    /// let text = "https://www.google.com/url?sa=t&url=https%3A%2F%2Fexample.com%2Fa&ved=2ahUKE";
    /// let found = WebAddress::parse(text)?.unwrapped(&Data::baked()).unwrap();
    /// assert_eq!(found.wrappers[0].vendor, "Google redirect");
    /// assert_eq!(found.target.url().as_str(), "https://example.com/a");
    /// let search = WebAddress::parse("https://www.google.com/url?q=cats")?;
    /// assert!(search.unwrapped(&Data::baked()).is_none());
    /// # Ok::<(), onecontact::WebError>(())
    /// ```
    pub fn unwrapped(&self, data: &Data) -> Option<Unwrapped> {
        let mut wrappers = Vec::new();
        let mut current: Option<WebAddress> = None;
        for _ in 0..MAX_WRAPPERS {
            let web = current.as_ref().unwrap_or(self);
            let Some((vendor, target)) = web.wrapper_target(data) else {
                break;
            };
            wrappers.push(WrapperLayer {
                vendor,
                address: web.url.as_str().to_owned(),
            });
            current = Some(target);
        }
        current.map(|target| Unwrapped { wrappers, target })
    }

    /// The vendor of the wrapper this address is and the address inside,
    /// when that parses as an `http` or `https` URL with its scheme written.
    fn wrapper_target(&self, data: &Data) -> Option<(String, WebAddress)> {
        let host = self.url.domain()?;
        let name = host.strip_suffix('.').unwrap_or(host);
        let registrable = self.registrable_domain();
        let wrappers = data.wrappers();
        if !wrappers.serves(name, registrable, self.url.path()) {
            return None;
        }
        let (wrapper, text) = wrapper::target(&self.url, name, registrable, wrappers)?;
        let target = WebAddress::parse_with(&text, data).ok()?;
        let written = !target.flags().contains(WebFact::SchemeAssumed);
        (written && target.is_website() && target.url.domain().is_some())
            .then(|| (wrapper.vendor.to_string(), target))
    }

    fn key_v1(&self) -> String {
        let url = &self.url;
        let scheme = url.scheme();
        let parts = KeyParts {
            scheme,
            web_scheme: matches!(scheme, "http" | "https"),
            host: (self.host != HostClass::Null).then(|| url.host_str().unwrap_or_gigo()),
            host_is_domain: self.host == HostClass::Domain,
            port: onecontact_url::quirks::port(url),
            path: url.path(),
            opaque_path: url.has_opaque_path(),
            query: self.canonical_query(),
        };
        key::key_v1(&parts, |_| self.registrable_domain())
    }

    /// The facts that hold for this address. They are read from the URL
    /// and what parsing kept when asked for, not at parse time.
    pub fn flags(&self) -> WebFlags {
        let url = &self.url;
        let mut flags = WebFlags::empty();
        flags.set(WebFact::SchemeAssumed, self.prefix_len != 0);
        flags.set(WebFact::IpHost, self.host == HostClass::Ip);
        flags.set(
            WebFact::InternationalizedDomain,
            url.domain().is_some_and(crate::labels::has_xn_label),
        );
        flags.set(WebFact::NonWebScheme, !self.is_website());
        flags.set(WebFact::HasCredentials, url.has_credentials());
        flags.set(WebFact::TrackingParametersRemoved, self.cleaned.is_some());
        flags.set(WebFact::FragmentRemoved, url.fragment().is_some());
        flags.set(WebFact::SchemeMistyped, self.scheme_mistyped);
        flags
    }

    /// The facts and, when the address has one, its social-profile shape.
    pub fn facts(&self) -> WebFacts {
        WebFacts {
            flags: self.flags(),
            social_profile: self.social_profile(),
        }
    }

    /// Whether the address is a website (`http` or `https`). Parsing accepts
    /// any URL, including `javascript:` and `data:`; check this before using
    /// the value as a link.
    pub fn is_website(&self) -> bool {
        matches!(self.url.scheme(), "http" | "https")
    }

    /// The social-network profile this address has the shape of, if any.
    pub fn social_profile(&self) -> Option<SocialProfile> {
        let url = &self.url;
        if self.host != HostClass::Domain {
            return None;
        }
        social::match_profile(
            url.scheme(),
            url.host_str().unwrap_or_gigo(),
            url.path(),
            url.query(),
        )
    }

    /// The names of the tracking parameters the canonical form removed, as
    /// written in the URL, in order.
    pub fn removed_tracking_parameters(&self) -> impl Iterator<Item = &str> + '_ {
        let href = self.url.as_str();
        let removed = self.cleaned.as_ref().map_or(&[][..], |c| &c.removed[..]);
        removed.iter().filter_map(move |r| href.get(r.clone()))
    }

    /// Where each part was written in the input: spans in UTF-16 code units
    /// of the text given to [`parse`](Self::parse), before trimming. The
    /// spans come from the one parse; this only converts them.
    pub fn detail(&self) -> ParseDetail {
        match &self.places {
            &Places::Serialization { lead_units } => {
                // The serialization is ASCII: its byte offsets are UTF-16 offsets.
                serialization_spans(&self.url, usize::from(self.prefix_len))
                    .detail(lead_units as usize)
            }
            Places::Written(spans) => spans.detail(0),
        }
    }
}

impl std::str::FromStr for WebAddress {
    type Err = WebError;

    fn from_str(text: &str) -> Result<WebAddress, WebError> {
        WebAddress::parse(text)
    }
}

impl std::fmt::Display for WebAddress {
    /// Writes the canonical form.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.canonical())
    }
}

/// Whether the parser's spans of a text that is `url`'s serialization are
/// where the serialization has each field: true for the special schemes
/// other than `file` (a non-empty host, a path starting with `/`); other
/// URLs keep the recorded spans (an empty host or path has a span or not
/// depending on how it was read).
fn spans_follow_serialization(url: &Url) -> bool {
    url.is_special() && url.scheme() != "file"
}

/// The field spans of a text that is `url`'s serialization after its first
/// `prefix_len` bytes (the assumed `https://`, whose scheme has no span):
/// each field is where the serialization has it, as the parser reports it
/// for such a text (a test checks the two agree).
fn serialization_spans(url: &Url, prefix_len: usize) -> Spans {
    let href = url.as_str();
    let span = |part: &str| {
        let start = (part.as_ptr() as usize).checked_sub(href.as_ptr() as usize)?;
        let start = start.checked_sub(prefix_len)?;
        Some((start, start + part.len()))
    };
    let port = onecontact_url::quirks::port(url);
    Spans::new([
        (prefix_len == 0).then(|| span(url.scheme())).flatten(),
        url.host_str().filter(|h| !h.is_empty()).and_then(span),
        (!port.is_empty()).then(|| span(port)).flatten(),
        span(url.path()),
        url.query().and_then(span),
        url.fragment().and_then(span),
    ])
}

/// The reading's byte spans of the fields [`detail`](WebAddress::detail)
/// reports (the scheme only when written), in the order of
/// [`FIELDS`](crate::detail::FIELDS).
#[inline]
fn field_spans(spans: &InputSpans) -> Spans {
    let pair = |range: &Option<Range<usize>>| range.as_ref().map(|r| (r.start, r.end));
    Spans::new([
        pair(&spans.scheme),
        pair(&spans.host),
        pair(&spans.port),
        pair(&spans.path),
        pair(&spans.query),
        pair(&spans.fragment),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `WebAddress` stays small, so that it moves without a `memcpy`
    /// call: the URL (64 bytes), the places (16), the Public Suffix List's
    /// answer (16) and a few bytes; the rare parts (the canonical form
    /// without tracking parameters, the spans of a text that is not its
    /// serialization) live behind a box.
    #[test]
    fn a_web_address_is_at_most_112_bytes() {
        assert!(
            std::mem::size_of::<WebAddress>() <= 112,
            "{}",
            std::mem::size_of::<WebAddress>()
        );
    }

    /// A test corpus of the repository, read at run time: a packaged crate
    /// carries none of them, and its unit tests still build.
    fn repository_file(path: &str) -> String {
        let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        std::fs::read_to_string(&full)
            .unwrap_or_else(|e| panic!("{}: {e} (run the tests in the repository)", full.display()))
    }

    /// Every input of the key V1 fixture, the tricky-input corpus and the
    /// WPT URL test data (with and without the `https://` assumption): where
    /// the text is its URL's serialization, the spans taken from the URL are
    /// the spans the parser recorded.
    #[test]
    fn serialization_spans_are_the_recorded_spans() {
        let mut inputs: Vec<String> = repository_file("tests/fixtures/key_v1.tsv")
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split('\t').next())
            .map(str::to_owned)
            .collect();
        for line in repository_file("../onecontact-cli/tests/data/tricky-inputs.jsonl").lines() {
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(line)
                && let Some(input) = v["input"].as_str()
            {
                inputs.push(input.to_owned());
            }
        }
        let wpt: serde_json::Value =
            serde_json::from_str(&repository_file("../../testdata/wpt-url/urltestdata.json"))
                .unwrap();
        for case in wpt.as_array().unwrap() {
            if let Some(input) = case["input"].as_str() {
                inputs.push(input.to_owned());
            }
        }
        inputs.extend(
            [
                "https://a.com",
                "https://a.com/",
                "https://a.com:8080/x?y#z",
                "https://a.com/?",
                "https://a.com/#",
                "http://[::1]/",
                "http://1.2.3.4/",
                "file:///tmp/x",
                "mailto:a@b.example",
                "sc://host",
                "sc:",
                "a.com/x",
                "a.com:81/",
            ]
            .map(str::to_owned),
        );
        let mut compared = 0;
        for input in &inputs {
            for assume in [true, false] {
                let reading = Reader::new().assume_https(assume).read(input);
                let (read, url, spans) = reading.into_parts();
                let Ok(url) = url else { continue };
                if url.as_str().get(read.prefix.len()..) != Some(read.text)
                    || !spans_follow_serialization(&url)
                {
                    continue;
                }
                compared += 1;
                assert_eq!(
                    serialization_spans(&url, read.prefix.len()),
                    field_spans(&spans),
                    "{input:?} (assume https: {assume})"
                );
            }
        }
        assert!(compared > 250, "{compared}");
    }
}
