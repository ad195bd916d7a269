//! Placeholder: the web benchmark is being written.

fn main() {}
