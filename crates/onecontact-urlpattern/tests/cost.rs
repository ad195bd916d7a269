//! Every accepted pattern is matched by the linear-time engine, including
//! those a backtracking engine hangs on; what needs backtracking is refused
//! when the pattern is built; the fuzz targets' findings
//! (`tests/fuzz_regressions/`) replay clean.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_urlpattern::{Error, UrlPattern, UrlPatternInit, fuzzing};

fn pathname(p: &str) -> Result<UrlPattern, Error> {
    UrlPattern::from_init(&UrlPatternInit {
        pathname: Some(p.to_owned()),
        ..Default::default()
    })
}

fn path_input(p: &str) -> UrlPatternInit {
    UrlPatternInit {
        pathname: Some(p.to_owned()),
        ..Default::default()
    }
}

/// The report that a backtracking matcher hangs on: six `a*` before a `b`,
/// against a run of `a` ending in `c`. The linear-time engine answers at
/// every length (cost is measured in the benchmark, not here).
#[test]
fn adversarial_patterns_are_accepted_and_answer() {
    for (pattern, unit, tail) in [
        ("/:x(a*a*a*a*a*a*b)", "a", "c"),
        ("/((?:a+)+)b", "a", "c"),
        ("/((?:a|ab)*)c", "ab", "x"),
        ("/(\\d*)*x", "1", "y"),
        ("/*/*/*/*x", "a/", "y"),
        ("/*+x", "a/", "y"),
        (":name*x", "a", "/"),
        ("{-:part}+x", "-a", "y"),
    ] {
        let p = pathname(pattern).unwrap_or_else(|e| panic!("{pattern}: {e}"));
        for n in [10, 1000, 100_000] {
            let input = format!("/{}{tail}", unit.repeat(n));
            assert!(!p.test(&path_input(&input)), "{pattern} on {n}");
            assert!(p.exec(&path_input(&input)).is_none(), "{pattern} on {n}");
        }
    }
    let p = pathname("/:x(a*a*a*a*a*a*b)").unwrap();
    let input = format!("/{}b", "a".repeat(200));
    assert_eq!(
        p.exec(&path_input(&input)).unwrap().pathname().group("x"),
        Some(&input[1..])
    );
}

/// Repeated wildcards keep the Standard's expression and its captures.
#[test]
fn repeated_wildcards_keep_the_standard_captures() {
    let p = pathname("/foo/*+").unwrap();
    let m = p.exec(&path_input("/foo/bar/baz")).unwrap();
    assert_eq!(m.pathname().group("0"), Some("bar/baz"));
    let p = pathname(":name+").unwrap();
    assert_eq!(
        p.exec(&path_input("foobar"))
            .unwrap()
            .pathname()
            .group("name"),
        Some("foobar")
    );
    // Lazy segment wildcards stop as early as the rest allows.
    let p = pathname("{-:a}+:b").unwrap();
    let m = p.exec(&path_input("-x-y-z")).unwrap();
    assert_eq!(m.pathname().group("a"), Some("x-y"));
    assert_eq!(m.pathname().group("b"), Some("-z"));
}

/// What needs a backtracking engine is refused when the pattern is built,
/// naming the feature and where it is.
#[test]
fn backtracking_features_are_refused() {
    for (p, feature) in [
        ("/((?=a)a)", "lookaround"),
        ("/(b(?<!a)b)", "lookaround"),
        ("/(a(?<x>a)\\k<x>)", "backreference"),
        (
            "/(a(?:(?<x>a))+)",
            "capturing group inside a repeating quantifier",
        ),
        ("/((?:a*b*)*)", "empty and non-empty matches interleave"),
    ] {
        match pathname(p) {
            Err(e @ Error::NeedsBacktracking { .. }) => {
                assert!(e.to_string().contains(feature), "{p}: {e}");
                assert!(e.to_string().contains("offset"), "{p}: {e}");
            }
            other => panic!("{p}: {other:?}"),
        }
    }
}

#[test]
fn fuzz_regressions_replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        if let Err(e) = fuzzing::check(&data) {
            panic!("{}: {e}", path.display());
        }
        n += 1;
    }
    assert!(n > 0, "no regression inputs in {}", dir.display());
}
