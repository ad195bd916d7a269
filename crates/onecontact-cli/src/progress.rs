//! A progress bar on standard error, redrawn at most ten times a second.

use std::io::Write;
use std::time::{Duration, Instant};

/// Progress over a known number of input bytes.
#[derive(Debug)]
pub struct Progress {
    total: u64,
    started: Instant,
    last_draw: Option<Instant>,
    drawn: bool,
}

const WIDTH: usize = 30;

impl Progress {
    /// A bar over `total` bytes.
    pub fn new(total: u64) -> Progress {
        Progress {
            total: total.max(1),
            started: Instant::now(),
            last_draw: None,
            drawn: false,
        }
    }

    /// Redraws when a tenth of a second has passed since the last drawing.
    pub fn update(&mut self, err: &mut dyn Write, bytes: u64, lines: u64) {
        let now = Instant::now();
        if self
            .last_draw
            .is_some_and(|t| now.duration_since(t) < Duration::from_millis(100))
        {
            return;
        }
        self.last_draw = Some(now);
        let fraction = (bytes as f64 / self.total as f64).clamp(0.0, 1.0);
        let filled = (fraction * WIDTH as f64) as usize;
        let seconds = self.started.elapsed().as_secs_f64().max(1e-3);
        let rate = lines as f64 / seconds;
        let _ = write!(
            err,
            "\r[{}{}] {:5.1}%  {} lines  {:.0} lines/s ",
            "#".repeat(filled),
            " ".repeat(WIDTH - filled),
            fraction * 100.0,
            lines,
            rate
        );
        let _ = err.flush();
        self.drawn = true;
    }

    /// Erases the bar (before other text goes to standard error, and at the end).
    pub fn clear(&mut self, err: &mut dyn Write) {
        if self.drawn {
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.drawn = false;
        }
    }
}
