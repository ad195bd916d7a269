//! Generator for the baked Public Suffix List table of `onecontact-psl`.
//! (Filled in by the PSL work; until then it generates nothing.)

use std::path::Path;

use super::Generated;

/// Returns the generated PSL table file(s).
pub fn generate(_root: &Path) -> Result<Vec<Generated>, String> {
    Ok(Vec::new())
}
