//! Time sources for the game's clocks, injectable so tests control time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Where a game reads the time.
pub trait Clock: Send + Sync {
    /// Milliseconds from an arbitrary fixed start; never goes backwards.
    fn now_ms(&self) -> u64;
    /// Seconds since the Unix epoch, for the timestamps written in save files.
    fn unix_seconds(&self) -> u64;
}

/// The real time.
#[derive(Debug)]
pub struct SystemClock {
    start: Instant,
}

impl SystemClock {
    /// A clock whose `now_ms` counts from now.
    pub fn new() -> SystemClock {
        SystemClock { start: Instant::now() }
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn unix_seconds(&self) -> u64 {
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
    }
}

/// A clock that moves only when told to; clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct ManualClock {
    millis: Arc<AtomicU64>,
}

impl ManualClock {
    /// A clock standing at 0 ms (and at the Unix epoch + 1 700 000 000 s).
    pub fn new() -> ManualClock {
        ManualClock::default()
    }

    /// Moves the time forward by `ms` milliseconds.
    pub fn advance(&self, ms: u64) {
        self.millis.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.millis.load(Ordering::SeqCst)
    }

    fn unix_seconds(&self) -> u64 {
        1_700_000_000 + self.now_ms() / 1000
    }
}
