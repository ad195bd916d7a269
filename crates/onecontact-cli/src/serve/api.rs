//! The request and reply bodies of the API routes (see docs/web-api.md).

use onecontact::{Data, LinkReport};
use onecontact_report::{
    CleanReport, CompareReport, Edit, ParseReport, ReadOptions, RebuildReport, ResolveReport,
};
use serde::{Deserialize, Serialize};

use crate::commands::lists::ListsInfo;

/// How an address is read: the fields shared by parse, clean and rebuild.
#[derive(Debug, Deserialize)]
pub struct ReadRequest {
    /// The address as a person gives it.
    pub input: String,
    /// A base URL for relative references; blank means none.
    #[serde(default)]
    pub base: Option<String>,
    /// Read text without a scheme as `https://…` (default true).
    #[serde(default)]
    pub assume_https: Option<bool>,
}

impl ReadRequest {
    /// The library's options for this request, with the server's lists.
    pub fn options(&self, data: &Data) -> ReadOptions {
        read_options(self.base.as_deref(), self.assume_https, data)
    }
}

/// `ReadOptions` from the optional request fields: a blank base is no base,
/// and `assume_https` is on unless it is `false`.
fn read_options(base: Option<&str>, assume_https: Option<bool>, data: &Data) -> ReadOptions {
    ReadOptions {
        base: base.filter(|b| !b.trim().is_empty()).map(str::to_owned),
        assume_https: assume_https.unwrap_or(true),
        data: data.clone(),
        sections: onecontact::onecontact_psl::Sections::All,
    }
}

/// `POST /api/inspect`.
#[derive(Debug, Deserialize)]
pub struct InspectRequest {
    /// The link.
    pub input: String,
}

/// `POST /api/rebuild`.
#[derive(Debug, Deserialize)]
pub struct RebuildRequest {
    /// The address to edit.
    pub input: String,
    /// A base URL for relative references; blank means none.
    #[serde(default)]
    pub base: Option<String>,
    /// Read text without a scheme as `https://…` (default true).
    #[serde(default)]
    pub assume_https: Option<bool>,
    /// The edits, applied in order.
    #[serde(default)]
    /// Each is `{"kind":"set","field":…,"value":…}`,
    /// `{"kind":"param","name":…,"value":…}` or `{"kind":"drop_param","name":…}`;
    /// an unknown kind or field name is a malformed request (400).
    pub edits: Vec<Edit>,
}

impl RebuildRequest {
    /// The library's options for this request, with the server's lists.
    pub fn options(&self, data: &Data) -> ReadOptions {
        read_options(self.base.as_deref(), self.assume_https, data)
    }
}

/// `POST /api/resolve`.
#[derive(Debug, Deserialize)]
pub struct ResolveRequest {
    /// The base URL.
    pub base: String,
    /// The reference resolved against it.
    pub reference: String,
    /// Read a base without a scheme as `https://…` (default true); a base
    /// that starts with a scheme is never given it.
    #[serde(default)]
    pub assume_https: Option<bool>,
}

/// `POST /api/compare`.
#[derive(Debug, Deserialize)]
pub struct CompareRequest {
    /// The first address.
    pub first: String,
    /// The second address.
    pub second: String,
    /// A base URL both are resolved against when relative.
    #[serde(default)]
    pub base: Option<String>,
}

/// The reply of every other API route: `{"report": …}`.
#[derive(Debug, Serialize)]
pub struct ReportReply<R: Serialize> {
    /// The report.
    pub report: R,
}

/// The reply of `POST /api/parse`: one document.
pub type ParseReply = ReportReply<ParseReport>;
/// The reply of `POST /api/inspect`.
pub type InspectReply = ReportReply<LinkReport>;
/// The reply of `POST /api/clean`.
pub type CleanReply = ReportReply<CleanReport>;
/// The reply of `POST /api/rebuild`.
pub type RebuildReply = ReportReply<RebuildReport>;
/// The reply of `POST /api/resolve`.
pub type ResolveReply = ReportReply<ResolveReport>;
/// The reply of `POST /api/compare`.
pub type CompareReply = ReportReply<CompareReport>;

/// The reply of `GET /api/health`.
#[derive(Debug, Serialize)]
pub struct HealthReply {
    /// Always `ok`.
    pub status: &'static str,
    /// The version of the `onecontact` command.
    pub version: &'static str,
    /// The Public Suffix List and popular domains the answers use.
    pub lists: ListsInfo,
}
