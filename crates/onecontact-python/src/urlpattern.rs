//! `onecontact.URLPattern`: the URL Pattern Standard (browsers' `URLPattern`)
//! on `onecontact-urlpattern`, the engine the command and SQL use.

use std::sync::Arc;

use arrow_array::{ArrayRef, BooleanArray};
use onecontact::onecontact_url::Url;
use onecontact_urlpattern::{
    Component, Error, MatchInput, PatternInput, UrlPattern, UrlPatternInit, UrlPatternOptions,
    UrlPatternResult,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString};

use crate::batch::{Input, batch};
use crate::text::{py_repr, text_of};
use crate::url::{PyUrl, parse_error};

create_exception!(
    onecontact,
    URLPatternError,
    PyValueError,
    "A URL pattern that cannot be built.

Attributes: code (a stable code: urlpattern.tokenize, urlpattern.unexpected-token, urlpattern.duplicate-name, urlpattern.invalid-regexp, urlpattern.needs-backtracking, urlpattern.too-complex, urlpattern.canonicalize, urlpattern.missing-base, urlpattern.base-with-init, urlpattern.invalid-base-url), message (what is wrong and where, the engine's own sentence) and component (the component whose pattern failed: protocol, ..., hash; None for the pattern as a whole)."
);

/// A `URLPatternError` with its attributes set.
fn pattern_error(error: &Error) -> PyErr {
    let code = error.code();
    let component = error.component().map(Component::name);
    let message = error.to_string();
    let raised = URLPatternError::new_err(format!("{message} ({code})"));
    Python::attach(|py| {
        let value = raised.value(py);
        // Setting attributes on a new exception object does not fail; if it
        // did, the exception would still be raised, without them.
        let _ = value.setattr("code", code);
        let _ = value.setattr("message", message);
        let _ = value.setattr("component", component);
    });
    raised
}

/// The keys a pattern or input dictionary may hold.
const INIT_KEYS: &str =
    "protocol, username, password, hostname, port, pathname, search, hash, baseURL (or base_url)";

/// A `URLPatternInit` from a dict (any mapping) of `str` values, and the
/// dict as given (its `str` values only), for `repr` and pickling.
fn init_of<'py>(mapping: &Bound<'py, PyMapping>) -> PyResult<(UrlPatternInit, Bound<'py, PyDict>)> {
    let py = mapping.py();
    let mut init = UrlPatternInit::default();
    let copy = PyDict::new(py);
    for item in mapping.items()?.iter() {
        let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
        let name = key.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!("the keys of a URLPattern dict are {INIT_KEYS}"))
        })?;
        let name = name.to_cow()?;
        let slot = match Component::from_name(&name) {
            Some(c) => init.get_mut(c),
            None if name == "baseURL" || name == "base_url" => {
                if init.base_url.is_some() {
                    return Err(PyTypeError::new_err(
                        "give the base URL once, as baseURL or as base_url",
                    ));
                }
                &mut init.base_url
            }
            None if name == "ignoreCase" || name == "ignore_case" => {
                return Err(PyTypeError::new_err(
                    "ignoreCase is an option, not a component: pass ignore_case=True",
                ));
            }
            None => {
                return Err(PyTypeError::new_err(format!(
                    "{} is not a URLPattern component; the keys are {INIT_KEYS}",
                    py_repr(py, &key)
                )));
            }
        };
        *slot = Some(text_of(&value, &name)?.into_owned());
        copy.set_item(&key, &value)?;
    }
    Ok((init, copy))
}

/// The base argument: a `str`, a `URL` (its href) or `None`.
fn base_of(base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    match base {
        None => Ok(None),
        Some(b) if b.is_none() => Ok(None),
        Some(b) => match b.cast::<PyUrl>() {
            Ok(url) => Ok(Some(url.get().url.as_str().to_owned())),
            Err(_) => Ok(Some(text_of(b, "base")?.into_owned())),
        },
    }
}

/// What `test` and `exec` match: the Standard's input, read once.
enum Matched {
    Text(String),
    Url(Url),
    Init(UrlPatternInit),
}

fn input_of(input: Option<&Bound<'_, PyAny>>, base: Option<&str>) -> PyResult<Matched> {
    let Some(input) = input.filter(|i| !i.is_none()) else {
        if base.is_some() {
            return Err(base_beside_dict());
        }
        return Ok(Matched::Init(UrlPatternInit::default()));
    };
    if let Ok(url) = input.cast::<PyUrl>() {
        let url = &url.get().url;
        return Ok(match base {
            None => Matched::Url(url.clone()),
            Some(_) => Matched::Text(url.as_str().to_owned()),
        });
    }
    if let Ok(mapping) = input.cast::<PyMapping>() {
        if base.is_some() {
            return Err(base_beside_dict());
        }
        return Ok(Matched::Init(init_of(mapping)?.0));
    }
    if input.is_instance_of::<PyString>() {
        return Ok(Matched::Text(text_of(input, "input")?.into_owned()));
    }
    Err(PyTypeError::new_err(format!(
        "input must be a str, a URL or a dict of components, not {}",
        type_name(input)
    )))
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

fn base_beside_dict() -> PyErr {
    PyTypeError::new_err(
        "a base URL cannot be given beside a dict of components; put it in the dict as baseURL",
    )
}

/// A URL pattern (the URL Pattern Standard, browsers' URLPattern): does a URL match, and what did each group capture.
///
/// URLPattern(input=None, base=None, *, ignore_case=False): input is a pattern string ("https://*.example.com/users/:id", or a relative one such as "/users/:id" with base) or a dict of components (protocol, username, password, hostname, port, pathname, search, hash, baseURL; a component left out is "*", or taken from baseURL). ignore_case=True matches the pathname, search and hash without regard to case. A pattern that cannot be built raises URLPatternError (a ValueError) with the reason and where; a regular expression only a backtracking engine could run (lookaround, backreferences) is refused then, so that matching time stays linear in the URL.
///
/// The component properties (protocol, ..., hash) are the pattern strings as the Standard normalizes them; has_regexp_groups says whether the pattern uses a (...) group. test and exec match one URL, test_all a whole column. A URLPattern pickles as the arguments it was made with.
#[pyclass(frozen, module = "onecontact", name = "URLPattern")]
pub(crate) struct PyUrlPattern {
    pattern: UrlPattern,
    /// The input as given (a `str`, or a copy of the dict), for `repr` and pickling.
    input: Py<PyAny>,
    base: Option<String>,
    ignore_case: bool,
}

/// What `__reduce__` gives: the function that rebuilds a pattern, and the
/// input, base and ignore_case it was made with.
type Reduced<'py, 'a> = (Bound<'py, PyAny>, (Py<PyAny>, Option<&'a str>, bool));

/// A component's match as exec gives it: {"input": ..., "groups": {...}}.
fn component_dict<'py>(
    py: Python<'py>,
    result: &UrlPatternResult<'_>,
    c: Component,
) -> PyResult<Bound<'py, PyDict>> {
    let matched = result.component(c);
    let groups = PyDict::new(py);
    for (name, value) in matched.groups() {
        groups.set_item(name, value)?;
    }
    let out = PyDict::new(py);
    out.set_item("input", matched.input())?;
    out.set_item("groups", groups)?;
    Ok(out)
}

impl PyUrlPattern {
    fn test_matched(&self, matched: &Matched, base: Option<&str>) -> bool {
        match (matched, base) {
            (Matched::Text(text), Some(base)) => self.pattern.test_with_base(text, base),
            (Matched::Text(text), None) => self.pattern.test(text.as_str()),
            (Matched::Url(url), _) => self.pattern.test(url),
            (Matched::Init(init), _) => self.pattern.test(MatchInput::Init(init)),
        }
    }

    fn exec_matched(&self, matched: &Matched, base: Option<&str>) -> Option<UrlPatternResult<'_>> {
        match (matched, base) {
            (Matched::Text(text), Some(base)) => self.pattern.exec_with_base(text, base),
            (Matched::Text(text), None) => self.pattern.exec(text.as_str()),
            (Matched::Url(url), _) => self.pattern.exec(url),
            (Matched::Init(init), _) => self.pattern.exec(MatchInput::Init(init)),
        }
    }
}

#[pymethods]
impl PyUrlPattern {
    #[new]
    #[pyo3(signature = (input = None, base = None, *, ignore_case = false))]
    fn new(
        py: Python<'_>,
        input: Option<&Bound<'_, PyAny>>,
        base: Option<&Bound<'_, PyAny>>,
        ignore_case: bool,
    ) -> PyResult<PyUrlPattern> {
        let base = base_of(base)?;
        let options = UrlPatternOptions::ignore_case(ignore_case);
        let input = input.filter(|i| !i.is_none());
        let (built, kept) = match input {
            None => {
                if base.is_some() {
                    return Err(base_beside_dict());
                }
                let built =
                    UrlPattern::new(PatternInput::Init(&UrlPatternInit::default()), options);
                (built, PyDict::new(py).into_any().unbind())
            }
            Some(input) if input.is_instance_of::<PyString>() => {
                let text = text_of(input, "input")?;
                let built = UrlPattern::new(PatternInput::String(&text, base.as_deref()), options);
                (built, input.clone().unbind())
            }
            Some(input) => {
                let Ok(mapping) = input.cast::<PyMapping>() else {
                    return Err(PyTypeError::new_err(format!(
                        "input must be a pattern str or a dict of components, not {}",
                        type_name(input)
                    )));
                };
                if base.is_some() {
                    return Err(base_beside_dict());
                }
                let (init, copy) = init_of(mapping)?;
                let built = UrlPattern::new(PatternInput::Init(&init), options);
                (built, copy.into_any().unbind())
            }
        };
        Ok(PyUrlPattern {
            pattern: built.map_err(|e| pattern_error(&e))?,
            input: kept,
            base,
            ignore_case,
        })
    }

    /// The protocol's pattern string.
    #[getter]
    fn protocol(&self) -> &str {
        self.pattern.protocol()
    }

    /// The username's pattern string.
    #[getter]
    fn username(&self) -> &str {
        self.pattern.username()
    }

    /// The password's pattern string.
    #[getter]
    fn password(&self) -> &str {
        self.pattern.password()
    }

    /// The hostname's pattern string.
    #[getter]
    fn hostname(&self) -> &str {
        self.pattern.hostname()
    }

    /// The port's pattern string ("" when the pattern names the protocol's default port).
    #[getter]
    fn port(&self) -> &str {
        self.pattern.port()
    }

    /// The pathname's pattern string.
    #[getter]
    fn pathname(&self) -> &str {
        self.pattern.pathname()
    }

    /// The search's pattern string (without "?").
    #[getter]
    fn search(&self) -> &str {
        self.pattern.search()
    }

    /// The hash's pattern string (without "#").
    #[getter]
    fn hash(&self) -> &str {
        self.pattern.hash()
    }

    /// Whether some component uses a regular expression group "(...)".
    #[getter]
    fn has_regexp_groups(&self) -> bool {
        self.pattern.has_regexp_groups()
    }

    /// Whether ignore_case was set.
    #[getter]
    fn ignore_case(&self) -> bool {
        self.ignore_case
    }

    /// Whether input matches: a URL str (resolved against base when given), a URL, or a dict of component values (no base then). A str that is not a URL, or a base that is not one, matches nothing (False), as in a browser.
    #[pyo3(signature = (input = None, base = None))]
    fn test(
        &self,
        py: Python<'_>,
        input: Option<&Bound<'_, PyAny>>,
        base: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let base = base_of(base)?;
        let matched = input_of(input, base.as_deref())?;
        Ok(py.detach(|| self.test_matched(&matched, base.as_deref())))
    }

    /// The match of input (as test takes it), or None: {"inputs": [input] or [input, base], "protocol": {"input": ..., "groups": {...}}, ..., "hash": {...}}, each component with its value in the input and its groups by name ("0", "1", ... for unnamed ones); an optional group that matched nothing is None.
    #[pyo3(signature = (input = None, base = None))]
    fn exec<'py>(
        &self,
        py: Python<'py>,
        input: Option<&Bound<'py, PyAny>>,
        base: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let base_text = base_of(base)?;
        let matched = input_of(input, base_text.as_deref())?;
        let Some(result) = py.detach(|| self.exec_matched(&matched, base_text.as_deref())) else {
            return Ok(None);
        };
        let out = PyDict::new(py);
        let inputs = PyList::empty(py);
        match input.filter(|i| !i.is_none()) {
            Some(input) => inputs.append(input)?,
            None => inputs.append(PyDict::new(py))?,
        }
        if let Some(base) = base.filter(|b| !b.is_none()) {
            inputs.append(base)?;
        }
        out.set_item("inputs", inputs)?;
        for c in Component::ALL {
            out.set_item(c.name(), component_dict(py, &result, c)?)?;
        }
        Ok(Some(out))
    }

    /// Whether each URL matches, in order: test over a column.
    ///
    /// urls: a list (or any iterable of str) gives a list[bool | None]; a pandas Series a Series of dtype "boolean" (same index and name); a pandas Index an Index; a pyarrow Array or ChunkedArray a pyarrow BooleanArray; a polars Series a polars Boolean Series (same name); another Arrow producer an object exporting __arrow_c_array__. A missing row (None, NaN, an Arrow null) or a value that is not a str gives None (null); a str that is not a URL gives False. base: every row is resolved against it (a base that is not a URL raises URLError). Arrow strings are read in place; the GIL is released and the rows spread over every core, or over threads= threads.
    #[pyo3(signature = (urls, base = None, *, threads = None))]
    fn test_all(
        slf: &Bound<'_, Self>,
        urls: &Bound<'_, PyAny>,
        base: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        // The answer in the input's kind (pandas, polars, pyarrow) is made
        // on the Python side, which calls `_test_rows` with the rows.
        let py = slf.py();
        let run = py.import("onecontact._urlpattern")?.getattr("test_all")?;
        Ok(run.call1((slf, urls, base, threads))?.unbind())
    }

    /// test_all's rows: a list or an Arrow array in, a list or an Arrow BooleanArray out.
    #[pyo3(signature = (urls, base = None, threads = None))]
    fn _test_rows(
        &self,
        py: Python<'_>,
        urls: &Bound<'_, PyAny>,
        base: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let base = match base_of(base)? {
            None => None,
            Some(text) => {
                Some(Url::parse(&text).map_err(|e| parse_error(&e, &text, "the base: "))?)
            }
        };
        let pattern = &self.pattern;
        let base = base.as_ref();
        batch(
            py,
            urls,
            threads,
            |input| match input {
                Input::Text(text) => Some(match base {
                    None => pattern.test(text),
                    Some(base) => Url::options()
                        .base_url(Some(base))
                        .parse(text)
                        .is_ok_and(|url| pattern.test(&url)),
                }),
                _ => None,
            },
            |answers: Vec<Option<bool>>| Ok(Arc::new(BooleanArray::from(answers)) as ArrayRef),
            |py, answers| Ok(PyList::new(py, answers)?.into_any().unbind()),
        )
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let mut out = format!("URLPattern({}", py_repr(py, self.input.bind(py)));
        if let Some(base) = &self.base {
            out.push_str(", ");
            out.push_str(&py_repr(py, base.as_str()));
        }
        if self.ignore_case {
            out.push_str(", ignore_case=True");
        }
        out.push(')');
        out
    }

    /// Pickled as the arguments it was made with.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py, '_>> {
        let rebuild = py.import("onecontact._urlpattern")?.getattr("rebuild")?;
        Ok((
            rebuild,
            (
                self.input.clone_ref(py),
                self.base.as_deref(),
                self.ignore_case,
            ),
        ))
    }
}
