//! Sixteen bytes of input asked one question at once.
//!
//! A question about a block of 16 bytes answers with a [`Lanes`]: a `u128`
//! whose byte `i` is `0xFF` when byte `i` of the block answers yes, and `0`
//! otherwise. Written as a plain loop over a fixed-size array, the question
//! compiles to vector compares (SSE2 on x86-64, NEON on AArch64) with no
//! `unsafe` and no target-specific code; the answers are then combined,
//! shifted and counted as ordinary integers.

/// Bytes in a block.
pub(crate) const WIDTH: usize = 16;

/// One answer per byte of a block: `0xFF` for yes, `0` for no.
pub(crate) type Lanes = u128;

/// The answers of `ask` about the 16 bytes of `bytes` from `p` (with
/// `BEFORE`, `ask` also gets the 16 bytes one earlier, each lane's byte
/// before; `p` must then not be 0). Lanes past the input's end answer no.
///
/// While 16 bytes are left the block is read from `p`. Nearer the end it is
/// the input's last 16 bytes, so that nothing is copied, and the answers
/// are moved down to start at `p`. An input shorter than a block is copied
/// with zeros past its end (and `ask` must answer no about a zero byte).
#[inline(always)]
pub(crate) fn answers_at<const BEFORE: bool>(
    bytes: &[u8],
    p: usize,
    ask: impl Fn(&[u8; WIDTH], &[u8; WIDTH]) -> Lanes,
) -> Lanes {
    // The common case first, with one bounds check: a whole block from
    // `p` (and, with `BEFORE`, the byte before it).
    if BEFORE {
        if let Some(window) = window_at(bytes, p) {
            let [before @ .., _] = window;
            let [_, block @ ..] = window;
            return ask(before, block);
        }
    } else if let Some(block) = bytes.get(p..).and_then(<[u8]>::first_chunk::<WIDTH>) {
        return ask(block, block);
    }
    let chunk = |from: usize| bytes.get(from..).and_then(<[u8]>::first_chunk::<WIDTH>);
    let earlier = |start: usize| {
        if BEFORE {
            start.checked_sub(1)
        } else {
            Some(start)
        }
    };
    let start = bytes.len().saturating_sub(WIDTH);
    if let (Some(block), Some(before)) = (chunk(start), earlier(start).and_then(chunk))
        && let Some(skip) = p.checked_sub(start)
    {
        let skip = 8 * skip.min(WIDTH) as u32;
        return ask(before, block).checked_shr(skip).unwrap_or(0);
    }
    short_answers::<BEFORE>(bytes, p, &ask)
}

/// The `WIDTH + 1` bytes of `bytes` from `p - 1`, when there are as many.
#[inline(always)]
fn window_at(bytes: &[u8], p: usize) -> Option<&[u8; WIDTH + 1]> {
    bytes
        .get(p.wrapping_sub(1)..p.wrapping_add(WIDTH))
        .and_then(|window| window.try_into().ok())
}

/// [`answers_at`] for an input shorter than a block (or 16 bytes long,
/// with `BEFORE`): the bytes read into one integer, zeros past the end.
#[inline(never)]
fn short_answers<const BEFORE: bool>(
    bytes: &[u8],
    p: usize,
    ask: &impl Fn(&[u8; WIDTH], &[u8; WIDTH]) -> Lanes,
) -> Lanes {
    let whole = short_input(bytes);
    let from = |start: Option<usize>| {
        start
            .and_then(|start| whole.checked_shr(8 * u32::try_from(start).ok()?))
            .unwrap_or(0)
            .to_le_bytes()
    };
    let block = from(Some(p));
    let before = if BEFORE {
        from(p.checked_sub(1))
    } else {
        block
    };
    ask(&before, &block)
}

/// The first 16 bytes of `bytes` as a little-endian integer, zeros past
/// its end: for 8 bytes or more, the first eight and the last eight (which
/// overlap on equal bytes) put together.
#[inline(always)]
fn short_input(bytes: &[u8]) -> u128 {
    let bytes = bytes.get(..WIDTH).unwrap_or(bytes);
    let word = |from: usize| {
        let word = bytes.get(from..).and_then(<[u8]>::first_chunk::<8>);
        u128::from(word.map_or(0, |w| u64::from_le_bytes(*w)))
    };
    match bytes.len().checked_sub(8) {
        Some(tail) => word(0) | (word(tail) << (8 * tail)),
        None => bytes
            .iter()
            .rev()
            .fold(0, |all, &b| (all << 8) | u128::from(b)),
    }
}

/// The answers of `question` about each byte of `block`.
#[inline(always)]
pub(crate) fn lanes(block: &[u8; WIDTH], question: impl Fn(u8) -> bool) -> Lanes {
    classify(block, |b| u8::from(question(b)).wrapping_neg())
}

/// The byte `class` gives for each byte of `block`: several answers at
/// once, one bit each (`0xFF` or `0` makes one answer of [`lanes`]).
#[inline(always)]
pub(crate) fn classify(block: &[u8; WIDTH], class: impl Fn(u8) -> u8) -> Lanes {
    let mut out = [0u8; WIDTH];
    for (slot, &b) in out.iter_mut().zip(block) {
        *slot = class(b);
    }
    u128::from_le_bytes(out)
}

/// [`classify`] of each byte of `block` with the byte before it, the same
/// lane of `before` (the block one byte earlier).
#[inline(always)]
pub(crate) fn classify_after(
    before: &[u8; WIDTH],
    block: &[u8; WIDTH],
    class: impl Fn(u8, u8) -> u8,
) -> Lanes {
    let mut out = [0u8; WIDTH];
    for ((slot, &prev), &b) in out.iter_mut().zip(before).zip(block) {
        *slot = class(prev, b);
    }
    u128::from_le_bytes(out)
}

/// Every lane holding `bits`.
#[inline(always)]
pub(crate) const fn every(bits: u8) -> Lanes {
    u128::from_le_bytes([bits; WIDTH])
}

/// The lanes before the first yes (all of them when there is none).
#[inline(always)]
pub(crate) fn before_first(answers: Lanes) -> Lanes {
    answers.wrapping_sub(1) & !answers
}

/// How many bytes come before the first yes (16 when there is none).
#[inline(always)]
pub(crate) fn count_before(answers: Lanes) -> usize {
    (answers.trailing_zeros() / 8) as usize
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;

    /// Every position of every length: the lanes are the bytes from `p`
    /// and their predecessors, zero past the end.
    #[test]
    fn blocks_hold_the_bytes_from_every_position() {
        let text: Vec<u8> = (1..=40).collect();
        let bytes_of = |_: &[u8; WIDTH], block: &[u8; WIDTH]| u128::from_le_bytes(*block);
        let before_of = |before: &[u8; WIDTH], _: &[u8; WIDTH]| u128::from_le_bytes(*before);
        for len in 0..=text.len() {
            let bytes = &text[..len];
            for p in 1..=len + 2 {
                let got = answers_at::<true>(bytes, p, bytes_of).to_le_bytes();
                let alone = answers_at::<false>(bytes, p, bytes_of).to_le_bytes();
                let before = answers_at::<true>(bytes, p, before_of).to_le_bytes();
                for i in 0..WIDTH {
                    let want = bytes.get(p + i).copied().unwrap_or(0);
                    assert_eq!(got[i], want, "{len} {p} {i}");
                    assert_eq!(alone[i], want, "{len} {p} {i}");
                    if p + i < len {
                        assert_eq!(before[i], bytes[p + i - 1], "{len} {p} {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn answers_count_and_locate() {
        let mut block = [b'a'; WIDTH];
        block[3] = b'/';
        block[9] = b'/';
        let slashes = lanes(&block, |b| b == b'/');
        assert_eq!(count_before(slashes), 3);
        assert_eq!(count_before(slashes & !before_first(slashes) << 8), 9);
        let questions = lanes(&block, |b| b == b'?');
        assert_eq!(count_before(questions), WIDTH);
        assert_eq!(before_first(questions), u128::MAX);
        assert_eq!(count_before(!before_first(slashes)), 3);
        let both = classify(&block, |b| if b == b'/' { 0x81 } else { 1 });
        assert_eq!(count_before(both & every(0x80)), 3);
        assert_eq!(both & every(1), every(1));
        let pairs = classify_after(&block, &block, |prev, b| u8::from(prev == b).wrapping_neg());
        assert_eq!(pairs, u128::MAX);
    }
}
