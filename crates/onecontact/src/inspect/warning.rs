//! The warning catalogue of [`inspect`](super::inspect): one stable code
//! per kind of deception or risk, each with a severity.

/// How serious a warning is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; not a sign of deception by itself.
    Info,
    /// A risk, or a pattern deceptive links use.
    Warning,
    /// The link very likely tries to mislead about where it goes, or runs code.
    Danger,
}

impl Severity {
    /// `info`, `warning` or `danger`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Danger => "danger",
        }
    }
}

/// What a warning is about. Each has a stable [`code`](WarningCode::code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum WarningCode {
    /// `userinfo-looks-like-host`: the text before `@` looks like a domain
    /// or IP address, but the real host comes after the `@`.
    UserinfoLooksLikeHost,
    /// `userinfo-before-host`: there is text before `@` (a user name, which
    /// can be any brand name); it is not the host.
    UserinfoBeforeHost,
    /// `password-in-url`: the URL carries a password.
    PasswordInUrl,
    /// `domain-in-subdomain`: labels left of the registrable domain read like
    /// another domain (`paypal.com.secure-login.example`).
    DomainInSubdomain,
    /// `ip-address-host`: the host is a bare IP address.
    IpAddressHost,
    /// `url-in-path`: a full URL sits in the path.
    UrlInPath,
    /// `url-in-query`: a full URL sits in the query (a redirect target).
    UrlInQuery,
    /// `punycode-host`: the host has `xn--` labels (an internationalized name).
    PunycodeHost,
    /// `mixed-script-label`: a browser keeps a label in Punycode because it
    /// mixes scripts (Latin with Cyrillic or Greek, accented Latin with CJK, …).
    MixedScriptLabel,
    /// `lookalike-label`: a browser keeps a label in Punycode because it
    /// imitates Latin letters, digits or punctuation (a whole-script
    /// look-alike, digit look-alikes, a Kana or CJK pattern).
    LookalikeLabel,
    /// `label-shown-as-punycode`: a browser keeps a label in Punycode for a
    /// character it does not show (not allowed in identifiers, a repeated
    /// mark, mixed digits, a character of another top-level domain).
    LabelShownAsPunycode,
    /// `lookalike-of-popular-domain`: the host imitates a popular domain or
    /// one of one's own, as Chromium's lookalike heuristics decide (its
    /// [`Imitation`](super::Imitation) names the domain and the heuristic;
    /// the severity follows the heuristic).
    LookalikeOfPopularDomain,
    /// `encoded-delimiter-in-host`: the authority as typed holds a
    /// percent-encoded delimiter (`%2F`, `%40`, `%3F`, `%23`, `%3A`, `%5C`, `%2E`).
    EncodedDelimiterInHost,
    /// `secret-in-query`: a query parameter looks like a token, password, API
    /// key, session or reset code.
    SecretInQuery,
    /// `long-url`: longer than about 2,000 characters, which some clients,
    /// e-mail programs and QR codes do not survive.
    LongUrl,
    /// `very-long-url`: longer than 8 KB, what common server set-ups allow
    /// for the whole request line.
    VeryLongUrl,
    /// `non-web-scheme`: not `http` or `https` (`javascript:`, `data:`, `file:`, …).
    NonWebScheme,
    /// `parser-differential`: a parser that follows RFC 3986's generic
    /// syntax reads another host (or user name, port) than a browser.
    ParserDifferential,
    /// `mistyped-scheme`: the scheme is doubled (`https://https://…`),
    /// lacks its colon (`https//…`), has the wrong number of slashes
    /// (`http:/…`) or is misspelled (`htps://…`).
    MistypedScheme,
    /// `encoded-dot-segment`: the path holds a `.` or `..` segment written
    /// with `%2F`, `%5C` or `%2E` escapes, which a server that decodes before
    /// resolving reads as a way up the folder tree.
    EncodedDotSegment,
    /// `host-spelled-after-host`: the query or fragment starts with `@` (or
    /// `//`) and a domain name (`https://evil.example#@www.bank.example/`),
    /// which a reader takes for the host.
    HostSpelledAfterHost,
    /// `defanged-link`: the link was written defanged (`hxxps://evil[.]example`),
    /// as security teams share links nobody should click; the report reads
    /// the link it stands for.
    DefangedLink,
    /// `host-too-long-for-dns`: a label of the host is over 63 characters
    /// or the host over 253, which a browser takes but the DNS cannot carry
    /// (RFC 1035, section 2.3.4).
    HostTooLongForDns,
}

impl WarningCode {
    /// Every code, in catalogue order.
    pub const ALL: [WarningCode; 23] = [
        WarningCode::UserinfoLooksLikeHost,
        WarningCode::UserinfoBeforeHost,
        WarningCode::PasswordInUrl,
        WarningCode::DomainInSubdomain,
        WarningCode::IpAddressHost,
        WarningCode::UrlInPath,
        WarningCode::UrlInQuery,
        WarningCode::PunycodeHost,
        WarningCode::MixedScriptLabel,
        WarningCode::LookalikeLabel,
        WarningCode::LabelShownAsPunycode,
        WarningCode::LookalikeOfPopularDomain,
        WarningCode::EncodedDelimiterInHost,
        WarningCode::SecretInQuery,
        WarningCode::LongUrl,
        WarningCode::VeryLongUrl,
        WarningCode::NonWebScheme,
        WarningCode::ParserDifferential,
        WarningCode::MistypedScheme,
        WarningCode::EncodedDotSegment,
        WarningCode::HostSpelledAfterHost,
        WarningCode::DefangedLink,
        WarningCode::HostTooLongForDns,
    ];

    /// Whether the warning is about the host's name or address, and so
    /// holds for every spelling a browser reads as the same host (a root
    /// dot, empty labels, upper case, ideographic dots, percent-encoded
    /// bytes, added userinfo, port, query or fragment).
    pub fn is_about_host(self) -> bool {
        match self {
            WarningCode::DomainInSubdomain
            | WarningCode::IpAddressHost
            | WarningCode::PunycodeHost
            | WarningCode::MixedScriptLabel
            | WarningCode::LookalikeLabel
            | WarningCode::LabelShownAsPunycode
            | WarningCode::LookalikeOfPopularDomain
            | WarningCode::HostTooLongForDns => true,
            WarningCode::UserinfoLooksLikeHost
            | WarningCode::UserinfoBeforeHost
            | WarningCode::PasswordInUrl
            | WarningCode::UrlInPath
            | WarningCode::UrlInQuery
            | WarningCode::EncodedDelimiterInHost
            | WarningCode::SecretInQuery
            | WarningCode::LongUrl
            | WarningCode::VeryLongUrl
            | WarningCode::NonWebScheme
            | WarningCode::ParserDifferential
            | WarningCode::MistypedScheme
            | WarningCode::EncodedDotSegment
            | WarningCode::HostSpelledAfterHost
            | WarningCode::DefangedLink => false,
        }
    }

    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            WarningCode::UserinfoLooksLikeHost => "userinfo-looks-like-host",
            WarningCode::UserinfoBeforeHost => "userinfo-before-host",
            WarningCode::PasswordInUrl => "password-in-url",
            WarningCode::DomainInSubdomain => "domain-in-subdomain",
            WarningCode::IpAddressHost => "ip-address-host",
            WarningCode::UrlInPath => "url-in-path",
            WarningCode::UrlInQuery => "url-in-query",
            WarningCode::PunycodeHost => "punycode-host",
            WarningCode::MixedScriptLabel => "mixed-script-label",
            WarningCode::LookalikeLabel => "lookalike-label",
            WarningCode::LabelShownAsPunycode => "label-shown-as-punycode",
            WarningCode::LookalikeOfPopularDomain => "lookalike-of-popular-domain",
            WarningCode::EncodedDelimiterInHost => "encoded-delimiter-in-host",
            WarningCode::SecretInQuery => "secret-in-query",
            WarningCode::LongUrl => "long-url",
            WarningCode::VeryLongUrl => "very-long-url",
            WarningCode::NonWebScheme => "non-web-scheme",
            WarningCode::ParserDifferential => "parser-differential",
            WarningCode::MistypedScheme => "mistyped-scheme",
            WarningCode::EncodedDotSegment => "encoded-dot-segment",
            WarningCode::HostSpelledAfterHost => "host-spelled-after-host",
            WarningCode::DefangedLink => "defanged-link",
            WarningCode::HostTooLongForDns => "host-too-long-for-dns",
        }
    }

    /// The usual severity (a few warnings raise or lower it by case, e.g.
    /// `non-web-scheme` is `danger` for `javascript:` and `info` for `mailto:`).
    pub fn severity(self) -> Severity {
        match self {
            WarningCode::UserinfoLooksLikeHost
            | WarningCode::DomainInSubdomain
            | WarningCode::MixedScriptLabel
            | WarningCode::LookalikeLabel
            | WarningCode::LookalikeOfPopularDomain
            | WarningCode::EncodedDelimiterInHost
            | WarningCode::ParserDifferential
            | WarningCode::HostSpelledAfterHost => Severity::Danger,
            WarningCode::UserinfoBeforeHost
            | WarningCode::PasswordInUrl
            | WarningCode::IpAddressHost
            | WarningCode::UrlInPath
            | WarningCode::UrlInQuery
            | WarningCode::SecretInQuery
            | WarningCode::LabelShownAsPunycode
            | WarningCode::VeryLongUrl
            | WarningCode::NonWebScheme
            | WarningCode::MistypedScheme
            | WarningCode::EncodedDotSegment
            | WarningCode::HostTooLongForDns => Severity::Warning,
            WarningCode::PunycodeHost | WarningCode::LongUrl | WarningCode::DefangedLink => {
                Severity::Info
            }
        }
    }
}

impl std::fmt::Display for WarningCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for WarningCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Severity {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// One warning about a link.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Warning {
    /// What it is about (serialized as its stable code).
    pub code: WarningCode,
    /// How serious it is.
    pub severity: Severity,
    /// The sentence a person reads.
    pub message: String,
    /// The text the warning is about (the look-alike domain, the embedded
    /// URL, the Unicode form, the parameter name), when there is one.
    pub evidence: Option<String>,
    /// The character the warning is about, when it is about one.
    pub character: Option<char>,
    /// Where that character (or the text the warning is about) starts: a
    /// byte offset in the text as given.
    pub position: Option<usize>,
    /// For `lookalike-of-popular-domain`: the domain imitated and the
    /// heuristic that found it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub imitation: Option<super::Imitation>,
}

impl Warning {
    pub(crate) fn new(code: WarningCode, message: String, evidence: Option<String>) -> Warning {
        Warning {
            code,
            severity: code.severity(),
            message,
            evidence,
            character: None,
            position: None,
            imitation: None,
        }
    }

    pub(crate) fn at(mut self, character: Option<char>, position: Option<usize>) -> Warning {
        self.character = character;
        self.position = position;
        self
    }

    pub(crate) fn with_severity(mut self, severity: Severity) -> Warning {
        self.severity = severity;
        self
    }
}
