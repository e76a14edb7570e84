//! The AI's decisions in an opening (swap1, swap2, RIF): the built-in opening AI decides for the
//! AI's role (also when an external engine plays the moves), on its own thread like a move.

use crate::ai_job::{finish, lock};
use crate::session::{Job, SharedSession};
use gomoku::ai::Limits;
use gomoku::opening::ai::{OpeningAi, Turn};

/// Starts the AI's opening decisions for the running job; they are applied when it ends if the
/// game has not changed meanwhile.
pub(crate) fn spawn_opening(shared: &SharedSession, job: Job) {
    let session = lock(shared);
    let Some(opening) = session.game.opening().cloned() else { return };
    let settings = session.game.settings().clone();
    // The seed differs from game to game (the generation grows), so proposals vary.
    let ai = OpeningAi::new(settings.level, settings.rule, 0x0BE1 ^ job.generation.rotate_left(29))
        .with_budget(Limits::per_move(session.move_time_ms().max(200) * 2));
    let engine = session.engine.clone();
    let shared = shared.clone();
    drop(session);
    std::thread::spawn(move || {
        let turn = {
            let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
            engine.set_threads(1);
            ai.play_turn(&opening, &mut engine, &job.stop).ok()
        };
        apply_turn(&shared, &job, turn);
        finish(&shared, &job, None);
    });
}

/// Applies the AI's decisions if its job is still current and the game unchanged.
fn apply_turn(shared: &SharedSession, job: &Job, turn: Option<Turn>) {
    let mut session = lock(shared);
    let current = session.job.as_ref().map(|j| j.id) == Some(job.id);
    if !current || session.generation != job.generation {
        return;
    }
    let Some(turn) = turn.filter(|t| !t.decisions.is_empty()) else { return };
    let mut game = session.game.clone();
    if turn.decisions.into_iter().all(|d| game.decide(d).is_ok()) {
        session.game = game;
        session.changed();
    }
}
