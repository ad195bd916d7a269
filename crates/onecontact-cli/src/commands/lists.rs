//! `--psl FILE`, `--top-domains FILE`, `--top-domains-only`: the lists every
//! answer is computed with, loaded once and passed to the library.

use std::path::{Path, PathBuf};

use onecontact::Data;
use onecontact::inspect::TopDomains;
use onecontact::onecontact_psl::List;
use serde::Serialize;

use super::CliError;

/// The lists in use, and where they came from (for `/api/health` and the
/// JSON output that names them).
#[derive(Debug, Clone)]
pub struct Lists {
    /// The lists, as the library takes them.
    pub data: Data,
    /// The file of `--psl`, if given.
    pub psl_file: Option<PathBuf>,
    /// The file of `--top-domains`, if given.
    pub top_domains_file: Option<PathBuf>,
    /// Whether `--top-domains-only` left the built-in popular domains out.
    pub top_domains_only: bool,
    /// The files of `--hosting`, `--tracking` and `--wrappers`, if given.
    pub key_v2_files: [Option<PathBuf>; 3],
}

/// Which Public Suffix List and popular domains were used, as JSON shows it.
#[derive(Debug, Clone, Serialize)]
pub struct ListsInfo {
    /// The Public Suffix List.
    pub psl: PslInfo,
    /// The popular domains of the look-alike check.
    pub top_domains: TopDomainsInfo,
    /// Key V2's shared-hosting platforms.
    pub hosting: KeyV2ListInfo,
    /// Key V2's (and clean's) tracking parameters.
    pub tracking: KeyV2ListInfo,
    /// The link wrappers of key V2, clean --unwrap and inspect.
    pub wrappers: KeyV2ListInfo,
}

/// One of key V2's lists in use.
#[derive(Debug, Clone, Serialize)]
pub struct KeyV2ListInfo {
    /// `built-in` or `file`.
    pub source: &'static str,
    /// The file it was loaded from.
    pub path: Option<String>,
    /// The list's version (`built-in 2026-12-06`, or a file's `# version:`).
    pub version: String,
    /// How many entries it holds.
    pub entries: usize,
}

/// The Public Suffix List in use.
#[derive(Debug, Clone, Serialize)]
pub struct PslInfo {
    /// `built-in` or `file`.
    pub source: &'static str,
    /// The file it was loaded from.
    pub path: Option<String>,
    /// The list's `VERSION:` header.
    pub version: Option<String>,
    /// Rules in its ICANN and PRIVATE sections.
    pub icann_rules: usize,
    /// Rules in its PRIVATE section.
    pub private_rules: usize,
}

/// The popular domains in use.
#[derive(Debug, Clone, Serialize)]
pub struct TopDomainsInfo {
    /// `built-in`, `file` or `built-in+file`.
    pub source: &'static str,
    /// The file given with `--top-domains`.
    pub path: Option<String>,
    /// How many domains are compared with.
    pub entries: usize,
}

impl Lists {
    /// The built-in lists.
    pub fn baked() -> Lists {
        Lists {
            data: Data::baked(),
            psl_file: None,
            top_domains_file: None,
            top_domains_only: false,
            key_v2_files: [None, None, None],
        }
    }

    /// These lists with key V2's lists read from the files given.
    ///
    /// # Errors
    ///
    /// A usage error naming the option, the file and the line at fault.
    pub fn with_key_v2_lists(
        mut self,
        hosting: Option<&Path>,
        tracking: Option<&Path>,
        wrappers: Option<&Path>,
    ) -> Result<Lists, CliError> {
        fn read(option: &str, path: &Path) -> Result<String, CliError> {
            std::fs::read_to_string(path).map_err(|e| {
                CliError::Usage(format!(
                    "--{option} {}: cannot read the file: {e}",
                    path.display()
                ))
            })
        }
        let bad = |option: &str, path: &Path, e: onecontact::ListError| {
            CliError::Usage(format!("--{option} {}: {e}", path.display()))
        };
        if let Some(path) = hosting {
            let list = onecontact::HostingList::parse(&read("hosting", path)?)
                .map_err(|e| bad("hosting", path, e))?;
            self.data = self.data.with_hosting(list);
        }
        if let Some(path) = tracking {
            let table = onecontact::TrackingTable::parse(&read("tracking", path)?)
                .map_err(|e| bad("tracking", path, e))?;
            self.data = self.data.with_tracking(table);
        }
        if let Some(path) = wrappers {
            let list = onecontact::WrapperList::parse(&read("wrappers", path)?)
                .map_err(|e| bad("wrappers", path, e))?;
            self.data = self.data.with_wrappers(list);
        }
        self.key_v2_files = [hosting, tracking, wrappers].map(|p| p.map(Path::to_owned));
        Ok(self)
    }

    /// Loads the files given (the built-in lists for the others).
    ///
    /// # Errors
    ///
    /// A usage error naming the option and the file when a file cannot be
    /// read or is not a list of its kind.
    pub fn load(
        psl: Option<&Path>,
        top_domains: Option<&Path>,
        top_domains_only: bool,
    ) -> Result<Lists, CliError> {
        let mut lists = Lists::baked();
        if let Some(path) = psl {
            let text = std::fs::read_to_string(path).map_err(|e| {
                CliError::Usage(format!(
                    "--psl {}: cannot read the file: {e}",
                    path.display()
                ))
            })?;
            let list = List::parse(&text).map_err(|e| {
                CliError::Usage(format!(
                    "--psl {}: not a Public Suffix List: {e}",
                    path.display()
                ))
            })?;
            lists.data = lists.data.with_psl(list);
            lists.psl_file = Some(path.to_owned());
        }
        if let Some(path) = top_domains {
            let text = std::fs::read_to_string(path).map_err(|e| {
                CliError::Usage(format!(
                    "--top-domains {}: cannot read the file: {e}",
                    path.display()
                ))
            })?;
            let own = TopDomains::parse(&text)
                .map_err(|e| CliError::Usage(format!("--top-domains {}: {e}", path.display())))?;
            let top = if top_domains_only {
                own
            } else {
                TopDomains::baked().with(own)
            };
            lists.data = lists.data.with_top_domains(top);
            lists.top_domains_file = Some(path.to_owned());
            lists.top_domains_only = top_domains_only;
        }
        Ok(lists)
    }

    /// Which lists are in use.
    pub fn info(&self) -> ListsInfo {
        let psl = self.data.psl();
        ListsInfo {
            psl: PslInfo {
                source: if self.psl_file.is_some() {
                    "file"
                } else {
                    "built-in"
                },
                path: self.psl_file.as_ref().map(|p| p.display().to_string()),
                version: psl.version().map(str::to_owned),
                icann_rules: psl.icann_rules(),
                private_rules: psl.private_rules(),
            },
            top_domains: TopDomainsInfo {
                source: match (&self.top_domains_file, self.top_domains_only) {
                    (None, _) => "built-in",
                    (Some(_), true) => "file",
                    (Some(_), false) => "built-in+file",
                },
                path: self
                    .top_domains_file
                    .as_ref()
                    .map(|p| p.display().to_string()),
                entries: self.data.top_domains().len(),
            },
            hosting: self.key_v2_info(0, self.data.hosting().version(), self.data.hosting().len()),
            tracking: self.key_v2_info(
                1,
                self.data.tracking().version(),
                self.data.tracking().len(),
            ),
            wrappers: self.key_v2_info(
                2,
                self.data.wrappers().version(),
                self.data.wrappers().len(),
            ),
        }
    }

    fn key_v2_info(&self, which: usize, version: &str, entries: usize) -> KeyV2ListInfo {
        let path = self.key_v2_files.get(which).and_then(Option::as_ref);
        KeyV2ListInfo {
            source: if path.is_some() { "file" } else { "built-in" },
            path: path.map(|p| p.display().to_string()),
            version: version.to_owned(),
            entries,
        }
    }
}
