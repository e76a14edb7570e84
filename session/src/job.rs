//! The session's jobs: what a running search is for, and the one slot that holds the current
//! job (a new one replaces it; a job that is no longer in the slot was cancelled or replaced and
//! its result is dropped).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// The AI's own move: played when the search ends.
    Move,
    /// A suggestion for the person to move.
    Hint,
    /// Analysis mode: the best moves of the position before move `ply`, until stopped.
    Analysis {
        /// The position analysed: the first `ply` moves of the line.
        ply: usize,
    },
    /// The evaluation graph of the game's line.
    Graph,
}

impl JobKind {
    /// Whether this search plays or suggests a move (the person waits for it); analysis and the
    /// graph run beside the game and give way to anything else.
    pub fn is_for_a_move(self) -> bool {
        matches!(self, JobKind::Move | JobKind::Hint)
    }
}

/// A running search.
#[derive(Clone, Debug)]
pub struct Job {
    /// Unique id, so a finished search can tell whether it is still the current one.
    pub id: u64,
    /// The game generation it searches.
    pub generation: u64,
    /// What it is for.
    pub kind: JobKind,
    /// Raised to end it early.
    pub stop: Arc<AtomicBool>,
}

/// The current job, if any, and the id the next one gets.
#[derive(Debug)]
pub struct JobSlot {
    current: Option<Job>,
    next_id: u64,
}

impl Default for JobSlot {
    fn default() -> Self {
        JobSlot { current: None, next_id: 1 }
    }
}

impl JobSlot {
    /// Makes a new job of `kind` over game generation `generation` the current one.
    pub fn begin(&mut self, generation: u64, kind: JobKind) -> Job {
        let job =
            Job { id: self.next_id, generation, kind, stop: Arc::new(AtomicBool::new(false)) };
        self.next_id += 1;
        self.current = Some(job.clone());
        job
    }

    /// The running job.
    pub fn current(&self) -> Option<&Job> {
        self.current.as_ref()
    }

    /// What the running job is for.
    pub fn kind(&self) -> Option<JobKind> {
        self.current.as_ref().map(|j| j.kind)
    }

    /// Whether `job` is still the current one.
    pub fn is_current(&self, job: &Job) -> bool {
        self.current.as_ref().is_some_and(|j| j.id == job.id)
    }

    /// Whether a move or hint is being searched (the person waits for it).
    pub fn is_for_a_move(&self) -> bool {
        self.kind().is_some_and(JobKind::is_for_a_move)
    }

    /// Stops and forgets the running job; its result will be dropped.
    pub fn cancel(&mut self) {
        if let Some(job) = self.current.take() {
            job.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Raises the running job's stop flag but keeps it current (its best result so far counts).
    pub fn stop(&self) {
        if let Some(job) = &self.current {
            job.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Ends `job` if it is the current one; says whether it was.
    pub fn end(&mut self, job: &Job) -> bool {
        let current = self.is_current(job);
        if current {
            self.current = None;
        }
        current
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_job_replaces_the_current_one_whose_end_then_counts_for_nothing() {
        let mut slot = JobSlot::default();
        let first = slot.begin(1, JobKind::Graph);
        let second = slot.begin(1, JobKind::Hint);
        assert_ne!(first.id, second.id);
        assert!(!slot.end(&first), "a replaced job ends without effect");
        assert!(slot.is_for_a_move());
        slot.cancel();
        assert!(second.stop.load(Ordering::SeqCst), "cancelling stops the search");
        assert!(!slot.end(&second) && slot.current().is_none());
    }
}
