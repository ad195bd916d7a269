//! The checks of the `url_parse` and `url_setters` fuzz targets, shared with
//! the regression test that replays saved inputs. Not part of the public API.

use crate::prelude::*;
use core::net::{IpAddr, Ipv4Addr};

use crate::spans::Both;
use crate::{InputSpans, ParseError, SetterError, Url, Validation, quirks};

/// What a parse that reports everything gives: the URL or the failure, the
/// validation errors and the input spans.
#[derive(Debug)]
pub struct Reported {
    /// The URL, or why the input is not one.
    pub result: Result<Url, ParseError>,
    /// The non-fatal validation errors, in the order reported.
    pub errors: Vec<Validation>,
    /// The spans of the components read.
    pub spans: InputSpans,
}

/// Parses `input` against `base` reporting validation errors and spans, as
/// [`crate::ParseOptions::parse_recording_spans`] with a validation sink
/// does: by the fast path when it takes the text, else the state machine.
pub fn parse_reporting(input: &str, base: Option<&Url>) -> Reported {
    let mut errors = Vec::new();
    let mut spans = InputSpans::default();
    let result = Url::options()
        .base_url(base)
        .validation_sink(&mut errors)
        .parse_recording_spans(input, &mut spans);
    Reported {
        result,
        errors,
        spans,
    }
}

/// [`parse_reporting`] by the state machine alone.
pub fn parse_reporting_by_state_machine(input: &str, base: Option<&Url>) -> Reported {
    let mut errors = Vec::new();
    let mut spans = InputSpans::default();
    let result = {
        let mut both = Both {
            spans: &mut spans,
            errors: &mut errors,
        };
        crate::parser::parse_by_state_machine(input, base, &mut both)
    };
    Reported {
        result,
        errors,
        spans,
    }
}

/// Whether a parse that reports validation errors takes the fast path for
/// `input`: a special URL in serialized form that holds no validation error.
pub fn fast_path_takes_with_validation(input: &str) -> bool {
    input.len() <= crate::parser::MAX_INPUT
        && crate::parser::fast::scan(input)
            .is_some_and(|parts| crate::parser::clean::has_no_validation_error(input, &parts))
}

/// The serialization, host, port, path, query and fragment of a parse's URL.
type Components<'a> = (
    &'a str,
    Option<&'a str>,
    Option<u16>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn components(result: &Result<Url, ParseError>) -> Result<Components<'_>, &ParseError> {
    result.as_ref().map(|u| {
        (
            u.as_str(),
            u.host_str(),
            u.port(),
            u.path(),
            u.query(),
            u.fragment(),
        )
    })
}

/// [`parse_reporting`] and [`parse_reporting_by_state_machine`] give the
/// same URL (its serialization and components) or the same failure, the
/// same validation errors (kinds, offsets, code points, in order) and the
/// same spans.
pub fn check_reports(input: &str, base: Option<&Url>) -> Result<(), String> {
    let fast = parse_reporting(input, base);
    let full = parse_reporting_by_state_machine(input, base);
    if components(&fast.result) != components(&full.result) {
        return Err(format!(
            "{input:?} (base {base:?}): {:?} with the fast path allowed, {:?} by the state machine",
            fast.result, full.result
        ));
    }
    if fast.errors != full.errors {
        return Err(format!(
            "{input:?} (base {base:?}): validation errors {:?} with the fast path allowed, {:?} by the state machine",
            fast.errors, full.errors
        ));
    }
    if fast.spans != full.spans {
        return Err(format!(
            "{input:?} (base {base:?}): spans {:?} with the fast path allowed, {:?} by the state machine",
            fast.spans, full.spans
        ));
    }
    Ok(())
}

/// Parses `input`: the fast path and the state machine alone agree (on
/// the URL, and with validation errors and spans requested on those too,
/// [`check_reports`]), every URL passes `check_invariants`, and so does the
/// part after a `\u{1}` resolved against the part before it (checked with
/// [`check_reports`] too); [`Url::can_parse`] answers whether each parse
/// succeeds.
pub fn check_parse(input: &str) -> Result<(), String> {
    let plain = Url::parse(input);
    if Url::can_parse(input, None) != plain.is_ok() {
        return Err(format!("can_parse disagrees with the parse on {input:?}"));
    }
    let full = parse_reporting_by_state_machine(input, None);
    if plain.as_ref().ok().map(Url::as_str) != full.result.as_ref().ok().map(Url::as_str) {
        return Err(format!("fast path and full parser disagree on {input:?}"));
    }
    check_reports(input, None)?;
    if let Ok(url) = &plain {
        url.check_invariants()
            .map_err(|e| format!("{input:?}: {e}"))?;
    }
    if let Some((base, rel)) = input.split_once('\u{1}') {
        let joined = Url::parse(base).and_then(|b| b.join(rel));
        if Url::can_parse(rel, Some(base)) != joined.is_ok() {
            return Err(format!(
                "can_parse disagrees with the parse on {rel:?} against {base:?}"
            ));
        }
    }
    if let Some((base, rel)) = input.split_once('\u{1}')
        && let Ok(base) = Url::parse(base)
    {
        check_reports(rel, Some(&base))?;
    }
    if let Some((base, rel)) = input.split_once('\u{1}')
        && let Ok(base) = Url::parse(base)
        && let Ok(url) = base.join(rel)
    {
        url.check_invariants()
            .map_err(|e| format!("{rel:?} against {base}: {e}"))?;
    }
    Ok(())
}

/// A URL, then `\0`-separated (setter, value) pairs: the first character
/// of each pair picks the setter (an ASCII one, by its code modulo 10, one
/// of the JavaScript API setters in [`crate::quirks`]; any other, modulo 12,
/// one of the Rust mutators on [`Url`]). A refused value leaves the URL
/// unchanged and every result passes `check_invariants`.
pub fn check_setters(text: &str) -> Result<(), String> {
    let mut parts = text.split('\0');
    let Some(Ok(mut url)) = parts.next().map(Url::parse) else {
        return Ok(());
    };
    for op in parts {
        let mut chars = op.chars();
        let code = chars.next().map_or(0, u32::from);
        let value = chars.as_str();
        let before = url.clone();
        let (which, result) = if code < 0x80 {
            (code % 10, js_setter(&mut url, code % 10, value))
        } else {
            (10 + code % 12, rust_mutator(&mut url, code % 12, value)?)
        };
        if result.is_err() && url.as_str() != before.as_str() {
            return Err(format!(
                "refused setter {which} = {value:?} changed {before}"
            ));
        }
        url.check_invariants()
            .map_err(|e| format!("{before}: setter {which} = {value:?}: {e}"))?;
        check_search_params(&url, value)?;
    }
    Ok(())
}

fn js_setter(url: &mut Url, which: u32, value: &str) -> Result<(), SetterError> {
    match which {
        0 => quirks::set_href(url, value),
        1 => quirks::set_protocol(url, value),
        2 => quirks::set_username(url, value),
        3 => quirks::set_password(url, value),
        4 => quirks::set_host(url, value),
        5 => quirks::set_hostname(url, value),
        6 => quirks::set_port(url, value),
        7 => quirks::set_pathname(url, value),
        8 => quirks::set_search(url, value),
        _ => quirks::set_hash(url, value),
    }
}

fn rust_mutator(url: &mut Url, which: u32, value: &str) -> Result<Result<(), SetterError>, String> {
    let optional = (!value.is_empty()).then_some(value);
    Ok(match which {
        0 => url.set_scheme(value),
        1 => url.set_username(value),
        2 => url.set_password(optional),
        3 => url.set_host(optional),
        4 => {
            let address = value
                .parse::<IpAddr>()
                .unwrap_or_else(|_| IpAddr::V4(Ipv4Addr::from(crate::url::to_u32(value.len()))));
            url.set_ip_host(address)
        }
        5 => url.set_port(value.parse().ok()),
        6 => url.set_path(value),
        7 => url.set_query(optional),
        8 => url.set_fragment(optional),
        9 => url.path_segments_mut().map(|mut segments| {
            segments.pop_if_empty().pop().extend(value.split('/'));
        }),
        10 => {
            url.query_pairs_mut().append_pair(value, value);
            Ok(())
        }
        _ => {
            // make_relative: the reference it gives joins back to the target.
            if let Ok(target) = url.join(value)
                && let Some(relative) = url.make_relative(&target)
                && url.join(&relative).ok().as_ref() != Some(&target)
            {
                return Err(format!(
                    "{url}: make_relative to {target} gave {relative:?}"
                ));
            }
            Ok(())
        }
    })
}

/// Writing a URL's own parameter list back keeps the list, and a pair
/// appended with `value` as its name and value reads back decoded.
fn check_search_params(url: &Url, value: &str) -> Result<(), String> {
    let pairs = |params: &crate::search_params::SearchParams| -> Vec<(String, String)> {
        params
            .iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect()
    };
    let params = url.search_params();
    let list = pairs(&params);
    let mut same = url.clone();
    same.set_search_params(&params)
        .map_err(|e| format!("{url}: writing its own parameters back: {e}"))?;
    same.check_invariants()
        .map_err(|e| format!("{url}: after writing its parameters back: {e}"))?;
    let again = pairs(&same.search_params());
    if again != list {
        return Err(format!("{url}: parameters {list:?} read back as {again:?}"));
    }
    let mut added = url.clone();
    let mut more = params;
    more.append(value, value);
    added
        .set_search_params(&more)
        .map_err(|e| format!("{url}: appending {value:?}: {e}"))?;
    added
        .check_invariants()
        .map_err(|e| format!("{url}: after appending {value:?}: {e}"))?;
    // A lone surrogate cannot be in a `&str`, so the decoded pair is the
    // value exactly.
    if !added.search_params().get_all(value).any(|v| v == value) {
        return Err(format!("{url}: appended {value:?} does not read back"));
    }
    Ok(())
}

/// A peer parser for [`check_differential`]: `(input, base)` to `(href,
/// hostname)`, `None` when it fails.
pub type PeerParse = dyn Fn(&str, Option<&str>) -> Option<(String, String)>;

/// The base a differential input is also parsed against when it names none.
pub const DIFFERENTIAL_BASE: &str = "https://user:pass@example.org:8080/a/b/c?q=1#f";

/// Compares [`Url::parse`] with a peer parser on `data` (UTF-8 only):
/// the input alone, and against a base (the text before a `\x01`, else
/// [`DIFFERENTIAL_BASE`]). `peer(input, base)` gives the peer's href and
/// hostname, or `None` when it fails. Success and href must agree unless
/// `allowed` explains the input or the base, or explains our different
/// answer by the peer's hostname.
pub fn check_differential(
    data: &[u8],
    peer: &PeerParse,
    allowed: &onecontact_idna::fuzzing::Differences,
) -> Result<(), String> {
    let Ok(text) = core::str::from_utf8(data) else {
        return Ok(());
    };
    let (base, input) = text
        .split_once('\u{1}')
        .unwrap_or((DIFFERENTIAL_BASE, text));
    if allowed.explains(input) || allowed.explains(base) {
        return Ok(());
    }
    let compare = |input: &str, base: Option<&str>| {
        let ours = match base {
            None => Url::parse(input).map(|u| u.as_str().to_owned()).ok(),
            Some(base) => Url::parse(base)
                .ok()
                .and_then(|b| b.join(input).ok())
                .map(|u| u.as_str().to_owned()),
        };
        let peer = peer(input, base);
        let explained = peer
            .as_ref()
            .is_some_and(|(_, host)| !host.is_empty() && allowed.explains_peer_answer(host));
        let theirs = peer.map(|(href, _)| href);
        let explained = explained
            || [ours.as_deref(), theirs.as_deref()]
                .into_iter()
                .flatten()
                .any(|href| allowed.explains_answer(href));
        if ours == theirs {
            Ok(Agreement::Same)
        } else if explained {
            Ok(Agreement::Explained)
        } else {
            Err(format!(
                "{input:?} (base {base:?}): ours {ours:?}, the peer's {theirs:?}"
            ))
        }
    };
    compare(input, None)?;
    // A base the two read differently (for a listed reason) makes every
    // answer against it differ too, absolute inputs included: the URL
    // Standard fails the whole parse when the base fails.
    if compare(base, None)? == Agreement::Explained {
        return Ok(());
    }
    compare(input, Some(base)).map(|_| ())
}

/// How the two parsers' answers for one input compare, when they pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Agreement {
    Same,
    /// Different, for a reason `fuzz/ada-differences.txt` gives.
    Explained,
}

/// The `url_parse` fuzz target: [`check_parse`] on `data` read as UTF-8
/// (other bytes are not a URL string and pass).
pub fn check_parse_bytes(data: &[u8]) -> Result<(), String> {
    core::str::from_utf8(data).map_or(Ok(()), check_parse)
}

/// The `url_setters` fuzz target: [`check_setters`] on `data` read as UTF-8
/// (other bytes pass).
pub fn check_setters_bytes(data: &[u8]) -> Result<(), String> {
    core::str::from_utf8(data).map_or(Ok(()), check_setters)
}
