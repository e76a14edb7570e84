//! Judging positions with the engine: a value for the side to move and its best move, or the
//! best few moves (multi-PV).

use crate::ai::{Engine, Limits, Request, Score};
use crate::board::Board;
use crate::color::Color;
use crate::level::Level;
use crate::pos::Pos;
use crate::rule::Rule;
use std::sync::atomic::AtomicBool;

/// The value of a forced win in judge units (above every evaluation).
const WIN: i32 = 25_000;

/// What a search said about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The value for the side to move (positive is good for it; forced wins are ±25 000
    /// less the distance).
    pub value: i32,
    /// The move the search would play.
    pub best: Option<Pos>,
}

/// The engine with the settings every judgement of one decision uses.
pub struct Judge<'a> {
    /// The engine searching.
    pub engine: &'a mut Engine,
    /// The move rule.
    pub rule: Rule,
    /// The level searched at.
    pub level: Level,
    /// The limits of each search.
    pub limits: Limits,
    /// Raised to cut the searches short.
    pub stop: &'a AtomicBool,
}

/// A number for a reported score, for the side to move.
pub fn value_of(score: Score) -> i32 {
    match score {
        Score::Eval(v) => v,
        Score::WinIn(n) => WIN - n as i32,
        Score::LossIn(n) => -(WIN - n as i32),
    }
}

/// The mean of the last two iterations' evaluations, when they are consecutive depths.
fn smoothed(scores: &[(u32, Score)]) -> Option<i32> {
    match scores {
        [.., (d1, Score::Eval(v1)), (d2, Score::Eval(v2))] if *d2 == d1 + 1 => Some((v1 + v2) / 2),
        _ => None,
    }
}

impl Judge<'_> {
    /// Searches the board with `to_move` to play. The evaluation favours the side that moved
    /// last, so a search's score swings with the parity of its depth: the value is the mean of
    /// the last two iterations' scores when both are evaluations (not forced results).
    pub fn judge(&mut self, board: &Board, to_move: Color) -> Verdict {
        let request = self.request(board, to_move, self.limits);
        let mut scores = Vec::new();
        let found =
            self.engine.think(&request, self.stop, &mut |a| scores.push((a.depth, a.score)));
        match found {
            Some(d) => Verdict {
                value: smoothed(&scores).unwrap_or_else(|| value_of(d.analysis.score)),
                best: Some(d.best),
            },
            None => Verdict { value: 0, best: None },
        }
    }

    /// The best `n` moves for `to_move` with their values, best first.
    pub fn lines(&mut self, board: &Board, to_move: Color, n: usize) -> Vec<(Pos, i32)> {
        let limits = Limits { multi_pv: n, ..self.limits };
        let request = self.request(board, to_move, limits);
        let Some(decision) = self.engine.think(&request, self.stop, &mut |_| {}) else {
            return Vec::new();
        };
        let lines: Vec<(Pos, i32)> = decision
            .analysis
            .lines
            .iter()
            .filter_map(|l| l.pv.first().map(|&p| (p, value_of(l.score))))
            .collect();
        if lines.is_empty() {
            vec![(decision.best, value_of(decision.analysis.score))]
        } else {
            lines
        }
    }

    fn request<'b>(&self, board: &'b Board, to_move: Color, limits: Limits) -> Request<'b> {
        Request { board, rule: self.rule, to_move, level: self.level, limits }
    }
}
