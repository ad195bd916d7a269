//! Taking a wrapper off a link: the address inside an Outlook Safe Links,
//! Proofpoint URL Defense, Google, Facebook, Instagram, YouTube, LinkedIn,
//! Slack, Steam or VK redirect (the wrappers of [`WrapperList`]).

use onecontact_url::Url;
use onecontact_url::form_urlencoded;
use onecontact_url::percent_encoding::percent_decode_str;

use crate::lists::{Wrapper, WrapperList};
use crate::rules::WrapperEncoding;

/// The address inside the wrapper `url` (whose host is `host`, lowercase,
/// with the registrable domain `registrable`), with the wrapper that held
/// it; `None` when `url` is no wrapper of `list` or holds no address.
pub(crate) fn target<'l>(
    url: &Url,
    host: &str,
    registrable: Option<&str>,
    list: &'l WrapperList,
) -> Option<(&'l Wrapper, String)> {
    list.wrappers.iter().find_map(|wrapper| {
        if !wrapper.host.matches(host, registrable) || !wrapper.path_matches(url.path()) {
            return None;
        }
        let found = match wrapper.encoding {
            WrapperEncoding::Query | WrapperEncoding::ProofpointV2 => {
                let value = form_urlencoded::parse_str(url.query()?)
                    .find(|(name, _)| *name == *wrapper.parameter)
                    .map(|(_, value)| value)?;
                if wrapper.encoding == WrapperEncoding::ProofpointV2 {
                    proofpoint_v2(&value)
                } else {
                    value.into_owned()
                }
            }
            WrapperEncoding::ProofpointV3 => {
                let href = url.as_str();
                let path_start = href.len()
                    - url.path().len()
                    - url.query().map_or(0, |q| q.len() + 1)
                    - url.fragment().map_or(0, |f| f.len() + 1);
                let after = href.get(path_start..)?;
                let rest = after
                    .get(..wrapper.path.len())
                    .filter(|head| head.eq_ignore_ascii_case(&wrapper.path))
                    .and_then(|_| after.get(wrapper.path.len()..))?;
                proofpoint_v3(rest)?
            }
        };
        (!found.is_empty()).then_some((wrapper, found))
    })
}

/// Proofpoint v2's `u`: `-XX` stands for `%XX` and `_` for `/`; then the
/// escapes are decoded.
fn proofpoint_v2(value: &str) -> String {
    let escaped: String = value
        .chars()
        .map(|c| match c {
            '-' => '%',
            '_' => '/',
            c => c,
        })
        .collect();
    percent_decode_str(&escaped).into_owned()
}

/// Proofpoint v3: `ADDRESS__;BYTES!…` after `/v3/__`. The address is
/// percent-decoded; each `*` in it stands for the next character of the
/// base64url-decoded `BYTES`, and `**X` for the next `n` of them, `n` being
/// 2 for `A`, 3 for `B`, … through `Z`, `a`–`z`, `0`–`9`, `-`, `_` (65 for
/// `_`). `None` when the bytes run out or do not decode.
fn proofpoint_v3(rest: &str) -> Option<String> {
    let end = rest.find("__;")?;
    let address = percent_decode_str(rest.get(..end)?);
    let after = rest.get(end + 3..)?;
    let bytes_end = after.find('!').unwrap_or(after.len());
    let decoded = base64url_decode(after.get(..bytes_end)?)?;
    let replacement = String::from_utf8(decoded).ok()?;
    let mut replacement = replacement.chars();
    let mut out = String::with_capacity(address.len());
    let mut chars = address.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '*' {
            out.push(c);
            continue;
        }
        if chars.next_if_eq(&'*').is_some() {
            let run = chars.next().and_then(run_length)?;
            for _ in 0..run {
                out.push(replacement.next()?);
            }
        } else {
            out.push(replacement.next()?);
        }
    }
    Some(out)
}

/// The run length `**X` stands for in Proofpoint v3.
fn run_length(c: char) -> Option<usize> {
    let index = match c {
        'A'..='Z' => u32::from(c) - u32::from('A'),
        'a'..='z' => 26 + u32::from(c) - u32::from('a'),
        '0'..='9' => 52 + u32::from(c) - u32::from('0'),
        '-' => 62,
        '_' => 63,
        _ => return None,
    };
    usize::try_from(index + 2).ok()
}

/// Decodes base64url (RFC 4648 §5), padding optional; `None` for anything
/// else.
fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0u32;
    for b in text.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((acc >> bits) & 0xff).ok()?);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_decodes_with_and_without_padding() {
        assert_eq!(base64url_decode("JQ").unwrap(), b"%");
        assert_eq!(base64url_decode("JQ==").unwrap(), b"%");
        assert_eq!(base64url_decode("aGVsbG8").unwrap(), b"hello");
        assert_eq!(base64url_decode("").unwrap(), b"");
        assert!(base64url_decode("a.b").is_none());
    }

    #[test]
    fn proofpoint_v3_runs_and_single_characters() {
        // `JSUl` is "%%%": `*` takes one, `**A` two.
        assert_eq!(
            proofpoint_v3("https://example.com/a*20b**Ac__;JSUl!!x$").as_deref(),
            Some("https://example.com/a%20b%%c")
        );
        // Bytes run out: no target.
        assert_eq!(proofpoint_v3("https://example.com/a*b*c__;JQ!!x$"), None);
        assert_eq!(
            proofpoint_v3("https://example.com/__;!!x$").as_deref(),
            Some("https://example.com/")
        );
        assert_eq!(proofpoint_v3("no-end"), None);
        assert_eq!(run_length('A'), Some(2));
        assert_eq!(run_length('_'), Some(65));
    }

    #[test]
    fn proofpoint_v2_maps_dashes_and_underscores() {
        assert_eq!(
            proofpoint_v2("https-3A__www.example.com_a-3Fb-3D1"),
            "https://www.example.com/a?b=1"
        );
    }
}

/// One wrapper taken off a link.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WrapperLayer {
    /// The wrapper's vendor and product (`Microsoft Defender Safe Links`).
    pub vendor: String,
    /// The wrapper's address (its URL's serialization).
    pub address: String,
}

/// The address behind a wrapper, from
/// [`WebAddress::unwrapped`](crate::WebAddress::unwrapped).
#[derive(Debug, Clone)]
pub struct Unwrapped {
    /// The wrappers taken off, outermost first.
    pub wrappers: Vec<WrapperLayer>,
    /// The address inside the innermost wrapper.
    pub target: crate::WebAddress,
}
