//! The PIN file format shared by `pin` and `verify`.
//!
//! A PIN is UTF-8 text. Lines starting with `#` are free-form notes (where the
//! data comes from, its licence). The first other line is the column header;
//! every following line describes one file of the folder, tab-separated:
//!
//! ```text
//! file  package  version  path  upstream  upstream-date  sha256  bytes  entries
//! ```

use sha2::{Digest, Sha256};
use std::path::Path;

/// The column header every PIN uses.
pub const HEADER: [&str; 9] = [
    "file",
    "package",
    "version",
    "path",
    "upstream",
    "upstream-date",
    "sha256",
    "bytes",
    "entries",
];

/// One row of a PIN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub file: String,
    pub package: String,
    pub version: String,
    pub path: String,
    pub upstream: String,
    pub upstream_date: String,
    pub sha256: String,
    pub bytes: u64,
    pub entries: String,
}

/// A parsed PIN: its notes and rows.
#[derive(Debug, Clone, Default)]
pub struct Pin {
    pub notes: Vec<String>,
    pub rows: Vec<Row>,
}

impl Pin {
    /// Parses a PIN's text; `name` is used in error messages.
    pub fn parse(text: &str, name: &str) -> Result<Pin, String> {
        let mut pin = Pin::default();
        let mut seen_header = false;
        for (index, line) in text.lines().enumerate() {
            let lineno = index + 1;
            if line.starts_with('#') {
                pin.notes.push(line.to_owned());
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            if !seen_header {
                if cols != HEADER {
                    return Err(format!(
                        "{name}:{lineno}: expected the column header `{}`",
                        HEADER.join("\\t")
                    ));
                }
                seen_header = true;
                continue;
            }
            let [
                file,
                package,
                version,
                path,
                upstream,
                date,
                sha,
                bytes,
                entries,
            ] = cols.as_slice()
            else {
                return Err(format!(
                    "{name}:{lineno}: expected {} tab-separated columns, found {}",
                    HEADER.len(),
                    cols.len()
                ));
            };
            let bytes = bytes
                .parse()
                .map_err(|_| format!("{name}:{lineno}: `{bytes}` is not a byte count"))?;
            if sha.len() != 64 || !sha.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(format!("{name}:{lineno}: `{sha}` is not a sha256"));
            }
            pin.rows.push(Row {
                file: (*file).to_owned(),
                package: (*package).to_owned(),
                version: (*version).to_owned(),
                path: (*path).to_owned(),
                upstream: (*upstream).to_owned(),
                upstream_date: (*date).to_owned(),
                sha256: sha.to_ascii_lowercase(),
                bytes,
                entries: (*entries).to_owned(),
            });
        }
        if !seen_header {
            return Err(format!("{name}: no column header"));
        }
        Ok(pin)
    }

    /// Serializes the PIN.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for note in &self.notes {
            out.push_str(note);
            out.push('\n');
        }
        out.push_str(&HEADER.join("\t"));
        out.push('\n');
        for r in &self.rows {
            let cols = [
                r.file.as_str(),
                &r.package,
                &r.version,
                &r.path,
                &r.upstream,
                &r.upstream_date,
                &r.sha256,
                &r.bytes.to_string(),
                &r.entries,
            ];
            out.push_str(&cols.join("\t"));
            out.push('\n');
        }
        out
    }

    /// The row for `file`, if any.
    pub fn row_mut(&mut self, file: &str) -> Option<&mut Row> {
        self.rows.iter_mut().find(|r| r.file == file)
    }
}

/// Lowercase hex sha256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// Reads a file with an error naming it.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = format!(
            "# note\n{}\na.json\tcrates.io:x\t1.0\tt/a.json\tup\t2026-01-01\t{}\t3\t1\n",
            HEADER.join("\t"),
            "ab".repeat(32)
        );
        let pin = Pin::parse(&text, "PIN").unwrap();
        assert_eq!(pin.rows.len(), 1);
        assert_eq!(pin.render(), text);
    }

    #[test]
    fn rejects_bad_rows() {
        let text = format!("{}\na\tb\n", HEADER.join("\t"));
        assert!(Pin::parse(&text, "PIN").unwrap_err().contains("columns"));
        assert!(Pin::parse("x\n", "PIN").unwrap_err().contains("header"));
    }

    #[test]
    fn known_hash() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
