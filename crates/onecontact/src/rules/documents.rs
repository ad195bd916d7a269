//! The default documents of a directory, which the key drops.

/// Final path segments that name a directory's default document; the key
/// drops them, so `/a/index.html` and `/a/` compare equal. Compared after
/// the path is lowercased and its unreserved escapes decoded.
pub const DEFAULT_DOCUMENTS: &[&str] = &[
    "index.html",
    "index.htm",
    "index.php",
    "index.asp",
    "index.aspx",
    "default.htm",
    "default.html",
    "default.asp",
    "default.aspx",
];
