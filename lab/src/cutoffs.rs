//! The moves that cut the search off, as choices for fitting the candidate order to what the
//! search needs first (`gomoku fit-order --records FILES --from-search NODES`) rather than to
//! the moves played: positions of recorded games are searched with a node limit, and every
//! N-th free node whose search a move cut off (beta reached) at a minimum depth gives a choice
//! — that node's candidates, the cutting move chosen.
//!
//! Each game is searched by one engine of its own on one of two threads, and its choices are
//! kept in game order, so the result does not depend on the machine's load.

use crate::tuning::data::{GameRecord, TRAINING_SIZE};
use crate::tuning::order::{choice_in, Choice};
use gomoku::ai::policy::PolicyWeights;
use gomoku::ai::{Engine, Evaluation, LeafObserver, Limits, Position, Request};
use gomoku::board::Board;
use gomoku::{Color, Level, Rule};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Which positions are searched, how far, and which cut-offs are kept.
#[derive(Clone, Debug)]
pub struct CutoffPlan {
    /// The rule the games were played by (and are searched by).
    pub rule: Rule,
    /// Nodes each search may visit.
    pub nodes: u64,
    /// A game's positions searched: every this many plies after the opening.
    pub every_ply: usize,
    /// Of the cut-offs at the minimum depth or deeper, every this many is kept.
    pub sample_every: u64,
    /// The least remaining depth of a kept cut-off's node.
    pub min_depth: i32,
    /// The candidate order the searching engine uses (`None`: the rule's embedded one).
    pub order: Option<PolicyWeights>,
}

/// Collects the sampled cut-offs of the searches it watches.
struct CutoffSampler {
    plan: CutoffPlan,
    seen: AtomicU64,
    choices: Mutex<Vec<Choice>>,
}

impl LeafObserver for CutoffSampler {
    fn leaf(&self, _board: &Board, _to_move: Color) {}

    fn cutoff(&self, pos: &Position, index: usize, depth: i32) {
        if depth < self.plan.min_depth || pos.board().size() != TRAINING_SIZE {
            return;
        }
        let seen = self.seen.fetch_add(1, Ordering::Relaxed) + 1;
        if seen % self.plan.sample_every.max(1) != 0 {
            return;
        }
        if let Some(choice) = choice_in(pos, index) {
            self.choices.lock().unwrap_or_else(|e| e.into_inner()).push(choice);
        }
    }
}

/// The sampled cut-off choices of searching each game's positions, one list per game (in the
/// games' order).
pub fn cutoff_choices(games: &[GameRecord], plan: &CutoffPlan) -> Vec<Vec<Choice>> {
    let evaluation = match &plan.order {
        Some(order) => Evaluation::embedded().with_order(plan.rule, Some(order)),
        None => Evaluation::embedded(),
    };
    let half = games.len().div_ceil(2);
    std::thread::scope(|scope| {
        let workers: Vec<_> = games
            .chunks(half.max(1))
            .map(|part| {
                let evaluation = evaluation.clone();
                scope.spawn(move || {
                    part.iter().map(|g| game_choices(g, plan, &evaluation)).collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a search thread panicked")).collect()
    })
}

/// The sampled cut-offs of one game's searched positions.
fn game_choices(game: &GameRecord, plan: &CutoffPlan, evaluation: &Evaluation) -> Vec<Choice> {
    let sampler = Arc::new(CutoffSampler {
        plan: plan.clone(),
        seen: AtomicU64::new(0),
        choices: Mutex::new(Vec::new()),
    });
    let mut engine = Engine::with_evaluation(16, 0, evaluation.clone());
    engine.set_leaf_observer(Some(sampler.clone()));
    let limits = Limits { nodes: Some(plan.nodes), ..Limits::default() };
    let Ok(mut board) = Board::new(u32::from(TRAINING_SIZE)) else { return Vec::new() };
    let first = game.opening.max(2);
    for (ply, &m) in game.moves.iter().enumerate() {
        if ply >= first && (ply - first) % plan.every_ply.max(1) == 0 {
            let request = Request {
                board: &board,
                rule: plan.rule,
                to_move: Color::at_ply(ply),
                level: Level::Master,
                limits,
            };
            if engine.think(&request, &AtomicBool::new(false), &mut |_| {}).is_none() {
                break;
            }
        }
        if board.stone(m).is_some() {
            break;
        }
        board.place(m, Color::at_ply(ply));
    }
    drop(engine);
    let sampler = Arc::try_unwrap(sampler).ok().expect("the engine is gone");
    sampler.choices.into_inner().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuning::data::Outcome;
    use gomoku::record::parse_moves;

    fn game(moves: &str) -> GameRecord {
        let moves = parse_moves(moves, 15).unwrap();
        GameRecord { outcome: Outcome::Draw, opening: 3, scores: vec![0; moves.len() - 3], moves }
    }

    fn plan(min_depth: i32) -> CutoffPlan {
        CutoffPlan {
            rule: Rule::Freestyle,
            nodes: 3_000,
            every_ply: 3,
            sample_every: 1,
            min_depth,
            order: None,
        }
    }

    #[test]
    fn searched_positions_give_cut_off_choices_among_their_candidates() {
        let games = [game("h8i9g9h10j8g7f10i7"), game("h8h9i8g8j8k8i7")];
        let choices = cutoff_choices(&games, &plan(1));
        assert_eq!(choices.len(), 2);
        assert!(choices.iter().all(|c| !c.is_empty()), "every game's searches cut off");
        for choice in choices.iter().flatten() {
            assert!(choice.chosen < choice.points.len());
        }
        assert_eq!(cutoff_choices(&games, &plan(1)), choices, "the same every time");
        let deep: usize = cutoff_choices(&games, &plan(4)).iter().map(Vec::len).sum();
        let all: usize = choices.iter().map(Vec::len).sum();
        assert!(deep < all, "fewer cut-offs are 4 plies deep or more ({deep} of {all})");
    }
}
