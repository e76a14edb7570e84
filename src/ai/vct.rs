//! Victory by continuous threats (VCT): the attacker plays only fours and open threes; every
//! reply the defender has is tried. A proof, not a guess, as long as the defender's replies are
//! complete: to a four, the block (or a five); to an open three, every point where the attacker
//! would make a four or more (any block of the coming open four or double four is one of them)
//! and every four of the defender's own.

use super::budget::Budget;
use super::keyed::KeyMap;
use super::movegen::{generate_unordered, Candidate, Situation};
use super::position::Position;
use super::shape::{THREE, WIN};
use crate::color::Color;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// How many threat moves the attacker tries in one position (the most promising first).
const ATTACK_WIDTH: usize = 10;

/// A VCT search with its limits and its memory of refuted positions.
pub struct Vct<'a> {
    /// Positions visited, and the limits.
    pub budget: Budget<'a>,
    /// Attacker positions already refuted, with the most threats they were refuted with.
    failed: KeyMap<u32>,
}

impl<'a> Vct<'a> {
    /// A search that gives up after `node_budget` positions, at `deadline`, or when `stop` is
    /// raised.
    pub fn new(
        node_budget: u64,
        deadline: Option<Instant>,
        stop: Option<&'a AtomicBool>,
    ) -> Vct<'a> {
        Vct { budget: Budget::new(node_budget, deadline, stop), failed: KeyMap::default() }
    }

    /// Searches a VCT for the side to move of at most `max_threats` attacker moves. Returns the
    /// first move of a proven win and the number of attacker moves it needs (the defender's
    /// delaying fours not counted); `None` if there is none within the limits.
    pub fn find(&mut self, pos: &mut Position, max_threats: u32) -> Option<(usize, u32)> {
        let attacker = pos.to_move();
        for depth in 1..=max_threats {
            let mut first = None;
            if self.attack(pos, attacker, depth, &mut first) {
                return first.map(|q| (q, depth));
            }
            if self.budget.exhausted() {
                break;
            }
        }
        None
    }

    /// The attacker is to move with `left` threats allowed; `first` receives the winning move.
    fn attack(
        &mut self,
        pos: &mut Position,
        attacker: Color,
        left: u32,
        first: &mut Option<usize>,
    ) -> bool {
        if pos.threat_count(attacker, WIN) > 0 {
            *first = pos.first_with_threat(attacker, WIN);
            return true;
        }
        let defender_fives = pos.threat_count(!attacker, WIN);
        if left == 0 || defender_fives > 1 || self.budget.spend() {
            return false;
        }
        let key = pos.hash();
        if self.failed.get(&key).is_some_and(|&n| n >= left) {
            return false;
        }
        for q in self.threat_moves(pos, attacker, defender_fives == 1) {
            if !pos.is_legal(q) {
                continue;
            }
            pos.play(q);
            let won = self.defend(pos, attacker, left - 1);
            pos.undo();
            if won {
                *first = Some(q);
                return true;
            }
        }
        if !self.budget.exhausted() {
            let entry = self.failed.entry(key).or_insert(0);
            *entry = (*entry).max(left);
        }
        false
    }

    /// The attacker's candidate moves: the one block when the defender has a four, else its
    /// fours and threes, best first.
    fn threat_moves(&self, pos: &Position, attacker: Color, must_block: bool) -> Vec<usize> {
        if must_block {
            return pos.first_with_threat(!attacker, WIN).into_iter().collect();
        }
        let mut moves: Vec<Candidate> = Vec::new();
        // A point that makes a three or more always has an own stone within two steps.
        pos.for_each_empty_near_stones(|q| {
            let shape = pos.shape(attacker, q);
            if shape.threat >= THREE {
                let order = i32::from(shape.threat) * 100_000 + i32::from(shape.value);
                moves.push(Candidate { index: q, order });
            }
        });
        moves.sort_unstable_by(|a, b| b.order.cmp(&a.order).then(a.index.cmp(&b.index)));
        moves.into_iter().take(ATTACK_WIDTH).map(|c| c.index).collect()
    }

    /// The defender is to move after a threat: every reply must lose.
    fn defend(&mut self, pos: &mut Position, attacker: Color, left: u32) -> bool {
        let mut replies = Vec::new();
        match generate_unordered(pos, &mut replies) {
            // The defender makes five, or the last move threatened nothing.
            Situation::Win | Situation::Free => return false,
            Situation::BlockFour | Situation::DefendThree => {}
        }
        for reply in replies {
            pos.play(reply.index);
            let mut first = None;
            let won = self.attack(pos, attacker, left, &mut first);
            pos.undo();
            if !won {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::pos_of;
    use crate::record::parse_moves;
    use crate::{Board, Rule};

    /// The attacker (to move) wins within `left` threats whatever the defender does: every empty
    /// point near the stones is tried as a reply, not only the ones the search considers.
    fn wins_against_every_reply(pos: &mut Position, attacker: Color, left: u32) -> bool {
        if pos.threat_count(attacker, WIN) > 0 {
            return true;
        }
        let defender_fives = pos.threat_count(!attacker, WIN);
        if left == 0 || defender_fives > 1 {
            return false;
        }
        let vct = Vct::new(u64::MAX, None, None);
        for q in vct.threat_moves(pos, attacker, defender_fives == 1) {
            if !pos.is_legal(q) {
                continue;
            }
            pos.play(q);
            let mut replies = Vec::new();
            pos.for_each_empty_near_stones(|r| replies.push(r));
            let refuted = pos.threat_count(!attacker, WIN) > 0
                || replies.into_iter().any(|r| {
                    if !pos.is_legal(r) {
                        return false;
                    }
                    pos.play(r);
                    let won = wins_against_every_reply(pos, attacker, left - 1);
                    pos.undo();
                    !won
                });
            pos.undo();
            if !refuted {
                return true;
            }
        }
        false
    }

    #[test]
    fn every_short_win_found_survives_every_reply() {
        let text = include_str!("../../benches/positions.txt");
        let lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
        let mut claims = 0;
        for line in lines {
            let moves = parse_moves(line.trim(), 15).unwrap();
            for plies in [moves.len() - 4, moves.len() - 2, moves.len()] {
                let mut board = Board::new(15).unwrap();
                for (i, &m) in moves[..plies].iter().enumerate() {
                    board.place(m, Color::at_ply(i));
                }
                for side in Color::ALL {
                    let mut pos = Position::new(&board, Rule::Freestyle, side);
                    let Some((first, threats)) = Vct::new(20_000, None, None).find(&mut pos, 3)
                    else {
                        continue;
                    };
                    claims += 1;
                    let at = pos_of(first);
                    assert!(board.stone(at).is_none(), "{line} after {plies}: occupied {at}");
                    let mut check = Position::new(&board, Rule::Freestyle, side);
                    assert!(
                        wins_against_every_reply(&mut check, side, threats),
                        "{line} after {plies}, {side:?}: claimed win by {at} is refuted"
                    );
                }
            }
        }
        assert!(claims >= 5, "too few wins to check: {claims}");
    }
}
