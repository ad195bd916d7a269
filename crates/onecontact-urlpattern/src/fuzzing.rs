//! The checks of the fuzz target (`fuzz/fuzz_targets/urlpattern.rs`),
//! shared with the test that replays its findings.

use crate::parser::{Modifier, Part, PartKind};
use crate::{Component, MatchInput, PatternInput, UrlPattern, UrlPatternInit, UrlPatternOptions};

/// The longest input the target reads (longer inputs are cut).
pub const MAX_INPUT: usize = 4096;

/// Runs one fuzz input: the first line is a pattern, every further line an
/// input. The pattern is built in each of the six [`BUILDS`] (a constructor
/// string with a base URL, a pathname and a hostname component, each with
/// and without `ignoreCase`); each input is matched as a string, as a parsed
/// URL and as a pathname component. Checks that nothing panics (the caller
/// sees a panic), that `test` agrees with `exec`, that a match's groups
/// follow the pattern's names, and that a built pattern rebuilds from its
/// own component pattern strings.
///
/// # Errors
///
/// The broken invariant, described.
pub fn check(data: &[u8]) -> Result<(), String> {
    check_builds(data, &BUILDS)
}

/// [`check`] with one of the six [`BUILDS`], picked by the input's bytes (so
/// that one execution compiles one pattern, not six): what the fuzz target
/// runs. Whatever it finds, [`check`] finds too.
///
/// # Errors
///
/// The broken invariant, described.
pub fn check_one_build(data: &[u8]) -> Result<(), String> {
    let data = data.get(..MAX_INPUT).unwrap_or(data);
    let pick = data.iter().fold(0usize, |h, &b| {
        h.wrapping_mul(31).wrapping_add(usize::from(b))
    }) % BUILDS.len();
    check_builds(data, BUILDS.get(pick..=pick).unwrap_or(&BUILDS))
}

/// Group spans of one match (group 0 first), `None` for a group that took
/// part in no match.
pub type Spans = Vec<Option<std::ops::Range<usize>>>;

/// The ECMAScript expression `regexp` (flags `v`, or `vi`) built as the
/// matcher builds it, as a function from a text to the groups of its
/// match (`None` when it does not match). For the differential test
/// against a backtracking engine.
///
/// # Errors
///
/// The pattern error, described, when the expression is refused.
pub fn regexp_matcher(
    regexp: &str,
    ignore_case: bool,
) -> Result<impl Fn(&str) -> Option<Spans>, String> {
    let re = crate::component::build(
        regexp,
        crate::parser::Options {
            ignore_case,
            ..crate::parser::Options::DEFAULT
        },
        crate::error::ComponentName::ConstructorString,
    )
    .map_err(|e| e.to_string())?;
    Ok(move |input: &str| {
        let mut caps = re.create_captures();
        re.captures(input, &mut caps);
        caps.is_match().then(|| {
            (0..caps.group_len())
                .map(|i| caps.get_group(i).map(|s| s.range()))
                .collect()
        })
    })
}

/// The time bound [`check_linear`] asserts: a fixed 20 ms plus 1 µs per
/// (pattern byte + 1) × (input byte + 1). A matcher that backtracks
/// exponentially or at a power of the input's length passes it only for
/// tiny inputs; a linear one stays far below it.
pub fn time_bound(pattern_len: usize, input_len: usize) -> std::time::Duration {
    let units = (pattern_len.saturating_add(1)).saturating_mul(input_len.saturating_add(1));
    std::time::Duration::from_millis(20).saturating_add(std::time::Duration::from_micros(
        u64::try_from(units).unwrap_or(u64::MAX),
    ))
}

/// Runs one input of the `urlpattern_linear` fuzz target: the first line is
/// a pathname pattern (built with and without `ignoreCase`), the second a
/// text that is repeated to 64 KiB; `test` and `exec` of that long
/// pathname must end within [`time_bound`].
///
/// # Errors
///
/// The pattern, the input length and the time taken, when over the bound.
pub fn check_linear(data: &[u8]) -> Result<(), String> {
    let data = data.get(..MAX_INPUT).unwrap_or(data);
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let pattern = lines.next().unwrap_or("");
    let unit = lines.next().unwrap_or("a");
    let unit = if unit.is_empty() { "a" } else { unit };
    let mut long = String::from("/");
    while long.len() < 1 << 16 {
        long.push_str(unit);
    }
    let input = UrlPatternInit {
        pathname: Some(long),
        ..Default::default()
    };
    for ignore_case in [false, true] {
        let init = UrlPatternInit {
            pathname: Some(pattern.to_owned()),
            ..Default::default()
        };
        let Ok(p) = UrlPattern::new(
            PatternInput::Init(&init),
            UrlPatternOptions::ignore_case(ignore_case),
        ) else {
            continue;
        };
        let started = std::time::Instant::now();
        let tested = p.test(&input);
        let exec = p.exec(&input);
        let took = started.elapsed();
        let len = input.pathname.as_deref().map_or(0, str::len);
        if tested != exec.is_some() {
            return Err(format!("test is {tested} but exec is {exec:?}"));
        }
        if took > time_bound(pattern.len(), len) {
            return Err(format!(
                "{pattern:?} (ignoreCase {ignore_case}) took {took:?} on a {len}-byte pathname"
            ));
        }
    }
    Ok(())
}

/// How a fuzz input's pattern line becomes a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Build {
    /// A constructor string, relative ones resolved against a base URL.
    String,
    /// The pathname component of an init.
    Pathname,
    /// The hostname component of an init.
    Hostname,
}

/// The six ways [`check`] builds a pattern: each [`Build`], without and
/// with `ignoreCase`.
pub const BUILDS: [(Build, bool); 6] = [
    (Build::String, false),
    (Build::Pathname, false),
    (Build::Hostname, false),
    (Build::String, true),
    (Build::Pathname, true),
    (Build::Hostname, true),
];

/// A fixed-text part without a modifier: what a pattern string writes as
/// its bare text.
fn plain_text(part: &Part) -> bool {
    part.kind == PartKind::FixedText && part.modifier == Modifier::None
}

fn check_builds(data: &[u8], builds: &[(Build, bool)]) -> Result<(), String> {
    let data = data.get(..MAX_INPUT).unwrap_or(data);
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let pattern = lines.next().unwrap_or("");
    let inputs: Vec<&str> = lines.collect();
    let mut built = Vec::new();
    for &(build, ignore_case) in builds {
        let options = UrlPatternOptions::ignore_case(ignore_case);
        let mut init = UrlPatternInit::default();
        let input = match build {
            Build::String => PatternInput::String(pattern, Some("https://example.com/base/")),
            Build::Pathname => {
                init.pathname = Some(pattern.to_owned());
                PatternInput::Init(&init)
            }
            Build::Hostname => {
                init.hostname = Some(pattern.to_owned());
                PatternInput::Init(&init)
            }
        };
        if let Ok(p) = UrlPattern::new(input, options) {
            built.push((p, options));
        }
    }
    for (p, options) in &built {
        // The component pattern strings build the same pattern again.
        let mut init = UrlPatternInit::default();
        // (Processing an init strips one `:` after the protocol, one `?`
        // before the search and one `#` before the hash: give them back.)
        for c in Component::ALL {
            let s = p.pattern(c);
            *init.get_mut(c) = Some(match c {
                Component::Protocol => format!("{s}:"),
                Component::Search => format!("?{s}"),
                Component::Hash => format!("#{s}"),
                _ => s.to_owned(),
            });
        }
        // The Standard's pattern string does not always read back as the
        // same parts: a fixed text that its encoding empties (a `\r` the URL
        // parser drops, say) stays an empty fixed-text part, and the pattern
        // string then writes a following `*` as `*`, not `(.*)`, so that it
        // reads back as the modifier of the part before (`(a+)\r*` gives
        // `(a+)*`). And a hostname pattern that starts like an IPv6 address
        // (`[`, `{[`, `\[`) is canonicalized as one, while its pattern string
        // may no longer start so (`{[}` gives `[`, which a hostname cannot
        // hold). And an empty group with a modifier (`{}?`) ends the pending
        // fixed text ("add a part" runs "maybe add a part from the pending
        // fixed value" before it returns for the empty prefix), so the text
        // on either side is canonicalized as a part of its own; "generate a
        // pattern string" writes the two parts back to back, and they read
        // back as one text, canonicalized as a whole (`/base/` and `.` give
        // `/base/.`, which becomes `/base/`; `)` and `0.0.0.80` give
        // `)0.0.0.80`, which is no hostname). Such a component is not
        // compared.
        let quirk = |c: Component| {
            let compiled = p.component(c);
            let emptied = compiled
                .parts
                .iter()
                .any(|part| part.kind == PartKind::FixedText && part.value.is_empty());
            let rejoined = compiled
                .parts
                .chunk_by(|a, b| plain_text(a) && plain_text(b))
                .filter(|run| run.len() > 1)
                .any(|run| {
                    let joined: String = run.iter().map(|part| part.value.as_str()).collect();
                    compiled.encoding.apply(&joined).ok() != Some(joined)
                });
            let pattern = p.pattern(c);
            let ipv6_lost = c == Component::Hostname
                && pattern.contains('[')
                && !(pattern.chars().count() >= 2
                    && (pattern.starts_with('[')
                        || pattern.starts_with("{[")
                        || pattern.starts_with("\\[")));
            emptied || rejoined || ipv6_lost
        };
        let again = match UrlPattern::new(PatternInput::Init(&init), *options) {
            Ok(again) => again,
            Err(_) if Component::ALL.into_iter().any(quirk) => continue,
            Err(e) => {
                return Err(format!(
                    "{p:?} does not rebuild from its pattern strings: {e}"
                ));
            }
        };
        for c in Component::ALL.into_iter().filter(|&c| !quirk(c)) {
            // A port pattern equal to the default port of the protocol's
            // pattern string is dropped when the pattern is built from it
            // (`{http}` written, `http` kept, `80` then dropped).
            if c == Component::Port && again.pattern(c).is_empty() {
                continue;
            }
            if again.pattern(c) != p.pattern(c) {
                return Err(format!(
                    "{c:?}: {:?} rebuilt as {:?}",
                    p.pattern(c),
                    again.pattern(c)
                ));
            }
        }
        for input in &inputs {
            let url = onecontact_url::Url::parse(input).ok();
            let component = UrlPatternInit {
                pathname: Some((*input).to_owned()),
                ..Default::default()
            };
            let mut cases: Vec<MatchInput<'_>> =
                vec![MatchInput::Str(input), MatchInput::Init(&component)];
            if let Some(u) = &url {
                cases.push(MatchInput::Url(u));
            }
            for m in cases {
                let tested = p.test(m);
                let exec = p.exec(m);
                if tested != exec.is_some() {
                    return Err(format!("test is {tested} but exec is {exec:?} for {m:?}"));
                }
                if let Some(r) = exec {
                    for c in Component::ALL {
                        let names = r.component(c).groups().len();
                        if p.regexp(c).starts_with('^') && names > p.regexp(c).matches('(').count()
                        {
                            return Err(format!("{c:?}: more groups than the expression has"));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
