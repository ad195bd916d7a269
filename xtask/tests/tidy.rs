//! Tidy checks over the workspace's code and docs, run by `cargo test`:
//!
//! - the URL Standard is cited by anchor
//!   (`https://url.spec.whatwg.org/#concept-url-origin`), never by a section
//!   number: a `§` is allowed only right after `RFC <number>` or
//!   `UTS #<number>`, whose section numbers are stable;
//! - every relative link in `docs/*.md` and `README.md` names a file that
//!   exists;
//! - every public item that the tables of `docs/web-api.md` name (a route, a
//!   report type, an error code) is still in the code;
//! - what `onecontact-bytes` holds (the `gigo` module, the forbidden host
//!   code points) is not copied back into another crate;
//! - the docs and doc comments tell no story of how or when the work was
//!   done (the rules are on `work_stories`), and type no counts of what a
//!   test reads (`typed_counts`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Files of the workspace (no `target/`, no hidden folders) ending in one of
/// `exts`.
fn files(exts: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().unwrap().to_string_lossy();
            if name.starts_with('.') || name == "target" {
                continue;
            }
            if path.is_dir() {
                walk(&path, exts, out);
            } else if exts.iter().any(|e| name.ends_with(e)) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root(), exts, &mut out);
    out
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Whether the text before a `§` names a standard whose section numbers may
/// be cited: `RFC 3986 ` or `UTS #39 `.
fn numbered_standard_before(before: &str) -> bool {
    let words: Vec<&str> = before.split_whitespace().rev().take(2).collect();
    match words.as_slice() {
        [number, name] => {
            let number = number.trim_start_matches('#');
            !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit())
                && (name.ends_with("RFC") || name.ends_with("UTS"))
                && before.ends_with(' ')
        }
        _ => false,
    }
}

/// The `§` references of `text` that do not follow `RFC n` or `UTS #n`.
fn section_references(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for (at, _) in line.match_indices('§') {
            // The sign itself, quoted as code, is not a reference.
            let quoted = line[..at].ends_with('`') || line[..at].ends_with('\'');
            if !quoted && !numbered_standard_before(&line[..at]) {
                found.push((n + 1, line.trim().to_owned()));
            }
        }
    }
    found
}

#[test]
fn url_standard_is_cited_by_anchor() {
    let mut bad = Vec::new();
    let this_file = Path::new(file!()).file_name().unwrap();
    for path in files(&[".rs", ".md"]) {
        if path.ends_with(Path::new("tests").join(this_file)) {
            continue;
        }
        // Pinned upstream files (testdata/) are kept as they were published.
        if relative(&path).starts_with("testdata/") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        for (line, content) in section_references(&text) {
            bad.push(format!("{}:{line}: {content}", relative(&path)));
        }
    }
    assert!(
        bad.is_empty(),
        "cite the URL Standard by anchor (https://url.spec.whatwg.org/#…), not by section number:\n{}",
        bad.join("\n")
    );
}

#[test]
fn section_check_tells_standards_apart() {
    assert!(section_references("RFC 3986 §2.3 and (UTS #39 §5.2), the `§` sign").is_empty());
    assert_eq!(section_references("the URL Standard §4.4").len(), 1);
    assert_eq!(section_references("origin (§4.7)").len(), 1);
    assert_eq!(section_references("web.md §11").len(), 1);
}

/// The targets of the Markdown links `[text](target)` in `text`.
fn link_targets(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        out.push(&after[..end]);
        rest = &after[end..];
    }
    out
}

#[test]
fn doc_links_name_existing_files() {
    let mut docs: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.push(root().join("README.md"));
    docs.sort();
    let mut bad = Vec::new();
    for doc in &docs {
        let text = fs::read_to_string(doc).unwrap();
        for target in link_targets(&text) {
            let file = target.split('#').next().unwrap_or_default();
            if file.is_empty() || file.contains("://") || file.starts_with("mailto:") {
                continue;
            }
            let resolved = doc.parent().unwrap().join(file);
            if !resolved.exists() {
                bad.push(format!("{}: link to missing {target}", relative(doc)));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn link_targets_are_found() {
    assert_eq!(
        link_targets("see [a](a.md#x) and [b](https://b) [c](../c.rs)"),
        ["a.md#x", "https://b", "../c.rs"]
    );
}

/// All text of the `.rs` files below `dir`.
fn sources(dir: &str) -> String {
    let dir = root().join(dir);
    files(&[".rs"])
        .into_iter()
        .filter(|p| p.starts_with(&dir))
        .map(|p| fs::read_to_string(p).unwrap())
        .collect()
}

/// The items the tables of docs/web-api.md name: routes (`GET /api/health`),
/// report types (`ParseReport`) and error codes (`` `bad-json` `` in the
/// `code` column).
fn web_api_items(doc: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
    let (mut routes, mut types, mut codes) = (Vec::new(), Vec::new(), Vec::new());
    let mut code_column = None;
    let mut in_table = false;
    for line in doc.lines() {
        if !line.starts_with('|') {
            code_column = None;
            in_table = false;
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        // Only a table's first row is its header: a `code` row of a table of
        // fields names a field, not a column of codes.
        let header = !in_table;
        in_table = true;
        if header {
            code_column = cells.iter().position(|c| *c == "`code`");
            if code_column.is_some() {
                continue;
            }
        }
        for cell in &cells {
            for method in ["GET ", "POST "] {
                if let Some(route) = cell.strip_prefix('`').and_then(|c| c.strip_prefix(method)) {
                    routes.push(route.trim_end_matches('`').to_owned());
                }
            }
            for word in cell.split(|c: char| !c.is_ascii_alphanumeric()) {
                if word.len() > "Report".len()
                    && word.ends_with("Report")
                    && word.starts_with(|c: char| c.is_ascii_uppercase())
                {
                    types.push(word.to_owned());
                }
            }
        }
        if let Some(cell) = code_column.and_then(|i| cells.get(i)) {
            for part in cell.split('`').skip(1).step_by(2) {
                codes.push(part.to_owned());
            }
        }
    }
    (routes, types, codes)
}

#[test]
fn web_api_tables_name_what_the_code_has() {
    let doc = fs::read_to_string(root().join("docs/web-api.md")).unwrap();
    let (routes, types, codes) = web_api_items(&doc);
    assert!(routes.len() >= 7 && types.len() >= 6 && codes.len() >= 10);
    let server = sources("crates/onecontact-cli/src/serve");
    let library = sources("crates/onecontact/src") + &sources("crates/onecontact-report/src");
    let mut missing = Vec::new();
    for route in &routes {
        if !server.contains(&format!("\"{route}\"")) {
            missing.push(format!("route {route}"));
        }
    }
    for name in &types {
        if !library.contains(&format!("pub struct {name} ")) {
            missing.push(format!("type {name}"));
        }
    }
    for code in &codes {
        let literal = format!("\"{code}\"");
        if !server.contains(&literal) && !library.contains(&literal) {
            missing.push(format!("error code {code}"));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/web-api.md names what the API no longer has: {missing:?}"
    );
}

#[test]
fn web_api_items_are_read_from_tables() {
    let doc = "| Route | Reply |\n|---|---|\n| `POST /api/x` | `{\"report\": XReport}` |\n\n\
               | Status | `code` | When |\n|---|---|---|\n| 400 | `bad-json` | … |\n\n\
               | Field | Meaning |\n|---|---|\n| `code` | a code |\n| `severity` | `info` |\n";
    let (routes, types, codes) = web_api_items(doc);
    assert_eq!(routes, ["/api/x"]);
    assert_eq!(types, ["XReport"]);
    assert_eq!(codes, ["bad-json"]);
}

/// Where "seed" is a word of the domain rather than a name for the documents
/// the work started from: a fuzzer's seed corpus (docs/fuzzing.md), and the
/// seed of the Public Suffix List table's perfect hash (docs/psl.md and the
/// PSL crate). Even there, "seed" and three digits (`seed 004`) is a story.
const SEED_IS_DOMAIN: [&str; 3] = ["docs/fuzzing.md", "docs/psl.md", "crates/onecontact-psl/"];

/// Words that, before "commit", make it a moment of the work ("fixed in
/// commit …", "before commit …") rather than a build that figures were
/// measured on ("(commit df41c6b)").
const BEFORE_A_COMMIT_STORY: [&str; 8] = [
    "before", "after", "since", "until", "through", "from", "in", "between",
];

/// Words that, before "round" or "session", make it a time of the work
/// rather than a thing of the domain: a benchmark's rounds, a round trip
/// and a DataFusion session stay words of the domain.
const WHEN: [&str; 7] = [
    "this", "last", "next", "previous", "earlier", "later", "that",
];

/// Verbs that, after "we", tell what the authors did rather than what the
/// code does ("we changed", "we now").
const WE_DID: [&str; 15] = [
    "changed",
    "added",
    "fixed",
    "removed",
    "replaced",
    "renamed",
    "moved",
    "made",
    "switched",
    "dropped",
    "rewrote",
    "decided",
    "introduced",
    "updated",
    "now",
];

/// Whether `word` looks like an abbreviated or full git commit hash: 7 to 40
/// hexadecimal digits with at least one digit and one letter.
fn is_commit_hash(word: &str) -> bool {
    (7..=40).contains(&word.len())
        && word.bytes().all(|b| b.is_ascii_hexdigit())
        && word.bytes().any(|b| b.is_ascii_digit())
        && word.bytes().any(|b| b.is_ascii_alphabetic())
}

/// The cells of a Markdown table row, trimmed, without backticks.
fn table_cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner
        .split('|')
        .map(|c| c.trim().trim_matches('`').to_ascii_lowercase())
        .collect()
}

/// What in `text` (the docs or doc comments of the file `rel`) tells how or
/// when the work was done, with line numbers: docs and doc comments say what
/// is true, and history lives in git. The rules:
///
/// - "issue" or "issues" (no sense of the word belongs to this domain);
/// - "seed" or "seeds", except in [`SEED_IS_DOMAIN`], and "seed" with three
///   digits everywhere;
/// - "round" or "session" after a word of [`WHEN`];
/// - "we" before a verb of [`WE_DID`];
/// - "commit" or "commits" after a word of [`BEFORE_A_COMMIT_STORY`];
/// - a commit hash, unless it names the build a figure was measured on:
///   right after "commit" (`(commit df41c6b)`), or the whole cell of a table
///   column headed `commit`. A checksum right after `sha256` is no commit.
fn work_stories(rel: &str, text: &str) -> Vec<(usize, String)> {
    let seed_is_domain = SEED_IS_DOMAIN.iter().any(|p| rel.starts_with(p));
    let mut out = Vec::new();
    let mut header: Option<Vec<String>> = None;
    for (n, line) in text.lines().enumerate() {
        let lower = line.to_ascii_lowercase();
        let cells = lower
            .trim_start()
            .starts_with('|')
            .then(|| table_cells(line));
        let commit_cells: Vec<String> = match (&cells, &header) {
            (Some(row), Some(head)) => row
                .iter()
                .zip(head)
                .filter(|(_, h)| h.as_str() == "commit")
                .map(|(c, _)| c.clone())
                .collect(),
            _ => Vec::new(),
        };
        if header.is_none() || cells.is_none() {
            header = cells;
        }
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '#')
            .filter(|w| !w.is_empty())
            .collect();
        for (i, &word) in words.iter().enumerate() {
            let before = i.checked_sub(1).and_then(|b| words.get(b)).copied();
            let next = words.get(i + 1).copied().unwrap_or_default();
            let number = next.trim_start_matches('#');
            let numbered = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
            let story = match word {
                "issue" | "issues" => true,
                "seed" | "seeds" => !seed_is_domain || (numbered && number.len() == 3),
                "round" | "rounds" | "session" | "sessions" => {
                    before.is_some_and(|b| WHEN.contains(&b))
                }
                "we" => WE_DID.contains(&next),
                "commit" | "commits" => before.is_some_and(|b| BEFORE_A_COMMIT_STORY.contains(&b)),
                _ if is_commit_hash(word) => {
                    !matches!(before, Some("commit" | "sha256"))
                        && !commit_cells.iter().any(|c| c == word)
                }
                _ => false,
            };
            if story {
                let shown = match before {
                    Some(b) => format!("{b} {word} {next}"),
                    None => format!("{word} {next}"),
                };
                out.push((n + 1, shown.trim().to_owned()));
            }
        }
    }
    out
}

/// The docs that say what is true: `docs/*.md`, the README files, and the
/// doc comments (`//!`, `///`) of the crates' sources.
fn docs_and_doc_comments() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for path in files(&[".md", ".rs"]) {
        let rel = relative(&path);
        let docs = rel.starts_with("docs/")
            || rel == "README.md"
            || (rel.starts_with("crates/")
                && rel.matches('/').count() == 2
                && rel.ends_with("/README.md"));
        let code = rel.starts_with("crates/") && rel.contains("/src/") && rel.ends_with(".rs");
        if !(docs || code) {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        // In code, only the documentation comments.
        let text: String = if code {
            text.lines()
                .map(|l| {
                    let t = l.trim_start();
                    if t.starts_with("//!") || t.starts_with("///") {
                        l
                    } else {
                        ""
                    }
                })
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            text
        };
        out.push((rel, text));
    }
    out
}

#[test]
fn docs_tell_no_stories_of_the_work() {
    let docs = docs_and_doc_comments();
    assert!(docs.iter().any(|(rel, _)| rel == "docs/fuzzing.md"));
    assert!(
        docs.iter()
            .any(|(rel, _)| rel == "crates/onecontact-url/src/lib.rs")
    );
    let mut found = Vec::new();
    for (rel, text) in &docs {
        for (line, words) in work_stories(rel, text) {
            found.push(format!("{rel}:{line}: {words}"));
        }
    }
    assert!(
        found.is_empty(),
        "say what is true, not how it came about:\n{}",
        found.join("\n")
    );
}

#[test]
fn work_stories_are_found() {
    let stories = |text: &str| -> Vec<String> {
        work_stories("docs/x.md", text)
            .into_iter()
            .map(|(n, s)| format!("{n}: {s}"))
            .collect()
    };
    assert_eq!(stories("as seed 004 says"), ["1: as seed 004"]);
    assert_eq!(stories("x\nIssue 14 set a target"), ["2: issue 14"]);
    assert_eq!(
        stories("rust-url #609 and issue #831"),
        ["1: and issue #831"]
    );
    assert_eq!(stories("the seed's codes"), ["1: the seed s"]);
    assert_eq!(stories("done in that round"), ["1: that round"]);
    assert_eq!(
        stories("as an earlier session left it"),
        ["1: earlier session left"]
    );
    assert_eq!(stories("We changed the key"), ["1: we changed"]);
    assert_eq!(
        stories("slow before commit 1dcc018"),
        ["1: before commit 1dcc018"]
    );
    assert_eq!(stories("fixed in 54d8e7e: the"), ["1: in 54d8e7e the"]);
    // The domain's words, and a build that figures were measured on.
    assert!(stories("a round trip; 11 rounds; a DataFusion session").is_empty());
    assert!(stories("we follow the Standard").is_empty());
    assert!(stories("built at (commit df41c6b), sha256 0232f4df").is_empty());
    assert!(stories("0x7f000001, 2130706433, xn--bcher-kva, the decade").is_empty());
    assert!(work_stories("docs/psl.md", "tries seeds 0, 1, 2 until a seed fits").is_empty());
    assert_eq!(work_stories("docs/psl.md", "seed 004 says").len(), 1);
    // A hash in a `commit` column is a build; elsewhere in a row it is a story.
    let table = "| date | commit | ended |\n|---|---|---|\n| 12-02 | 5770b0e | fixed in 54d8e7e |\n\nafter 5770b0e";
    assert_eq!(
        work_stories("docs/fuzzing.md", table),
        [
            (3, "in 54d8e7e".to_owned()),
            (5, "after 5770b0e".to_owned())
        ]
    );
}

/// Words that, after a number, count what a test reads (`2671 entries`,
/// `78 cases`, `6 saved inputs`, with at most one word between): such a
/// count changes with the data, so the prose says "every entry" and the
/// test that reads the data does the counting.
const COUNTED_BY_TESTS: [&str; 4] = ["entries", "rows", "cases", "saved"];

/// Counts in `text` (Markdown, outside fenced blocks) of what a test reads,
/// with their line numbers.
fn typed_counts(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let lower = line.to_ascii_lowercase();
        // A count and its noun stand in one clause.
        for clause in lower.split([';', ':', '.', '(', ')', '|']) {
            let words: Vec<&str> = clause
                .split(|c: char| !c.is_ascii_alphanumeric() && c != ',')
                .map(|w| w.trim_matches(','))
                .filter(|w| !w.is_empty())
                .collect();
            for (i, word) in words.iter().enumerate() {
                let number = word.bytes().all(|b| b.is_ascii_digit() || b == b',');
                let counted = words
                    .iter()
                    .skip(i + 1)
                    .take(2)
                    .find(|w| COUNTED_BY_TESTS.contains(w));
                if number && let Some(what) = counted {
                    out.push((n + 1, format!("{word} {what}")));
                }
            }
        }
    }
    out
}

/// `docs/performance.md` and `docs/fuzzing.md` hold measurements and the
/// records of fuzzing runs, figures with their commands; the other pages
/// do not type counts of what a test reads.
#[test]
fn docs_leave_counting_to_the_tests() {
    let mut found = Vec::new();
    for (rel, text) in docs_and_doc_comments() {
        let measured = matches!(rel.as_str(), "docs/performance.md" | "docs/fuzzing.md");
        if !rel.ends_with(".md") || measured {
            continue;
        }
        for (line, count) in typed_counts(&text) {
            found.push(format!("{rel}:{line}: {count}"));
        }
    }
    assert!(
        found.is_empty(),
        "a test counts these; say \"every entry\" or name the test:\n{}",
        found.join("\n")
    );
}

#[test]
fn typed_counts_are_found() {
    let counts = |t: &str| -> Vec<String> {
        typed_counts(t)
            .into_iter()
            .map(|(n, c)| format!("{n}: {c}"))
            .collect()
    };
    assert_eq!(
        counts("a\n(2,671 entries, Unicode 17)"),
        ["2: 2,671 entries"]
    );
    assert_eq!(
        counts("7 saved inputs; 78 of 78 cases"),
        ["1: 7 saved", "1: 78 cases"]
    );
    assert!(counts("every entry; 64 seeds; 3 inputs; rows 6468 and 6475").is_empty());
    assert!(counts("```\n2 rows\n```").is_empty());
}

/// The places in Rust sources outside `crates/onecontact-bytes` that copy
/// what that crate holds: a `gigo.rs` of their own, or the list of forbidden
/// host code points written out (the run `'<' | '>'` that every copy of the
/// list has, and nothing else in the workspace).
fn copies_of_shared_bytes(sources: &[(String, String)]) -> Vec<String> {
    let list = forbidden_list_markers();
    sources
        .iter()
        .filter(|(path, _)| !path.starts_with("crates/onecontact-bytes/"))
        .filter_map(|(path, text)| {
            if path.ends_with("/gigo.rs") {
                return Some(format!("{path}: a copy of onecontact-bytes' gigo module"));
            }
            let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            list.iter()
                .any(|marker| compact.contains(marker))
                .then(|| format!("{path}: the forbidden host code points written out"))
        })
        .collect()
}

/// How a written-out list of forbidden host code points shows, white space
/// removed: as `char`s or as bytes.
fn forbidden_list_markers() -> [&'static str; 2] {
    ["'<'|'>'", "b'<'|b'>'"]
}

#[test]
fn shared_byte_helpers_live_in_one_crate() {
    let sources: Vec<(String, String)> = files(&[".rs"])
        .into_iter()
        .map(|path| (relative(&path), fs::read_to_string(&path).unwrap()))
        .filter(|(path, _)| path.starts_with("crates/"))
        .collect();
    let found = copies_of_shared_bytes(&sources);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn copies_of_shared_bytes_are_found() {
    let source = |path: &str, text: &str| (path.to_owned(), text.to_owned());
    let found = copies_of_shared_bytes(&[
        source("crates/a/src/gigo.rs", ""),
        source(
            "crates/b/src/host.rs",
            "matches!(c, '#' | '<'\n    | '>' | '?')",
        ),
        source("crates/c/src/t.rs", "0 | b'<' | b'>' => 1,"),
        source("crates/onecontact-bytes/src/forbidden.rs", "'<' | '>'"),
        source("crates/d/src/ok.rs", "if c == '<' || c == '>' {}"),
    ]);
    assert_eq!(found.len(), 3, "{found:?}");
}
