//! The AI's decisions in an opening (swap1, swap2, RIF): the built-in opening AI decides for the
//! AI's role (also when an external engine plays the moves), on its own thread like a move.

use crate::job::{Job, JobKind};
use crate::jobs::{run_job, with_engine, Then};
use crate::session::{Session, SharedSession};
use gomoku::ai::Limits;
use gomoku::opening::ai::{OpeningAi, Turn};

/// Starts the AI's opening decisions as the session's job; they are applied when it ends if
/// the game has not changed meanwhile.
pub(crate) fn start(shared: &SharedSession, session: &mut Session, then: Then) {
    let Some(opening) = session.game().opening().cloned() else { return };
    let settings = session.game().settings().clone();
    // The seed differs from game to game (the generation grows), so proposals vary.
    let seed = 0x0BE1 ^ session.generation().rotate_left(29);
    let ai = OpeningAi::new(settings.level, settings.rule, seed)
        .with_budget(Limits::per_move(session.move_time_ms().max(200) * 2));
    let engine = session.engine().clone();
    let work = move |job: &Job| {
        with_engine(&engine, 1, |engine| ai.play_turn(&opening, engine, &job.stop).ok())
    };
    run_job(shared, session, JobKind::Move, then, work, apply_turn);
}

/// Applies the AI's decisions if the game is unchanged.
fn apply_turn(session: &mut Session, job: &Job, turn: Option<Turn>) {
    if session.generation() != job.generation {
        return;
    }
    let Some(turn) = turn.filter(|t| !t.decisions.is_empty()) else { return };
    let mut game = session.game().clone();
    if turn.decisions.into_iter().all(|d| game.decide(d).is_ok()) {
        session.adopt(game);
    }
}
