//! Patterns whose regular expression would backtrack catastrophically are
//! refused with a clear error or matched in bounded time, and the fuzz
//! target's findings (`tests/fuzz_regressions/`) replay clean.
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

#[test]
fn nested_quantifiers_are_refused() {
    for p in ["/((?:a+)+)b", "/((?:a|ab)*)c", "/(a+)+", "/(\\d*)*"] {
        match pathname(p) {
            Err(e @ Error::TooComplex { .. }) => assert!(e.to_string().contains("pathname"), "{e}"),
            other => panic!("{p}: {other:?}"),
        }
    }
}

#[test]
fn too_many_unbounded_parts_are_refused() {
    assert!(matches!(pathname("/*/*/*"), Err(Error::TooComplex { .. })));
    assert!(matches!(
        pathname(":a*:b*:c*"),
        Err(Error::TooComplex { .. })
    ));
    assert!(pathname("/*/*").is_ok());
    // Segment wildcards after the delimiter end at one place each.
    assert!(pathname("/:org/:repo/:kind/:n/*").is_ok());
}

#[test]
fn repeated_wildcards_match_in_bounded_time() {
    // Each would split a non-matching text in 2^n ways under backtracking.
    let slashes = format!("/{}y", "a/".repeat(40));
    let run = "a".repeat(60) + "/";
    for (pattern, input) in [
        ("/*+x", slashes.as_str()),
        ("/foo/**x", "/foo/////////////////////////////////////////y"),
        (":name*x", run.as_str()),
        (
            "{-:part}+x",
            "-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-a-y",
        ),
    ] {
        let p = pathname(pattern).unwrap();
        assert!(!p.test(&path_input(input)), "{pattern} {input}");
    }
    // The collapsed matcher keeps the Standard's groups.
    let p = pathname("/foo/*+").unwrap();
    let m = p.exec(&path_input("/foo/bar/baz")).unwrap();
    assert_eq!(m.pathname.group("0"), Some("bar/baz"));
    let p = pathname(":name+").unwrap();
    assert_eq!(
        p.exec(&path_input("foobar"))
            .unwrap()
            .pathname
            .group("name"),
        Some("foobar")
    );
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
