//! The API setters (URL Standard §6.1 "URL class"): `href`, `protocol`,
//! `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`,
//! `hash`.
//!
//! Each setter builds the new serialization in a fresh `String`: it copies
//! the part of the URL before the component being replaced, runs the basic URL
//! parser with the Standard's state override to append the new component, and
//! appends the rest of the old URL. The URL is only replaced on success, so a
//! refused value leaves it untouched.

use crate::host::HostKind;
use crate::input::Prepared;
use crate::parser::{Parser, State, Stop, empty_url};
use crate::percent_encoding::{USERINFO, utf8_percent_encode_into};
use crate::scheme::SchemeType;
use crate::url::{NONE, Url, to_u32};
use crate::validation::{ParseError, SetterError, ValidationError};

/// The outcome of a state-override run.
struct Ran {
    url: Url,
    port_set: bool,
}

/// Runs the basic URL parser on `value` with `state` as state override,
/// appending to `working`. `original` is the URL as it was before the setter.
fn run_override(original: &Url, working: Url, value: &str, state: State) -> Result<Ran, Stop> {
    let prepared = Prepared::new(value, false);
    let text: &str = &prepared.text;
    let mut obs = ();
    let mut parser = Parser {
        input: text,
        prepared: &prepared,
        base: None,
        state_override: Some(state),
        original: Some(original),
        obs: &mut obs,
        url: working,
        port_set: false,
        host_done: false,
        span_path_start: None,
    };
    match parser.run(state, 0) {
        Ok(()) => Ok(Ran {
            url: parser.url,
            port_set: parser.port_set,
        }),
        // The host setter keeps a host that was stored before the port
        // state failed (the Standard has already modified the URL then).
        Err(_) if parser.host_done && state == State::Host => Ok(Ran {
            url: parser.url,
            port_set: false,
        }),
        Err(stop) => Err(stop),
    }
}

fn refusal(stop: Stop) -> SetterError {
    match stop {
        Stop::Fail(e) => SetterError::Invalid(e),
        Stop::Refuse(r) => r,
    }
}

/// Appends `src.serialization[from..]` to `dst`, carrying over the query and
/// fragment offsets that lie in it.
fn append_tail(dst: &mut Url, src: &Url, from: u32) {
    let shift = |old: u32, dst_len: u32| {
        if old == NONE || old < from {
            NONE
        } else {
            old - from + dst_len
        }
    };
    let len = dst.len32();
    dst.query_start = shift(src.query_start, len);
    dst.fragment_start = shift(src.fragment_start, len);
    dst.serialization.push_str(src.slice(from, src.len32()));
}

/// Copies `src` up to `end` into a new URL with the same offsets (offsets
/// at or past `end` are the caller's to set).
fn prefix(src: &Url, end: u32, extra: usize) -> Url {
    let mut url = empty_url(src.serialization.len() + extra + 8);
    url.serialization.push_str(src.slice(0, end));
    url.scheme_end = src.scheme_end;
    url.username_end = src.username_end;
    url.host_start = src.host_start;
    url.host_end = src.host_end;
    url.path_start = src.path_start;
    url.port = src.port;
    url.host_kind = src.host_kind;
    url.scheme_type = src.scheme_type;
    url
}

/// Replaces the scheme of `url` (protocol setter, after the Standard's checks)
/// and drops a port that is the new scheme's default.
pub(crate) fn replace_scheme(url: &mut Url, scheme: &str, scheme_type: SchemeType) {
    let old_end = url.scheme_end;
    let lowered: String = scheme.chars().map(|c| c.to_ascii_lowercase()).collect();
    url.serialization
        .replace_range(..old_end as usize, &lowered);
    let new_end = to_u32(lowered.len());
    let shift = |v: u32| {
        if v == NONE {
            NONE
        } else {
            v - old_end + new_end
        }
    };
    url.scheme_end = new_end;
    url.username_end = shift(url.username_end);
    url.host_start = shift(url.host_start);
    url.host_end = shift(url.host_end);
    url.path_start = shift(url.path_start);
    url.query_start = shift(url.query_start);
    url.fragment_start = shift(url.fragment_start);
    url.scheme_type = scheme_type;
    if url.port.is_some() && url.port == scheme_type.default_port() {
        remove_port(url);
    }
}

/// Sets the port to null, removing `:port` from the serialization.
fn remove_port(url: &mut Url) {
    if url.port.is_none() {
        return;
    }
    let removed = url.path_start - url.host_end;
    url.serialization
        .replace_range(url.host_end as usize..url.path_start as usize, "");
    url.path_start = url.host_end;
    if url.query_start != NONE {
        url.query_start -= removed;
    }
    if url.fragment_start != NONE {
        url.fragment_start -= removed;
    }
    url.port = None;
}

impl Url {
    /// Whether the URL cannot have a username, password or port: its host is
    /// null or empty, or its scheme is `file`.
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host_kind, HostKind::None | HostKind::Empty) || self.scheme_type.is_file()
    }

    /// The `href` setter: replaces the whole URL with `value` parsed (no base).
    pub fn set_href(&mut self, value: &str) -> Result<(), SetterError> {
        *self = Url::parse(value).map_err(SetterError::Invalid)?;
        Ok(())
    }

    /// The `protocol` setter: `value` up to its first `:` becomes the scheme,
    /// unless that would switch between special and non-special schemes, make
    /// a URL with credentials or a port a `file:` URL, or change the scheme of
    /// a `file:` URL with an empty host.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("http://example.com:443/").unwrap();
    /// url.set_protocol("https").unwrap();
    /// assert_eq!(url.href(), "https://example.com/");
    /// assert!(url.set_protocol("mailto").is_err());
    /// ```
    pub fn set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        let mut input = String::with_capacity(value.len() + 1);
        input.push_str(value);
        input.push(':');
        let ran = run_override(self, self.clone(), &input, State::SchemeStart).map_err(refusal)?;
        self.commit(ran.url)
    }

    /// The `username` setter (value percent-encoded with the userinfo set).
    pub fn set_username(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let password = self.password().to_owned();
        self.rebuild_userinfo(
            |out| utf8_percent_encode_into(out, value, &USERINFO),
            &password,
        )
    }

    /// The `password` setter (value percent-encoded with the userinfo set).
    pub fn set_password(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let mut password = String::with_capacity(value.len());
        utf8_percent_encode_into(&mut password, value, &USERINFO);
        let username = self.username().to_owned();
        self.rebuild_userinfo(|out| out.push_str(&username), &password)
    }

    /// Rewrites the credentials: `write_username` appends the (encoded)
    /// username, `password` is already encoded.
    fn rebuild_userinfo(
        &mut self,
        write_username: impl FnOnce(&mut String),
        password: &str,
    ) -> Result<(), SetterError> {
        let start = self.scheme_end + 3;
        let mut url = prefix(self, start, password.len() + 16);
        write_username(&mut url.serialization);
        url.username_end = url.len32();
        if !password.is_empty() {
            url.serialization.push(':');
            url.serialization.push_str(password);
        }
        if url.len32() > start {
            url.serialization.push('@');
        }
        let delta_base = url.len32();
        url.host_start = delta_base;
        url.host_end = self.host_end - self.host_start + delta_base;
        url.path_start = self.path_start - self.host_start + delta_base;
        let host_start = self.host_start;
        append_tail(&mut url, self, host_start);
        self.commit(url)
    }

    /// Replaces `self` with `url`, unless `url` is too long for 32-bit offsets.
    fn commit(&mut self, url: Url) -> Result<(), SetterError> {
        if url.serialization.len() >= (NONE - 1) as usize {
            return Err(SetterError::Invalid(ParseError::new(
                ValidationError::InputTooLong,
                0,
            )));
        }
        *self = url;
        Ok(())
    }

    /// The `host` setter: a host, optionally followed by `:` and a port
    /// (a port that fails to parse leaves the old port in place). Refused for
    /// URLs with an opaque path.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("https://example.com/a").unwrap();
    /// url.set_host("EXAMPLE.org:8080").unwrap();
    /// assert_eq!(url.href(), "https://example.org:8080/a");
    /// ```
    pub fn set_host(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_with(value, State::Host)
    }

    /// The `hostname` setter: like [`Url::set_host`] but refuses a value with a port.
    pub fn set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_with(value, State::Hostname)
    }

    fn set_host_with(&mut self, value: &str, state: State) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let mut working = if self.has_authority() {
            prefix(self, self.host_start, value.len())
        } else {
            let mut w = prefix(self, self.scheme_end + 1, value.len() + 2);
            w.serialization.push_str("//");
            w.username_end = w.len32();
            w.host_start = w.len32();
            w.port = None;
            w
        };
        working.query_start = NONE;
        working.fragment_start = NONE;
        let ran = run_override(self, working, value, state).map_err(refusal)?;
        let mut url = ran.url;
        if !ran.port_set {
            url.port = self.port;
            if self.port.is_some() {
                url.serialization.push(':');
                url.serialization.push_str(self.port());
            }
        }
        url.path_start = url.len32();
        append_tail(&mut url, self, self.path_start);
        self.commit(url)
    }

    /// The `port` setter: leading digits of `value` become the port (the
    /// scheme's default port is stored as no port); the empty string removes
    /// the port. Refused for URLs that cannot have a port.
    pub fn set_port(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        if value.is_empty() {
            remove_port(self);
            return Ok(());
        }
        let working = prefix(self, self.host_end, value.len());
        let ran = run_override(self, working, value, State::Port).map_err(refusal)?;
        let mut url = ran.url;
        url.path_start = url.len32();
        append_tail(&mut url, self, self.path_start);
        self.commit(url)
    }

    /// The `pathname` setter. Refused for URLs with an opaque path.
    pub fn set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let mut working = prefix(self, self.authority_end(), value.len() + 1);
        working.path_start = working.len32();
        let ran = run_override(self, working, value, State::PathStart).map_err(refusal)?;
        let mut url = ran.url;
        let path_end = self.path_end();
        append_tail(&mut url, self, path_end);
        crate::parser::insert_dot_prefix(&mut url);
        self.commit(url)
    }

    /// The `search` setter: the empty string removes the query; otherwise a
    /// leading `?` is dropped and the rest becomes the query.
    pub fn set_search(&mut self, value: &str) -> Result<(), SetterError> {
        let path_end = self.path_end();
        let mut url = prefix(self, path_end, value.len() + 1);
        if value.is_empty() {
            let query_end = self.query_end();
            append_tail(&mut url, self, query_end);
            url.query_start = NONE;
            return self.commit(url);
        }
        let input = value.strip_prefix('?').unwrap_or(value);
        url.query_start = url.len32();
        url.fragment_start = NONE;
        url.serialization.push('?');
        let ran = run_override(self, url, input, State::Query).map_err(refusal)?;
        let mut url = ran.url;
        let query_start = url.query_start;
        let query_end = self.query_end();
        append_tail(&mut url, self, query_end);
        url.query_start = query_start;
        self.commit(url)
    }

    /// Writes a parameter list back as the query, as the URL Standard's
    /// `URLSearchParams` update steps do: an empty list removes the query
    /// (and trailing spaces of an opaque path, as the `search` setter does).
    ///
    /// Unlike a browser, pairs that were not edited keep their original
    /// text (see [`SearchParams::serialize`](crate::search_params::SearchParams::serialize)),
    /// so removing one parameter does not re-encode the others.
    ///
    /// ```
    /// use onecontact_url::Url;
    ///
    /// let mut url = Url::parse("https://example.com/p?q=a%20b&utm_source=x#top")?;
    /// let mut params = url.search_params();
    /// params.delete("utm_source", None);
    /// params.append("page", "2");
    /// url.set_search_params(&params)?;
    /// assert_eq!(url.href(), "https://example.com/p?q=a%20b&page=2#top");
    ///
    /// params.delete("q", None);
    /// params.delete("page", None);
    /// url.set_search_params(&params)?;
    /// assert_eq!(url.href(), "https://example.com/p#top");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetterError`] when the resulting URL would be too long to store.
    pub fn set_search_params(
        &mut self,
        params: &crate::search_params::SearchParams,
    ) -> Result<(), SetterError> {
        let serialized = params.serialize();
        if serialized.is_empty() {
            return self.set_search("");
        }
        // The setter drops one leading `?`; ours keeps a first name that
        // starts with `?` (the query `??a=1` has the name `?a`).
        let mut value = String::with_capacity(serialized.len() + 1);
        value.push('?');
        value.push_str(&serialized);
        self.set_search(&value)
    }

    /// The `hash` setter: the empty string removes the fragment; otherwise a
    /// leading `#` is dropped and the rest becomes the fragment.
    pub fn set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        let query_end = self.query_end();
        let mut url = prefix(self, query_end, value.len() + 1);
        url.query_start = self.query_start;
        url.fragment_start = NONE;
        if value.is_empty() {
            return self.commit(url);
        }
        let input = value.strip_prefix('#').unwrap_or(value);
        url.fragment_start = url.len32();
        url.serialization.push('#');
        let ran = run_override(self, url, input, State::Fragment).map_err(refusal)?;
        self.commit(ran.url)
    }
}
