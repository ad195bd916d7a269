//! Placeholder: the url benchmark is being written.

fn main() {}
