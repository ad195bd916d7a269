//! One accepted connection: served by hyper's HTTP/1 connection with the
//! header-read timeout, watched for idleness, shut down gracefully when the
//! server stops; and the reply to a connection over the limit.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::Instant;

use super::errors::ApiError;
use super::limits::{Limits, MAX_HEAD_BYTES, MAX_HEADERS};
use crate::gigo::Gigo;

/// When a connection last did something, and how many of its requests are
/// being handled.
struct Activity {
    opened: Instant,
    /// Milliseconds after `opened` of the last byte read or written, or of
    /// the last request started or finished.
    last_ms: AtomicU64,
    in_flight: AtomicUsize,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            opened: Instant::now(),
            last_ms: AtomicU64::new(0),
            in_flight: AtomicUsize::new(0),
        }
    }

    fn touch(&self) {
        let ms = u64::try_from(self.opened.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_ms.store(ms, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.opened + Duration::from_millis(self.last_ms.load(Ordering::Relaxed))
    }

    fn busy(&self) -> bool {
        self.in_flight.load(Ordering::Relaxed) > 0
    }
}

/// A request being handled; counts in [`Activity::in_flight`] until dropped
/// (also when the connection drops the request's future).
struct InFlight(Arc<Activity>);

impl InFlight {
    fn start(activity: &Arc<Activity>) -> InFlight {
        activity.in_flight.fetch_add(1, Ordering::Relaxed);
        activity.touch();
        InFlight(Arc::clone(activity))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.touch();
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The socket, noting every byte that moves in [`Activity`].
struct Watched {
    tcp: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.tcp).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.tcp).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}

/// Serves one connection until the client closes it, a limit closes it,
/// or (after `stopping` turns true) its request in progress is answered.
pub async fn serve(
    tcp: TcpStream,
    app: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
) {
    let activity = Arc::new(Activity::new());
    let io = TokioIo::new(Watched {
        tcp,
        activity: Arc::clone(&activity),
    });
    let app = TowerToHyperService::new(app);
    let counted = Arc::clone(&activity);
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let in_flight = InFlight::start(&counted);
        let reply = hyper::service::Service::call(&app, request);
        async move {
            let reply = reply.await;
            drop(in_flight);
            reply
        }
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES)
        .max_headers(MAX_HEADERS);
    let connection = builder.serve_connection(io, service);
    tokio::pin!(connection);

    let mut shutting_down = false;
    loop {
        let idle_deadline = if activity.busy() {
            Instant::now() + limits.idle_timeout
        } else {
            activity.last() + limits.idle_timeout
        };
        tokio::select! {
            // Errors here are the client's (a malformed head, a head too
            // slow, a reset): the connection ends either way.
            _ = connection.as_mut() => return,
            changed = stopping.changed(), if !shutting_down => {
                if changed.is_err() || *stopping.borrow() {
                    // Answers the request in progress, if any, then closes.
                    connection.as_mut().graceful_shutdown();
                    shutting_down = true;
                }
            }
            () = tokio::time::sleep_until(idle_deadline) => {
                if !activity.busy() && activity.last() + limits.idle_timeout <= Instant::now() {
                    // Nothing is being handled and nothing moved: close.
                    return;
                }
            }
        }
    }
}

/// How long the reply to a connection over the limit may take to be
/// written and the client's request to be drained.
const REFUSAL_TIME: Duration = Duration::from_secs(1);

/// Answers a connection over the limit with 503 and closes it. The reply
/// is written before the request is read: the server does not spend a
/// connection slot on it.
pub async fn refuse(mut tcp: TcpStream, max_connections: usize) {
    let (status, body) = ApiError::too_many_connections(max_connections).status_and_body();
    let reply = format!(
        "HTTP/1.1 {} {}\r\n\
         content-type: application/json\r\n\
         content-length: {}\r\n\
         retry-after: 1\r\n\
         connection: close\r\n\
         x-content-type-options: nosniff\r\n\
         \r\n{body}",
        status.as_u16(),
        status.canonical_reason().unwrap_or_gigo(),
        body.len()
    );
    let _ = tokio::time::timeout(REFUSAL_TIME, async {
        if tcp.write_all(reply.as_bytes()).await.is_ok() && tcp.shutdown().await.is_ok() {
            // Read what the client sent until it closes, so closing does
            // not reset the connection before the client reads the reply.
            let _ = tokio::io::copy(&mut tcp, &mut tokio::io::sink()).await;
        }
    })
    .await;
}
