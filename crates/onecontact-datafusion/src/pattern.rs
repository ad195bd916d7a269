//! `url_pattern_match(pattern, url)` and `url_pattern_group(pattern, url,
//! [component,] name)`: the URL Pattern Standard in SQL, through
//! `onecontact-urlpattern`.
//!
//! A pattern is compiled once per batch and text: a constant pattern once
//! per batch, a column of patterns once per distinct pattern of the batch
//! (up to [`CACHE_LIMIT`] of them; past that the cache starts again).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, BooleanBuilder, LargeStringArray, StringArray, StringViewArray,
    StringViewBuilder,
};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{DataFusionError, Result};
use datafusion::logical_expr::{
    ColumnarValue, DocSection, Documentation, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl,
    Signature, TypeSignature, Volatility,
};
use onecontact_urlpattern::{Component, UrlPattern};

/// The most distinct patterns one batch keeps compiled at once.
pub(crate) const CACHE_LIMIT: usize = 1024;

/// Where `url_pattern_group` without a component looks for the name: the
/// pathname first (where most groups are written, and where a `*` of the
/// pattern is group `0` though unnamed wildcards of the components left out
/// of a pattern string are `0` too), then the others in URL order.
const LOOKUP_ORDER: [Component; 8] = [
    Component::Pathname,
    Component::Protocol,
    Component::Username,
    Component::Password,
    Component::Hostname,
    Component::Port,
    Component::Search,
    Component::Hash,
];

/// Which of the two functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum PatternOutput {
    /// `url_pattern_match`: whether the URL matches.
    Match,
    /// `url_pattern_group`: what one group captured.
    Group,
}

impl PatternOutput {
    /// The SQL function's name.
    fn function_name(self) -> &'static str {
        match self {
            PatternOutput::Match => "url_pattern_match",
            PatternOutput::Group => "url_pattern_group",
        }
    }
}

/// `url_pattern_match` or `url_pattern_group`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct PatternFunction {
    output: PatternOutput,
    signature: Signature,
}

impl PatternFunction {
    pub(crate) fn udf(output: PatternOutput) -> ScalarUDF {
        let signature = match output {
            PatternOutput::Match => Signature::string(2, Volatility::Immutable),
            PatternOutput::Group => Signature::one_of(
                vec![TypeSignature::String(3), TypeSignature::String(4)],
                Volatility::Immutable,
            ),
        };
        ScalarUDF::new_from_impl(PatternFunction { output, signature })
    }
}

/// One string argument: a constant or a column.
enum Strings<'a> {
    Scalar(Option<&'a str>),
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> Strings<'a> {
    fn new(name: &str, value: &'a ColumnarValue) -> Result<Strings<'a>> {
        let wrong = |t: &DataType| {
            DataFusionError::Plan(format!(
                "{name} takes strings (Utf8, LargeUtf8 or Utf8View), not {t}"
            ))
        };
        Ok(match value {
            ColumnarValue::Scalar(s) => {
                Strings::Scalar(s.try_as_str().ok_or_else(|| wrong(&s.data_type()))?)
            }
            ColumnarValue::Array(a) => Strings::of_array(a).ok_or_else(|| wrong(a.data_type()))?,
        })
    }

    fn of_array(array: &'a ArrayRef) -> Option<Strings<'a>> {
        Some(match array.data_type() {
            DataType::Utf8 => Strings::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => Strings::Large(array.as_string::<i64>()),
            DataType::Utf8View => Strings::View(array.as_string_view()),
            _ => return None,
        })
    }

    fn get(&self, row: usize) -> Option<&'a str> {
        fn at<'s>(
            array: &'s dyn Array,
            row: usize,
            value: impl FnOnce() -> &'s str,
        ) -> Option<&'s str> {
            (row < array.len() && array.is_valid(row)).then(value)
        }
        match self {
            Strings::Scalar(s) => *s,
            Strings::Utf8(a) => at(*a, row, || a.value(row)),
            Strings::Large(a) => at(*a, row, || a.value(row)),
            Strings::View(a) => at(*a, row, || a.value(row)),
        }
    }

    fn scalar(&self) -> Option<Option<&'a str>> {
        match self {
            Strings::Scalar(s) => Some(*s),
            _ => None,
        }
    }
}

/// The compiled patterns of one batch.
struct Patterns<'a> {
    name: &'static str,
    /// A constant pattern, compiled up front (its error fails the query).
    constant: Option<UrlPattern>,
    by_text: HashMap<&'a str, Option<UrlPattern>>,
}

impl<'a> Patterns<'a> {
    fn new(name: &'static str, patterns: &Strings<'a>) -> Result<Patterns<'a>> {
        let constant = match patterns.scalar() {
            Some(Some(text)) => Some(UrlPattern::parse(text).map_err(|e| {
                DataFusionError::Execution(format!("{name}: the pattern `{text}` is invalid: {e}"))
            })?),
            _ => None,
        };
        Ok(Patterns {
            name,
            constant,
            by_text: HashMap::new(),
        })
    }

    /// The pattern `text` compiled; `None` when it is invalid (a pattern
    /// column's bad row gives null, not a failed query).
    fn get(&mut self, text: &'a str) -> Option<&UrlPattern> {
        if self.constant.is_some() {
            return self.constant.as_ref();
        }
        if self.by_text.len() >= CACHE_LIMIT && !self.by_text.contains_key(text) {
            self.by_text.clear();
        }
        self.by_text
            .entry(text)
            .or_insert_with(|| UrlPattern::parse(text).ok())
            .as_ref()
    }
}

impl std::fmt::Debug for Patterns<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} patterns ({} cached)", self.name, self.by_text.len())
    }
}

impl ScalarUDFImpl for PatternFunction {
    fn name(&self) -> &str {
        self.output.function_name()
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(match self.output {
            PatternOutput::Match => DataType::Boolean,
            PatternOutput::Group => DataType::Utf8View,
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let name = self.output.function_name();
        let strings = args
            .args
            .iter()
            .map(|a| Strings::new(name, a))
            .collect::<Result<Vec<_>>>()?;
        let rows = args.number_rows;
        let array: ArrayRef = match (self.output, strings.as_slice()) {
            (PatternOutput::Match, [pattern, url]) => {
                let mut patterns = Patterns::new(name, pattern)?;
                let mut out = BooleanBuilder::with_capacity(rows);
                for row in 0..rows {
                    match (pattern.get(row), url.get(row)) {
                        (Some(p), Some(u)) => {
                            out.append_option(patterns.get(p).map(|p| p.test(u)));
                        }
                        _ => out.append_null(),
                    }
                }
                Arc::new(out.finish())
            }
            (PatternOutput::Group, [pattern, url, rest @ ..]) => {
                let (component, group) = match rest {
                    [group] => (None, group),
                    [component, group] => (Some(component), group),
                    _ => return Err(arity(name, strings.len())),
                };
                let mut patterns = Patterns::new(name, pattern)?;
                let constant_component = match component.and_then(Strings::scalar) {
                    Some(Some(text)) => Some(component_named(text)?),
                    _ => None,
                };
                let mut out = StringViewBuilder::with_capacity(rows);
                for row in 0..rows {
                    let (Some(p), Some(u), Some(g)) =
                        (pattern.get(row), url.get(row), group.get(row))
                    else {
                        out.append_null();
                        continue;
                    };
                    let wanted = match (constant_component, component) {
                        (Some(c), _) => Some(Some(c)),
                        (None, None) => Some(None),
                        (None, Some(column)) => column
                            .get(row)
                            .and_then(|text| Component::from_name(text).map(Some)),
                    };
                    let value = wanted.and_then(|wanted| {
                        let matched = patterns.get(p)?.exec(u)?;
                        let mut components = LOOKUP_ORDER.iter().copied();
                        components.find_map(|c| {
                            if wanted.is_some_and(|w| w != c) {
                                return None;
                            }
                            matched.component(c).group(g).map(str::to_owned)
                        })
                    });
                    out.append_option(value);
                }
                Arc::new(out.finish())
            }
            _ => return Err(arity(name, strings.len())),
        };
        // Every argument constant: one row, given back as a constant.
        if strings.iter().all(|s| s.scalar().is_some()) {
            return Ok(ColumnarValue::Scalar(
                datafusion::common::ScalarValue::try_from_array(&array, 0)?,
            ));
        }
        Ok(ColumnarValue::Array(array))
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(match self.output {
            PatternOutput::Match => &MATCH_DOC,
            PatternOutput::Group => &GROUP_DOC,
        })
    }
}

fn arity(name: &str, given: usize) -> DataFusionError {
    DataFusionError::Plan(match name {
        "url_pattern_match" => {
            format!("url_pattern_match(pattern, url) takes two arguments, not {given}")
        }
        _ => format!(
            "url_pattern_group(pattern, url, [component,] name) takes three or four arguments, not {given}"
        ),
    })
}

fn component_named(text: &str) -> Result<Component> {
    Component::from_name(text).ok_or_else(|| {
        DataFusionError::Execution(format!(
            "url_pattern_group: `{text}` is not a component: give protocol, username, password, \
             hostname, port, pathname, search or hash"
        ))
    })
}

static MATCH_DOC: LazyLock<Documentation> = LazyLock::new(|| {
    Documentation::builder(
        DocSection {
            include: true,
            label: "URL Pattern",
            description: Some("The URL Pattern Standard (browsers' URLPattern)"),
        },
        "Whether the URL matches the pattern (a constructor string such as \
         `https://*.example.com/:path*`); false when the URL does not parse, as URLPattern's \
         `test`. Null when either is null; an invalid constant pattern fails the query, an \
         invalid pattern in a column gives null.",
        "url_pattern_match(pattern, url) -> BOOLEAN",
    )
    .with_sql_example(
        "```sql\nSELECT url_pattern_match('https://*.example.com/users/:id', 'https://www.example.com/users/42')\n```",
    )
    .with_argument("pattern", "a URL pattern string that names its protocol")
    .with_argument("url", "the URL to match")
    .build()
});

static GROUP_DOC: LazyLock<Documentation> = LazyLock::new(|| {
    Documentation::builder(
        DocSection {
            include: true,
            label: "URL Pattern",
            description: Some("The URL Pattern Standard (browsers' URLPattern)"),
        },
        "What the group `name` captured when the URL matches the pattern: looked up in the \
         pathname first, then the other components in URL order (protocol first, hash last), \
         or in `component` alone when given. Null when the URL does not match, the group is absent or matched nothing.",
        "url_pattern_group(pattern, url, [component,] name) -> VARCHAR",
    )
    .with_sql_example(
        "```sql\nSELECT url_pattern_group('https://example.com/users/:id', 'https://example.com/users/42', 'id')\n```",
    )
    .with_argument("pattern", "a URL pattern string that names its protocol")
    .with_argument("url", "the URL to match")
    .with_argument(
        "component",
        "optional: protocol, username, password, hostname, port, pathname, search or hash",
    )
    .with_argument("name", "the group's name (`id` for `:id`, `0` for the first `*`)")
    .build()
});
