//! Files as tables: `NAME=PATH` where PATH is one file, a folder of files or
//! a glob (`data/*.parquet`), in Parquet, CSV (with a header row) or
//! newline-delimited JSON.
//!
//! ```no_run
//! # async fn run() -> Result<(), onecontact_datafusion::Error> {
//! use datafusion::prelude::SessionContext;
//! use onecontact_datafusion::tables::TableSource;
//!
//! let ctx = SessionContext::new();
//! let table: TableSource = "contacts=exports/2026-*.parquet".parse()?;
//! table.register(&ctx).await?;
//! # Ok(())
//! # }
//! ```

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use datafusion::prelude::{CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionContext};

use crate::Error;

/// A file format this crate reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FileFormat {
    /// Apache Parquet (`.parquet`).
    Parquet,
    /// CSV with a header row (`.csv`).
    Csv,
    /// Newline-delimited JSON, one object per line (`.json`, `.ndjson`,
    /// `.jsonl`).
    NdJson,
    /// Text, one value per line (`.txt`, `.lst`): a table of one string
    /// column, `line`, without a header row. A line holding the byte 0x1F
    /// (unit separator) is refused.
    Lines,
}

impl FileFormat {
    /// The format of files named with `extension` (without the dot).
    pub fn from_extension(extension: &str) -> Option<FileFormat> {
        match extension.to_ascii_lowercase().as_str() {
            "parquet" => Some(FileFormat::Parquet),
            "csv" => Some(FileFormat::Csv),
            "json" | "ndjson" | "jsonl" => Some(FileFormat::NdJson),
            "txt" | "lst" => Some(FileFormat::Lines),
            _ => None,
        }
    }

    /// The format's short name (`parquet`, `csv`, `ndjson`).
    pub fn name(self) -> &'static str {
        match self {
            FileFormat::Parquet => "parquet",
            FileFormat::Csv => "csv",
            FileFormat::NdJson => "ndjson",
            FileFormat::Lines => "lines",
        }
    }
}

/// A table to register: a name and where its files are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSource {
    /// The table's name in SQL.
    pub name: String,
    /// One file, a folder or a glob.
    pub path: PathBuf,
}

impl FromStr for TableSource {
    type Err = Error;

    fn from_str(spec: &str) -> Result<TableSource, Error> {
        match spec.split_once('=') {
            Some((name, path)) if !name.trim().is_empty() && !path.is_empty() => Ok(TableSource {
                name: name.trim().to_owned(),
                path: PathBuf::from(path),
            }),
            _ => Err(Error::TableSpec {
                spec: spec.to_owned(),
            }),
        }
    }
}

fn is_glob(path: &Path) -> bool {
    path.to_string_lossy().contains(['*', '?', '['])
}

fn extension_format(path: &Path) -> Option<FileFormat> {
    path.extension()
        .and_then(OsStr::to_str)
        .and_then(FileFormat::from_extension)
}

impl TableSource {
    /// The format and the extension (with its dot) of the table's files:
    /// from the file's or the glob's extension, or from the files a folder
    /// holds (which must all be of one format; other files are ignored).
    pub fn format(&self) -> Result<(FileFormat, String), Error> {
        let unknown = || Error::UnknownFormat {
            path: self.path.clone(),
        };
        if is_glob(&self.path) || !self.path.is_dir() {
            let format = extension_format(&self.path).ok_or_else(unknown)?;
            let extension = self
                .path
                .extension()
                .and_then(OsStr::to_str)
                .ok_or_else(unknown)?;
            return Ok((format, format!(".{extension}")));
        }
        let entries = std::fs::read_dir(&self.path).map_err(|source| Error::Io {
            path: self.path.clone(),
            source,
        })?;
        let mut found: Option<(FileFormat, String)> = None;
        for entry in entries {
            let entry = entry.map_err(|source| Error::Io {
                path: self.path.clone(),
                source,
            })?;
            let path = entry.path();
            let (Some(format), Some(extension)) = (
                extension_format(&path),
                path.extension().and_then(OsStr::to_str),
            ) else {
                continue;
            };
            match &found {
                None => found = Some((format, format!(".{extension}"))),
                Some((first, _)) if *first != format => {
                    return Err(Error::MixedFormats {
                        path: self.path.clone(),
                        first: first.name(),
                        second: format.name(),
                    });
                }
                Some(_) => {}
            }
        }
        found.ok_or_else(unknown)
    }

    /// Registers the table on `ctx`. Relative paths are made absolute (a
    /// cluster's executors read the same path).
    pub async fn register(&self, ctx: &SessionContext) -> Result<(), Error> {
        let (format, extension) = self.format()?;
        let absolute = std::path::absolute(&self.path).map_err(|source| Error::Io {
            path: self.path.clone(),
            source,
        })?;
        let mut path = absolute.to_string_lossy().into_owned();
        if !is_glob(&absolute) && absolute.is_dir() && !path.ends_with('/') {
            path.push('/');
        }
        match format {
            FileFormat::Parquet => {
                ctx.register_parquet(
                    &self.name,
                    &path,
                    ParquetReadOptions::default().file_extension(&extension),
                )
                .await?
            }
            FileFormat::Csv => {
                ctx.register_csv(
                    &self.name,
                    &path,
                    CsvReadOptions::new().file_extension(&extension),
                )
                .await?
            }
            FileFormat::Lines => {
                let schema = datafusion::arrow::datatypes::Schema::new(vec![
                    datafusion::arrow::datatypes::Field::new(
                        "line",
                        datafusion::arrow::datatypes::DataType::Utf8,
                        true,
                    ),
                ]);
                ctx.register_csv(
                    &self.name,
                    &path,
                    CsvReadOptions::new()
                        .file_extension(&extension)
                        .has_header(false)
                        .delimiter(0x1f)
                        .quote(0x1e)
                        .schema(&schema),
                )
                .await?
            }
            FileFormat::NdJson => {
                ctx.register_json(
                    &self.name,
                    &path,
                    JsonReadOptions::default().file_extension(&extension),
                )
                .await?
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn specs_need_a_name_and_a_path() {
        let t: TableSource = "contacts=a/b.parquet".parse().unwrap();
        assert_eq!(t.name, "contacts");
        assert_eq!(t.path, PathBuf::from("a/b.parquet"));
        assert!("contacts".parse::<TableSource>().is_err());
        assert!("=x.csv".parse::<TableSource>().is_err());
        assert!("t=".parse::<TableSource>().is_err());
    }

    #[test]
    fn formats_come_from_extensions() {
        let format = |p: &str| {
            TableSource {
                name: "t".into(),
                path: p.into(),
            }
            .format()
            .ok()
        };
        assert_eq!(
            format("x.parquet"),
            Some((FileFormat::Parquet, ".parquet".into()))
        );
        assert_eq!(format("dir/*.CSV"), Some((FileFormat::Csv, ".CSV".into())));
        assert_eq!(format("urls.txt"), Some((FileFormat::Lines, ".txt".into())));
        assert_eq!(format("urls.lst"), Some((FileFormat::Lines, ".lst".into())));
        assert_eq!(
            format("x.jsonl"),
            Some((FileFormat::NdJson, ".jsonl".into()))
        );
        assert_eq!(format("x.xlsx"), None);
    }
}
