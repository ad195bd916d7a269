//! Error replies: every failure the server answers is a JSON object
//! `{"error": {"code": …, "message": …}}` with a fitting status.

use std::time::Duration;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use onecontact_report::ToolError;
use serde::Serialize;

use super::limits::MAX_BODY_BYTES;
use crate::gigo::Gigo;

/// Why a request got no report.
#[derive(Debug)]
pub enum ApiError {
    /// A tool function refused the input (422, its own fields).
    Tool(ToolError),
    /// Any other failure: a status, a stable code and a sentence.
    Plain {
        /// The HTTP status.
        status: StatusCode,
        /// Stable code (`bad-json`, `too-large`, …).
        code: &'static str,
        /// What is wrong, in words.
        message: String,
    },
}

/// The error object of a plain failure.
#[derive(Serialize)]
struct PlainBody<'a> {
    code: &'a str,
    message: &'a str,
}

/// The reply body: `{"error": …}`.
#[derive(Serialize)]
struct Envelope<E: Serialize> {
    error: E,
}

impl ApiError {
    fn plain(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Plain {
            status,
            code,
            message: message.into(),
        }
    }

    /// 400 `bad-json`: the body is not JSON of the expected shape.
    pub fn bad_json(message: impl Into<String>) -> ApiError {
        ApiError::plain(StatusCode::BAD_REQUEST, "bad-json", message)
    }

    /// 503 `too-many-connections`: the server already holds `max` open
    /// connections, its limit.
    pub fn too_many_connections(max: usize) -> ApiError {
        ApiError::plain(
            StatusCode::SERVICE_UNAVAILABLE,
            "too-many-connections",
            format!(
                "the server already has {max} open connections, its limit \
                 (--max-connections); try again shortly"
            ),
        )
    }

    /// The status and the JSON body of the reply, for a reply written
    /// outside the router (a connection refused before it is served).
    pub fn status_and_body(&self) -> (StatusCode, String) {
        let (status, body) = match self {
            ApiError::Tool(error) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                serde_json::to_string(&Envelope { error }),
            ),
            ApiError::Plain {
                status,
                code,
                message,
            } => (
                *status,
                serde_json::to_string(&Envelope {
                    error: PlainBody { code, message },
                }),
            ),
        };
        // Serializing these plain structs cannot fail.
        (status, body.unwrap_or_gigo())
    }

    /// 413 `too-large`: the body is over [`MAX_BODY_BYTES`].
    pub fn too_large() -> ApiError {
        ApiError::plain(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
            format!("the request body is over the limit of {MAX_BODY_BYTES} bytes"),
        )
    }

    /// 415 `unsupported-media-type`: the body is not declared as JSON.
    pub fn unsupported_media_type() -> ApiError {
        ApiError::plain(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported-media-type",
            "the request body must be JSON, sent with the header Content-Type: application/json",
        )
    }

    /// 404 `not-found`.
    pub fn not_found(method: &str, path: &str) -> ApiError {
        ApiError::plain(
            StatusCode::NOT_FOUND,
            "not-found",
            format!(
                "there is nothing at {method} {path}; the API routes are POST /api/parse, \
                 /api/inspect, /api/clean, /api/rebuild, /api/resolve, /api/compare and \
                 GET /api/health"
            ),
        )
    }

    /// 405 `method-not-allowed`.
    pub fn method_not_allowed(method: &str, path: &str) -> ApiError {
        let hint = if path.starts_with("/api/") && path != "/api/health" {
            "API routes take POST with a JSON body"
        } else {
            "this route only answers GET"
        };
        ApiError::plain(
            StatusCode::METHOD_NOT_ALLOWED,
            "method-not-allowed",
            format!("{path} does not take {method}: {hint}"),
        )
    }

    /// 408 `timeout`: the request took longer than `limit`.
    pub fn timeout(limit: Duration) -> ApiError {
        ApiError::plain(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            format!(
                "the request was not answered within {} ms (was the body sent too slowly?)",
                limit.as_millis()
            ),
        )
    }

    /// 400 `bad-request`: the body could not be read (the client broke
    /// the connection, or sent a malformed chunked body).
    pub fn unreadable_body(reason: impl std::fmt::Display) -> ApiError {
        ApiError::plain(
            StatusCode::BAD_REQUEST,
            "bad-request",
            format!("the request body could not be read: {reason}"),
        )
    }

    /// 500 `internal`: a bug in the server.
    pub fn internal() -> ApiError {
        ApiError::plain(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server failed on this request (a bug); it keeps serving other requests",
        )
    }
}

impl From<ToolError> for ApiError {
    fn from(e: ToolError) -> Self {
        ApiError::Tool(e)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::JsonDataError(e) => ApiError::bad_json(e.body_text()),
            JsonRejection::JsonSyntaxError(e) => ApiError::bad_json(e.body_text()),
            JsonRejection::MissingJsonContentType(_) => ApiError::unsupported_media_type(),
            other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => ApiError::too_large(),
            other => ApiError::plain(
                StatusCode::BAD_REQUEST,
                "bad-request",
                format!("the request body could not be read: {}", other.body_text()),
            ),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            ApiError::Tool(error) => {
                (StatusCode::UNPROCESSABLE_ENTITY, Json(Envelope { error })).into_response()
            }
            ApiError::Plain {
                status,
                code,
                message,
            } => {
                let error = PlainBody {
                    code,
                    message: &message,
                };
                (status, Json(Envelope { error })).into_response()
            }
        }
    }
}
