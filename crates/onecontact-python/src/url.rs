//! `onecontact.URL`: the WHATWG URL with the URL Standard's getters.

use onecontact::onecontact_url::{ParseError, Url, quirks};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::PyString;

use crate::errors::url_error;
use crate::text::{chars_before, text_of};

/// A URL parsed by the WHATWG URL Standard, as new URL(text, base) in a browser.
///
/// The getters are those of the Standard's API (href, protocol, username, password, host, hostname, port, pathname, search, hash, origin). A URL is immutable, hashable and equal to another URL with the same href.
///
/// Raises URLError (a ValueError) when the text is not a URL, TypeError when it is not a str. Lone surrogates in the text read as U+FFFD, as the Standard's USVString does.
#[pyclass(frozen, module = "onecontact", name = "URL")]
pub(crate) struct PyUrl {
    pub(crate) url: Url,
}

/// The base argument: a `str` or a `URL`.
fn base_url(base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Result<Url, BaseError>>> {
    let Some(base) = base else { return Ok(None) };
    if base.is_none() {
        return Ok(None);
    }
    if let Ok(url) = base.cast::<PyUrl>() {
        return Ok(Some(Ok(url.get().url.clone())));
    }
    let text = text_of(base, "base")?;
    Ok(Some(
        Url::parse(&text).map_err(|e| BaseError(e, text.into_owned())),
    ))
}

/// A base that does not parse.
pub(crate) struct BaseError(ParseError, String);

/// The `URLError` for a text (or, with `what` = "the base: ", a base) that
/// does not parse.
pub(crate) fn parse_error(error: &ParseError, text: &str, what: &str) -> PyErr {
    let kind = error.kind();
    url_error(
        kind.name(),
        &format!("{}{}", what, kind.description()),
        Some(chars_before(text, error.offset())),
        None,
    )
}

fn parse(text: &str, base: Option<Result<Url, BaseError>>) -> PyResult<Url> {
    match base {
        None => Url::parse(text).map_err(|e| parse_error(&e, text, "")),
        Some(Err(BaseError(e, base_text))) => Err(parse_error(&e, &base_text, "the base: ")),
        Some(Ok(base)) => Url::options()
            .base_url(Some(&base))
            .parse(text)
            .map_err(|e| parse_error(&e, text, "")),
    }
}

#[pymethods]
impl PyUrl {
    #[new]
    #[pyo3(signature = (text, base = None))]
    fn new(text: &Bound<'_, PyAny>, base: Option<&Bound<'_, PyAny>>) -> PyResult<PyUrl> {
        let text = text_of(text, "text")?;
        let base = base_url(base)?;
        Ok(PyUrl {
            url: parse(&text, base)?,
        })
    }

    /// Whether URL(text, base) would succeed, without building it.
    #[staticmethod]
    #[pyo3(signature = (text, base = None))]
    fn can_parse(text: &Bound<'_, PyAny>, base: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let text = text_of(text, "text")?;
        let base = base_url(base)?;
        Ok(match base {
            None => Url::parse(&text).is_ok(),
            Some(Err(_)) => false,
            Some(Ok(base)) => Url::options().base_url(Some(&base)).parse(&text).is_ok(),
        })
    }

    /// The whole URL, serialized.
    #[getter]
    fn href(&self) -> &str {
        quirks::href(&self.url)
    }

    /// The origin, serialized ("null" for an opaque origin).
    #[getter]
    fn origin(&self) -> String {
        quirks::origin(&self.url)
    }

    /// The scheme followed by ":".
    #[getter]
    fn protocol(&self) -> &str {
        quirks::protocol(&self.url)
    }

    /// The user name, percent-encoded ("" when there is none).
    #[getter]
    fn username(&self) -> &str {
        quirks::username(&self.url)
    }

    /// The password, percent-encoded ("" when there is none).
    #[getter]
    fn password(&self) -> &str {
        quirks::password(&self.url)
    }

    /// The host and, when not the default, ":" and the port.
    #[getter]
    fn host(&self) -> &str {
        quirks::host(&self.url)
    }

    /// The host without the port.
    #[getter]
    fn hostname(&self) -> &str {
        quirks::hostname(&self.url)
    }

    /// The port ("" for none or the scheme's default).
    #[getter]
    fn port(&self) -> &str {
        quirks::port(&self.url)
    }

    /// The path.
    #[getter]
    fn pathname(&self) -> &str {
        quirks::pathname(&self.url)
    }

    /// "?" and the query, or "" when the query is empty or absent.
    #[getter]
    fn search(&self) -> &str {
        quirks::search(&self.url)
    }

    /// "#" and the fragment, or "" when it is empty or absent.
    #[getter]
    fn hash(&self) -> &str {
        quirks::hash(&self.url)
    }

    /// The query as application/x-www-form-urlencoded (name, value) pairs, in order, decoded.
    #[getter]
    fn search_params(&self) -> Vec<(String, String)> {
        self.url
            .search_params()
            .iter()
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect()
    }

    /// The URL text resolves to against this one: URL(text, self).
    fn join(&self, text: &Bound<'_, PyAny>) -> PyResult<PyUrl> {
        let text = text_of(text, "text")?;
        Ok(PyUrl {
            url: parse(&text, Some(Ok(self.url.clone())))?,
        })
    }

    fn __str__(&self) -> &str {
        self.url.as_str()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let quoted = PyString::new(py, self.url.as_str()).repr()?;
        Ok(format!("URL({quoted})"))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<PyUrl>() else {
            return py.NotImplemented();
        };
        let (a, b) = (self.url.as_str(), other.get().url.as_str());
        let answer = match op {
            CompareOp::Eq => a == b,
            CompareOp::Ne => a != b,
            _ => return py.NotImplemented(),
        };
        answer
            .into_pyobject(py)
            .map_or_else(|_| py.None(), |b| b.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.url.as_str().hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let class = py.get_type::<PyUrl>().into_any().unbind();
        Ok((class, (self.url.as_str().to_owned(),)))
    }
}
