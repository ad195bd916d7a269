//! Replays the inputs in tests/fuzz_regressions/ with the fuzz targets' checks.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_url::Url;

fn check_parse(input: &str) {
    let plain = Url::parse(input);
    let mut errors = Vec::new();
    let full = Url::options()
        .validation_sink(&mut errors)
        .parse_with_spans(input);
    assert_eq!(
        plain.as_ref().ok().map(Url::href),
        full.as_ref().ok().map(|(u, _)| u.href()),
        "{input:?}"
    );
    if let Ok(url) = &plain {
        url.check_invariants()
            .unwrap_or_else(|e| panic!("{input:?}: {e}"));
    }
    if let Some((base, rel)) = input.split_once('\u{1}')
        && let Ok(base) = Url::parse(base)
        && let Ok(url) = Url::parse_with_base(rel, &base)
    {
        url.check_invariants()
            .unwrap_or_else(|e| panic!("{rel:?} against {base}: {e}"));
    }
}

fn check_setters(text: &str) {
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
        url.check_invariants()
            .unwrap_or_else(|e| panic!("{before}: setter {which} = {value:?}: {e}"));
    }
}

#[test]
fn replay_fuzz_regressions() {
    let dir = format!("{}/tests/fuzz_regressions", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        if name.starts_with("parse-") {
            check_parse(text);
            count += 1;
        } else if name.starts_with("setters-") {
            check_setters(text);
            count += 1;
        }
    }
    assert!(count >= 4, "expected regression inputs in {dir}");
}
