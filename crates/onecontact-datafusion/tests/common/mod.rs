//! What the DataFusion crate's test suites share: a context with one
//! in-memory table `t`, query results as text.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    dead_code
)]

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, RecordBatch};
use datafusion::arrow::datatypes::SchemaRef;
use datafusion::arrow::util::display::{ArrayFormatter, FormatOptions};
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;

/// A context with this crate's functions and the table `t` of one batch.
pub fn context_with_table(schema: SchemaRef, batch: RecordBatch) -> SessionContext {
    let ctx = SessionContext::new();
    onecontact_datafusion::register(&ctx);
    ctx.register_table(
        "t",
        Arc::new(MemTable::try_new(schema, vec![vec![batch]]).unwrap()),
    )
    .unwrap();
    ctx
}

/// Each value of `array` as text, `NULL` for null.
pub fn texts(array: &dyn Array) -> Vec<String> {
    let options = FormatOptions::default().with_null("NULL");
    let formatter = ArrayFormatter::try_new(array, &options).unwrap();
    (0..array.len())
        .map(|i| formatter.value(i).to_string())
        .collect()
}

/// Runs `sql` and returns its columns, concatenated over batches.
pub async fn columns(ctx: &SessionContext, sql: &str) -> Vec<ArrayRef> {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let schema = batches[0].schema();
    let batch = datafusion::arrow::compute::concat_batches(&schema, &batches).unwrap();
    batch.columns().to_vec()
}

/// The error of running `sql`, as text (planning or execution).
pub async fn error(ctx: &SessionContext, sql: &str) -> String {
    match ctx.sql(sql).await {
        Err(e) => e.to_string(),
        Ok(frame) => frame.collect().await.unwrap_err().to_string(),
    }
}
