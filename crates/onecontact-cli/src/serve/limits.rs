//! The server's limits, in one place so the docs, the command-line
//! options and the tests name the same numbers.

use std::num::NonZeroUsize;
use std::time::Duration;

use clap::Args;

/// The largest request body accepted (64 KiB); larger bodies get 413.
pub const MAX_BODY_BYTES: usize = 65_536;

/// The largest request head (request line and headers) accepted (16 KiB);
/// a larger one gets 431 and the connection is closed.
pub const MAX_HEAD_BYTES: usize = 16_384;

/// The most header fields one request may carry.
pub const MAX_HEADERS: usize = 64;

/// Default of [`Limits::header_timeout`].
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Default of [`Limits::body_timeout`].
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Default of [`Limits::request_timeout`].
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
/// Default of [`Limits::idle_timeout`].
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(5);
/// Default of [`Limits::max_connections`].
pub const MAX_CONNECTIONS: usize = 512;
/// Default of [`Limits::shutdown_grace`].
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// The limits that keep a slow or hostile client from holding the
/// server's resources; each is a command-line option of `serve`.
///
/// Durations are written as a number with a unit: `250ms`, `10s`, `2m`
/// (a bare number is seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Args)]
pub struct Limits {
    /// How long a client may take to send a request's head (request line
    /// and headers), counted from the moment the server waits for it: a
    /// new connection, or the reply before on a kept-alive one. Past it
    /// the connection is closed.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body once the head
    /// is in; past it the request is answered with 408.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub body_timeout: Duration,
    /// How long one request may take from its head to its reply, reading
    /// the body included; past it the request is answered with 408.
    #[arg(long, value_name = "DURATION", default_value = "15s", value_parser = parse_duration)]
    pub request_timeout: Duration,
    /// How long a connection may stay open with no request being handled
    /// and no byte moving either way (a kept-alive connection waiting for
    /// its next request, or a client that stopped sending); past it the
    /// connection is closed.
    #[arg(long, value_name = "DURATION", default_value = "5s", value_parser = parse_duration)]
    pub idle_timeout: Duration,
    /// The most connections open at once. A connection beyond it is
    /// answered at once with 503 `too-many-connections` and closed.
    #[arg(long, value_name = "N", default_value = "512")]
    pub max_connections: NonZeroUsize,
    /// After Ctrl-C or SIGTERM, how long requests in progress get to
    /// finish before the server exits anyway.
    #[arg(long, value_name = "DURATION", default_value = "5s", value_parser = parse_duration)]
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_timeout: HEADER_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
            request_timeout: REQUEST_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
            max_connections: NonZeroUsize::new(MAX_CONNECTIONS).unwrap_or(NonZeroUsize::MIN),
            shutdown_grace: SHUTDOWN_GRACE,
        }
    }
}

/// Reads `250ms`, `10s`, `2m` or a bare number of seconds (`1.5`).
///
/// # Errors
///
/// A sentence naming the accepted forms when `text` is none of them, or
/// when the duration is zero (a zero timeout would refuse every request).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else {
        (text, 1.0)
    };
    let refuse = || {
        format!(
            "{text:?} is not a duration: write a positive number with a unit, \
             such as 250ms, 10s or 2m (a bare number is seconds)"
        )
    };
    let value: f64 = number.trim().parse().map_err(|_| refuse())?;
    let seconds = value * scale;
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(refuse());
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| refuse())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use clap::Parser;

    #[test]
    fn durations_read_with_and_without_units() {
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        for bad in ["", "0", "0s", "-1s", "ten", "1h", "NaN", "infs"] {
            assert!(parse_duration(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[derive(Parser)]
    struct Options {
        #[command(flatten)]
        limits: Limits,
    }

    #[test]
    fn the_options_default_to_the_constants() {
        let parsed = Options::try_parse_from(["serve"]).unwrap();
        assert_eq!(parsed.limits, Limits::default());
        let parsed = Options::try_parse_from([
            "serve",
            "--header-timeout",
            "300ms",
            "--max-connections",
            "3",
        ])
        .unwrap();
        assert_eq!(parsed.limits.header_timeout, Duration::from_millis(300));
        assert_eq!(parsed.limits.max_connections.get(), 3);
        assert!(Options::try_parse_from(["serve", "--max-connections", "0"]).is_err());
    }
}
