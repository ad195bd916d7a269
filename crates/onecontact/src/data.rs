//! [`Data`]: the lists the answers depend on, chosen by the caller.
//!
//! Two answers of the contact layer depend on data that changes over time:
//! the registrable domain (and so the key) on the Public Suffix List, and
//! the look-alike check of [`inspect`](crate::inspect()) on the list of
//! popular domains. Both travel as one [`Data`] value that the caller
//! passes in, as ICU4X passes its data providers; [`Data::baked`] (the
//! lists compiled into the crates) is the default, and nothing below the
//! caller picks a list on its own.

use std::sync::Arc;

use onecontact_psl::List;

use crate::inspect::TopDomains;
use crate::inspect::imitation::Engaged;
use crate::lists::{HostingList, TrackingTable, WrapperList};

/// The Public Suffix List and the popular domains that answers are computed
/// with: the compiled-in lists ([`Data::baked`], the default) or lists
/// loaded at run time.
///
/// Cloning is cheap (a loaded list is shared, the baked ones are static),
/// and the value is `Send` and `Sync`, so one `Data` serves every thread.
///
/// ```
/// use onecontact::{Data, KeyVersion, WebAddress};
/// use onecontact_psl::List;
///
/// // A list of one's own (a newer download, say) in which `shop.example`
/// // is a public suffix.
/// let text = "// ===BEGIN ICANN DOMAINS===\nexample\n// ===END ICANN DOMAINS===\n\
///             // ===BEGIN PRIVATE DOMAINS===\nshop.example\n// ===END PRIVATE DOMAINS===\n";
/// let data = Data::baked().with_psl(List::parse(text)?);
///
/// let web = WebAddress::parse_with("https://a.shop.example/x", &data)?;
/// assert_eq!(web.registrable_domain(), Some("a.shop.example"));
/// assert_eq!(web.key(KeyVersion::V1), "a.shop.example/x");
///
/// // The compiled-in list has no such rule: the implicit `*` decides.
/// let web = WebAddress::parse("https://a.shop.example/x")?;
/// assert_eq!(web.registrable_domain(), Some("shop.example"));
/// assert_eq!(web.key(KeyVersion::V1), "shop.example/x");
/// assert!(!Data::baked().psl_is_loaded() && data.psl_is_loaded());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Data {
    psl: Source<List>,
    top_domains: Source<TopDomains>,
    /// The domains of one's own list, read with the Public Suffix List for
    /// the brand-imitation heuristics (empty for the built-in lists).
    engaged: Source<Engaged>,
    /// Key V2's lists.
    v2: V2Lists,
}

/// The lists key V2, `clean` and the unwrapping read.
#[derive(Debug, Clone)]
struct V2Lists {
    hosting: Source<HostingList>,
    tracking: Source<TrackingTable>,
    wrappers: Source<WrapperList>,
}

/// A list compiled in or loaded.
#[derive(Debug, Clone)]
enum Source<T: 'static> {
    Baked(&'static T),
    Loaded(Arc<T>),
}

impl<T> Source<T> {
    fn get(&self) -> &T {
        match self {
            Source::Baked(value) => value,
            Source::Loaded(value) => value,
        }
    }

    fn same_as(&self, other: &Source<T>) -> bool {
        std::ptr::eq(self.get(), other.get())
    }

    fn is_loaded(&self) -> bool {
        matches!(self, Source::Loaded(_))
    }
}

static BAKED_TOP_DOMAINS: TopDomains = TopDomains::BAKED;
static NO_ENGAGED: Engaged = Engaged::EMPTY;

impl Data {
    /// The lists compiled in: the Public Suffix List pinned in
    /// `testdata/psl/` ([`List::baked`]) and Chromium's popular domains
    /// ([`TopDomains::baked`]). Costs nothing.
    pub fn baked() -> Data {
        Data {
            psl: Source::Baked(List::baked()),
            top_domains: Source::Baked(&BAKED_TOP_DOMAINS),
            engaged: Source::Baked(&NO_ENGAGED),
            v2: V2Lists {
                hosting: Source::Baked(HostingList::baked()),
                tracking: Source::Baked(TrackingTable::baked()),
                wrappers: Source::Baked(WrapperList::baked()),
            },
        }
    }

    /// One's own domains read again after a change of either list.
    fn reread_engaged(mut self) -> Data {
        self.engaged = if self.top_domains().listed().is_empty() {
            Source::Baked(&NO_ENGAGED)
        } else {
            Source::Loaded(Arc::new(Engaged::new(
                self.top_domains().listed(),
                self.psl(),
            )))
        };
        self
    }

    /// This data with other shared-hosting platforms (key V2).
    #[must_use]
    pub fn with_hosting(mut self, list: HostingList) -> Data {
        self.v2.hosting = Source::Loaded(Arc::new(list));
        self
    }

    /// This data with another tracking table (key V2 and `clean`).
    #[must_use]
    pub fn with_tracking(mut self, table: TrackingTable) -> Data {
        self.v2.tracking = Source::Loaded(Arc::new(table));
        self
    }

    /// This data with other link wrappers (key V2, unwrapping, `inspect`).
    #[must_use]
    pub fn with_wrappers(mut self, list: WrapperList) -> Data {
        self.v2.wrappers = Source::Loaded(Arc::new(list));
        self
    }

    /// The shared-hosting platforms in use.
    pub fn hosting(&self) -> &HostingList {
        self.v2.hosting.get()
    }

    /// The tracking table of key V2 and `clean` in use.
    pub fn tracking(&self) -> &TrackingTable {
        self.v2.tracking.get()
    }

    /// The link wrappers in use.
    pub fn wrappers(&self) -> &WrapperList {
        self.v2.wrappers.get()
    }

    /// Whether the shared-hosting platforms were loaded.
    pub fn hosting_is_loaded(&self) -> bool {
        self.v2.hosting.is_loaded()
    }

    /// Whether the tracking table was loaded.
    pub fn tracking_is_loaded(&self) -> bool {
        self.v2.tracking.is_loaded()
    }

    /// Whether the link wrappers were loaded.
    pub fn wrappers_are_loaded(&self) -> bool {
        self.v2.wrappers.is_loaded()
    }

    /// This data with another Public Suffix List (from
    /// [`List::parse`], for example a newer download).
    #[must_use]
    pub fn with_psl(mut self, list: List) -> Data {
        self.psl = Source::Loaded(Arc::new(list));
        self.reread_engaged()
    }

    /// This data with another Public Suffix List, shared.
    #[must_use]
    pub fn with_shared_psl(mut self, list: Arc<List>) -> Data {
        self.psl = Source::Loaded(list);
        self.reread_engaged()
    }

    /// This data with other popular domains (from [`TopDomains::parse`],
    /// possibly combined with the built-in ones by [`TopDomains::with`]).
    #[must_use]
    pub fn with_top_domains(mut self, top_domains: TopDomains) -> Data {
        self.top_domains = Source::Loaded(Arc::new(top_domains));
        self.reread_engaged()
    }

    /// The Public Suffix List in use.
    pub fn psl(&self) -> &List {
        self.psl.get()
    }

    /// The popular domains in use.
    pub fn top_domains(&self) -> &TopDomains {
        self.top_domains.get()
    }

    /// One's own domains, read for the brand-imitation heuristics.
    pub(crate) fn engaged(&self) -> &Engaged {
        self.engaged.get()
    }

    /// Whether two values hold the same lists (the same compiled-in lists,
    /// or the same loaded ones shared between clones), without comparing
    /// their contents.
    pub fn same_as(&self, other: &Data) -> bool {
        self.psl.same_as(&other.psl)
            && self.top_domains.same_as(&other.top_domains)
            && self.v2.hosting.same_as(&other.v2.hosting)
            && self.v2.tracking.same_as(&other.v2.tracking)
            && self.v2.wrappers.same_as(&other.v2.wrappers)
    }

    /// Whether the Public Suffix List was loaded (not the compiled-in one).
    pub fn psl_is_loaded(&self) -> bool {
        self.psl.is_loaded()
    }

    /// Whether the popular domains were loaded (not the compiled-in list alone).
    pub fn top_domains_are_loaded(&self) -> bool {
        self.top_domains.is_loaded()
    }
}

impl Default for Data {
    /// [`Data::baked`].
    fn default() -> Data {
        Data::baked()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_is_shared_between_threads() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Data>();
    }
}
