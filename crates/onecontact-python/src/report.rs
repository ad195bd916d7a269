//! `onecontact.inspect` and `onecontact.compare`.

use onecontact::inspect::{HostDisplay, LabelDisplay};
use onecontact::{LinkReport, Severity, Warning};
use onecontact_report::{CompareReport, Difference, Verdict};
use pyo3::prelude::*;

use crate::errors::url_error;
use crate::text::{chars_before, py_repr, text_of};
use crate::web::{PyList, data_of};

fn severity_name(severity: Severity) -> &'static str {
    severity.name()
}

/// One warning about a link: code (stable), severity (info, warning or danger), message (a sentence), evidence (the text it is about, or None), and for lookalike-of-popular-domain imitates (the domain imitated) and imitation_kind (the heuristic that found it: combo-squatting, edit-distance, …), else None.
#[pyclass(frozen, eq, hash, get_all, module = "onecontact", name = "LinkWarning")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyWarning {
    code: &'static str,
    severity: &'static str,
    message: String,
    evidence: Option<String>,
    imitates: Option<String>,
    imitation_kind: Option<&'static str>,
}

#[pymethods]
impl PyWarning {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "LinkWarning(code={}, severity={}, evidence={})",
            py_repr(py, self.code),
            py_repr(py, self.severity),
            py_repr(py, self.evidence.as_deref())
        )
    }
}

impl From<&Warning> for PyWarning {
    fn from(w: &Warning) -> PyWarning {
        PyWarning {
            code: w.code.code(),
            severity: severity_name(w.severity),
            message: w.message.clone(),
            evidence: w.evidence.clone(),
            imitates: w.imitation.as_ref().map(|i| i.domain.clone()),
            imitation_kind: w.imitation.as_ref().map(|i| i.kind.code()),
        }
    }
}

/// One xn-- label: ascii, unicode (None when the Punycode does not decode), reason (why it stays in Punycode, or None) and character (the code point at fault, or None).
#[pyclass(
    frozen,
    eq,
    hash,
    get_all,
    module = "onecontact",
    name = "LabelDisplay"
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyLabelDisplay {
    ascii: String,
    unicode: Option<String>,
    reason: Option<&'static str>,
    character: Option<String>,
}

#[pymethods]
impl PyLabelDisplay {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "LabelDisplay(ascii={}, unicode={}, reason={})",
            py_repr(py, &self.ascii),
            py_repr(py, self.unicode.as_deref()),
            py_repr(py, self.reason)
        )
    }
}

impl From<&LabelDisplay> for PyLabelDisplay {
    fn from(l: &LabelDisplay) -> PyLabelDisplay {
        PyLabelDisplay {
            ascii: l.ascii.clone(),
            unicode: l.unicode.clone(),
            reason: l.reason.map(|r| r.code()),
            character: l.reason.and_then(|r| r.character()).map(String::from),
        }
    }
}

/// The host as a careful browser shows it: host (labels in Unicode where safe), labels, imitates (the popular domain it imitates, or None) and is_unicode.
#[pyclass(frozen, eq, hash, get_all, module = "onecontact", name = "HostDisplay")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyHostDisplay {
    host: String,
    labels: Vec<PyLabelDisplay>,
    imitates: Option<String>,
    is_unicode: bool,
}

#[pymethods]
impl PyHostDisplay {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "HostDisplay(host={}, is_unicode={}, imitates={})",
            py_repr(py, &self.host),
            py_repr(py, self.is_unicode),
            py_repr(py, self.imitates.as_deref())
        )
    }
}

impl From<&HostDisplay> for PyHostDisplay {
    fn from(d: &HostDisplay) -> PyHostDisplay {
        PyHostDisplay {
            host: d.host.clone(),
            labels: d.labels.iter().map(PyLabelDisplay::from).collect(),
            imitates: d.imitates.clone(),
            is_unicode: d.is_unicode(),
        }
    }
}

/// What inspect found about a link: input, error_code and error (when the text is not a URL), scheme_assumed, url, scheme, real_host, host_kind, host_unicode, display, registrable_domain, userinfo, warnings (most serious first), warning_codes and max_severity.
#[pyclass(frozen, eq, hash, get_all, module = "onecontact", name = "LinkReport")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyLinkReport {
    input: String,
    error_code: Option<&'static str>,
    error: Option<String>,
    scheme_assumed: bool,
    url: Option<String>,
    scheme: Option<String>,
    real_host: Option<String>,
    host_kind: Option<&'static str>,
    host_unicode: Option<String>,
    display: Option<PyHostDisplay>,
    registrable_domain: Option<String>,
    userinfo: Option<String>,
    warnings: Vec<PyWarning>,
    max_severity: Option<&'static str>,
}

#[pymethods]
impl PyLinkReport {
    /// Whether a warning with this code was raised.
    fn has(&self, code: &str) -> bool {
        self.warnings.iter().any(|w| w.code == code)
    }

    /// The codes of the warnings, in order.
    #[getter]
    fn warning_codes(&self) -> Vec<&'static str> {
        self.warnings.iter().map(|w| w.code).collect()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "LinkReport(real_host={}, max_severity={}, warnings={})",
            py_repr(py, self.real_host.as_deref()),
            py_repr(py, self.max_severity),
            py_repr(py, self.warning_codes())
        )
    }
}

impl From<LinkReport> for PyLinkReport {
    fn from(r: LinkReport) -> PyLinkReport {
        let owned = |s: Option<&str>| s.map(str::to_owned);
        PyLinkReport {
            error_code: r.error.as_ref().map(|e| e.code()),
            error: r.error.as_ref().map(ToString::to_string),
            url: r.url().map(|u| u.as_str().to_owned()),
            scheme: owned(r.scheme()),
            real_host: owned(r.real_host()),
            host_kind: r.host_kind().map(|k| k.name()),
            host_unicode: owned(r.host_unicode()),
            display: r.display().map(PyHostDisplay::from),
            registrable_domain: owned(r.registrable_domain()),
            userinfo: owned(r.userinfo()),
            warnings: r.warnings.iter().map(PyWarning::from).collect(),
            max_severity: r.max_severity.map(severity_name),
            input: r.input,
            scheme_assumed: r.scheme_assumed,
        }
    }
}

/// Reads a link before it is clicked: the host the browser really connects to, its registrable domain, warnings with codes and severities, and the host as a careful browser displays it. Never raises for text that is not a URL: error_code says why. psl= is the PublicSuffixList to use (the baked one by default).
#[pyfunction]
#[pyo3(signature = (text, *, psl = None))]
pub(crate) fn inspect(
    text: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyList>>,
) -> PyResult<PyLinkReport> {
    let text = text_of(text, "text")?;
    Ok(onecontact::inspect::inspect_with(&text, &data_of(psl)).into())
}

/// One way two addresses differ: code, message and equivalent (whether both still name the same resource).
#[pyclass(frozen, eq, hash, get_all, module = "onecontact", name = "Difference")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyDifference {
    code: &'static str,
    message: String,
    equivalent: bool,
}

#[pymethods]
impl PyDifference {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Difference(code={}, equivalent={})",
            py_repr(py, self.code),
            py_repr(py, self.equivalent)
        )
    }
}

impl From<&Difference> for PyDifference {
    fn from(d: &Difference) -> PyDifference {
        PyDifference {
            code: d.code,
            message: d.message.clone(),
            equivalent: d.equivalent,
        }
    }
}

/// What compare found: first and second (normalized), same_url, first_key, second_key, same_key, verdict (same-url, same-key or different) and differences.
#[pyclass(frozen, eq, hash, get_all, module = "onecontact", name = "Comparison")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyComparison {
    first: String,
    second: String,
    same_url: bool,
    first_key: Option<String>,
    second_key: Option<String>,
    same_key: bool,
    verdict: &'static str,
    differences: Vec<PyDifference>,
}

#[pymethods]
impl PyComparison {
    fn __repr__(&self, py: Python<'_>) -> String {
        let codes: Vec<&str> = self.differences.iter().map(|d| d.code).collect();
        format!(
            "Comparison(verdict={}, differences={})",
            py_repr(py, self.verdict),
            py_repr(py, codes)
        )
    }
}

fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::SameUrl => "same-url",
        Verdict::SameKey => "same-key",
        Verdict::Different => "different",
        // A verdict added later reads as the cautious answer.
        _ => "different",
    }
}

impl From<CompareReport> for PyComparison {
    fn from(r: CompareReport) -> PyComparison {
        PyComparison {
            verdict: verdict_name(r.verdict),
            differences: r.differences.iter().map(PyDifference::from).collect(),
            first: r.first,
            second: r.second,
            same_url: r.same_url,
            first_key: r.first_key,
            second_key: r.second_key,
            same_key: r.same_key,
        }
    }
}

/// Whether two addresses are the same URL, the same key, and each difference explained. Raises URLError when either is not a URL. psl= is the PublicSuffixList for the keys (the baked one by default).
#[pyfunction]
#[pyo3(signature = (first, second, *, psl = None))]
pub(crate) fn compare(
    first: &Bound<'_, PyAny>,
    second: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyList>>,
) -> PyResult<PyComparison> {
    let a = text_of(first, "first")?;
    let b = text_of(second, "second")?;
    let options = onecontact_report::ReadOptions {
        data: data_of(psl),
        ..Default::default()
    };
    match onecontact_report::compare_with(&a, &b, &options) {
        Ok(report) => Ok(report.into()),
        Err(error) => {
            let text = match error.role() {
                Some(onecontact_report::Role::Second) => &b,
                _ => &a,
            };
            let offset = error.offset().map(|o| chars_before(text, o.bytes));
            Err(url_error(
                error.code(),
                &error.message(),
                offset,
                error.validation_error(),
            ))
        }
    }
}
