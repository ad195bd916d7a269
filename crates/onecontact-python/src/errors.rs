//! `onecontact.URLError`: why a text is not a URL or a web address.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    onecontact,
    URLError,
    PyValueError,
    "A text that is not a URL (or not a web address).

Attributes: code (a stable code: the URL Standard's validation error for URL, a web.* code for WebAddress), message (what to fix), offset (the place in the text, in code points, or None) and validation_error (the URL Standard's name for the failure, or None)."
);

/// A `URLError` with its attributes set.
pub(crate) fn url_error(
    code: &str,
    message: &str,
    offset: Option<usize>,
    validation_error: Option<&str>,
) -> PyErr {
    let text = match offset {
        Some(at) => format!("{message} ({code}) at character {at}"),
        None => format!("{message} ({code})"),
    };
    let error = URLError::new_err(text);
    Python::attach(|py| {
        let value = error.value(py);
        // Setting attributes on a new exception object does not fail; if it
        // did, the exception would still be raised, without them.
        let _ = value.setattr("code", code);
        let _ = value.setattr("message", message);
        let _ = value.setattr("offset", offset);
        let _ = value.setattr("validation_error", validation_error);
    });
    error
}
