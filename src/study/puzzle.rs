//! Threat puzzles: a position where the side to move has a forced win, solved with every winning
//! threat (a five, a four or a three) it may start with, so that a person's answer can be judged
//! exactly. A first move wins when, whatever the defender replies (every empty point it may play
//! is tried, the points of the attacker's next win first), the threat solver proves a win again;
//! in renju black's forbidden points are never an answer. A quiet first move is not an answer,
//! even where the attacker is so far ahead that it would win too.

use crate::ai::shape::THREE;
use crate::ai::{threat_win, Position, ProofLimits, ThreatWin};
use crate::board::{index_of, Board};
use crate::color::Color;
use crate::pos::Pos;
use crate::renju;
use crate::rule::Rule;
use std::sync::atomic::AtomicBool;

/// A solved puzzle position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Every first move that wins, in board order.
    pub first_moves: Vec<Pos>,
    /// The winner's moves to the five along the solver's line.
    pub moves: u32,
    /// Whether fours alone win (VCF); otherwise threes are needed too (VCT).
    pub by_fours: bool,
}

impl Solution {
    /// The length as puzzles are graded: plies to the five (a win in 3, 5, 7 …).
    pub fn plies(&self) -> u32 {
        2 * self.moves - 1
    }
}

/// Solves the position: `None` when the solver proves no forced win for `to_move` within
/// `limits`.
pub fn solve(
    board: &Board,
    rule: Rule,
    to_move: Color,
    limits: ProofLimits,
    stop: &AtomicBool,
) -> Option<Solution> {
    let win: ThreatWin = threat_win(board, rule, to_move, limits, stop)?;
    let attack = Attack { rule, attacker: to_move, limits, stop };
    let mut work = board.clone();
    let first_moves = threats(board, rule, to_move)
        .into_iter()
        .filter(|&m| wins_after(&mut work, attack, m))
        .collect();
    Some(Solution { first_moves, moves: win.moves, by_fours: win.by_fours })
}

/// What a proof is asked under: the rule, the attacking side, the solver's limits and stop flag.
#[derive(Clone, Copy)]
pub(crate) struct Attack<'a> {
    /// The rule.
    pub rule: Rule,
    /// The side that attacks.
    pub attacker: Color,
    /// How hard the solver tries.
    pub limits: ProofLimits,
    /// Ends the proofs early.
    pub stop: &'a AtomicBool,
}

impl Attack<'_> {
    /// The attacker's proven forced win on `board` with the attacker to move.
    pub(crate) fn win(&self, board: &Board) -> Option<ThreatWin> {
        threat_win(board, self.rule, self.attacker, self.limits, self.stop)
    }

    /// The attacker's proven win after the defender's reply `r` (`None` when the reply makes
    /// five or leaves no proven win); `board` is given back as it was.
    pub(crate) fn win_after_reply(&self, board: &mut Board, r: Pos) -> Option<ThreatWin> {
        let defender = !self.attacker;
        board.place(r, defender);
        let five = self.rule.wins_at(board, index_of(r), defender);
        let win = if five { None } else { self.win(board) };
        board.remove(r);
        win
    }
}

/// Whether the attacker still has a forced win after playing `m`, against every reply.
fn wins_after(board: &mut Board, attack: Attack<'_>, m: Pos) -> bool {
    board.place(m, attack.attacker);
    let won = attack.rule.wins_at(board, index_of(m), attack.attacker) || {
        let replies = replies_by_likelihood(board, attack, m);
        !replies.is_empty()
            && replies.into_iter().all(|r| attack.win_after_reply(board, r).is_some())
    };
    board.remove(m);
    won
}

/// The defender's replies to the attacker's move `m` (placed on `board`), likeliest
/// refutations first: the points of the attacker's next win were the defender to pass, then
/// the rest by distance from `m`. Empty when the attacker would have no win even then (no
/// reply is needed to refute `m`).
pub(crate) fn replies_by_likelihood(board: &Board, attack: Attack<'_>, m: Pos) -> Vec<Pos> {
    let Some(next) = attack.win(board) else {
        return Vec::new();
    };
    let mut replies = legal_points(board, attack.rule, !attack.attacker);
    let distance = |p: &Pos| p.x.abs_diff(m.x).max(p.y.abs_diff(m.y));
    replies.sort_by_key(|p| (!next.line.contains(p), distance(p)));
    replies
}

/// The empty points `color` may play, in board order.
pub(crate) fn legal_points(board: &Board, rule: Rule, color: Color) -> Vec<Pos> {
    let forbids = rule.has_forbidden_points() && color == Color::Black;
    board.empty_points().filter(|&p| !forbids || renju::forbidden(board, p).is_none()).collect()
}

/// The points where `color` makes a three, a four or a five (and may play), in board order.
fn threats(board: &Board, rule: Rule, color: Color) -> Vec<Pos> {
    let pos = Position::new(board, rule, color);
    let legal = legal_points(board, rule, color);
    legal.into_iter().filter(|&p| pos.shape(color, index_of(p)).threat >= THREE).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_boards::stones;

    fn solve_default(board: &Board, rule: Rule, to_move: Color) -> Option<Solution> {
        solve(board, rule, to_move, ProofLimits::default(), &AtomicBool::new(false))
    }

    #[test]
    fn an_open_three_is_won_by_either_open_four_and_not_by_a_four_that_leads_nowhere() {
        // Black h8 i8 j8 on an open row; white's h9 j9 i7 around it.
        let board = stones(&[(7, 7), (8, 7), (9, 7)], &[(7, 6), (9, 6), (8, 8)]);
        let solution = solve_default(&board, Rule::Freestyle, Color::Black).unwrap();
        let wins = |x, y| solution.first_moves.contains(&Pos::new(x, y));
        assert!(wins(6, 7) && wins(10, 7), "both open fours: {solution:?}");
        assert!(!wins(5, 7) && !wins(11, 7), "a four the block ends: {solution:?}");
        assert!(!wins(8, 10) && solution.first_moves.len() <= 3, "{solution:?}");
        assert_eq!((solution.moves, solution.plies(), solution.by_fours), (2, 3, true));
        assert!(solve_default(&board, Rule::Freestyle, Color::White).is_none());
    }

    #[test]
    fn a_black_answer_on_a_forbidden_point_is_no_answer_in_renju() {
        // Black 1..=4 and 6, 7 on row 7 (white at 0): the five would be the overline at 5.
        // Black's other winning shape: the open three 10, 11, 12 on row 11.
        let black = [(1, 7), (2, 7), (3, 7), (4, 7), (6, 7), (7, 7), (10, 11), (11, 11), (12, 11)];
        let white = [(0, 7), (0, 0), (2, 0), (4, 0), (6, 0), (8, 0), (10, 0), (12, 0), (14, 0)];
        let board = stones(&black, &white);
        let renju = solve_default(&board, Rule::Renju, Color::Black).unwrap();
        assert!(!renju.first_moves.contains(&Pos::new(5, 7)), "{renju:?}");
        assert_eq!(renju.first_moves, [Pos::new(9, 11), Pos::new(13, 11)], "{renju:?}");
    }
}
