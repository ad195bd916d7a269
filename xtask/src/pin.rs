//! `cargo xtask pin wpt|wpt-urlpattern|urlpattern-spec|psl|top-domains --from PATH`: copy upstream data into `testdata/`,
//! refuse files that do not parse, hash them and rewrite the folder's PIN.
//!
//! The PIN keeps its notes and, for each file, the package, path and upstream
//! columns it had; `--package NAME --version VER` replaces the package columns
//! of every file copied (for a re-pin from a newer package).

use std::path::{Path, PathBuf};

use crate::pinfile::{Pin, Row, read, sha256_hex};

/// The WPT url resources this project runs.
const WPT_FILES: [&str; 8] = [
    "urltestdata.json",
    "setters_tests.json",
    "toascii.json",
    "IdnaTestV2.json",
    "IdnaTestV2-removed.json",
    "percent-encoding.json",
    "urltestdata-javascript-only.json",
    "LICENSE",
];

/// The WPT urlpattern resources: the constructor/match cases, and the data of
/// the `compareComponent` and `generate` operations.
const WPT_URLPATTERN_FILES: [&str; 4] = [
    "urlpatterntestdata.json",
    "urlpattern-compare-test-data.json",
    "urlpattern-generate-test-data.json",
    "LICENSE",
];

/// The URL Pattern Standard's source (whatwg/urlpattern `spec.bs`) at the
/// commit the implementation follows, and its licence. No registry package
/// ships it; the copy comes from a checkout of the repository.
const URLPATTERN_SPEC_FILES: [&str; 2] = ["spec.bs", "LICENSE"];

/// Checks the Standard's Bikeshed source: UTF-8 with a metadata block
/// naming the URL Pattern Standard; counts its algorithm steps (lines
/// starting with `1. `).
fn check_spec(name: &str, bytes: &[u8]) -> Result<String, String> {
    if name == "LICENSE" {
        return check_licence(bytes);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    if !text.contains("<pre class=\"metadata\">") || !text.contains("H1: URL Pattern") {
        return Err("not the Bikeshed source of the URL Pattern Standard".to_owned());
    }
    let steps = text
        .lines()
        .filter(|l| l.trim_start().starts_with("1. "))
        .count();
    Ok(format!("{steps} steps"))
}

/// The PSL files: the list and the PSL project's own test cases.
const PSL_FILES: [&str; 3] = ["public_suffix_list.dat", "tests.txt", "LICENSE"];

/// The popular domains of the homograph check: Chromium's list and its
/// licence. No registry package ships it; the copy comes from `../shared`.
const TOP_DOMAIN_FILES: [&str; 2] = ["domains.list", "LICENSE"];

/// A licence text is only checked for being non-empty UTF-8.
fn check_licence(bytes: &[u8]) -> Result<String, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    if text.trim().is_empty() {
        return Err("the licence text is empty".to_owned());
    }
    Ok("-".to_owned())
}

/// Checks one file's contents and returns its entry count as text.
type Checker = fn(&str, &[u8]) -> Result<String, String>;

struct Options {
    set: String,
    from: PathBuf,
    package: Option<String>,
    version: Option<String>,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut it = args.iter();
    let set = it
        .next()
        .ok_or(
            "pin needs a set: `wpt`, `wpt-urlpattern`, `urlpattern-spec`, `psl` or `top-domains`",
        )?
        .to_owned();
    let (mut from, mut package, mut version) = (None, None, None);
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?
            .to_owned();
        match flag.as_str() {
            "--from" => from = Some(PathBuf::from(value)),
            "--package" => package = Some(value),
            "--version" => version = Some(value),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(Options {
        set,
        from: from.ok_or("pin needs --from PATH")?,
        package,
        version,
    })
}

/// Runs `pin` with the arguments after the word `pin`.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let opts = parse_options(args)?;
    let (folder, files, check): (&str, &[&str], Checker) = match opts.set.as_str() {
        "wpt" => ("wpt-url", &WPT_FILES, check_wpt),
        "wpt-urlpattern" => ("wpt-urlpattern", &WPT_URLPATTERN_FILES, check_wpt),
        "urlpattern-spec" => ("urlpattern-spec", &URLPATTERN_SPEC_FILES, check_spec),
        "psl" => ("psl", &PSL_FILES, check_psl),
        "top-domains" => ("top-domains", &TOP_DOMAIN_FILES, check_top_domains),
        other => {
            return Err(format!(
                "unknown set `{other}` (expected wpt, wpt-urlpattern, urlpattern-spec, psl or top-domains)"
            ));
        }
    };
    let dest = root.join("testdata").join(folder);
    let pin_path = dest.join("PIN");
    let mut pin = match std::fs::read_to_string(&pin_path) {
        Ok(text) => Pin::parse(&text, "PIN")?,
        Err(_) => Pin::default(),
    };
    // --from names a folder holding the files, or (psl) one file.
    let sources: Vec<(&str, PathBuf)> = if opts.from.is_dir() {
        files
            .iter()
            .map(|f| (*f, opts.from.join(f)))
            .filter(|(_, p)| p.is_file())
            .collect()
    } else {
        let name = opts
            .from
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        match files.iter().find(|f| **f == name) {
            Some(f) => vec![(*f, opts.from.clone())],
            None => {
                return Err(format!(
                    "{} is not one of {}",
                    opts.from.display(),
                    files.join(", ")
                ));
            }
        }
    };
    if sources.is_empty() {
        return Err(format!(
            "{} holds none of {}",
            opts.from.display(),
            files.join(", ")
        ));
    }
    // Check everything before writing anything.
    let mut checked = Vec::new();
    for (name, path) in &sources {
        let bytes = read(path)?;
        let entries = check(name, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        checked.push((*name, bytes, entries));
    }
    std::fs::create_dir_all(&dest).map_err(|e| format!("cannot create {}: {e}", dest.display()))?;
    for (name, bytes, entries) in checked {
        let target = dest.join(name);
        std::fs::write(&target, &bytes)
            .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
        let sha256 = sha256_hex(&bytes);
        let row = match pin.row_mut(name) {
            Some(row) => row,
            None => {
                pin.rows.push(Row {
                    file: name.to_owned(),
                    package: "-".to_owned(),
                    version: "-".to_owned(),
                    path: name.to_owned(),
                    upstream: "-".to_owned(),
                    upstream_date: "-".to_owned(),
                    sha256: String::new(),
                    bytes: 0,
                    entries: String::new(),
                });
                let last = pin.rows.len() - 1;
                pin.rows
                    .get_mut(last)
                    .ok_or("internal error: row just pushed is missing")?
            }
        };
        if let Some(p) = &opts.package {
            row.package.clone_from(p);
        }
        if let Some(v) = &opts.version {
            row.version.clone_from(v);
        }
        println!("pinned {folder}/{name}: {entries}, sha256 {sha256}");
        row.sha256 = sha256;
        row.bytes = bytes.len() as u64;
        row.entries = entries;
    }
    std::fs::write(&pin_path, pin.render())
        .map_err(|e| format!("cannot write {}: {e}", pin_path.display()))?;
    println!("rewrote {}", pin_path.display());
    Ok(())
}

/// Checks the list of popular domains: every line that is neither empty nor
/// a `#` comment is an ASCII host name of two labels or more; counts them.
fn check_top_domains(name: &str, bytes: &[u8]) -> Result<String, String> {
    if name == "LICENSE" {
        return check_licence(bytes);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    let mut count = 0usize;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let ok = line.contains('.')
            && line
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-.".contains(&b));
        if !ok {
            return Err(format!(
                "line {}: {line:?} is not an ASCII host name",
                i + 1
            ));
        }
        count += 1;
    }
    if count == 0 {
        return Err("holds no domain".to_owned());
    }
    Ok(format!("{count} domains"))
}

/// Parses a WPT resource and counts its test entries (JSON objects; in
/// `setters_tests.json`, the objects under every setter's array).
fn check_wpt(name: &str, bytes: &[u8]) -> Result<String, String> {
    if name == "LICENSE" {
        return check_licence(bytes);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    let text = replace_lone_surrogates(text);
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("not valid JSON: {e}"))?;
    let count = match &value {
        serde_json::Value::Array(items) => items.iter().filter(|v| v.is_object()).count(),
        serde_json::Value::Object(map) => map
            .iter()
            .filter(|(k, _)| k.as_str() != "comment")
            .filter_map(|(_, v)| v.as_array())
            .map(|a| a.iter().filter(|v| v.is_object()).count())
            .sum(),
        _ => return Err("expected a JSON array or object".to_owned()),
    };
    if count == 0 && name != "IdnaTestV2-removed.json" {
        return Err("holds no test entry".to_owned());
    }
    Ok(count.to_string())
}

/// JSON allows `\\uD800`-style escapes of lone surrogates (the WPT data uses
/// them on purpose: a browser turns them into U+FFFD when a string becomes a
/// USVString). serde_json refuses them, so each escape of a surrogate that is
/// not half of a valid pair is rewritten as `\\uFFFD` before parsing.
fn replace_lone_surrogates(text: &str) -> String {
    fn escape_at(b: &[u8], i: usize) -> Option<u16> {
        let hex = b.get(i..i + 6)?;
        if hex.first() != Some(&b'\\') || hex.get(1) != Some(&b'u') {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(hex.get(2..)?).ok()?, 16).ok()
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        if b.get(i) == Some(&b'\\') {
            if let Some(unit) = escape_at(b, i) {
                let high = (0xD800..0xDC00).contains(&unit);
                let low = (0xDC00..0xE000).contains(&unit);
                let paired =
                    high && escape_at(b, i + 6).is_some_and(|n| (0xDC00..0xE000).contains(&n));
                if paired {
                    i += 12;
                    continue;
                }
                if high || low {
                    out.push_str(text.get(last..i).unwrap_or_default());
                    out.push_str("\\uFFFD");
                    i += 6;
                    last = i;
                    continue;
                }
                i += 6;
                continue;
            }
            i += 2; // any other escape: skip the escaped character
            continue;
        }
        i += 1;
    }
    out.push_str(text.get(last..).unwrap_or_default());
    out
}

/// Checks a PSL file line by line and counts rules (list) or cases (tests).
fn check_psl(name: &str, bytes: &[u8]) -> Result<String, String> {
    if name == "LICENSE" {
        return check_licence(bytes);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    if name == "tests.txt" {
        let mut cases = 0;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with("//") {
                continue;
            }
            if line.split_whitespace().count() != 2 {
                return Err(format!(
                    "line {}: expected `input expected`, found `{line}`",
                    i + 1
                ));
            }
            cases += 1;
        }
        return Ok(cases.to_string());
    }
    let mut rules = 0;
    let (mut icann, mut private) = (false, false);
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.contains("===BEGIN ICANN DOMAINS===") {
            icann = true;
        }
        if line.contains("===BEGIN PRIVATE DOMAINS===") {
            private = true;
        }
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let rule = line.strip_prefix('!').unwrap_or(line);
        let bad = rule.is_empty()
            || rule.starts_with('.')
            || rule.ends_with('.')
            || rule.contains("..")
            || rule
                .chars()
                .any(|c| c.is_whitespace() || c == '!' || c == '/')
            || rule
                .split('.')
                .enumerate()
                .any(|(i, label)| label.contains('*') && (i != 0 || label != "*"));
        if bad {
            return Err(format!("line {}: `{line}` is not a PSL rule", i + 1));
        }
        rules += 1;
    }
    if !icann || !private {
        return Err("missing the ICANN or PRIVATE section marker".to_owned());
    }
    Ok(format!("{rules} rules"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wpt_counts() {
        assert_eq!(
            check_wpt("a.json", br#"["c", {"a":1}, {"b":2}]"#).unwrap(),
            "2"
        );
        assert_eq!(
            check_wpt(
                "s.json",
                br#"{"comment":["x"],"href":[{"a":1}],"port":[{},{}]}"#
            )
            .unwrap(),
            "3"
        );
        assert!(check_wpt("a.json", b"[1,").is_err());
        assert_eq!(check_wpt("a.json", br#"[{"i":"a\ud900z"}]"#).unwrap(), "1");
        assert_eq!(
            replace_lone_surrogates(r#""\ud83d\ude00 \udc00 \\ud800 \u0041""#),
            r#""\ud83d\ude00 \uFFFD \\ud800 \u0041""#
        );
    }

    #[test]
    fn psl_lines() {
        let ok = "// ===BEGIN ICANN DOMAINS===\ncom\n*.ck\n!www.ck\n// ===BEGIN PRIVATE DOMAINS===\nblogspot.com\n";
        assert_eq!(
            check_psl("public_suffix_list.dat", ok.as_bytes()).unwrap(),
            "4 rules"
        );
        let bad = ok.replace("blogspot.com", "blog spot.com");
        assert!(
            check_psl("public_suffix_list.dat", bad.as_bytes())
                .unwrap_err()
                .contains("line 6")
        );
        assert!(check_psl("public_suffix_list.dat", b"com\n").is_err());
        assert_eq!(
            check_psl("tests.txt", b"// c\ncom null\na.b.com b.com\n").unwrap(),
            "2"
        );
        assert!(check_psl("tests.txt", b"com\n").is_err());
    }
}
