//! Generator for the built-in table of popular domains' skeletons in
//! `onecontact` (the `lookalike-of-popular-domain` check).
//!
//! It reads the pinned `testdata/top-domains/domains.list` and writes
//! `crates/onecontact/src/display/generated/top_domains.rs`. The skeletons
//! come from the crate itself (`onecontact::inspect::codegen`), with the
//! same code that computes a host's skeletons at run time, so the table and
//! a list loaded with `TopDomains::parse` agree by construction. The xtask
//! builds the crate without its `baked-top-domains` feature, so a stale or
//! broken table never blocks its own regeneration.

use std::path::{Path, PathBuf};

use super::Generated;
use crate::pinfile::sha256_hex;

const INPUT: &str = "testdata/top-domains/domains.list";
const OUTPUT: &str = "crates/onecontact/src/display/generated/top_domains.rs";

/// Returns the generated table file.
pub fn generate(root: &Path) -> Result<Vec<Generated>, String> {
    let path = root.join(INPUT);
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let sha = sha256_hex(&bytes);
    let text = String::from_utf8(bytes).map_err(|_| format!("{INPUT} is not UTF-8"))?;
    let contents = onecontact::inspect::codegen::top_domains_source(&text, INPUT, &sha)
        .map_err(|e| format!("{INPUT}: {e}"))?;
    Ok(vec![Generated {
        path: PathBuf::from(OUTPUT),
        contents,
    }])
}
