//! Tests of the layers that the real binary cannot be made to exercise:
//! a handler that panics and a request that outlives the timeout. The
//! route table and layers are the server's own; only the panicking and
//! sleeping routes and the short timeout are added here.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use axum::Router;
use axum::routing::get;
use serde_json::Value;
use tokio::runtime::Runtime;

use super::{layers, routes};
use crate::commands::lists::Lists;

const SHORT_TIMEOUT: Duration = Duration::from_millis(300);

/// Serves the server's routes plus `/test/panic` and `/test/sleep` with
/// the real layers and a short timeout. Returns `http://ADDR` and the
/// runtime (dropping it stops the server).
fn start() -> (String, Runtime) {
    let lists: &'static Lists = Box::leak(Box::new(Lists::baked()));
    let app: Router = routes::routes(lists)
        .route("/test/panic", get(panics))
        .route(
            "/test/sleep",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(5)).await;
                "slept"
            }),
        );
    let app = layers::apply(app, SHORT_TIMEOUT, SHORT_TIMEOUT);
    let runtime = Runtime::new().unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    runtime.spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), runtime)
}

async fn panics() -> &'static str {
    panic!("a deliberate panic in a test handler")
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into()
}

fn get_json(base: &str, path: &str) -> (u16, Value, ureq::http::HeaderMap) {
    let response = agent().get(format!("{base}{path}")).call().unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body: Value = response.into_body().read_json().unwrap();
    (status, body, headers)
}

#[test]
fn a_panicking_handler_gets_500_and_the_server_keeps_serving() {
    let (base, _runtime) = start();
    for _ in 0..3 {
        let (status, body, headers) = get_json(&base, "/test/panic");
        assert_eq!(status, 500);
        assert_eq!(body["error"]["code"], "internal");
        assert!(body["error"]["message"].as_str().unwrap().contains("bug"));
        // The panic message is not sent to the client.
        assert!(!body.to_string().contains("deliberate"));
        assert_eq!(headers["content-security-policy"], "default-src 'self'");
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }
    let (status, body, _) = get_json(&base, "/api/health");
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ok");
}

#[test]
fn a_slow_handler_gets_408() {
    let (base, _runtime) = start();
    let started = Instant::now();
    let (status, body, _) = get_json(&base, "/test/sleep");
    assert_eq!(status, 408);
    assert_eq!(body["error"]["code"], "timeout");
    assert!(started.elapsed() < Duration::from_secs(4));
}

#[test]
fn a_body_sent_too_slowly_gets_408() {
    let (base, _runtime) = start();
    let addr = base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    // Promise 100 bytes, send 10, then wait.
    stream
        .write_all(
            b"POST /api/parse HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"input\":",
        )
        .unwrap();
    let mut reply = Vec::new();
    let mut buf = [0_u8; 4096];
    // Read until the head and the JSON error have arrived.
    while !String::from_utf8_lossy(&reply).contains("}}") {
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "connection closed without a reply");
        reply.extend_from_slice(&buf[..n]);
    }
    let reply = String::from_utf8_lossy(&reply);
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(reply.contains("\"code\":\"timeout\""), "{reply}");
}
