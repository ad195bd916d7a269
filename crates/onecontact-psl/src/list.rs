//! [`List`]: the baked list and lists loaded at run time, one lookup API.

use crate::answer::{self, Answer, Sections};
use crate::builder::Builder;
use crate::error::ParseError;
#[cfg(feature = "baked")]
use crate::generated::baked;
use crate::lookup::{self, Suffix};
use crate::rules;
#[cfg(feature = "baked")]
use crate::table::BAKED_VIEW;
use crate::table::Table;
use crate::unicode;

/// A Public Suffix List ready for lookups: the pinned list compiled in
/// ([`List::baked`]) or a list text loaded at run time ([`List::parse`]).
///
/// Lookups take a domain in the ASCII form the URL host parser produces
/// (lowercase, `xn--` labels) or in Unicode. Uppercase ASCII is matched
/// case-insensitively and one trailing root dot is ignored; answers are
/// slices of the input without that dot. A domain holding non-ASCII text
/// is looked up in its [`to_ascii`](crate::to_ascii) form and answered in
/// the form given; one that does not convert has no answer
/// ([`Origin::NotADomain`](crate::Origin::NotADomain)). ASCII lookups never
/// allocate; a Unicode lookup allocates its ASCII form.
#[derive(Debug, Clone)]
pub struct List {
    table: Table,
    version: Option<alloc::borrow::Cow<'static, str>>,
    commit: Option<alloc::borrow::Cow<'static, str>>,
    rules: [usize; 2],
}

#[cfg(feature = "baked")]
static BAKED: List = List {
    table: Table::baked(),
    version: match baked::VERSION {
        Some(v) => Some(alloc::borrow::Cow::Borrowed(v)),
        None => None,
    },
    commit: match baked::COMMIT {
        Some(c) => Some(alloc::borrow::Cow::Borrowed(c)),
        None => None,
    },
    rules: baked::RULES,
};

impl List {
    /// The list pinned in `testdata/psl/public_suffix_list.dat`, compiled in
    /// by `cargo xtask tables`. Costs nothing: the table is static data.
    /// (Feature `baked`, on by default.)
    #[cfg(feature = "baked")]
    pub fn baked() -> &'static List {
        &BAKED
    }

    /// Loads a list text (the format of `public_suffix_list.dat`), e.g. a
    /// newer download.
    ///
    /// Both sections are required to be marked as in the official file;
    /// wildcards may only be the leftmost label; Unicode rules are converted
    /// with IDNA.
    ///
    /// ```
    /// let text = "// ===BEGIN ICANN DOMAINS===\nuk\nco.uk\n// ===END ICANN DOMAINS===\n\
    ///             // ===BEGIN PRIVATE DOMAINS===\n*.example.uk\n// ===END PRIVATE DOMAINS===\n";
    /// let list = onecontact_psl::List::parse(text).unwrap();
    /// assert_eq!(list.registrable_domain("www.bbc.co.uk"), Some("bbc.co.uk"));
    /// assert_eq!(list.registrable_domain("a.b.example.uk"), Some("a.b.example.uk"));
    /// assert!(onecontact_psl::List::parse("uk\n").is_err()); // outside a section
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line of the first malformed rule or
    /// marker, a repeated rule, or a text without rules.
    pub fn parse(text: &str) -> Result<List, ParseError> {
        let mut builder = Builder::new();
        let header = rules::parse(text, |rule| builder.add(&rule))?;
        Ok(List {
            table: builder.finish()?,
            version: header.version.map(Into::into),
            commit: header.commit.map(Into::into),
            rules: [header.icann, header.private],
        })
    }

    /// Everything the list says about `domain`, from one walk: the public
    /// suffix, the registrable domain, the section and the rule that decided
    /// (or the implicit `*`). Both sections are used, as browsers do; see
    /// [`lookup_with`](Self::lookup_with) to leave the PRIVATE one out.
    ///
    /// ```
    /// use onecontact_psl::{List, Section};
    ///
    /// let answer = List::baked().lookup("Alice.GitHub.io.");
    /// assert_eq!(answer.public_suffix(), "GitHub.io");
    /// assert_eq!(answer.registrable_domain(), Some("Alice.GitHub.io"));
    /// assert_eq!(answer.section(), Some(Section::Private));
    /// assert_eq!(answer.rule().unwrap().to_string(), "GitHub.io");
    ///
    /// // Unicode input, answered in the form given.
    /// let answer = List::baked().lookup("www.食狮.公司.cn");
    /// assert_eq!(answer.registrable_domain(), Some("食狮.公司.cn"));
    /// assert_eq!(answer.public_suffix(), "公司.cn");
    /// ```
    #[inline(always)]
    pub fn lookup<'a>(&self, domain: &'a str) -> Answer<'a> {
        self.lookup_with(domain, Sections::All)
    }

    /// [`lookup`](Self::lookup) with the sections of the list to use.
    ///
    /// ```
    /// use onecontact_psl::{List, Sections};
    ///
    /// let answer = List::baked().lookup_with("foo.blogspot.com", Sections::IcannOnly);
    /// assert_eq!(answer.public_suffix(), "com");
    /// assert_eq!(answer.registrable_domain(), Some("blogspot.com"));
    /// ```
    #[inline(always)]
    pub fn lookup_with<'a>(&self, domain: &'a str, sections: Sections) -> Answer<'a> {
        #[cfg(feature = "baked")]
        let ascii = if self.table.is_baked() {
            answer::answer(BAKED_VIEW, domain, sections)
        } else {
            answer::answer(self.table.view(), domain, sections)
        };
        #[cfg(not(feature = "baked"))]
        let ascii = answer::answer(self.table.view(), domain, sections);
        match ascii {
            Some(answer) => answer,
            None => unicode::answer(self, domain, sections),
        }
    }

    /// The public suffix of `domain` and the rule (or the implicit `*`) that
    /// decided it.
    ///
    /// ```
    /// use onecontact_psl::{List, Section};
    /// let s = List::baked().suffix("www.example.co.uk");
    /// assert_eq!((s.as_str(), s.section()), ("co.uk", Some(Section::Icann)));
    /// let s = List::baked().suffix("foo.blogspot.com.");
    /// assert_eq!((s.as_str(), s.section()), ("blogspot.com", Some(Section::Private)));
    /// let s = List::baked().suffix("example.invalidtld");
    /// assert_eq!((s.as_str(), s.is_implicit()), ("invalidtld", true));
    /// let s = List::baked().suffix("食狮.公司.CN");
    /// assert_eq!((s.as_str(), s.section()), ("公司.CN", Some(Section::Icann)));
    /// ```
    #[inline(always)]
    pub fn suffix<'a>(&self, domain: &'a str) -> Suffix<'a> {
        #[cfg(feature = "baked")]
        let ascii = if self.table.is_baked() {
            lookup::suffix(BAKED_VIEW, domain)
        } else {
            lookup::suffix(self.table.view(), domain)
        };
        #[cfg(not(feature = "baked"))]
        let ascii = lookup::suffix(self.table.view(), domain);
        match ascii {
            Some(suffix) => suffix,
            None => unicode::suffix(self, domain),
        }
    }

    /// The registrable domain of `domain`: its public suffix plus one more
    /// label. `None` when the domain is itself a public suffix, has an
    /// empty label (`.example.com`, `a..example.com`, empty input), or
    /// holds non-ASCII text that does not convert to ASCII.
    ///
    /// ```
    /// let list = onecontact_psl::List::baked();
    /// assert_eq!(list.registrable_domain("a.b.example.com"), Some("example.com"));
    /// assert_eq!(list.registrable_domain("co.uk"), None);
    /// assert_eq!(list.registrable_domain("WWW.Example.COM."), Some("Example.COM"));
    /// assert_eq!(list.registrable_domain("食狮.公司.cn"), Some("食狮.公司.cn"));
    /// ```
    #[inline(always)]
    pub fn registrable_domain<'a>(&self, domain: &'a str) -> Option<&'a str> {
        #[cfg(feature = "baked")]
        let ascii = if self.table.is_baked() {
            lookup::registrable_domain(BAKED_VIEW, domain)
        } else {
            lookup::registrable_domain(self.table.view(), domain)
        };
        #[cfg(not(feature = "baked"))]
        let ascii = lookup::registrable_domain(self.table.view(), domain);
        match ascii {
            Some(answer) => answer,
            None => unicode::registrable_domain(self, domain),
        }
    }

    /// Whether `label` (one label, any ASCII case, optional trailing dot) is
    /// a top-level domain of the ICANN section: the last label of at least
    /// one ICANN rule.
    ///
    /// ```
    /// let list = onecontact_psl::List::baked();
    /// assert!(list.is_icann_tld("com") && list.is_icann_tld("xn--fiqs8s"));
    /// assert!(!list.is_icann_tld("example") && !list.is_icann_tld("co.uk"));
    /// ```
    pub fn is_icann_tld(&self, label: &str) -> bool {
        lookup::is_icann_tld(self.table.view(), label)
    }

    /// The list's `// VERSION:` header line, if it has one.
    pub fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    /// The list's `// COMMIT:` header line, if it has one.
    pub fn commit(&self) -> Option<&str> {
        self.commit.as_deref()
    }

    /// Number of rules in the ICANN section.
    pub fn icann_rules(&self) -> usize {
        self.rules[0]
    }

    /// Number of rules in the PRIVATE section.
    pub fn private_rules(&self) -> usize {
        self.rules[1]
    }

    /// Number of trie nodes (label paths of rules).
    pub fn node_count(&self) -> usize {
        self.table.nodes()
    }

    /// Bytes of lookup data: hash slots, their one-byte tags, the bucket
    /// displacements and the long-label tail pool.
    pub fn table_size_bytes(&self) -> usize {
        self.table.size_bytes()
    }

    /// The table (for the generator).
    #[cfg(feature = "codegen")]
    pub(crate) fn table(&self) -> &Table {
        &self.table
    }

    /// Whether two lists have identical tables (slot for slot).
    pub fn same_table(&self, other: &List) -> bool {
        self.table.same_as(&other.table)
    }
}

/// The sha256 of the list file the baked table was generated from.
#[cfg(feature = "baked")]
pub fn baked_source_sha256() -> &'static str {
    baked::SHA256
}
