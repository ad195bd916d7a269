//! The licences of data compiled into a crate, copied next to its sources so
//! that the crate's package carries them: the Public Suffix List's (MPL-2.0)
//! into `onecontact-psl`, Chromium's (BSD-3-Clause, the popular-domains list)
//! into `onecontact`, and wordsegment's (Apache-2.0, the word counts of
//! the common words) into `onecontact`.

use std::path::{Path, PathBuf};

use super::Generated;

/// (pinned licence, copy inside the crate that compiles the data in).
const COPIES: [(&str, &str); 3] = [
    ("testdata/psl/LICENSE", "crates/onecontact-psl/LICENSE-PSL"),
    (
        "testdata/top-domains/LICENSE",
        "crates/onecontact/LICENSE-top-domains",
    ),
    (
        "testdata/lookalikes/LICENSE-wordsegment",
        "crates/onecontact/LICENSE-wordsegment",
    ),
];

/// Each licence as it is pinned, byte for byte.
pub fn generate(root: &Path) -> Result<Vec<Generated>, String> {
    COPIES
        .iter()
        .map(|(from, to)| {
            let contents = std::fs::read_to_string(root.join(from))
                .map_err(|e| format!("cannot read {from}: {e}"))?;
            Ok(Generated {
                path: PathBuf::from(to),
                contents,
            })
        })
        .collect()
}
