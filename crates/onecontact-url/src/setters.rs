//! The machinery of the API setters (URL Standard, [URL class](https://url.spec.whatwg.org/#url-class)):
//! `href`, `protocol`, `username`, `password`, `host`, `hostname`, `port`,
//! `pathname`, `search`, `hash`. [`crate::quirks`] exposes them with the
//! JavaScript names; the Rust mutators on [`Url`] (`set_scheme`, `set_host`,
//! …) are built on them.
//!
//! Each setter builds the new serialization in a fresh `String`: it copies
//! the part of the URL before the component being replaced, runs the basic URL
//! parser with the Standard's state override to append the new component, and
//! appends the rest of the old URL. The URL is only replaced on success, so a
//! refused value leaves it untouched.

use crate::edit::{append_tail, insert_dot_prefix, prefix, remove_port};
use crate::host::HostKind;
use crate::input::Prepared;
use crate::parser::{Parser, State};
use crate::percent_encoding::{USERINFO, utf8_percent_encode_into};
use crate::prelude::*;
use crate::url::{NONE, Url};
use crate::validation::SetterError;

/// The outcome of a state-override run.
struct Ran {
    url: Url,
    port_set: bool,
}

/// Runs the basic URL parser on `value` with `state` as state override,
/// appending to `working`. `original` is the URL as it was before the setter.
fn run_override(
    original: &Url,
    working: Url,
    value: &str,
    state: State,
) -> Result<Ran, SetterError> {
    let prepared = Prepared::new(value, false);
    let mut obs = ();
    let mut parser = Parser::for_setter(&prepared, original, working, state, &mut obs);
    let result = parser.run(state, 0);
    let (port_set, host_done, refused) = parser.setter.map_or((false, false, None), |s| {
        (s.port_set, s.host_done, s.refused)
    });
    // The host setter keeps a host that was stored before the port state
    // failed or refused (the Standard has already modified the URL then).
    let host_kept = host_done && state == State::Host;
    match (result, refused) {
        (Ok(()), None) => Ok(Ran {
            url: parser.url,
            port_set,
        }),
        _ if host_kept => Ok(Ran {
            url: parser.url,
            port_set: false,
        }),
        (Err(e), _) => Err(SetterError::Invalid(e)),
        (Ok(()), Some(reason)) => Err(reason),
    }
}

impl Url {
    /// Whether the URL cannot have a username, password or port: its host is
    /// null or empty, or its scheme is `file`.
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host_kind, HostKind::None | HostKind::Empty) || self.scheme_type.is_file()
    }

    /// The `href` setter: replaces the whole URL with `value` parsed (no base).
    pub(crate) fn js_set_href(&mut self, value: &str) -> Result<(), SetterError> {
        *self = Url::parse(value).map_err(SetterError::Invalid)?;
        Ok(())
    }

    /// The `protocol` setter: `value` up to its first `:` becomes the scheme,
    /// unless that would switch between special and non-special schemes, make
    /// a URL with credentials or a port a `file:` URL, or change the scheme of
    /// a `file:` URL with an empty host.
    pub(crate) fn js_set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        let mut input = String::with_capacity(value.len() + 1);
        input.push_str(value);
        input.push(':');
        let ran = run_override(self, self.clone(), &input, State::SchemeStart)?;
        self.commit_edit(ran.url)
    }

    /// The `username` setter (value percent-encoded with the userinfo set).
    pub(crate) fn js_set_username(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let password = self.password().unwrap_or_default().to_owned();
        self.rebuild_userinfo(
            |out| utf8_percent_encode_into(out, value, &USERINFO),
            &password,
        )
    }

    /// The `password` setter (value percent-encoded with the userinfo set).
    pub(crate) fn js_set_password(&mut self, value: &str) -> Result<(), SetterError> {
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
        let start = self.scheme_end() + 3;
        let mut url = prefix(self, start, password.len() + 16);
        write_username(&mut url.serialization);
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
        self.commit_edit(url)
    }

    /// The `host` setter: a host, optionally followed by `:` and a port
    /// (a port that fails to parse leaves the old port in place). Refused for
    /// URLs with an opaque path.
    pub(crate) fn js_set_host(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_with(value, State::Host)
    }

    /// The `hostname` setter: like [`Url::set_host`] but refuses a value with a port.
    pub(crate) fn js_set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_with(value, State::Hostname)
    }

    fn set_host_with(&mut self, value: &str, state: State) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let mut working = if self.has_authority() {
            prefix(self, self.host_start, value.len())
        } else {
            let mut w = prefix(self, self.scheme_end() + 1, value.len() + 2);
            w.serialization.push_str("//");
            w.host_start = w.len32();
            w.port_value = 0;
            w
        };
        working.query_start = NONE;
        working.fragment_start = NONE;
        let ran = run_override(self, working, value, state)?;
        let mut url = ran.url;
        if !ran.port_set {
            url.port_value = self.port_value;
            if self.has_port() {
                url.serialization.push(':');
                url.serialization.push_str(crate::quirks::port(self));
            }
        }
        url.path_start = url.len32();
        append_tail(&mut url, self, self.path_start);
        self.commit_edit(url)
    }

    /// The `port` setter: leading digits of `value` become the port (the
    /// scheme's default port is stored as no port); the empty string removes
    /// the port. Refused for URLs that cannot have a port.
    pub(crate) fn js_set_port(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        if value.is_empty() {
            remove_port(self);
            return Ok(());
        }
        let working = prefix(self, self.host_end, value.len());
        let ran = run_override(self, working, value, State::Port)?;
        let mut url = ran.url;
        url.path_start = url.len32();
        append_tail(&mut url, self, self.path_start);
        self.commit_edit(url)
    }

    /// The `pathname` setter. Refused for URLs with an opaque path.
    pub(crate) fn js_set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let mut working = prefix(self, self.authority_end(), value.len() + 1);
        working.path_start = working.len32();
        let ran = run_override(self, working, value, State::PathStart)?;
        let mut url = ran.url;
        let path_end = self.path_end();
        append_tail(&mut url, self, path_end);
        insert_dot_prefix(&mut url);
        self.commit_edit(url)
    }

    /// The `search` setter: the empty string removes the query; otherwise a
    /// leading `?` is dropped and the rest becomes the query.
    pub(crate) fn js_set_search(&mut self, value: &str) -> Result<(), SetterError> {
        let path_end = self.path_end();
        let mut url = prefix(self, path_end, value.len() + 1);
        if value.is_empty() {
            let query_end = self.query_end();
            append_tail(&mut url, self, query_end);
            url.query_start = NONE;
            return self.commit_edit(url);
        }
        let input = value.strip_prefix('?').unwrap_or(value);
        url.query_start = url.len32();
        url.fragment_start = NONE;
        url.serialization.push('?');
        let ran = run_override(self, url, input, State::Query)?;
        let mut url = ran.url;
        let query_start = url.query_start;
        let query_end = self.query_end();
        append_tail(&mut url, self, query_end);
        url.query_start = query_start;
        self.commit_edit(url)
    }

    /// Writes a parameter list back as the query, as the URL Standard's
    /// `URLSearchParams` update steps do: an empty list removes the query.
    /// An opaque path is left as it is: the parser already wrote a space
    /// before `?` or `#` as `%20`
    /// (<https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>), so
    /// `data:space ?q` becomes `data:space%20`.
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
    /// assert_eq!(url.as_str(), "https://example.com/p?q=a%20b&page=2#top");
    ///
    /// params.delete("q", None);
    /// params.delete("page", None);
    /// url.set_search_params(&params)?;
    /// assert_eq!(url.as_str(), "https://example.com/p#top");
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
            return self.js_set_search("");
        }
        // The setter drops one leading `?`; ours keeps a first name that
        // starts with `?` (the query `??a=1` has the name `?a`).
        let mut value = String::with_capacity(serialized.len() + 1);
        value.push('?');
        value.push_str(&serialized);
        self.js_set_search(&value)
    }

    /// The `hash` setter: the empty string removes the fragment; otherwise a
    /// leading `#` is dropped and the rest becomes the fragment.
    pub(crate) fn js_set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        let query_end = self.query_end();
        let mut url = prefix(self, query_end, value.len() + 1);
        url.query_start = self.query_start;
        url.fragment_start = NONE;
        if value.is_empty() {
            return self.commit_edit(url);
        }
        let input = value.strip_prefix('#').unwrap_or(value);
        url.fragment_start = url.len32();
        url.serialization.push('#');
        let ran = run_override(self, url, input, State::Fragment)?;
        self.commit_edit(ran.url)
    }
}
