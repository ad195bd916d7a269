//! Tracking parameters: the query parameters the canonical form removes
//! (rule 5), each with the platform page that documents it.

use std::ops::Range;

use crate::lists::TrackingTable;
use crate::rules::TRACKING_PARAMETERS;

/// Whether `name` (as written, not percent-decoded) is a tracking parameter,
/// ignoring ASCII case.
pub fn is_tracking_parameter(name: &str) -> bool {
    // Every listed name is 5..=20 bytes long.
    if !(5..=20).contains(&name.len()) {
        return false;
    }
    TRACKING_PARAMETERS
        .iter()
        .any(|p| p.name.eq_ignore_ascii_case(name))
}

/// Whether `b` starts some tracking parameter name (ASCII case ignored).
fn starts_a_name(b: u8) -> bool {
    matches!(
        b.to_ascii_lowercase(),
        b'u' | b'g' | b'w' | b'm' | b'f' | b't' | b'l'
    )
}

/// The offset of the first piece of `query` that is a tracking parameter.
/// A quick byte scan: only pieces whose first letter can start a listed name
/// are compared.
pub(crate) fn first_tracking_parameter(query: &str) -> Option<usize> {
    let bytes = query.as_bytes();
    let mut start = 0usize;
    loop {
        if bytes.get(start).copied().is_some_and(starts_a_name) {
            let rest = query.get(start..)?;
            let end = rest.find(['&', '=']).unwrap_or(rest.len());
            if is_tracking_parameter(rest.get(..end)?) {
                return Some(start);
            }
        }
        let next = bytes.get(start..)?.iter().position(|&b| b == b'&')?;
        start += next + 1;
    }
}

/// The name of one `&`-separated piece of a query: the text before its first
/// `=`.
pub(crate) fn piece_name(piece: &str) -> &str {
    piece.split_once('=').map_or(piece, |(name, _)| name)
}

/// The query (without its `?`) with the tracking parameters removed, or
/// `None` when it has none (so nothing is allocated in the common case).
///
/// The remaining pieces keep their text and order and are joined with `&`;
/// an empty result means the query became empty (nothing but empty pieces
/// was left). The byte ranges (in
/// `query`) of the removed parameters' names are appended to `removed`.
///
/// ```
/// let mut removed = Vec::new();
/// let kept = onecontact::strip_tracking_parameters("a=1&utm_source=x&b=2", &mut removed);
/// assert_eq!(kept.as_deref(), Some("a=1&b=2"));
/// assert_eq!(removed, [4..14]);
/// assert_eq!(onecontact::strip_tracking_parameters("a=1", &mut removed), None);
/// ```
pub fn strip_tracking_parameters(query: &str, removed: &mut Vec<Range<usize>>) -> Option<String> {
    let first_removed = first_tracking_parameter(query)?;
    strip_from(query, first_removed, is_tracking_parameter, removed)
}

/// [`strip_tracking_parameters`] with the tracking table `table` (key V2's
/// and `clean`'s, [`Data::tracking`](crate::Data::tracking)) for a query of
/// an address whose host is `host` (lowercase): site-scoped names are
/// removed on their site only. Names match as written, ignoring ASCII case.
///
/// ```
/// use onecontact::{TrackingTable, strip_tracking_parameters_with};
///
/// let table = TrackingTable::baked();
/// let mut removed = Vec::new();
/// let kept = strip_tracking_parameters_with("v=x&si=y&_hsenc=z", "youtu.be", table, &mut removed);
/// assert_eq!(kept.as_deref(), Some("v=x"));
/// let kept = strip_tracking_parameters_with("v=x&si=y", "example.com", table, &mut removed);
/// assert_eq!(kept, None);
/// ```
pub fn strip_tracking_parameters_with(
    query: &str,
    host: &str,
    table: &TrackingTable,
    removed: &mut Vec<Range<usize>>,
) -> Option<String> {
    let noise = |name: &str| table.is_tracking(name, host);
    let mut offset = 0usize;
    let first_removed = query.split('&').find_map(|piece| {
        let at = offset;
        offset += piece.len() + 1;
        noise(piece_name(piece)).then_some(at)
    })?;
    strip_from(query, first_removed, noise, removed)
}

/// The pieces of `query` that `noise` does not name, from the first
/// removed one at `first_removed` on.
fn strip_from(
    query: &str,
    first_removed: usize,
    noise: impl Fn(&str) -> bool,
    removed: &mut Vec<Range<usize>>,
) -> Option<String> {
    let mut out = String::with_capacity(query.len());
    let mut offset = 0usize;
    let mut kept_any = false;
    let mut kept_a_parameter = false;
    for piece in query.split('&') {
        let name = piece_name(piece);
        if offset >= first_removed && noise(name) {
            removed.push(offset..offset + name.len());
        } else {
            if kept_any {
                out.push('&');
            }
            out.push_str(piece);
            kept_any = true;
            kept_a_parameter |= !piece.is_empty();
        }
        offset += piece.len() + 1;
    }
    if !kept_a_parameter {
        // Only empty pieces are left (`utm_source=x&&`): the query is empty.
        out.clear();
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(query: &str) -> (Option<String>, Vec<&str>) {
        let mut removed = Vec::new();
        let out = strip_tracking_parameters(query, &mut removed);
        let names = removed.into_iter().map(|r| &query[r]).collect();
        (out, names)
    }

    #[test]
    fn table_is_lowercase_and_within_the_length_filter() {
        for p in TRACKING_PARAMETERS {
            assert_eq!(p.name, p.name.to_ascii_lowercase());
            assert!((5..=20).contains(&p.name.len()), "{}", p.name);
            assert!(is_tracking_parameter(p.name));
            assert!(!p.source.is_empty());
        }
        assert_eq!(TRACKING_PARAMETERS.len(), 19);
    }

    #[test]
    fn names_match_ignoring_ascii_case_only() {
        assert!(is_tracking_parameter("UTM_Source"));
        assert!(is_tracking_parameter("FBCLID"));
        assert!(!is_tracking_parameter("utm_sourc"));
        assert!(!is_tracking_parameter("utm%5Fsource"));
        assert!(!is_tracking_parameter("utm_source "));
        assert!(!is_tracking_parameter("utm"));
        assert!(!is_tracking_parameter("ref"));
        // U+212A KELVIN SIGN is not an ASCII K.
        assert!(!is_tracking_parameter(
            "msclkid".replace('k', "\u{212a}").as_str()
        ));
    }

    #[test]
    fn every_name_starts_with_a_letter_of_the_quick_scan() {
        for p in TRACKING_PARAMETERS {
            assert!(starts_a_name(p.name.as_bytes()[0]), "{}", p.name);
        }
        assert_eq!(first_tracking_parameter("a=1&x&GCLID=2"), Some(6));
        assert_eq!(first_tracking_parameter("gclid"), Some(0));
        assert_eq!(first_tracking_parameter("gcli&d"), None);
        assert_eq!(first_tracking_parameter("&&"), None);
        assert_eq!(first_tracking_parameter(""), None);
    }

    #[test]
    fn nothing_removed_allocates_nothing() {
        assert_eq!(run("a=1&b=2"), (None, vec![]));
        assert_eq!(run(""), (None, vec![]));
        assert_eq!(run("utm=1&source=2"), (None, vec![]));
    }

    #[test]
    fn removes_and_reports_names_as_written() {
        assert_eq!(
            run("id=7&UTM_Source=news&utm_medium=mail&lang=nl"),
            (
                Some("id=7&lang=nl".into()),
                vec!["UTM_Source", "utm_medium"]
            )
        );
        assert_eq!(run("gclid=abc"), (Some(String::new()), vec!["gclid"]));
        assert_eq!(run("fbclid"), (Some(String::new()), vec!["fbclid"]));
        assert_eq!(run("fbclid=&x"), (Some("x".into()), vec!["fbclid"]));
        assert_eq!(run("utm_id=1&&"), (Some(String::new()), vec!["utm_id"]));
        assert_eq!(run("a&utm_id=1&"), (Some("a&".into()), vec!["utm_id"]));
    }

    #[test]
    fn other_pieces_stay_byte_for_byte() {
        assert_eq!(
            run("q=a%20b&&utm_term=x&t=~&q=A+B"),
            (Some("q=a%20b&&t=~&q=A+B".into()), vec!["utm_term"])
        );
        assert_eq!(
            run("a=1=2&mc_eid=1=2"),
            (Some("a=1=2".into()), vec!["mc_eid"])
        );
        // Only the name is compared: a value that looks like a name stays.
        assert_eq!(run("x=utm_source"), (None, vec![]));
    }
}
