//! Generator for the word tables of the brand-imitation heuristics in
//! `onecontact` (Chromium's common words, combo-squatting brands and
//! keywords).
//!
//! It reads the pinned files of `testdata/lookalikes/` and writes
//! `crates/onecontact/src/inspect/generated/lookalike_words.rs`; the recipe
//! (Chromium's generate_common_words.sh) lives in the crate
//! (`onecontact::inspect::codegen`).

use std::path::{Path, PathBuf};

use super::Generated;
use crate::pinfile::sha256_hex;

const INPUTS: [&str; 4] = [
    "testdata/lookalikes/count_1w.head.tsv",
    "testdata/lookalikes/brands_in_common_words.list",
    "testdata/lookalikes/combo_brands.tsv",
    "testdata/lookalikes/combo_keywords.list",
];
const OUTPUT: &str = "crates/onecontact/src/inspect/generated/lookalike_words.rs";

/// Returns the generated word tables.
pub fn generate(root: &Path) -> Result<Vec<Generated>, String> {
    let mut texts = Vec::new();
    let mut shas = Vec::new();
    for input in INPUTS {
        let path = root.join(input);
        let bytes =
            std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        shas.push(sha256_hex(&bytes));
        texts.push(String::from_utf8(bytes).map_err(|_| format!("{input} is not UTF-8"))?);
    }
    let named: Vec<(&str, &str)> = INPUTS
        .iter()
        .copied()
        .zip(shas.iter().map(String::as_str))
        .collect();
    let [count_1w, brands, combo_brands, keywords] = texts.as_slice() else {
        return Err("four inputs expected".to_owned());
    };
    let contents = onecontact::inspect::codegen::lookalike_words_source(
        count_1w,
        brands,
        combo_brands,
        keywords,
        &named,
    )?;
    Ok(vec![Generated {
        path: PathBuf::from(OUTPUT),
        contents,
    }])
}
