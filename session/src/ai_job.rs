//! The AI off the main thread: a search runs on its own thread with a stop flag, streams its
//! progress to the page, and its result is applied only if the game has not changed since.

use crate::error::AppResult;
use crate::notify::{AnalysisEvent, HintEvent};
use crate::session::{Job, JobKind, Session, SharedSession};
use crate::view::GameView;
use gomoku::ai::{Decision, Limits, Request};
use gomoku::{Mode, Pos};
use gomoku_client::brain::Ask;
use gomoku_client::message::{progress_of, EngineEval, Progress};
use gomoku_client::ExternalError;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, MutexGuard};
use std::time::Duration;

/// Locks the session, recovering from a poisoned lock (a panicked thread must not brick the app).
pub fn lock(shared: &SharedSession) -> MutexGuard<'_, Session> {
    shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

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

/// Registers a new search as the session's current one.
pub(crate) fn begin_job(session: &mut Session, kind: JobKind) -> Job {
    let job = Job {
        id: session.next_job_id,
        generation: session.generation,
        kind,
        stop: Arc::new(AtomicBool::new(false)),
    };
    session.next_job_id += 1;
    session.job = Some(job.clone());
    job
}

fn spawn(shared: &SharedSession, session: &mut Session, kind: JobKind) {
    let job = begin_job(session, kind);
    if kind == JobKind::Move && session.game.in_opening() {
        session.notifier.view(&session.view());
        // The session's lock is released by the caller before the thread needs it.
        let (shared, job) = (shared.clone(), job);
        std::thread::spawn(move || crate::opening_job::spawn_opening(&shared, job));
        return;
    }
    let board = session.game.board().clone();
    let settings = session.game.settings().clone();
    let to_move = session.game.side_to_move();
    let move_ms = session.move_time_ms();
    let threads = session.prefs.threads();
    let engine = session.engine.clone();
    let notifier = session.notifier.clone();
    let shared = shared.clone();
    session.notifier.view(&session.view());
    if let Some(opponent) = &session.opponent {
        let moves = session.game.moves().iter().map(|m| m.pos).collect();
        let ask = Ask::new(board, moves, settings.rule, to_move, opponent.move_time);
        let brain = opponent.brain.clone();
        let for_hint = kind == JobKind::Hint;
        std::thread::spawn(move || {
            let stop = job.stop.clone();
            let generation = job.generation;
            let report = move |text: &str| {
                if let Some(event) = external_progress(progress_of(text), generation, for_hint) {
                    notifier.analysis(&event);
                }
            };
            let result = brain.best_move(ask, stop, report);
            finish_external(&shared, &job, result);
        });
        return;
    }
    std::thread::spawn(move || {
        let request = Request {
            board: &board,
            rule: settings.rule,
            to_move,
            level: settings.level,
            limits: Limits::per_move(move_ms),
        };
        let for_hint = kind == JobKind::Hint;
        let mut report = |a: &gomoku::ai::Analysis| {
            notifier.analysis(&AnalysisEvent::new(a, job.generation, for_hint))
        };
        let decision = {
            let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
            // Master uses the threads the preferences give; the lower levels stay one-threaded
            // (Hard's fixed node budget is the same strength on any machine).
            engine.set_threads(if settings.level == gomoku::Level::Master { threads } else { 1 });
            engine.think(&request, &job.stop, &mut report)
        };
        finish(&shared, &job, decision);
    });
}

/// Applies a finished search if it is still the current one; then lets the AI continue.
pub(crate) fn finish(shared: &SharedSession, job: &Job, decision: Option<Decision>) {
    let pause = {
        let mut session = lock(shared);
        if session.job.as_ref().map(|j| j.id) != Some(job.id) {
            return;
        }
        session.job = None;
        if session.generation == job.generation {
            apply(&mut session, job.kind, decision);
        }
        let view = session.view();
        session.notifier.view(&view);
        let mode = session.game.settings().mode;
        (mode == Mode::AiVsAi && session.autoplay).then_some(session.ai_pause_ms)
    };
    if let Some(ms) = pause {
        std::thread::sleep(Duration::from_millis(ms));
    }
    start_ai_if_due(shared);
}

/// Applies an external engine's answer like the built-in AI's; a failure is told to the person
/// (the game stays as it was, and AI-vs-AI pauses); a stopped engine waits for the person.
fn finish_external(shared: &SharedSession, job: &Job, result: Result<Pos, ExternalError>) {
    let decision = match result {
        Ok(best) => Some(Decision { best, analysis: external_analysis(best) }),
        Err(ExternalError::Stopped) => {
            // Stopped by the person: the engine has no move to give (its process was ended), and
            // it is not started again by itself on this position.
            let mut session = lock(shared);
            if session.job.as_ref().map(|j| j.id) == Some(job.id) {
                session.engine_failed_at = Some(job.generation);
            }
            None
        }
        Err(error) => {
            let mut session = lock(shared);
            if session.job.as_ref().map(|j| j.id) == Some(job.id) {
                // Not retried by itself on this position: the person chooses what next.
                session.autoplay = false;
                session.engine_failed_at = Some(job.generation);
                session.notifier.engine_error(&error.to_string());
            }
            None
        }
    };
    finish(shared, job, decision);
}

/// An external engine's progress as the page's analysis event, if the line gave a depth (no
/// line: engines write theirs in notations of their own).
fn external_progress(p: Progress, generation: u64, for_hint: bool) -> Option<AnalysisEvent> {
    let (score, mate) = match p.eval {
        Some(EngineEval::Score(v)) => (v, None),
        Some(EngineEval::WinIn(n)) => (0, Some(n.min(1000) as i32)),
        Some(EngineEval::LossIn(n)) => (0, Some(-(n.min(1000) as i32))),
        None => (0, None),
    };
    Some(AnalysisEvent {
        generation,
        depth: p.depth?,
        score,
        mate,
        pv: Vec::new(),
        nodes: 0,
        nps: 0,
        for_hint,
        ply: None,
        lines: Vec::new(),
    })
}

/// What is known of an external engine's move: the move itself.
fn external_analysis(best: Pos) -> gomoku::ai::Analysis {
    gomoku::ai::Analysis {
        depth: 0,
        score: gomoku::ai::Score::Eval(0),
        pv: vec![best],
        nodes: 0,
        nps: 0,
        elapsed_ms: 0,
        lines: Vec::new(),
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
