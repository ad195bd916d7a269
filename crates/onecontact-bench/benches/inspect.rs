//! Link inspection cost: `onecontact::inspect` over the lines of
//! `bench-data/others/kasztp.txt` and `userbait.txt`, and over the IDN inputs
//! of the pinned `IdnaTestV2.json` (inputs with a non-ASCII character or an
//! `xn--` label, read as `https://INPUT/`).
//!
//! ```text
//! cargo bench -p onecontact-bench --bench inspect
//! B=$(ls -t target/release/deps/inspect-* | grep -v '\.d$' | head -1)
//! for n in 1 2; do BENCH_FILTER="inspect kasztp" BENCH_ONCE=$n \
//!   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.$n.out $B; done
//! # (Ir of run 2 - Ir of run 1) / items = instructions per inspect call
//! ```

use std::hint::black_box;

use onecontact_bench::{
    CountingAlloc, Measurement, Report, bench_data, measure, read_lines, selected, testdata,
    wpt_inputs,
};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// The IDN inputs of IdnaTestV2.json (a non-ASCII character or an `xn--`
/// label), each as `https://INPUT/`.
fn idna_inputs() -> Vec<String> {
    wpt_inputs(&testdata().join("wpt-url/IdnaTestV2.json"))
        .into_iter()
        .filter(|input| !input.is_ascii() || input.to_ascii_lowercase().contains("xn--"))
        .map(|input| format!("https://{input}/"))
        .collect()
}

fn main() {
    let mut sets: Vec<(&str, Vec<String>)> = Vec::new();
    for name in ["kasztp.txt", "userbait.txt"] {
        let mut lines = read_lines(&bench_data().join("others").join(name));
        if let Some(first) = lines.first_mut()
            && let Some(rest) = first.strip_prefix('\u{feff}')
        {
            *first = rest.to_owned();
        }
        sets.push((name, lines));
    }
    sets.push(("IdnaTestV2 IDN inputs", idna_inputs()));

    let mut report = Report::new("inspect");
    for (name, lines) in &sets {
        let items = lines.len();
        let bytes: usize = lines.iter().map(String::len).sum();
        println!("{name}: {items} lines, {bytes} bytes");
        let label = format!("inspect {name}");
        if items == 0 || !selected(&label) {
            continue;
        }
        let m: Measurement = measure(&label, items, bytes, || {
            lines
                .iter()
                .map(|l| black_box(onecontact::inspect(l)).warnings.len())
                .sum::<usize>()
        });
        report.push(m);
    }
    report.print("inspect");
}
