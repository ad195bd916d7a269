//! [`UrlQuery`], the `form_urlencoded::Target` of
//! [`Url::query_pairs_mut`](crate::Url::query_pairs_mut).

use alloc::string::String;

use crate::Url;

/// The query of a URL being edited by a `form_urlencoded::Serializer`
/// (from [`Url::query_pairs_mut`]): the serializer appends to a copy of the
/// query, which is written back to the URL through the Standard's query
/// setter when the serializer finishes or is dropped.
///
/// ```
/// let mut url = url::Url::parse("https://example.com/?a=1#top")?;
/// url.query_pairs_mut().append_pair("b", "x y").append_key_only("c");
/// assert_eq!(url.as_str(), "https://example.com/?a=1&b=x+y&c#top");
/// url.query_pairs_mut().clear();
/// assert_eq!(url.as_str(), "https://example.com/?#top");
/// # Ok::<(), url::ParseError>(())
/// ```
#[derive(Debug)]
pub struct UrlQuery<'a> {
    url: Option<&'a mut Url>,
    query: String,
}

impl<'a> UrlQuery<'a> {
    pub(crate) fn new(url: &'a mut Url) -> Self {
        let query = String::from(url.query().unwrap_or_default());
        UrlQuery {
            url: Some(url),
            query,
        }
    }

    /// Writes the query to the URL (once).
    fn write(&mut self) -> Option<&'a mut Url> {
        let url = self.url.take()?;
        url.set_query(Some(&self.query));
        Some(url)
    }
}

impl<'a> form_urlencoded::Target for UrlQuery<'a> {
    fn as_mut_string(&mut self) -> &mut String {
        &mut self.query
    }

    fn finish(mut self) -> &'a mut Url {
        match self.write() {
            Some(url) => url,
            // `url` is taken only here and in `drop`, both of which consume
            // the value: a second take cannot happen.
            None => unreachable!("UrlQuery finished twice"),
        }
    }

    type Finished = &'a mut Url;
}

impl Drop for UrlQuery<'_> {
    fn drop(&mut self) {
        self.write();
    }
}
