//! The scalar UDF: one implementation of DataFusion's `ScalarUDFImpl` for
//! every function, told apart by what it returns.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, AsArray, StructArray};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{DataFusionError, Result};
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature,
    Volatility,
};

use onecontact::Data;

use crate::columns::Column;
use crate::function::{Answer, Needs, address_documentation, address_fields};
use crate::row::Reading;

/// What a function returns: one answer, or all of them as a struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Output {
    One(Answer),
    Address,
}

impl Output {
    fn answers(&self) -> &[Answer] {
        match self {
            Output::One(answer) => std::slice::from_ref(answer),
            Output::Address => &Answer::ALL,
        }
    }
}

/// One of this crate's SQL functions, with the lists it answers with.
#[derive(Debug)]
pub(crate) struct ContactFunction {
    output: Output,
    signature: Signature,
    data: Data,
}

/// Two functions are the same when they give the same output with the same
/// lists.
impl PartialEq for ContactFunction {
    fn eq(&self, other: &ContactFunction) -> bool {
        self.output == other.output
            && self.signature == other.signature
            && self.data.same_as(&other.data)
    }
}

impl Eq for ContactFunction {}

impl std::hash::Hash for ContactFunction {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Equal functions have equal outputs and signatures; the lists are
        // left out of the hash.
        self.output.hash(state);
        self.signature.hash(state);
    }
}

impl ContactFunction {
    pub(crate) fn new(output: Output, data: Data) -> ContactFunction {
        ContactFunction {
            output,
            // One string argument: Utf8, LargeUtf8 or Utf8View; the planner
            // refuses other types (cast them to VARCHAR).
            signature: Signature::string(1, Volatility::Immutable),
            data,
        }
    }

    pub(crate) fn udf(output: Output, data: Data) -> ScalarUDF {
        ScalarUDF::new_from_impl(ContactFunction::new(output, data))
    }

    /// Computes the output columns for `texts`, one row each.
    fn evaluate<'t>(
        &self,
        rows: usize,
        texts: impl Iterator<Item = Option<&'t str>>,
    ) -> Result<(Vec<ArrayRef>, Vec<bool>)> {
        let answers = self.output.answers();
        let needs = answers
            .iter()
            .fold(Needs::default(), |n, a| n.union(a.needs()));
        let want_keys = (
            answers.contains(&Answer::WebKeyV1),
            answers.contains(&Answer::WebKeyV2),
        );
        let mut columns: Vec<Column> = answers.iter().map(|a| Column::new(*a, rows)).collect();
        let mut present = Vec::with_capacity(rows);
        for text in texts {
            match text {
                None => {
                    columns.iter_mut().for_each(Column::append_null);
                    present.push(false);
                }
                Some(text) => {
                    let reading = Reading::new(text, needs, want_keys, &self.data);
                    let row = reading.answers();
                    for (column, answer) in columns.iter_mut().zip(answers) {
                        column.append(*answer, row.value(*answer))?;
                    }
                    present.push(true);
                }
            }
        }
        Ok((columns.iter_mut().map(Column::finish).collect(), present))
    }
}

impl ScalarUDFImpl for ContactFunction {
    fn name(&self) -> &str {
        match self.output {
            Output::One(answer) => answer.function_name(),
            Output::Address => "web_address",
        }
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(match self.output {
            Output::One(answer) => answer.data_type(),
            Output::Address => DataType::Struct(address_fields()),
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let arrays = ColumnarValue::values_to_arrays(&args.args)?;
        let [input] = arrays.as_slice() else {
            return Err(DataFusionError::Plan(format!(
                "{}(text) takes one argument, not {}",
                self.name(),
                arrays.len()
            )));
        };
        let rows = input.len();
        let (mut columns, present) = match input.data_type() {
            DataType::Utf8 => self.evaluate(rows, input.as_string::<i32>().iter()),
            DataType::LargeUtf8 => self.evaluate(rows, input.as_string::<i64>().iter()),
            DataType::Utf8View => self.evaluate(rows, input.as_string_view().iter()),
            other => Err(DataFusionError::Plan(format!(
                "{}(text) takes a string (Utf8, LargeUtf8 or Utf8View), not {other}",
                self.name()
            ))),
        }?;
        let array: ArrayRef = match self.output {
            Output::One(_) => match columns.pop() {
                Some(column) if columns.is_empty() => column,
                _ => {
                    return Err(DataFusionError::Internal(format!(
                        "{} built the wrong number of columns",
                        self.name()
                    )));
                }
            },
            Output::Address => Arc::new(StructArray::try_new(
                address_fields(),
                columns,
                Some(present.into()),
            )?),
        };
        Ok(ColumnarValue::Array(array))
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(match self.output {
            Output::One(answer) => answer.documentation(),
            Output::Address => address_documentation(),
        })
    }
}
