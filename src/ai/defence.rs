//! A last look before a move is played: would the opponent then win by continuous threats?
//!
//! The main search prunes hard and reaches a long VCF or VCT of the opponent only when its line
//! happens to survive the reductions; matches against a stronger engine lost most of their
//! decisive moves that way (a threat sequence not seen in defence). So before the search's best
//! move is played, the opponent's VCF and VCT are searched after it, and after the next best
//! moves if it loses: the first move that leaves no proven win is played. Both searches are
//! proofs, so a move is never passed over for a threat that does not exist.

use super::position::Position;
use super::vcf::Vcf;
use super::vct::Vct;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How many of the best root moves are checked at most.
const CANDIDATES: usize = 6;
/// Nodes for each threat search after a candidate (a fixed count keeps fixed-depth searches
/// deterministic; the deadline ends it sooner when the move's time runs out).
const NODES: u64 = 60_000;
/// The longest opponent VCF and VCT searched, in attacker moves.
const MAX_FOURS: u32 = 24;
const MAX_THREATS: u32 = 10;

/// The first of `order` (best first) after which the opponent has no proven win by fours or
/// threes; `None` when every candidate checked loses or the time runs out on the first one (the
/// caller keeps its best move). When the time runs out on a later candidate, that one is
/// returned: it is not known to lose, and every move before it is. Leaves `pos` as it was.
pub fn first_safe(
    pos: &mut Position,
    order: &[usize],
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> Option<usize> {
    first_not_lost(order, |candidate| {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        pos.play(candidate);
        let lost = opponent_wins(pos, deadline, stop);
        pos.undo();
        lost
    })
}

/// The choice behind [`first_safe`], given `lost` (whether the opponent wins after a candidate;
/// `None`: not known, the time ran out).
fn first_not_lost(order: &[usize], mut lost: impl FnMut(usize) -> Option<bool>) -> Option<usize> {
    for (i, &candidate) in order.iter().take(CANDIDATES).enumerate() {
        match lost(candidate) {
            Some(false) => return Some(candidate),
            Some(true) => continue,
            // A move not known to lose is better than the proven losses before it.
            None => return (i > 0).then_some(candidate),
        }
    }
    None
}

/// Whether the side to move has a proven VCF or VCT: `None` when a search was cut short by the
/// deadline or the stop flag (nothing known).
fn opponent_wins(pos: &mut Position, deadline: Option<Instant>, stop: &AtomicBool) -> Option<bool> {
    let mut vcf = Vcf::new(NODES, deadline, Some(stop));
    if vcf.find(pos, MAX_FOURS).is_some() {
        return Some(true);
    }
    let mut vct = Vct::new(NODES, deadline, Some(stop));
    if vct.find(pos, MAX_THREATS).is_some() {
        return Some(true);
    }
    let interrupted = deadline.is_some_and(|d| Instant::now() >= d) || stop.load(Ordering::Relaxed);
    let cut_short = interrupted && (vcf.budget.exhausted() || vct.budget.exhausted());
    (!cut_short).then_some(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::index_of;
    use crate::color::Color;
    use crate::diagram::parse_diagram;
    use crate::pos::Pos;
    use crate::rule::Rule;

    /// White (O) has an open three on the fourth row; black (X) is to move.
    const OPEN_THREE: &str = "\
        . . . . . . . . .\n\
        . . . . . . . . .\n\
        . . . . . X . . .\n\
        . . O O O . . . .\n\
        . . . . X . . . .\n\
        . . . . . . . . .\n\
        . . . . . . . . .\n\
        . . . . . . . . .\n\
        . . . . . . . . .\n";

    fn position() -> Position {
        Position::new(&parse_diagram(OPEN_THREE).unwrap().board, Rule::Freestyle, Color::Black)
    }

    #[test]
    fn a_move_that_ignores_a_winning_threat_is_passed_over_for_one_that_stops_it() {
        let mut pos = position();
        let far = index_of(Pos::new(8, 8));
        let block = index_of(Pos::new(5, 3));
        let stop = AtomicBool::new(false);
        assert_eq!(first_safe(&mut pos, &[far, block], None, &stop), Some(block));
        assert_eq!(first_safe(&mut pos, &[block, far], None, &stop), Some(block));
        assert!(pos.board().is_empty_at(far) && pos.board().is_empty_at(block), "left as it was");
    }

    #[test]
    fn when_time_runs_out_a_move_not_known_to_lose_beats_the_proven_losses() {
        let verdicts = |v: Vec<Option<bool>>| move |candidate: usize| v[candidate];
        let order = [0, 1, 2];
        assert_eq!(first_not_lost(&order, verdicts(vec![Some(true), None, Some(false)])), Some(1));
        assert_eq!(first_not_lost(&order, verdicts(vec![None, Some(false), Some(false)])), None);
        assert_eq!(
            first_not_lost(&order, verdicts(vec![Some(true), Some(true), Some(false)])),
            Some(2)
        );
        assert_eq!(first_not_lost(&order, verdicts(vec![Some(true); 3])), None);
    }

    #[test]
    fn when_every_candidate_loses_the_caller_keeps_its_move() {
        let mut pos = position();
        let far = [Pos::new(8, 8), Pos::new(0, 8)].map(index_of);
        assert_eq!(first_safe(&mut pos, &far, None, &AtomicBool::new(false)), None);
    }
}
