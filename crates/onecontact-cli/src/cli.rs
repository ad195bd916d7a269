//! The command line: subcommands and their arguments (clap derive).

use std::net::SocketAddr;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Read web addresses the way a browser does, and say what is in them.
///
/// key, canon and clean print their one answer (so `$(onecontact key URL)`
/// captures it; --report adds the report); the other subcommands print an
/// aligned, readable report (coloured on a terminal unless NO_COLOR is set).
/// --json prints JSON with stable field names. parse, clean, canon, key,
/// facts and inspect also read many addresses, one per line, from a file
/// (--input FILE) or standard input (-).
///
/// Exit status: 0 when every input was fine, 1 when some input was invalid,
/// 2 on a usage error, 3 when inspect --fail-on met a finding that serious
/// (and every input was valid).
#[derive(Debug, Parser)]
#[command(
    name = "onecontact",
    version,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    /// Print JSON instead of the readable report (also taken after the
    /// subcommand's name).
    #[arg(long)]
    pub json: bool,

    /// When to colour the readable report (also taken after the
    /// subcommand's name).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// The lists (also taken after the subcommand's name, by the
    /// subcommands that use them).
    #[command(flatten)]
    pub lists: ListArgs,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// `--psl`, `--top-domains` and `--top-domains-only`: the lists of the
/// subcommands that answer with registrable domains, keys or look-alikes.
#[derive(Debug, Clone, Default, Args)]
pub struct ListArgs {
    /// Use the Public Suffix List of FILE (the format of
    /// public_suffix_list.dat, such as a newer download) instead of the
    /// built-in one, for registrable domains, keys, reports and SQL.
    #[arg(long, value_name = "FILE")]
    pub psl: Option<PathBuf>,

    /// Also compare hosts with the popular domains of FILE (one domain per
    /// line, in Unicode or `xn--` form; `#` starts a comment), such as
    /// one's own brands' domains.
    #[arg(long, value_name = "FILE")]
    pub top_domains: Option<PathBuf>,

    /// With --top-domains: compare with that file only, not with the
    /// built-in list of popular domains.
    #[arg(long, requires = "top_domains")]
    pub top_domains_only: bool,

    /// Key V2: use the shared-hosting platforms of FILE (one
    /// `DOMAIN<TAB>SOURCE` a line) instead of the built-in list.
    #[arg(long, value_name = "FILE")]
    pub hosting: Option<PathBuf>,

    /// Key V2 and clean: use the tracking parameters of FILE (one
    /// `NAME<TAB>SITE or *<TAB>SOURCE` a line) instead of the built-in table.
    #[arg(long, value_name = "FILE")]
    pub tracking: Option<PathBuf>,

    /// Key V2, clean --unwrap and inspect: use the link wrappers of FILE
    /// (one `VENDOR<TAB>HOST<TAB>PATH<TAB>PARAMETER<TAB>ENCODING<TAB>SOURCE`
    /// a line) instead of the built-in list.
    #[arg(long, value_name = "FILE")]
    pub wrappers: Option<PathBuf>,
}

/// `--json` and `--color` of a subcommand that prints a report.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Print JSON instead of the readable report.
    #[arg(long)]
    pub json: bool,
    /// When to colour the readable report.
    #[arg(long, value_enum, value_name = "WHEN")]
    pub color: Option<ColorChoice>,
}

/// `--report` of a subcommand whose answer is one value.
#[derive(Debug, Clone, Args)]
pub struct ReportArg {
    /// Print the readable report after the answer, not the answer alone.
    #[arg(long, short = 'r')]
    pub report: bool,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless NO_COLOR is set to a non-empty value.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Split a URL into its parts, show the normalized URL, decoded path
    /// segments and query parameters, and what was assumed or normalized.
    Parse {
        /// The address (`-` reads one address per line from standard input).
        url: Option<String>,
        /// Resolve a relative reference against this base URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// Do not read text without a scheme as https:// followed by the text.
        #[arg(long)]
        no_assume_https: bool,
        /// Answer the registrable domain and public suffix from the Public
        /// Suffix List's ICANN section alone, leaving its PRIVATE section
        /// out (alice.github.io → github.io).
        #[arg(long)]
        icann_only: bool,
        #[command(flatten)]
        batch: BatchArgs,
        #[command(flatten)]
        lists: ListArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Remove tracking parameters (utm_*, gclid, fbclid, _hsenc, …; key V2's
    /// table), keeping every other parameter exactly as written.
    Clean {
        /// The address (`-` for standard input).
        url: Option<String>,
        /// Clean the address behind a link wrapper (Outlook Safe Links,
        /// Proofpoint URL Defense, Google /url, Facebook l.php, …) instead
        /// of the wrapper.
        #[arg(long)]
        unwrap: bool,
        /// Do not read text without a scheme as https:// followed by the text.
        #[arg(long)]
        no_assume_https: bool,
        #[command(flatten)]
        batch: BatchArgs,
        #[command(flatten)]
        output: OutputArgs,
        #[command(flatten)]
        report: ReportArg,
    },
    /// Edit a URL through the URL Standard's setters and its parameter list,
    /// in the order the options are given.
    Rebuild {
        /// The address to edit.
        url: String,
        /// Set a field: href, scheme, username, password, host, hostname,
        /// port, path, query or fragment (an empty value clears port, query
        /// and fragment).
        #[arg(long = "set", value_name = "FIELD=VALUE")]
        set: Vec<String>,
        /// Set a query parameter (replacing every earlier value; appended
        /// when absent). NAME and VALUE are plain text, encoded for you.
        #[arg(long = "param", value_name = "NAME=VALUE")]
        param: Vec<String>,
        /// Remove every query parameter with this name.
        #[arg(long = "drop-param", value_name = "NAME")]
        drop_param: Vec<String>,
        /// Do not read text without a scheme as https:// followed by the text.
        #[arg(long)]
        no_assume_https: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Resolve a relative reference against a base URL, as a browser
    /// resolves a link on a page at BASE.
    Resolve {
        /// The base URL.
        base: String,
        /// The reference (`guide`, `../guide`, `/guide`, `?b=2`, `#top`, `//cdn.example/x.js`).
        reference: String,
        /// Do not read a base without a scheme as https:// followed by the
        /// text (a base that starts with a scheme is never given it).
        #[arg(long)]
        no_assume_https: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Percent-encode TEXT as a value of one URL component.
    Encode {
        /// Which component the text goes into.
        #[arg(long, short = 'c', value_enum, default_value_t = ComponentArg::QueryValue)]
        component: ComponentArg,
        /// The text.
        text: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Percent-decode TEXT taken from one URL component.
    Decode {
        /// Which component the text comes from.
        #[arg(long, short = 'c', value_enum, default_value_t = ComponentArg::QueryValue)]
        component: ComponentArg,
        /// The text.
        text: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// The canonical form: the URL without tracking parameters and fragment.
    Canon {
        /// The address (`-` for standard input).
        url: Option<String>,
        #[command(flatten)]
        batch: BatchArgs,
        #[command(flatten)]
        lists: ListArgs,
        #[command(flatten)]
        output: OutputArgs,
        #[command(flatten)]
        report: ReportArg,
    },
    /// The comparison key (equal for addresses of the same page of the same
    /// organization): version 1 unless --key-version 2 is given.
    Key {
        /// The address (`-` for standard input).
        url: Option<String>,
        /// Which published key format: 1 (the default, frozen) or 2 (shared
        /// hosting kept apart, path case kept, wrappers unwrapped, pastes
        /// read through, non-addresses refused; docs/web.md).
        #[arg(long, value_enum, value_name = "VERSION", default_value = "1")]
        key_version: KeyVersionArg,
        #[command(flatten)]
        batch: BatchArgs,
        #[command(flatten)]
        lists: ListArgs,
        #[command(flatten)]
        output: OutputArgs,
        #[command(flatten)]
        report: ReportArg,
    },
    /// Facts: assumed scheme, IP host, internationalized domain, non-web
    /// scheme, credentials, removed parts, social-profile shape.
    Facts {
        /// The address (`-` for standard input).
        url: Option<String>,
        #[command(flatten)]
        batch: BatchArgs,
        #[command(flatten)]
        lists: ListArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Compare two addresses: the same URL? the same key? and why not.
    Compare {
        /// The first address.
        first: String,
        /// The second address.
        second: String,
        /// Resolve relative references (`/docs`, `../a`) against this base URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// Do not read text without a scheme as https:// followed by the text.
        #[arg(long)]
        no_assume_https: bool,
        #[command(flatten)]
        lists: ListArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Match URLs against a URL pattern (the URL Pattern Standard, as
    /// browsers' URLPattern): whether each matches and what each group
    /// captured. Exit status 0 when every URL matched, 1 when some did not
    /// (or did not parse), 2 when the pattern is invalid.
    #[command(name = "match")]
    Match {
        /// The pattern: `https://*.example.com/*`, or relative (`/users/:id`)
        /// with --base.
        pattern: String,
        /// The URLs to match.
        urls: Vec<String>,
        /// Also match the URLs of FILE, one per line (`-` for standard
        /// input; empty lines are skipped).
        #[arg(long, value_name = "FILE")]
        input: Option<PathBuf>,
        /// Resolve a relative pattern against this base URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// Match the path, query and fragment without regard to case.
        #[arg(long)]
        ignore_case: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Read a link before clicking it: the real host, its registrable domain
    /// and warnings about the ways links lie about where they go.
    Inspect {
        /// The link (`-` for standard input).
        url: Option<String>,
        /// Resolve a relative link (`/login`, `../a`, `?q=1`) against this
        /// base URL, as a browser does on a page at URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        #[command(flatten)]
        batch: BatchArgs,
        /// Exit with status 3 when a finding is this serious or more
        /// (info, warning or danger); without it, findings never change
        /// the exit status.
        #[arg(long, value_enum, value_name = "SEVERITY")]
        fail_on: Option<SeverityArg>,
        #[command(flatten)]
        lists: ListArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Write a link defanged (`hxxps://evil[.]example/…`), to share it
    /// where nobody should click it; inspect reads such a link back.
    Defang {
        /// The link.
        url: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Group the addresses of a file by key V2 (duplicates of one page), or
    /// by key V1 with --key-version 1, within a memory budget whatever the
    /// file's size.
    #[command(mut_arg("format", |a| a.help(
        "Output format (default: the grouped report; tsv: one row per address; --json means jsonl: one group per line)"
    )))]
    Dedup {
        /// Not taken: the file is given with --input (a hint says so).
        #[arg(hide = true, value_name = "FILE")]
        file: Option<PathBuf>,
        #[command(flatten)]
        batch: BatchArgs,
        /// Which published key format groups the addresses: 2 (the default)
        /// or 1.
        #[arg(long, value_enum, value_name = "VERSION", default_value = "2")]
        key_version: KeyVersionArg,
        /// Also list addresses that have no duplicate.
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        spill: SpillArgs,
        #[command(flatten)]
        lists: ListArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Serve the URL tool as a web page and a JSON API on this machine
    /// (no authentication: keep it on the loopback address).
    ///
    /// Prints `listening on http://ADDR` once it accepts connections and
    /// runs until Ctrl-C or SIGTERM. The routes are described in
    /// docs/web-api.md.
    Serve {
        /// The address and port to listen on (port 0 picks a free port).
        #[arg(long, value_name = "IP:PORT", default_value = crate::serve::DEFAULT_ADDR, value_parser = socket_addr)]
        addr: SocketAddr,
        /// Timeouts and the connection limit.
        #[command(flatten)]
        limits: crate::serve::Limits,
        #[command(flatten)]
        lists: ListArgs,
    },
    /// Run one SQL statement over Parquet, CSV or NDJSON files, with
    /// onecontact's functions (web_key_v1, web_address, url_host, …), on
    /// this machine or on a Ballista cluster (docs/distributed.md).
    #[cfg(feature = "sql")]
    Sql(SqlArgs),
    /// Run a Ballista scheduler or executor with onecontact's functions.
    #[cfg(feature = "sql")]
    Cluster {
        /// Which process.
        #[command(subcommand)]
        command: ClusterCommand,
    },
    /// Run one SQL statement over Parquet, CSV or NDJSON files (not in this
    /// build: install with `cargo install --path crates/onecontact-cli --features sql`).
    #[cfg(not(feature = "sql"))]
    Sql {
        /// Ignored: this build has no SQL engine.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        args: Vec<String>,
    },
    /// Run a Ballista scheduler or executor (not in this build: install
    /// with `cargo install --path crates/onecontact-cli --features sql`).
    #[cfg(not(feature = "sql"))]
    Cluster {
        /// Ignored: this build has no SQL engine.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        args: Vec<String>,
    },
}

/// What `onecontact sql` and `onecontact cluster` say in a build without the
/// `sql` feature.
#[cfg(not(feature = "sql"))]
pub const NO_SQL_ENGINE: &str = "this build of onecontact has no SQL engine (Apache DataFusion); \
install the command with it: cargo install --path crates/onecontact-cli --features sql \
(or run it from a checkout: cargo run -p onecontact-cli --features sql -- sql ...)";

/// `onecontact sql`.
#[cfg(feature = "sql")]
#[derive(Debug, Clone, Args)]
pub struct SqlArgs {
    /// The statement, e.g. `SELECT web_key_v1(url) AS key, count(*) FROM contacts GROUP BY key`.
    pub sql: String,
    /// A table: NAME=PATH, where PATH is a file, a folder or a glob of
    /// .parquet, .csv (with a header row) or .json/.ndjson/.jsonl files, or
    /// .txt/.lst files of one value per line (one column, `line`).
    #[arg(long, short = 't', value_name = "NAME=PATH")]
    pub table: Vec<String>,
    /// How to print the rows (a table is cut to the terminal's width:
    /// $COLUMNS, else 100 characters).
    #[arg(long, value_enum, default_value_t = SqlFormat::Table)]
    pub format: SqlFormat,
    /// Print the rows as JSON, one object per row (--format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Write the rows to this Parquet file instead of printing them.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Run on the Ballista cluster whose scheduler is at df://HOST:PORT.
    #[arg(long, value_name = "df://HOST:PORT")]
    pub cluster: Option<String>,
    /// Partitions each stage of the query runs in (default: one per core
    /// of this machine).
    #[arg(long, value_name = "N")]
    pub partitions: Option<NonZeroUsize>,
    #[command(flatten)]
    pub lists: ListArgs,
}

/// `onecontact sql --format`.
#[cfg(feature = "sql")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SqlFormat {
    /// An aligned text table (holds every row in memory).
    Table,
    /// CSV with a header row.
    Csv,
    /// One JSON object per row.
    Json,
}

/// `onecontact cluster`.
#[cfg(feature = "sql")]
#[derive(Debug, Clone, Subcommand)]
pub enum ClusterCommand {
    /// The scheduler: plans queries and hands tasks to executors. Serves
    /// gRPC and GET /readyz (200 once --min-executors are registered).
    Scheduler {
        /// The address and port to listen on.
        #[arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:50050")]
        bind: SocketAddr,
        /// The host name executors and clients reach it by (default: the bound IP).
        #[arg(long, value_name = "HOST")]
        external_host: Option<String>,
        /// Executors registered before /readyz reports ready.
        #[arg(long, value_name = "N", default_value_t = 1)]
        min_executors: usize,
        #[command(flatten)]
        lists: ListArgs,
    },
    /// An executor: runs the tasks the scheduler hands it and serves their
    /// results over Arrow Flight.
    Executor {
        /// The scheduler: HOST:PORT or df://HOST:PORT.
        #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:50050")]
        scheduler: String,
        /// The address to bind and advertise to the scheduler.
        #[arg(long, value_name = "HOST", default_value = "127.0.0.1")]
        bind_host: String,
        /// The Arrow Flight port (shuffle data, results).
        #[arg(long, value_name = "PORT", default_value_t = 50051)]
        flight_port: u16,
        /// The gRPC port (tasks).
        #[arg(long, value_name = "PORT", default_value_t = 50052)]
        grpc_port: u16,
        /// Tasks run at once (default 0: one per core).
        #[arg(long, value_name = "N", default_value_t = 0)]
        concurrent_tasks: usize,
        /// Where shuffle files go (default: a new temporary folder).
        #[arg(long, value_name = "DIR")]
        work_dir: Option<PathBuf>,
        #[command(flatten)]
        lists: ListArgs,
    },
}

/// Options of the batch mode.
#[derive(Debug, Clone, Args)]
pub struct BatchArgs {
    /// Read addresses from FILE, one per line (`-` for standard input).
    #[arg(long, short = 'i', value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Output format in batch mode (default tsv; --json means jsonl).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<Format>,
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j', value_name = "N", value_parser = jobs)]
    pub jobs: Option<NonZeroUsize>,
    /// Never show the progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// Do not print the summary line on standard error.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// `dedup --memory` and `--temp-dir`: the memory budget, and where the
/// sorted runs go beyond it.
#[derive(Debug, Clone, Args)]
pub struct SpillArgs {
    /// Memory to stay within (bytes, or with K, M or G): past it, sorted
    /// runs go to temporary files that are merged at the end (some 30 MB
    /// of it is needed for reading and merging whatever the input).
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = crate::spill::parse_size)]
    pub memory: usize,
    /// Folder for the temporary files (default: $TMPDIR, else /tmp). They
    /// have no name there, so none is left behind, even on Ctrl-C.
    #[arg(long, value_name = "DIR")]
    pub temp_dir: Option<PathBuf>,
}

/// `--jobs`: a number of threads, 1 or more.
fn jobs(text: &str) -> Result<NonZeroUsize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) => NonZeroUsize::new(n).ok_or_else(|| {
            "--jobs takes a number of worker threads, 1 or more (leave it out for one per core)"
                .to_owned()
        }),
        Err(_) => Err(format!(
            "--jobs takes a number of worker threads, such as 4, not `{text}`"
        )),
    }
}

/// `--key-version`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KeyVersionArg {
    /// Key V1.
    #[value(name = "1")]
    V1,
    /// Key V2.
    #[value(name = "2")]
    V2,
}

impl From<KeyVersionArg> for onecontact::KeyVersion {
    fn from(v: KeyVersionArg) -> Self {
        match v {
            KeyVersionArg::V1 => onecontact::KeyVersion::V1,
            KeyVersionArg::V2 => onecontact::KeyVersion::V2,
        }
    }
}

/// Batch output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Tab-separated values with a header row.
    Tsv,
    /// One JSON object per line.
    Jsonl,
}

/// `inspect --fail-on`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SeverityArg {
    /// Any finding.
    Info,
    /// A warning or a danger.
    Warning,
    /// A danger only.
    Danger,
}

impl From<SeverityArg> for onecontact::Severity {
    fn from(s: SeverityArg) -> Self {
        match s {
            SeverityArg::Info => onecontact::Severity::Info,
            SeverityArg::Warning => onecontact::Severity::Warning,
            SeverityArg::Danger => onecontact::Severity::Danger,
        }
    }
}

/// `serve --addr`: an IP address and a port; `localhost:PORT` and `:PORT`
/// listen on the loopback address 127.0.0.1 (the server has no
/// authentication, so a missing host never means every interface). Other
/// host names are refused: they would need a resolver and could name
/// several addresses.
fn socket_addr(text: &str) -> Result<SocketAddr, String> {
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let (host, port) = text.rsplit_once(':').unwrap_or(("", text));
    let Ok(port) = port.parse::<u16>() else {
        return Err(format!(
            "`{text}` has no port: write an IP address and a port, such as 127.0.0.1:8080 or [::1]:8080 \
             (port 0 picks a free one)"
        ));
    };
    if host.is_empty() || host.eq_ignore_ascii_case("localhost") {
        return Ok(SocketAddr::from(([127, 0, 0, 1], port)));
    }
    Err(format!(
        "host names other than localhost are not taken, only an IP address and a port: write \
         127.0.0.1:{port} (or [::1]:{port}, or 0.0.0.0:{port} for every interface)"
    ))
}

/// `--component`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ComponentArg {
    /// One path segment.
    PathSegment,
    /// A query parameter name or value.
    QueryValue,
    /// A user name or password.
    Userinfo,
    /// The fragment.
    Fragment,
    /// application/x-www-form-urlencoded (space as +).
    Form,
}

impl From<ComponentArg> for onecontact_report::Component {
    fn from(c: ComponentArg) -> Self {
        use onecontact_report::Component;
        match c {
            ComponentArg::PathSegment => Component::PathSegment,
            ComponentArg::QueryValue => Component::QueryValue,
            ComponentArg::Userinfo => Component::Userinfo,
            ComponentArg::Fragment => Component::Fragment,
            ComponentArg::Form => Component::Form,
        }
    }
}
