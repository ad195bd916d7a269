//! `cargo xtask tables [--check]`: every generated source file of the workspace.
//!
//! Each generator returns the files it would write; this module either writes
//! them or, with `--check`, compares them with what is on disk and fails when
//! any is stale. Generators only read pinned inputs from `testdata/`.

use std::path::{Path, PathBuf};

mod licences;
mod lookalike_words;
mod psl;
mod top_domains;

/// One file a generator produces, relative to the workspace root.
pub struct Generated {
    /// Path relative to the workspace root.
    pub path: PathBuf,
    /// Full contents, header included.
    pub contents: String,
}

/// All generators, in a fixed order.
fn generate_all(root: &Path) -> Result<Vec<Generated>, String> {
    let mut out = Vec::new();
    out.extend(psl::generate(root)?);
    out.extend(top_domains::generate(root)?);
    out.extend(lookalike_words::generate(root)?);
    out.extend(licences::generate(root)?);
    Ok(out)
}

/// Writes every generated file, or checks that each is up to date.
pub fn run(root: &Path, check: bool) -> Result<(), String> {
    let files = generate_all(root)?;
    let mut stale = Vec::new();
    for file in &files {
        let full = root.join(&file.path);
        let current = std::fs::read_to_string(&full).ok();
        let fresh = current.as_deref() == Some(file.contents.as_str());
        if check {
            if !fresh {
                stale.push(file.path.display().to_string());
            }
        } else if !fresh {
            if let Some(parent) = full.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
            }
            std::fs::write(&full, &file.contents)
                .map_err(|e| format!("cannot write {}: {e}", full.display()))?;
            println!("wrote {}", file.path.display());
        } else {
            println!("up to date: {}", file.path.display());
        }
    }
    if !stale.is_empty() {
        return Err(format!(
            "generated files are stale (run `cargo xtask tables`): {}",
            stale.join(", ")
        ));
    }
    if check {
        println!("tables: {} generated file(s) up to date", files.len());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// The generated files in the tree are what the generators produce now
    /// (the same check as `cargo xtask tables --check`, run by `cargo test`).
    #[test]
    fn generated_tables_are_fresh() {
        let root = crate::workspace_root();
        super::run(&root, true).unwrap();
    }
}
