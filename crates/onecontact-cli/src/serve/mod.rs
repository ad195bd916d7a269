//! `onecontact serve`: the URL tool as a local web page and a JSON API.
//!
//! The server only maps JSON to the library's tool functions
//! (`onecontact::tool`, `onecontact::inspect`); see docs/web-api.md for
//! the routes. It binds the loopback interface unless told otherwise and
//! has no authentication, so it must not be exposed to a network.
//!
//! Modules: [`routes`] (the route table), [`handlers`] (one function per
//! API route), [`api`] (request and reply bodies), [`extract`] (the JSON
//! extractor), [`errors`] (JSON error replies), [`assets`] (the embedded
//! page), [`layers`] (limits, panic catching, security headers),
//! [`limits`] (the numbers).

mod api;
mod assets;
mod errors;
mod extract;
mod handlers;
mod layers;
mod limits;
mod routes;
#[cfg(test)]
mod tests;

use std::io::{self, Write};
use std::net::SocketAddr;
use std::sync::Arc;

use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// The address `serve` binds when `--addr` is not given.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The asynchronous runtime could not start.
    #[error("cannot start the server's runtime: {0}")]
    Runtime(#[source] io::Error),
    /// The address could not be bound.
    #[error(
        "cannot listen on {addr}: {source}; is another server using it? \
         Choose another address with --addr (port 0 picks a free one)"
    )]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },
    /// The `listening on` line could not be written.
    #[error("cannot write to standard output: {0}")]
    Announce(#[source] io::Error),
    /// Accepting connections failed.
    #[error("the server stopped: {0}")]
    Serve(#[source] io::Error),
}

/// Serves on `addr` until Ctrl-C or SIGTERM. Prints one line,
/// `listening on http://ADDR` with the address really bound, once the
/// socket accepts connections.
///
/// # Errors
///
/// [`ServeError`] when the runtime cannot start, the address cannot be
/// bound, or the server stops on an I/O error.
pub fn run(addr: SocketAddr) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(serve(addr))
}

async fn serve(addr: SocketAddr) -> Result<(), ServeError> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let bound = listener
        .local_addr()
        .map_err(|source| ServeError::Bind { addr, source })?;
    let signals = StopSignals::install();
    announce(bound).map_err(ServeError::Announce)?;

    let stopping = Arc::new(Notify::new());
    let signal_seen = Arc::clone(&stopping);
    // Replies are small and written at once: send them without waiting
    // (Nagle's algorithm would hold back the last segment). Failing to set
    // the option only costs latency, so it is not an error.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let server = axum::serve(listener, routes::app()).with_graceful_shutdown(async move {
        signals.received().await;
        signal_seen.notify_one();
    });
    // Graceful shutdown waits for open connections; a client that keeps
    // one open gets SHUTDOWN_GRACE, then the server stops anyway.
    tokio::select! {
        result = server => result.map_err(ServeError::Serve),
        () = async {
            stopping.notified().await;
            tokio::time::sleep(limits::SHUTDOWN_GRACE).await;
        } => Ok(()),
    }
}

fn announce(bound: SocketAddr) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "listening on http://{bound}")?;
    out.flush()
}

/// Ctrl-C and (on Unix) SIGTERM, listened for from the moment
/// [`StopSignals::install`] returns, so a signal sent right after the
/// `listening on` line already stops the server gracefully.
struct StopSignals {
    #[cfg(unix)]
    interrupt: Option<tokio::signal::unix::Signal>,
    #[cfg(unix)]
    terminate: Option<tokio::signal::unix::Signal>,
}

impl StopSignals {
    /// Installs the handlers. One that cannot be installed is reported on
    /// standard error; the other still works.
    fn install() -> StopSignals {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let listen = |kind: SignalKind, name: &str| match signal(kind) {
                Ok(stream) => Some(stream),
                Err(e) => {
                    eprintln!("onecontact: cannot listen for {name}: {e}");
                    None
                }
            };
            StopSignals {
                interrupt: listen(SignalKind::interrupt(), "Ctrl-C (SIGINT)"),
                terminate: listen(SignalKind::terminate(), "SIGTERM"),
            }
        }
        #[cfg(not(unix))]
        StopSignals {}
    }

    /// Resolves when one of the signals arrives.
    async fn received(self) {
        #[cfg(unix)]
        {
            async fn next(signal: Option<tokio::signal::unix::Signal>) {
                match signal {
                    Some(mut signal) => {
                        signal.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            }
            tokio::select! {
                () = next(self.interrupt) => {}
                () = next(self.terminate) => {}
            }
        }
        #[cfg(not(unix))]
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
