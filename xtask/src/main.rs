//! `cargo xtask` — the workspace's maintenance tasks. Needs nothing but cargo.
//!
//! ```text
//! cargo xtask pin wpt --from DIR        copy the WPT url resources from DIR, check, hash, rewrite PIN
//! cargo xtask pin psl --from PATH       same for the Public Suffix List (.dat and/or tests.txt)
//! cargo xtask pin wpt-urlpattern --from DIR   same for the WPT urlpattern resources
//! cargo xtask pin top-domains --from DIR  same for the popular domains of the homograph check
//! cargo xtask verify                    every sha256 in every testdata/*/PIN matches its file
//! cargo xtask tables [--check]          write the generated sources, or fail when one is stale
//! ```

mod pin;
mod pinfile;
mod tables;
mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage:
  cargo xtask pin wpt --from DIR [--package NAME --version VER]
  cargo xtask pin psl --from PATH [--package NAME --version VER]
  cargo xtask pin wpt-urlpattern --from DIR [--package NAME --version VER]
  cargo xtask pin top-domains --from DIR [--package NAME --version VER]
  cargo xtask verify
  cargo xtask tables [--check]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = workspace_root();
    let result = match args.first().map(String::as_str) {
        Some("pin") => pin::run(&root, args.get(1..).unwrap_or_default()),
        Some("verify") if args.len() == 1 => verify::run(&root),
        Some("tables") => match args.get(1).map(String::as_str) {
            None => tables::run(&root, false),
            Some("--check") if args.len() == 2 => tables::run(&root, true),
            _ => Err(format!("unexpected arguments\n{USAGE}")),
        },
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(format!("unknown or missing task\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's folder.
fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}
