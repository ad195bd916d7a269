//! `url`'s [`PathSegmentsMut`], on `onecontact_url`'s.

/// Edits a URL's path segment by segment (from
/// [`Url::path_segments_mut`](crate::Url::path_segments_mut)); the path is
/// written back when this is dropped.
///
/// ```
/// let mut url = url::Url::parse("https://example.com/a/b/")?;
/// url.path_segments_mut().map_err(|_| "opaque path")?.pop_if_empty().pop().push("c d");
/// assert_eq!(url.as_str(), "https://example.com/a/c%20d");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    inner: onecontact_url::PathSegmentsMut<'a>,
}

impl<'a> PathSegmentsMut<'a> {
    pub(crate) fn new(inner: onecontact_url::PathSegmentsMut<'a>) -> Self {
        PathSegmentsMut { inner }
    }
}

impl PathSegmentsMut<'_> {
    /// Removes every segment: the path becomes `/`.
    pub fn clear(&mut self) -> &mut Self {
        self.inner.clear();
        self
    }

    /// Removes the last segment if it is empty (the path ends with `/`),
    /// unless it is the only one.
    pub fn pop_if_empty(&mut self) -> &mut Self {
        self.inner.pop_if_empty();
        self
    }

    /// Removes the last segment, if any.
    pub fn pop(&mut self) -> &mut Self {
        self.inner.pop();
        self
    }

    /// Appends one segment, percent-encoded so that it stays one segment
    /// (`/` and `%` included); `.` and `..` are ignored.
    pub fn push(&mut self, segment: &str) -> &mut Self {
        self.inner.push(segment);
        self
    }

    /// Appends each segment as [`PathSegmentsMut::push`] does.
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.inner.extend(segments);
        self
    }
}
