//! The `onecontact` command: reads web addresses the way a browser does and
//! says what is in them. Argument parsing and printing live here; every
//! answer comes from the libraries (`onecontact_report`,
//! `onecontact::inspect`, `WebAddress`).

#![forbid(unsafe_code)]

mod batch;
mod cli;
mod commands;
mod escape;
use onecontact_bytes::gigo;
mod output;
mod progress;
mod serve;
mod spill;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{ArgMatches, CommandFactory, FromArgMatches};
use onecontact::onecontact_psl::Sections;
use onecontact_report::ReadOptions;

use cli::{Cli, Command};
use commands::batch_run::{self, BatchCommand};
use commands::rebuild::RawEdit;
use commands::{CliError, Ctx, USAGE};
use output::Style;

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let choice = list_choice(&cli, &matches);
    let lists = match commands::lists::Lists::load(
        choice.psl.as_deref(),
        choice.top_domains.as_deref(),
        choice.top_domains_only,
    )
    .and_then(|lists| {
        lists.with_key_v2_lists(
            choice.hosting.as_deref(),
            choice.tracking.as_deref(),
            choice.wrappers.as_deref(),
        )
    }) {
        Ok(lists) => lists,
        Err(e) => {
            let name = matches.subcommand_name().unwrap_or_default();
            eprintln!("onecontact {name}: {}", escape::shown(&e.to_string()));
            return ExitCode::from(USAGE);
        }
    };
    // The lists live as long as the process, and every thread reads them.
    let lists: &'static commands::lists::Lists = Box::leak(Box::new(lists));
    let (json, color) = output_choice(&cli, &matches);
    let ctx = Ctx {
        style: Style::new(color),
        json,
        lists,
    };
    let name = matches.subcommand_name().unwrap_or_default().to_owned();
    match run(&ctx, cli.command, &matches) {
        Ok(status) => ExitCode::from(status),
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("onecontact {name}: {}", escape::shown(&e.to_string()));
            ExitCode::from(USAGE)
        }
    }
}

/// `--json` and `--color`, given before the subcommand's name or after it
/// (after wins for the colour).
fn output_choice(cli: &Cli, matches: &ArgMatches) -> (bool, cli::ColorChoice) {
    let sub = matches.subcommand().map(|(_, sub)| sub);
    let json = cli.json
        || sub
            .and_then(|m| m.try_get_one::<bool>("json").ok().flatten().copied())
            .unwrap_or(false);
    let color = sub
        .and_then(|m| {
            m.try_get_one::<cli::ColorChoice>("color")
                .ok()
                .flatten()
                .copied()
        })
        .unwrap_or(cli.color);
    (json, color)
}

/// `--psl`, `--top-domains` and `--top-domains-only`, given before the
/// subcommand's name or after it (the innermost wins).
fn list_choice(cli: &Cli, matches: &ArgMatches) -> cli::ListArgs {
    let mut choice = cli.lists.clone();
    let mut level = matches.subcommand();
    while let Some((_, sub)) = level {
        if let Ok(Some(path)) = sub.try_get_one::<std::path::PathBuf>("psl") {
            choice.psl = Some(path.clone());
        }
        if let Ok(Some(path)) = sub.try_get_one::<std::path::PathBuf>("top_domains") {
            choice.top_domains = Some(path.clone());
        }
        if let Ok(Some(true)) = sub.try_get_one::<bool>("top_domains_only") {
            choice.top_domains_only = true;
        }
        for (name, slot) in [
            ("hosting", &mut choice.hosting),
            ("tracking", &mut choice.tracking),
            ("wrappers", &mut choice.wrappers),
        ] {
            if let Ok(Some(path)) = sub.try_get_one::<std::path::PathBuf>(name) {
                *slot = Some(path.clone());
            }
        }
        level = sub.subcommand();
    }
    choice
}

fn read_options(ctx: &Ctx, base: Option<String>, no_assume_https: bool) -> ReadOptions {
    ReadOptions {
        base,
        assume_https: !no_assume_https,
        data: ctx.data().clone(),
        sections: Sections::All,
    }
}

/// Runs a batch-capable command: batch mode when the arguments ask for it,
/// else `single` on the one address.
fn batch_or_single<C: BatchCommand>(
    ctx: &Ctx,
    name: &str,
    url: Option<&str>,
    args: &cli::BatchArgs,
    command: &C,
    single: impl FnOnce(&mut dyn Write, &str) -> io::Result<u8>,
) -> Result<u8, CliError> {
    match batch_run::source(url, args)? {
        Some(source) => batch_run::run(command, name, args, ctx.json, source),
        None => {
            let mut out = safe_stdout(ctx);
            let status = single(&mut out, url.unwrap_or_default())?;
            out.flush()?;
            Ok(status)
        }
    }
}

/// The `--set`, `--param` and `--drop-param` values with their positions.
fn raw_edits(matches: &ArgMatches) -> Vec<RawEdit> {
    let Some(("rebuild", sub)) = matches.subcommand() else {
        return Vec::new();
    };
    let mut raw = Vec::new();
    for (id, kind) in [
        ("set", "set"),
        ("param", "param"),
        ("drop_param", "drop-param"),
    ] {
        if let (Some(values), Some(indices)) = (sub.get_many::<String>(id), sub.indices_of(id)) {
            for (text, index) in values.zip(indices) {
                raw.push(RawEdit {
                    index,
                    kind,
                    text: text.clone(),
                });
            }
        }
    }
    raw
}

/// Standard output for a report: control characters from the input are
/// escaped (see [`escape`]).
fn safe_stdout(ctx: &Ctx) -> escape::SafeWriter<io::StdoutLock<'static>> {
    escape::SafeWriter::new(io::stdout().lock(), ctx.style.colours())
}

fn run(ctx: &Ctx, command: Command, matches: &ArgMatches) -> Result<u8, CliError> {
    match command {
        Command::Parse {
            url,
            base,
            no_assume_https,
            icann_only,
            batch,
            ..
        } => {
            let mut options = read_options(ctx, base, no_assume_https);
            if icann_only {
                options.sections = Sections::IcannOnly;
            }
            let command = commands::parse::Parse {
                options: options.clone(),
                full: batch_run::format(&batch, ctx.json) == cli::Format::Jsonl,
            };
            batch_or_single(
                ctx,
                "parse",
                url.as_deref(),
                &batch,
                &command,
                |out, text| commands::parse::single(ctx, out, text, &options),
            )
        }
        Command::Clean {
            url,
            no_assume_https,
            batch,
            report,
            unwrap,
            ..
        } => {
            let options = read_options(ctx, None, no_assume_https);
            let command = commands::parse::Clean {
                options: options.clone(),
                unwrap,
            };
            batch_or_single(
                ctx,
                "clean",
                url.as_deref(),
                &batch,
                &command,
                |out, text| commands::parse::clean(ctx, out, text, &options, unwrap, report.report),
            )
        }
        Command::Rebuild {
            url,
            no_assume_https,
            ..
        } => {
            let edits = commands::rebuild::edits(raw_edits(matches))?;
            let options = read_options(ctx, None, no_assume_https);
            Ok(commands::rebuild::single(
                ctx,
                &mut safe_stdout(ctx),
                &url,
                &edits,
                &options,
            )?)
        }
        Command::Resolve {
            base,
            reference,
            no_assume_https,
            ..
        } => Ok(commands::resolve::single(
            ctx,
            &mut safe_stdout(ctx),
            &base,
            &reference,
            !no_assume_https,
        )?),
        Command::Encode {
            component, text, ..
        } => Ok(commands::codec::single(
            ctx,
            &mut safe_stdout(ctx),
            true,
            component.into(),
            &text,
        )?),
        Command::Decode {
            component, text, ..
        } => Ok(commands::codec::single(
            ctx,
            &mut safe_stdout(ctx),
            false,
            component.into(),
            &text,
        )?),
        Command::Canon {
            url, batch, report, ..
        } => contact(
            ctx,
            "canon",
            commands::contact::What::Canon,
            url,
            &batch,
            report.report,
        ),
        Command::Key {
            url,
            batch,
            report,
            key_version,
            ..
        } => contact(
            ctx,
            "key",
            commands::contact::What::Key(key_version.into()),
            url,
            &batch,
            report.report,
        ),
        Command::Facts { url, batch, .. } => contact(
            ctx,
            "facts",
            commands::contact::What::Facts,
            url,
            &batch,
            true,
        ),
        Command::Compare {
            first,
            second,
            base,
            no_assume_https,
            ..
        } => Ok(commands::compare::single(
            ctx,
            &mut safe_stdout(ctx),
            &first,
            &second,
            &read_options(ctx, base, no_assume_https),
        )?),
        Command::Match {
            pattern,
            urls,
            input,
            base,
            ignore_case,
            ..
        } => commands::match_pattern::run(
            ctx,
            &commands::match_pattern::Request {
                pattern: &pattern,
                base: base.as_deref(),
                ignore_case,
                urls: &urls,
                input: input.as_deref(),
            },
        ),
        Command::Inspect {
            url,
            base,
            batch,
            fail_on,
            ..
        } => {
            let inspect = commands::inspect::Inspect {
                data: ctx.data(),
                fail_on: fail_on.map(Into::into),
                base: base.as_deref().map(commands::base_url).transpose()?,
            };
            batch_or_single(
                ctx,
                "inspect",
                url.as_deref(),
                &batch,
                &inspect,
                |out, text| commands::inspect::single(ctx, out, &inspect, text),
            )
        }
        Command::Defang { url, .. } => {
            let mut out = safe_stdout(ctx);
            let defanged = onecontact::defang(&url);
            if ctx.json {
                /// `defang --json`.
                #[derive(serde::Serialize)]
                struct Defanged<'a> {
                    input: &'a str,
                    defanged: &'a str,
                }
                output::write_json(
                    &mut out,
                    &Defanged {
                        input: &url,
                        defanged: &defanged,
                    },
                )?;
            } else {
                writeln!(out, "{defanged}")?;
            }
            out.flush()?;
            Ok(commands::OK)
        }
        Command::Dedup {
            file,
            batch,
            all,
            spill,
            key_version,
            ..
        } => {
            if let Some(file) = file {
                return Err(CliError::Usage(format!(
                    "the file is given with --input: onecontact dedup --input {}",
                    file.display()
                )));
            }
            if batch.input.is_none() {
                return Err(CliError::Usage(
                    "give the file with --input FILE (or --input - for standard input)".to_owned(),
                ));
            }
            match batch_run::source(None, &batch)? {
                Some(source) => {
                    commands::dedup::run(ctx, &batch, all, key_version.into(), &spill, source)
                }
                None => Err(CliError::Usage(
                    "give the file with --input FILE".to_owned(),
                )),
            }
        }
        Command::Serve { addr, limits, .. } => match serve::run(addr, limits, ctx.lists) {
            Ok(()) => Ok(commands::OK),
            Err(e) => Err(CliError::Io(io::Error::other(e))),
        },
        #[cfg(feature = "sql")]
        Command::Sql(args) => commands::sql::run(&args, ctx.data(), ctx.json),
        #[cfg(feature = "sql")]
        Command::Cluster { command } => commands::cluster::run(&command, ctx.data()),
        #[cfg(not(feature = "sql"))]
        Command::Sql { .. } => Err(CliError::Usage(cli::NO_SQL_ENGINE.to_owned())),
        #[cfg(not(feature = "sql"))]
        Command::Cluster { .. } => Err(CliError::Usage(cli::NO_SQL_ENGINE.to_owned())),
    }
}

fn contact(
    ctx: &Ctx,
    name: &str,
    what: commands::contact::What,
    url: Option<String>,
    batch: &cli::BatchArgs,
    report: bool,
) -> Result<u8, CliError> {
    batch_or_single(
        ctx,
        name,
        url.as_deref(),
        batch,
        &commands::contact::Contact {
            what,
            data: ctx.data(),
        },
        |out, text| commands::contact::single(ctx, out, what, text, report),
    )
}
