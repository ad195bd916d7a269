//! Every case of the PSL's own test list (`testdata/psl/tests.txt`, from the
//! `publicsuffix` 2.3.0 package): `domain expected` per line, `null` for
//! none. Unicode cases run through `to_ascii` first here, and as written in
//! `tests_txt_unicode_as_given`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_psl::{List, to_ascii};
use onecontact_testkit::expected::Expected;

const TESTS: &str = include_str!("../../../testdata/psl/tests.txt");

/// Cases (`line N`) expected to fail, each with its reason. Must stay
/// empty; a listed case that passes fails the test.
const EXPECTED_FAILURES: &[(&str, &str)] = &[];

fn cases() -> Vec<(usize, &'static str, &'static str)> {
    TESTS
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with("//"))
        .map(|(i, l)| {
            let mut parts = l.split_whitespace();
            let domain = parts.next().unwrap();
            let expected = parts
                .next()
                .unwrap_or_else(|| panic!("line {}: no expectation", i + 1));
            assert!(parts.next().is_none(), "line {}: extra fields", i + 1);
            (i + 1, domain, expected)
        })
        .collect()
}

/// The registrable domain by our engine, lowercased, with Unicode input
/// converted first. `null` as a domain stands for the null input of
/// `test_psl.txt`; Rust has no null `&str`, so it is looked up as the
/// (unlisted, single-label) name `null`, which has no registrable domain
/// either.
fn ours(list: &List, domain: &str) -> Option<String> {
    let ascii = to_ascii(domain).ok()?;
    let got = list.registrable_domain(&ascii)?;
    // Answers are slices of the input.
    let offset = got.as_ptr() as usize - ascii.as_ptr() as usize;
    assert_eq!(
        &ascii[offset..],
        got,
        "{domain}: not a suffix slice of the input"
    );
    Some(got.to_ascii_lowercase())
}

fn expected(expected: &str) -> Option<String> {
    (expected != "null").then(|| to_ascii(expected).unwrap().into_owned())
}

/// Runs every case on `list`, checks the failures against
/// [`EXPECTED_FAILURES`] and returns how many cases ran and failed.
fn run(list: &List) -> (usize, usize) {
    let all = cases();
    let mut failed = 0;
    Expected::new("tests.txt", EXPECTED_FAILURES.iter().copied()).assert_matches_with(
        all.iter().map(|(line, _, _)| format!("line {line}")),
        |case| {
            let (_, domain, want) = all
                .iter()
                .find(|(line, _, _)| format!("line {line}") == case)?;
            let got = ours(list, domain);
            (got != expected(want)).then(|| {
                failed += 1;
                format!("{domain} -> {got:?}, want {want}")
            })
        },
    );
    (all.len(), failed)
}

#[test]
fn tests_txt_baked() {
    let (count, failed) = run(List::baked());
    // 78 cases in the pinned file (4 more are commented out upstream).
    assert_eq!(count, 78, "case count changed: update this number");
    eprintln!("tests.txt: {} of {count} cases pass", count - failed);
}

#[test]
fn tests_txt_parsed() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/psl/public_suffix_list.dat"
    ))
    .unwrap();
    let list = List::parse(&text).unwrap();
    let (count, _) = run(&list);
    assert_eq!(count, 78);
}

/// Uppercase input and the root dot, on every case.
#[test]
fn tests_txt_uppercase_and_root_dot() {
    let list = List::baked();
    for (line, domain, want) in cases() {
        let ascii = to_ascii(domain).unwrap().into_owned();
        let want = expected(want);
        for variant in [
            ascii.to_ascii_uppercase(),
            format!("{ascii}."),
            format!("{}.", ascii.to_ascii_uppercase()),
        ] {
            let got = list
                .registrable_domain(&variant)
                .map(str::to_ascii_lowercase);
            assert_eq!(got, want, "line {line}: {variant}");
        }
    }
}

/// Every Unicode case fed as written, in Unicode upper and lower case,
/// with a root dot and with ideographic full stops: the registrable domain
/// is the expected one in the same form, and the suffix converts to the
/// suffix of the ASCII form, from the same rule. Both lists.
#[test]
fn tests_txt_unicode_as_given() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/psl/public_suffix_list.dat"
    ))
    .unwrap();
    let parsed = List::parse(&text).unwrap();
    let mut checked = 0;
    for list in [List::baked(), &parsed] {
        for (line, domain, want) in cases().into_iter().filter(|(_, d, _)| !d.is_ascii()) {
            let ideographic = |s: &str| s.replace('.', "\u{3002}");
            let forms: [(String, Option<String>); 5] = {
                let want = (want != "null").then_some(want);
                let with = |f: &dyn Fn(&str) -> String| (f(domain), want.map(f));
                [
                    with(&|s| s.to_owned()),
                    with(&str::to_uppercase),
                    with(&str::to_lowercase),
                    (format!("{domain}."), want.map(str::to_owned)),
                    with(&ideographic),
                ]
            };
            for (input, expected) in forms {
                assert_eq!(
                    list.registrable_domain(&input),
                    expected.as_deref(),
                    "line {line}: registrable domain of {input:?}"
                );
                let ascii = to_ascii(&input).unwrap();
                let s = list.suffix(&input);
                let a = list.suffix(&ascii);
                assert_eq!(s.origin(), a.origin(), "line {line}: suffix of {input:?}");
                assert_eq!(
                    to_ascii(s.as_str()).unwrap(),
                    a.as_str(),
                    "line {line}: suffix {:?} of {input:?}",
                    s.as_str()
                );
                assert!(
                    input.trim_end_matches('.').ends_with(s.as_str()),
                    "line {line}: suffix {:?} is not a slice of {input:?}",
                    s.as_str()
                );
                checked += 1;
            }
        }
    }
    // 9 Unicode cases in the pinned file, 5 forms, 2 lists.
    assert_eq!(checked, 90);
}
