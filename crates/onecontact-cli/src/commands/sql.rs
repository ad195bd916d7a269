//! `onecontact sql`: one SQL statement over files, with onecontact's
//! functions, on this machine or on a Ballista cluster.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use datafusion::arrow::csv::WriterBuilder as CsvWriterBuilder;
use datafusion::arrow::datatypes::SchemaRef;
use datafusion::arrow::json::LineDelimitedWriter;
use datafusion::arrow::json::writer::{LineDelimited, WriterBuilder as JsonWriterBuilder};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::error::DataFusionError;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::{SessionConfig, SessionContext};
use futures::StreamExt;
use onecontact_datafusion::tables::TableSource;

use super::{CliError, OK};
use crate::cli::{SqlArgs, SqlFormat};

fn failed(e: impl std::fmt::Display) -> CliError {
    CliError::Io(io::Error::other(e.to_string()))
}

/// A DataFusion error as one sentence: without the engine's category
/// prefixes and debug forms, with the parser's place as `line L, column C`.
fn query_failed(e: DataFusionError) -> CliError {
    CliError::Usage(super::sql_text::sentence(&e))
}

/// Runs `onecontact sql`; `json` is `--json` given before the subcommand.
pub fn run(args: &SqlArgs, data: &onecontact::Data, json: bool) -> Result<u8, CliError> {
    let mut args = args.clone();
    if json || args.json {
        args.format = SqlFormat::Json;
    }
    let args = &args;
    let tables = args
        .table
        .iter()
        .map(|spec| spec.parse::<TableSource>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(query(args, &tables, data))
}

async fn context(args: &SqlArgs, data: &onecontact::Data) -> Result<SessionContext, CliError> {
    match &args.cluster {
        Some(address) => {
            onecontact_datafusion::cluster::connect(address, args.partitions.map(|n| n.get()), data)
                .await
                .map_err(failed)
        }
        None => {
            let mut config = SessionConfig::new();
            if let Some(n) = args.partitions {
                config = config.with_target_partitions(n.get());
            }
            let ctx = SessionContext::new_with_config(config);
            onecontact_datafusion::register_with(&ctx, data);
            Ok(ctx)
        }
    }
}

async fn query(
    args: &SqlArgs,
    tables: &[TableSource],
    data: &onecontact::Data,
) -> Result<u8, CliError> {
    let ctx = context(args, data).await?;
    for table in tables {
        table.register(&ctx).await.map_err(|e| match e {
            onecontact_datafusion::Error::DataFusion(e) => query_failed(e),
            other => CliError::Usage(other.to_string()),
        })?;
    }
    let frame = ctx.sql(&args.sql).await.map_err(query_failed)?;
    let schema: SchemaRef = frame.schema().inner().clone();
    let mut stream = frame.execute_stream().await.map_err(query_failed)?;
    let mut sink = Sink::new(args, schema)?;
    while let Some(batch) = stream.next().await {
        sink.write(&batch.map_err(query_failed)?)?;
    }
    sink.finish()?;
    Ok(OK)
}

/// Where the rows go.
enum Sink {
    Table(Vec<RecordBatch>),
    Csv(Box<datafusion::arrow::csv::Writer<BufWriter<io::Stdout>>>),
    Json(LineDelimitedWriter<BufWriter<io::Stdout>>),
    Parquet(ArrowWriter<File>),
}

impl Sink {
    fn new(args: &SqlArgs, schema: SchemaRef) -> Result<Sink, CliError> {
        if let Some(path) = &args.out {
            return parquet_file(path, schema).map(Sink::Parquet);
        }
        if args.format == SqlFormat::Csv
            && let Some(field) = schema.fields().iter().find(|f| f.data_type().is_nested())
        {
            return Err(CliError::Usage(format!(
                "CSV cannot hold the column `{}` ({}): select its fields or elements, \
                 or use --format json or --out FILE.parquet",
                field.name(),
                field.data_type()
            )));
        }
        let stdout = BufWriter::new(io::stdout());
        Ok(match args.format {
            SqlFormat::Table => Sink::Table(Vec::new()),
            SqlFormat::Csv => Sink::Csv(Box::new(
                CsvWriterBuilder::new().with_header(true).build(stdout),
            )),
            SqlFormat::Json => Sink::Json(
                JsonWriterBuilder::new()
                    .with_explicit_nulls(true)
                    .build::<_, LineDelimited>(stdout),
            ),
        })
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<(), CliError> {
        match self {
            Sink::Table(batches) => batches.push(batch.clone()),
            Sink::Csv(w) => w.write(batch).map_err(failed)?,
            Sink::Json(w) => w.write(batch).map_err(failed)?,
            Sink::Parquet(w) => w.write(batch).map_err(failed)?,
        }
        Ok(())
    }

    fn finish(self) -> Result<(), CliError> {
        match self {
            Sink::Table(batches) => {
                let mut out = io::stdout().lock();
                let width = super::sql_text::terminal_width();
                out.write_all(
                    super::sql_text::table(&batches, width)
                        .map_err(failed)?
                        .as_bytes(),
                )?;
                out.flush()?;
            }
            Sink::Csv(w) => w.into_inner().flush()?,
            Sink::Json(mut w) => {
                w.finish().map_err(failed)?;
                w.into_inner().flush()?;
            }
            Sink::Parquet(w) => {
                w.close().map_err(failed)?;
            }
        }
        Ok(())
    }
}

fn parquet_file(path: &Path, schema: SchemaRef) -> Result<ArrowWriter<File>, CliError> {
    let file =
        File::create(path).map_err(|e| failed(format!("cannot create {}: {e}", path.display())))?;
    ArrowWriter::try_new(file, schema, None).map_err(|e| failed(DataFusionError::from(e)))
}
