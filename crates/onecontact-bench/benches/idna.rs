//! Placeholder: the idna benchmark is being written.

fn main() {}
