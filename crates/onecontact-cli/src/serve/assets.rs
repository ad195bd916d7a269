//! The web page, embedded in the binary: `GET /`, `/style.css`, `/app.js`.

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;

const INDEX_HTML: &str = include_str!("page/index.html");
const STYLE_CSS: &str = include_str!("page/style.css");
const APP_JS: &str = include_str!("page/app.js");

/// A page file with its content type. `no-cache` makes a browser ask
/// again after an upgrade of the binary instead of keeping an old page.
fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [(CONTENT_TYPE, content_type), (CACHE_CONTROL, "no-cache")],
        body,
    )
}

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    asset("text/css", STYLE_CSS)
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    asset("text/javascript", APP_JS)
}
