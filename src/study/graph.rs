//! The evaluation graph: one short search per position of a game's line, each turned into
//! black's point of view, and the threat solver's proof of a forced win for the side to move
//! where there is one — for the review's graph, its mistakes and its missed wins.

use crate::ai::{threat_win, Engine, Limits, ProofLimits, Request, Score};
use crate::board::index_of;
use crate::game::{Evaluation, Game, SCORE_CAP};
use crate::level::Level;
use std::sync::atomic::{AtomicBool, Ordering};

/// Evaluates the positions of `game`'s line (moves played, then the redo stack), from ply
/// `from` to the end, one search of `limits` each at the Master level. `on_each` gets every
/// ply's evaluation as it is ready. Stops early (returning what is done) when `stop` is raised.
pub fn evaluate_line(
    engine: &mut Engine,
    game: &Game,
    from: usize,
    limits: Limits,
    stop: &AtomicBool,
    on_each: &mut dyn FnMut(usize, Evaluation),
) -> Vec<Evaluation> {
    let line = game.line();
    let mut done = Vec::new();
    for ply in from..=line.len() {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let evaluation = evaluate_ply(engine, game, ply, limits);
        on_each(ply, evaluation.clone());
        done.push(evaluation);
    }
    done
}

/// The evaluation of the position before move `ply` of `game`'s line.
pub fn evaluate_ply(engine: &mut Engine, game: &Game, ply: usize, limits: Limits) -> Evaluation {
    let rule = game.settings().rule;
    let board = game.board_at(ply);
    if ply > 0 {
        let last = game.line()[ply - 1].pos;
        let mover = game.color_at(ply - 1);
        if rule.wins_at(&board, index_of(last), mover) {
            let score = if mover == crate::Color::Black { SCORE_CAP } else { -SCORE_CAP };
            return Evaluation { score, mate: Some(0), best: None, win: None };
        }
    }
    let to_move = game.color_at(ply);
    let request = Request { board: &board, rule, to_move, level: Level::Master, limits };
    let never = AtomicBool::new(false);
    let Some(decision) = engine.think(&request, &never, &mut |_| {}) else {
        return Evaluation { score: 0, mate: None, best: None, win: None };
    };
    let sign = if to_move == crate::Color::Black { 1 } else { -1 };
    let (score, mate) = match decision.analysis.score {
        Score::Eval(v) => (sign * v, None),
        Score::WinIn(n) => (0, Some(sign * (2 * n as i32 - 1))),
        Score::LossIn(n) => (0, Some(-sign * 2 * n as i32)),
    };
    let win = threat_win(&board, rule, to_move, ProofLimits::default(), &never);
    Evaluation { score, mate, best: Some(decision.best), win }
}
