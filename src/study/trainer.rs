//! Playing a threat puzzle: a person's move as the attacker is judged exactly, and the defence
//! answers with its most stubborn reply. A move is right when it makes five, or when it is a
//! threat (a four or a three) after which the attacker still has a proven forced win against
//! every reply; the defence then plays the reply that keeps the win longest. A move is wrong
//! when it is quiet (a puzzle is solved by forcing moves) or when a reply refutes it: that reply
//! is shown, and the person may try again.

use super::puzzle::{legal_points, replies_by_likelihood, Attack};
use crate::ai::shape::THREE;
use crate::ai::{threat_win, Position, ProofLimits};
use crate::board::{index_of, Board};
use crate::color::Color;
use crate::pos::Pos;
use crate::rule::Rule;
use serde::Serialize;
use std::sync::atomic::AtomicBool;

/// Why a move does not solve the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Miss {
    /// Not a four or a three: the defence gets a free move.
    NotAThreat,
    /// A threat, but the defence has a reply after which no forced win is left.
    Refuted,
}

/// The verdict on the attacker's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The move made five: the puzzle is solved.
    Solved,
    /// The move keeps the forced win; the defence answers `reply`, and the attacker wins in
    /// `moves_left` more moves along the solver's line.
    Continue {
        /// The defence's most stubborn reply.
        reply: Pos,
        /// The attacker's moves still needed (the five included).
        moves_left: u32,
    },
    /// The move throws the win away.
    Wrong {
        /// Why.
        miss: Miss,
        /// The defence's answer that shows it (`None` when the defence, with a free move, has
        /// no single refutation: then any quiet reply would do).
        refutation: Option<Pos>,
    },
}

/// Judges `attacker`'s move `m` on `board` (an empty point the attacker may play; the caller
/// checks that with the rules). `stop` ends the proofs early (the verdict is then `Wrong`).
pub fn judge(
    board: &Board,
    rule: Rule,
    attacker: Color,
    m: Pos,
    limits: ProofLimits,
    stop: &AtomicBool,
) -> Judgement {
    let mut work = board.clone();
    let threat = Position::new(board, rule, attacker).shape(attacker, index_of(m)).threat;
    work.place(m, attacker);
    if rule.wins_at(&work, index_of(m), attacker) {
        return Judgement::Solved;
    }
    let defence = defend(&mut work, Attack { rule, attacker, limits, stop }, m);
    match (threat >= THREE, defence) {
        (true, Defence::Holds { reply, moves_left }) => Judgement::Continue { reply, moves_left },
        (true, Defence::Refutes(refutation)) => {
            Judgement::Wrong { miss: Miss::Refuted, refutation }
        }
        (false, Defence::Refutes(refutation)) => {
            Judgement::Wrong { miss: Miss::NotAThreat, refutation }
        }
        (false, Defence::Holds { .. }) => {
            Judgement::Wrong { miss: Miss::NotAThreat, refutation: None }
        }
    }
}

/// The attacker's next winning move on `board` (the first move of the solver's line), for a
/// hint; `None` when no forced win is proven.
pub fn hint(
    board: &Board,
    rule: Rule,
    attacker: Color,
    limits: ProofLimits,
    stop: &AtomicBool,
) -> Option<Pos> {
    threat_win(board, rule, attacker, limits, stop).and_then(|w| w.line.first().copied())
}

/// What the defence can do after the attacker's move.
enum Defence {
    /// A reply after which the attacker has no proven win (or the defence makes five);
    /// `None` when the defence has no point left to play.
    Refutes(Option<Pos>),
    /// Every reply still loses; this one loses slowest.
    Holds { reply: Pos, moves_left: u32 },
}

/// The defence's best reply to `m` on `board` (with `m` placed): a refutation if one exists,
/// else the reply after which the attacker's win is longest (ties: the likeliest reply first).
fn defend(board: &mut Board, attack: Attack<'_>, m: Pos) -> Defence {
    let replies = replies_by_likelihood(board, attack, m);
    if replies.is_empty() {
        // No win even were the defence to pass: the nearest reply shows it.
        let distance = |p: &Pos| p.x.abs_diff(m.x).max(p.y.abs_diff(m.y));
        let legal = legal_points(board, attack.rule, !attack.attacker);
        return Defence::Refutes(legal.into_iter().min_by_key(distance));
    }
    let mut best: Option<(Pos, u32)> = None;
    for r in replies {
        match attack.win_after_reply(board, r) {
            None => return Defence::Refutes(Some(r)),
            Some(w) if best.is_none_or(|(_, moves)| w.moves > moves) => best = Some((r, w.moves)),
            Some(_) => {}
        }
    }
    best.map_or(Defence::Refutes(None), |(reply, moves_left)| Defence::Holds { reply, moves_left })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_boards::stones;

    fn judged(board: &Board, rule: Rule, attacker: Color, x: u8, y: u8) -> Judgement {
        let (limits, stop) = (ProofLimits::default(), AtomicBool::new(false));
        judge(board, rule, attacker, Pos::new(x, y), limits, &stop)
    }

    /// Black's open three h8 i8 j8 with white's stones around it; black to move.
    fn open_three() -> Board {
        stones(&[(7, 7), (8, 7), (9, 7)], &[(7, 6), (9, 6), (8, 8)])
    }

    #[test]
    fn the_open_four_goes_on_to_the_five_and_the_defence_blocks_one_end() {
        let board = open_three();
        let Judgement::Continue { reply, moves_left } =
            judged(&board, Rule::Freestyle, Color::Black, 6, 7)
        else {
            panic!("the open four keeps the win");
        };
        assert!(reply == Pos::new(5, 7) || reply == Pos::new(10, 7), "{reply}");
        assert_eq!(moves_left, 1);
        let mut next = board.clone();
        next.place(Pos::new(6, 7), Color::Black);
        next.place(reply, Color::White);
        let other = if reply.x == 5 { 10 } else { 5 };
        assert_eq!(judged(&next, Rule::Freestyle, Color::Black, other, 7), Judgement::Solved);
        let hint = hint(
            &next,
            Rule::Freestyle,
            Color::Black,
            ProofLimits::default(),
            &AtomicBool::new(false),
        );
        assert_eq!(hint, Some(Pos::new(other, 7)));
    }

    #[test]
    fn a_four_the_block_ends_is_refuted_by_the_block_and_a_quiet_move_is_not_a_threat() {
        let board = open_three();
        let wrong = judged(&board, Rule::Freestyle, Color::Black, 11, 7);
        let refuted = Judgement::Wrong { miss: Miss::Refuted, refutation: Some(Pos::new(10, 7)) };
        assert_eq!(wrong, refuted);
        let quiet = judged(&board, Rule::Freestyle, Color::Black, 0, 0);
        assert!(matches!(quiet, Judgement::Wrong { miss: Miss::NotAThreat, refutation: Some(_) }));
    }

    #[test]
    fn in_renju_black_cannot_defend_on_a_forbidden_point() {
        // White's h4 h5 h6 (closed by black at h3); its four at h7 leaves one five point, h8,
        // where black would make two open threes (f8 g8 h8 and h8 i9 j10): forbidden.
        let black = [(7, 2), (5, 7), (6, 7), (8, 8), (9, 9)];
        let white = [(7, 3), (7, 4), (7, 5), (0, 14), (14, 14)];
        let board = stones(&black, &white);
        assert!(renju_forbids(&board, Pos::new(7, 7)), "the test's position");
        let renju = judged(&board, Rule::Renju, Color::White, 7, 6);
        assert!(matches!(renju, Judgement::Continue { moves_left: 1, .. }), "{renju:?}");
        let freestyle = judged(&board, Rule::Freestyle, Color::White, 7, 6);
        let refuted = Judgement::Wrong { miss: Miss::Refuted, refutation: Some(Pos::new(7, 7)) };
        assert_eq!(freestyle, refuted);
    }

    fn renju_forbids(board: &Board, p: Pos) -> bool {
        crate::renju::forbidden(board, p).is_some()
    }
}
