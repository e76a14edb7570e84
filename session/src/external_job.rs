//! An external engine's move or hint: asked through the pbrain client on the job's thread, its
//! progress shown like the built-in AI's; a failure is told to the person and the game stays.

use crate::decision::apply_decision;
use crate::job::{Job, JobKind};
use crate::jobs::{run_job, Then};
use crate::notify::AnalysisEvent;
use crate::session::{Session, SharedSession};
use gomoku::ai::Decision;
use gomoku::Pos;
use gomoku_client::brain::{Ask, GRACE};
use gomoku_client::message::{progress_of, EngineEval, Progress};
use gomoku_client::ExternalError;
use std::time::Duration;

/// Asks the chosen engine for the move (or hint) of the side to move.
pub(crate) fn start(shared: &SharedSession, session: &mut Session, kind: JobKind, then: Then) {
    let Some(opponent) = session.opponent() else { return };
    let game = session.game();
    let moves = game.moves().iter().map(|m| m.pos).collect();
    let (rule, to_move) = (game.settings().rule, game.side_to_move());
    let mut ask = Ask::new(game.board().clone(), moves, rule, to_move, opponent.move_time);
    timed(&mut ask, game);
    let (brain, notifier) = (opponent.brain.clone(), session.notifier().clone());
    let for_hint = kind == JobKind::Hint;
    let work = move |job: &Job| {
        let generation = job.generation;
        let report = move |text: &str| {
            if let Some(event) = external_progress(progress_of(text), generation, for_hint) {
                notifier.analysis(&event);
            }
        };
        brain.best_move(ask, job.stop.clone(), report)
    };
    run_job(shared, session, kind, then, work, done);
}

/// Under a time control the engine is told the game's time and its time left (`INFO
/// timeout_match`, `time_left`) and given at most what its clock allots the move.
fn timed(ask: &mut Ask, game: &gomoku::Game) {
    let control = game.settings().time_control;
    let (Some(left), Some(whole)) =
        (game.time_left_ms(ask.to_move), control.time_left(control.start(), 0))
    else {
        return;
    };
    let allotted = control.allot_ms(game.clock_state(ask.to_move)).unwrap_or(left);
    ask.turn = ask.turn.min(Duration::from_millis(allotted));
    ask.answer_within = ask.turn + GRACE;
    ask.clock = Some((Duration::from_millis(whole), Duration::from_millis(left)));
}

/// Applies the engine's answer like the built-in AI's. A failure is told to the person (the game
/// stays as it was, and AI-vs-AI pauses); a stopped engine waits for the person. Either way the
/// engine is not started again by itself on this position.
fn done(session: &mut Session, job: &Job, result: Result<Pos, ExternalError>) {
    match result {
        Ok(best) => {
            apply_decision(session, job, Some(Decision { best, analysis: external_analysis(best) }))
        }
        Err(ExternalError::Stopped) => session.engine_failed(job, None),
        Err(error) => session.engine_failed(job, Some(&error.to_string())),
    }
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
        chance: None,
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
