//! The API handlers: each maps its JSON request to one library function
//! and the function's report (or refusal) to the reply.

use axum::Json;
use onecontact::inspect;
use onecontact::tool::{clean, compare, contact_report, parse_report, rebuild, resolve};

use super::api::{
    CleanReply, CompareReply, CompareRequest, HealthReply, InspectReply, InspectRequest,
    ParseReply, ReadRequest, RebuildReply, RebuildRequest, ReportReply, ResolveReply,
    ResolveRequest,
};
use super::errors::ApiError;
use super::extract::ApiJson;

/// The note code of a parse report whose input was a relative reference
/// resolved against the base.
const RESOLVED_AGAINST_BASE: &str = "resolved-against-base";

/// `POST /api/parse`: the parse report, the contact layer's view and the
/// link inspection of one address.
///
/// The contact layer reads the input as given (it takes no base). The
/// inspection does too, except for a relative reference resolved against
/// the base: that one is inspected as the URL it resolved to, since on
/// its own it is no link at all.
pub async fn parse(ApiJson(req): ApiJson<ReadRequest>) -> Result<Json<ParseReply>, ApiError> {
    let report = parse_report(&req.input, &req.options())?;
    let (contact, contact_error) = match contact_report(&req.input) {
        Ok(contact) => (Some(contact), None),
        Err(e) => (None, Some(e.to_string())),
    };
    let resolved = report
        .notes
        .iter()
        .any(|note| note.code == RESOLVED_AGAINST_BASE);
    let inspection = inspect(if resolved { &report.href } else { &req.input });
    Ok(Json(ParseReply {
        report,
        contact,
        contact_error,
        inspection,
    }))
}

/// `POST /api/inspect`: the link report. A text that is not a URL still
/// gets a report (its `error` field says why), so this route never
/// answers 422.
pub async fn inspect_link(ApiJson(req): ApiJson<InspectRequest>) -> Json<InspectReply> {
    Json(ReportReply {
        report: inspect(&req.input),
    })
}

/// `POST /api/clean`: the address without tracking parameters.
pub async fn clean_link(ApiJson(req): ApiJson<ReadRequest>) -> Result<Json<CleanReply>, ApiError> {
    let report = clean(&req.input, &req.options())?;
    Ok(Json(ReportReply { report }))
}

/// `POST /api/rebuild`: the address after the edits.
pub async fn rebuild_link(
    ApiJson(req): ApiJson<RebuildRequest>,
) -> Result<Json<RebuildReply>, ApiError> {
    let report = rebuild(&req.input, &req.edits, &req.options())?;
    Ok(Json(ReportReply { report }))
}

/// `POST /api/resolve`: a reference resolved against a base.
pub async fn resolve_reference(
    ApiJson(req): ApiJson<ResolveRequest>,
) -> Result<Json<ResolveReply>, ApiError> {
    let report = resolve(&req.base, &req.reference)?;
    Ok(Json(ReportReply { report }))
}

/// `POST /api/compare`: whether two addresses are the same.
pub async fn compare_links(
    ApiJson(req): ApiJson<CompareRequest>,
) -> Result<Json<CompareReply>, ApiError> {
    let report = compare(&req.first, &req.second)?;
    Ok(Json(ReportReply { report }))
}

/// `GET /api/health`.
pub async fn health() -> Json<HealthReply> {
    Json(HealthReply {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
    })
}
