//! `onecontact canon`, `key` and `facts`: the contact layer.

use std::io::{self, Write};

use onecontact::{KeyVersion, SocialProfile, WebAddress, WebFact};
use onecontact_report::ContactFacts;
use serde::Serialize;

use super::batch_run::BatchCommand;
use super::{Ctx, LineError, OK, report_invalid};
use crate::output::{Table, tsv_field, tsv_plain};

/// Which of the three.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    /// The canonical form.
    Canon,
    /// A key, of the version given.
    Key(KeyVersion),
    /// Facts.
    Facts,
}

/// `canon` row.
#[derive(Debug, Serialize)]
pub struct CanonRow {
    canonical: String,
    removed_tracking_parameters: Vec<String>,
    fragment_removed: bool,
}

/// `key` row.
#[derive(Debug, Serialize)]
pub struct KeyRow {
    key: String,
}

/// `facts` row.
#[derive(Debug, Serialize)]
pub struct FactsRow {
    facts: Vec<&'static str>,
    is_website: bool,
    social_profile: Option<SocialProfile>,
}

/// One of the rows.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ContactRow {
    /// `canon`.
    Canon(CanonRow),
    /// `key`.
    Key(KeyRow),
    /// `facts`.
    Facts(FactsRow),
}

/// canon/key/facts as a batch command.
pub struct Contact {
    /// Which of the three.
    pub what: What,
    /// The lists answers are computed with.
    pub data: &'static onecontact::Data,
}

impl BatchCommand for Contact {
    type Report = ContactRow;

    fn columns(&self) -> &'static [&'static str] {
        match self.what {
            What::Canon => &["canonical", "removed"],
            What::Key(_) => &["key"],
            What::Facts => &["facts", "social_network", "social_handle"],
        }
    }

    fn run(&self, text: &str) -> Result<ContactRow, LineError> {
        if let What::Key(version) = self.what {
            // Straight from the text: the key of `WebAddress::parse_with(text, data)`
            // (V1), or key V2 of the text.
            let key = key_of(text, version, self.data).map_err(|e| LineError::from(&e))?;
            return Ok(ContactRow::Key(KeyRow { key }));
        }
        let web = WebAddress::parse_with(text, self.data).map_err(|e| LineError::from(&e))?;
        Ok(self.row(&web))
    }

    fn fields(&self, report: &ContactRow, out: &mut Vec<String>) {
        fields(report, out);
    }

    fn push_tsv_fields(&self, text: &str, out: &mut String) -> Option<Result<(), LineError>> {
        let What::Key(version) = self.what else {
            return None;
        };
        // The key straight from the text into the row; escaped only when
        // it holds a character a TSV field cannot (it seldom does).
        let start = out.len();
        out.push('\t');
        let pushed = match version {
            KeyVersion::V1 => onecontact::push_key_v1_with(text, self.data, out),
            _ => onecontact::push_key_v2_with(text, self.data, out),
        };
        if let Err(e) = pushed {
            out.truncate(start);
            return Some(Err(LineError::from(&e)));
        }
        if !out.get(start + 1..).is_none_or(tsv_plain) {
            let key = out.split_off(start + 1);
            tsv_field(out, &key);
        }
        Some(Ok(()))
    }
}

impl Contact {
    /// The row of an address.
    fn row(&self, web: &WebAddress) -> ContactRow {
        match self.what {
            What::Canon => ContactRow::Canon(CanonRow {
                canonical: web.canonical().to_owned(),
                removed_tracking_parameters: web
                    .removed_tracking_parameters()
                    .map(str::to_owned)
                    .collect(),
                fragment_removed: web.flags().contains(WebFact::FragmentRemoved),
            }),
            What::Key(version) => ContactRow::Key(KeyRow {
                key: web.key_with(version, self.data),
            }),
            What::Facts => ContactRow::Facts(FactsRow {
                facts: web.flags().iter().map(|f| f.name()).collect(),
                is_website: web.is_website(),
                social_profile: web.social_profile(),
            }),
        }
    }
}

/// The batch columns of a row.
fn fields(report: &ContactRow, out: &mut Vec<String>) {
    {
        match report {
            ContactRow::Canon(r) => {
                out.extend([r.canonical.clone(), r.removed_tracking_parameters.join(",")])
            }
            ContactRow::Key(r) => out.push(r.key.clone()),
            ContactRow::Facts(r) => {
                out.push(r.facts.join(","));
                out.push(
                    r.social_profile
                        .as_ref()
                        .map(|p| p.network.name().to_owned())
                        .unwrap_or_default(),
                );
                out.push(
                    r.social_profile
                        .as_ref()
                        .map(|p| p.handle.clone())
                        .unwrap_or_default(),
                );
            }
        }
    }
}

/// `onecontact canon|key|facts URL`: the answer alone on one line, or
/// with `report` the readable report (facts always print the report).
pub fn single(
    ctx: &Ctx,
    out: &mut dyn Write,
    what: What,
    text: &str,
    report: bool,
) -> io::Result<u8> {
    let name = match what {
        What::Canon => "canon",
        What::Key(_) => "key",
        What::Facts => "facts",
    };
    if let What::Key(version @ KeyVersion::V2) = what {
        return single_key_v2(ctx, out, version, text, report);
    }
    let web = match WebAddress::parse_with(text, ctx.data()) {
        Ok(web) => web,
        Err(error) => return report_invalid(ctx, out, name, &LineError::from(&error)),
    };
    if ctx.json {
        ctx.write_json_with_lists(
            out,
            &Contact {
                what,
                data: ctx.data(),
            }
            .row(&web),
        )?;
        return Ok(OK);
    }
    let url = web.url().as_str();
    if !report {
        let answer = match what {
            What::Key(version) => web.key_with(version, ctx.data()),
            What::Canon | What::Facts => web.canonical().to_owned(),
        };
        writeln!(out, "{answer}")?;
        return Ok(OK);
    }
    let report = ContactFacts::of(&web);
    let s = &ctx.style;
    match what {
        What::Canon => {
            writeln!(out, "{}", s.value(&report.canonical))?;
            let mut table = Table::new();
            table.row("url", url);
            if !report.removed_tracking_parameters.is_empty() {
                table.row("removed", report.removed_tracking_parameters.join(", "));
            }
            if report.facts.contains(&"fragment_removed") {
                table.row("fragment", "removed");
            }
            if report.facts.contains(&"scheme_assumed") {
                table.row("scheme", "https assumed (none was written)");
            }
            writeln!(out)?;
            table.write(out, s, 2)?;
        }
        What::Key(_) => {
            writeln!(out, "{}", s.value(&report.key_v1))?;
            writeln!(out)?;
            Table::new()
                .row("version", "V1")
                .row("canonical", &report.canonical)
                .write(out, s, 2)?;
        }
        What::Facts => {
            writeln!(out, "{}", s.value(&report.canonical))?;
            writeln!(out)?;
            let mut table = Table::new();
            table.row(
                "website",
                if report.is_website {
                    s.good("yes (http or https)")
                } else {
                    s.warn("no: not http or https")
                },
            );
            for fact in onecontact::WebFact::ALL {
                if report.facts.contains(&fact.name()) {
                    table.row(fact.name(), s.good("yes"));
                } else {
                    table.row(fact.name(), s.dim("no"));
                }
            }
            match &report.social_profile {
                Some(p) => table.row(
                    "social profile",
                    format!("{} {} ({})", p.network.name(), p.handle, p.path),
                ),
                None => table.row("social profile", s.dim("none")),
            };
            table.write(out, s, 2)?;
        }
    }
    Ok(OK)
}

/// The key of `text` in `version`, straight from the text.
fn key_of(
    text: &str,
    version: KeyVersion,
    data: &onecontact::Data,
) -> Result<String, onecontact::WebError> {
    match version {
        KeyVersion::V1 => onecontact::key_v1_with(text, data),
        _ => onecontact::key_v2_with(text, data),
    }
}

/// `onecontact key --key-version 2 URL`: key V2 of the text (read through
/// pasted punctuation, unwrapped, refused when no address), alone or with
/// the decisions key V2 made.
fn single_key_v2(
    ctx: &Ctx,
    out: &mut dyn Write,
    version: KeyVersion,
    text: &str,
    report: bool,
) -> io::Result<u8> {
    let (key, decisions) = match onecontact::key_v2_explained_with(text, ctx.data()) {
        Ok(found) => found,
        Err(error) => return report_invalid(ctx, out, "key", &LineError::from(&error)),
    };
    if ctx.json {
        #[derive(Serialize)]
        struct KeyV2Row<'a> {
            key: &'a str,
            version: KeyVersion,
            decisions: &'a [onecontact::KeyV2Decision],
        }
        ctx.write_json_with_lists(
            out,
            &KeyV2Row {
                key: &key,
                version,
                decisions: &decisions,
            },
        )?;
        return Ok(OK);
    }
    let s = &ctx.style;
    if !report {
        writeln!(out, "{key}")?;
        return Ok(OK);
    }
    writeln!(out, "{}", s.value(&key))?;
    writeln!(out)?;
    let mut table = Table::new();
    table.row("version", "V2");
    for decision in &decisions {
        table.row("rule", onecontact_report::key_v2_sentence(decision));
    }
    if decisions.is_empty() {
        table.row("rule", s.dim("none of V2's own: the key is key V1's"));
    }
    table.write(out, s, 2)?;
    Ok(OK)
}
