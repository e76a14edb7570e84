//! The limits of a threat search (VCF, VCT): a node budget, a deadline and the stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Counts a threat search's nodes and tells it when to give up.
pub struct Budget<'a> {
    /// Nodes spent so far.
    pub nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    exhausted: bool,
}

impl<'a> Budget<'a> {
    /// A budget of `limit` nodes, ending at `deadline` or when `stop` is raised.
    pub fn new(limit: u64, deadline: Option<Instant>, stop: Option<&'a AtomicBool>) -> Self {
        Budget { nodes: 0, limit, deadline, stop, exhausted: false }
    }

    /// Starts counting again from zero with a limit of `limit` nodes.
    pub fn restart(&mut self, limit: u64) {
        (self.nodes, self.limit, self.exhausted) = (0, limit, false);
    }

    /// Spends one node; `true` once any limit is reached (the clock and the flag are read every
    /// 256 nodes).
    pub fn spend(&mut self) -> bool {
        if self.exhausted {
            return true;
        }
        self.nodes += 1;
        let timed_out = self.nodes % 256 == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.is_some_and(|s| s.load(Ordering::Relaxed)));
        self.exhausted = self.nodes >= self.limit || timed_out;
        self.exhausted
    }

    /// Whether a limit was reached (a failed search then proves nothing).
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }
}
