//! Expected failures of a conformance run: a list that must match the run
//! exactly.
//!
//! A list exists only to be empty one day: each entry carries its reason
//! (for instance the Unicode-version skew it stands for), and the test fails
//! on a failure that is not listed, on a listed case that passes, and on a
//! listed case the data no longer has.

use std::collections::BTreeMap;
use std::fmt::Display;

/// The expected failures of one conformance run: case -> reason.
#[derive(Debug, Clone, Default)]
pub struct Expected {
    run: String,
    entries: BTreeMap<String, String>,
}

impl Expected {
    /// The list named `run` (used in messages) with its `(case, reason)`
    /// entries.
    pub fn new<C: Display, R: Display>(
        run: &str,
        entries: impl IntoIterator<Item = (C, R)>,
    ) -> Expected {
        Expected {
            run: run.to_owned(),
            entries: entries
                .into_iter()
                .map(|(c, r)| (c.to_string(), r.to_string()))
                .collect(),
        }
    }

    /// Whether `case` is listed.
    pub fn contains(&self, case: &str) -> bool {
        self.entries.contains_key(case)
    }

    /// The reason given for `case`, if listed.
    pub fn reason(&self, case: &str) -> Option<&str> {
        self.entries.get(case).map(String::as_str)
    }

    /// The listed cases and their reasons, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|(c, r)| (c.as_str(), r.as_str()))
    }

    /// The problems of a run over `cases` in which `failed(case)` says which
    /// failed: unlisted failures, listed passes, stale entries (listed but
    /// not among `cases`). Empty when the list matches the run.
    pub fn problems<C: AsRef<str>>(
        &self,
        cases: impl IntoIterator<Item = C>,
        mut failed: impl FnMut(&str) -> bool,
    ) -> Vec<String> {
        self.problems_with(cases, |case| failed(case).then(String::new))
    }

    /// [`problems`](Self::problems), where `failed(case)` returns what went
    /// wrong (`None` for a pass), which an unexpected failure's line shows.
    pub fn problems_with<C: AsRef<str>>(
        &self,
        cases: impl IntoIterator<Item = C>,
        mut failed: impl FnMut(&str) -> Option<String>,
    ) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for case in cases {
            let case = case.as_ref();
            let listed = self.contains(case);
            if listed {
                seen.insert(case.to_owned());
            }
            match (failed(case), listed) {
                (Some(detail), false) if detail.is_empty() => {
                    problems.push(format!("unexpected failure: {case}"));
                }
                (Some(detail), false) => {
                    problems.push(format!("unexpected failure: {case}: {detail}"));
                }
                (None, true) => problems.push(format!("listed but passes: {case}")),
                _ => {}
            }
        }
        for case in self.entries.keys().filter(|c| !seen.contains(*c)) {
            problems.push(format!("stale entry (no such case): {case}"));
        }
        problems
    }

    /// Panics with every problem of [`problems`](Self::problems) when the
    /// list does not match the run.
    ///
    /// # Panics
    ///
    /// When the run and the list disagree.
    pub fn assert_matches<C: AsRef<str>>(
        &self,
        cases: impl IntoIterator<Item = C>,
        failed: impl FnMut(&str) -> bool,
    ) {
        self.assert_problems(self.problems(cases, failed));
    }

    /// [`assert_matches`](Self::assert_matches) with the failures' details
    /// (see [`problems_with`](Self::problems_with)).
    ///
    /// # Panics
    ///
    /// When the run and the list disagree.
    pub fn assert_matches_with<C: AsRef<str>>(
        &self,
        cases: impl IntoIterator<Item = C>,
        failed: impl FnMut(&str) -> Option<String>,
    ) {
        self.assert_problems(self.problems_with(cases, failed));
    }

    fn assert_problems(&self, problems: Vec<String>) {
        assert!(
            problems.is_empty(),
            "{}: the expected-failures list does not match the run:\n{}",
            self.run,
            problems.join("\n")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::Expected;

    #[test]
    fn every_mismatch_is_a_problem() {
        let list = Expected::new("t", [("b", "why"), ("gone", "why")]);
        let problems = list.problems(["a", "b", "c"], |c| c == "a");
        assert_eq!(
            problems,
            [
                "unexpected failure: a",
                "listed but passes: b",
                "stale entry (no such case): gone"
            ]
        );
        assert!(
            Expected::new("t", [("b", "why")])
                .problems(["a", "b"], |c| c == "b")
                .is_empty()
        );
    }
}
