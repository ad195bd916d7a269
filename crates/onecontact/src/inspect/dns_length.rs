//! Whether a host name fits the DNS: RFC 1035 (section 2.3.4, "Size
//! limits") allows 63 octets a label and 255 octets a name on the wire,
//! which is 253 characters written out without the root dot.
//!
//! The URL Standard parses longer names (its domain to ASCII runs with
//! VerifyDnsLength off), so such a link opens in a browser's address bar
//! but can never be looked up: the length, not the characters, is what is
//! wrong with it.

/// The longest label the DNS carries.
pub const MAX_LABEL: usize = 63;
/// The longest name the DNS carries, written without the root dot.
pub const MAX_NAME: usize = 253;

/// Why a host name cannot be looked up in the DNS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DnsLengthProblem {
    /// A label longer than [`MAX_LABEL`] characters: where it starts in the
    /// name (a byte offset) and its length.
    LabelTooLong {
        /// The label's first byte in the name.
        offset: usize,
        /// The label's length in bytes.
        length: usize,
    },
    /// A name longer than [`MAX_NAME`] characters.
    NameTooLong {
        /// The name's length in bytes.
        length: usize,
    },
}

/// The first length problem of an ASCII host name (a root dot is not
/// counted), or `None` when the DNS can carry it. A label that is too long
/// is named before the name's own length, since shortening that label is
/// the fix.
///
/// ```
/// use onecontact::inspect::{DnsLengthProblem, dns_length_problem};
///
/// assert_eq!(dns_length_problem("example.com."), None);
/// let label = "a".repeat(64);
/// assert_eq!(
///     dns_length_problem(&format!("www.{label}.com")),
///     Some(DnsLengthProblem::LabelTooLong { offset: 4, length: 64 })
/// );
/// let name = vec!["a".repeat(63); 5].join(".");
/// assert_eq!(dns_length_problem(&name), Some(DnsLengthProblem::NameTooLong { length: 319 }));
/// ```
pub fn dns_length_problem(name: &str) -> Option<DnsLengthProblem> {
    let name = name.strip_suffix('.').unwrap_or(name);
    // Most names are no longer than a label may be: nothing to split.
    if name.len() <= MAX_LABEL {
        return None;
    }
    let mut offset = 0;
    for label in name.split('.') {
        if label.len() > MAX_LABEL {
            return Some(DnsLengthProblem::LabelTooLong {
                offset,
                length: label.len(),
            });
        }
        offset += label.len() + 1;
    }
    (name.len() > MAX_NAME).then_some(DnsLengthProblem::NameTooLong { length: name.len() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_are_inclusive() {
        assert_eq!(dns_length_problem(&"a".repeat(63)), None);
        assert_eq!(
            dns_length_problem(&"a".repeat(64)),
            Some(DnsLengthProblem::LabelTooLong {
                offset: 0,
                length: 64
            })
        );
        let name = format!(
            "{}.{}.{}.{}",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(61)
        );
        assert_eq!(name.len(), 253);
        assert_eq!(dns_length_problem(&name), None);
        assert_eq!(dns_length_problem(&format!("{name}.")), None);
        assert_eq!(
            dns_length_problem(&format!("c{name}")),
            Some(DnsLengthProblem::LabelTooLong {
                offset: 0,
                length: 64
            })
        );
        assert_eq!(
            dns_length_problem(&format!("c.{name}")),
            Some(DnsLengthProblem::NameTooLong { length: 255 })
        );
    }
}
