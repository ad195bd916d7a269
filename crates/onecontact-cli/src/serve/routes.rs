//! The routes: the page, the API, and JSON replies for unknown paths and
//! wrong methods.

use axum::Router;
use axum::http::{Method, Uri};
use axum::routing::{get, post};

use super::errors::ApiError;
use super::limits::Limits;
use super::{assets, handlers, layers};
use crate::commands::lists::Lists;

/// The whole application: every route with the server's layers, answering
/// with `lists`.
pub fn app(limits: &Limits, lists: &'static Lists) -> Router {
    layers::apply(routes(lists), limits.request_timeout, limits.body_timeout)
}

/// The routes without the layers.
pub fn routes(lists: &'static Lists) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/style.css", get(assets::style))
        .route("/app.js", get(assets::script))
        .route("/api/health", get(handlers::health))
        .route("/api/parse", post(handlers::parse))
        .route("/api/inspect", post(handlers::inspect_link))
        .route("/api/clean", post(handlers::clean_link))
        .route("/api/rebuild", post(handlers::rebuild_link))
        .route("/api/resolve", post(handlers::resolve_reference))
        .route("/api/compare", post(handlers::compare_links))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(lists)
}

async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(method.as_str(), uri.path())
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::method_not_allowed(method.as_str(), uri.path())
}
