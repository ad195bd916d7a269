//! The server's limits, in one place so the docs and tests can name them.

use std::time::Duration;

/// The largest request body accepted (64 KiB); larger bodies get 413.
pub const MAX_BODY_BYTES: usize = 65_536;

/// How long one request (reading its body included) may take before it
/// is answered with 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// After Ctrl-C or SIGTERM, how long open connections get to finish.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);
