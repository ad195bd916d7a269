//! How a [`Url`](crate::Url) stores its host's IP address.

/// A host's IP address as stored in a [`Url`](crate::Url): an IPv4 address in the first
/// word (the rest zero), an IPv6 address as four big-endian words. Words, not
/// a `u128`, keep the `Url`'s alignment at that of its `String`.
pub(crate) type IpBits = [u32; 4];

/// The stored form of an IPv6 address given as its eight pieces.
#[inline]
pub(crate) fn ipv6_bits(pieces: &[u16; 8]) -> IpBits {
    let word = |hi: u16, lo: u16| (u32::from(hi) << 16) | u32::from(lo);
    [
        word(pieces[0], pieces[1]),
        word(pieces[2], pieces[3]),
        word(pieces[4], pieces[5]),
        word(pieces[6], pieces[7]),
    ]
}

/// The IPv6 address stored as [`ipv6_bits`].
#[inline]
pub(crate) fn ipv6_from_bits(bits: IpBits) -> core::net::Ipv6Addr {
    let [a, b, c, d] = bits;
    core::net::Ipv6Addr::from(
        (u128::from(a) << 96) | (u128::from(b) << 64) | (u128::from(c) << 32) | u128::from(d),
    )
}
