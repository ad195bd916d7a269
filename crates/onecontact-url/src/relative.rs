//! Relative references between two URLs ([`Url::make_relative`]) and
//! socket addresses of a URL's host ([`Url::socket_addrs`]).

use crate::prelude::*;

#[cfg(feature = "std")]
use std::io;
#[cfg(feature = "std")]
use std::net::{SocketAddr, ToSocketAddrs};

use crate::gigo::Gigo;
#[cfg(feature = "std")]
use crate::host::Host;
use crate::url::Url;

impl Url {
    /// A relative reference that [`Url::join`] resolves against `self` to
    /// exactly `url`, as short as this method finds: `None` when either URL
    /// has an opaque path, the scheme, credentials, host or port differ, or
    /// no reference joins back to `url` (an empty path after a host, as in
    /// `foo://h`, cannot be reached from a base whose path is not empty).
    ///
    /// Every answer is checked by joining it, so `self.join(&r)` equals
    /// `url` for every `Some(r)`.
    ///
    /// ```
    /// use onecontact_url::Url;
    /// let base = Url::parse("https://example.com/a/b/c")?;
    /// let url = Url::parse("https://example.com/a/d/e?q#f")?;
    /// let relative = base.make_relative(&url).unwrap();
    /// assert_eq!(relative, "../d/e?q#f");
    /// assert_eq!(base.join(&relative)?, url);
    /// assert_eq!(base.make_relative(&Url::parse("https://other.example/")?), None);
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        if self.has_opaque_path()
            || url.has_opaque_path()
            || self.scheme() != url.scheme()
            || self.authority() != url.authority()
            || self.has_authority() != url.has_authority()
        {
            return None;
        }
        let mut tail = String::new();
        if let Some(query) = url.query() {
            tail.push('?');
            tail.push_str(query);
        }
        if let Some(fragment) = url.fragment() {
            tail.push('#');
            tail.push_str(fragment);
        }
        let candidates = [
            relative_path(self.path(), url.path()),
            Some(url.path().to_owned()),
        ];
        candidates.into_iter().flatten().find_map(|path| {
            let reference = path + &tail;
            (self.join(&reference).ok().as_ref() == Some(url)).then_some(reference)
        })
    }

    /// The socket addresses of the host and port: IP hosts directly, domains
    /// and opaque hosts through the system resolver (`ToSocketAddrs`). The port is the URL's,
    /// else the scheme's default, else `default_port_number()`.
    ///
    /// ```
    /// let url = onecontact_url::Url::parse("https://127.0.0.1/")?;
    /// let addrs = url.socket_addrs(|| None)?;
    /// assert_eq!(addrs, ["127.0.0.1:443".parse().unwrap()]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// `InvalidInput` when the URL has no host or empty or opaque host, or no
    /// port can be found; the resolver's error for a domain it cannot resolve.
    #[cfg(feature = "std")]
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> io::Result<Vec<SocketAddr>> {
        let invalid = |why: &str| io::Error::new(io::ErrorKind::InvalidInput, why.to_owned());
        let port = self
            .port_or_known_default()
            .or_else(default_port_number)
            .ok_or_else(|| invalid("the URL has no port and its scheme has no default port"))?;
        match self.host() {
            // An opaque host (`unknown://127.0.0.1/`) goes to the resolver as
            // a domain does, as in the `url` crate, which files it as one.
            Some(Host::Domain(domain) | Host::Opaque(domain)) => {
                Ok((domain, port).to_socket_addrs()?.collect())
            }
            Some(Host::Ipv4(a)) => Ok(vec![SocketAddr::from((a, port))]),
            Some(Host::Ipv6(a)) => Ok(vec![SocketAddr::from((a, port))]),
            _ => Err(invalid("the URL has no domain or IP address as host")),
        }
    }
}

/// The path up to its last `/` (excluded).
fn directory(path: &str) -> &str {
    path.rfind('/')
        .map_or("", |i| path.get(..i).unwrap_or_gigo())
}

/// `to` written relative to the directory of `from`: `..` for each directory
/// of `from` not shared, then the rest of `to`. `None` unless both paths start
/// with `/` (a URL with a host may have an empty path).
fn relative_path(from: &str, to: &str) -> Option<String> {
    if !from.starts_with('/') || !to.starts_with('/') {
        return None;
    }
    let (from_dir, to_dir) = (directory(from), directory(to));
    let file = to.get(to_dir.len() + 1..).unwrap_or_gigo();
    let from_segments: Vec<&str> = from_dir.split('/').skip(1).collect();
    let to_segments: Vec<&str> = to_dir.split('/').skip(1).collect();
    let shared = from_segments
        .iter()
        .zip(&to_segments)
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = String::new();
    for _ in shared..from_segments.len() {
        out.push_str("../");
    }
    for segment in to_segments.iter().skip(shared) {
        out.push_str(segment);
        out.push('/');
    }
    out.push_str(file);
    // A first segment with `:` would read as a scheme; an empty reference
    // would keep the base's query.
    let first = out.split('/').next().unwrap_or_gigo();
    if out.is_empty() || first.contains(':') {
        out.insert_str(0, "./");
    }
    Some(out)
}
