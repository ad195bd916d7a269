//! One compiled component: its normalized pattern string, its regular
//! expression and its group names ("compile a component").

use crate::Component;
use crate::canonicalize::Encoding;
use crate::error::{ComponentName, Error};
use crate::parser::{self, Modifier, Options, Part, PartKind};
use crate::regexp::{self, Failure};
use crate::result::UrlPatternResult;
use regex_automata::meta::Regex;
use regex_automata::util::primitives::NonMaxUsize;
use regex_automata::{Anchored, Input};

/// Capture slots kept on the stack when `exec` runs an expression: group 0
/// and up to 15 named groups.
const STACK_SLOTS: usize = 32;

/// The largest automaton one component may compile to (bytes of heap, for
/// the NFA and for each lazy DFA cache): the engine's size limits.
const SIZE_LIMIT: usize = 4 << 20;

/// How a component is matched.
#[derive(Debug, Clone)]
enum Matcher {
    /// `*` alone: every value matches, captured as group `0`. Component
    /// values never hold a line terminator (the URL parser removes or
    /// percent-encodes them), so this is exactly `^(.*)$`.
    Anything,
    /// Fixed text only, case-sensitive: string equality.
    Exact(String),
    /// The ECMAScript regular expression, translated for the linear-time
    /// engine (see `regexp.rs`), behind a quick test of the fixed text every
    /// match holds (see [`Literals`]).
    RegExp { regexp: Regex, literals: Literals },
}

/// A compiled component.
#[derive(Debug, Clone)]
pub(crate) struct CompiledComponent {
    pub(crate) pattern_string: String,
    pub(crate) regexp_string: String,
    matcher: Matcher,
    pub(crate) group_names: Vec<String>,
    pub(crate) has_regexp_groups: bool,
    pub(crate) parts: Vec<Part>,
    pub(crate) encoding: Encoding,
    pub(crate) options: Options,
}

impl CompiledComponent {
    /// "compile a component"
    pub(crate) fn compile(
        input: &str,
        component: Component,
        encoding: Encoding,
        options: Options,
    ) -> Result<CompiledComponent, Error> {
        let name = ComponentName::Component(component);
        let parts = parser::parse_pattern_string(input, options, name, &|v| encoding.apply(v))?;
        let (regexp_string, group_names) = parser::generate_regexp_and_names(&parts, options);
        let has_regexp_groups = parts.iter().any(|p| p.kind == PartKind::RegExp);
        let matcher = match parts.as_slice() {
            [p] if p.kind == PartKind::FullWildcard
                && p.modifier == Modifier::None
                && p.prefix.is_empty()
                && p.suffix.is_empty() =>
            {
                Matcher::Anything
            }
            _ if !options.ignore_case
                && parts
                    .iter()
                    .all(|p| p.kind == PartKind::FixedText && p.modifier == Modifier::None) =>
            {
                Matcher::Exact(parts.iter().map(|p| p.value.as_str()).collect())
            }
            _ => Matcher::RegExp {
                regexp: build(&regexp_string, options, name)?,
                literals: Literals::of(&parts, options),
            },
        };
        let pattern_string = parser::generate_pattern_string(&parts, options);
        Ok(CompiledComponent {
            pattern_string,
            regexp_string,
            matcher,
            group_names,
            has_regexp_groups,
            parts,
            encoding,
            options,
        })
    }

    /// Whether `value` matches.
    pub(crate) fn test(&self, value: &str) -> bool {
        match &self.matcher {
            Matcher::Anything => true,
            Matcher::Exact(s) => s == value,
            Matcher::RegExp { regexp, literals } => {
                literals.admit(value) && regexp.is_match(Input::new(value).anchored(Anchored::Yes))
            }
        }
    }

    /// Whether `value` passes the checks that need no regular expression
    /// (fixed text, and the fixed text every match of an expression holds):
    /// `false` means it does not match, `true` that it may.
    pub(crate) fn may_match(&self, value: &str) -> bool {
        match &self.matcher {
            Matcher::Anything => true,
            Matcher::Exact(s) => s == value,
            Matcher::RegExp { literals, .. } => literals.admit(value),
        }
    }

    /// Adds the groups of a match of `value` (component `c`'s value, which
    /// starts at `offset` in the result's text) to `result`, in the order
    /// of `group_names`; `false` when it does not match. The caller has
    /// checked [`may_match`](Self::may_match), which this does not repeat.
    pub(crate) fn exec_into(
        &self,
        c: Component,
        value: &str,
        offset: usize,
        result: &mut UrlPatternResult<'_>,
    ) -> bool {
        match &self.matcher {
            Matcher::Anything => {
                for _ in &self.group_names {
                    result.group(c, Some((offset, offset + value.len())));
                }
                true
            }
            // `may_match` compared the fixed text.
            Matcher::Exact(_) => true,
            Matcher::RegExp { regexp, .. } => {
                if self.group_names.is_empty() {
                    return regexp.is_match(Input::new(value).anchored(Anchored::Yes));
                }
                // The slots of group 0 and of each named group: on the
                // stack for the usual handful of groups. "Limit component
                // match result iteration to group name list size": groups
                // of the expression past the names (a named group inside a
                // regular expression group) are left out.
                let wanted = 2 * (self.group_names.len() + 1);
                let mut on_stack = [None; STACK_SLOTS];
                let mut on_heap = Vec::new();
                let slots = match on_stack.get_mut(..wanted) {
                    Some(slots) => slots,
                    None => {
                        on_heap.resize(wanted, None);
                        on_heap.as_mut_slice()
                    }
                };
                if regexp
                    .search_slots(&Input::new(value).anchored(Anchored::Yes), slots)
                    .is_none()
                {
                    return false;
                }
                let slots: &[Option<NonMaxUsize>] = slots;
                for pair in slots.chunks_exact(2).skip(1).take(self.group_names.len()) {
                    let span = match pair {
                        [Some(start), Some(end)] => {
                            Some((offset + start.get(), offset + end.get()))
                        }
                        _ => None,
                    };
                    result.group(c, span);
                }
                true
            }
        }
    }
}

/// "compile a component"'s RegExpCreate with flags `v` (`vi` under
/// ignoreCase): the expression read by [`regexp::translate`] and built for
/// `regex-automata`'s meta engine, whose search is linear in the input.
pub(crate) fn build(
    regexp_string: &str,
    options: Options,
    component: ComponentName,
) -> Result<Regex, Error> {
    let hir = regexp::translate(regexp_string, options.ignore_case).map_err(|f| match f {
        Failure::Syntax { offset, what } => Error::InvalidRegExp {
            component,
            regexp: regexp_string.to_owned(),
            offset,
            reason: what.to_owned(),
        },
        Failure::NeedsBacktracking { offset, feature } => Error::NeedsBacktracking {
            component,
            regexp: regexp_string.to_owned(),
            offset,
            feature,
        },
    })?;
    Regex::builder()
        .configure(
            Regex::config()
                .nfa_size_limit(Some(SIZE_LIMIT))
                .hybrid_cache_capacity(SIZE_LIMIT)
                .onepass_size_limit(Some(SIZE_LIMIT))
                .dfa_size_limit(Some(SIZE_LIMIT)),
        )
        .build_from_hir(&hir)
        .map_err(|e| Error::TooComplex {
            component,
            reason: format!("its regular expression is too large for the linear-time engine ({e})"),
        })
}

/// The fixed text a match of a part list must hold: the top-level
/// fixed-text parts without a modifier are in the regular expression
/// unconditionally, in order; the first such part, when it opens the list,
/// is a prefix, and the last, when it closes the list, a suffix. Checked
/// before the regular expression runs, it turns most non-matches away
/// cheaply. Empty under `ignoreCase` (case folding could change lengths).
#[derive(Debug, Clone, Default)]
struct Literals {
    starts_with: String,
    middle: Vec<String>,
    ends_with: String,
}

impl Literals {
    fn of(parts: &[Part], options: Options) -> Literals {
        let mut l = Literals::default();
        if options.ignore_case {
            return l;
        }
        let fixed = |p: &Part| p.kind == PartKind::FixedText && p.modifier == Modifier::None;
        let mut inner = parts;
        if let Some((first, rest)) = inner.split_first().filter(|(p, _)| fixed(p)) {
            l.starts_with.clone_from(&first.value);
            inner = rest;
        }
        if let Some((last, rest)) = inner.split_last().filter(|(p, _)| fixed(p)) {
            l.ends_with.clone_from(&last.value);
            inner = rest;
        }
        l.middle = inner
            .iter()
            .filter(|p| fixed(p))
            .map(|p| p.value.clone())
            .collect();
        l
    }

    /// Whether `value` could match.
    fn admit(&self, value: &str) -> bool {
        if !value.starts_with(self.starts_with.as_str())
            || !value.ends_with(self.ends_with.as_str())
        {
            return false;
        }
        let end = value.len().saturating_sub(self.ends_with.len());
        let mut rest = value
            .get(self.starts_with.len().min(end)..end)
            .unwrap_or("");
        for m in &self.middle {
            match rest.find(m.as_str()) {
                Some(at) => rest = rest.get(at + m.len()..).unwrap_or(""),
                None => return false,
            }
        }
        true
    }
}
