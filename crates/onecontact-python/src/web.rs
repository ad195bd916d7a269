//! `onecontact.WebAddress` and `onecontact.PublicSuffixList`.

use std::sync::Arc;

use onecontact::onecontact_psl::{List, Sections};
use onecontact::onecontact_url::Host;
use onecontact::{Data, Field, KeyVersion, WebAddress, WebError};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBool, PyDict, PyFrozenSet, PyInt, PyString};

use crate::errors::url_error;
use crate::text::{chars_before, py_repr, text_of, utf16_to_chars};

/// A Public Suffix List: the one compiled into the package (PublicSuffixList.baked()) or a newer one, from its text or a file (load_psl). Pass it as psl= to WebAddress, inspect, compare and the batch calls. public_suffix and registrable_domain answer for a host name; a list pickles (a loaded one with its text).
#[pyclass(frozen, module = "onecontact", name = "PublicSuffixList")]
pub(crate) struct PyList {
    /// The loaded list and its text (kept for pickling), or None for the baked one.
    list: Option<(Arc<List>, Arc<str>)>,
}

impl PyList {
    /// The list to use.
    pub(crate) fn list(&self) -> &List {
        match &self.list {
            Some((list, _)) => list,
            None => List::baked(),
        }
    }
}

/// The data a `psl=` argument names: the baked lists, or the baked popular
/// domains with the loaded Public Suffix List. Shared, so that threads can
/// read it without the GIL.
pub(crate) fn data_of(psl: Option<&Bound<'_, PyList>>) -> Data {
    match psl.and_then(|p| p.get().list.as_ref()) {
        Some((list, _)) => Data::baked().with_shared_psl(Arc::clone(list)),
        None => Data::baked(),
    }
}

fn psl_error(error: &dyn std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("not a Public Suffix List: {error}"))
}

#[pymethods]
impl PyList {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyList> {
        let text = text_of(text, "text")?;
        parsed(&text)
    }

    /// The list compiled into the package.
    #[staticmethod]
    fn baked() -> PyList {
        PyList { list: None }
    }

    /// Reads a list in the format of public_suffix_list.dat from a file.
    #[staticmethod]
    fn from_file(path: std::path::PathBuf) -> PyResult<PyList> {
        load(path)
    }

    /// The list's VERSION line, when it has one.
    #[getter]
    fn version(&self) -> Option<&str> {
        self.list().version()
    }

    /// The number of rules in the ICANN section.
    #[getter]
    fn icann_rules(&self) -> usize {
        self.list().icann_rules()
    }

    /// The number of rules in the PRIVATE section.
    #[getter]
    fn private_rules(&self) -> usize {
        self.list().private_rules()
    }

    /// The public suffix of a host name, in ASCII lower case (the URL Standard's form of the host: "Bücher.DE" answers "de"); None for an IP address. private=False leaves the list's PRIVATE section out (tldextract's default). Raises URLError (a ValueError) for a text that is not a host, such as a URL: WebAddress(text).public_suffix answers for those.
    #[pyo3(signature = (domain, *, private = true))]
    fn public_suffix(&self, domain: &Bound<'_, PyAny>, private: bool) -> PyResult<Option<String>> {
        let Some(host) = host_name(domain)? else {
            return Ok(None);
        };
        let answer = self.list().lookup_with(&host, sections(private));
        Ok(Some(answer.public_suffix().to_owned()))
    }

    /// The registrable domain of a host name (its public suffix and one more label), in ASCII lower case; None when the host is a public suffix itself or an IP address. private=False leaves the list's PRIVATE section out. Raises URLError (a ValueError) for a text that is not a host, such as a URL: WebAddress(text).registrable_domain answers for those.
    #[pyo3(signature = (domain, *, private = true))]
    fn registrable_domain(
        &self,
        domain: &Bound<'_, PyAny>,
        private: bool,
    ) -> PyResult<Option<String>> {
        let Some(host) = host_name(domain)? else {
            return Ok(None);
        };
        let answer = self.list().lookup_with(&host, sections(private));
        Ok(answer.registrable_domain().map(str::to_owned))
    }

    /// Pickled as its text (a loaded list) or as the baked list of the package that unpickles it.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Reduced<'py, (Option<Bound<'py, PyString>>,)>> {
        let rebuild = py.import("onecontact")?.getattr("_rebuild_psl")?;
        let text = self.list.as_ref().map(|(_, text)| PyString::new(py, text));
        Ok((rebuild, (text,)))
    }

    fn __repr__(&self) -> String {
        let list = self.list();
        let source = if self.list.is_none() {
            "baked"
        } else {
            "loaded"
        };
        format!(
            "<PublicSuffixList {source} version={:?} icann_rules={} private_rules={}>",
            list.version().unwrap_or("?"),
            list.icann_rules(),
            list.private_rules()
        )
    }
}

/// What `__reduce__` gives: the function that rebuilds the value, and its arguments.
type Reduced<'py, Args> = (Bound<'py, PyAny>, Args);

/// The arguments a `WebAddress` is rebuilt from: text, psl= and private=.
type WebArgs<'a, 'py> = (&'a str, Option<Bound<'py, PyList>>, bool);

/// Reads a Public Suffix List from a file.
pub(crate) fn load(path: std::path::PathBuf) -> PyResult<PyList> {
    let text = std::fs::read_to_string(&path)
        .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())))?;
    parsed(&text)
}

fn parsed(text: &str) -> PyResult<PyList> {
    let list = List::parse(text).map_err(|e| psl_error(&e))?;
    Ok(PyList {
        list: Some((Arc::new(list), Arc::from(text))),
    })
}

/// The sections a `private=` argument asks for.
pub(crate) fn sections(private: bool) -> Sections {
    if private {
        Sections::All
    } else {
        Sections::IcannOnly
    }
}

/// The host a `domain` argument names, read by the URL Standard's host
/// parser: a domain in its ASCII form (Some) or an IP address (None); a
/// text that is no host is a `URLError`.
fn host_name(domain: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let text = text_of(domain, "domain")?;
    match Host::parse(&text) {
        Ok(Host::Domain(name)) => Ok(Some(name)),
        Ok(_) => Ok(None),
        Err(error) => {
            let kind = error.kind();
            let message = format!(
                "not a host name: {} ({}); these methods take a host such as \"www.example.co.uk\", \
                 WebAddress(text) reads a URL or a pasted address",
                py_repr(domain.py(), text.as_ref()),
                kind.description()
            );
            Err(url_error(
                kind.name(),
                &message,
                Some(chars_before(&text, error.offset())),
                None,
            ))
        }
    }
}

/// The `URLError` of a text that is not a web address.
pub(crate) fn web_error(error: &WebError, text: &str) -> PyErr {
    let message = error.to_string();
    url_error(
        error.code(),
        &message,
        Some(chars_before(text, error.offset().bytes)),
        error.validation_error(),
    )
}

/// A web address with the shape of a social-network profile: network, handle and path.
#[pyclass(
    frozen,
    eq,
    hash,
    get_all,
    module = "onecontact",
    name = "SocialProfile"
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PySocialProfile {
    network: String,
    handle: String,
    path: String,
}

#[pymethods]
impl PySocialProfile {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "SocialProfile(network={}, handle={}, path={})",
            py_repr(py, &self.network),
            py_repr(py, &self.handle),
            py_repr(py, &self.path)
        )
    }
}

/// A web address as a person pasted it.
///
/// White space around the text is ignored; without a scheme, https:// is assumed. Gives the URL a browser builds, the canonical form (tracking parameters and fragment removed), the key (equal for addresses of the same page of the same organization), facts, the social-profile shape and where each part was written. Two WebAddress values are equal when their canonical forms are.
///
/// Raises URLError with a web.* code (web.host-missing, web.invalid-host, web.invalid-port, web.invalid-url, ...) when the text is not a web address. psl= is the PublicSuffixList for the key and the registrable domain (the baked one by default); private=False leaves the list's PRIVATE section out of registrable_domain and public_suffix (the key is defined on the whole list and does not change). A WebAddress pickles with its text, psl= and private=.
#[pyclass(frozen, module = "onecontact", name = "WebAddress")]
pub(crate) struct PyWebAddress {
    web: WebAddress,
    text: String,
    /// The psl= argument (None for the baked list).
    psl: Option<Py<PyList>>,
    /// The private= argument.
    private: bool,
}

#[pymethods]
impl PyWebAddress {
    #[new]
    #[pyo3(signature = (text, *, psl = None, private = true))]
    fn new(
        text: &Bound<'_, PyAny>,
        psl: Option<&Bound<'_, PyList>>,
        private: bool,
    ) -> PyResult<PyWebAddress> {
        let text = text_of(text, "text")?;
        match WebAddress::parse_with(&text, &data_of(psl)) {
            Ok(web) => Ok(PyWebAddress {
                web,
                text: text.into_owned(),
                psl: psl.map(|p| p.clone().unbind()),
                private,
            }),
            Err(error) => Err(web_error(&error, &text)),
        }
    }

    /// The text as given.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// The URL a browser builds from the text (fragment and tracking parameters still in it).
    #[getter]
    fn url(&self) -> crate::url::PyUrl {
        crate::url::PyUrl {
            url: self.web.url().clone(),
        }
    }

    /// The URL's href.
    #[getter]
    fn href(&self) -> &str {
        self.web.url().as_str()
    }

    /// The URL without tracking parameters and fragment.
    #[getter]
    fn canonical(&self) -> &str {
        self.web.canonical()
    }

    /// The comparison key of that version (1 when not given; the versions are 1 and 2): equal for addresses of the same page of the same organization. A version's format never changes.
    #[pyo3(signature = (version = None))]
    fn key(&self, version: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let version = match version {
            Some(version) => int_in(version, "version", (1, 2), "1 or 2 (the key versions)")?,
            None => 1,
        };
        Ok(self.web.key(if version == 2 {
            KeyVersion::V2
        } else {
            KeyVersion::V1
        }))
    }

    /// The facts that hold: scheme_assumed, ip_host, internationalized_domain, non_web_scheme, has_credentials, tracking_parameters_removed, fragment_removed.
    #[getter]
    fn facts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        let names: Vec<&str> = self.web.flags().iter().map(|f| f.name()).collect();
        PyFrozenSet::new(py, names)
    }

    /// Whether the scheme is http or https.
    #[getter]
    fn is_website(&self) -> bool {
        self.web.is_website()
    }

    /// The social-network profile this address has the shape of, if any.
    #[getter]
    fn social_profile(&self) -> Option<PySocialProfile> {
        self.web.social_profile().map(|p| PySocialProfile {
            network: p.network.name().to_owned(),
            handle: p.handle,
            path: p.path,
        })
    }

    /// The registrable domain of the host (ASCII form), None for IP addresses and public suffixes; without the list's PRIVATE section when made with private=False.
    #[getter]
    fn registrable_domain(&self, py: Python<'_>) -> Option<&str> {
        let data = data_of(self.psl.as_ref().map(|p| p.bind(py)));
        self.web
            .registrable_domain_in(sections(self.private), &data)
    }

    /// The public suffix of the host (ASCII form), None when the host is not a domain; without the list's PRIVATE section when made with private=False.
    #[getter]
    fn public_suffix(&self, py: Python<'_>) -> Option<&str> {
        let data = data_of(self.psl.as_ref().map(|p| p.bind(py)));
        self.web.public_suffix_in(sections(self.private), &data)
    }

    /// Pickled as the text and the arguments it was made with.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py, WebArgs<'_, 'py>>> {
        let rebuild = py.import("onecontact")?.getattr("_rebuild_web_address")?;
        let psl = self.psl.as_ref().map(|p| p.bind(py).clone());
        Ok((rebuild, (self.text.as_str(), psl, self.private)))
    }

    /// The names of the tracking parameters the canonical form left out, in order.
    #[getter]
    fn removed_tracking_parameters(&self) -> Vec<String> {
        self.web
            .removed_tracking_parameters()
            .map(str::to_owned)
            .collect()
    }

    /// Where each part was written: {field: (start, end)} in code points of the text as given, so that text[start:end] is the part. Fields: scheme (when written), host, port, path, query, fragment.
    #[getter]
    fn spans<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let spans = PyDict::new(py);
        for span in self.web.detail().fields {
            let name = field_name(span.field);
            let start = utf16_to_chars(&self.text, span.start);
            let end = utf16_to_chars(&self.text, span.end);
            spans.set_item(name, (start, end))?;
        }
        Ok(spans)
    }

    fn __str__(&self) -> &str {
        self.web.canonical()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let quoted = PyString::new(py, self.web.canonical()).repr()?;
        Ok(format!("WebAddress({quoted})"))
    }

    /// Equal when the canonical forms are equal.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyWebAddress>() else {
            return Ok(py.NotImplemented());
        };
        let (a, b) = (self.web.canonical(), other.get().web.canonical());
        let answer = match op {
            CompareOp::Eq => a == b,
            CompareOp::Ne => a != b,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.web.canonical().hash(&mut hasher);
        hasher.finish()
    }
}

/// An integer argument in `min..=max`: a bool or a non-int is a
/// `TypeError`, an int out of range a `ValueError` that says `expected`.
pub(crate) fn int_in(
    value: &Bound<'_, PyAny>,
    what: &str,
    (min, max): (i64, i64),
    expected: &str,
) -> PyResult<i64> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        let type_name = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{what} must be an int, not {type_name}"
        )));
    }
    match value.extract::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(PyValueError::new_err(format!(
            "{what} must be {expected}, not {}",
            value
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))),
    }
}

fn field_name(field: Field) -> &'static str {
    field.name()
}
