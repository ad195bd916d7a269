//! What wraps every route: the body limit, the request timeout, turning a
//! panic into a 500 reply, and the security headers.

use std::any::Any;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::HeaderValue;
use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use super::errors::ApiError;
use super::limits::MAX_BODY_BYTES;

/// Wraps `router` in the server's layers (the last added is the outermost,
/// so the headers are set on every reply, the 500 of a panic included).
/// A request taking longer than `timeout` (reading its body included) is
/// answered with 408.
pub fn apply(router: Router, timeout: Duration) -> Router {
    router
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            time_limit(timeout, req, next)
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

/// The reply to a request whose handler panicked. The panic message is
/// already on standard error (the panic hook prints it); the client gets
/// no internals.
fn panic_reply(_panic: Box<dyn Any + Send + 'static>) -> Response {
    ApiError::internal().into_response()
}
