//! The checks of the `web_address` fuzz target, shared with
//! `tests/fuzz_regressions.rs` so that a saved input replays exactly what the
//! fuzz target runs. Not part of the public API.

use crate::{ContactKindDetector, KeyVersion, WebAddress};
use onecontact_psl::Sections;

/// Runs everything computed from pasted text on `data` (read as UTF-8; other
/// bytes pass): the detector and link inspection with its display decision
/// ([`crate::inspect::fuzzing::check_inspect`]) never panic, and for a text
/// that parses as a [`WebAddress`]: facts and removed parameters never panic,
/// every span lies inside the input, and the canonical form parses to itself
/// with the same key.
pub fn check(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let _ = ContactKindDetector::detect(text);
    crate::inspect::fuzzing::check_inspect(text)?;
    let Ok(web) = WebAddress::parse(text) else {
        return Ok(());
    };
    let key = web.key(KeyVersion::V1);
    let _ = web.facts();
    let _ = web.removed_tracking_parameters().count();
    let units = text.encode_utf16().count();
    if let Some(span) = web
        .detail()
        .fields
        .into_iter()
        .find(|s| s.start > s.end || s.end > units)
    {
        return Err(format!("span {span:?} out of input {text:?}"));
    }
    let canonical = web.canonical();
    let again = WebAddress::parse(canonical)
        .map_err(|e| format!("canonical {canonical:?} of {text:?} does not parse: {e}"))?;
    if again.canonical() != canonical {
        return Err(format!("canonical form of {text:?} is not stable"));
    }
    if again.key(KeyVersion::V1) != key {
        return Err(format!("key of the canonical form of {text:?} differs"));
    }
    Ok(())
}

/// The check of the `web_key` fuzz target: [`crate::key_v1`] straight from
/// the text gives what [`WebAddress::parse`] and
/// [`key`](WebAddress::key)`(KeyVersion::V1)` give, the same key or the
/// same error; so do [`crate::push_key_v1_with`] (appending to a row) and
/// [`crate::key_v1_and_host_with`] (with the URL's host), and
/// [`crate::registrable_domain_with`] gives the address's registrable domain.
pub fn check_key_direct(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let direct = crate::key_v1(text);
    let reference = WebAddress::parse(text).map(|web| web.key(KeyVersion::V1));
    if direct != reference {
        return Err(format!(
            "key_v1({text:?}) is {direct:?}, WebAddress gives {reference:?}"
        ));
    }
    let data = crate::Data::baked();
    let with_host = crate::key_v1_and_host_with(text, &data);
    let reference = WebAddress::parse(text).map(|web| {
        let host = web.url().host_str().unwrap_or_default().to_owned();
        (web.key(KeyVersion::V1), host)
    });
    if with_host != reference {
        return Err(format!(
            "key_v1_and_host_with({text:?}) is {with_host:?}, WebAddress gives {reference:?}"
        ));
    }
    let mut pushed = String::from("row\t");
    let appended = crate::push_key_v1_with(text, &data, &mut pushed);
    let expected = match &direct {
        Ok(key) => format!("row\t{key}"),
        Err(_) => "row\t".to_owned(),
    };
    if appended.as_ref().err() != direct.as_ref().err() || pushed != expected {
        return Err(format!(
            "push_key_v1_with({text:?}) wrote {pushed:?} ({appended:?}), key_v1 gives {direct:?}"
        ));
    }
    let domain = crate::registrable_domain_with(text, &data);
    let reference = WebAddress::parse(text).map(|web| web.registrable_domain().map(str::to_owned));
    if domain != reference {
        return Err(format!(
            "registrable_domain_with({text:?}) is {domain:?}, WebAddress gives {reference:?}"
        ));
    }
    let icann = crate::registrable_domain_in(text, Sections::IcannOnly, &data);
    let reference = WebAddress::parse(text).map(|web| {
        web.registrable_domain_in(Sections::IcannOnly, &data)
            .map(str::to_owned)
    });
    if icann != reference {
        return Err(format!(
            "registrable_domain_in({text:?}, IcannOnly) is {icann:?}, WebAddress gives {reference:?}"
        ));
    }
    Ok(())
}

/// The key V2 half of the `web_key` fuzz target: [`crate::key_v2_with`]
/// straight from the text gives what the route through [`WebAddress`]
/// gives ([`crate::key_v2_explained_with`]: the paste read through,
/// `WebAddress::parse_with`, the refusal of non-addresses, then the key of
/// the parsed address), the same key or the same error; so do
/// [`crate::push_key_v2_with`] (appending to a row) and
/// [`crate::key_v2_and_host_with`].
pub fn check_key_v2_direct(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let data = crate::Data::baked();
    let direct = crate::key_v2_with(text, &data);
    let reference = crate::key_v2_explained_with(text, &data).map(|(key, _)| key);
    if direct != reference {
        return Err(format!(
            "key_v2_with({text:?}) is {direct:?}, the WebAddress route gives {reference:?}"
        ));
    }
    let with_host = crate::key_v2_and_host_with(text, &data).map(|(key, _)| key);
    if with_host != direct {
        return Err(format!(
            "key_v2_and_host_with({text:?}) keys {with_host:?}, key_v2_with {direct:?}"
        ));
    }
    let mut pushed = String::from("row\t");
    let appended = crate::push_key_v2_with(text, &data, &mut pushed);
    let expected = match &direct {
        Ok(key) => format!("row\t{key}"),
        Err(_) => "row\t".to_owned(),
    };
    if appended.as_ref().err() != direct.as_ref().err() || pushed != expected {
        return Err(format!(
            "push_key_v2_with({text:?}) wrote {pushed:?} ({appended:?}), key_v2_with gives {direct:?}"
        ));
    }
    Ok(())
}
