//! Victory by continuous fours (VCF): the attacker plays only fours, each answered by the one
//! forced block, until a five or two five points appear. A proof, not a guess: every defence is
//! the only legal reply (or the defender's own five, which refutes the line).

use super::position::Position;
use super::shape::{FOUR, WIN};
use crate::color::Color;
use std::collections::HashSet;

/// Searches a VCF for the side to move, at most `max_fours` attacker moves long (counting the
/// final five), stopping early when `budget` nodes are spent. Returns the attacker's winning line
/// (attacker and defender moves alternating, starting with the attacker's first four).
pub fn find_vcf(pos: &mut Position, max_fours: u32, budget: &mut u64) -> Option<Vec<usize>> {
    let attacker = pos.to_move();
    let mut failed = HashSet::new();
    let mut line = Vec::new();
    attack(pos, attacker, max_fours, budget, &mut failed, &mut line).then_some(line)
}

/// The attacker is to move.
fn attack(
    pos: &mut Position,
    attacker: Color,
    fours_left: u32,
    budget: &mut u64,
    failed: &mut HashSet<u64>,
    line: &mut Vec<usize>,
) -> bool {
    let defender = !attacker;
    if pos.threat_count(attacker, WIN) > 0 {
        line.push(first_point(pos, attacker, WIN));
        return true;
    }
    if fours_left == 0 || *budget == 0 || pos.threat_count(defender, WIN) > 1 || failed.contains(&pos.hash()) {
        return false;
    }
    *budget -= 1;
    let must_block = (pos.threat_count(defender, WIN) == 1).then(|| first_point(pos, defender, WIN));
    let mut fours = Vec::new();
    pos.points_with_threat(attacker, FOUR, &mut fours);
    if let Some(block) = must_block {
        fours.retain(|&q| q == block);
    }
    for q in fours {
        if !pos.is_legal(q) {
            continue;
        }
        pos.play(q);
        line.push(q);
        let won = defend(pos, attacker, fours_left - 1, budget, failed, line);
        pos.undo();
        if won {
            return true;
        }
        line.pop();
    }
    failed.insert(pos.hash());
    false
}

/// The defender is to move after the attacker's four.
fn defend(
    pos: &mut Position,
    attacker: Color,
    fours_left: u32,
    budget: &mut u64,
    failed: &mut HashSet<u64>,
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
            let won = attack(pos, attacker, fours_left, budget, failed, line);
            pos.undo();
            if !won {
                line.pop();
            }
            won
        }
        _ => true,
    }
}

fn first_point(pos: &Position, color: Color, threat: u8) -> usize {
    pos.points()
        .iter()
        .copied()
        .find(|&q| pos.board().is_empty_at(q) && pos.shape(color, q).threat >= threat)
        .unwrap_or(0)
}
