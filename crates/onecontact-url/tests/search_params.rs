//! `SearchParams`: every `URLSearchParams` method against the URL Standard's
//! steps, the raw-preserving serialization, and a model-based property test
//! that runs random edits against a literal implementation of the Standard's
//! list.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_url::form_urlencoded;
use onecontact_url::search_params::SearchParams;
use proptest::prelude::*;

fn list(params: &SearchParams) -> Vec<(String, String)> {
    params
        .iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|&(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

#[test]
fn constructor_strips_one_question_mark_and_parses() {
    assert_eq!(list(&SearchParams::parse("")), pairs(&[]));
    assert_eq!(list(&SearchParams::parse("?")), pairs(&[]));
    assert_eq!(list(&SearchParams::parse("?a=b")), pairs(&[("a", "b")]));
    assert_eq!(list(&SearchParams::parse("??a=b")), pairs(&[("?a", "b")]));
    assert_eq!(
        list(&SearchParams::from_query("?a=b")),
        pairs(&[("?a", "b")])
    );
    assert_eq!(
        list(&SearchParams::parse("a=b+c&d%20e=%zz&&f")),
        pairs(&[("a", "b c"), ("d e", "%zz"), ("f", "")])
    );
    assert_eq!(
        list(&SearchParams::parse("%FE%FF")),
        pairs(&[("\u{FFFD}\u{FFFD}", "")])
    );
    assert_eq!(SearchParams::parse("a&b&c").len(), 3);
}

#[test]
fn from_pairs_and_extend_create_new_pairs() {
    let params: SearchParams = [("a", "b c"), ("", "~"), ("\u{0}", "\u{1F600}")]
        .into_iter()
        .collect();
    assert_eq!(params.len(), 3);
    assert_eq!(params.serialize(), "a=b+c&=%7E&%00=%F0%9F%98%80");
    assert_eq!(params.serialize(), params.to_standard_string());
    assert!(params.params().all(|p| !p.is_untouched()));
}

#[test]
fn append_adds_at_the_end_even_for_existing_names() {
    let mut params = SearchParams::parse("a=b");
    params.append("a", "c");
    params.append("", "");
    params.append("x y", "1&2");
    assert_eq!(
        list(&params),
        pairs(&[("a", "b"), ("a", "c"), ("", ""), ("x y", "1&2")])
    );
    assert_eq!(params.serialize(), "a=b&a=c&=&x+y=1%262");
}

#[test]
fn delete_by_name_and_by_name_and_value() {
    let mut params = SearchParams::parse("a=b&c=d&a=e&a=b&f");
    params.delete("a", Some("b"));
    assert_eq!(params.serialize(), "c=d&a=e&f");
    params.delete("a", Some("zzz"));
    assert_eq!(params.serialize(), "c=d&a=e&f");
    params.delete("f", Some(""));
    assert_eq!(params.serialize(), "c=d&a=e");
    params.delete("a", None);
    assert_eq!(params.serialize(), "c=d");
    params.delete("c", None);
    assert!(params.is_empty());
    assert_eq!(params.serialize(), "");
    // Names compare decoded.
    let mut params = SearchParams::parse("a+b=1&a%20b=2&a%2Bb=3");
    params.delete("a b", None);
    assert_eq!(params.serialize(), "a%2Bb=3");
}

#[test]
fn get_get_all_has() {
    let params = SearchParams::parse("a=b&c=d&a=e&=f&g&h=%E2%80%BD");
    assert_eq!(params.get("a"), Some("b"));
    assert_eq!(params.get("c"), Some("d"));
    assert_eq!(params.get(""), Some("f"));
    assert_eq!(params.get("g"), Some(""));
    assert_eq!(params.get("h"), Some("\u{203D}"));
    assert_eq!(params.get("missing"), None);
    assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["b", "e"]);
    assert_eq!(params.get_all("missing").count(), 0);
    assert!(params.has("a", None));
    assert!(params.has("a", Some("e")));
    assert!(!params.has("a", Some("d")));
    assert!(params.has("g", Some("")));
    assert!(!params.has("A", None));
    assert!(!params.has("missing", None));
}

#[test]
fn set_replaces_the_first_and_removes_the_rest() {
    let mut params = SearchParams::parse("a=b&c=d&a=e&x=%7e");
    params.set("a", "B");
    assert_eq!(list(&params), pairs(&[("a", "B"), ("c", "d"), ("x", "~")]));
    assert_eq!(params.serialize(), "a=B&c=d&x=%7e");
    params.set("new", "v w");
    assert_eq!(params.serialize(), "a=B&c=d&x=%7e&new=v+w");
    // Same decoded value: the pair stays as written.
    params.set("x", "~");
    assert_eq!(params.serialize(), "a=B&c=d&x=%7e&new=v+w");
    // A pair without `=` gets one when its value changes.
    let mut params = SearchParams::parse("flag&k");
    params.set("flag", "1");
    params.set("k", "");
    assert_eq!(params.serialize(), "flag=1&k");
    assert_eq!(params.to_standard_string(), "flag=1&k=");
}

#[test]
fn sort_is_stable_and_by_utf16_code_units() {
    // Cases worked out from the Standard's "code unit less than".
    let cases: &[(&str, &[(&str, &str)])] = &[
        (
            "z=b&a=b&z=a&a=a",
            &[("a", "b"), ("a", "a"), ("z", "b"), ("z", "a")],
        ),
        (
            "\u{FFFD}=x&\u{FFFC}&\u{FFFD}=a",
            &[("\u{FFFC}", ""), ("\u{FFFD}", "x"), ("\u{FFFD}", "a")],
        ),
        // U+FB03 (one code unit, 0xFB03) sorts after U+1F308 (0xD83C 0xDF08).
        ("\u{FB03}&\u{1F308}", &[("\u{1F308}", ""), ("\u{FB03}", "")]),
        (
            "\u{E9}&e\u{FFFD}&e\u{301}",
            &[("e\u{301}", ""), ("e\u{FFFD}", ""), ("\u{E9}", "")],
        ),
        (
            "z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
            &[
                ("a", "a"),
                ("a", "b"),
                ("a", "c"),
                ("a", "d"),
                ("a", "e"),
                ("a", "f"),
                ("a", "g"),
                ("z", "z"),
                ("z", "y"),
                ("z", "x"),
                ("z", "w"),
                ("z", "v"),
                ("z", "u"),
                ("z", "t"),
            ],
        ),
        (
            "bbb&bb&aaa&aa=x&aa=y",
            &[
                ("aa", "x"),
                ("aa", "y"),
                ("aaa", ""),
                ("bb", ""),
                ("bbb", ""),
            ],
        ),
        (
            "z=z&=f&=t&=x",
            &[("", "f"), ("", "t"), ("", "x"), ("z", "z")],
        ),
        (
            "a\u{1F308}&a\u{1F4A9}",
            &[("a\u{1F308}", ""), ("a\u{1F4A9}", "")],
        ),
    ];
    for (input, expected) in cases {
        let mut params = SearchParams::parse(input);
        params.sort();
        assert_eq!(list(&params), pairs(expected), "sorting {input:?}");
    }
    // U+FFFD vs U+1F600: code point order puts U+FFFD first, UTF-16 order
    // (0xFFFD vs 0xD83D) puts U+1F600 first.
    let mut params = SearchParams::parse("%EF%BF%BD=1&%F0%9F%98%80=2&%EF%BF%BD=3");
    params.sort();
    assert_eq!(
        list(&params),
        pairs(&[("\u{1F600}", "2"), ("\u{FFFD}", "1"), ("\u{FFFD}", "3")])
    );
    assert_eq!(params.serialize(), "%F0%9F%98%80=2&%EF%BF%BD=1&%EF%BF%BD=3");
}

#[test]
fn sort_keeps_every_pair_as_written() {
    let mut params =
        SearchParams::parse("q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88&key=e1f7bc78&b=x%20y");
    params.sort();
    assert_eq!(
        params.serialize(),
        "b=x%20y&key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
    assert_eq!(
        params.to_standard_string(),
        "b=x+y&key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
}

#[test]
fn standard_string_re_serializes_everything() {
    let params = SearchParams::parse("a=b ~&c=%7E&d&e=%zz");
    assert_eq!(params.serialize(), "a=b ~&c=%7E&d&e=%zz");
    assert_eq!(params.to_standard_string(), "a=b+%7E&c=%7E&d=&e=%25zz");
}

#[test]
fn raw_text_of_each_pair() {
    let mut params = SearchParams::parse("N%41ME=v%20al&plain&x=1=2");
    params.set("x", "3");
    params.append("new", "n");
    let rows: Vec<_> = params
        .params()
        .map(|p| (p.name(), p.value(), p.raw_name(), p.raw_value(), p.raw()))
        .collect();
    assert_eq!(
        rows,
        [
            (
                "NAME",
                "v al",
                Some("N%41ME"),
                Some("v%20al"),
                Some("N%41ME=v%20al")
            ),
            ("plain", "", Some("plain"), Some(""), Some("plain")),
            ("x", "3", Some("x"), None, None),
            ("new", "n", None, None, None),
        ]
    );
    let serialized: Vec<_> = params
        .params()
        .map(|p| p.serialized().into_owned())
        .collect();
    assert_eq!(serialized.join("&"), params.serialize());
}

#[test]
fn retain_filters_without_touching_the_rest() {
    let mut params = SearchParams::parse("utm_source=a&id=%41&fbclid=z&utm_medium=b&q=x+y");
    params.retain(|p| !(p.name().starts_with("utm_") || p.name() == "fbclid"));
    assert_eq!(params.serialize(), "id=%41&q=x+y");
}

#[test]
fn debug_lists_decoded_pairs() {
    let params = SearchParams::parse("a=1&b+c");
    assert_eq!(format!("{params:?}"), r#"[("a", "1"), ("b c", "")]"#);
}

/// The Standard's list, implemented literally.
#[derive(Debug, Clone, Default)]
struct Model(Vec<(String, String)>);

impl Model {
    fn apply(&mut self, op: &Op) {
        let list = &mut self.0;
        match op {
            Op::Append(n, v) => list.push((n.clone(), v.clone())),
            Op::Delete(n, None) => list.retain(|(name, _)| name != n),
            Op::Delete(n, Some(v)) => list.retain(|(name, value)| !(name == n && value == v)),
            Op::Set(n, v) => match list.iter().position(|(name, _)| name == n) {
                Some(first) => {
                    list[first].1 = v.clone();
                    let mut i = 0;
                    list.retain(|(name, _)| {
                        let keep = i <= first || name != n;
                        i += 1;
                        keep
                    });
                }
                None => list.push((n.clone(), v.clone())),
            },
            Op::Sort => {
                // Stable sort on UTF-16 code units.
                list.sort_by_key(|(name, _)| name.encode_utf16().collect::<Vec<u16>>());
            }
        }
    }
}

#[derive(Debug, Clone)]
enum Op {
    Append(String, String),
    Delete(String, Option<String>),
    Set(String, String),
    Sort,
}

fn apply(params: &mut SearchParams, op: &Op) {
    match op {
        Op::Append(n, v) => params.append(n, v),
        Op::Delete(n, v) => params.delete(n, v.as_deref()),
        Op::Set(n, v) => params.set(n, v),
        Op::Sort => params.sort(),
    }
}

/// Short names and values from a small alphabet, so they collide often and
/// include code points on both sides of the UTF-16/code point order split.
fn word() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[ab +~\u{FFFD}\u{1F600}]{0,3}").unwrap()
}

fn query() -> impl Strategy<Value = String> {
    proptest::string::string_regex(
        "([ab+~ ]|%20|%2B|%7e|%EF%BF%BD|%F0%9F%98%80|\u{FFFD}|\u{1F600}|=|&|%zz){0,16}",
    )
    .unwrap()
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (word(), word()).prop_map(|(n, v)| Op::Append(n, v)),
        (word(), proptest::option::of(word())).prop_map(|(n, v)| Op::Delete(n, v)),
        (word(), word()).prop_map(|(n, v)| Op::Set(n, v)),
        Just(Op::Sort),
    ]
}

fn decoded(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse_str(query)
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect()
}

proptest! {
    #[test]
    fn untouched_serialization_is_the_input_without_empty_pieces(q in query()) {
        let params = SearchParams::from_query(&q);
        let expected: Vec<&str> = q.split('&').filter(|p| !p.is_empty()).collect();
        prop_assert_eq!(params.serialize(), expected.join("&"));
        prop_assert_eq!(list(&params), decoded(&q));
        prop_assert_eq!(params.to_standard_string(), form_urlencoded::serialize(decoded(&q)));
    }

    #[test]
    fn random_edits_follow_the_standard(q in query(), ops in proptest::collection::vec(op(), 0..12)) {
        let mut params = SearchParams::from_query(&q);
        let mut model = Model(decoded(&q));
        for op in &ops {
            apply(&mut params, op);
            model.apply(op);
            prop_assert_eq!(list(&params), model.0.clone(), "after {:?}", op);
        }
        prop_assert_eq!(params.len(), model.0.len());
        // The raw-preserving text parses back to the same list.
        prop_assert_eq!(decoded(&params.serialize()), model.0.clone());
        prop_assert_eq!(params.to_standard_string(), form_urlencoded::serialize(model.0.iter().map(|(n, v)| (n, v))));
        for (name, _) in &model.0 {
            let first = model.0.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
            prop_assert_eq!(params.get(name), first);
            let all: Vec<&str> = model.0.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect();
            prop_assert_eq!(params.get_all(name).collect::<Vec<_>>(), all);
            prop_assert!(params.has(name, None));
        }
    }

    #[test]
    fn deleting_leaves_other_pairs_byte_for_byte(q in query(), victim in word()) {
        let mut params = SearchParams::from_query(&q);
        let kept: Vec<String> = params
            .params()
            .filter(|p| p.name() != victim)
            .map(|p| p.raw().unwrap().to_owned())
            .collect();
        params.delete(&victim, None);
        prop_assert_eq!(params.serialize(), kept.join("&"));
    }

    #[test]
    fn sorting_permutes_the_raw_pairs(q in query()) {
        let mut params = SearchParams::from_query(&q);
        let mut before: Vec<(Vec<u16>, usize, String)> = params
            .params()
            .enumerate()
            .map(|(i, p)| (p.name().encode_utf16().collect(), i, p.raw().unwrap().to_owned()))
            .collect();
        before.sort();
        params.sort();
        let after: Vec<String> = params.params().map(|p| p.raw().unwrap().to_owned()).collect();
        let expected: Vec<String> = before.into_iter().map(|(_, _, raw)| raw).collect();
        prop_assert_eq!(after, expected);
    }

    #[test]
    fn setting_one_name_leaves_the_others_as_written(q in query(), name in word(), value in word()) {
        let mut params = SearchParams::from_query(&q);
        let others: Vec<String> = params
            .params()
            .filter(|p| p.name() != name)
            .map(|p| p.raw().unwrap().to_owned())
            .collect();
        params.set(&name, &value);
        let after: Vec<String> = params
            .params()
            .filter(|p| p.name() != name)
            .map(|p| p.raw().unwrap().to_owned())
            .collect();
        prop_assert_eq!(after, others);
        prop_assert_eq!(params.get(&name), Some(value.as_str()));
    }
}

// --- Url::search_params / Url::set_search_params ---------------------------

fn url(text: &str) -> onecontact_url::Url {
    onecontact_url::Url::parse(text).unwrap()
}

#[test]
fn url_search_params_reads_the_query_without_dropping_a_leading_question_mark() {
    let u = url("https://example.com/??a=1&b=%20");
    let params = u.search_params();
    assert_eq!(list(&params), pairs(&[("?a", "1"), ("b", " ")]));
    assert!(url("https://example.com/").search_params().is_empty());
}

#[test]
fn set_search_params_round_trips_untouched_pairs_byte_for_byte() {
    for text in [
        "https://example.com/??a=1",
        "https://example.com/p?q=a%20b&t=~&x",
        "https://example.com/p?&&a=1&&#frag",
        "mailto:someone@example.com?subject=hi%20there",
    ] {
        let mut u = url(text);
        let before_query = u.query().map(str::to_owned);
        let params = u.search_params();
        u.set_search_params(&params).unwrap();
        u.check_invariants().unwrap();
        // Empty pieces between `&`s are not pairs, so they are not kept;
        // everything else is unchanged.
        let expected = before_query.map(|q| {
            q.split('&')
                .filter(|p| !p.is_empty())
                .collect::<Vec<_>>()
                .join("&")
        });
        let expected = expected.filter(|q| !q.is_empty());
        assert_eq!(u.query().map(str::to_owned), expected, "{text}");
    }
}

#[test]
fn set_search_params_with_an_empty_list_removes_the_query() {
    let mut u = url("https://example.com/p?utm_source=x#top");
    let mut params = u.search_params();
    params.delete("utm_source", None);
    u.set_search_params(&params).unwrap();
    u.check_invariants().unwrap();
    assert_eq!(u.as_str(), "https://example.com/p#top");

    let mut opaque = url("data:text ?a=1");
    let mut params = opaque.search_params();
    params.delete("a", None);
    opaque.set_search_params(&params).unwrap();
    opaque.check_invariants().unwrap();
    // The opaque-path state writes a space before `?` as `%20`, so there is
    // no trailing space left to strip.
    assert_eq!(opaque.as_str(), "data:text%20");
}

#[test]
fn set_search_params_encodes_new_pairs_with_the_form_serializer() {
    let mut u = url("https://example.com/?keep=%7E");
    let mut params = u.search_params();
    params.append("q", "café & crème");
    u.set_search_params(&params).unwrap();
    u.check_invariants().unwrap();
    assert_eq!(u.query(), Some("keep=%7E&q=caf%C3%A9+%26+cr%C3%A8me"));
    assert_eq!(u.search_params().get("q"), Some("café & crème"));
}
