//! Batch calls: many texts in, one answer per text out, in the same order,
//! computed on every core without the GIL.

use std::sync::Arc;

use arrow_array::builder::{ListBuilder, StringBuilder, UInt16Builder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StructArray};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use onecontact::onecontact_psl::Sections;
use onecontact::{Data, WebAddress};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use pyo3_arrow::PyArray;
use pyo3_arrow::input::AnyArray;

use crate::text::usv_string;
use crate::web::{PyList as PyPsl, data_of, int_in, sections};

/// The code every batch call gives a row that is not a `str`.
const NOT_A_STRING: &str = "python.not-a-string";

/// What a text batch call computes for each row.
#[derive(Clone, Copy)]
pub(crate) enum Op {
    Key,
    KeyV2,
    Canonical,
    RegistrableDomain(Sections),
    ErrorCode,
}

/// One row of the input.
#[derive(Clone, Copy)]
pub(crate) enum Input<'a> {
    Null,
    NotStr,
    Text(&'a str),
}

pub(crate) fn answer(op: Op, data: &Data, input: Input<'_>) -> Option<String> {
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
        // Also straight from the text (as WebAddress::registrable_domain_in).
        Op::RegistrableDomain(sections) => {
            onecontact::registrable_domain_in(text, sections, data).ok()?
        }
        Op::ErrorCode => WebAddress::parse_with(text, data)
            .err()
            .map(|e| e.code().to_owned()),
    }
}

/// The parts of one row, as `parse_all` gives them.
#[derive(Default)]
pub(crate) struct Parts {
    href: Option<String>,
    scheme: Option<String>,
    host: Option<String>,
    port: Option<u16>,
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    registrable_domain: Option<String>,
    public_suffix: Option<String>,
    error_code: Option<&'static str>,
    /// Whether the row was None (a null struct in Arrow).
    null: bool,
}

pub(crate) fn parts(data: &Data, sections: Sections, input: Input<'_>) -> Parts {
    let text = match input {
        Input::Null => {
            return Parts {
                null: true,
                ..Parts::default()
            };
        }
        Input::NotStr => {
            return Parts {
                error_code: Some(NOT_A_STRING),
                ..Parts::default()
            };
        }
        Input::Text(text) => text,
    };
    let web = match WebAddress::parse_with(text, data) {
        Ok(web) => web,
        Err(error) => {
            return Parts {
                error_code: Some(error.code()),
                ..Parts::default()
            };
        }
    };
    let url = web.url();
    let owned = |s: Option<&str>| s.map(str::to_owned);
    let (registrable_domain, public_suffix) = match web.psl_answer_in(sections, data) {
        None => (None, None),
        Some(answer) => (
            owned(answer.registrable_domain()),
            Some(answer.public_suffix().to_owned()),
        ),
    };
    Parts {
        href: Some(url.as_str().to_owned()),
        scheme: Some(url.scheme().to_owned()),
        host: owned(url.host_str()),
        port: url.port(),
        path: Some(url.path().to_owned()),
        query: owned(url.query()),
        fragment: owned(url.fragment()),
        registrable_domain,
        public_suffix,
        error_code: None,
        null: false,
    }
}

/// What `inspect_all` gives for one row.
#[derive(Default)]
pub(crate) struct Inspected {
    real_host: Option<String>,
    registrable_domain: Option<String>,
    max_severity: Option<&'static str>,
    warning_codes: Option<Vec<&'static str>>,
    imitates: Option<String>,
    imitation_kind: Option<&'static str>,
    error_code: Option<&'static str>,
    null: bool,
}

pub(crate) fn inspected(data: &Data, input: Input<'_>) -> Inspected {
    let text = match input {
        Input::Null => {
            return Inspected {
                null: true,
                ..Inspected::default()
            };
        }
        Input::NotStr => {
            return Inspected {
                error_code: Some(NOT_A_STRING),
                ..Inspected::default()
            };
        }
        Input::Text(text) => text,
    };
    let report = onecontact::inspect::inspect_with(text, data);
    let owned = |s: Option<&str>| s.map(str::to_owned);
    let imitation = report.warnings.iter().find_map(|w| w.imitation.as_ref());
    Inspected {
        real_host: owned(report.real_host()),
        registrable_domain: owned(report.registrable_domain()),
        max_severity: report.max_severity.map(|s| s.name()),
        warning_codes: Some(report.warnings.iter().map(|w| w.code.code()).collect()),
        imitates: imitation.map(|i| i.domain.clone()),
        imitation_kind: imitation.map(|i| i.kind.code()),
        error_code: report.error.as_ref().map(|e| e.code()),
        null: false,
    }
}

/// Rows per thread below which another thread does not pay for itself.
const MIN_ROWS_PER_THREAD: usize = 256;

/// Answers every row with `f`, on as many threads as there are cores (or
/// `threads`), in order.
pub(crate) fn run<'a, T, F>(inputs: &[Input<'a>], threads: Option<usize>, f: F) -> Vec<T>
where
    T: Send + Default,
    F: Fn(Input<'a>) -> T + Sync,
{
    let cores =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let threads = cores.min(inputs.len() / MIN_ROWS_PER_THREAD).max(1);
    if threads == 1 {
        return inputs.iter().map(|&i| f(i)).collect();
    }
    let per_thread = inputs.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = inputs
            .chunks(per_thread)
            .map(|chunk| scope.spawn(move || chunk.iter().map(|&i| f(i)).collect::<Vec<T>>()))
            .collect();
        let mut out = Vec::with_capacity(inputs.len());
        for handle in handles {
            match handle.join() {
                Ok(part) => out.extend(part),
                // A panic in library code is a bug; rather than lose the
                // batch, the rows of that part get no answer.
                Err(_) => out.extend(std::iter::repeat_with(T::default).take(per_thread)),
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

impl Copied {
    fn inputs(&self) -> Vec<Input<'_>> {
        self.rows
            .iter()
            .map(|row| match *row {
                Copy::Null => Input::Null,
                Copy::NotStr => Input::NotStr,
                Copy::Text(start, end) => {
                    Input::Text(self.buffer.get(start..end).unwrap_or_default())
                }
            })
            .collect()
    }
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

/// An Arrow array that does not hold strings.
pub(crate) struct NotStrings(pub(crate) DataType);

impl std::fmt::Display for NotStrings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the Arrow array must hold strings (utf8, large_utf8, utf8_view, or a dictionary of \
             them), not {}",
            self.0
        )
    }
}

impl From<NotStrings> for PyErr {
    fn from(error: NotStrings) -> PyErr {
        PyTypeError::new_err(error.to_string())
    }
}

/// Whether an Arrow column of this type holds texts `arrow_rows` reads.
pub(crate) fn holds_strings(data_type: &DataType) -> bool {
    match data_type {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View | DataType::Null => true,
        DataType::Dictionary(_, values) => matches!(
            values.as_ref(),
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View | DataType::Null
        ),
        _ => false,
    }
}

pub(crate) fn arrow_inputs<'a>(
    chunks: &'a [ArrayRef],
    inputs: &mut Vec<Input<'a>>,
) -> Result<(), NotStrings> {
    for chunk in chunks {
        arrow_rows(chunk.as_ref(), inputs)?;
    }
    Ok(())
}

fn arrow_rows<'a>(chunk: &'a dyn Array, inputs: &mut Vec<Input<'a>>) -> Result<(), NotStrings> {
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
        DataType::Dictionary(_, values) => {
            let Some(dictionary) = chunk.as_any_dictionary_opt() else {
                return Err(NotStrings(chunk.data_type().clone()));
            };
            if !holds_strings(values) {
                return Err(NotStrings(chunk.data_type().clone()));
            }
            // Each row reads the dictionary's value its key names.
            let mut values = Vec::with_capacity(dictionary.values().len());
            arrow_rows(dictionary.values().as_ref(), &mut values)?;
            let keys = dictionary.normalized_keys();
            inputs.extend(keys.iter().enumerate().map(|(row, &key)| {
                if chunk.is_null(row) {
                    Input::Null
                } else {
                    values.get(key).copied().unwrap_or(Input::Null)
                }
            }));
        }
        other => return Err(NotStrings(other.clone())),
    }
    Ok(())
}

fn is_arrow(texts: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(texts.hasattr("__arrow_c_array__")? || texts.hasattr("__arrow_c_stream__")?)
}

/// The threads= argument: None (every core) or a positive int.
fn threads_of(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    match threads {
        None => Ok(None),
        Some(value) if value.is_none() => Ok(None),
        Some(value) => {
            let n = int_in(
                value,
                "threads",
                (1, 1 << 16),
                "a positive int up to 65536, or None for every core",
            )?;
            Ok(usize::try_from(n).ok())
        }
    }
}

/// The rows of the input, read without the GIL: `arrow` for Arrow input,
/// `list` for any other iterable.
enum Rows {
    Arrow(Vec<ArrayRef>),
    Copied(Copied),
}

fn rows_of(texts: &Bound<'_, PyAny>) -> PyResult<Rows> {
    if is_arrow(texts)? {
        let array: AnyArray = texts.extract()?;
        let (chunks, _field) = array.into_chunked_array()?.into_inner();
        return Ok(Rows::Arrow(chunks));
    }
    Ok(Rows::Copied(copy_iterable(texts)?))
}

/// Answers every row (GIL released) and builds the answer: `arrow` from the
/// rows' answers for Arrow input, `python` for any other.
pub(crate) fn batch<T, F, A, P>(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    f: F,
    arrow: A,
    python: P,
) -> PyResult<Py<PyAny>>
where
    T: Send + Default,
    F: for<'a> Fn(Input<'a>) -> T + Sync + Send,
    A: FnOnce(Vec<T>) -> PyResult<ArrayRef> + Send,
    P: FnOnce(Python<'_>, Vec<T>) -> PyResult<Py<PyAny>>,
{
    let threads = threads_of(threads)?;
    match rows_of(texts)? {
        Rows::Arrow(chunks) => {
            let out = py.detach(|| -> PyResult<ArrayRef> {
                let mut inputs = Vec::new();
                arrow_inputs(&chunks, &mut inputs)?;
                arrow(run(&inputs, threads, f))
            })?;
            let array = PyArray::from_array_ref(out);
            Ok(Bound::new(py, array)?.into_any().unbind())
        }
        Rows::Copied(copied) => {
            let answers = py.detach(|| run(&copied.inputs(), threads, f));
            python(py, answers)
        }
    }
}

/// The answers of a text call as an Arrow string array (utf8, or large_utf8
/// past 2 GiB of text).
pub(crate) fn text_array(answers: &[Option<String>]) -> ArrayRef {
    let bytes: usize = answers.iter().flatten().map(String::len).sum();
    let strings = answers.iter().map(Option::as_deref);
    if i32::try_from(bytes).is_ok() {
        Arc::new(strings.collect::<StringArray>())
    } else {
        Arc::new(strings.collect::<LargeStringArray>())
    }
}

fn text_batch(
    py: Python<'_>,
    op: Op,
    texts: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyPsl>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let data = data_of(psl);
    batch(
        py,
        texts,
        threads,
        |input| answer(op, &data, input),
        |answers: Vec<Option<String>>| Ok(text_array(&answers)),
        |py, answers| {
            Ok(PyList::new(py, answers.iter().map(Option::as_deref))?
                .into_any()
                .unbind())
        },
    )
}

/// Key V1 (or with version=2 key V2) of every text, in order; None for None, a non-str or a text that is not a web address (error_codes says why; key V2 also gives None for what it refuses: n/a, none, TBD, a host without a dot).
///
/// texts: a list (or any iterable of str) gives a list[str | None]; a pandas Series a pandas Series (same index and name; the column's own string dtype, else object in pandas 2 and str in pandas 3; categorical columns answered once per category); a pandas Index an Index; a pyarrow Array or ChunkedArray a pyarrow Array; a polars Series a polars Series; another Arrow producer (__arrow_c_array__ or __arrow_c_stream__) an object exporting __arrow_c_array__. Arrow strings (utf8, large_utf8, utf8_view, dictionaries of them) are read in place, without a Python object per row. The GIL is released and the work spread over every core, or over threads= threads (a positive int).
#[pyfunction]
#[pyo3(signature = (texts, *, psl = None, threads = None, version = None))]
pub(crate) fn keys(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyPsl>>,
    threads: Option<&Bound<'_, PyAny>>,
    version: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let version = match version {
        Some(version) => {
            crate::web::int_in(version, "version", (1, 2), "1 or 2 (the key versions)")?
        }
        None => 1,
    };
    let op = if version == 2 { Op::KeyV2 } else { Op::Key };
    text_batch(py, op, texts, psl, threads)
}

/// The canonical form of every text, in order; None where keys gives None. Takes and gives what keys does.
#[pyfunction]
#[pyo3(signature = (texts, *, threads = None))]
pub(crate) fn canonicals(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    text_batch(py, Op::Canonical, texts, None, threads)
}

/// The registrable domain (ASCII form) of every text's host, in order; None for IP addresses, public suffixes and texts that are not web addresses. private=False leaves the list's PRIVATE section out (alice.github.io gives github.io). Takes and gives what keys does.
#[pyfunction]
#[pyo3(signature = (texts, *, psl = None, private = true, threads = None))]
pub(crate) fn registrable_domains(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyPsl>>,
    private: bool,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let op = Op::RegistrableDomain(sections(private));
    text_batch(py, op, texts, psl, threads)
}

/// Why each text is not a web address: its web.* code, python.not-a-string for a non-str, None for a web address or a missing value. Takes and gives what keys does.
#[pyfunction]
#[pyo3(signature = (texts, *, threads = None))]
pub(crate) fn error_codes(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    text_batch(py, Op::ErrorCode, texts, None, threads)
}

fn field(name: &str, data_type: DataType) -> Arc<Field> {
    Arc::new(Field::new(name, data_type, true))
}

fn strings<'a>(values: impl Iterator<Item = Option<&'a str>>) -> ArrayRef {
    let mut builder = StringBuilder::new();
    for value in values {
        builder.append_option(value);
    }
    Arc::new(builder.finish())
}

fn struct_array(
    columns: Vec<(Arc<Field>, ArrayRef)>,
    null: &[bool],
) -> Result<ArrayRef, ArrowError> {
    let (fields, arrays): (Vec<_>, Vec<_>) = columns.into_iter().unzip();
    let validity = null
        .iter()
        .any(|n| *n)
        .then(|| null.iter().map(|n| !n).collect());
    Ok(Arc::new(StructArray::try_new(
        Fields::from(fields),
        arrays,
        validity,
    )?))
}

/// The rows of `parse_all` as an Arrow struct array (a null row for a None).
pub(crate) fn parts_array(rows: &[Parts]) -> Result<ArrayRef, ArrowError> {
    let mut port = UInt16Builder::new();
    for row in rows {
        port.append_option(row.port);
    }
    let null: Vec<bool> = rows.iter().map(|r| r.null).collect();
    let text = |get: fn(&Parts) -> Option<&str>| strings(rows.iter().map(get));
    struct_array(
        vec![
            (field("href", DataType::Utf8), text(|r| r.href.as_deref())),
            (
                field("scheme", DataType::Utf8),
                text(|r| r.scheme.as_deref()),
            ),
            (field("host", DataType::Utf8), text(|r| r.host.as_deref())),
            (field("port", DataType::UInt16), Arc::new(port.finish())),
            (field("path", DataType::Utf8), text(|r| r.path.as_deref())),
            (field("query", DataType::Utf8), text(|r| r.query.as_deref())),
            (
                field("fragment", DataType::Utf8),
                text(|r| r.fragment.as_deref()),
            ),
            (
                field("registrable_domain", DataType::Utf8),
                text(|r| r.registrable_domain.as_deref()),
            ),
            (
                field("public_suffix", DataType::Utf8),
                text(|r| r.public_suffix.as_deref()),
            ),
            (field("error_code", DataType::Utf8), text(|r| r.error_code)),
        ],
        &null,
    )
}

/// The rows of `inspect_all` as an Arrow struct array (a null row for a None).
pub(crate) fn inspected_array(rows: &[Inspected]) -> Result<ArrayRef, ArrowError> {
    let mut codes = ListBuilder::new(StringBuilder::new());
    for row in rows {
        match &row.warning_codes {
            Some(list) => {
                for code in list {
                    codes.values().append_value(code);
                }
                codes.append(true);
            }
            None => codes.append(false),
        }
    }
    let codes = codes.finish();
    let null: Vec<bool> = rows.iter().map(|r| r.null).collect();
    let text = |get: fn(&Inspected) -> Option<&str>| strings(rows.iter().map(get));
    struct_array(
        vec![
            (
                field("real_host", DataType::Utf8),
                text(|r| r.real_host.as_deref()),
            ),
            (
                field("registrable_domain", DataType::Utf8),
                text(|r| r.registrable_domain.as_deref()),
            ),
            (
                field("max_severity", DataType::Utf8),
                text(|r| r.max_severity),
            ),
            (
                field("warning_codes", codes.data_type().clone()),
                Arc::new(codes),
            ),
            (
                field("imitates", DataType::Utf8),
                text(|r| r.imitates.as_deref()),
            ),
            (
                field("imitation_kind", DataType::Utf8),
                text(|r| r.imitation_kind),
            ),
            (field("error_code", DataType::Utf8), text(|r| r.error_code)),
        ],
        &null,
    )
}

fn arrow_error(error: ArrowError) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(error.to_string())
}

/// One column of a dict of lists: its name and how a row gives its value.
type Column<'f, T> = (&'f str, &'f dyn Fn(&T) -> Py<PyAny>);

/// A dict of equally long lists (one per column) from rows.
fn columns<'py, T>(py: Python<'py>, rows: &[T], fields: &[Column<'_, T>]) -> PyResult<Py<PyAny>> {
    let dict = PyDict::new(py);
    for (name, get) in fields {
        let list = PyList::new(py, rows.iter().map(get))?;
        dict.set_item(*name, list)?;
    }
    Ok(dict.into_any().unbind())
}

fn opt_str(py: Python<'_>, value: Option<&str>) -> Py<PyAny> {
    match value {
        Some(text) => PyString::new(py, text).into_any().unbind(),
        None => py.None(),
    }
}

/// The parts of every text, read as WebAddress reads it: href, scheme, host, port (None for the scheme's default), path, query and fragment (None when absent), registrable_domain and public_suffix (None when the host is not a domain; private=False leaves the list's PRIVATE section out), and error_code (why the row is not a web address, python.not-a-string for a non-str; the other fields are None then). A None row gives None in every field.
///
/// texts: a list (or any iterable of str) gives a dict of column name to list (pandas.DataFrame(...) and polars.DataFrame(...) take it as it is); a pandas Series a pandas DataFrame with the Series' index (port as Int32); a pyarrow array a pyarrow StructArray; a polars Series a polars Series of structs (.struct.unnest() makes the columns). Runs as keys does.
#[pyfunction]
#[pyo3(signature = (texts, *, psl = None, private = true, threads = None))]
pub(crate) fn parse_all(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyPsl>>,
    private: bool,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let data = data_of(psl);
    let sections = sections(private);
    batch(
        py,
        texts,
        threads,
        |input| parts(&data, sections, input),
        |rows: Vec<Parts>| parts_array(&rows).map_err(arrow_error),
        |py, rows| {
            let s = |get: fn(&Parts) -> Option<&str>| move |r: &Parts| opt_str(py, get(r));
            let port = |r: &Parts| match r.port {
                Some(port) => port
                    .into_pyobject(py)
                    .map_or_else(|_| py.None(), |p| p.into_any().unbind()),
                None => py.None(),
            };
            columns(
                py,
                &rows,
                &[
                    ("href", &s(|r| r.href.as_deref())),
                    ("scheme", &s(|r| r.scheme.as_deref())),
                    ("host", &s(|r| r.host.as_deref())),
                    ("port", &port),
                    ("path", &s(|r| r.path.as_deref())),
                    ("query", &s(|r| r.query.as_deref())),
                    ("fragment", &s(|r| r.fragment.as_deref())),
                    (
                        "registrable_domain",
                        &s(|r| r.registrable_domain.as_deref()),
                    ),
                    ("public_suffix", &s(|r| r.public_suffix.as_deref())),
                    ("error_code", &s(|r| r.error_code)),
                ],
            )
        },
    )
}

/// What inspect finds in every text: real_host, registrable_domain, max_severity (info, warning, danger or None), warning_codes (a list, most serious first), imitates (the domain the host imitates, or None), imitation_kind (the heuristic that found it, or None) and error_code (why the text is not a URL, python.not-a-string for a non-str; the warnings found in the text as typed are still given). A None row gives None in every field.
///
/// texts: as parse_all (a list gives a dict of lists, a pandas Series a DataFrame, a pyarrow array a StructArray, a polars Series a Series of structs). Runs as keys does.
#[pyfunction]
#[pyo3(signature = (texts, *, psl = None, threads = None))]
pub(crate) fn inspect_all(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    psl: Option<&Bound<'_, PyPsl>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let data = data_of(psl);
    batch(
        py,
        texts,
        threads,
        |input| inspected(&data, input),
        |rows: Vec<Inspected>| inspected_array(&rows).map_err(arrow_error),
        |py, rows| {
            let s = |get: fn(&Inspected) -> Option<&str>| move |r: &Inspected| opt_str(py, get(r));
            let codes = |r: &Inspected| match &r.warning_codes {
                Some(list) => {
                    PyList::new(py, list).map_or_else(|_| py.None(), |l| l.into_any().unbind())
                }
                None => py.None(),
            };
            columns(
                py,
                &rows,
                &[
                    ("real_host", &s(|r| r.real_host.as_deref())),
                    (
                        "registrable_domain",
                        &s(|r| r.registrable_domain.as_deref()),
                    ),
                    ("max_severity", &s(|r| r.max_severity)),
                    ("warning_codes", &codes),
                    ("imitates", &s(|r| r.imitates.as_deref())),
                    ("imitation_kind", &s(|r| r.imitation_kind)),
                    ("error_code", &s(|r| r.error_code)),
                ],
            )
        },
    )
}
