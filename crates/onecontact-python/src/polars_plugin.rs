//! The polars expression plugin: `pl.col("url").onecontact.key()` and its
//! siblings, run by polars' engine (eager, lazy and streaming) as native code,
//! with no Python call per batch.
//!
//! polars finds a plugin function by name in a shared library and calls it
//! through a C interface of its own (plugin interface version 0.1, spoken by
//! polars from 0.20.6 through the 2.x releases):
//!
//! - `_polars_plugin_get_version() -> u32` answers `major << 16 | minor`;
//!   this module answers 0.1.
//! - `_polars_plugin_field_NAME(fields, n, out, kwargs, kwargs_len)` answers
//!   the output column's type for the input columns' types (Arrow C schemas),
//!   when polars plans the query.
//! - `_polars_plugin_NAME(inputs, n, kwargs, kwargs_len, out, context)`
//!   computes the output column from the input columns, each a
//!   [`SeriesExport`] (a schema and the column's chunks as Arrow C arrays).
//!   The callee owns the inputs: it releases each one.
//! - On failure a function leaves `out` untouched and
//!   `_polars_plugin_get_last_error_message()` gives the reason (the text
//!   `PANIC` for a panic) on the calling thread.
//! - The keyword arguments arrive as a Python pickle (protocol 5) of a dict;
//!   [`kwargs`] reads the small part of the format a dict of names to
//!   `None`, `bool` and `int` uses.
//!
//! The rows are read and answered by the same code as the batch calls
//! ([`crate::batch`]), so a plugin answer equals `onecontact.keys(...)` row
//! for row. Everything here that touches a raw pointer is in this module.

use std::cell::RefCell;
use std::ffi::{CString, c_char, c_void};
use std::mem::ManuallyDrop;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi_and_data_type, to_ffi};
use arrow_array::{ArrayRef, NullArray, make_array};
use arrow_schema::{DataType, Field};
use onecontact::Data;

use crate::batch::{self, Input, Op};
use crate::web::sections;

/// The plugin interface version this module speaks: major 0, minor 1.
pub(crate) const VERSION: (u16, u16) = (0, 1);

/// A column as polars passes it across the plugin interface: its field as
/// an Arrow C schema and its chunks as Arrow C arrays.
#[repr(C)]
pub(crate) struct SeriesExport {
    field: *mut FFI_ArrowSchema,
    arrays: *mut *mut FFI_ArrowArray,
    len: usize,
    release: Option<unsafe extern "C" fn(*mut SeriesExport)>,
    private_data: *mut c_void,
}

/// What polars tells the plugin about the call (bit 0: polars already runs
/// this call in parallel with others).
#[repr(C)]
pub(crate) struct CallerContext {
    bitflags: u64,
}

impl CallerContext {
    fn parallel(&self) -> bool {
        self.bitflags & 1 == 1
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_error(message: &str) {
    // A message never holds a NUL; if one did, it is cut there.
    let text = message.split('\0').next().unwrap_or_default();
    let text = CString::new(text).unwrap_or_default();
    LAST_ERROR.with(|slot| *slot.borrow_mut() = text);
}

/// The plugin interface version, `major << 16 | minor`.
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_version() -> u32 {
    (u32::from(VERSION.0) << 16) | u32::from(VERSION.1)
}

/// The message of the last failure on this thread, valid until the next call
/// on this thread.
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_last_error_message() -> *const c_char {
    LAST_ERROR.with(|slot| slot.borrow().as_ptr())
}

/// The functions this plugin gives polars.
#[derive(Clone, Copy)]
enum Function {
    Key,
    Canonical,
    RegistrableDomain,
    ErrorCode,
    Parse,
    Inspect,
}

impl Function {
    fn name(self) -> &'static str {
        match self {
            Function::Key => "key",
            Function::Canonical => "canonical",
            Function::RegistrableDomain => "registrable_domain",
            Function::ErrorCode => "error_code",
            Function::Parse => "parse",
            Function::Inspect => "inspect",
        }
    }

    /// The Arrow type of the output column.
    fn output_type(self) -> Result<DataType, String> {
        let empty = match self {
            Function::Parse => batch::parts_array(&[]).map_err(|e| e.to_string())?,
            Function::Inspect => batch::inspected_array(&[]).map_err(|e| e.to_string())?,
            _ => batch::text_array(&[]),
        };
        Ok(empty.data_type().clone())
    }

    /// Answers every row of the chunks, in order, as one array.
    fn evaluate(self, chunks: &[ArrayRef], options: &Options) -> Result<ArrayRef, String> {
        let mut inputs = Vec::new();
        batch::arrow_inputs(chunks, &mut inputs).map_err(|e| self.not_strings(&e.0))?;
        let data = Data::baked();
        let threads = options.threads;
        let sections = sections(options.private);
        let text = |op: Op| -> ArrayRef {
            let answers = batch::run(&inputs, threads, |i: Input<'_>| batch::answer(op, &data, i));
            batch::text_array(&answers)
        };
        Ok(match self {
            Function::Key => text(if options.version == 2 {
                Op::KeyV2
            } else {
                Op::Key
            }),
            Function::Canonical => text(Op::Canonical),
            Function::RegistrableDomain => text(Op::RegistrableDomain(sections)),
            Function::ErrorCode => text(Op::ErrorCode),
            Function::Parse => {
                let rows = batch::run(&inputs, threads, |i| batch::parts(&data, sections, i));
                batch::parts_array(&rows).map_err(|e| e.to_string())?
            }
            Function::Inspect => {
                let rows = batch::run(&inputs, threads, |i| batch::inspected(&data, i));
                batch::inspected_array(&rows).map_err(|e| e.to_string())?
            }
        })
    }

    fn not_strings(self, data_type: &DataType) -> String {
        format!(
            "onecontact's {}() takes a column of strings (polars String, Categorical or Enum), \
             not {data_type}; cast it first, e.g. pl.col(...).cast(pl.String)",
            self.name()
        )
    }
}

/// The keyword arguments of a call.
struct Options {
    /// `None` for every core.
    threads: Option<usize>,
    /// Whether the PSL's PRIVATE section is looked up.
    private: bool,
    /// The key version (1 or 2).
    version: u8,
}

impl Options {
    fn read(bytes: &[u8]) -> Result<Options, String> {
        let mut options = Options {
            threads: None,
            private: true,
            version: 1,
        };
        for (name, value) in kwargs::read(bytes)? {
            match (name.as_str(), value) {
                ("threads", kwargs::Value::None) => options.threads = None,
                ("threads", kwargs::Value::Int(n)) if (1..=65_536).contains(&n) => {
                    options.threads = usize::try_from(n).ok();
                }
                ("private", kwargs::Value::Bool(private)) => options.private = private,
                ("version", kwargs::Value::Int(version @ 1..=2)) => {
                    options.version = u8::try_from(version).unwrap_or(1);
                }
                (name, value) => {
                    return Err(format!(
                        "onecontact's polars plugin does not take {name}={value:?}"
                    ));
                }
            }
        }
        Ok(options)
    }
}

/// Runs `f`, turning a panic into the failure polars reads as `PANIC`.
fn guarded(f: impl FnOnce() -> Result<(), String>) -> bool {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => true,
        Ok(Err(message)) => {
            set_error(&message);
            false
        }
        Err(_) => {
            set_error("PANIC");
            false
        }
    }
}

/// The output field for the input fields.
///
/// # Safety
///
/// `fields` points to `n` valid Arrow C schemas (borrowed); `out` is valid
/// for a write; `kwargs` points to `kwargs_len` readable bytes (or is
/// anything when `kwargs_len` is 0).
unsafe fn field(
    function: Function,
    fields: *const FFI_ArrowSchema,
    n: usize,
    out: *mut FFI_ArrowSchema,
    kwargs: *const u8,
    kwargs_len: usize,
) {
    guarded(|| {
        // SAFETY: the caller's contract.
        let kwargs = unsafe { bytes(kwargs, kwargs_len) };
        Options::read(kwargs)?;
        if n != 1 || fields.is_null() || out.is_null() {
            return Err(format!(
                "onecontact's {}() takes one column, not {n}",
                function.name()
            ));
        }
        // SAFETY: `fields` points to one valid schema, borrowed for the call.
        let input = Field::try_from(unsafe { &*fields }).map_err(|e| e.to_string())?;
        if !batch::holds_strings(input.data_type()) {
            return Err(function.not_strings(input.data_type()));
        }
        let output = Field::new(input.name(), function.output_type()?, true);
        let schema = FFI_ArrowSchema::try_from(&output).map_err(|e| e.to_string())?;
        // SAFETY: `out` is valid for a write; what it held is not ours to drop.
        unsafe { out.write(schema) };
        Ok(())
    });
}

/// # Safety
///
/// `data` points to `len` readable bytes, or `len` is 0.
unsafe fn bytes<'a>(data: *const u8, len: usize) -> &'a [u8] {
    if len == 0 || data.is_null() {
        return &[];
    }
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(data, len) }
}

/// Takes one input column: its chunks, owned, and its Arrow type. The input
/// is released (as the interface asks of the callee) whatever happens.
///
/// # Safety
///
/// `export` points to a valid, unreleased [`SeriesExport`].
unsafe fn take_input(export: *mut SeriesExport) -> Result<(String, Vec<ArrayRef>), String> {
    // SAFETY: valid per the caller's contract.
    let series = unsafe { &mut *export };
    let mut owned = Vec::with_capacity(series.len);
    if !series.arrays.is_null() {
        for index in 0..series.len {
            // SAFETY: `arrays` holds `len` pointers to valid Arrow C arrays;
            // `from_raw` moves each out, leaving a released one behind.
            let array = unsafe { FFI_ArrowArray::from_raw(*series.arrays.add(index)) };
            owned.push(array);
        }
    }
    let field = if series.field.is_null() {
        Err("polars passed a column without a schema".to_owned())
    } else {
        // SAFETY: `field` is a valid schema until the release below.
        Field::try_from(unsafe { &*series.field }).map_err(|e| e.to_string())
    };
    if let Some(release) = series.release {
        // SAFETY: polars' own release function for this export, called once.
        unsafe { release(export) };
    }
    let field = field?;
    let chunks = owned
        .into_iter()
        .map(|array| {
            if field.data_type() == &DataType::Null {
                // polars gives a column of nulls a buffer, which the C data
                // interface does not expect (and Arrow refuses): only its
                // length matters.
                return Ok(Arc::new(NullArray::new(array.len())) as ArrayRef);
            }
            // SAFETY: an owned Arrow C array of the column's type.
            let data = unsafe { from_ffi_and_data_type(array, field.data_type().clone()) }
                .map_err(|e| e.to_string())?;
            Ok(make_array(data))
        })
        .collect::<Result<_, String>>()?;
    Ok((field.name().clone(), chunks))
}

/// What an output [`SeriesExport`] owns until polars releases it.
struct Exported {
    schema: Box<FFI_ArrowSchema>,
    arrays: Box<[*mut FFI_ArrowArray]>,
}

/// Releases an output column once polars has imported it: polars has moved
/// the Arrow C arrays out (so only their boxes are freed here) and copied
/// the schema (which is released with its box).
unsafe extern "C" fn release_output(export: *mut SeriesExport) {
    if export.is_null() {
        return;
    }
    // SAFETY: polars passes back the export this module made.
    let series = unsafe { &mut *export };
    if series.private_data.is_null() {
        return;
    }
    // SAFETY: `private_data` is the `Box<Exported>` made by `export_output`.
    let exported = unsafe { Box::from_raw(series.private_data.cast::<Exported>()) };
    for &array in exported.arrays.iter() {
        // SAFETY: each pointer is a `Box<FFI_ArrowArray>` of `export_output`,
        // whose content polars has moved out.
        drop(unsafe { Box::from_raw(array.cast::<ManuallyDrop<FFI_ArrowArray>>()) });
    }
    drop(exported.schema);
    series.private_data = std::ptr::null_mut();
    series.release = None;
}

fn export_output(name: &str, array: &ArrayRef) -> Result<SeriesExport, String> {
    let (ffi_array, _) = to_ffi(&array.to_data()).map_err(|e| e.to_string())?;
    let field = Field::new(name, array.data_type().clone(), true);
    let schema = Box::new(FFI_ArrowSchema::try_from(&field).map_err(|e| e.to_string())?);
    let arrays: Box<[*mut FFI_ArrowArray]> = Box::new([Box::into_raw(Box::new(ffi_array))]);
    let mut exported = Box::new(Exported { schema, arrays });
    let field_ptr: *mut FFI_ArrowSchema = &mut *exported.schema;
    let arrays_ptr = exported.arrays.as_ptr().cast_mut();
    let len = exported.arrays.len();
    Ok(SeriesExport {
        field: field_ptr,
        arrays: arrays_ptr,
        len,
        release: Some(release_output),
        private_data: Box::into_raw(exported).cast::<c_void>(),
    })
}

/// Computes the output column.
///
/// # Safety
///
/// `inputs` points to `n` valid, unreleased [`SeriesExport`]s, which this
/// call releases; `out` is valid for a write; `kwargs` as for [`field`];
/// `context` is null or valid.
unsafe fn call(
    function: Function,
    inputs: *const SeriesExport,
    n: usize,
    kwargs: *const u8,
    kwargs_len: usize,
    out: *mut SeriesExport,
    context: *const CallerContext,
) {
    guarded(|| {
        let mut columns = Vec::with_capacity(n);
        if !inputs.is_null() {
            for index in 0..n {
                // SAFETY: `inputs` holds `n` exports, each taken (and
                // released) once.
                columns.push(unsafe { take_input(inputs.cast_mut().add(index)) });
            }
        }
        // SAFETY: the caller's contract.
        let kwargs = unsafe { bytes(kwargs, kwargs_len) };
        let mut options = Options::read(kwargs)?;
        // SAFETY: null or valid.
        if unsafe { context.as_ref() }.is_some_and(CallerContext::parallel) {
            // polars already spreads the work over its threads.
            options.threads = Some(1);
        }
        let mut columns = columns.into_iter();
        let (Some(chunks), None) = (columns.next(), columns.next()) else {
            return Err(format!(
                "onecontact's {}() takes one column, not {n}",
                function.name()
            ));
        };
        let (name, chunks) = chunks?;
        let array = function.evaluate(&chunks, &options)?;
        let export = export_output(&name, &array)?;
        if out.is_null() {
            return Err("polars passed no place for the output".to_owned());
        }
        // SAFETY: `out` is valid for a write; what it held is not ours to drop.
        unsafe { out.write(export) };
        Ok(())
    });
}

macro_rules! plugin_functions {
    ($($function:expr => $call:ident, $field:ident;)*) => {$(
        /// A polars plugin function (see the module's documentation).
        ///
        /// # Safety
        ///
        /// polars' plugin interface 0.1: `inputs` points to `n` column
        /// exports the call takes over, `out` is writable.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $call(
            inputs: *const SeriesExport,
            n: usize,
            kwargs: *const u8,
            kwargs_len: usize,
            out: *mut SeriesExport,
            context: *const CallerContext,
        ) {
            // SAFETY: the interface's contract, passed on.
            unsafe { call($function, inputs, n, kwargs, kwargs_len, out, context) }
        }

        /// The output field of the plugin function of the same name.
        ///
        /// # Safety
        ///
        /// polars' plugin interface 0.1: `fields` points to `n` schemas,
        /// `out` is writable.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $field(
            fields: *const FFI_ArrowSchema,
            n: usize,
            out: *mut FFI_ArrowSchema,
            kwargs: *const u8,
            kwargs_len: usize,
        ) {
            // SAFETY: the interface's contract, passed on.
            unsafe { field($function, fields, n, out, kwargs, kwargs_len) }
        }
    )*};
}

plugin_functions! {
    Function::Key => _polars_plugin_key, _polars_plugin_field_key;
    Function::Canonical => _polars_plugin_canonical, _polars_plugin_field_canonical;
    Function::RegistrableDomain =>
        _polars_plugin_registrable_domain, _polars_plugin_field_registrable_domain;
    Function::ErrorCode => _polars_plugin_error_code, _polars_plugin_field_error_code;
    Function::Parse => _polars_plugin_parse, _polars_plugin_field_parse;
    Function::Inspect => _polars_plugin_inspect, _polars_plugin_field_inspect;
}

/// Reading the keyword arguments polars passes: a Python pickle (protocol 2
/// to 5) of a flat dict from names to `None`, `True`/`False` or small ints.
pub(crate) mod kwargs {
    /// A keyword argument's value.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub(crate) enum Value {
        None,
        Bool(bool),
        Int(i64),
        Str(String),
    }

    #[derive(Clone)]
    enum Item {
        Mark,
        Dict(Vec<(String, Value)>),
        Value(Value),
    }

    struct Reader<'a> {
        bytes: &'a [u8],
        at: usize,
    }

    impl<'a> Reader<'a> {
        fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
            let end = self.at.checked_add(n).ok_or_else(truncated)?;
            let slice = self.bytes.get(self.at..end).ok_or_else(truncated)?;
            self.at = end;
            Ok(slice)
        }

        fn uint(&mut self, n: usize) -> Result<u64, String> {
            let mut value = 0u64;
            for (shift, byte) in self.take(n)?.iter().enumerate() {
                value |= u64::from(*byte) << (8 * shift);
            }
            Ok(value)
        }

        fn len(&mut self, n: usize) -> Result<usize, String> {
            usize::try_from(self.uint(n)?).map_err(|_| truncated())
        }

        fn text(&mut self, n: usize) -> Result<Value, String> {
            let len = self.len(n)?;
            let bytes = self.take(len)?;
            std::str::from_utf8(bytes)
                .map(|s| Value::Str(s.to_owned()))
                .map_err(|_| "a keyword argument's text is not UTF-8".to_owned())
        }
    }

    fn truncated() -> String {
        "the keyword arguments end early".to_owned()
    }

    fn name(item: Item) -> Result<String, String> {
        match item {
            Item::Value(Value::Str(name)) => Ok(name),
            _ => Err("a keyword argument's name is not a str".to_owned()),
        }
    }

    fn value(item: Item) -> Result<Value, String> {
        match item {
            Item::Value(value) => Ok(value),
            _ => Err("a keyword argument's value is not None, a bool, an int or a str".to_owned()),
        }
    }

    /// The dict's items, in order. Empty bytes are no arguments.
    pub(crate) fn read(bytes: &[u8]) -> Result<Vec<(String, Value)>, String> {
        if bytes.is_empty() {
            return Ok(Vec::new());
        }
        let mut reader = Reader { bytes, at: 0 };
        let mut stack: Vec<Item> = Vec::new();
        let mut memo: Vec<Item> = Vec::new();
        loop {
            let opcode = reader.uint(1)?;
            match opcode {
                // PROTO n, FRAME length
                0x80 => drop(reader.take(1)?),
                0x95 => drop(reader.take(8)?),
                // EMPTY_DICT, MARK, NONE, NEWTRUE, NEWFALSE
                0x7d => stack.push(Item::Dict(Vec::new())),
                0x28 => stack.push(Item::Mark),
                0x4e => stack.push(Item::Value(Value::None)),
                0x88 => stack.push(Item::Value(Value::Bool(true))),
                0x89 => stack.push(Item::Value(Value::Bool(false))),
                // BININT1, BININT2, BININT (signed 32 bits)
                0x4b => stack.push(Item::Value(Value::Int(reader.uint(1)?.cast_signed()))),
                0x4d => stack.push(Item::Value(Value::Int(reader.uint(2)?.cast_signed()))),
                0x4a => {
                    let raw = u32::try_from(reader.uint(4)?).map_err(|_| truncated())?;
                    stack.push(Item::Value(Value::Int(i64::from(raw.cast_signed()))));
                }
                // SHORT_BINUNICODE, BINUNICODE, BINUNICODE8
                0x8c => stack.push(Item::Value(reader.text(1)?)),
                0x58 => stack.push(Item::Value(reader.text(4)?)),
                0x8d => stack.push(Item::Value(reader.text(8)?)),
                // MEMOIZE, BINGET, LONG_BINGET
                0x94 => memo.push(stack.last().cloned().ok_or_else(truncated)?),
                0x68 | 0x6a => {
                    let index = reader.len(if opcode == 0x68 { 1 } else { 4 })?;
                    stack.push(memo.get(index).cloned().ok_or_else(truncated)?);
                }
                // SETITEM, SETITEMS
                0x73 | 0x75 => {
                    let mark = if opcode == 0x73 {
                        stack.len().checked_sub(2).ok_or_else(truncated)?
                    } else {
                        stack
                            .iter()
                            .rposition(|item| matches!(item, Item::Mark))
                            .ok_or_else(truncated)?
                    };
                    let items = stack.split_off(mark);
                    let skip = usize::from(opcode == 0x75);
                    let Some(Item::Dict(dict)) = stack.last_mut() else {
                        return Err("the keyword arguments are not a dict".to_owned());
                    };
                    let mut items = items.into_iter().skip(skip);
                    while let Some(key) = items.next() {
                        let value = items.next().ok_or_else(truncated)?;
                        dict.push((name(key)?, super::kwargs::value(value)?));
                    }
                }
                // STOP
                0x2e => {
                    return match (stack.pop(), stack.is_empty()) {
                        (Some(Item::Dict(dict)), true) => Ok(dict),
                        _ => Err("the keyword arguments are not a dict".to_owned()),
                    };
                }
                other => {
                    return Err(format!(
                        "the keyword arguments use pickle opcode {other:#04x}, which \
                         onecontact's polars plugin does not read"
                    ));
                }
            }
        }
    }
}
