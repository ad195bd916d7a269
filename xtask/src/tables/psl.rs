//! Generator for the baked Public Suffix List table of `onecontact-psl`.
//!
//! It reads the pinned `testdata/psl/public_suffix_list.dat` and writes
//! `crates/onecontact-psl/src/generated/baked.rs`. The table itself comes
//! from the crate: `onecontact_psl::codegen::baked_source` loads the list
//! with `List::parse` (the builder every run-time list uses) and prints its
//! arrays as Rust statics, so the baked table and a loaded list are the same
//! structure by construction. The xtask builds the crate without its
//! `baked` feature, so a stale or broken `baked.rs` never blocks its own
//! regeneration. How the table is laid out is described in
//! `crates/onecontact-psl/src/table.rs` and docs/psl.md.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::Generated;

const INPUT: &str = "testdata/psl/public_suffix_list.dat";
const OUTPUT: &str = "crates/onecontact-psl/src/generated/baked.rs";

/// Returns the generated PSL table file.
pub fn generate(root: &Path) -> Result<Vec<Generated>, String> {
    let path = root.join(INPUT);
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let sha = Sha256::digest(&bytes)
        .iter()
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        });
    let text = String::from_utf8(bytes).map_err(|_| format!("{INPUT} is not UTF-8"))?;
    let contents = onecontact_psl::codegen::baked_source(&text, INPUT, &sha)
        .map_err(|e| format!("{INPUT}: {e}"))?;
    Ok(vec![Generated {
        path: PathBuf::from(OUTPUT),
        contents,
    }])
}
