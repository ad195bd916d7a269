//! Per-thread scratch buffers, so that processing a domain allocates
//! nothing but its result once the buffers have grown.

use crate::prelude::*;
#[cfg(feature = "std")]
use core::cell::RefCell;

/// Buffers reused from call to call on one thread.
#[derive(Default)]
pub(crate) struct Scratch {
    /// One input segment after mapping and NFC.
    pub(crate) mapped: Vec<char>,
    /// A label decoded from Punycode.
    pub(crate) decoded: Vec<char>,
    /// An ASCII label lowercased, or a mapped label that is ASCII.
    pub(crate) ascii: String,
    /// The whole domain after processing, label after label.
    pub(crate) unicode: Vec<char>,
    /// Where each label of `unicode` ends.
    pub(crate) ends: Vec<usize>,
}

/// Buffers larger than this are dropped after use rather than kept.
#[cfg(feature = "std")]
const KEEP_LIMIT: usize = 64 * 1024;

#[cfg(feature = "std")]
thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's scratch buffers (fresh, empty ones when
/// those are unavailable: in use further up the stack, or the thread is
/// shutting down).
#[cfg(feature = "std")]
pub(crate) fn with_scratch(f: impl FnOnce(&mut Scratch)) {
    let mut f = Some(f);
    let _ = SCRATCH.try_with(|cell| {
        if let Ok(mut scratch) = cell.try_borrow_mut()
            && let Some(run) = f.take()
        {
            run(&mut scratch);
            if scratch.mapped.capacity() > KEEP_LIMIT
                || scratch.decoded.capacity() > KEEP_LIMIT
                || scratch.ascii.capacity() > KEEP_LIMIT
                || scratch.unicode.capacity() > KEEP_LIMIT
                || scratch.ends.capacity() > KEEP_LIMIT
            {
                *scratch = Scratch::default();
            } else {
                scratch.mapped.clear();
                scratch.decoded.clear();
                scratch.ascii.clear();
                scratch.unicode.clear();
                scratch.ends.clear();
            }
        }
    });
    if let Some(run) = f {
        run(&mut Scratch::default());
    }
}

/// Without `std` there are no thread-local buffers: each call gets fresh
/// ones, with the same results.
#[cfg(not(feature = "std"))]
pub(crate) fn with_scratch(f: impl FnOnce(&mut Scratch)) {
    f(&mut Scratch::default());
}
