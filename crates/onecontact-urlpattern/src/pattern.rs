//! `UrlPattern`: the Standard's "initialize" and "match".

use onecontact_url::{Url, quirks};

use crate::Component;
use crate::canonicalize::Encoding;
use crate::component::CompiledComponent;
use crate::constructor;
use crate::error::Error;
use crate::init::{self, InitKind, UrlPatternInit};
use crate::parser::Options;
use crate::result::{self, UrlPatternResult};

/// A compiled URL pattern.
///
/// ```
/// use onecontact_urlpattern::UrlPattern;
///
/// let pattern = UrlPattern::parse("https://*.example.com/users/:id")?;
/// let m = pattern.exec("https://api.example.com/users/42").expect("matches");
/// assert_eq!(m.pathname().group("id"), Some("42"));
/// assert_eq!(m.hostname().group("0"), Some("api"));
/// assert!(!pattern.test("https://example.org/users/42"));
/// # Ok::<(), onecontact_urlpattern::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct UrlPattern {
    components: [CompiledComponent; 8],
    /// The number of groups of all components.
    group_count: usize,
}

/// Options of a pattern (the Standard's `URLPatternOptions`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct UrlPatternOptions {
    /// Match the pathname, search and hash without regard to case
    /// (the regular expressions get the `i` flag).
    pub ignore_case: bool,
}

impl UrlPatternOptions {
    /// Options with `ignoreCase` set as given.
    pub fn ignore_case(ignore_case: bool) -> UrlPatternOptions {
        UrlPatternOptions { ignore_case }
    }
}

/// What a pattern is built from.
#[derive(Debug, Clone, Copy)]
pub enum PatternInput<'a> {
    /// A pattern string, such as `https://example.com/:path*`, with an
    /// optional base URL for a relative one (`/books/:id`).
    String(&'a str, Option<&'a str>),
    /// Component parts.
    Init(&'a UrlPatternInit),
}

/// What a pattern is matched against.
#[derive(Debug, Clone, Copy)]
pub enum MatchInput<'a> {
    /// A URL string, parsed by the URL parser.
    Str(&'a str),
    /// A parsed URL.
    Url(&'a Url),
    /// Component values, canonicalized as the Standard says.
    Init(&'a UrlPatternInit),
}

impl<'a> From<&'a str> for MatchInput<'a> {
    fn from(s: &'a str) -> Self {
        MatchInput::Str(s)
    }
}
impl<'a> From<&'a String> for MatchInput<'a> {
    fn from(s: &'a String) -> Self {
        MatchInput::Str(s)
    }
}
impl<'a> From<&'a Url> for MatchInput<'a> {
    fn from(u: &'a Url) -> Self {
        MatchInput::Url(u)
    }
}
impl<'a> From<&'a UrlPatternInit> for MatchInput<'a> {
    fn from(i: &'a UrlPatternInit) -> Self {
        MatchInput::Init(i)
    }
}

/// The eight component values of an input, borrowed or owned.
struct Values<'a>([std::borrow::Cow<'a, str>; 8]);

fn url_values(url: &Url) -> Values<'_> {
    use std::borrow::Cow::Borrowed as B;
    Values([
        B(url.scheme()),
        B(url.username()),
        B(url.password().unwrap_or("")),
        B(quirks::hostname(url)),
        B(quirks::port(url)),
        B(url.path()),
        B(url.query().unwrap_or("")),
        B(url.fragment().unwrap_or("")),
    ])
}

impl UrlPattern {
    /// A pattern from a pattern string that names its protocol.
    ///
    /// # Errors
    ///
    /// [`Error::MissingBase`] for a relative pattern string, or the failure
    /// of a component's pattern.
    pub fn parse(pattern: &str) -> Result<UrlPattern, Error> {
        UrlPattern::new(
            PatternInput::String(pattern, None),
            UrlPatternOptions::default(),
        )
    }

    /// A pattern from a pattern string resolved against `base`.
    ///
    /// # Errors
    ///
    /// As for [`parse`](Self::parse), and [`Error::InvalidBaseUrl`].
    pub fn parse_with_base(pattern: &str, base: &str) -> Result<UrlPattern, Error> {
        UrlPattern::new(
            PatternInput::String(pattern, Some(base)),
            UrlPatternOptions::default(),
        )
    }

    /// A pattern from component parts.
    ///
    /// # Errors
    ///
    /// The failure of a component's pattern, or [`Error::InvalidBaseUrl`].
    pub fn from_init(init: &UrlPatternInit) -> Result<UrlPattern, Error> {
        UrlPattern::new(PatternInput::Init(init), UrlPatternOptions::default())
    }

    /// The Standard's constructor: "initialize" a pattern from `input` with
    /// `options`.
    ///
    /// # Errors
    ///
    /// The failure of the constructor string parser, of a component's
    /// pattern, or [`Error::MissingBase`] / [`Error::InvalidBaseUrl`].
    pub fn new(input: PatternInput<'_>, options: UrlPatternOptions) -> Result<UrlPattern, Error> {
        let init = match input {
            PatternInput::String(s, base) => {
                let mut init = constructor::parse(s)?;
                match base {
                    None if init.protocol.is_none() => return Err(Error::MissingBase),
                    None => {}
                    Some(b) => init.base_url = Some(b.to_owned()),
                }
                init
            }
            PatternInput::Init(init) => init.clone(),
        };
        let mut processed = init::process(&init, InitKind::Pattern)?;
        for c in Component::ALL {
            let slot = processed.get_mut(c);
            if slot.is_none() {
                *slot = Some("*".to_owned());
            }
        }
        let get = |c: Component| processed.get(c).unwrap_or("*");
        let protocol = get(Component::Protocol);
        if onecontact_url::default_port(protocol)
            .is_some_and(|d| d.to_string() == get(Component::Port))
        {
            processed.port = Some(String::new());
        }
        let get = |c: Component| processed.get(c).unwrap_or("*");
        let compile = |c: Component, encoding: Encoding, options: Options| {
            CompiledComponent::compile(get(c), c, encoding, options)
        };
        let protocol = compile(Component::Protocol, Encoding::Protocol, Options::DEFAULT)?;
        let username = compile(Component::Username, Encoding::Username, Options::DEFAULT)?;
        let password = compile(Component::Password, Encoding::Password, Options::DEFAULT)?;
        let hostname = if hostname_pattern_is_ipv6(get(Component::Hostname)) {
            compile(
                Component::Hostname,
                Encoding::Ipv6Hostname,
                Options::HOSTNAME,
            )?
        } else {
            compile(Component::Hostname, Encoding::Hostname, Options::HOSTNAME)?
        };
        let port = compile(Component::Port, Encoding::Port, Options::DEFAULT)?;
        let ignore_case = options.ignore_case;
        let compile_options = Options {
            ignore_case,
            ..Options::DEFAULT
        };
        let pathname = if constructor::matches_special_scheme(&protocol) {
            let path_options = Options {
                ignore_case,
                ..Options::PATHNAME
            };
            compile(Component::Pathname, Encoding::Pathname, path_options)?
        } else {
            compile(
                Component::Pathname,
                Encoding::OpaquePathname,
                compile_options,
            )?
        };
        let search = compile(Component::Search, Encoding::Search, compile_options)?;
        let hash = compile(Component::Hash, Encoding::Hash, compile_options)?;
        let components = [
            protocol, username, password, hostname, port, pathname, search, hash,
        ];
        let group_count = components.iter().map(|c| c.group_names.len()).sum();
        Ok(UrlPattern {
            components,
            group_count,
        })
    }

    pub(crate) fn component(&self, c: Component) -> &CompiledComponent {
        // The array holds the components in `Component::ALL` order.
        let [
            protocol,
            username,
            password,
            hostname,
            port,
            pathname,
            search,
            hash,
        ] = &self.components;
        match c {
            Component::Protocol => protocol,
            Component::Username => username,
            Component::Password => password,
            Component::Hostname => hostname,
            Component::Port => port,
            Component::Pathname => pathname,
            Component::Search => search,
            Component::Hash => hash,
        }
    }

    /// The normalized pattern string of one component (the Standard's
    /// getters `protocol`, `username`, …).
    pub fn pattern(&self, c: Component) -> &str {
        &self.component(c).pattern_string
    }

    /// The ECMAScript regular expression one component is matched with.
    pub fn regexp(&self, c: Component) -> &str {
        &self.component(c).regexp_string
    }

    /// The protocol's pattern string.
    pub fn protocol(&self) -> &str {
        self.pattern(Component::Protocol)
    }
    /// The username's pattern string.
    pub fn username(&self) -> &str {
        self.pattern(Component::Username)
    }
    /// The password's pattern string.
    pub fn password(&self) -> &str {
        self.pattern(Component::Password)
    }
    /// The hostname's pattern string.
    pub fn hostname(&self) -> &str {
        self.pattern(Component::Hostname)
    }
    /// The port's pattern string.
    pub fn port(&self) -> &str {
        self.pattern(Component::Port)
    }
    /// The pathname's pattern string.
    pub fn pathname(&self) -> &str {
        self.pattern(Component::Pathname)
    }
    /// The search's pattern string.
    pub fn search(&self) -> &str {
        self.pattern(Component::Search)
    }
    /// The hash's pattern string.
    pub fn hash(&self) -> &str {
        self.pattern(Component::Hash)
    }

    /// How two patterns order by the specificity of one component
    /// (`URLPattern.compareComponent`, shipped by browsers, not yet in the
    /// Standard): fixed text before regular expressions before segment
    /// wildcards before full wildcards, no modifier before `+` before `?`
    /// before `*`, part by part. Sorting routes by it, most specific first,
    /// lets the first match win.
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// use onecontact_urlpattern::{Component, UrlPattern};
    ///
    /// let fixed = UrlPattern::parse("https://example.com/users/me")?;
    /// let any = UrlPattern::parse("https://example.com/users/:id")?;
    /// assert_eq!(UrlPattern::compare_component(Component::Pathname, &fixed, &any), Ordering::Greater);
    /// # Ok::<(), onecontact_urlpattern::Error>(())
    /// ```
    pub fn compare_component(
        c: Component,
        left: &UrlPattern,
        right: &UrlPattern,
    ) -> std::cmp::Ordering {
        crate::extensions::compare(left.component(c), right.component(c))
    }

    /// The value of one component built from group values (the `generate`
    /// operation browsers ship, not yet in the Standard): each named group
    /// is replaced by its value, canonicalized for the component. `None`
    /// when a group has no value, or the pattern has wildcards, regular
    /// expressions or modifiers, or a value holds the component's delimiter.
    ///
    /// ```
    /// use onecontact_urlpattern::{Component, UrlPattern};
    ///
    /// let p = UrlPattern::parse("https://example.com/users/:id")?;
    /// let path = p.generate(Component::Pathname, |name| (name == "id").then(|| "a b".to_owned()));
    /// assert_eq!(path.as_deref(), Some("/users/a%20b"));
    /// # Ok::<(), onecontact_urlpattern::Error>(())
    /// ```
    pub fn generate(
        &self,
        c: Component,
        groups: impl Fn(&str) -> Option<String>,
    ) -> Option<String> {
        crate::extensions::generate(self.component(c), &groups)
    }

    /// Whether some component uses a custom regular expression group `(…)`.
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    fn values<'a>(input: MatchInput<'a>, base: Option<&str>) -> Option<(Values<'a>, Option<Url>)> {
        match input {
            MatchInput::Init(init) => {
                if base.is_some() {
                    return None;
                }
                let processed = init::process(init, InitKind::Url).ok()?;
                let take = |c: Component| {
                    std::borrow::Cow::Owned(processed.get(c).unwrap_or("").to_owned())
                };
                Some((Values(Component::ALL.map(take)), None))
            }
            MatchInput::Url(url) => Some((url_values(url), None)),
            MatchInput::Str(s) => {
                let url = match base {
                    None => Url::parse(s).ok()?,
                    Some(b) => {
                        let base = Url::parse(b).ok()?;
                        Url::options().base_url(Some(&base)).parse(s).ok()?
                    }
                };
                Some((Values(Default::default()), Some(url)))
            }
        }
    }

    fn test_values(&self, values: &[std::borrow::Cow<'_, str>; 8]) -> bool {
        self.components
            .iter()
            .zip(values.iter())
            .all(|(c, v)| c.test(v))
    }

    /// Whether `input` matches (the Standard's `test`). A string that does
    /// not parse as a URL matches nothing.
    pub fn test<'a>(&self, input: impl Into<MatchInput<'a>>) -> bool {
        match input.into() {
            MatchInput::Str(s) => Url::parse(s).is_ok_and(|u| self.test_url(&u)),
            MatchInput::Url(u) => self.test_url(u),
            other => Self::values(other, None).is_some_and(|(v, _)| self.test_values(&v.0)),
        }
    }

    fn test_url(&self, url: &Url) -> bool {
        self.test_values(&url_values(url).0)
    }

    /// Whether `input`, resolved against `base`, matches.
    pub fn test_with_base(&self, input: &str, base: &str) -> bool {
        Self::values(MatchInput::Str(input), Some(base))
            .and_then(|(_, url)| url)
            .is_some_and(|u| self.test_url(&u))
    }

    /// The match of `input` with its groups per component (the Standard's
    /// `exec`), or `None` when it does not match.
    pub fn exec<'a>(&self, input: impl Into<MatchInput<'a>>) -> Option<UrlPatternResult<'_>> {
        self.exec_inner(input.into(), None)
    }

    /// [`exec`](Self::exec) of `input` resolved against `base`.
    pub fn exec_with_base(&self, input: &str, base: &str) -> Option<UrlPatternResult<'_>> {
        self.exec_inner(MatchInput::Str(input), Some(base))
    }

    fn exec_inner(
        &self,
        input: MatchInput<'_>,
        base: Option<&str>,
    ) -> Option<UrlPatternResult<'_>> {
        let (values, url) = Self::values(input, base)?;
        let values = match &url {
            Some(u) => url_values(u),
            None => values,
        };
        // Most inputs do not match: turn away what the checks without a
        // regular expression can, before any group is built.
        if !self
            .components
            .iter()
            .zip(values.0.iter())
            .all(|(c, v)| c.may_match(v))
        {
            return None;
        }
        // The values of a URL string lie in the parsed URL, which the
        // result keeps; other values are copied.
        let within = url
            .as_ref()
            .map(Url::as_str)
            .filter(|u| result::all_within(u, &values.0));
        let text_len = match within {
            Some(_) => 0,
            None => values.0.iter().map(|v| v.len()).sum(),
        };
        let mut result = UrlPatternResult::start(self, text_len, self.group_count);
        for ((c, compiled), value) in Component::ALL
            .into_iter()
            .zip(&self.components)
            .zip(values.0.iter())
        {
            let offset = result.input(c, value, within);
            if !compiled.exec_into(c, value, offset, &mut result) {
                return None;
            }
        }
        let found_in_url = within.is_some();
        drop(values);
        if let (true, Some(url)) = (found_in_url, url) {
            result.keep_url(url);
        }
        Some(result)
    }
}

/// "hostname pattern is an IPv6 address"
fn hostname_pattern_is_ipv6(input: &str) -> bool {
    matches!(input.as_bytes(), [b'[', _, ..] | [b'{' | b'\\', b'[', ..])
}
