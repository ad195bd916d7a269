//! Where a document's white space goes: none ([`Compact`]), or
//! `serde_json`'s pretty form ([`Pretty`]: a member or element per line,
//! two spaces per level).

/// The punctuation and white space around a document's values.
pub(crate) trait Layout {
    /// Opens an object (`{`) or an array (`[`).
    fn open(&mut self, out: &mut Vec<u8>, bracket: u8);
    /// Closes what [`open`](Layout::open) opened.
    fn close(&mut self, out: &mut Vec<u8>, bracket: u8);
    /// Before a member's name or an element.
    fn before_item(&mut self, out: &mut Vec<u8>, first: bool);
    /// After a member's value or an element.
    fn after_item(&mut self);
    /// Between a member's name and its value.
    fn colon(&mut self, out: &mut Vec<u8>);
}

/// No white space: `{"a":[1,2]}`.
pub(crate) struct Compact;

impl Layout for Compact {
    #[inline(always)]
    fn open(&mut self, out: &mut Vec<u8>, bracket: u8) {
        out.push(bracket);
    }

    #[inline(always)]
    fn close(&mut self, out: &mut Vec<u8>, bracket: u8) {
        out.push(bracket);
    }

    #[inline(always)]
    fn before_item(&mut self, out: &mut Vec<u8>, first: bool) {
        if !first {
            out.push(b',');
        }
    }

    #[inline(always)]
    fn after_item(&mut self) {}

    #[inline(always)]
    fn colon(&mut self, out: &mut Vec<u8>) {
        out.push(b':');
    }
}

/// One member or element per line, indented two spaces per level; an empty
/// object or array stays `{}` or `[]`.
#[derive(Default)]
pub(crate) struct Pretty {
    /// How many objects and arrays are open.
    depth: usize,
    /// Whether the innermost open object or array has a member or element.
    has_item: bool,
}

impl Pretty {
    fn newline(&self, out: &mut Vec<u8>) {
        out.push(b'\n');
        for _ in 0..self.depth {
            out.extend_from_slice(b"  ");
        }
    }
}

impl Layout for Pretty {
    fn open(&mut self, out: &mut Vec<u8>, bracket: u8) {
        self.depth += 1;
        self.has_item = false;
        out.push(bracket);
    }

    fn close(&mut self, out: &mut Vec<u8>, bracket: u8) {
        self.depth = self.depth.saturating_sub(1);
        if self.has_item {
            self.newline(out);
        }
        out.push(bracket);
    }

    fn before_item(&mut self, out: &mut Vec<u8>, first: bool) {
        if !first {
            out.push(b',');
        }
        self.newline(out);
    }

    fn after_item(&mut self) {
        self.has_item = true;
    }

    fn colon(&mut self, out: &mut Vec<u8>) {
        out.extend_from_slice(b": ");
    }
}
