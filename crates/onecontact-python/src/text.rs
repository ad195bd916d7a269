//! Python `str` to Rust text, the way the URL Standard takes strings.
//!
//! The Standard's API takes a `USVString`: a lone surrogate becomes U+FFFD
//! before parsing. A Python `str` may hold lone surrogates (`"\ud800"`), which
//! UTF-8 cannot encode; they are replaced in the same way here, one U+FFFD per
//! surrogate code point, so that offsets counted in code points stay true.

use std::borrow::Cow;

use pyo3::BoundObject;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The text of `value`, which must be a `str`.
pub(crate) fn text_of<'a>(value: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    match value.cast::<PyString>() {
        Ok(string) => usv_string(string),
        Err(_) => Err(not_a_str(value, what)),
    }
}

/// The `TypeError` for a value that is not a `str`.
pub(crate) fn not_a_str(value: &Bound<'_, PyAny>, what: &str) -> PyErr {
    let type_name = value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string());
    PyTypeError::new_err(format!("{what} must be a str, not {type_name}"))
}

/// The scalar values of a `str`, lone surrogates replaced by U+FFFD.
pub(crate) fn usv_string<'a>(string: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    match string.to_cow() {
        Ok(text) => Ok(text),
        Err(_) => {
            // Only surrogates make UTF-8 encoding fail: encode them as their
            // three-byte forms and replace each.
            let bytes = string.call_method1("encode", ("utf-8", "surrogatepass"))?;
            let bytes = bytes.cast::<PyBytes>()?;
            Ok(Cow::Owned(replace_surrogates(bytes.as_bytes())))
        }
    }
}

/// Decodes UTF-8 in which surrogates are encoded as three bytes (`ED A0..BF
/// xx`, what Python's `surrogatepass` writes), one U+FFFD for each.
fn replace_surrogates(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(rest) => {
                out.push_str(rest);
                return out;
            }
            Err(error) => {
                let valid = error.valid_up_to();
                let (good, bad) = bytes.split_at(valid);
                // `good` is valid UTF-8 by `valid_up_to`.
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                out.push(char::REPLACEMENT_CHARACTER);
                // A surrogate takes three bytes; any other invalid sequence
                // (none comes from Python) takes what the decoder says.
                let skip = if bad.first() == Some(&0xED) {
                    3
                } else {
                    error.error_len().unwrap_or(bad.len())
                };
                bytes = bad.get(skip.min(bad.len())..).unwrap_or_default();
            }
        }
    }
}

/// The number of code points (what Python indexes a `str` by) in the first
/// `bytes` bytes of `text`.
pub(crate) fn chars_before(text: &str, bytes: usize) -> usize {
    let prefix = text.get(..bytes.min(text.len())).unwrap_or(text);
    if prefix.is_ascii() {
        prefix.len()
    } else {
        prefix.chars().count()
    }
}

/// Maps UTF-16 offsets of `text` to code-point offsets.
pub(crate) fn utf16_to_chars(text: &str, utf16: usize) -> usize {
    if text.is_ascii() {
        return utf16.min(text.len());
    }
    let mut units = 0;
    for (index, c) in text.chars().enumerate() {
        if units >= utf16 {
            return index;
        }
        units += c.len_utf16();
    }
    text.chars().count()
}

/// Python's `repr` of a value (a `str` quoted as Python quotes it, `None`
/// for `None`), for the `__repr__` of the package's classes.
pub(crate) fn py_repr<'py, T>(py: Python<'py>, value: T) -> String
where
    T: IntoPyObject<'py>,
{
    value
        .into_pyobject(py)
        .ok()
        .and_then(|object| object.into_any().as_borrowed().repr().ok())
        .map_or_else(|| "?".to_owned(), |repr| repr.to_string())
}
