//! Support for `cargo xtask tables`: the sources of the generated tables
//! that link inspection reads, each from its pinned inputs.

use crate::display::lookalike::TopDomainsError;

/// The Rust source of the word tables of the brand-imitation heuristics
/// (common words by Chromium's recipe, combo-squatting brands and
/// keywords) from the pinned files' texts; `inputs` names each input and
/// its sha256 for the header.
///
/// # Errors
///
/// A message naming the input line that does not have its file's shape.
pub fn lookalike_words_source(
    count_1w: &str,
    brands_in_common_words: &str,
    combo_brands: &str,
    combo_keywords: &str,
    inputs: &[(&str, &str)],
) -> Result<String, String> {
    super::imitation::words::source(
        count_1w,
        brands_in_common_words,
        combo_brands,
        combo_keywords,
        inputs,
    )
}

/// The Rust source of the built-in table of popular domains from the text
/// of a domain list (`input` and `sha256` name it in the header).
///
/// # Errors
///
/// [`TopDomainsError`] for a list that cannot be read.
pub fn top_domains_source(
    text: &str,
    input: &str,
    sha256: &str,
) -> Result<String, TopDomainsError> {
    crate::display::lookalike::codegen::top_domains_source(text, input, sha256)
}
