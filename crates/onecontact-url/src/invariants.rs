//! `Url::check_invariants`: re-derives every offset from the serialization.
//! Called after every parse and mutation in tests and fuzzing.

use crate::host::HostKind;
use crate::prelude::*;
use crate::scheme::SchemeType;
use crate::url::{NONE, Url};

macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

impl Url {
    /// Checks that the offsets describe the serialization, that the
    /// serialization re-parses to exactly this URL, and that every getter
    /// slices cleanly. Returns a description of the first violation.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), String> {
        let s = &self.serialization;
        let len = self.len32();
        ensure!(s.is_ascii(), "serialization is not ASCII: {s:?}");
        // Scheme.
        // Scheme end, derived: the first ':' of the serialization.
        let scheme_end = self.scheme_end();
        ensure!(
            s.bytes().position(|b| b == b':') == Some(scheme_end as usize),
            "scheme_end {scheme_end} is not the first ':' in {s:?}"
        );
        let scheme = self.scheme();
        ensure!(
            scheme
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_lowercase())
                && scheme.bytes().all(|b| b.is_ascii_lowercase()
                    || b.is_ascii_digit()
                    || matches!(b, b'+' | b'-' | b'.')),
            "bad scheme {scheme:?}"
        );
        ensure!(
            self.scheme_type == SchemeType::from_scheme(scheme),
            "scheme type mismatch for {scheme:?}"
        );
        // Authority.
        let after_scheme = scheme_end + 1;
        ensure!(
            self.has_credentials() == (!self.username().is_empty() || self.password().is_some()),
            "has_credentials disagrees with the username and password of {s:?}"
        );
        let username_end = self.username_end();
        if self.has_authority() {
            ensure!(
                self.slice(after_scheme, after_scheme + 2) == "//",
                "host without '//' in {s:?}"
            );
            let user_start = after_scheme + 2;
            ensure!(
                user_start <= username_end
                    && username_end <= self.host_start
                    && self.host_start <= self.host_end
                    && self.host_end <= self.path_start,
                "authority offsets out of order in {s:?}"
            );
            if self.host_start > user_start {
                ensure!(
                    self.byte_at(self.host_start - 1) == Some(b'@'),
                    "credentials without '@' in {s:?}"
                );
                if username_end < self.host_start - 1 {
                    ensure!(
                        self.byte_at(username_end) == Some(b':'),
                        "password without ':' in {s:?}"
                    );
                    ensure!(
                        username_end + 1 < self.host_start - 1,
                        "empty password serialized in {s:?}"
                    );
                }
                ensure!(
                    !self.cannot_have_username_password_port(),
                    "credentials on a URL that cannot have them"
                );
            } else {
                ensure!(
                    username_end == user_start,
                    "username_end without credentials in {s:?}"
                );
            }
            match self.port() {
                Some(port) => {
                    ensure!(
                        self.byte_at(self.host_end) == Some(b':'),
                        "port without ':' in {s:?}"
                    );
                    ensure!(
                        crate::quirks::port(self) == port.to_string(),
                        "port text {:?} is not {port}",
                        crate::quirks::port(self)
                    );
                    ensure!(
                        self.scheme_type.default_port() != Some(port),
                        "default port stored in {s:?}"
                    );
                }
                None => ensure!(
                    self.host_end == self.path_start && self.port_value == 0,
                    "text between host and path, or a stored port value, in {s:?}"
                ),
            }
            let host = self.hostname_text();
            match self.host_kind {
                HostKind::Empty => ensure!(
                    host.is_empty() && self.ip == [0; 4],
                    "empty host with text {host:?} or an address"
                ),
                HostKind::None => {}
                _ => {
                    ensure!(!host.is_empty(), "empty text for a non-empty host in {s:?}");
                    let reparsed = if self.is_special() {
                        crate::Host::parse(host)
                    } else {
                        crate::Host::parse_opaque(host)
                    }
                    .map_err(|e| format!("host {host:?} does not re-parse: {e}"))?;
                    let stored = match (self.host_kind, &reparsed) {
                        (HostKind::Ipv4, crate::Host::Ipv4(a)) => {
                            self.ip == [u32::from(*a), 0, 0, 0]
                        }
                        (HostKind::Ipv6, crate::Host::Ipv6(a)) => {
                            self.ip == crate::host::ipv6_bits(&a.segments())
                        }
                        (HostKind::Ipv4 | HostKind::Ipv6, _) => false,
                        _ => self.ip == [0; 4],
                    };
                    ensure!(
                        stored,
                        "stored address {:?} does not match host {host:?}",
                        self.ip
                    );
                    ensure!(
                        reparsed.to_string() == host,
                        "host {host:?} re-parses to {reparsed}"
                    );
                }
            }
            if self.is_special() && !self.scheme_type.is_file() {
                ensure!(
                    self.host_kind != HostKind::Empty,
                    "special URL with empty host: {s:?}"
                );
            }
        } else {
            ensure!(
                username_end == after_scheme
                    && self.host_start == after_scheme
                    && self.host_end == after_scheme,
                "hostless URL with authority offsets in {s:?}"
            );
            ensure!(
                self.port_value == 0 && self.ip == [0; 4],
                "port or address without host"
            );
            ensure!(!self.is_special(), "special URL without host: {s:?}");
            if self.path_start != self.host_end {
                ensure!(
                    self.path_start == self.host_end + 2
                        && self.slice(self.host_end, self.path_start) == "/.",
                    "bad text before the path in {s:?}"
                );
                ensure!(
                    self.path().starts_with("//"),
                    "'/.' before a path not starting with '//'"
                );
            } else {
                ensure!(
                    !self.path().starts_with("//"),
                    "missing '/.' before {:?}",
                    self.path()
                );
            }
        }
        // Path, query, fragment.
        let path_end = self.path_end();
        ensure!(
            self.path_start <= path_end && path_end <= len,
            "path offsets out of range in {s:?}"
        );
        let path = self.path();
        ensure!(!path.contains(['?', '#']), "path {path:?} holds '?' or '#'");
        if self.has_authority() || self.is_special() {
            ensure!(
                path.is_empty() || path.starts_with('/'),
                "path {path:?} does not start with '/'"
            );
        }
        if self.is_special() {
            ensure!(path.starts_with('/'), "special URL with empty path: {s:?}");
        }
        if self.query_start != NONE {
            ensure!(
                self.query_start == path_end && self.byte_at(self.query_start) == Some(b'?'),
                "bad query_start in {s:?}"
            );
            ensure!(
                self.query().is_some_and(|q| !q.contains('#')),
                "query holds '#'"
            );
        }
        if self.fragment_start != NONE {
            ensure!(
                self.fragment_start < len && self.byte_at(self.fragment_start) == Some(b'#'),
                "bad fragment_start in {s:?}"
            );
            ensure!(self.fragment_start >= path_end, "fragment before path end");
        }
        // The getters put back together give the href.
        let mut joined = String::with_capacity(s.len());
        joined.push_str(self.scheme());
        joined.push(':');
        if self.has_authority() {
            joined.push_str("//");
            joined.push_str(self.username());
            if let Some(password) = self.password() {
                joined.push(':');
                joined.push_str(password);
            }
            if !self.username().is_empty() || self.password().is_some() {
                joined.push('@');
            }
            joined.push_str(self.host_str().unwrap_or_default());
            if let Some(port) = self.port() {
                joined.push(':');
                joined.push_str(&port.to_string());
            }
        } else if self.path_start != self.host_end {
            joined.push_str("/.");
        }
        joined.push_str(self.path());
        if let Some(q) = self.query() {
            joined.push('?');
            joined.push_str(q);
        }
        if let Some(f) = self.fragment() {
            joined.push('#');
            joined.push_str(f);
        }
        ensure!(&joined == s, "getters join to {joined:?}, not {s:?}");
        // The serialization re-parses to the same URL, offset for offset.
        let again = Url::parse(s).map_err(|e| format!("href {s:?} does not re-parse: {e}"))?;
        ensure!(
            again.serialization == *s,
            "href {s:?} re-parses to {:?}",
            again.serialization
        );
        let fields = |u: &Url| {
            (
                u.scheme_end(),
                u.username_end(),
                u.host_start,
                u.host_end,
                u.path_start,
                u.query_start,
                u.fragment_start,
                u.port(),
                u.port_value,
                u.host_kind,
                u.ip,
            )
        };
        ensure!(
            fields(&again) == fields(self),
            "offsets differ from a fresh parse of {s:?}: {:?} vs {:?}",
            fields(&again),
            fields(self)
        );
        Ok(())
    }
}
