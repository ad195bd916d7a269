//! The `onecontact` Python package: onecontact's answers for Python, built
//! with PyO3 and maturin as one abi3 wheel for every CPython from 3.9 on.
//!
//! This crate is the package's native module, `onecontact._onecontact`; the
//! Python side (`python/onecontact/`: `__init__.py`, the `.pyi` stub,
//! `py.typed`) re-exports it, gives answers in the input's kind (pandas,
//! polars, pyarrow) and registers the pandas accessor and polars namespaces.
//! Everything is built on the public API of the [`onecontact`] and
//! [`onecontact_report`] crates:
//!
//! | Python | Rust |
//! |---|---|
//! | `URL(text, base=None)`, `URL.can_parse` | [`onecontact::onecontact_url::Url`] and its `quirks` module (the URL Standard's API) |
//! | `WebAddress(text, psl=None)` | [`onecontact::WebAddress`] |
//! | `PublicSuffixList`, `load_psl(path)` | [`onecontact::onecontact_psl::List`] (`baked`, `parse`) |
//! | `URLPattern(input, base=None)`, `test`, `exec`, `test_all` | [`onecontact_urlpattern::UrlPattern`], the engine of the command's `match` and SQL's `url_pattern_match` |
//! | `inspect(text)` | [`onecontact::inspect()`] |
//! | `compare(a, b)` | [`onecontact_report::compare_with`] |
//! | `keys`, `canonicals`, `registrable_domains`, `error_codes`, `parse_all`, `inspect_all` | the same, over many rows on every core |
//! | `pl.col(...).onecontact.key()` and the other polars expressions | the same, as a compiled polars expression plugin (`polars_plugin`) |
//!
//! # Specifications followed
//!
//! The WHATWG URL Standard (through `onecontact-url`), including its API's
//! `USVString` conversion: a lone surrogate in a Python `str` reads as U+FFFD.
//! The Public Suffix List's algorithm, and the rules of `docs/web.md`, through
//! `onecontact`. The Arrow PyCapsule interface (`__arrow_c_array__`,
//! `__arrow_c_stream__`) through `pyo3-arrow`.
//! polars' expression plugin interface (version 0.1) over the Arrow C data
//! interface, in `polars_plugin`: the one module with `unsafe` code.
//!
//! # Batch calls
//!
//! A batch call reads its rows (a Python iterable is copied into one buffer;
//! an Arrow array is read in place), releases the GIL, splits the rows into
//! one contiguous part per core (`std::thread::scope`), and answers each row
//! independently: a row that fails gives `None` (its code through
//! `error_codes`), never an exception that loses the batch.
//!
//! # Example (Python)
//!
//! ```text
//! >>> import onecontact
//! >>> onecontact.URL("https://EXAMPLE.com:443/a/../b").href
//! 'https://example.com/b'
//! >>> onecontact.WebAddress("www.Example.co.uk/?utm_source=x").key()
//! 'example.co.uk'
//! >>> onecontact.keys(["example.com/a#x", "not a url"])
//! ['example.com/a', None]
//! ```
//!
//! Building and testing: `bash crates/onecontact-python/ci.sh` (see
//! `docs/python.md`).
//!
//! # Crate features
//!
//! None. maturin turns on `pyo3/extension-module` when it builds the wheel.

// Unsafe code is refused everywhere but in the polars plugin, which speaks a C
// interface of raw pointers (its module documents each use).
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod batch;
mod errors;
#[allow(unsafe_code)]
mod polars_plugin;
mod report;
mod text;
mod url;
mod urlpattern;
mod web;

use pyo3::prelude::*;

/// Reads a Public Suffix List from a file (as PublicSuffixList.from_file).
#[pyfunction]
fn load_psl(path: std::path::PathBuf) -> PyResult<web::PyList> {
    web::load(path)
}

/// The native part of the `onecontact` package.
#[pymodule]
fn _onecontact(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("URLError", py.get_type::<errors::URLError>())?;
    m.add_class::<url::PyUrl>()?;
    m.add(
        "URLPatternError",
        py.get_type::<urlpattern::URLPatternError>(),
    )?;
    m.add_class::<urlpattern::PyUrlPattern>()?;
    m.add_class::<web::PyWebAddress>()?;
    m.add_class::<web::PyList>()?;
    m.add_class::<web::PySocialProfile>()?;
    m.add_class::<report::PyLinkReport>()?;
    m.add_class::<report::PyWarning>()?;
    m.add_class::<report::PyHostDisplay>()?;
    m.add_class::<report::PyLabelDisplay>()?;
    m.add_class::<report::PyComparison>()?;
    m.add_class::<report::PyDifference>()?;
    m.add_function(wrap_pyfunction!(report::inspect, m)?)?;
    m.add_function(wrap_pyfunction!(report::compare, m)?)?;
    m.add_function(wrap_pyfunction!(batch::keys, m)?)?;
    m.add_function(wrap_pyfunction!(batch::canonicals, m)?)?;
    m.add_function(wrap_pyfunction!(batch::registrable_domains, m)?)?;
    m.add_function(wrap_pyfunction!(batch::error_codes, m)?)?;
    m.add_function(wrap_pyfunction!(batch::parse_all, m)?)?;
    m.add_function(wrap_pyfunction!(batch::inspect_all, m)?)?;
    m.add_function(wrap_pyfunction!(load_psl, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("_POLARS_PLUGIN_VERSION", polars_plugin::VERSION)?;
    Ok(())
}
