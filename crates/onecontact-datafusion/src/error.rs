//! What can go wrong outside a query: table specifications, files, the cluster.

use std::path::PathBuf;

/// An error of this crate's table and cluster helpers. Errors of a query
/// itself are DataFusion's.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A table was not given as `NAME=PATH`.
    #[error("the table `{spec}` is not NAME=PATH (for example contacts=data/contacts.parquet)")]
    TableSpec {
        /// The text given.
        spec: String,
    },
    /// A table's files are of no format this crate reads.
    #[error(
        "cannot tell the format of {}: name files *.parquet, *.csv, *.json, *.ndjson, *.jsonl, \
         or *.txt or *.lst for one value per line (or give a folder or glob of such files)",
        path.display()
    )]
    UnknownFormat {
        /// The path given.
        path: PathBuf,
    },
    /// A folder holds files of more than one format.
    #[error("{} holds files of more than one format ({first} and {second}); give a glob such as {}/*.{first}", path.display(), path.display())]
    MixedFormats {
        /// The folder.
        path: PathBuf,
        /// One format found.
        first: &'static str,
        /// Another format found.
        second: &'static str,
    },
    /// A path could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A cluster address is not `df://HOST:PORT`.
    #[error("the cluster address `{address}` is not df://HOST:PORT")]
    ClusterAddress {
        /// The text given.
        address: String,
    },
    /// DataFusion refused (a table, a query, a file).
    #[error(transparent)]
    DataFusion(#[from] datafusion::error::DataFusionError),
    /// The Ballista scheduler or executor failed.
    #[error("ballista: {0}")]
    Ballista(#[from] ballista_core::error::BallistaError),
}
