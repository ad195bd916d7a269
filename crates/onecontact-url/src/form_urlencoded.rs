//! `application/x-www-form-urlencoded` parsing and serializing
//! (<https://url.spec.whatwg.org/#concept-urlencoded-parser>,
//! <https://url.spec.whatwg.org/#concept-urlencoded-serializer>).
//!
//! This is the format of HTML form submissions and of what `URLSearchParams`
//! reads from and writes to a URL's query: name-value pairs joined by `&`, a
//! name and its value joined by the first `=`, `+` standing for a space and
//! `%XY` for a byte. Only UTF-8 is supported, the only conforming encoding.
//!
//! - [`parse`] / [`parse_str`] run the Standard's parser and yield decoded
//!   `(name, value)` pairs, borrowing from the input when nothing needed
//!   decoding.
//! - [`raw_pairs`] splits a string into pairs *without* decoding them, with
//!   their byte ranges: the text of each pair as written.
//! - [`decode`] decodes one name or value; [`encode`] / [`encode_into`]
//!   encode one with the form-urlencoded percent-encode set and space as `+`.
//! - [`serialize`] / [`append_pair`] run the Standard's serializer.
//!
//! For editing a query while leaving the pairs you did not touch exactly as
//! they were written, see [`crate::search_params::SearchParams`].
//!
//! ```
//! use onecontact_url::form_urlencoded;
//!
//! let pairs: Vec<_> = form_urlencoded::parse_str("q=caf%C3%A9+au+lait&lang=fr&&flag").collect();
//! assert_eq!(pairs, [("q".into(), "café au lait".into()), ("lang".into(), "fr".into()), ("flag".into(), "".into())]);
//!
//! let text = form_urlencoded::serialize([("q", "café au lait"), ("x", "1+1=2")]);
//! assert_eq!(text, "q=caf%C3%A9+au+lait&x=1%2B1%3D2");
//! ```

use crate::prelude::*;
use alloc::borrow::Cow;
use core::ops::Range;

use crate::gigo::Gigo;
use crate::percent_encoding::{FORM_URLENCODED, hex_value, push_percent_encoded_byte};

/// Decodes one name or value as the form-urlencoded parser does: every `+`
/// becomes a space, then the bytes are percent-decoded and read as UTF-8 with
/// invalid sequences replaced by U+FFFD ("UTF-8 decode without BOM").
///
/// Borrows from `input` when it holds no `+` or `%` and is valid UTF-8.
///
/// ```
/// use onecontact_url::form_urlencoded::decode;
///
/// assert_eq!(decode(b"a+b%2Bc"), "a b+c");
/// assert_eq!(decode(b"%FF%zz"), "\u{FFFD}%zz");
/// assert!(matches!(decode(b"plain"), std::borrow::Cow::Borrowed("plain")));
/// ```
pub fn decode(input: &[u8]) -> Cow<'_, str> {
    let Some(first) = input.iter().position(|&b| b == b'+' || b == b'%') else {
        return String::from_utf8_lossy(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(input.get(..first).unwrap_or_gigo());
    let mut i = first;
    while let Some(&b) = input.get(i) {
        match b {
            b'+' => out.push(b' '),
            b'%' => {
                let hi = input.get(i + 1).copied().and_then(hex_value);
                let lo = input.get(i + 2).copied().and_then(hex_value);
                if let (Some(hi), Some(lo)) = (hi, lo) {
                    out.push(hi << 4 | lo);
                    i += 3;
                    continue;
                }
                out.push(b'%');
            }
            _ => out.push(b),
        }
        i += 1;
    }
    match String::from_utf8(out) {
        Ok(s) => Cow::Owned(s),
        Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// Decodes one name or value given as a string (see [`decode`]); borrows when
/// it holds no `+` or `%`.
///
/// ```
/// use onecontact_url::form_urlencoded::decode_str;
///
/// assert_eq!(decode_str("caf%C3%A9+noir"), "café noir");
/// ```
pub fn decode_str(input: &str) -> Cow<'_, str> {
    if input.bytes().any(|b| b == b'+' || b == b'%') {
        decode(input.as_bytes())
    } else {
        Cow::Borrowed(input)
    }
}

/// Appends `input` encoded for a form-urlencoded name or value: UTF-8
/// percent-encoded with the `application/x-www-form-urlencoded`
/// percent-encode set, except that a space becomes `+`. Only ASCII
/// alphanumerics, `*`, `-`, `.` and `_` are kept as they are.
///
/// ```
/// use onecontact_url::form_urlencoded::encode_into;
///
/// let mut out = String::from("q=");
/// encode_into(&mut out, "a b&c~é");
/// assert_eq!(out, "q=a+b%26c%7E%C3%A9");
/// ```
pub fn encode_into(out: &mut String, input: &str) {
    let bytes = input.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let kept = !FORM_URLENCODED.should_encode(b);
        if kept {
            continue;
        }
        // `start..i` is a run of kept bytes, all ASCII, so on char boundaries.
        if let Some(run) = input.get(start..i) {
            out.push_str(run);
        }
        if b == b' ' {
            out.push('+');
        } else {
            push_percent_encoded_byte(out, b);
        }
        start = i + 1;
    }
    if let Some(run) = input.get(start..) {
        out.push_str(run);
    }
}

/// Encodes one name or value for the form-urlencoded format (see
/// [`encode_into`]); borrows when nothing needs encoding.
///
/// ```
/// use onecontact_url::form_urlencoded::encode;
///
/// assert_eq!(encode("1 + 1 = 2"), "1+%2B+1+%3D+2");
/// assert!(matches!(encode("plain_text-1.0*"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn encode(input: &str) -> Cow<'_, str> {
    if input.bytes().any(|b| FORM_URLENCODED.should_encode(b)) {
        let mut out = String::with_capacity(input.len() + input.len() / 2);
        encode_into(&mut out, input);
        Cow::Owned(out)
    } else {
        Cow::Borrowed(input)
    }
}

/// Appends one pair to a form-urlencoded string being built: a `&` first
/// unless `out` is empty, then the encoded name, `=` and the encoded value
/// (one step of the Standard's serializer).
///
/// ```
/// use onecontact_url::form_urlencoded::append_pair;
///
/// let mut out = String::new();
/// append_pair(&mut out, "a", "1");
/// append_pair(&mut out, "b c", "");
/// assert_eq!(out, "a=1&b+c=");
/// ```
pub fn append_pair(out: &mut String, name: &str, value: &str) {
    if !out.is_empty() {
        out.push('&');
    }
    encode_into(out, name);
    out.push('=');
    encode_into(out, value);
}

/// The Standard's `application/x-www-form-urlencoded` serializer (UTF-8):
/// every pair becomes `name=value`, encoded with [`encode_into`], joined by
/// `&`. An empty list gives the empty string.
///
/// ```
/// use onecontact_url::form_urlencoded::serialize;
///
/// assert_eq!(serialize([("key", "730d67")]), "key=730d67");
/// assert_eq!(serialize([("a", "x y"), ("", "")]), "a=x+y&=");
/// assert_eq!(serialize(Vec::<(String, String)>::new()), "");
/// ```
pub fn serialize<I, N, V>(pairs: I) -> String
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    let mut out = String::new();
    for (name, value) in pairs {
        append_pair(&mut out, name.as_ref(), value.as_ref());
    }
    out
}

/// Runs the Standard's `application/x-www-form-urlencoded` parser on a byte
/// sequence: yields each non-empty `&`-separated piece as a decoded
/// `(name, value)` pair, split at its first `=` (no `=` means an empty value).
///
/// ```
/// use onecontact_url::form_urlencoded::parse;
///
/// let pairs: Vec<_> = parse(b"a=1&b&=c&d==").collect();
/// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "".into()), ("".into(), "c".into()), ("d".into(), "=".into())]);
/// ```
pub fn parse(input: &[u8]) -> Parse<'_> {
    Parse { rest: input }
}

/// Runs the Standard's "urlencoded string parser": [`parse`] on the UTF-8
/// bytes of `input`.
///
/// ```
/// use onecontact_url::form_urlencoded::parse_str;
///
/// let names: Vec<_> = parse_str("x=1&y=2&x=3").map(|(name, _)| name).collect();
/// assert_eq!(names, ["x", "y", "x"]);
/// ```
pub fn parse_str(input: &str) -> Parse<'_> {
    parse(input.as_bytes())
}

/// Iterator returned by [`parse`] and [`parse_str`]: decoded `(name, value)`
/// pairs in input order.
///
/// ```
/// let mut it = onecontact_url::form_urlencoded::parse_str("k=v");
/// assert_eq!(it.next(), Some(("k".into(), "v".into())));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Debug, Clone)]
pub struct Parse<'a> {
    rest: &'a [u8],
}

impl<'a> Parse<'a> {
    /// The same pairs as owned `String`s.
    ///
    /// ```
    /// let pairs: Vec<(String, String)> = onecontact_url::form_urlencoded::parse_str("a=1&b").into_owned().collect();
    /// assert_eq!(pairs, [("a".to_owned(), "1".to_owned()), ("b".to_owned(), String::new())]);
    /// ```
    pub fn into_owned(self) -> impl Iterator<Item = (String, String)> + 'a {
        self.map(|(name, value)| (name.into_owned(), value.into_owned()))
    }
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let (piece, rest) = match self.rest.iter().position(|&b| b == b'&') {
                Some(amp) => (
                    self.rest.get(..amp).unwrap_or_gigo(),
                    self.rest.get(amp + 1..).unwrap_or_gigo(),
                ),
                None => (self.rest, &[][..]),
            };
            self.rest = rest;
            if piece.is_empty() {
                continue;
            }
            let (name, value) = match piece.iter().position(|&b| b == b'=') {
                Some(eq) => (
                    piece.get(..eq).unwrap_or_gigo(),
                    piece.get(eq + 1..).unwrap_or_gigo(),
                ),
                None => (piece, &[][..]),
            };
            return Some((decode(name), decode(value)));
        }
    }
}

/// One pair of a form-urlencoded string as written, before decoding (from
/// [`raw_pairs`]).
///
/// ```
/// use onecontact_url::form_urlencoded::raw_pairs;
///
/// let pair = raw_pairs("x=1&na+me=v%41l").nth(1).unwrap();
/// assert_eq!(pair.text(), "na+me=v%41l");
/// assert_eq!((pair.name(), pair.value()), ("na+me", "v%41l"));
/// assert_eq!(pair.range(), 4..15);
/// assert_eq!((pair.decoded_name(), pair.decoded_value()), ("na me".into(), "vAl".into()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawPair<'a> {
    text: &'a str,
    start: usize,
    name_len: usize,
}

impl<'a> RawPair<'a> {
    /// The whole pair as written (never empty, never containing `&`).
    ///
    /// ```
    /// let pair = onecontact_url::form_urlencoded::raw_pairs("&a+b=%31&").next().unwrap();
    /// assert_eq!(pair.text(), "a+b=%31");
    /// ```
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The name as written: the text before the first `=` (or all of it).
    ///
    /// ```
    /// let pair = onecontact_url::form_urlencoded::raw_pairs("a+b=c=d").next().unwrap();
    /// assert_eq!(pair.name(), "a+b");
    /// ```
    pub fn name(&self) -> &'a str {
        self.text.get(..self.name_len).unwrap_or_gigo()
    }

    /// The value as written: the text after the first `=` (empty without `=`).
    ///
    /// ```
    /// let pair = onecontact_url::form_urlencoded::raw_pairs("a+b=c=d").next().unwrap();
    /// assert_eq!(pair.value(), "c=d");
    /// ```
    pub fn value(&self) -> &'a str {
        self.text.get(self.name_len + 1..).unwrap_or_default()
    }

    /// Whether the pair contains a `=` (`"a"` does not, `"a="` does; both
    /// have an empty value).
    ///
    /// ```
    /// let mut pairs = onecontact_url::form_urlencoded::raw_pairs("a&b=");
    /// assert!(!pairs.next().unwrap().has_equals());
    /// assert!(pairs.next().unwrap().has_equals());
    /// ```
    pub fn has_equals(&self) -> bool {
        self.name_len < self.text.len()
    }

    /// Byte range of [`text`](Self::text) in the string given to [`raw_pairs`].
    ///
    /// ```
    /// let pair = onecontact_url::form_urlencoded::raw_pairs("x&key=v").nth(1).unwrap();
    /// assert_eq!(pair.range(), 2..7);
    /// ```
    pub fn range(&self) -> Range<usize> {
        self.start..self.start + self.text.len()
    }

    /// Byte range of [`name`](Self::name) in the string given to [`raw_pairs`].
    ///
    /// ```
    /// let pair = onecontact_url::form_urlencoded::raw_pairs("x&key=v").nth(1).unwrap();
    /// assert_eq!(pair.name_range(), 2..5);
    /// ```
    pub fn name_range(&self) -> Range<usize> {
        self.start..self.start + self.name_len
    }

    /// Byte range of [`value`](Self::value) in the string given to
    /// [`raw_pairs`] (empty, at the pair's end, when there is no `=`).
    ///
    /// ```
    /// let mut pairs = onecontact_url::form_urlencoded::raw_pairs("x&key=v");
    /// assert_eq!(pairs.next().unwrap().value_range(), 1..1);
    /// assert_eq!(pairs.next().unwrap().value_range(), 6..7);
    /// ```
    pub fn value_range(&self) -> Range<usize> {
        let end = self.start + self.text.len();
        if self.has_equals() {
            self.start + self.name_len + 1..end
        } else {
            end..end
        }
    }

    /// The decoded name (see [`decode_str`]).
    ///
    /// ```
    /// let pair = onecontact_url::form_urlencoded::raw_pairs("caf%C3%A9+cr%C3%A8me=1").next().unwrap();
    /// assert_eq!(pair.decoded_name(), "café crème");
    /// ```
    pub fn decoded_name(&self) -> Cow<'a, str> {
        decode_str(self.name())
    }

    /// The decoded value (see [`decode_str`]).
    ///
    /// ```
    /// let pair = onecontact_url::form_urlencoded::raw_pairs("k=%E2%82%AC+5").next().unwrap();
    /// assert_eq!(pair.decoded_value(), "€ 5");
    /// ```
    pub fn decoded_value(&self) -> Cow<'a, str> {
        decode_str(self.value())
    }
}

/// Splits a form-urlencoded string into its pairs as written, skipping empty
/// pieces exactly as [`parse`] does, so the n-th item here is the n-th pair
/// there undecoded.
///
/// ```
/// use onecontact_url::form_urlencoded::raw_pairs;
///
/// let texts: Vec<_> = raw_pairs("&a=1&&b%20=2&").map(|p| p.text()).collect();
/// assert_eq!(texts, ["a=1", "b%20=2"]);
/// ```
pub fn raw_pairs(input: &str) -> RawPairs<'_> {
    RawPairs { input, pos: 0 }
}

/// Iterator returned by [`raw_pairs`].
///
/// ```
/// assert_eq!(onecontact_url::form_urlencoded::raw_pairs("a&b").count(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct RawPairs<'a> {
    input: &'a str,
    pos: usize,
}

impl<'a> Iterator for RawPairs<'a> {
    type Item = RawPair<'a>;

    fn next(&mut self) -> Option<RawPair<'a>> {
        loop {
            let rest = self.input.get(self.pos..)?;
            if rest.is_empty() {
                return None;
            }
            let start = self.pos;
            let len = rest.find('&').unwrap_or(rest.len());
            self.pos = start + len + 1;
            if len == 0 {
                continue;
            }
            let text = rest.get(..len).unwrap_or_gigo();
            let name_len = text.find('=').unwrap_or(len);
            return Some(RawPair {
                text,
                start,
                name_len,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plus_is_replaced_before_percent_decoding() {
        assert_eq!(decode(b"%2B+"), "+ ");
        assert_eq!(decode(b"%%41%4"), "%A%4");
    }

    #[test]
    fn raw_pairs_match_parse() {
        let input = "=&a==b&&c+d=%zz&é=%C3%A9&";
        let raw: Vec<_> = raw_pairs(input)
            .map(|p| {
                (
                    p.decoded_name().into_owned(),
                    p.decoded_value().into_owned(),
                )
            })
            .collect();
        let parsed: Vec<_> = parse_str(input)
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect();
        assert_eq!(raw, parsed);
    }
}

/// `"%00%01…%FF"`: the percent-encoded form of every byte, three bytes each.
// Evaluated at compile time: an index out of range fails the build.
#[allow(clippy::indexing_slicing)]
const PERCENT_ENCODED: [u8; 768] = {
    let digits = b"0123456789ABCDEF";
    let mut table = [0u8; 768];
    let mut byte = 0;
    while byte < 256 {
        table[byte * 3] = b'%';
        table[byte * 3 + 1] = digits[byte >> 4];
        table[byte * 3 + 2] = digits[byte & 15];
        byte += 1;
    }
    table
};

/// The `url` crate's name for the form-urlencoded byte serializer: encodes
/// `input` as [`encode_into`] does, in pieces (runs of kept bytes, `+` for a
/// space, `%XX` for any other byte). Bytes that are not UTF-8 are
/// percent-encoded one by one.
///
/// ```
/// use onecontact_url::form_urlencoded::byte_serialize;
///
/// assert_eq!(byte_serialize("a b&é".as_bytes()).collect::<String>(), "a+b%26%C3%A9");
/// assert_eq!(byte_serialize(b"\xFF-").collect::<String>(), "%FF-");
/// ```
pub fn byte_serialize(input: &[u8]) -> ByteSerialize<'_> {
    ByteSerialize { bytes: input }
}

/// The pieces of [`byte_serialize`].
#[derive(Debug, Clone)]
pub struct ByteSerialize<'a> {
    bytes: &'a [u8],
}

impl<'a> Iterator for ByteSerialize<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&first, rest) = self.bytes.split_first()?;
        if FORM_URLENCODED.should_encode(first) {
            self.bytes = rest;
            if first == b' ' {
                return Some("+");
            }
            let at = usize::from(first) * 3;
            return PERCENT_ENCODED
                .get(at..at + 3)
                .and_then(|hex| core::str::from_utf8(hex).ok());
        }
        let kept = self
            .bytes
            .iter()
            .position(|&b| FORM_URLENCODED.should_encode(b))
            .unwrap_or(self.bytes.len());
        let (run, rest) = self.bytes.split_at(kept);
        self.bytes = rest;
        // Kept bytes are ASCII.
        core::str::from_utf8(run).ok()
    }
}

/// What a [`Serializer`] writes into (the `url` crate's trait of the same
/// name): a `String` it owns.
pub trait Target {
    /// The string being built.
    fn as_mut_string(&mut self) -> &mut String;
    /// What [`Serializer::finish`] gives back.
    type Finished;
    /// Gives the result; a second [`Serializer::finish`] gets what is left
    /// (for a `String`, the empty string).
    fn finish(&mut self) -> Self::Finished;
}

impl Target for String {
    fn as_mut_string(&mut self) -> &mut String {
        self
    }
    type Finished = String;
    fn finish(&mut self) -> String {
        core::mem::take(self)
    }
}

/// The `url` crate's builder of form-urlencoded strings: pairs appended one
/// by one, each as [`append_pair`] writes it, to what the target holds after
/// `start_position`.
///
/// ```
/// use onecontact_url::form_urlencoded::Serializer;
///
/// let encoded: String = Serializer::new(String::new())
///     .append_pair("foo", "bar & baz")
///     .append_pair("saison", "Été+hiver")
///     .finish();
/// assert_eq!(encoded, "foo=bar+%26+baz&saison=%C3%89t%C3%A9%2Bhiver");
/// ```
pub struct Serializer<'a, T: Target> {
    target: T,
    start_position: usize,
    encoding: EncodingOverride<'a>,
}

/// The `url` crate's encoder hook: turns a name or value into the bytes
/// that are then percent-encoded; `None` is UTF-8, the URL Standard's only
/// encoding for URLs.
pub type EncodingOverride<'a> = Option<&'a dyn Fn(&str) -> Cow<'_, [u8]>>;

impl<T: Target + core::fmt::Debug> core::fmt::Debug for Serializer<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Serializer")
            .field("target", &self.target)
            .field("start_position", &self.start_position)
            .field("encoding_override", &self.encoding.is_some())
            .finish()
    }
}

impl<'a, T: Target> Serializer<'a, T> {
    /// Appends to `target`, treating all of it as the form-urlencoded string.
    pub fn new(target: T) -> Self {
        Self::for_suffix(target, 0)
    }

    /// Appends to `target`, treating what follows `start_position` (a byte
    /// offset; clamped to the string's length) as the form-urlencoded
    /// string: a `&` goes before a pair only when that part is not empty.
    pub fn for_suffix(mut target: T, start_position: usize) -> Self {
        let len = target.as_mut_string().len();
        Serializer {
            target,
            start_position: start_position.min(len),
            encoding: None,
        }
    }

    /// Removes every pair (what follows `start_position`).
    pub fn clear(&mut self) -> &mut Self {
        let start = self.start_position;
        let string = self.target.as_mut_string();
        if string.is_char_boundary(start) {
            string.truncate(start);
        }
        self
    }

    /// Encodes names and values with `new` before percent-encoding them
    /// (`None`: UTF-8), as HTML forms in a legacy encoding do.
    pub fn encoding_override(&mut self, new: EncodingOverride<'a>) -> &mut Self {
        self.encoding = new;
        self
    }

    fn encode(&mut self, text: &str) {
        let string = self.target.as_mut_string();
        match self.encoding {
            None => encode_into(string, text),
            Some(encode) => string.extend(byte_serialize(&encode(text))),
        }
    }

    fn separate(&mut self) {
        let start = self.start_position;
        let string = self.target.as_mut_string();
        if string.len() > start {
            string.push('&');
        }
    }

    /// Appends `name=value`, both form-urlencoded.
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.separate();
        self.encode(name);
        self.target.as_mut_string().push('=');
        self.encode(value);
        self
    }

    /// Appends `name` alone (no `=`), form-urlencoded.
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        self.separate();
        self.encode(name);
        self
    }

    /// Appends every pair.
    pub fn extend_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: core::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in pairs {
            let (name, value) = core::borrow::Borrow::<(K, V)>::borrow(&pair);
            self.append_pair(name.as_ref(), value.as_ref());
        }
        self
    }

    /// Appends every name alone.
    pub fn extend_keys<I, K>(&mut self, names: I) -> &mut Self
    where
        I: IntoIterator<Item = K>,
        K: AsRef<str>,
    {
        for name in names {
            self.append_key_only(name.as_ref());
        }
        self
    }

    /// The result (for a `String` target, the string built).
    pub fn finish(&mut self) -> T::Finished {
        self.target.finish()
    }
}
