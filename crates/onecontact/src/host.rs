//! Questions about a parsed host, answered once for the crate: its kind,
//! its Public Suffix List answer, its Unicode form and how it is shown.

use onecontact_psl::{Answer, DetachedAnswer, Sections};
use onecontact_url::{Host, Url};

use crate::Data;
use crate::display::HostDisplay;

/// One answer about the host of one reading: its kind, the Public Suffix
/// List's answer for a domain, and, for [`inspect`](crate::inspect()), its
/// Unicode form and how a careful browser shows it. Each is worked out once
/// and read by every answer built from the same reading:
/// [`LinkReport`](crate::LinkReport) reads it, and
/// [`WebAddress::from_reading_looked_up`](crate::WebAddress::from_reading_looked_up)
/// takes its lookup instead of looking the host up again.
///
/// It holds offsets into the URL's host, not the text: give
/// [`answer`](Self::answer) the URL it was made for. (With another URL its
/// answers are slices of that URL's host at the same offsets: wrong, but
/// never a panic.)
///
/// ```
/// use onecontact::{Data, HostAnswer, HostKind, Reader, WebAddress};
///
/// let data = Data::baked();
/// let reading = Reader::new().read("https://shop.example.co.uk/cart");
/// let host = HostAnswer::of(reading.url().unwrap(), &data);
/// assert_eq!(host.kind(), Some(HostKind::Domain));
/// let answer = host.answer(reading.url().unwrap()).unwrap();
/// assert_eq!(answer.registrable_domain(), Some("example.co.uk"));
/// let web = WebAddress::from_reading_looked_up(reading, &host, &data)?;
/// assert_eq!(web.registrable_domain(), Some("example.co.uk"));
/// # Ok::<(), onecontact::WebError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HostAnswer {
    kind: Option<HostKind>,
    site: Option<DetachedAnswer>,
    unicode: Option<Box<str>>,
    display: Option<HostDisplay>,
}

impl HostAnswer {
    /// The kind of the host of `url`, and its answer in the Public Suffix
    /// List of `data` when it is a domain: one lookup. No Unicode form and
    /// no display decision (see [`shown`](Self::shown)).
    pub fn of(url: &Url, data: &Data) -> HostAnswer {
        let Some(host) = url.host() else {
            return HostAnswer::default();
        };
        let site = match host {
            Host::Domain(domain) => Some(data.psl().lookup(domain).detach()),
            _ => None,
        };
        HostAnswer {
            kind: Some(HostKind::of(&host)),
            site,
            unicode: None,
            display: None,
        }
    }

    /// [`of`](Self::of), and for a domain its Unicode form and the display
    /// decision ([`display_host`](crate::inspect::display_host), compared
    /// with the popular domains of `data`), from one decoding of each
    /// `xn--` label.
    pub fn shown(url: &Url, data: &Data) -> HostAnswer {
        let mut answer = HostAnswer::default();
        answer.show(url, data);
        answer
    }

    /// [`shown`](Self::shown), written into an answer that has nothing
    /// yet (where a report keeps it, without moving it there).
    pub(crate) fn show(&mut self, url: &Url, data: &Data) {
        // A domain is told without building the typed host.
        let Some(domain) = url.domain() else {
            self.kind = url.host().map(|host| HostKind::of(&host));
            return;
        };
        self.kind = Some(HostKind::Domain);
        self.site = Some(data.psl().lookup(domain).detach());
        let (unicode, display) = crate::display::unicode_and_display(domain, data.top_domains());
        self.unicode = unicode.map(String::into_boxed_str);
        self.display = Some(display);
    }

    /// The kind of the host; `None` when the URL has none (`mailto:a@b`).
    pub fn kind(&self) -> Option<HostKind> {
        self.kind
    }

    /// The Public Suffix List's answer for the host of `url` (the URL this
    /// answer was made for); `None` when the host is no domain.
    pub fn answer<'u>(&self, url: &'u Url) -> Option<Answer<'u>> {
        Some(self.site?.attach(url.host_str()?))
    }

    /// [`answer`](Self::answer) with the sections of the list to use, as
    /// [`WebAddress::psl_answer_in`](crate::WebAddress::psl_answer_in)
    /// decides it: [`Sections::IcannOnly`] leaves the PRIVATE section out,
    /// with one more lookup in `data` (the data this answer was made with)
    /// only when a PRIVATE rule decided the answer.
    ///
    /// ```
    /// use onecontact::onecontact_psl::Sections;
    /// use onecontact::{Data, HostAnswer};
    /// use onecontact::onecontact_url::Url;
    ///
    /// let data = Data::baked();
    /// let url = Url::parse("https://alice.github.io/").unwrap();
    /// let host = HostAnswer::of(&url, &data);
    /// let icann = host.answer_in(&url, Sections::IcannOnly, &data).unwrap();
    /// assert_eq!(icann.registrable_domain(), Some("github.io"));
    /// let all = host.answer_in(&url, Sections::All, &data).unwrap();
    /// assert_eq!(all.registrable_domain(), Some("alice.github.io"));
    /// ```
    pub fn answer_in<'u>(
        &self,
        url: &'u Url,
        sections: Sections,
        data: &Data,
    ) -> Option<Answer<'u>> {
        Some(in_sections(self.answer(url)?, sections, data))
    }

    /// The Unicode form of a domain with `xn--` labels, as UTS #46
    /// ToUnicode gives it (a display aid, not a verdict: see
    /// [`display`](Self::display)); `None` when it has none, or when the
    /// answer was made by [`of`](Self::of).
    pub fn unicode(&self) -> Option<&str> {
        self.unicode.as_deref()
    }

    /// How a careful browser shows a domain; `None` for other hosts, or
    /// when the answer was made by [`of`](Self::of).
    pub fn display(&self) -> Option<&HostDisplay> {
        self.display.as_ref()
    }

    /// [`display`](Self::display), taken out of the answer.
    pub fn into_display(self) -> Option<HostDisplay> {
        self.display
    }

    /// The detached answer, if the host was a domain.
    pub(crate) fn detached(&self) -> Option<DetachedAnswer> {
        self.site
    }
}

/// `answer` (looked up on the whole list) with the sections of the list to
/// use: the same answer unless a PRIVATE rule decided it and that section is
/// left out (leaving it out changes nothing otherwise), then the domain
/// looked up again in `data`'s list.
pub(crate) fn in_sections<'a>(answer: Answer<'a>, sections: Sections, data: &Data) -> Answer<'a> {
    if sections == Sections::All || !answer.is_private() {
        return answer;
    }
    data.psl().lookup_with(answer.domain(), sections)
}

/// The kind of a URL's host, as reports name it.
///
/// ```
/// use onecontact::HostKind;
/// use onecontact_url::Url;
///
/// let url = Url::parse("http://[::1]/").unwrap();
/// assert_eq!(HostKind::of(&url.host().unwrap()), HostKind::Ipv6);
/// assert_eq!(HostKind::Ipv6.name(), "ipv6");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum HostKind {
    /// A domain (`example.com`, `xn--mnchen-3ya.de`).
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address.
    Ipv6,
    /// The opaque host of a URL whose scheme is not special.
    Opaque,
    /// The empty host (`file:///x`).
    Empty,
}

impl HostKind {
    /// The kind of `host`.
    pub fn of(host: &Host<&str>) -> HostKind {
        match host {
            Host::Domain(_) => HostKind::Domain,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::Opaque(_) => HostKind::Opaque,
            Host::Empty => HostKind::Empty,
        }
    }

    /// The kind's name: `domain`, `ipv4`, `ipv6`, `opaque` or `empty`.
    pub fn name(self) -> &'static str {
        match self {
            HostKind::Domain => "domain",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::Opaque => "opaque",
            HostKind::Empty => "empty",
        }
    }
}

impl std::fmt::Display for HostKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
