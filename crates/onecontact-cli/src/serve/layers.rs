//! What wraps every route: the request and body-read timeouts, the body
//! limit, turning a panic into a 500 reply, and the security headers.

use std::any::Any;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::HeaderValue;
use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use super::errors::ApiError;
use super::limits::MAX_BODY_BYTES;

/// Wraps `router` in the server's layers (the last added is the outermost,
/// so the headers are set on every reply, the 500 of a panic included).
/// A request taking longer than `request_timeout` (reading its body
/// included), or whose body takes longer than `body_timeout` to arrive, is
/// answered with 408; a body over [`MAX_BODY_BYTES`] with 413.
pub fn apply(router: Router, request_timeout: Duration, body_timeout: Duration) -> Router {
    router
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            read_body(body_timeout, req, next)
        }))
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            time_limit(request_timeout, req, next)
        }))
        .layer(CatchPanicLayer::custom(panic_reply))
        .layer(header(CONTENT_SECURITY_POLICY, "default-src 'self'"))
        .layer(header(X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header(X_FRAME_OPTIONS, "DENY"))
        .layer(header(REFERRER_POLICY, "no-referrer"))
}

fn header(
    name: axum::http::HeaderName,
    value: &'static str,
) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

/// Answers 408 when a request takes longer than `timeout`.
async fn time_limit(timeout: Duration, req: Request, next: Next) -> Response {
    match tokio::time::timeout(timeout, next.run(req)).await {
        Ok(response) => response,
        Err(_elapsed) => ApiError::timeout(timeout).into_response(),
    }
}

/// Reads the whole body (at most [`MAX_BODY_BYTES`]) within `timeout`
/// before the handler runs, so a client trickling its body is cut off
/// however the handler reads it: 408 past the time, 413 past the size.
async fn read_body(timeout: Duration, req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let collected = tokio::time::timeout(timeout, Limited::new(body, MAX_BODY_BYTES).collect());
    match collected.await {
        Err(_elapsed) => ApiError::timeout(timeout).into_response(),
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => {
            ApiError::too_large().into_response()
        }
        Ok(Err(e)) => ApiError::unreadable_body(e).into_response(),
        Ok(Ok(collected)) => {
            let body = Body::from(collected.to_bytes());
            next.run(Request::from_parts(parts, body)).await
        }
    }
}

/// The reply to a request whose handler panicked. The panic message is
/// already on standard error (the panic hook prints it); the client gets
/// no internals.
fn panic_reply(_panic: Box<dyn Any + Send + 'static>) -> Response {
    ApiError::internal().into_response()
}
