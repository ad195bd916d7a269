//! Placeholder: the psl benchmark is being written.

fn main() {}
