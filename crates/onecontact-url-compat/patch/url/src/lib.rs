//! `onecontact-url-compat` (the `url` crate's API on `onecontact-url`) under
//! the package name `url`, so that `[patch.crates-io]` can put it in place of
//! `url` across a dependency tree. Everything is re-exported.

#![no_std]

pub use compat::*;
