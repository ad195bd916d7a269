//! Key V1 against key V2 over URL lists: distinct keys of each, the merges
//! key V1 makes that key V2 undoes and those key V2 adds, counted by the V2
//! rule that decides them, with a sample of each.
//!
//! ```sh
//! cargo run --release -p onecontact-bench --bin key_versions -- \
//!     ../shared/bench-data/others/kasztp.txt ../shared/bench-data/others/userbait.txt \
//!     ../shared/bench-data/files/node_files.txt ../shared/bench-data/files/isaacs_files.txt
//! ```
//!
//! The union of the files' distinct lines (a byte order mark and white space
//! around a line dropped, empty lines skipped) is keyed once by each version.
//! `SAMPLE=N` sets the sample size (20).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;

use onecontact::{Data, KeyV2Decision};

/// A rule's name and whether a decision is of that rule.
type RuleTest = (&'static str, fn(&KeyV2Decision) -> bool);

/// The V2 rule a merge is put down to.
fn rule_of(decisions: &[KeyV2Decision], refused: bool) -> &'static str {
    if refused {
        return "refused (no address)";
    }
    let order: [RuleTest; 6] = [
        ("unwrapped", |d| {
            matches!(d, KeyV2Decision::Unwrapped { .. })
        }),
        ("hosting owner kept", |d| {
            matches!(d, KeyV2Decision::HostingOwnerKept { .. })
        }),
        ("paste read through", |d| {
            matches!(d, KeyV2Decision::PasteReadThrough { .. })
        }),
        ("path case kept", |d| {
            matches!(d, KeyV2Decision::PathCaseKept)
        }),
        ("query escapes normalized", |d| {
            matches!(d, KeyV2Decision::QueryEscapesNormalized)
        }),
        ("tracking removed", |d| {
            matches!(d, KeyV2Decision::TrackingRemoved { .. })
        }),
    ];
    order
        .iter()
        .find(|(_, is)| decisions.iter().any(is))
        .map_or("other", |(name, _)| name)
}

/// The decisions that tell two lines apart: those of one that the other
/// does not share (both lines' when they share all).
fn telling(a: &[KeyV2Decision], b: &[KeyV2Decision]) -> Vec<KeyV2Decision> {
    let apart: Vec<KeyV2Decision> = a
        .iter()
        .filter(|d| !b.contains(d))
        .chain(b.iter().filter(|d| !a.contains(d)))
        .cloned()
        .collect();
    if apart.is_empty() {
        a.iter().chain(b).cloned().collect()
    } else {
        apart
    }
}

struct Keyed {
    line: String,
    v1: Option<String>,
    v2: Option<String>,
    decisions: Vec<KeyV2Decision>,
}

fn main() -> std::io::Result<()> {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let sample: usize = std::env::var("SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file)?;
        for line in text.lines() {
            let line = line.trim_start_matches('\u{feff}').trim();
            if !line.is_empty() && seen.insert(line.to_owned()) {
                lines.push(line.to_owned());
            }
        }
    }
    let data = Data::baked();
    let keyed: Vec<Keyed> = lines
        .into_iter()
        .map(|line| {
            let v1 = onecontact::key_v1(&line).ok();
            let (v2, decisions) = match onecontact::key_v2_explained_with(&line, &data) {
                Ok((k, d)) => (Some(k), d),
                Err(_) => (None, Vec::new()),
            };
            Keyed {
                line,
                v1,
                v2,
                decisions,
            }
        })
        .collect();
    let distinct = |f: &dyn Fn(&Keyed) -> Option<&String>| {
        keyed.iter().filter_map(f).collect::<HashSet<_>>().len()
    };
    let out = std::io::stdout();
    let mut out = out.lock();
    writeln!(out, "distinct lines: {}", keyed.len())?;
    writeln!(out, "distinct keys V1: {}", distinct(&|k| k.v1.as_ref()))?;
    writeln!(out, "distinct keys V2: {}", distinct(&|k| k.v2.as_ref()))?;
    writeln!(
        out,
        "refused by V1: {}",
        keyed.iter().filter(|k| k.v1.is_none()).count()
    )?;
    writeln!(
        out,
        "refused by V2: {}",
        keyed.iter().filter(|k| k.v2.is_none()).count()
    )?;
    // A merge: a line that joins the group of an earlier line.
    let mut first_by_v1: HashMap<&str, usize> = HashMap::new();
    let mut first_by_v2: HashMap<&str, usize> = HashMap::new();
    let mut undone: BTreeMap<&str, Vec<(usize, usize)>> = BTreeMap::new();
    let mut added: BTreeMap<&str, Vec<(usize, usize)>> = BTreeMap::new();
    let (mut v1_merges, mut v2_merges) = (0usize, 0usize);
    for (i, k) in keyed.iter().enumerate() {
        if let Some(v1) = &k.v1 {
            match first_by_v1.get(v1.as_str()) {
                Some(&first) => {
                    v1_merges += 1;
                    let Some(f) = keyed.get(first) else { continue };
                    if k.v2.is_none() || f.v2.is_none() || k.v2 != f.v2 {
                        let why = telling(&k.decisions, &f.decisions);
                        let rule = rule_of(&why, k.v2.is_none() || f.v2.is_none());
                        undone.entry(rule).or_default().push((first, i));
                    }
                }
                None => {
                    first_by_v1.insert(v1, i);
                }
            }
        }
        if let Some(v2) = &k.v2 {
            match first_by_v2.get(v2.as_str()) {
                Some(&first) => {
                    v2_merges += 1;
                    let Some(f) = keyed.get(first) else { continue };
                    if k.v1.is_none() || k.v1 != f.v1 {
                        let why = telling(&k.decisions, &f.decisions);
                        added
                            .entry(rule_of(&why, false))
                            .or_default()
                            .push((first, i));
                    }
                }
                None => {
                    first_by_v2.insert(v2, i);
                }
            }
        }
    }
    // How many lines each rule applied to.
    let mut applied: BTreeMap<&str, usize> = BTreeMap::new();
    for k in &keyed {
        let mut rules: Vec<&str> = k
            .decisions
            .iter()
            .map(|d| rule_of(std::slice::from_ref(d), false))
            .collect();
        if k.v2.is_none() && k.v1.is_some() {
            rules.push(rule_of(&[], true));
        }
        rules.sort_unstable();
        rules.dedup();
        for rule in rules {
            *applied.entry(rule).or_default() += 1;
        }
    }
    writeln!(out, "lines each V2 rule applied to:")?;
    for (rule, n) in &applied {
        writeln!(out, "  {rule}: {n}")?;
    }
    // `RULE_LINES=N`: the first N lines of each rule, with both keys.
    let per_rule: usize = std::env::var("RULE_LINES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    if per_rule > 0 {
        for rule in applied.keys() {
            writeln!(out, "lines of {rule}:")?;
            let lines = keyed.iter().filter(|k| {
                k.decisions
                    .iter()
                    .any(|d| rule_of(std::slice::from_ref(d), false) == *rule)
                    || (k.v2.is_none() && k.v1.is_some() && rule_of(&[], true) == *rule)
            });
            for k in lines.take(per_rule) {
                writeln!(
                    out,
                    "  {}\n      V1 {}\n      V2 {}",
                    k.line,
                    k.v1.as_deref().unwrap_or("-"),
                    k.v2.as_deref().unwrap_or("(refused)")
                )?;
            }
        }
    }
    writeln!(out, "merges V1: {v1_merges}")?;
    writeln!(out, "merges V2: {v2_merges}")?;
    for (title, table) in [("undone by V2", &undone), ("added by V2", &added)] {
        let total: usize = table.values().map(Vec::len).sum();
        writeln!(out, "\n{title}: {total}")?;
        for (rule, pairs) in table {
            writeln!(out, "  {rule}: {}", pairs.len())?;
        }
        // A sample spread over the rules: one of each rule first, the rest
        // in proportion to the rule's count, spread over its merges.
        writeln!(out, "sample ({title}):")?;
        let rest = sample.saturating_sub(table.len());
        for (rule, pairs) in table {
            let share = 1 + pairs.len() * rest / total.max(1);
            let step = (pairs.len() / share).max(1);
            for &(a, b) in pairs.iter().step_by(step).take(share) {
                let (Some(a), Some(b)) = (keyed.get(a), keyed.get(b)) else {
                    continue;
                };
                writeln!(
                    out,
                    "  [{rule}] {}  |  {}\n      V1 {} | {}\n      V2 {} | {}",
                    a.line,
                    b.line,
                    a.v1.as_deref().unwrap_or("-"),
                    b.v1.as_deref().unwrap_or("-"),
                    a.v2.as_deref().unwrap_or("(refused)"),
                    b.v2.as_deref().unwrap_or("(refused)"),
                )?;
            }
        }
    }
    Ok(())
}
