//! `onecontact sql`: one SQL statement over files, with onecontact's
//! functions, on this machine or on a Ballista cluster.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use datafusion::arrow::csv::WriterBuilder as CsvWriterBuilder;
use datafusion::arrow::datatypes::SchemaRef;
use datafusion::arrow::json::LineDelimitedWriter;
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
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

/// Runs `onecontact sql`.
pub fn run(args: &SqlArgs, data: &onecontact::Data) -> Result<u8, CliError> {
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
        table.register(&ctx).await.map_err(failed)?;
    }
    let frame = ctx.sql(&args.sql).await.map_err(failed)?;
    let schema: SchemaRef = frame.schema().inner().clone();
    let mut stream = frame.execute_stream().await.map_err(failed)?;
    let mut sink = Sink::new(args, schema)?;
    while let Some(batch) = stream.next().await {
        sink.write(&batch.map_err(failed)?)?;
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
            SqlFormat::Json => Sink::Json(LineDelimitedWriter::new(stdout)),
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
                writeln!(out, "{}", pretty_format_batches(&batches).map_err(failed)?)?;
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
