//! Files written by `cargo xtask tables`; never edit them by hand.

#[rustfmt::skip]
pub(crate) mod baked;
