//! Arrow builders for the answers: one per output column, appended to row by
//! row, so the only allocations are the builders' own buffers.

use std::sync::Arc;

use datafusion::arrow::array::{
    ArrayRef, BooleanBuilder, ListBuilder, StringViewBuilder, UInt16Builder,
};
use datafusion::common::{DataFusionError, Result};

use crate::function::{Answer, Shape, list_item};
use crate::row::Value;

/// The builder of one answer's column.
#[derive(Debug)]
pub(crate) enum Column {
    Boolean(BooleanBuilder),
    Port(UInt16Builder),
    Text(StringViewBuilder),
    TextList(ListBuilder<StringViewBuilder>),
}

impl Column {
    pub(crate) fn new(answer: Answer, rows: usize) -> Column {
        match answer.shape() {
            Shape::Boolean => Column::Boolean(BooleanBuilder::with_capacity(rows)),
            Shape::Port => Column::Port(UInt16Builder::with_capacity(rows)),
            Shape::Text => Column::Text(StringViewBuilder::with_capacity(rows)),
            Shape::TextList => Column::TextList(
                ListBuilder::with_capacity(StringViewBuilder::new(), rows)
                    .with_field(Arc::new(list_item())),
            ),
        }
    }

    pub(crate) fn append_null(&mut self) {
        match self {
            Column::Boolean(b) => b.append_null(),
            Column::Port(b) => b.append_null(),
            Column::Text(b) => b.append_null(),
            Column::TextList(b) => b.append_null(),
        }
    }

    /// Appends one row's value; a value of another shape than the column's
    /// is an internal error (the catalogue and the reading disagree).
    pub(crate) fn append(&mut self, answer: Answer, value: Value<'_>) -> Result<()> {
        match (self, value) {
            (column, Value::Null) => column.append_null(),
            (Column::Boolean(b), Value::Boolean(v)) => b.append_value(v),
            (Column::Port(b), Value::Port(v)) => b.append_value(v),
            (Column::Text(b), Value::Text(v)) => b.append_value(v),
            (Column::TextList(b), Value::Names(names)) => {
                names.for_each(|name| b.values().append_value(name));
                b.append(true);
            }
            (_, value) => {
                return Err(DataFusionError::Internal(format!(
                    "onecontact: {} produced {value:?}, which its column cannot hold",
                    answer.function_name()
                )));
            }
        }
        Ok(())
    }

    pub(crate) fn finish(&mut self) -> ArrayRef {
        match self {
            Column::Boolean(b) => Arc::new(b.finish()),
            Column::Port(b) => Arc::new(b.finish()),
            Column::Text(b) => Arc::new(b.finish()),
            Column::TextList(b) => Arc::new(b.finish()),
        }
    }
}
