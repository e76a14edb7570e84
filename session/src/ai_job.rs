//! The AI's moves and hints: when one is due, and which job makes it — the opening AI during
//! an opening, the external engine the person chose, or the built-in engine, each run by the
//! job runner ([`crate::jobs`]) and applied only if the game has not changed since.

use crate::error::AppResult;
use crate::jobs::{lock, run_job, with_engine};
use crate::notify::{AnalysisEvent, HintEvent};
use crate::session::{JobKind, Session, SharedSession};
use crate::view::GameView;
use crate::{external_job, opening_job};
use gomoku::ai::{Decision, Limits, Request};
use gomoku::{Mode, Pos};

/// Starts the AI's move if it is an AI's turn in a mode where the AI moves by itself.
pub fn start_ai_if_due(shared: &SharedSession) {
    let mut session = lock(shared);
    let mode = session.game.settings().mode;
    let due = session.job.is_none()
        && !session.reviewing
        && session.engine_failed_at != Some(session.generation)
        && session.game.is_ai_turn()
        && (mode == Mode::HumanVsAi || (mode == Mode::AiVsAi && session.autoplay));
    if due {
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
    if session.game.settings().mode == Mode::AiVsAi {
        session.autoplay = true;
    }
    spawn(shared, &mut session, JobKind::Move);
    Ok(session.view())
}

/// Starts a hint search for the side to move.
///
/// # Errors
/// `aiThinking` or `gameOver`.
pub fn request_hint(shared: &SharedSession) -> AppResult<GameView> {
    let mut session = lock(shared);
    if session.game.in_opening() {
        return Err(gomoku::PlayError::InOpening.into());
    }
    session.can_search()?;
    spawn(shared, &mut session, JobKind::Hint);
    Ok(session.view())
}

fn spawn(shared: &SharedSession, session: &mut Session, kind: JobKind) {
    if kind == JobKind::Move && session.game.in_opening() {
        opening_job::start(shared, session, start_ai_if_due);
    } else if session.opponent.is_some() {
        external_job::start(shared, session, kind, start_ai_if_due);
    } else {
        start_builtin(shared, session, kind);
    }
}

/// The built-in engine's move or hint at the game's level, for the level's time.
fn start_builtin(shared: &SharedSession, session: &mut Session, kind: JobKind) {
    let board = session.game.board().clone();
    let settings = session.game.settings().clone();
    let to_move = session.game.side_to_move();
    let limits = Limits::per_move(session.move_time_ms());
    // Master uses the threads the preferences give; the lower levels stay one-threaded (Hard's
    // fixed node budget is the same strength on any machine).
    let threads = if settings.level == gomoku::Level::Master { session.prefs.threads() } else { 1 };
    let (engine, notifier) = (session.engine.clone(), session.notifier.clone());
    let work = move |job: &crate::session::Job| {
        let request =
            Request { board: &board, rule: settings.rule, to_move, level: settings.level, limits };
        let for_hint = kind == JobKind::Hint;
        let mut report = |a: &gomoku::ai::Analysis| {
            notifier.analysis(&AnalysisEvent::new(a, job.generation, for_hint))
        };
        with_engine(&engine, threads, |engine| engine.think(&request, &job.stop, &mut report))
    };
    run_job(shared, session, kind, start_ai_if_due, work, apply_decision);
}

/// Plays or shows a finished move or hint, if the game is still the one searched.
pub(crate) fn apply_decision(
    session: &mut Session,
    job: &crate::session::Job,
    decision: Option<Decision>,
) {
    if session.generation == job.generation {
        apply(session, job.kind, decision);
    }
}

fn apply(session: &mut Session, kind: JobKind, decision: Option<Decision>) {
    let Some(decision) = decision else { return };
    match kind {
        JobKind::Move => {
            if session.game.play(decision.best).is_ok() {
                session.changed();
            }
        }
        JobKind::Hint => session.notifier.hint(&hint_event(session, &decision)),
        JobKind::Analysis { .. } | JobKind::Graph => {}
    }
}

fn hint_event(session: &Session, decision: &Decision) -> HintEvent {
    let analysis = AnalysisEvent::new(&decision.analysis, session.generation, true);
    let best: Pos = decision.best;
    HintEvent {
        generation: session.generation,
        x: best.x,
        y: best.y,
        notation: best
            .to_notation(session.game.settings().size)
            .map(|n| n.to_string())
            .unwrap_or_default(),
        score: analysis.score,
        mate: analysis.mate,
        depth: analysis.depth,
        pv: analysis.pv,
    }
}
