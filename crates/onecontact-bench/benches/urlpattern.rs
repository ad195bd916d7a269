//! URL patterns, side by side: `onecontact-urlpattern` against `urlpattern`
//! 0.6.0 (the Rust peer, on the `url` crate and the `regex` engine), single
//! thread, same inputs, same run.
//!
//! Workloads:
//! 1. construction: the three realistic patterns, and every pattern of the
//!    WPT `urlpatterntestdata.json` that both build;
//! 2. `test` with patterns compiled once, each input a string parsed every
//!    time (both sides): the lines of `bench-data/others/kasztp.txt` against
//!    `https://*.example.com/*`, `/users/:id` and `/:lang(en|fr)/docs/*` (the
//!    two relative ones as pathname patterns, every other component a
//!    wildcard), and the WPT cases' string inputs against their patterns;
//! 3. `exec` over the same kasztp lines (groups of every component built),
//!    and over the WPT cases' string inputs;
//! 4. growth: adversarial pathname patterns (each makes a backtracking
//!    engine take exponential or high-power time) against non-matching
//!    pathnames of 10^2 to 10^5 bytes, `test` through component inputs;
//!    linear time shows as a constant ns per byte.
//!
//! ```text
//! cargo bench -p onecontact-bench --bench urlpattern
//! B=$(ls -t target/release/deps/urlpattern-* | grep -v '\.d$' | head -1)
//! for n in 1 2; do BENCH_FILTER="onecontact-urlpattern test kasztp users" BENCH_ONCE=$n \
//!   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.$n.out $B; done
//! # (Ir of run 2 - Ir of run 1) / 48009 = instructions per URL
//! ```

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::hint::black_box;

use onecontact_bench::{
    Contender, CountingAlloc, Report, bench_data, measure_interleaved, read_lines, selected,
    testdata,
};
use onecontact_urlpattern as ours;
use serde_json::Value;
use urlpattern::quirks::{self as peer_quirks, StringOrInit};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

const OURS: &str = "onecontact-urlpattern";
const PEER: &str = "urlpattern-0.6";

/// Inputs of a case: each a URL string with an optional base.
type Inputs = Vec<(String, Option<String>)>;

/// A pattern as both libraries take it.
#[derive(Clone)]
enum Spec {
    String(String, Option<String>),
    Pathname(String),
}

fn build_ours(s: &Spec) -> Option<ours::UrlPattern> {
    match s {
        Spec::String(p, b) => ours::UrlPattern::new(
            ours::PatternInput::String(p, b.as_deref()),
            ours::UrlPatternOptions::default(),
        )
        .ok(),
        Spec::Pathname(p) => ours::UrlPattern::from_init(&ours::UrlPatternInit {
            pathname: Some(p.clone()),
            ..Default::default()
        })
        .ok(),
    }
}

fn build_peer(s: &Spec) -> Option<urlpattern::UrlPattern> {
    let (input, base) = match s {
        Spec::String(p, b) => (StringOrInit::String(p.clone().into()), b.as_deref()),
        Spec::Pathname(p) => (
            StringOrInit::Init(peer_quirks::UrlPatternInit {
                pathname: Some(p.clone()),
                ..Default::default()
            }),
            None,
        ),
    };
    let init = peer_quirks::process_construct_pattern_input(input, base).ok()?;
    urlpattern::UrlPattern::parse(init, urlpattern::UrlPatternOptions::default()).ok()
}

fn peer_test(p: &urlpattern::UrlPattern, input: &str, base: Option<&url::Url>) -> bool {
    let Ok(u) = url::Url::options().base_url(base).parse(input) else {
        return false;
    };
    p.test(urlpattern::UrlPatternMatchInput::Url(u))
        .unwrap_or(false)
}

fn ours_test(p: &ours::UrlPattern, input: &str, base: Option<&str>) -> bool {
    match base {
        None => p.test(input),
        Some(b) => p.test_with_base(input, b),
    }
}

/// The WPT cases whose pattern is a string (with its base) or a dictionary
/// of string components, with their string inputs (and base).
fn wpt_cases() -> Vec<(Spec, Inputs)> {
    let text = std::fs::read_to_string(testdata().join("wpt-urlpattern/urlpatterntestdata.json"))
        .unwrap_or_default();
    // Lone surrogate escapes cannot be read by serde_json; those cases are skipped.
    let Ok(Value::Array(cases)) =
        serde_json::from_str::<Value>(&text.replace("\\uD83D \\uDEB2", "x x"))
    else {
        eprintln!("skipping the WPT workloads");
        return Vec::new();
    };
    let mut out = Vec::new();
    for c in &cases {
        let args = c["pattern"].as_array().cloned().unwrap_or_default();
        let spec = match args.as_slice() {
            [Value::String(p)] => Spec::String(p.clone(), None),
            [Value::String(p), Value::String(b)] => Spec::String(p.clone(), Some(b.clone())),
            [Value::Object(o)] if o.len() == 1 && o.contains_key("pathname") => {
                Spec::Pathname(o["pathname"].as_str().unwrap_or_default().to_owned())
            }
            _ => continue,
        };
        let inputs = match c.get("inputs").and_then(Value::as_array).map(Vec::as_slice) {
            Some([Value::String(i)]) => vec![(i.clone(), None)],
            Some([Value::String(i), Value::String(b)]) => vec![(i.clone(), Some(b.clone()))],
            _ => Vec::new(),
        };
        out.push((spec, inputs));
    }
    out
}

fn main() {
    let mut lines = read_lines(&bench_data().join("others/kasztp.txt"));
    if let Some(first) = lines.first_mut()
        && let Some(rest) = first.strip_prefix('\u{feff}')
    {
        *first = rest.to_owned();
    }
    let kasztp_bytes: usize = lines.iter().map(String::len).sum();
    let realistic = [
        ("host", Spec::String("https://*.example.com/*".into(), None)),
        ("users", Spec::Pathname("/users/:id".into())),
        ("lang", Spec::Pathname("/:lang(en|fr)/docs/*".into())),
    ];

    // 1. Construction.
    let mut report = Report::new("URLPattern construction");
    let specs: Vec<Spec> = realistic.iter().map(|(_, s)| s.clone()).collect();
    let label_o = format!("{OURS} construct realistic");
    let label_p = format!("{PEER} construct realistic");
    if selected(&label_o) || selected(&label_p) {
        let bytes = 60;
        for m in measure_interleaved(
            specs.len(),
            bytes,
            &mut [
                (&label_o, &mut || {
                    specs
                        .iter()
                        .filter_map(|s| black_box(build_ours(s)))
                        .count()
                }),
                (&label_p, &mut || {
                    specs
                        .iter()
                        .filter_map(|s| black_box(build_peer(s)))
                        .count()
                }),
            ],
        ) {
            report.push(m);
        }
    }
    let wpt = wpt_cases();
    let both: Vec<&(Spec, Inputs)> = wpt
        .iter()
        .filter(|(s, _)| build_ours(s).is_some() && build_peer(s).is_some())
        .collect();
    let label_o = format!("{OURS} construct wpt");
    let label_p = format!("{PEER} construct wpt");
    if selected(&label_o) || selected(&label_p) {
        let bytes: usize = both
            .iter()
            .map(|(s, _)| match s {
                Spec::String(p, b) => p.len() + b.as_ref().map_or(0, String::len),
                Spec::Pathname(p) => p.len(),
            })
            .sum();
        for m in measure_interleaved(
            both.len(),
            bytes,
            &mut [
                (&label_o, &mut || {
                    both.iter()
                        .filter_map(|(s, _)| black_box(build_ours(s)))
                        .count()
                }),
                (&label_p, &mut || {
                    both.iter()
                        .filter_map(|(s, _)| black_box(build_peer(s)))
                        .count()
                }),
            ],
        ) {
            report.push(m);
        }
    }
    report.print(OURS);

    // 2. test, patterns compiled once.
    let mut report = Report::new("URLPattern test (compiled once; each input parsed)");
    for (name, spec) in &realistic {
        let (o, p) = (build_ours(spec).unwrap(), build_peer(spec).unwrap());
        let label_o = format!("{OURS} test kasztp {name}");
        let label_p = format!("{PEER} test kasztp {name}");
        if !(selected(&label_o) || selected(&label_p)) {
            continue;
        }
        let matches_o = lines.iter().filter(|l| ours_test(&o, l, None)).count();
        let matches_p = lines.iter().filter(|l| peer_test(&p, l, None)).count();
        println!(
            "kasztp {name}: {matches_o} matches (peer {matches_p}) of {}",
            lines.len()
        );
        let mut contenders: Vec<Contender<'_>> = Vec::new();
        let mut run_o = || lines.iter().filter(|l| ours_test(&o, l, None)).count();
        let mut run_p = || lines.iter().filter(|l| peer_test(&p, l, None)).count();
        if selected(&label_o) {
            contenders.push((&label_o, &mut run_o));
        }
        if selected(&label_p) {
            contenders.push((&label_p, &mut run_p));
        }
        for m in measure_interleaved(lines.len(), kasztp_bytes, &mut contenders) {
            report.push(m);
        }
    }
    let compiled: Vec<(ours::UrlPattern, urlpattern::UrlPattern, Inputs)> = both
        .iter()
        .filter(|(_, i)| !i.is_empty())
        .map(|(s, i)| (build_ours(s).unwrap(), build_peer(s).unwrap(), i.clone()))
        .collect();
    let items: usize = compiled.iter().map(|(_, _, i)| i.len()).sum();
    let bytes: usize = compiled
        .iter()
        .flat_map(|(_, _, i)| i.iter().map(|(s, _)| s.len()))
        .sum();
    let peer_bases: Vec<Vec<Option<url::Url>>> = compiled
        .iter()
        .map(|(_, _, i)| {
            i.iter()
                .map(|(_, b)| b.as_deref().and_then(|b| url::Url::parse(b).ok()))
                .collect()
        })
        .collect();
    let label_o = format!("{OURS} test wpt");
    let label_p = format!("{PEER} test wpt");
    let mut run_o = || {
        compiled
            .iter()
            .flat_map(|(o, _, i)| i.iter().map(move |(s, b)| ours_test(o, s, b.as_deref())))
            .filter(|m| *m)
            .count()
    };
    let mut run_p = || {
        compiled
            .iter()
            .zip(&peer_bases)
            .flat_map(|((_, p, i), bases)| {
                i.iter()
                    .zip(bases)
                    .map(move |((s, _), b)| peer_test(p, s, b.as_ref()))
            })
            .filter(|m| *m)
            .count()
    };
    let mut contenders: Vec<Contender<'_>> = Vec::new();
    if selected(&label_o) {
        contenders.push((&label_o, &mut run_o));
    }
    if selected(&label_p) {
        contenders.push((&label_p, &mut run_p));
    }
    for m in measure_interleaved(items, bytes, &mut contenders) {
        report.push(m);
    }
    report.print(OURS);

    // 3. exec over kasztp.
    let mut report = Report::new("URLPattern exec (compiled once; each input parsed)");
    for (name, spec) in &realistic {
        let (o, p) = (build_ours(spec).unwrap(), build_peer(spec).unwrap());
        let label_o = format!("{OURS} exec kasztp {name}");
        let label_p = format!("{PEER} exec kasztp {name}");
        if !(selected(&label_o) || selected(&label_p)) {
            continue;
        }
        let mut run_o = || {
            lines
                .iter()
                .filter_map(|l| black_box(o.exec(l.as_str())))
                .count()
        };
        let mut run_p = || {
            lines
                .iter()
                .filter_map(|l| {
                    let u = url::Url::parse(l).ok()?;
                    black_box(
                        p.exec(urlpattern::UrlPatternMatchInput::Url(u))
                            .ok()
                            .flatten(),
                    )
                })
                .count()
        };
        let mut contenders: Vec<Contender<'_>> = Vec::new();
        if selected(&label_o) {
            contenders.push((&label_o, &mut run_o));
        }
        if selected(&label_p) {
            contenders.push((&label_p, &mut run_p));
        }
        for m in measure_interleaved(lines.len(), kasztp_bytes, &mut contenders) {
            report.push(m);
        }
    }
    let label_o = format!("{OURS} exec wpt");
    let label_p = format!("{PEER} exec wpt");
    let mut run_o = || {
        compiled
            .iter()
            .flat_map(|(o, _, i)| {
                i.iter().map(move |(s, b)| match b {
                    None => black_box(o.exec(s.as_str())).is_some(),
                    Some(b) => black_box(o.exec_with_base(s, b)).is_some(),
                })
            })
            .filter(|m| *m)
            .count()
    };
    let mut run_p = || {
        compiled
            .iter()
            .zip(&peer_bases)
            .flat_map(|((_, p, i), bases)| {
                i.iter().zip(bases).map(move |((s, _), b)| {
                    url::Url::options()
                        .base_url(b.as_ref())
                        .parse(s)
                        .ok()
                        .and_then(|u| {
                            black_box(
                                p.exec(urlpattern::UrlPatternMatchInput::Url(u))
                                    .ok()
                                    .flatten(),
                            )
                        })
                        .is_some()
                })
            })
            .filter(|m| *m)
            .count()
    };
    let mut contenders: Vec<Contender<'_>> = Vec::new();
    if selected(&label_o) {
        contenders.push((&label_o, &mut run_o));
    }
    if selected(&label_p) {
        contenders.push((&label_p, &mut run_p));
    }
    for m in measure_interleaved(items, bytes, &mut contenders) {
        report.push(m);
    }
    report.print(OURS);

    // 4. Growth on adversarial patterns.
    growth();
}

/// Adversarial pathname patterns, the unit each non-matching pathname
/// repeats and its tail (which ends with the pattern's last fixed text, so
/// that the quick fixed-text check lets the expression run).
const ADVERSARIAL: [(&str, &str, &str, &str); 4] = [
    ("six-stars", "/:x(a*a*a*a*a*a*b)", "a", "c"),
    ("nested-plus", "/((?:a+)+)b", "a", "-b"),
    ("four-wildcards", "/*/*/*/*x", "a", "x"),
    ("alternation-star", "/((?:a|ab)*)c", "ab", "-c"),
];

fn growth() {
    let mut report = Report::new(
        "URLPattern growth: adversarial patterns, test of a non-matching pathname of n bytes",
    );
    for (name, pattern, unit, tail) in ADVERSARIAL {
        let spec = Spec::Pathname(pattern.to_owned());
        let Some(o) = build_ours(&spec) else {
            println!("{name}: refused by ours");
            continue;
        };
        let peer = build_peer(&spec);
        for n in [100usize, 1_000, 10_000, 100_000] {
            let path = format!("/{}{tail}", unit.repeat(n / unit.len()));
            let label_o = format!("{OURS} growth {name} n={n}");
            let label_p = format!("{PEER} growth {name} n={n}");
            if !(selected(&label_o) || selected(&label_p)) {
                continue;
            }
            let init_o = ours::UrlPatternInit {
                pathname: Some(path.clone()),
                ..Default::default()
            };
            let init_p = peer_quirks::UrlPatternInit {
                pathname: Some(path.clone()),
                ..Default::default()
            };
            let mut run_o = || usize::from(black_box(o.test(&init_o)));
            let mut run_p = || {
                peer.as_ref().map_or(0, |p| {
                    let input =
                        peer_quirks::process_match_input(StringOrInit::Init(init_p.clone()), None);
                    match input {
                        Ok(Some((i, _))) => usize::from(black_box(p.test(i).unwrap_or(false))),
                        _ => 0,
                    }
                })
            };
            let mut contenders: Vec<Contender<'_>> = Vec::new();
            if selected(&label_o) {
                contenders.push((&label_o, &mut run_o));
            }
            if selected(&label_p) && peer.is_some() {
                contenders.push((&label_p, &mut run_p));
            }
            for m in measure_interleaved(1, path.len(), &mut contenders) {
                println!(
                    "{}: {:.2} ns/byte",
                    m.label,
                    m.ns_per_item / path.len() as f64
                );
                report.push(m);
            }
        }
    }
    report.print(OURS);
}
