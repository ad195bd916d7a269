//! URL parsing, side by side: `onecontact-url`, `ada-url` 4.0.0 (C++ ada via
//! FFI) and `url` 2.5.8 (labelled `rust-url`), single thread, same inputs,
//! same run.
//!
//! Run: `cargo bench -p onecontact-bench --bench url`
//! (environment: see the harness docs, `BENCH_ROUNDS`, `BENCH_FILTER`,
//! `BENCH_ONCE`).
//!
//! Sections:
//! 1. memory: `size_of` of each URL type;
//! 2. parse + read `href` over the URL lists in `../shared/bench-data` and the
//!    WPT `urltestdata.json` inputs (each with its base, parsed every time, as
//!    ada's `parse(input, Some(base))` does) — ns/URL, MB/s, allocations per
//!    URL, ratios;
//! 3. `can_parse` without building a URL (ours and ada; rust-url has no
//!    `can_parse`, its row is `parse(..).is_ok()` for reference);
//! 4. query strings (the queries of the four lists): decoding every pair
//!    (ours vs rust-url's `form_urlencoded`), and parse + `sort` + stringify
//!    (ours, ada's `UrlSearchParams`, rust-url pairs sorted by UTF-16 names);
//!    plus our raw-preserving `serialize` for reference;
//! 5. linearity: 1, 2, 4 and 8 MB inputs of five shapes, ns/byte.
//!
//! Instructions per URL with callgrind (labels are `onecontact-url X`,
//! `ada-url X`, `rust-url X` for parsing, `… can_parse X` for `can_parse`, and
//! `… linear …` for linearity, so `BENCH_FILTER` selects one library and one
//! workload):
//!
//! ```text
//! for n in 1 2; do BENCH_ONCE=$n BENCH_FILTER="ada-url kasztp" valgrind --tool=callgrind \
//!   --callgrind-out-file=cg.$n target/release/deps/url-<hash>; done
//! # (Ir of cg.2 − Ir of cg.1) / 48010 (the items column) = instructions per URL
//! ```

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::hint::black_box;
use std::path::Path;

use onecontact_bench::{
    Contender, CountingAlloc, Measurement, Report, bench_data, measure, measure_interleaved,
    once_mode, read_lines, selected, testdata,
};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

const OURS: &str = "onecontact-url";
const ADA: &str = "ada-url";
const RUST_URL: &str = "rust-url";

/// One workload: inputs, each with an optional base.
struct Workload {
    name: String,
    items: Vec<(String, Option<String>)>,
}

impl Workload {
    fn from_lines(path: &Path) -> Workload {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        Workload {
            name,
            items: read_lines(path).into_iter().map(|l| (l, None)).collect(),
        }
    }

    fn bytes(&self) -> usize {
        self.items
            .iter()
            .map(|(i, b)| i.len() + b.as_ref().map_or(0, String::len))
            .sum()
    }
}

fn ours_parse(input: &str, base: Option<&str>) -> usize {
    let url = match base {
        None => onecontact_url::Url::parse(input),
        Some(base) => onecontact_url::Url::parse(base).and_then(|base| base.join(input)),
    };
    url.map_or(0, |u| u.as_str().len())
}

fn ada_parse(input: &str, base: Option<&str>) -> usize {
    ada_url::Url::parse(input, base).map_or(0, |u| u.href().len())
}

fn rust_url_parse(input: &str, base: Option<&str>) -> usize {
    let url = match base {
        None => url::Url::parse(input),
        Some(base) => url::Url::parse(base).and_then(|base| base.join(input)),
    };
    url.map_or(0, |u| u.as_str().len())
}

fn ours_can_parse(input: &str, base: Option<&str>) -> usize {
    onecontact_url::Url::can_parse(input, base).into()
}

fn ada_can_parse(input: &str, base: Option<&str>) -> usize {
    ada_url::Url::can_parse(input, base).into()
}

fn rust_url_is_ok(input: &str, base: Option<&str>) -> usize {
    (rust_url_parse(input, base) > 0).into()
}

/// A library's per-item function (parse and read href, or can_parse).
type ItemFn = fn(&str, Option<&str>) -> usize;

/// Measures every library of `libs` over every item of `w`, rounds
/// interleaved, under the labels `"{lib} {what}{w.name}"` (those selected).
/// The bool says whether the library's allocations are visible to the Rust
/// allocator (ada allocates with C++ `new`: its column reads NaN).
fn run(report: &mut Report, what: &str, w: &Workload, libs: &[(&str, ItemFn, bool)]) {
    if w.items.is_empty() {
        return;
    }
    let chosen: Vec<(String, ItemFn, bool)> = libs
        .iter()
        .map(|&(lib, f, counted)| (format!("{lib} {what}{}", w.name), f, counted))
        .filter(|(label, _, _)| selected(label))
        .collect();
    let mut closures: Vec<Box<dyn FnMut() -> usize + '_>> = chosen
        .iter()
        .map(|&(_, f, _)| {
            Box::new(move || {
                let mut keep = 0usize;
                for (input, base) in &w.items {
                    keep = keep.wrapping_add(black_box(f(black_box(input), base.as_deref())));
                }
                keep
            }) as Box<dyn FnMut() -> usize>
        })
        .collect();
    let mut contenders: Vec<Contender<'_>> = chosen
        .iter()
        .zip(closures.iter_mut())
        .map(|((label, _, _), f)| (label.as_str(), &mut **f as &mut dyn FnMut() -> usize))
        .collect();
    let results = measure_interleaved(w.items.len(), w.bytes(), &mut contenders);
    for (mut m, (_, _, counted)) in results.into_iter().zip(&chosen) {
        if !counted {
            m.allocs_per_item = f64::NAN;
        }
        report.push(m);
    }
}

fn main() {
    if once_mode().is_none() {
        println!("## URL parsing: onecontact-url vs ada-url 4.0.0 vs url 2.5.8 (rust-url)");
        println!("\n### Memory\n");
        println!("| type | size_of |");
        println!("|---|---:|");
        println!(
            "| onecontact_url::Url | {} |",
            std::mem::size_of::<onecontact_url::Url>()
        );
        println!("| url::Url | {} |", std::mem::size_of::<url::Url>());
        println!(
            "| ada_url::Url (pointer to a C++ url_aggregator on the heap) | {} |",
            std::mem::size_of::<ada_url::Url>()
        );
    }

    let data = bench_data();
    let mut workloads: Vec<Workload> = [
        "others/kasztp.txt",
        "others/userbait.txt",
        "files/node_files.txt",
        "files/isaacs_files.txt",
    ]
    .iter()
    .map(|p| Workload::from_lines(&data.join(p)))
    .collect();
    workloads.push(wpt_workload());

    let mut report = Report::new(
        "Parse and read href (ns per URL; allocs/item NaN = C++ allocations, not counted)",
    );
    for w in &workloads {
        let libs: [(&str, ItemFn, bool); 3] = [
            (OURS, ours_parse, true),
            (ADA, ada_parse, false),
            (RUST_URL, rust_url_parse, true),
        ];
        run(&mut report, "", w, &libs);
    }
    report.print(OURS);
    if once_mode().is_none() {
        // The libraries must agree on what they accept for the times to compare.
        println!("\n| workload | accepted by {OURS} | {ADA} | {RUST_URL} | href ours ≠ ada |");
        println!("|---|---:|---:|---:|---:|");
        for w in &workloads {
            let accepted = |f: ItemFn| {
                w.items
                    .iter()
                    .filter(|(i, b)| f(i, b.as_deref()) > 0)
                    .count()
            };
            let differ = w
                .items
                .iter()
                .filter(|(i, b)| {
                    let b = b.as_deref();
                    let ours = match b {
                        None => onecontact_url::Url::parse(i),
                        Some(b) => onecontact_url::Url::parse(b).and_then(|b| b.join(i)),
                    };
                    let ada = ada_url::Url::parse(i.as_str(), b);
                    match (ours, ada) {
                        (Ok(o), Ok(a)) => o.as_str() != a.href(),
                        (Ok(_), Err(_)) | (Err(_), Ok(_)) => true,
                        (Err(_), Err(_)) => false,
                    }
                })
                .count();
            println!(
                "| {} ({} items) | {} | {} | {} | {} |",
                w.name,
                w.items.len(),
                accepted(ours_parse),
                accepted(ada_parse),
                accepted(rust_url_parse),
                differ
            );
        }
    }

    let mut report = Report::new("can_parse (rust-url row: parse().is_ok(), it has no can_parse)");
    for w in &workloads {
        let libs: [(&str, ItemFn, bool); 3] = [
            (OURS, ours_can_parse, true),
            (ADA, ada_can_parse, false),
            (RUST_URL, rust_url_is_ok, true),
        ];
        run(&mut report, "can_parse ", w, &libs);
    }
    report.print(OURS);

    queries(&workloads);
    linearity();
}

/// Form-urlencoded query strings: the query of every listed URL that has one
/// (text after the first `?`, before any `#`).
fn queries(workloads: &[Workload]) {
    let items: Vec<(String, Option<String>)> = workloads
        .iter()
        .filter(|w| w.name != "wpt-urltestdata")
        .flat_map(|w| &w.items)
        .filter_map(|(input, _)| {
            let (_, query) = input.split_once('?')?;
            let query = query.split('#').next().unwrap_or_default();
            Some((query.to_owned(), None))
        })
        .collect();
    let w = Workload {
        name: "queries".to_owned(),
        items,
    };
    let mut report = Report::new(&format!(
        "Query strings ({} queries of the four lists): decode all pairs; parse + sort + stringify",
        w.items.len()
    ));
    let decode: [(&str, ItemFn, bool); 2] = [
        (OURS, ours_decode_pairs, true),
        (RUST_URL, rust_url_decode_pairs, true),
    ];
    run(&mut report, "decode-pairs ", &w, &decode);
    let sort: [(&str, ItemFn, bool); 3] = [
        (OURS, ours_sort_to_string, true),
        (ADA, ada_sort_to_string, false),
        (RUST_URL, rust_url_sort_to_string, true),
    ];
    run(&mut report, "sort-toString ", &w, &sort);
    let raw: [(&str, ItemFn, bool); 1] = [(OURS, ours_sort_serialize_raw, true)];
    run(&mut report, "sort-serialize(raw-preserving) ", &w, &raw);
    report.print(OURS);
}

fn ours_decode_pairs(query: &str, _: Option<&str>) -> usize {
    onecontact_url::form_urlencoded::parse_str(query)
        .map(|(n, v)| n.len() + v.len())
        .sum()
}

fn rust_url_decode_pairs(query: &str, _: Option<&str>) -> usize {
    url::form_urlencoded::parse(query.as_bytes())
        .map(|(n, v)| n.len() + v.len())
        .sum()
}

fn ours_sort_to_string(query: &str, _: Option<&str>) -> usize {
    let mut params = onecontact_url::search_params::SearchParams::from_query(query);
    params.sort();
    params.to_standard_string().len()
}

fn ours_sort_serialize_raw(query: &str, _: Option<&str>) -> usize {
    let mut params = onecontact_url::search_params::SearchParams::from_query(query);
    params.sort();
    params.serialize().len()
}

fn ada_sort_to_string(query: &str, _: Option<&str>) -> usize {
    ada_url::UrlSearchParams::parse(query).map_or(0, |mut params| {
        params.sort();
        params.to_string().len()
    })
}

/// rust-url has no URLSearchParams: collect the pairs, stable-sort them by
/// the UTF-16 code units of their names, serialize.
fn rust_url_sort_to_string(query: &str, _: Option<&str>) -> usize {
    let mut pairs: Vec<_> = url::form_urlencoded::parse(query.as_bytes()).collect();
    pairs.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
        .len()
}

/// The inputs (with bases) of the WPT `urltestdata.json`.
fn wpt_workload() -> Workload {
    let path = testdata().join("wpt-url/urltestdata.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("skipping {}: {e}", path.display());
        "[]".to_owned()
    });
    let json = mini_json::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mini_json::Json::Array(entries) = json else {
        panic!("{}: not an array", path.display());
    };
    let items = entries
        .iter()
        .filter_map(|e| {
            let input = e.get("input")?.as_str()?.to_owned();
            let base = e
                .get("base")
                .and_then(mini_json::Json::as_str)
                .map(str::to_owned);
            Some((input, base))
        })
        .collect();
    Workload {
        name: "wpt-urltestdata".to_owned(),
        items,
    }
}

/// Builds one input of about `size` bytes: `head`, `unit` repeated, `tail`.
fn shaped(head: &str, unit: &str, tail: &str, size: usize) -> String {
    let n = size.saturating_sub(head.len() + tail.len()) / unit.len();
    let mut s = String::with_capacity(size);
    s.push_str(head);
    for _ in 0..n {
        s.push_str(unit);
    }
    s.push_str(tail);
    s
}

fn linearity() {
    let shapes: [(&str, &str, &str, &str); 5] = [
        ("long path", "https://example.com/", "segment/", "end"),
        ("long query", "https://example.com/?", "key=val&", "end"),
        ("dots in host", "https://", "a.", "example.com/"),
        ("../ in path", "https://example.com/", "../", "x"),
        ("IPv6-like host", "http://[", "1:", "]/"),
    ];
    const MB: usize = 1 << 20;
    let sizes = [MB, 2 * MB, 4 * MB, 8 * MB];
    let mut rows = Vec::new();
    for (shape, head, unit, tail) in shapes {
        for size in sizes {
            let any_selected = [OURS, ADA, RUST_URL]
                .iter()
                .any(|lib| selected(&format!("{lib} linear {shape} {}MB", size / MB)));
            if !any_selected {
                continue;
            }
            let input = shaped(head, unit, tail, size);
            let mut line = vec![shape.to_owned(), format!("{} MB", size / MB)];
            let libs: [(&str, ItemFn); 3] = [
                (OURS, ours_parse),
                (ADA, ada_parse),
                (RUST_URL, rust_url_parse),
            ];
            for (lib, f) in libs {
                let label = format!("{lib} linear {shape} {}MB", size / MB);
                if !selected(&label) {
                    line.push("-".to_owned());
                    continue;
                }
                let m: Measurement = measure(&label, 1, input.len(), || f(black_box(&input), None));
                // Mark inputs the library rejects (href length 0).
                let verdict = if f(&input, None) == 0 { " (fails)" } else { "" };
                line.push(format!(
                    "{:.3}{verdict}",
                    m.ns_per_item / input.len() as f64
                ));
            }
            rows.push(line);
        }
    }
    if once_mode().is_some() || rows.is_empty() {
        return;
    }
    println!(
        "\n### Linearity (ns per input byte; flat down a shape = linear; (fails) = input rejected)\n"
    );
    println!("| shape | size | {OURS} | {ADA} | {RUST_URL} |");
    println!("|---|---:|---:|---:|---:|");
    for row in rows {
        println!("| {} |", row.join(" | "));
    }
}

/// Just enough JSON to read WPT's test files (the bench crate has no JSON
/// dependency).
mod mini_json {
    /// A JSON value.
    pub enum Json {
        Null,
        Bool,
        Number,
        String(String),
        Array(Vec<Json>),
        Object(Vec<(String, Json)>),
    }

    impl Json {
        pub fn get(&self, key: &str) -> Option<&Json> {
            match self {
                Json::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }

        pub fn as_str(&self) -> Option<&str> {
            match self {
                Json::String(s) => Some(s),
                _ => None,
            }
        }
    }

    pub fn parse(text: &str) -> Result<Json, String> {
        let mut p = Parser {
            s: text.as_bytes(),
            i: 0,
        };
        let v = p.value()?;
        p.ws();
        if p.i != p.s.len() {
            return Err(format!("trailing data at byte {}", p.i));
        }
        Ok(v)
    }

    struct Parser<'a> {
        s: &'a [u8],
        i: usize,
    }

    impl Parser<'_> {
        fn ws(&mut self) {
            while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
                self.i += 1;
            }
        }

        fn eat(&mut self, lit: &str) -> Result<(), String> {
            if self.s[self.i..].starts_with(lit.as_bytes()) {
                self.i += lit.len();
                Ok(())
            } else {
                Err(format!("expected {lit} at byte {}", self.i))
            }
        }

        fn value(&mut self) -> Result<Json, String> {
            self.ws();
            match self.s.get(self.i) {
                Some(b'n') => self.eat("null").map(|()| Json::Null),
                Some(b't') => self.eat("true").map(|()| Json::Bool),
                Some(b'f') => self.eat("false").map(|()| Json::Bool),
                Some(b'"') => self.string().map(Json::String),
                Some(b'[') => {
                    self.i += 1;
                    let mut items = Vec::new();
                    loop {
                        self.ws();
                        if self.s.get(self.i) == Some(&b']') {
                            self.i += 1;
                            return Ok(Json::Array(items));
                        }
                        if !items.is_empty() {
                            self.eat(",")?;
                        }
                        items.push(self.value()?);
                    }
                }
                Some(b'{') => {
                    self.i += 1;
                    let mut fields = Vec::new();
                    loop {
                        self.ws();
                        if self.s.get(self.i) == Some(&b'}') {
                            self.i += 1;
                            return Ok(Json::Object(fields));
                        }
                        if !fields.is_empty() {
                            self.eat(",")?;
                            self.ws();
                        }
                        let key = self.string()?;
                        self.ws();
                        self.eat(":")?;
                        fields.push((key, self.value()?));
                    }
                }
                Some(b'-' | b'0'..=b'9') => {
                    while self.i < self.s.len()
                        && matches!(
                            self.s[self.i],
                            b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                        )
                    {
                        self.i += 1;
                    }
                    Ok(Json::Number)
                }
                _ => Err(format!("unexpected byte at {}", self.i)),
            }
        }

        fn hex4(&mut self) -> Result<u32, String> {
            let digits = std::str::from_utf8(self.s.get(self.i..self.i + 4).ok_or("short \\u")?)
                .map_err(|e| e.to_string())?;
            self.i += 4;
            u32::from_str_radix(digits, 16).map_err(|e| e.to_string())
        }

        fn string(&mut self) -> Result<String, String> {
            self.eat("\"")?;
            let mut out = Vec::new();
            loop {
                let b = *self.s.get(self.i).ok_or("unterminated string")?;
                self.i += 1;
                match b {
                    b'"' => return String::from_utf8(out).map_err(|e| e.to_string()),
                    b'\\' => {
                        let e = *self.s.get(self.i).ok_or("unterminated escape")?;
                        self.i += 1;
                        let c = match e {
                            b'"' => '"',
                            b'\\' => '\\',
                            b'/' => '/',
                            b'b' => '\u{8}',
                            b'f' => '\u{c}',
                            b'n' => '\n',
                            b'r' => '\r',
                            b't' => '\t',
                            b'u' => {
                                let hi = self.hex4()?;
                                let cp = if (0xD800..0xDC00).contains(&hi)
                                    && self.s[self.i..].starts_with(b"\\u")
                                {
                                    let save = self.i;
                                    self.i += 2;
                                    let lo = self.hex4()?;
                                    if (0xDC00..0xE000).contains(&lo) {
                                        0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                                    } else {
                                        self.i = save;
                                        0xFFFD
                                    }
                                } else {
                                    hi
                                };
                                // Lone surrogates (WPT has some) become U+FFFD,
                                // as a USVString conversion does.
                                char::from_u32(cp).unwrap_or('\u{FFFD}')
                            }
                            _ => return Err(format!("bad escape at byte {}", self.i)),
                        };
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    }
                    _ => out.push(b),
                }
            }
        }
    }
}
