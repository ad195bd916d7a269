//! `onecontact.WebAddress` and `onecontact.PublicSuffixList`.

use std::sync::Arc;

use onecontact::onecontact_psl::List;
use onecontact::{Data, Field, KeyVersion, WebAddress, WebError};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyDict, PyFrozenSet, PyString};

use crate::errors::url_error;
use crate::text::{chars_before, text_of, utf16_to_chars};

/// A Public Suffix List: the one compiled into the package (PublicSuffixList.baked()) or a newer one, from its text or a file (load_psl). Pass it as psl= to WebAddress, inspect, compare, keys and registrable_domains.
#[pyclass(frozen, module = "onecontact", name = "PublicSuffixList")]
pub(crate) struct PyList {
    list: Option<Arc<List>>,
}

impl PyList {
    /// The list to use.
    pub(crate) fn list(&self) -> &List {
        match &self.list {
            Some(list) => list,
            None => List::baked(),
        }
    }
}

/// The data a `psl=` argument names: the baked lists, or the baked popular
/// domains with the loaded Public Suffix List. Shared, so that threads can
/// read it without the GIL.
pub(crate) fn data_of(psl: Option<&Bound<'_, PyList>>) -> Data {
    match psl.and_then(|p| p.get().list.clone()) {
        Some(list) => Data::baked().with_shared_psl(list),
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
        let list = List::parse(&text).map_err(|e| psl_error(&e))?;
        Ok(PyList {
            list: Some(Arc::new(list)),
        })
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

    /// The public suffix of a domain (the private section included).
    fn public_suffix(&self, domain: &Bound<'_, PyAny>) -> PyResult<String> {
        let domain = text_of(domain, "domain")?;
        Ok(self.list().suffix(&domain).as_str().to_owned())
    }

    /// The public suffix and one more label, or None when the domain is a public suffix itself.
    fn registrable_domain(&self, domain: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let domain = text_of(domain, "domain")?;
        Ok(self.list().registrable_domain(&domain).map(str::to_owned))
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

/// Reads a Public Suffix List from a file.
pub(crate) fn load(path: std::path::PathBuf) -> PyResult<PyList> {
    let text = std::fs::read_to_string(&path)
        .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())))?;
    let list = List::parse(&text).map_err(|e| psl_error(&e))?;
    Ok(PyList {
        list: Some(Arc::new(list)),
    })
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
    fn __repr__(&self) -> String {
        format!(
            "SocialProfile(network={:?}, handle={:?}, path={:?})",
            self.network, self.handle, self.path
        )
    }
}

/// A web address as a person pasted it.
///
/// White space around the text is ignored; without a scheme, https:// is assumed. Gives the URL a browser builds, the canonical form (tracking parameters and fragment removed), the key (equal for addresses of the same page of the same organization), facts, the social-profile shape and where each part was written. Two WebAddress values are equal when their canonical forms are.
///
/// Raises URLError with a web.* code (web.host-missing, web.invalid-host, web.invalid-port, web.invalid-url, ...) when the text is not a web address. psl= is the PublicSuffixList for the key and the registrable domain (the baked one by default).
#[pyclass(frozen, module = "onecontact", name = "WebAddress")]
pub(crate) struct PyWebAddress {
    web: WebAddress,
    text: String,
}

#[pymethods]
impl PyWebAddress {
    #[new]
    #[pyo3(signature = (text, *, psl = None))]
    fn new(text: &Bound<'_, PyAny>, psl: Option<&Bound<'_, PyList>>) -> PyResult<PyWebAddress> {
        let text = text_of(text, "text")?;
        match WebAddress::parse_with(&text, &data_of(psl)) {
            Ok(web) => Ok(PyWebAddress {
                web,
                text: text.into_owned(),
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

    /// The comparison key of that version: equal for addresses of the same page of the same organization. A version's format never changes.
    #[pyo3(signature = (version = 1))]
    fn key(&self, version: u32) -> PyResult<String> {
        match version {
            1 => Ok(self.web.key(KeyVersion::V1)),
            2 => Ok(self.web.key(KeyVersion::V2)),
            _ => Err(PyValueError::new_err(format!(
                "key version {version} does not exist; the versions are: 1, 2"
            ))),
        }
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

    /// The registrable domain of the host (ASCII form), None for IP addresses and public suffixes.
    #[getter]
    fn registrable_domain(&self) -> Option<&str> {
        self.web.registrable_domain()
    }

    /// The public suffix of the host (ASCII form), None when the host is not a domain.
    #[getter]
    fn public_suffix(&self) -> Option<&str> {
        self.web.public_suffix()
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

fn field_name(field: Field) -> &'static str {
    field.name()
}
