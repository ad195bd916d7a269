//! WebAddress throughput: parse, canonical form and key (version 1) over the
//! 48,009 addresses of `bench-data/others/kasztp.txt`, with nanoseconds and
//! heap allocations per address.
//!
//! Reference rows: the key alone (of addresses parsed before the loop) and
//! the parts alone (URL parse, registrable domain, one `String`, with none
//! of the contact layer around them).
//!
//! Peer rows: the `url` and `ada-url` crates' bare URL parse of the same
//! lines. They do less work than WebAddress (no scheme detection, canonical
//! form, registrable domain or key); they show what the URL parse alone costs.
//!
//! ```text
//! CARGO_TARGET_DIR=/work/targets/contact cargo bench -p onecontact-bench --bench web
//! ```

use std::hint::black_box;

use onecontact::{KeyVersion, WebAddress};
use onecontact_bench::{
    CountingAlloc, Measurement, Report, bench_data, measure, read_lines, selected,
};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

fn main() {
    let path = bench_data().join("others/kasztp.txt");
    let mut lines = read_lines(&path);
    // The file starts with a byte order mark; it is not part of the address.
    if let Some(first) = lines.first_mut()
        && let Some(rest) = first.strip_prefix('\u{feff}')
    {
        *first = rest.to_owned();
    }
    let items = lines.len();
    let bytes: usize = lines.iter().map(String::len).sum();
    if items == 0 {
        eprintln!("no input: {}", path.display());
        return;
    }
    let failures = lines
        .iter()
        .filter(|l| WebAddress::parse(l).is_err())
        .count();
    println!(
        "kasztp.txt: {items} addresses, {bytes} bytes, {failures} rejected by WebAddress::parse"
    );

    let mut report = Report::new("WebAddress over kasztp.txt");
    let label = "onecontact parse kasztp.txt";
    if selected(label) {
        record(
            &mut report,
            measure(label, items, bytes, || {
                lines
                    .iter()
                    .filter(|l| black_box(WebAddress::parse(l)).is_ok())
                    .count()
            }),
        );
    }
    let label = "onecontact parse+canonical+key kasztp.txt";
    if selected(label) {
        record(
            &mut report,
            measure(label, items, bytes, || {
                let mut total = 0usize;
                for line in &lines {
                    if let Ok(web) = WebAddress::parse(line) {
                        total += black_box(web.canonical()).len();
                        total += black_box(web.key(KeyVersion::V1)).len();
                    }
                }
                total
            }),
        );
    }
    let label = "onecontact parse+canonical+key+facts kasztp.txt";
    if selected(label) {
        record(
            &mut report,
            measure(label, items, bytes, || {
                let mut total = 0usize;
                for line in &lines {
                    if let Ok(web) = WebAddress::parse(line) {
                        total += black_box(web.canonical()).len();
                        total += black_box(web.key(KeyVersion::V1)).len();
                        total += usize::from(black_box(web.facts()).social_profile.is_some());
                    }
                }
                total
            }),
        );
    }
    // The key straight from the text: the same answer as parse + key.
    let label = "onecontact key_v1 from text kasztp.txt";
    if selected(label) {
        record(
            &mut report,
            measure(label, items, bytes, || {
                lines
                    .iter()
                    .filter_map(|l| onecontact::key_v1(l).ok())
                    .map(|key| black_box(key).len())
                    .sum::<usize>()
            }),
        );
    }
    // Key V2 straight from the text, with the built-in lists.
    let label = "onecontact key_v2 from text kasztp.txt";
    if selected(label) {
        let data = onecontact::Data::baked();
        record(
            &mut report,
            measure(label, items, bytes, || {
                lines
                    .iter()
                    .filter_map(|l| onecontact::key_v2_with(l, &data).ok())
                    .map(|key| black_box(key).len())
                    .sum::<usize>()
            }),
        );
    }
    let label = "onecontact parse+key kasztp.txt";
    if selected(label) {
        record(
            &mut report,
            measure(label, items, bytes, || {
                lines
                    .iter()
                    .filter_map(|l| WebAddress::parse(l).ok())
                    .map(|web| black_box(web.key(KeyVersion::V1)).len())
                    .sum::<usize>()
            }),
        );
    }
    // The key alone, of addresses parsed before the measured loop.
    let label = "onecontact key only kasztp.txt";
    if selected(label) {
        let parsed: Vec<WebAddress> = lines
            .iter()
            .filter_map(|l| WebAddress::parse(l).ok())
            .collect();
        record(
            &mut report,
            measure(label, items, bytes, || {
                parsed
                    .iter()
                    .map(|web| black_box(web.key(KeyVersion::V1)).len())
                    .sum::<usize>()
            }),
        );
    }
    // What the parts of parse + canonical + key cost with nothing around
    // them: the URL parse, the registrable-domain lookup and one `String`
    // (the registrable domain and the path, lowercased), without the
    // reading, the `WebAddress` or the key's rules.
    let label = "parts alone kasztp.txt";
    if selected(label) {
        record(
            &mut report,
            measure(label, items, bytes, || {
                let list = onecontact_psl::List::baked();
                let mut total = 0usize;
                for line in &lines {
                    if let Ok(url) = onecontact_url::Url::parse(line) {
                        let host = url.host_str().unwrap_or_default();
                        let domain = list.registrable_domain(host).unwrap_or(host);
                        let path = url.path();
                        let mut key = String::with_capacity(domain.len() + path.len());
                        key.push_str(domain);
                        key.push_str(path);
                        key.make_ascii_lowercase();
                        total += black_box(url.without_fragment()).len();
                        total += black_box(key).len();
                    }
                }
                total
            }),
        );
    }
    let label = "api parse document kasztp.txt";
    if selected(label) {
        record(
            &mut report,
            measure(label, items, bytes, || {
                let mut total = 0usize;
                for line in &lines {
                    total += black_box(api_parse(line)).len();
                }
                total
            }),
        );
    }
    let label = "url parse kasztp.txt";
    if selected(label) {
        record(
            &mut report,
            measure(label, items, bytes, || {
                lines
                    .iter()
                    .filter(|l| black_box(url::Url::parse(l)).is_ok())
                    .count()
            }),
        );
    }
    let label = "ada-url parse kasztp.txt";
    if selected(label) {
        record(
            &mut report,
            measure(label, items, bytes, || {
                lines
                    .iter()
                    .filter(|l| black_box(ada_url::Url::parse(l.as_str(), None)).is_ok())
                    .count()
            }),
        );
    }
    report.print("onecontact");
}

/// What one `POST /api/parse` handler call does for `input` (no base, the
/// scheme assumed when not written): the report and its reply document
/// `{"report": …}`, written as the server writes it.
fn api_parse(input: &str) -> Vec<u8> {
    use onecontact_report::{ReadOptions, json, parse_report};
    let Ok(report) = parse_report(input, &ReadOptions::default()) else {
        return Vec::new();
    };
    json::parse_reply(&report).unwrap_or_default()
}

/// Adds `m` to the report and prints its rate in addresses per second.
fn record(report: &mut Report, m: Measurement) {
    if m.ns_per_item > 0.0 {
        println!(
            "{}: {:.0} ns/address, {:.0} addresses/s, {:.2} allocations/address",
            m.label,
            m.ns_per_item,
            1e9 / m.ns_per_item,
            m.allocs_per_item
        );
    }
    report.push(m);
}
