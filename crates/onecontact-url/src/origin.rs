//! The origin of a URL (URL Standard §4.7) and its serialization (HTML).

use crate::url::Url;

impl Url {
    /// The serialization of the URL's origin (JavaScript `origin`):
    /// `scheme://host[:port]` for `http`, `https`, `ws`, `wss` and `ftp` URLs,
    /// the origin of the inner URL for `blob:` URLs whose path is an `http:`
    /// or `https:` URL, and `"null"` (an opaque origin) for everything else,
    /// `file:` included.
    ///
    /// ```
    /// use onecontact_url::Url;
    /// assert_eq!(Url::parse("https://a.example:8443/x").unwrap().origin(), "https://a.example:8443");
    /// assert_eq!(Url::parse("blob:https://a.example/uuid").unwrap().origin(), "https://a.example");
    /// assert_eq!(Url::parse("file:///tmp/x").unwrap().origin(), "null");
    /// ```
    pub fn origin(&self) -> String {
        if self.has_tuple_origin() {
            return self.tuple_origin();
        }
        if self.scheme() == "blob"
            && let Ok(inner) = Url::parse(self.pathname())
            && matches!(inner.scheme(), "http" | "https")
        {
            return inner.tuple_origin();
        }
        "null".to_owned()
    }

    /// Whether the origin is a tuple origin (scheme, host, port) rather than
    /// opaque; `blob:` URLs are judged by their inner URL.
    pub fn is_origin_opaque(&self) -> bool {
        self.origin() == "null"
    }

    fn has_tuple_origin(&self) -> bool {
        self.is_special() && !self.scheme_type.is_file()
    }

    /// `scheme "://" host [":" port]`, straight from the serialization.
    fn tuple_origin(&self) -> String {
        let mut out = String::with_capacity(self.scheme().len() + 3 + self.host_str().len());
        out.push_str(self.scheme());
        out.push_str("://");
        out.push_str(self.host_str());
        out
    }
}
