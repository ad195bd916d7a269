//! Edits of a URL's serialization that keep its offsets right: the ones both
//! the parser and the setters make (replace the scheme, remove the port,
//! insert the `/.` prefix, copy a prefix, splice the tail).

use crate::scheme::SchemeType;
use crate::url::{NONE, Url, to_u32};

/// Replaces the scheme of `url` (protocol setter, after the Standard's
/// checks) and drops a port that is the new scheme's default.
pub(crate) fn replace_scheme(url: &mut Url, scheme: &str, scheme_type: SchemeType) {
    let old_end = url.scheme_end();
    let lowered = scheme.to_ascii_lowercase();
    url.serialization
        .replace_range(..old_end as usize, &lowered);
    let new_end = to_u32(lowered.len());
    let shift = |v: u32| {
        if v == NONE {
            NONE
        } else {
            v - old_end + new_end
        }
    };
    url.host_start = shift(url.host_start);
    url.host_end = shift(url.host_end);
    url.path_start = shift(url.path_start);
    url.query_start = shift(url.query_start);
    url.fragment_start = shift(url.fragment_start);
    url.scheme_type = scheme_type;
    if url.port().is_some() && url.port() == scheme_type.default_port() {
        remove_port(url);
    }
}

/// Sets the port to null, removing `:port` from the serialization.
pub(crate) fn remove_port(url: &mut Url) {
    if !url.has_port() {
        return;
    }
    let removed = url.path_start - url.host_end;
    url.serialization
        .replace_range(url.host_end as usize..url.path_start as usize, "");
    url.path_start = url.host_end;
    if url.query_start != NONE {
        url.query_start -= removed;
    }
    if url.fragment_start != NONE {
        url.fragment_start -= removed;
    }
    url.port_value = 0;
}

/// The URL serializer's `/.`: a URL without host whose path has more than one
/// segment and starts with an empty one (`//…`) gets `/.` before the path, so
/// that re-parsing does not read the path as an authority.
pub(crate) fn insert_dot_prefix(url: &mut Url) {
    if !url.has_authority() && url.path_start == url.host_end {
        let path = url.slice(url.path_start, url.path_end());
        if path.starts_with("//") {
            let at = url.path_start as usize;
            url.serialization.insert_str(at, "/.");
            url.path_start += 2;
            if url.query_start != NONE {
                url.query_start += 2;
            }
            if url.fragment_start != NONE {
                url.fragment_start += 2;
            }
        }
    }
}

/// Appends `src.serialization[from..]` to `dst`, carrying over the query and
/// fragment offsets that lie in it.
pub(crate) fn append_tail(dst: &mut Url, src: &Url, from: u32) {
    let shift = |old: u32, dst_len: u32| {
        if old == NONE || old < from {
            NONE
        } else {
            old - from + dst_len
        }
    };
    let len = dst.len32();
    dst.query_start = shift(src.query_start, len);
    dst.fragment_start = shift(src.fragment_start, len);
    dst.serialization.push_str(src.slice(from, src.len32()));
}

/// Copies `src` up to `end` into a new URL with the same offsets (offsets
/// at or past `end` are the caller's to set); `extra` is the expected growth.
pub(crate) fn prefix(src: &Url, end: u32, extra: usize) -> Url {
    let mut url = Url::empty(src.serialization.len() + extra + 8);
    url.serialization.push_str(src.slice(0, end));
    url.host_start = src.host_start;
    url.host_end = src.host_end;
    url.path_start = src.path_start;
    url.port_value = src.port_value;
    url.ip = src.ip;
    url.host_kind = src.host_kind;
    url.scheme_type = src.scheme_type;
    url
}
