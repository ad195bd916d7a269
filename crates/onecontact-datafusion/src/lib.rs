//! onecontact's answers as [Apache DataFusion](https://datafusion.apache.org)
//! scalar functions, on one machine or on an
//! [Apache Ballista](https://datafusion.apache.org/ballista/) cluster.
//!
//! # The functions
//!
//! Every function takes one string (`Utf8`, `LargeUtf8` or `Utf8View`) and
//! answers for each row. Null in gives null out. Text that does not parse
//! gives null in the value columns and its code in `web_error`: one bad row
//! never fails a query.
//!
//! | SQL | returns |
//! | --- | --- |
//! | `url_valid(text)` | `BOOLEAN`: parses as a URL (URL Standard, no base) |
//! | `url_href(text)`, `url_scheme`, `url_host`, `url_path`, `url_query`, `url_fragment` | `VARCHAR` parts of that URL |
//! | `url_port(text)` | `SMALLINT UNSIGNED` (`UInt16`), null when absent or default |
//! | `url_registrable_domain(text)`, `url_public_suffix(text)` | `VARCHAR`, by the Public Suffix List |
//! | `url_registrable_domain_icann(text)` | `VARCHAR`: the same without the list's PRIVATE section |
//! | `web_canonical(text)`, `web_key_v1(text)` | `VARCHAR`: the contact layer's canonical form and key V1 |
//! | `web_key_v2(text)` | `VARCHAR`: key V2 (shared-hosting owners, path case and wrapped links kept apart or unwrapped) |
//! | `web_error(text)` | `VARCHAR`: `web.invalid-host`, …; null when the text is an address |
//! | `web_facts(text)` | `ARRAY<VARCHAR>`: fact names (`scheme_assumed`, `ip_host`, …) |
//! | `web_is_website(text)` | `BOOLEAN` |
//! | `web_social_profile(text)` | `VARCHAR`: the network (`linkedin`, …) or null |
//! | `link_max_severity(text)` | `VARCHAR`: `info`, `warning`, `danger` or null |
//! | `link_warnings(text)` | `ARRAY<VARCHAR>`: warning codes, most serious first |
//! | `link_imitates(text)`, `link_imitation_kind(text)` | `VARCHAR`: the domain the host imitates and the heuristic, or null |
//! | `web_address(text)` | `STRUCT` with all of the above, the text parsed once |
//! | `url_pattern_match(pattern, url)` | `BOOLEAN`: the URL matches the [URL pattern](onecontact_urlpattern) |
//! | `url_pattern_group(pattern, url, [component,] name)` | `VARCHAR`: what the group `name` captured |
//!
//! The two pattern functions take the pattern first: a constructor string
//! that names its protocol (`https://*.example.com/users/:id`). A constant
//! pattern is compiled once per batch (an invalid one fails the query with
//! the pattern's error); a column of patterns is compiled once per distinct
//! pattern of a batch, and a row whose pattern is invalid gives null.
//! `url_pattern_group` looks the name up in the pathname first (a `*` there
//! is group `0`), then in the other components in URL order (protocol
//! first), or in the one component given (`'hostname'`, …).
//!
//! ```
//! use datafusion::prelude::SessionContext;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! onecontact_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql(
//!         "SELECT url_pattern_match('https://*.example.com/users/:id', 'https://www.example.com/users/42') AS hit, \
//!                 url_pattern_group('https://*.example.com/users/:id', 'https://www.example.com/users/42', 'id') AS id",
//!     )
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| true | 42 |"), "{text}");
//! # Ok(())
//! # }
//! ```
//!
//! Each function's SQL signature, description and example are also in its
//! DataFusion [`Documentation`](datafusion::logical_expr::Documentation)
//! (`udf.documentation()`). Strings come out as `Utf8View`, lists as
//! `List(Utf8View)`.
//!
//! # Use
//!
//! ```
//! use datafusion::prelude::SessionContext;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! onecontact_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT web_key_v1('https://m.Example.com/index.html?utm_source=x') AS key")
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| example.com |"));
//! # Ok(())
//! # }
//! ```
//!
//! The de-duplication of a contact table by key, keeping the first address
//! seen for each key and the count:
//!
//! ```sql
//! SELECT web_key_v1(url) AS key,
//!        first_value(url ORDER BY line) AS first_url,
//!        min(line) AS first_line,
//!        count(*) AS count
//! FROM contacts
//! WHERE web_key_v1(url) IS NOT NULL
//! GROUP BY web_key_v1(url)
//! ORDER BY first_line
//! ```
//!
//! [`tables`] registers Parquet, CSV and NDJSON files (one file, a folder or
//! a glob) as tables; [`cluster`] runs a Ballista scheduler and executors
//! with the functions registered on both sides, and connects a client to
//! them.
//!
//! # Which entry point do I use
//!
//! | I want to… | use |
//! | --- | --- |
//! | call the functions from SQL on one machine | [`register`] on a `SessionContext` |
//! | build a `SessionState` with them (a custom session, a Ballista client) | [`register_on_state`] |
//! | list them, with their documentation | [`functions`] |
//! | read Parquet, CSV or NDJSON files (a file, a folder, a glob) as tables | [`tables`] |
//! | run or reach a Ballista cluster with the functions on every executor | [`cluster`] |
//!
//! # Cost per row
//!
//! This crate allocates nothing per row beyond the Arrow builders' buffers:
//! answers are appended straight from the parsed values, and list answers
//! are static names. The parses themselves are the contact layer's
//! (`WebAddress::parse` builds its URL's serialization; `key` returns a
//! `String`), done once per row and function, or once per row for
//! `web_address`.
//!
//! # Crate features
//!
//! None: the crate always brings DataFusion (with Parquet and SQL) and
//! Ballista's client, scheduler and executor. Depend on the layers below
//! (`onecontact`, `onecontact-url`, `onecontact-psl`) for the answers without
//! a query engine.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod cluster;
mod columns;
mod error;
mod function;
mod pattern;
mod row;
pub mod tables;
mod udf;

use datafusion::common::Result;
use datafusion::execution::FunctionRegistry;
use datafusion::execution::SessionState;
use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;

pub use error::Error;
pub use function::{Answer, address_fields};
pub use onecontact::Data;

use pattern::{PatternFunction, PatternOutput};
use udf::{ContactFunction, Output};

/// The name of the struct function.
pub const WEB_ADDRESS: &str = "web_address";

/// The names of the URL pattern functions, after the contact functions in
/// [`functions`].
pub const URL_PATTERN_FUNCTIONS: [&str; 2] = ["url_pattern_match", "url_pattern_group"];

/// Every function of this crate: one per [`Answer`] (in the order of
/// [`Answer::ALL`]), then `web_address`, answering with the compiled-in lists
/// ([`Data::baked`]), then `url_pattern_match` and `url_pattern_group`.
pub fn functions() -> Vec<ScalarUDF> {
    functions_with(&Data::baked())
}

/// [`functions`] answering with the lists of `data` (a Public Suffix List
/// loaded at run time, say).
pub fn functions_with(data: &Data) -> Vec<ScalarUDF> {
    Answer::ALL
        .iter()
        .map(|a| ContactFunction::udf(Output::One(*a), data.clone()))
        .chain(std::iter::once(ContactFunction::udf(
            Output::Address,
            data.clone(),
        )))
        .chain([
            PatternFunction::udf(PatternOutput::Match),
            PatternFunction::udf(PatternOutput::Group),
        ])
        .collect()
}

/// Registers every function on `ctx`, replacing functions of the same names.
pub fn register(ctx: &SessionContext) {
    register_with(ctx, &Data::baked());
}

/// [`register`] with the lists of `data`.
pub fn register_with(ctx: &SessionContext, data: &Data) {
    for udf in functions_with(data) {
        ctx.register_udf(udf);
    }
}

/// Registers every function on `state` (for a state built by
/// `SessionStateBuilder`, such as a Ballista scheduler's or executor's).
pub fn register_on_state(state: &mut SessionState) -> Result<()> {
    register_on_state_with(state, &Data::baked())
}

/// [`register_on_state`] with the lists of `data`.
pub fn register_on_state_with(state: &mut SessionState, data: &Data) -> Result<()> {
    for udf in functions_with(data) {
        state.register_udf(std::sync::Arc::new(udf))?;
    }
    Ok(())
}
