//! The API handlers: each maps its JSON request to one library function
//! and the function's report (or refusal) to the reply.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use onecontact::Data;
use onecontact::inspect::inspect_with;
use onecontact_report::{ReadOptions, clean, compare_with, json, parse_report, rebuild, resolve};

use crate::commands::lists::Lists;

use super::api::{
    CleanReply, CompareReply, CompareRequest, HealthReply, InspectReply, InspectRequest,
    ParseReply, ReadRequest, RebuildReply, RebuildRequest, ReportReply, ResolveReply,
    ResolveRequest,
};
use super::errors::ApiError;
use super::extract::ApiJson;

/// `POST /api/parse`: the parse report of one address, one document in
/// which each fact appears once (its contact facts and warnings are built
/// from the same reading of the text), written by
/// [`json::parse_reply`].
pub async fn parse(
    State(lists): State<&'static Lists>,
    ApiJson(req): ApiJson<ReadRequest>,
) -> Result<Response, ApiError> {
    let reply = parse_document(&req, &lists.data)?;
    // A parse report always has a document.
    let body = json::parse_reply(&reply.report).map_err(|_| ApiError::internal())?;
    let json_type = HeaderValue::from_static("application/json");
    Ok(([(header::CONTENT_TYPE, json_type)], body).into_response())
}

/// The reply of `POST /api/parse` (also what `onecontact parse --json` prints).
pub fn parse_document(req: &ReadRequest, data: &Data) -> Result<ParseReply, ApiError> {
    Ok(ReportReply {
        report: parse_report(&req.input, &req.options(data))?,
    })
}

/// `POST /api/inspect`: the link report. A text that is not a URL still
/// gets a report (its `error` field says why), so this route never
/// answers 422.
pub async fn inspect_link(
    State(lists): State<&'static Lists>,
    ApiJson(req): ApiJson<InspectRequest>,
) -> Json<InspectReply> {
    Json(ReportReply {
        report: inspect_with(&req.input, &lists.data),
    })
}

/// `POST /api/clean`: the address without tracking parameters.
pub async fn clean_link(
    State(lists): State<&'static Lists>,
    ApiJson(req): ApiJson<ReadRequest>,
) -> Result<Json<CleanReply>, ApiError> {
    let report = clean(&req.input, &req.options(&lists.data))?;
    Ok(Json(ReportReply { report }))
}

/// `POST /api/rebuild`: the address after the edits.
pub async fn rebuild_link(
    State(lists): State<&'static Lists>,
    ApiJson(req): ApiJson<RebuildRequest>,
) -> Result<Json<RebuildReply>, ApiError> {
    let report = rebuild(&req.input, &req.edits, &req.options(&lists.data))?;
    Ok(Json(ReportReply { report }))
}

/// `POST /api/resolve`: a reference resolved against a base.
pub async fn resolve_reference(
    ApiJson(req): ApiJson<ResolveRequest>,
) -> Result<Json<ResolveReply>, ApiError> {
    let report = resolve(&req.base, &req.reference, req.assume_https.unwrap_or(true))?;
    Ok(Json(ReportReply { report }))
}

/// `POST /api/compare`: whether two addresses are the same.
pub async fn compare_links(
    State(lists): State<&'static Lists>,
    ApiJson(req): ApiJson<CompareRequest>,
) -> Result<Json<CompareReply>, ApiError> {
    let options = ReadOptions {
        data: lists.data.clone(),
        base: req.base,
        ..Default::default()
    };
    let report = compare_with(&req.first, &req.second, &options)?;
    Ok(Json(ReportReply { report }))
}

/// `GET /api/health`.
pub async fn health(State(lists): State<&'static Lists>) -> Json<HealthReply> {
    Json(HealthReply {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
        lists: lists.info(),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use onecontact_url::parse_counter::parses_on_this_thread;

    use super::*;

    /// How many times the URL parser runs while `f` does.
    fn parses<T>(f: impl FnOnce() -> T) -> (u64, T) {
        let before = parses_on_this_thread();
        let out = f();
        (parses_on_this_thread() - before, out)
    }

    fn request(input: &str, base: Option<&str>) -> ReadRequest {
        ReadRequest {
            input: input.to_owned(),
            base: base.map(str::to_owned),
            assume_https: None,
        }
    }

    #[test]
    fn one_parse_request_parses_its_input_once() {
        for input in [
            "https://user:pw@www.Example.co.uk:8443/a/../b?utm_source=x&q=caf%C3%A9#top",
            "example.com",
            "https://www.paypal.com@198.51.100.7/secure/login",
            "https://xn--80ak6aa92e.com/",
            "mailto:a@b.example",
            "https://exa mple.com/",
            "a.com:99999",
            "   ",
            "/relative",
        ] {
            let (n, reply) = parses(|| parse_document(&request(input, None), &Data::baked()));
            let expected = u64::from(!input.trim().is_empty() && !input.starts_with('/'));
            assert_eq!(n, expected, "{input:?}: {:?}", reply.map(|r| r.report.href));
        }
    }

    #[test]
    fn a_base_is_parsed_once_per_request() {
        for (input, base) in [
            ("../guide?page=2", "https://example.com/docs/a/"),
            ("?page=2", "example.com/list"),
            ("#f", "a:b"),
        ] {
            let (n, reply) = parses(|| parse_document(&request(input, Some(base)), &Data::baked()));
            assert!(reply.is_ok(), "{input:?} against {base:?}");
            assert_eq!(n, 2, "{input:?} against {base:?}");
        }
    }
}
