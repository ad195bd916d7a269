//! The checks the `web_address` fuzz target makes on link inspection, shared
//! with `tests/fuzz_regressions.rs` so a saved input replays the same checks.

use super::{TopDomains, WarningCode, display_host, inspect};

/// Inspects `text` and checks the display decision's invariants: the host
/// shown has the host's labels, each in its `xn--` form or its Unicode form,
/// exactly the `xn--` labels are listed, a host that imitates a popular
/// domain shows no label in Unicode, and the look-alike warning is raised
/// exactly then. Also reads `text` itself as a host, which must not panic.
pub fn check_inspect(text: &str) -> Result<(), String> {
    let top = TopDomains::baked();
    let _ = display_host(text, &top);
    let report = inspect(text);
    let (Some(host), Some(display)) = (report.real_host(), report.display()) else {
        return Ok(());
    };
    if display_host(host, &top) != *display {
        return Err(format!(
            "{text:?}: display_host differs from inspect's display"
        ));
    }
    let trimmed = host.strip_suffix('.').unwrap_or(host);
    let ascii: Vec<&str> = trimmed.split('.').collect();
    let shown = display.host.strip_suffix('.').unwrap_or(&display.host);
    let shown: Vec<&str> = shown.split('.').collect();
    if ascii.len() != shown.len() {
        return Err(format!(
            "{text:?}: {host} is shown with other labels: {}",
            display.host
        ));
    }
    let mut labels = display.labels.iter();
    for (a, s) in ascii.iter().zip(&shown) {
        if !crate::labels::is_xn_label(a) {
            if a != s {
                return Err(format!("{text:?}: ASCII label {a} shown as {s}"));
            }
            continue;
        }
        let Some(label) = labels.next() else {
            return Err(format!(
                "{text:?}: label {a} missing from the display's list"
            ));
        };
        let ok = match (label.reason, label.unicode.as_deref()) {
            (None, Some(u)) => *s == u,
            (Some(_), _) => s == a,
            (None, None) => false,
        };
        if label.ascii != *a || !ok {
            return Err(format!("{text:?}: label {a} shown as {s} ({label:?})"));
        }
        if display.imitates.is_some() && label.reason.is_none() {
            return Err(format!(
                "{text:?}: {a} shown in Unicode in a look-alike host"
            ));
        }
    }
    if labels.next().is_some() {
        return Err(format!(
            "{text:?}: the display lists more labels than {host} has"
        ));
    }
    if display.imitates.is_some() != report.has(WarningCode::LookalikeOfPopularDomain) {
        return Err(format!("{text:?}: look-alike warning and display disagree"));
    }
    Ok(())
}

/// The checks of the `imitation` fuzz target: the lines of `text` before
/// its last are a list of one's own domains (used when it parses), the last
/// line a link. Inspecting it must not panic; each imitation finding names
/// a domain other than the host's, with the severity of its kind; and the
/// search stays within its bound (the fuzz target times it).
pub fn check_imitation(text: &str) -> Result<(), String> {
    let (list, link) = text.rsplit_once('\n').unwrap_or(("", text));
    let data = match TopDomains::parse(list) {
        Ok(own) => crate::Data::baked().with_top_domains(TopDomains::baked().with(own)),
        Err(_) => crate::Data::baked(),
    };
    let report = super::inspect_with(link, &data);
    for w in &report.warnings {
        let Some(imitation) = &w.imitation else {
            continue;
        };
        if w.code != WarningCode::LookalikeOfPopularDomain {
            return Err(format!("{link:?}: an imitation on {}", w.code));
        }
        if imitation.domain.is_empty() || Some(imitation.domain.as_str()) == report.real_host() {
            return Err(format!("{link:?}: imitates {:?}", imitation.domain));
        }
        if w.severity != imitation.kind.severity() {
            return Err(format!("{link:?}: {} at {:?}", imitation.kind, w.severity));
        }
    }
    Ok(())
}
