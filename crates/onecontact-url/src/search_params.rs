//! `URLSearchParams` semantics over a query string, keeping what you do not
//! edit exactly as it was written.
//!
//! [`SearchParams`] holds the list of name-value pairs of the URL Standard's
//! `URLSearchParams` class (<https://url.spec.whatwg.org/#interface-urlsearchparams>) and implements its methods: `append`,
//! `delete(name, value?)`, `get`, `getAll`, `has(name, value?)`, `set`,
//! `sort`, `size` and the stringifier.
//!
//! # How this differs from the JavaScript API
//!
//! In a browser, any edit through `URLSearchParams` re-serializes **every**
//! pair with the form-urlencoded serializer, so removing one tracking
//! parameter from `?q=a%20b&utm_source=x&t=~` also rewrites `q=a%20b` as
//! `q=a+b` and `t=~` as `t=%7E`. [`SearchParams`] instead remembers each
//! pair's original text:
//!
//! - [`serialize`](SearchParams::serialize) re-emits every untouched pair
//!   byte for byte, and encodes with the form-urlencoded serializer only
//!   pairs added by [`append`](SearchParams::append) /
//!   [`set`](SearchParams::set) (for a pair whose value `set` changed, the
//!   name keeps its original text and only the value is re-encoded). Pairs
//!   are joined by single `&`s: empty pieces such as the middle of `a&&b` are
//!   not pairs and are not kept. Text parsed from a URL's query is already
//!   in query form; text parsed from elsewhere (say `a=b c`) is re-emitted as
//!   it was, and the URL parser percent-encodes what it must when the result
//!   becomes a query.
//! - [`to_standard_string`](SearchParams::to_standard_string) gives the
//!   Standard's stringification: the full form-urlencoded serialization of the
//!   decoded pairs, as `URLSearchParams.toString()` returns it.
//!
//! Lookups (`get`, `has`, `delete`, `set`, `sort`) always compare the
//! *decoded* names and values (`+` is a space, `%XY` a byte, UTF-8 with
//! U+FFFD for invalid sequences), as the Standard's list holds them.
//!
//! ```
//! use onecontact_url::search_params::SearchParams;
//!
//! let mut params = SearchParams::parse("?q=a%20b&utm_source=x&t=~");
//! params.delete("utm_source", None);
//! assert_eq!(params.serialize(), "q=a%20b&t=~");
//! assert_eq!(params.to_standard_string(), "q=a+b&t=%7E");
//! assert_eq!(params.get("q"), Some("a b"));
//! ```

use crate::prelude::*;
use alloc::borrow::Cow;
use core::fmt;
use core::ops::Range;

use crate::form_urlencoded;
use crate::gigo::Gigo;
use onecontact_bytes::cmp_utf16;

/// A name or a value of one pair.
#[derive(Clone)]
enum Part {
    /// Written in the source at this range; decoding leaves it unchanged.
    Plain(Range<usize>),
    /// Written in the source at this range; this is its decoded text.
    Encoded(Range<usize>, Box<str>),
    /// Given through the API (decoded text); has no original text.
    New(Box<str>),
}

impl Part {
    fn from_source(source: &str, range: Range<usize>) -> Part {
        let raw = source.get(range.clone()).unwrap_or_gigo();
        match form_urlencoded::decode_str(raw) {
            Cow::Borrowed(_) => Part::Plain(range),
            Cow::Owned(decoded) => Part::Encoded(range, decoded.into_boxed_str()),
        }
    }

    fn decoded<'a>(&'a self, source: &'a str) -> &'a str {
        match self {
            Part::Plain(range) => source.get(range.clone()).unwrap_or_gigo(),
            Part::Encoded(_, decoded) | Part::New(decoded) => decoded,
        }
    }

    fn raw<'a>(&self, source: &'a str) -> Option<&'a str> {
        match self {
            Part::Plain(range) | Part::Encoded(range, _) => source.get(range.clone()),
            Part::New(_) => None,
        }
    }

    fn range(&self) -> Option<Range<usize>> {
        match self {
            Part::Plain(range) | Part::Encoded(range, _) => Some(range.clone()),
            Part::New(_) => None,
        }
    }
}

/// One name-value pair.
#[derive(Clone)]
struct Pair {
    name: Part,
    value: Part,
    /// Whether the original text had a `=` (`"a"` vs `"a="`).
    equals: bool,
}

impl Pair {
    fn new(name: &str, value: &str) -> Pair {
        Pair {
            name: Part::New(name.into()),
            value: Part::New(value.into()),
            equals: true,
        }
    }

    /// Appends this pair as [`SearchParams::serialize`] emits it.
    fn write_preserving(&self, source: &str, out: &mut String) {
        match self.name.raw(source) {
            Some(raw) => out.push_str(raw),
            None => form_urlencoded::encode_into(out, self.name.decoded(source)),
        }
        match self.value.raw(source) {
            Some(raw) => {
                if self.equals || !raw.is_empty() {
                    out.push('=');
                    out.push_str(raw);
                }
            }
            None => {
                out.push('=');
                form_urlencoded::encode_into(out, self.value.decoded(source));
            }
        }
    }
}

/// The name-value list of a query, with the methods of the URL Standard's
/// `URLSearchParams`, remembering how each untouched pair was written (see the
/// [module documentation](self) for how this differs from the JavaScript API).
///
/// ```
/// use onecontact_url::search_params::SearchParams;
///
/// let mut params = SearchParams::parse("b=2&a=1&b=3");
/// assert_eq!(params.len(), 3);
/// assert_eq!(params.get_all("b").collect::<Vec<_>>(), ["2", "3"]);
/// params.set("b", "4");
/// params.append("c", "x y");
/// params.sort();
/// assert_eq!(params.serialize(), "a=1&b=4&c=x+y");
/// ```
#[derive(Clone, Default)]
pub struct SearchParams {
    /// The text the pairs were parsed from; untouched pairs point into it.
    source: String,
    pairs: Vec<Pair>,
}

impl SearchParams {
    /// An empty list (`new URLSearchParams()`).
    ///
    /// ```
    /// let params = onecontact_url::search_params::SearchParams::new();
    /// assert!(params.is_empty());
    /// assert_eq!(params.serialize(), "");
    /// ```
    pub fn new() -> SearchParams {
        SearchParams::default()
    }

    /// `new URLSearchParams(init)` for a string: drops one leading `?`, then
    /// parses the rest as form-urlencoded.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// assert_eq!(SearchParams::parse("?a=1").get("a"), Some("1"));
    /// assert_eq!(SearchParams::parse("??a=1").get("?a"), Some("1"));
    /// ```
    pub fn parse(init: &str) -> SearchParams {
        SearchParams::from_query(init.strip_prefix('?').unwrap_or(init))
    }

    /// The list a URL's query initializes (`url.searchParams`): parses
    /// `query` (the query *without* the `?` that introduces it) as
    /// form-urlencoded, without dropping a leading `?`.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// // The query of `https://example.com/??a=1` is `?a=1`.
    /// assert_eq!(SearchParams::from_query("?a=1").get("?a"), Some("1"));
    /// ```
    pub fn from_query(query: &str) -> SearchParams {
        // One allocation for the list: at most one pair per `&`-separated piece.
        let pieces = query.bytes().filter(|&b| b == b'&').count() + 1;
        let mut pairs = Vec::with_capacity(pieces);
        pairs.extend(form_urlencoded::raw_pairs(query).map(|raw| Pair {
            name: Part::from_source(query, raw.name_range()),
            value: Part::from_source(query, raw.value_range()),
            equals: raw.has_equals(),
        }));
        SearchParams {
            source: query.to_owned(),
            pairs,
        }
    }

    /// The number of pairs (the `size` getter).
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// assert_eq!(SearchParams::parse("a=1&&a=2&b").len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there are no pairs.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// assert!(SearchParams::parse("?&&").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Appends a pair (`append(name, value)`); it is serialized with the
    /// form-urlencoded serializer.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("a=%7E");
    /// params.append("a", "~");
    /// assert_eq!(params.serialize(), "a=%7E&a=%7E");
    /// assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["~", "~"]);
    /// ```
    pub fn append(&mut self, name: &str, value: &str) {
        self.pairs.push(Pair::new(name, value));
    }

    /// Removes every pair named `name`, or with `Some(value)` only those
    /// whose value is also `value` (`delete(name, value?)`).
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("a=1&b=2&a=3&a=1");
    /// params.delete("a", Some("1"));
    /// assert_eq!(params.serialize(), "b=2&a=3");
    /// params.delete("a", None);
    /// assert_eq!(params.serialize(), "b=2");
    /// ```
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        let source = &self.source;
        self.pairs.retain(|pair| {
            let matches = pair.name.decoded(source) == name
                && value.is_none_or(|v| pair.value.decoded(source) == v);
            !matches
        });
    }

    /// The value of the first pair named `name` (`get(name)`).
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("x=1&na%6De=caf%C3%A9&name=2");
    /// assert_eq!(params.get("name"), Some("café"));
    /// assert_eq!(params.get("y"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|pair| pair.name.decoded(&self.source) == name)
            .map(|pair| pair.value.decoded(&self.source))
    }

    /// The values of all pairs named `name`, in order (`getAll(name)`).
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("t=a&u=b&t=c");
    /// assert_eq!(params.get_all("t").collect::<Vec<_>>(), ["a", "c"]);
    /// assert_eq!(params.get_all("v").count(), 0);
    /// ```
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.pairs
            .iter()
            .filter(move |pair| pair.name.decoded(&self.source) == name)
            .map(|pair| pair.value.decoded(&self.source))
    }

    /// Whether a pair is named `name`, or with `Some(value)` whether a pair
    /// is named `name` and has value `value` (`has(name, value?)`).
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("a=1&b");
    /// assert!(params.has("a", None) && params.has("a", Some("1")));
    /// assert!(!params.has("a", Some("2")));
    /// assert!(params.has("b", Some("")));
    /// ```
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.pairs.iter().any(|pair| {
            pair.name.decoded(&self.source) == name
                && value.is_none_or(|v| pair.value.decoded(&self.source) == v)
        })
    }

    /// Sets the value of the first pair named `name` to `value` and removes
    /// the other pairs with that name, or appends `(name, value)` if there is
    /// none (`set(name, value)`).
    ///
    /// The kept pair keeps its name as written. Its value is re-encoded with
    /// the form-urlencoded serializer, unless it already decodes to `value`,
    /// in which case the pair stays as written.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("Na%6De=old&x=~&name=dup");
    /// params.set("Name", "new value");
    /// assert_eq!(params.serialize(), "Na%6De=new+value&x=~&name=dup");
    /// params.set("x", "~");
    /// assert_eq!(params.serialize(), "Na%6De=new+value&x=~&name=dup");
    /// params.set("y", "1");
    /// assert_eq!(params.serialize(), "Na%6De=new+value&x=~&name=dup&y=1");
    /// ```
    pub fn set(&mut self, name: &str, value: &str) {
        let source = &self.source;
        let Some(first) = self
            .pairs
            .iter()
            .position(|pair| pair.name.decoded(source) == name)
        else {
            self.append(name, value);
            return;
        };
        let mut index = 0;
        self.pairs.retain(|pair| {
            let keep = index <= first || pair.name.decoded(source) != name;
            index += 1;
            keep
        });
        if let Some(pair) = self.pairs.get_mut(first)
            && pair.value.decoded(source) != value
        {
            pair.value = Part::New(value.into());
            pair.equals = true;
        }
    }

    /// Sorts the pairs by name, comparing names by their UTF-16 code units as
    /// the Standard requires (so U+1F600 sorts before U+FFFD); pairs with equal
    /// names keep their order (`sort()`, a stable sort). Pairs stay as written.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("z=b&a=b&z=a&%EF%BF%BD=1&%F0%9F%98%80=2&a=a");
    /// params.sort();
    /// assert_eq!(params.serialize(), "a=b&a=a&z=b&z=a&%F0%9F%98%80=2&%EF%BF%BD=1");
    /// ```
    pub fn sort(&mut self) {
        let source = &self.source;
        self.pairs
            .sort_by(|a, b| cmp_utf16(a.name.decoded(source), b.name.decoded(source)));
    }

    /// Keeps only the pairs for which `keep` returns true, in order; kept
    /// pairs stay as written. Useful to drop families of parameters.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("id=7&utm_source=x&utm_medium=y&lang=nl");
    /// params.retain(|p| !p.name().starts_with("utm_"));
    /// assert_eq!(params.serialize(), "id=7&lang=nl");
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(Param<'_>) -> bool) {
        let source = &self.source;
        self.pairs.retain(|pair| keep(Param { source, pair }));
    }

    /// The decoded `(name, value)` pairs in order (the iterable's value pairs).
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("a=1&b+c=%32");
    /// assert_eq!(params.iter().collect::<Vec<_>>(), [("a", "1"), ("b c", "2")]);
    /// ```
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            source: &self.source,
            pairs: self.pairs.iter(),
        }
    }

    /// The pairs in order as [`Param`]s, which also give the text each pair
    /// was written with.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("Caf%C3%A9=1");
    /// let first = params.params().next().unwrap();
    /// assert_eq!((first.name(), first.raw_name()), ("Café", Some("Caf%C3%A9")));
    /// ```
    pub fn params(&self) -> impl ExactSizeIterator<Item = Param<'_>> + '_ {
        let source = self.source.as_str();
        self.pairs.iter().map(move |pair| Param { source, pair })
    }

    /// The query text with untouched pairs exactly as written and new or
    /// edited pairs form-urlencoded, joined by `&` (see the
    /// [module documentation](self)). Empty when there are no pairs.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("a=%7e&&b=x%20y&c");
    /// assert_eq!(params.serialize(), "a=%7e&b=x%20y&c");
    /// params.append("d", "x y");
    /// assert_eq!(params.serialize(), "a=%7e&b=x%20y&c&d=x+y");
    /// ```
    pub fn serialize(&self) -> String {
        let mut out = String::with_capacity(self.source.len());
        for (i, pair) in self.pairs.iter().enumerate() {
            if i > 0 {
                out.push('&');
            }
            pair.write_preserving(&self.source, &mut out);
        }
        out
    }

    /// The Standard's stringification (`toString()`): every pair, untouched
    /// or not, form-urlencoded from its decoded name and value.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("a=%7e&&b=x%20y&c");
    /// assert_eq!(params.to_standard_string(), "a=%7E&b=x+y&c=");
    /// ```
    pub fn to_standard_string(&self) -> String {
        let mut out = String::with_capacity(self.source.len() + self.source.len() / 4 + 8);
        for (name, value) in self.iter() {
            form_urlencoded::append_pair(&mut out, name, value);
        }
        out
    }
}

impl fmt::Debug for SearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a SearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<N: AsRef<str>, V: AsRef<str>> FromIterator<(N, V)> for SearchParams {
    /// The list built from pairs (`new URLSearchParams([[name, value], …])`);
    /// all of them are new, so they serialize form-urlencoded.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params: SearchParams = [("a", "1 2"), ("b", "~")].into_iter().collect();
    /// assert_eq!(params.serialize(), "a=1+2&b=%7E");
    /// ```
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> SearchParams {
        let mut params = SearchParams::new();
        params.extend(iter);
        params
    }
}

impl<N: AsRef<str>, V: AsRef<str>> Extend<(N, V)> for SearchParams {
    /// Appends every pair, as [`SearchParams::append`] does.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("a=1");
    /// params.extend([("b", "2")]);
    /// assert_eq!(params.serialize(), "a=1&b=2");
    /// ```
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, iter: I) {
        for (name, value) in iter {
            self.append(name.as_ref(), value.as_ref());
        }
    }
}

impl From<&str> for SearchParams {
    /// Same as [`SearchParams::parse`] (drops one leading `?`).
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// assert_eq!(SearchParams::from("?k=v").get("k"), Some("v"));
    /// ```
    fn from(init: &str) -> SearchParams {
        SearchParams::parse(init)
    }
}

/// Iterator over the decoded `(name, value)` pairs, from
/// [`SearchParams::iter`].
///
/// ```
/// use onecontact_url::search_params::SearchParams;
///
/// let params = SearchParams::parse("a=1");
/// let mut it = params.iter();
/// assert_eq!(it.next(), Some(("a", "1")));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone)]
pub struct Iter<'a> {
    source: &'a str,
    pairs: core::slice::Iter<'a, Pair>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let pair = self.pairs.next()?;
        Some((
            pair.name.decoded(self.source),
            pair.value.decoded(self.source),
        ))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pairs.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let pair = self.pairs.next_back()?;
        Some((
            pair.name.decoded(self.source),
            pair.value.decoded(self.source),
        ))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl fmt::Debug for Iter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

/// A view of one pair of a [`SearchParams`]: its decoded name and value, and
/// the text it was written with if it is untouched.
///
/// ```
/// use onecontact_url::search_params::SearchParams;
///
/// let mut params = SearchParams::parse("q=a+b&flag");
/// params.set("q", "c");
/// params.append("n", "1 2");
/// let texts: Vec<_> = params.params().map(|p| (p.raw(), p.serialized())).collect();
/// assert_eq!(texts, [(None, "q=c".into()), (Some("flag"), "flag".into()), (None, "n=1+2".into())]);
/// ```
#[derive(Clone, Copy)]
pub struct Param<'a> {
    source: &'a str,
    pair: &'a Pair,
}

impl<'a> Param<'a> {
    /// The decoded name.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("a+b=1");
    /// assert_eq!(params.params().next().unwrap().name(), "a b");
    /// ```
    pub fn name(&self) -> &'a str {
        self.pair.name.decoded(self.source)
    }

    /// The decoded value.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("a=%31");
    /// assert_eq!(params.params().next().unwrap().value(), "1");
    /// ```
    pub fn value(&self) -> &'a str {
        self.pair.value.decoded(self.source)
    }

    /// The name as written in the parsed text, or `None` for an appended pair.
    /// A pair whose value [`SearchParams::set`] changed keeps its raw name.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("N%41ME=1");
    /// params.set("NAME", "2");
    /// params.append("x", "3");
    /// let names: Vec<_> = params.params().map(|p| p.raw_name()).collect();
    /// assert_eq!(names, [Some("N%41ME"), None]);
    /// ```
    pub fn raw_name(&self) -> Option<&'a str> {
        self.pair.name.raw(self.source)
    }

    /// The value as written (without the `=`), or `None` for an appended
    /// pair or a value changed by [`SearchParams::set`].
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("a=x%20y&b");
    /// let values: Vec<_> = params.params().map(|p| p.raw_value()).collect();
    /// assert_eq!(values, [Some("x%20y"), Some("")]);
    /// ```
    pub fn raw_value(&self) -> Option<&'a str> {
        self.pair.value.raw(self.source)
    }

    /// The whole pair as written, if it is untouched (`None` for an appended
    /// pair or one whose value was changed).
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let params = SearchParams::parse("&a=1=2&");
    /// assert_eq!(params.params().next().unwrap().raw(), Some("a=1=2"));
    /// ```
    pub fn raw(&self) -> Option<&'a str> {
        let name = self.pair.name.range()?;
        let value = self.pair.value.range()?;
        let end = if self.pair.equals {
            value.end
        } else {
            name.end
        };
        self.source.get(name.start..end)
    }

    /// Whether the pair is exactly as it was written (see [`raw`](Self::raw)).
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("a=1");
    /// params.append("b", "2");
    /// let untouched: Vec<_> = params.params().map(|p| p.is_untouched()).collect();
    /// assert_eq!(untouched, [true, false]);
    /// ```
    pub fn is_untouched(&self) -> bool {
        self.raw().is_some()
    }

    /// The text [`SearchParams::serialize`] emits for this pair.
    ///
    /// ```
    /// use onecontact_url::search_params::SearchParams;
    ///
    /// let mut params = SearchParams::parse("a=%7e");
    /// params.append("b", "~");
    /// let texts: Vec<_> = params.params().map(|p| p.serialized()).collect();
    /// assert_eq!(texts, ["a=%7e", "b=%7E"]);
    /// ```
    pub fn serialized(&self) -> Cow<'a, str> {
        match self.raw() {
            Some(raw) => Cow::Borrowed(raw),
            None => {
                let mut out = String::new();
                self.pair.write_preserving(self.source, &mut out);
                Cow::Owned(out)
            }
        }
    }
}

impl fmt::Debug for Param<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Param")
            .field("name", &self.name())
            .field("value", &self.value())
            .field("raw", &self.raw())
            .finish()
    }
}
