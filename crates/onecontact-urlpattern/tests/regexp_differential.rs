//! The translation of ECMAScript expressions for the linear-time engine
//! against `regress`, a backtracking ECMAScript engine: generated
//! expressions (alternation, classes, quantifiers greedy and lazy, groups
//! that can match the empty string) and generated texts must give the same
//! match and the same captures, or be refused.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_urlpattern::fuzzing::{Spans, regexp_matcher};

fn regexp_captures(regexp: &str, ignore_case: bool, input: &str) -> Result<Option<Spans>, String> {
    regexp_matcher(regexp, ignore_case).map(|m| m(input))
}

/// A small deterministic generator (64-bit LCG).
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn atom(r: &mut Rng, depth: u32, captures: bool) -> String {
    match r.next(if depth > 2 { 5 } else { 9 }) {
        0 => "a".into(),
        1 => "b".into(),
        2 => "[ab]".into(),
        3 => ".".into(),
        4 => "[^a]".into(),
        5 => format!("(?:{})", expr(r, depth + 1, captures)),
        6 if captures => format!("({})", expr(r, depth + 1, false)),
        7 => format!(
            "(?:{}|{})",
            expr(r, depth + 1, captures),
            expr(r, depth + 1, captures)
        ),
        _ => format!("(?:{})", expr(r, depth + 1, captures)),
    }
}

/// A quantifier; lazy ones only on single characters and classes
/// (regress, the reference, does not end on some lazy loops over groups
/// that can match the empty string, such as `(?:(?:a|(?:.b+?.)?)??(?:){0,2})*?`
/// on `-aa-b`).
fn quantifier(r: &mut Rng, group: bool) -> &'static str {
    let all = [
        "", "", "", "*", "+", "?", "{0,2}", "{2}", "*?", "+?", "??", "{1,3}?",
    ];
    let n = if group { 8 } else { all.len() as u64 };
    all[r.next(n) as usize]
}

fn expr(r: &mut Rng, depth: u32, captures: bool) -> String {
    let n = r.next(4);
    (0..n)
        .map(|_| {
            let a = atom(r, depth, captures);
            let q = quantifier(r, a.starts_with('('));
            format!("{a}{q}")
        })
        .collect()
}

fn text(r: &mut Rng) -> String {
    let n = r.next(7);
    (0..n)
        .map(|_| ["a", "b", "-"][r.next(3) as usize])
        .collect()
}

fn regress_captures(re: &regress::Regex, input: &str) -> Option<Spans> {
    let m = re.find(input)?;
    Some((0..m.captures.len() + 1).map(|i| m.group(i)).collect())
}

/// The reference's answers for `inputs`, or `None` when it has not
/// answered within a second (regress does not end on some loops over
/// groups that can match the empty string; such an expression is skipped,
/// and its thread is left to the end of the test process).
fn reference_answers(regexp: &str, inputs: &[String]) -> Option<Vec<Option<Spans>>> {
    let flags = regress::Flags {
        unicode: true,
        ..regress::Flags::default()
    };
    let reference = regress::Regex::with_flags(regexp, flags).ok()?;
    let inputs = inputs.to_vec();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let answers: Vec<_> = inputs
            .iter()
            .map(|i| regress_captures(&reference, i))
            .collect();
        let _ = send.send(answers);
    });
    receive.recv_timeout(std::time::Duration::from_secs(1)).ok()
}

#[test]
fn translation_agrees_with_a_backtracking_engine() {
    let mut r = Rng(0x5eed);
    let (mut compared, mut refused, mut skipped) = (0, 0, 0);
    for _ in 0..1500 {
        let body = expr(&mut r, 0, true);
        let regexp = format!("^(?:{body})(.*)$");
        let inputs: Vec<String> = (0..8).map(|_| text(&mut r)).collect();
        let ours = match regexp_matcher(&regexp, false) {
            Ok(m) => m,
            Err(e) => {
                assert!(e.contains("backtracking engine"), "{regexp}: {e}");
                refused += 1;
                continue;
            }
        };
        let Some(theirs) = reference_answers(&regexp, &inputs) else {
            skipped += 1;
            continue;
        };
        for (input, expected) in inputs.iter().zip(theirs) {
            assert_eq!(ours(input), expected, "{regexp} on {input:?}");
            compared += 1;
        }
    }
    eprintln!("{compared} compared, {refused} refused, {skipped} skipped");
    assert!(
        compared > 9000,
        "{compared} compared, {refused} refused, {skipped} skipped"
    );
    assert!(skipped < 10, "{skipped} skipped");
}

/// Syntax only valid in ECMAScript's `v` mode, and case folding under `vi`.
#[test]
fn unicode_sets_and_case_folding() {
    let ok = |re: &str, i: bool, input: &str| regexp_captures(re, i, input).unwrap().is_some();
    assert!(ok("^[.*]$", false, "*"));
    assert!(ok("^[\\q{abc|d}]$", false, "abc"));
    assert!(ok("^[\\q{abc|d}]$", false, "d"));
    assert!(!ok("^[\\q{abc|d}]$", false, "ab"));
    assert!(ok("^[[a-z]--[aeiou]]+$", false, "bcd"));
    assert!(!ok("^[[a-z]--[aeiou]]+$", false, "bad"));
    assert!(ok("^[\\w&&\\d]$", false, "7"));
    assert!(!ok("^[\\p{ASCII}--[a-z]]$", true, "A"));
    assert!(ok("^[^a]$", true, "b"));
    assert!(!ok("^[^a]$", true, "A"));
    assert!(ok("^\\P{Ll}$", false, "A"));
    assert!(!ok("^\\P{Ll}$", true, "A"));
    assert!(ok("^\\p{Script=Latin}+$", false, "abc"));
    assert!(ok("^(?i:a)b$", false, "Ab"));
    assert!(!ok("^(?i:a)b$", false, "AB"));
    for bad in [
        "[a-]",
        "[&&a]",
        "[a&&&b]",
        "[a--b&&c]",
        "a{2,1}",
        "\\m",
        "(?<1a>x)",
        "[^\\q{ab}]",
        "\\p{Letter=x}",
        "\\p{lu}",
        "(?<a>x)(?<a>y)",
        "x{",
        "]",
    ] {
        let e = regexp_captures(bad, false, "").unwrap_err();
        assert!(e.contains("invalid"), "{bad}: {e}");
    }
    // A name may repeat in another alternative (ES2025).
    assert!(
        regexp_captures("(?<a>x)|(?<a>y)", false, "y")
            .unwrap()
            .is_some()
    );
}
