//! Victory by continuous fours (VCF): the attacker plays only fours, each answered by the one
//! forced block, until a five or two five points appear. A proof, not a guess: every defence is
//! the only legal reply (or the defender's own five, which refutes the line).

use super::budget::Budget;
use super::keyed::KeySet;
use super::position::Position;
use super::shape::{FOUR, WIN};
use crate::color::Color;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A VCF search with its limits and its memory of refuted positions.
pub struct Vcf<'a> {
    /// Attacker nodes visited, and the limits.
    pub budget: Budget<'a>,
    failed: KeySet,
    /// The four points of every attacker node on the current line, each node's behind its
    /// parent's (one buffer for the whole search).
    fours: Vec<usize>,
}

impl<'a> Vcf<'a> {
    /// A search that gives up after `node_budget` attacker nodes, at `deadline`, or when `stop`
    /// is raised.
    pub fn new(
        node_budget: u64,
        deadline: Option<Instant>,
        stop: Option<&'a AtomicBool>,
    ) -> Vcf<'a> {
        let budget = Budget::new(node_budget, deadline, stop);
        Vcf { budget, failed: KeySet::default(), fours: Vec::new() }
    }

    /// Starts afresh with a budget of `node_budget` nodes (same deadline and stop flag), keeping
    /// the memory already allocated: for the many small searches at the leaves.
    pub fn restart(&mut self, node_budget: u64) {
        self.budget.restart(node_budget);
        self.failed.clear();
        self.fours.clear();
    }

    /// Searches a VCF for the side to move, at most `max_fours` attacker moves long. Returns the
    /// winning line (attacker and defender moves alternating, starting with the first four).
    pub fn find(&mut self, pos: &mut Position, max_fours: u32) -> Option<Vec<usize>> {
        let attacker = pos.to_move();
        let mut line = Vec::new();
        self.attack(pos, attacker, max_fours, &mut line).then_some(line)
    }

    /// The attacker is to move.
    fn attack(
        &mut self,
        pos: &mut Position,
        attacker: Color,
        fours_left: u32,
        line: &mut Vec<usize>,
    ) -> bool {
        let defender = !attacker;
        if pos.threat_count(attacker, WIN) > 0 {
            line.push(first_point(pos, attacker, WIN));
            return true;
        }
        if fours_left == 0
            || pos.threat_count(defender, WIN) > 1
            || self.failed.contains(&pos.hash())
        {
            return false;
        }
        if self.budget.spend() {
            return false;
        }
        let must_block =
            (pos.threat_count(defender, WIN) == 1).then(|| first_point(pos, defender, WIN));
        let start = self.fours.len();
        pos.append_points_with_threat(attacker, FOUR, &mut self.fours);
        if let Some(block) = must_block {
            self.fours.truncate(start);
            if pos.shape(attacker, block).threat >= FOUR {
                self.fours.push(block);
            }
        }
        let end = self.fours.len();
        self.fours[start..].sort_by_key(|&q| std::cmp::Reverse(pos.shape(attacker, q).value));
        for i in start..end {
            let q = self.fours[i];
            if !pos.is_legal(q) {
                continue;
            }
            pos.play(q);
            line.push(q);
            let won = self.defend(pos, attacker, fours_left - 1, line);
            pos.undo();
            if won {
                self.fours.truncate(start);
                return true;
            }
            line.pop();
        }
        self.fours.truncate(start);
        if !self.budget.exhausted() {
            self.failed.insert(pos.hash());
        }
        false
    }

    /// The defender is to move after the attacker's four.
    fn defend(
        &mut self,
        pos: &mut Position,
        attacker: Color,
        fours_left: u32,
        line: &mut Vec<usize>,
    ) -> bool {
        match pos.threat_count(attacker, WIN) {
            0 => false,
            1 => {
                let block = first_point(pos, attacker, WIN);
                if !pos.is_legal(block) {
                    return true;
                }
                pos.play(block);
                line.push(block);
                let won = self.attack(pos, attacker, fours_left, line);
                pos.undo();
                if !won {
                    line.pop();
                }
                won
            }
            _ => true,
        }
    }
}

fn first_point(pos: &Position, color: Color, threat: u8) -> usize {
    pos.first_with_threat(color, threat).unwrap_or(0)
}
