//! The AI's moves and hints: when one is due, and which job makes it — the opening AI during
//! an opening, the external engine the person chose, or the built-in engine, each run by the
//! job runner ([`crate::jobs`]) and applied only if the game has not changed since.

use crate::decision::apply_decision;
use crate::error::AppResult;
use crate::job::{Job, JobKind};
use crate::jobs::{lock, run_job, with_engine};
use crate::notify::AnalysisEvent;
use crate::session::{Session, SharedSession};
use crate::view::GameView;
use crate::{external_job, opening_job};
use gomoku::ai::{Limits, Request};
use std::time::{Duration, Instant};

/// Starts the AI's move if it is an AI's turn in a mode where the AI moves by itself.
pub fn start_ai_if_due(shared: &SharedSession) {
    let mut session = lock(shared);
    if session.ai_move_is_due() {
        spawn(shared, &mut session, JobKind::Move);
    }
}

/// Asks the AI to move for the side to move now (any mode); in AI-vs-AI this resumes autoplay.
///
/// # Errors
/// `aiThinking` or `gameOver`.
pub fn request_move(shared: &SharedSession) -> AppResult<GameView> {
    let mut session = lock(shared);
    session.can_search()?;
    session.resume_autoplay();
    spawn(shared, &mut session, JobKind::Move);
    Ok(session.view())
}

/// Starts a hint search for the side to move.
///
/// # Errors
/// `aiThinking` or `gameOver`.
pub fn request_hint(shared: &SharedSession) -> AppResult<GameView> {
    let mut session = lock(shared);
    if session.game().in_opening() {
        return Err(gomoku::PlayError::InOpening.into());
    }
    session.can_search()?;
    spawn(shared, &mut session, JobKind::Hint);
    Ok(session.view())
}

fn spawn(shared: &SharedSession, session: &mut Session, kind: JobKind) {
    if kind == JobKind::Move && session.game().in_opening() {
        opening_job::start(shared, session, start_ai_if_due);
    } else if session.opponent().is_some() {
        external_job::start(shared, session, kind, start_ai_if_due);
    } else {
        start_builtin(shared, session, kind);
    }
}

/// The built-in engine's move or hint at the game's level, for the level's time.
/// The AI's search progress (depth, score, line) goes to the page at most this often: the
/// first iteration at once, then one report per interval. Each report reaches the page as a
/// script the webview evaluates, and at one per iteration of every move the web process grew
/// through a long session (the soak test: 0.4 MiB a game in fast AI-vs-AI play).
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

fn start_builtin(shared: &SharedSession, session: &mut Session, kind: JobKind) {
    let game = session.game();
    let (board, settings, to_move) =
        (game.board().clone(), game.settings().clone(), game.side_to_move());
    let limits = Limits::per_move(session.move_time_ms());
    // Master uses the threads the preferences give; the lower levels stay one-threaded (Hard's
    // fixed node budget is the same strength on any machine).
    let threads =
        if settings.level == gomoku::Level::Master { session.search_threads() } else { 1 };
    let (engine, notifier) = (session.engine().clone(), session.notifier().clone());
    let work = move |job: &Job| {
        let request =
            Request { board: &board, rule: settings.rule, to_move, level: settings.level, limits };
        let for_hint = kind == JobKind::Hint;
        let mut last: Option<Instant> = None;
        let mut report = |a: &gomoku::ai::Analysis| {
            let now = Instant::now();
            if last.is_some_and(|t| now.duration_since(t) < PROGRESS_EVERY) {
                return;
            }
            last = Some(now);
            notifier.analysis(&AnalysisEvent::new(a, job.generation, for_hint, settings.rule))
        };
        with_engine(&engine, threads, |engine| engine.think(&request, &job.stop, &mut report))
    };
    run_job(shared, session, kind, start_ai_if_due, work, apply_decision);
}
