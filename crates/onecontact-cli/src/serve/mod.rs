//! `onecontact serve`: the URL tool as a local web page and a JSON API.
//!
//! The server only maps JSON to the library's tool functions
//! (`onecontact_report`, `onecontact::inspect`); see docs/web-api.md for
//! the routes. It binds the loopback interface unless told otherwise and
//! has no authentication, so it must not be exposed to a network.
//!
//! Modules: [`routes`] (the route table), [`handlers`] (one function per
//! API route), [`api`] (request and reply bodies), [`extract`] (the JSON
//! extractor), [`errors`] (JSON error replies), [`assets`] (the embedded
//! page), [`layers`] (body and time limits, panic catching, security
//! headers), [`limits`] (the numbers and their options), [`connection`]
//! (one connection: header and idle timeouts, graceful shutdown, the
//! refusal past the connection limit).

mod api;
mod assets;
mod connection;
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
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};

use crate::commands::lists::Lists;

pub use limits::Limits;

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
}

/// Serves on `addr` within `limits` until Ctrl-C or SIGTERM. Prints one
/// line, `listening on http://ADDR` with the address really bound, once
/// the socket accepts connections.
///
/// # Errors
///
/// [`ServeError`] when the runtime cannot start, the address cannot be
/// bound or the line cannot be printed.
pub fn run(addr: SocketAddr, limits: Limits, lists: &'static Lists) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(serve(addr, limits, lists))
}

/// How many connections over the limit may be waiting for their 503 at
/// once; beyond it they are closed without a reply.
const MAX_REFUSALS: usize = 64;

async fn serve(addr: SocketAddr, limits: Limits, lists: &'static Lists) -> Result<(), ServeError> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let bound = listener
        .local_addr()
        .map_err(|source| ServeError::Bind { addr, source })?;
    let signals = StopSignals::install();
    announce(bound).map_err(ServeError::Announce)?;

    let app = routes::app(&limits, lists);
    // The semaphore counts in u32 (and caps its own size below that).
    let max = limits
        .max_connections
        .get()
        .min(Semaphore::MAX_PERMITS)
        .min(u32::MAX as usize);
    let slots = Arc::new(Semaphore::new(max));
    let refusals = Arc::new(Semaphore::new(MAX_REFUSALS));
    let (stop, stopping) = watch::channel(false);
    let signal = signals.received();
    tokio::pin!(signal);
    loop {
        let accepted = tokio::select! {
            () = &mut signal => break,
            accepted = listener.accept() => accepted,
        };
        let tcp = match accepted {
            Ok((tcp, _peer)) => tcp,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it
                // was accepted: not the server's end. Wait a little so a
                // persistent error does not spin.
                eprintln!("onecontact: cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Replies are small and written at once: send them without waiting
        // (Nagle's algorithm would hold back the last segment). Failing to
        // set the option only costs latency, so it is not an error.
        let _ = tcp.set_nodelay(true);
        match Arc::clone(&slots).try_acquire_owned() {
            Ok(slot) => {
                let app = app.clone();
                let stopping = stopping.clone();
                tokio::spawn(async move {
                    connection::serve(tcp, app, limits, stopping).await;
                    drop(slot);
                });
            }
            Err(_) => {
                if let Ok(refusal) = Arc::clone(&refusals).try_acquire_owned() {
                    tokio::spawn(async move {
                        connection::refuse(tcp, max).await;
                        drop(refusal);
                    });
                }
            }
        }
    }
    // Stop accepting, let every connection answer its request in progress
    // and close; a client that keeps one open gets `shutdown_grace`.
    drop(listener);
    let _ = stop.send(true);
    let all_closed = async {
        let max = u32::try_from(max).unwrap_or(u32::MAX);
        let _ = slots.acquire_many(max).await;
    };
    let _ = tokio::time::timeout(limits.shutdown_grace, all_closed).await;
    Ok(())
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
