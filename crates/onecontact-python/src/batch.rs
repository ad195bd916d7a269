//! Batch calls: many texts in, one answer per text out, in the same order,
//! computed on every core without the GIL.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray};
use arrow_schema::DataType;
use onecontact::{Data, WebAddress};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};
use pyo3_arrow::PyArray;
use pyo3_arrow::input::AnyArray;

use crate::text::usv_string;
use crate::web::{PyList as PyPsl, data_of};

/// The code `error_codes` gives a row that is not a `str`.
const NOT_A_STRING: &str = "python.not-a-string";

/// What a batch call computes for each row.
#[derive(Clone, Copy)]
enum Op {
    Key,
    KeyV2,
    Canonical,
    RegistrableDomain,
    ErrorCode,
}

/// One row of the input.
#[derive(Clone, Copy)]
enum Input<'a> {
    Null,
    NotStr,
    Text(&'a str),
}

fn answer(op: Op, data: &Data, input: Input<'_>) -> Option<String> {
    let text = match input {
        Input::Null => return None,
        Input::NotStr => {
            return matches!(op, Op::ErrorCode).then(|| NOT_A_STRING.to_owned());
        }
        Input::Text(text) => text,
    };
    match op {
        // The key straight from the text (the same answer as
        // WebAddress::parse_with(..).key(V1), without the URL built first).
        Op::Key => onecontact::key_v1_with(text, data).ok(),
        Op::KeyV2 => onecontact::key_v2_with(text, data).ok(),
        Op::Canonical => WebAddress::parse_with(text, data)
            .ok()
            .map(|web| web.canonical().to_owned()),
        // Also straight from the text (as WebAddress::registrable_domain).
        Op::RegistrableDomain => onecontact::registrable_domain_with(text, data).ok()?,
        Op::ErrorCode => WebAddress::parse_with(text, data)
            .err()
            .map(|e| e.code().to_owned()),
    }
}

/// Rows per thread below which another thread does not pay for itself.
const MIN_ROWS_PER_THREAD: usize = 256;

/// Answers every row, on as many threads as there are cores, in order.
fn run(op: Op, data: &Data, inputs: &[Input<'_>], threads: Option<usize>) -> Vec<Option<String>> {
    let cores =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let threads = cores.min(inputs.len() / MIN_ROWS_PER_THREAD).max(1);
    if threads == 1 {
        return inputs.iter().map(|&i| answer(op, data, i)).collect();
    }
    let per_thread = inputs.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = inputs
            .chunks(per_thread)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|&i| answer(op, data, i))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut out = Vec::with_capacity(inputs.len());
        for handle in handles {
            match handle.join() {
                Ok(part) => out.extend(part),
                // A panic in library code is a bug; rather than lose the
                // batch, the rows of that part get no answer.
                Err(_) => out.extend(std::iter::repeat_n(None, per_thread)),
            }
        }
        out.truncate(inputs.len());
        out
    })
}

/// The texts of a Python iterable, copied into one buffer.
struct Copied {
    buffer: String,
    rows: Vec<Copy>,
}

#[derive(Clone, Copy)]
enum Copy {
    Null,
    NotStr,
    Text(usize, usize),
}

fn copy_iterable(texts: &Bound<'_, PyAny>) -> PyResult<Copied> {
    if texts.is_instance_of::<PyString>() || texts.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "texts must be an iterable of str (a list, a tuple, a pandas Series, ...) \
             or an Arrow string array, not a single str or bytes; wrap one text in a list",
        ));
    }
    let mut buffer = String::new();
    let mut rows = Vec::with_capacity(texts.len().unwrap_or(0));
    for item in texts.try_iter()? {
        let item = item?;
        if item.is_none() {
            rows.push(Copy::Null);
        } else if let Ok(string) = item.cast::<PyString>() {
            let start = buffer.len();
            // Straight from the UTF-8 bytes Python encodes into the buffer;
            // a str with lone surrogates (which UTF-8 cannot encode) takes
            // the slower way that replaces them.
            match string.encode_utf8() {
                Ok(bytes) => match std::str::from_utf8(bytes.as_bytes()) {
                    Ok(text) => buffer.push_str(text),
                    Err(_) => buffer.push_str(&usv_string(string)?),
                },
                Err(_) => buffer.push_str(&usv_string(string)?),
            }
            rows.push(Copy::Text(start, buffer.len()));
        } else {
            rows.push(Copy::NotStr);
        }
    }
    Ok(Copied { buffer, rows })
}

fn arrow_inputs<'a>(chunks: &'a [ArrayRef], inputs: &mut Vec<Input<'a>>) -> PyResult<()> {
    for chunk in chunks {
        macro_rules! rows {
            ($array:expr) => {
                inputs.extend($array.iter().map(|v| v.map_or(Input::Null, Input::Text)))
            };
        }
        match chunk.data_type() {
            DataType::Utf8 => rows!(chunk.as_string::<i32>()),
            DataType::LargeUtf8 => rows!(chunk.as_string::<i64>()),
            DataType::Utf8View => rows!(chunk.as_string_view()),
            DataType::Null => inputs.extend(std::iter::repeat_n(Input::Null, chunk.len())),
            other => {
                return Err(PyTypeError::new_err(format!(
                    "the Arrow array must hold strings (utf8, large_utf8 or utf8_view), not {other}"
                )));
            }
        }
    }
    Ok(())
}

fn is_arrow(texts: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(texts.hasattr("__arrow_c_array__")? || texts.hasattr("__arrow_c_stream__")?)
}

fn batch(
    py: Python<'_>,
    op: Op,
    texts: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyPsl>>,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    if threads == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "threads must be at least 1 (or None for every core)",
        ));
    }
    let data = data_of(psl);
    if is_arrow(texts)? {
        let array: AnyArray = texts.extract()?;
        let (chunks, _field) = array.into_chunked_array()?.into_inner();
        let out = py.detach(|| -> PyResult<ArrayRef> {
            let mut inputs = Vec::new();
            arrow_inputs(&chunks, &mut inputs)?;
            let answers = run(op, &data, &inputs, threads);
            let bytes: usize = answers.iter().flatten().map(String::len).sum();
            let strings = answers.iter().map(Option::as_deref);
            Ok(if i32::try_from(bytes).is_ok() {
                Arc::new(strings.collect::<StringArray>())
            } else {
                Arc::new(strings.collect::<LargeStringArray>())
            })
        })?;
        let array = PyArray::from_array_ref(out);
        return Ok(Bound::new(py, array)?.into_any().unbind());
    }
    let copied = copy_iterable(texts)?;
    let answers = py.detach(|| {
        let inputs: Vec<Input<'_>> = copied
            .rows
            .iter()
            .map(|row| match *row {
                Copy::Null => Input::Null,
                Copy::NotStr => Input::NotStr,
                Copy::Text(start, end) => {
                    Input::Text(copied.buffer.get(start..end).unwrap_or_default())
                }
            })
            .collect();
        run(op, &data, &inputs, threads)
    });
    Ok(PyList::new(py, answers.iter().map(Option::as_deref))?
        .into_any()
        .unbind())
}

/// Key V1 (or with version=2 key V2) of every text, in order; None for None, a non-str or a text that is not a web address (error_codes says why; key V2 also gives None for what it refuses: n/a, none, TBD, a host without a dot).
///
/// texts: any iterable of str (a list, a generator, a pandas Series) gives a list; a pyarrow array or chunked array gives a pyarrow array, a polars Series a polars Series, another Arrow producer (__arrow_c_array__ or __arrow_c_stream__) an object exporting __arrow_c_array__. Arrow input is read in place, without a Python object per row. The GIL is released and the work spread over every core, or over threads= threads.
#[pyfunction]
#[pyo3(signature = (texts, *, psl = None, threads = None, version = 1))]
pub(crate) fn keys(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyPsl>>,
    threads: Option<usize>,
    version: u32,
) -> PyResult<Py<PyAny>> {
    let op = match version {
        1 => Op::Key,
        2 => Op::KeyV2,
        _ => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "key version {version} does not exist; the versions are: 1, 2"
            )));
        }
    };
    batch(py, op, texts, psl, threads)
}

/// The canonical form of every text, in order; None where keys gives None. Takes and gives what keys does.
#[pyfunction]
#[pyo3(signature = (texts, *, threads = None))]
pub(crate) fn canonicals(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    batch(py, Op::Canonical, texts, None, threads)
}

/// The registrable domain (ASCII form) of every text's host, in order; None for IP addresses, public suffixes and texts that are not web addresses. Takes and gives what keys does.
#[pyfunction]
#[pyo3(signature = (texts, *, psl = None, threads = None))]
pub(crate) fn registrable_domains(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyPsl>>,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    batch(py, Op::RegistrableDomain, texts, psl, threads)
}

/// Why each text is not a web address: its web.* code, python.not-a-string for a non-str, None for a web address or None. Takes and gives what keys does.
#[pyfunction]
#[pyo3(signature = (texts, *, threads = None))]
pub(crate) fn error_codes(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    batch(py, Op::ErrorCode, texts, None, threads)
}
