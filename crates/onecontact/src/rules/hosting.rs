//! Shared-hosting platforms: registrable domains whose subdomains belong to
//! different owners, which the Public Suffix List's private section does not
//! list. Key V2 keeps the owner's label (`scmga.tripod.com`); key V1 reduces
//! every such host to the platform's domain.
//!
//! Each entry names what it rests on: the platform's own page that tells its
//! users their address, or, for platforms long gone whose pages no longer
//! exist, what the bench lists show (many subdomains, each serving a site of
//! its own at its root).

/// What an entry of the shared-hosting list rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum HostingBasis {
    /// The platform documents that each user's site lives at a subdomain of
    /// its own (the page is named in the source).
    Documented,
    /// The platform is gone and its pages with it; the bench lists show
    /// many subdomains, each its own site at its root.
    Observed,
}

/// One shared-hosting platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HostingPlatform {
    /// The domain whose subdomains belong to different owners, lowercase.
    pub domain: &'static str,
    /// What the entry rests on.
    pub basis: HostingBasis,
    /// The platform's page describing its users' addresses, or the
    /// observation.
    pub source: &'static str,
}

const fn documented(domain: &'static str, source: &'static str) -> HostingPlatform {
    HostingPlatform {
        domain,
        basis: HostingBasis::Documented,
        source,
    }
}

const fn observed(domain: &'static str, source: &'static str) -> HostingPlatform {
    HostingPlatform {
        domain,
        basis: HostingBasis::Observed,
        source,
    }
}

/// The version of [`HOSTING_PLATFORMS`], as `onecontact lists` names it.
pub const HOSTING_PLATFORMS_VERSION: &str = "2026-12-06";

/// The built-in shared-hosting platforms, sorted by domain.
pub const HOSTING_PLATFORMS: &[HostingPlatform] = &[
    documented(
        "000webhostapp.com",
        "000webhost (Hostinger), \"What is my website address?\": free sites at NAME.000webhostapp.com, \
         www.000webhost.com/faq",
    ),
    observed(
        "50megs.com",
        "50megs free hosting (closed): member sites at NAME.50megs.com; 14 subdomains in kasztp.txt",
    ),
    observed(
        "8m.com",
        "8m.com free web pages (closed): member sites at NAME.8m.com; 23 subdomains in kasztp.txt, \
         each with its own home page",
    ),
    documented(
        "angelfire.com",
        "Angelfire (Lycos), \"Build your site\": member sites at NAME.angelfire.com and \
         angelfire.com/SECTION/NAME, www.angelfire.lycos.com",
    ),
    documented(
        "app.link",
        "Branch, \"Configure default link domain\": each app gets its own APP.app.link domain, \
         help.branch.io/using-branch/docs/configure-default-link-domain",
    ),
    documented(
        "codesandbox.io",
        "CodeSandbox documentation, \"Preview\": each sandbox is served at ID.csb.app (earlier \
         ID.codesandbox.io), codesandbox.io/docs/learn/editors/web/preview",
    ),
    observed(
        "demon.co.uk",
        "Demon Internet (closed): customer pages at www.NAME.demon.co.uk; 70 subdomains in kasztp.txt",
    ),
    documented(
        "files.wordpress.com",
        "WordPress.com Support, \"Media\": a site's uploads at SITE.files.wordpress.com, \
         wordpress.com/support/media/",
    ),
    documented(
        "free.fr",
        "Free, \"Pages Perso\": a subscriber's pages at LOGIN.free.fr, pagesperso.free.fr",
    ),
    observed(
        "freeserve.co.uk",
        "Freeserve (closed): customer pages at www.NAME.freeserve.co.uk; 18 subdomains in kasztp.txt",
    ),
    observed(
        "freeservers.com",
        "Freeservers (closed): member sites at NAME.freeservers.com; 20 subdomains in kasztp.txt",
    ),
    documented(
        "glitch.me",
        "Glitch help, \"Your project's live site\": each project at PROJECT.glitch.me, help.glitch.com",
    ),
    observed(
        "homestead.com",
        "Homestead (closed 2021): member sites at NAME.homestead.com; 46 subdomains in kasztp.txt",
    ),
    observed(
        "hop.ru",
        "hop.ru free hosting: member sites at NAME.hop.ru; 15 subdomains in userbait.txt, each its \
         own site at its root",
    ),
    documented(
        "jimdo.com",
        "Jimdo support, \"Your free domain\": free sites at NAME.jimdo.com (now NAME.jimdosite.com), \
         help.jimdo.com",
    ),
    documented(
        "livejournal.com",
        "LiveJournal FAQ, \"What is my journal's address?\": USERNAME.livejournal.com, \
         www.livejournal.com/support/faq",
    ),
    documented(
        "medium.com",
        "Medium Help Center, \"Using a custom domain or subdomain\": a writer's or publication's \
         pages at NAME.medium.com, help.medium.com",
    ),
    observed(
        "myfreesites.net",
        "myfreesites.net site builder: user sites at NAME.myfreesites.net; 18 subdomains in \
         userbait.txt, each its own site at its root",
    ),
    observed(
        "narod.ru",
        "Narod (Yandex, closed): user sites at NAME.narod.ru; 21 subdomains in kasztp.txt",
    ),
    documented(
        "neocities.org",
        "Neocities, \"Site names\": every site at SITENAME.neocities.org, neocities.org/about",
    ),
    documented(
        "over-blog.com",
        "Overblog help, \"Blog address\": blogs at NAME.over-blog.com, \
         overblog.uservoice.com",
    ),
    documented(
        "sharepoint.com",
        "Microsoft Learn, \"Change your SharePoint domain name\": each organization's sites at \
         TENANT.sharepoint.com and OneDrive at TENANT-my.sharepoint.com, \
         learn.microsoft.com/en-us/sharepoint/change-your-sharepoint-domain-name",
    ),
    documented(
        "sourceforge.net",
        "SourceForge documentation, \"Project Web Services\": each project's site at \
         PROJECT.sourceforge.net (now .io), \
         sourceforge.net/p/forge/documentation/Project%20Web%20Services/",
    ),
    documented(
        "substack.com",
        "Substack Support, \"How do I change my publication's URL?\": publications at \
         NAME.substack.com, support.substack.com",
    ),
    observed(
        "tripod.com",
        "Tripod (Lycos): member sites at NAME.tripod.com (and members.tripod.com/NAME); 437 \
         subdomains in kasztp.txt, 65 with their own home page",
    ),
    documented(
        "tumblr.com",
        "Tumblr Help Center, \"Changing your blog's URL\": a blog at NAME.tumblr.com, help.tumblr.com",
    ),
    documented(
        "typeform.com",
        "Typeform Help Center, \"Change your account's subdomain\": an account's forms at \
         ACCOUNT.typeform.com/to/ID, help.typeform.com",
    ),
    observed(
        "webcindario.com",
        "webcindario (Miarroba) free hosting: member sites at NAME.webcindario.com; 31 subdomains \
         in userbait.txt",
    ),
    documented(
        "webs.com",
        "Webs (Vistaprint), \"Your free webs.com address\": sites at NAME.webs.com, \
         www.webs.com/support",
    ),
    documented(
        "weebly.com",
        "Weebly Support, \"Use a free Weebly subdomain\": sites at NAME.weebly.com, \
         www.weebly.com/app/help",
    ),
    documented(
        "wordpress.com",
        "WordPress.com Support, \"Site addresses\": every site's free address NAME.wordpress.com, \
         wordpress.com/support/site-address/",
    ),
];
