//! The one job runner: every search the app starts — the AI's move, a hint, an opening
//! decision, an external engine's move, analysis, the evaluation graph — is begun, run on a
//! thread of its own, and ended here. A job that is no longer the session's current one (it was
//! cancelled or replaced) ends without touching anything; a job's result is handed to its
//! `done` step with the session locked, which checks whether the game it searched is still the
//! one shown.

use crate::job::{Job, JobKind};
use crate::session::{Session, SharedSession};
use gomoku::ai::Engine;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Locks the session, recovering from a poisoned lock (a panicked thread must not brick the app).
pub fn lock(shared: &SharedSession) -> MutexGuard<'_, Session> {
    shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What runs after a job has ended: starts the AI's move when one is due.
pub(crate) type Then = fn(&SharedSession);

/// Starts `kind` as the session's job (the page is told at once): `work` runs on its own thread
/// (without the session's lock); then, if the job is still the current one, `done` gets its
/// result with the session locked, the job ends, the page gets the new view and `then` runs
/// (after the AI-vs-AI pause when autoplay goes on).
pub(crate) fn run_job<R: Send + 'static>(
    shared: &SharedSession,
    session: &mut Session,
    kind: JobKind,
    then: Then,
    work: impl FnOnce(&Job) -> R + Send + 'static,
    done: impl FnOnce(&mut Session, &Job, R) + Send + 'static,
) {
    let job = session.begin_job(kind);
    session.notifier().view(&session.view());
    let shared = shared.clone();
    std::thread::spawn(move || {
        let result = work(&job);
        let Some(pause) = end(&shared, &job, |session| done(session, &job, result)) else {
            return;
        };
        if let Some(ms) = pause {
            std::thread::sleep(Duration::from_millis(ms));
        }
        then(&shared);
    });
}

/// Ends `job` if it is still the current one: `apply` its result, tell the page. Returns `None`
/// for a job that was no longer current, else the AI-vs-AI pause due before the next move.
fn end(shared: &SharedSession, job: &Job, apply: impl FnOnce(&mut Session)) -> Option<Option<u64>> {
    let mut session = lock(shared);
    if !session.jobs().is_current(job) {
        return None;
    }
    apply(&mut session);
    session.end_job(job);
    let view = session.view();
    session.notifier().view(&view);
    Some(session.autoplay_pause())
}

/// Runs `search` on the built-in engine with `threads` search threads (waiting for a search
/// that still holds it, which a raised stop flag ends within milliseconds).
pub(crate) fn with_engine<R>(
    engine: &Arc<Mutex<Engine>>,
    threads: usize,
    search: impl FnOnce(&mut Engine) -> R,
) -> R {
    let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
    engine.set_threads(threads);
    search(&mut engine)
}
