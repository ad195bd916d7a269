//! The `onecontact` command (being written).

fn main() {}
