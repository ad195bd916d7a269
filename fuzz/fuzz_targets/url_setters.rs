//! Fuzzes the `onecontact_url` setters on parsed URLs: no panic; a refused
//! value leaves the URL unchanged; every result passes `check_invariants`.
//! Input: a URL, then `\0`-separated (setter-number, value) pairs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onecontact_url::Url;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.split('\0');
    let Some(Ok(mut url)) = parts.next().map(Url::parse) else {
        return;
    };
    for op in parts {
        let mut chars = op.chars();
        let which = chars.next().map_or(0, |c| u32::from(c) % 10);
        let value = chars.as_str();
        let before = url.clone();
        let result = match which {
            0 => url.set_href(value),
            1 => url.set_protocol(value),
            2 => url.set_username(value),
            3 => url.set_password(value),
            4 => url.set_host(value),
            5 => url.set_hostname(value),
            6 => url.set_port(value),
            7 => url.set_pathname(value),
            8 => url.set_search(value),
            _ => url.set_hash(value),
        };
        if result.is_err() {
            assert_eq!(
                url.href(),
                before.href(),
                "refused setter {which} = {value:?} changed the URL"
            );
        }
        if let Err(e) = url.check_invariants() {
            panic!("{}: setter {which} = {value:?}: {e}", before.href());
        }
    }
});
