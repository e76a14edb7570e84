//! Double threats, decided exactly. A side to move with a point that makes two threats at once
//! (two open threes, or a four and an open three) wins when the opponent cannot make a four: one
//! threat is answered, the other becomes an open four, then five. The other way round, a side
//! that cannot make a four, facing such a point of the opponent's (or a point that makes two
//! fours), loses after every move that leaves the point there. The search scores the first as a
//! win at once and skips the second's losing moves unsearched; the tests check both claims
//! against proven threat sequences.

use super::position::Position;
use super::shape::{FOUR, FOUR_THREE, OPEN_FOUR, THREE_THREE};
use crate::color::Color;

/// Whether the side to move (with no four or open three of the opponent to answer) must stop a
/// double threat: the opponent has a point that makes one and the mover cannot make a four.
/// Never where the opponent is black under renju: its double-threat points may be forbidden.
pub fn must_stop(pos: &Position) -> bool {
    let me = pos.to_move();
    !pos.may_be_forbidden(!me)
        && !pos.has_threat_at_least(me, FOUR)
        && has_double_threat_point(pos, !me)
}

/// After a move of the side that had to stop a double threat (the opponent now to move): whether
/// the opponent still has its double-threat point and the mover still cannot make a four — the
/// move loses.
pub fn lets_through(pos: &Position) -> bool {
    let opp = pos.to_move();
    !pos.has_threat_at_least(!opp, FOUR) && has_double_threat_point(pos, opp)
}

/// Whether the side to move wins by a double threat: it has a point that makes two open threes
/// or a four and an open three, and the opponent cannot make a four to delay it. One threat is
/// answered, the other becomes an open four, then five. Not for black under renju (its double
/// threes are forbidden).
pub fn wins_by_double_threat(pos: &Position) -> bool {
    let me = pos.to_move();
    !pos.may_be_forbidden(me)
        && !pos.has_threat_at_least(!me, FOUR)
        && (pos.threat_count(me, THREE_THREE) > 0 || pos.threat_count(me, FOUR_THREE) > 0)
}

/// Whether `color` has a point that makes two open threes, a four and an open three, or two
/// fours (or an open four).
fn has_double_threat_point(pos: &Position, color: Color) -> bool {
    [THREE_THREE, FOUR_THREE, OPEN_FOUR].into_iter().any(|t| pos.threat_count(color, t) > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::movegen::{generate, Situation};
    use crate::ai::shape::WIN;
    use crate::ai::test_boards::sample_boards;
    use crate::ai::vct::Vct;
    use crate::Rule;

    /// Every move the search would skip loses to a proven VCT of the opponent (at most three
    /// threats: the double threat, the open four, and one to spare).
    #[test]
    fn every_skipped_move_loses_to_a_proven_threat_sequence() {
        let (mut checked, mut kept) = (0, 0);
        for (name, board) in sample_boards() {
            for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
                for side in Color::ALL {
                    let mut pos = Position::new(&board, rule, side);
                    let mut list = Vec::new();
                    if generate(&mut pos, &mut list) != Situation::Free || !must_stop(&pos) {
                        continue;
                    }
                    for c in list {
                        pos.play(c.index);
                        if lets_through(&pos) {
                            checked += 1;
                            let won = Vct::new(1_000_000, None, None).find(&mut pos, 3);
                            assert!(won.is_some(), "{name}, {side:?} {rule:?}: {}", c.index);
                        } else {
                            kept += 1;
                        }
                        pos.undo();
                    }
                }
            }
        }
        assert!(checked >= 200 && kept >= 50, "too few cases: {checked} skipped, {kept} kept");
    }

    /// Every double-threat win claimed is a proven threat sequence of at most three threats.
    #[test]
    fn every_double_threat_win_is_a_proven_threat_sequence() {
        let mut claims = 0;
        for (name, board) in sample_boards() {
            for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
                for side in Color::ALL {
                    let mut pos = Position::new(&board, rule, side);
                    if pos.has_threat_at_least(!side, WIN)
                        || pos.has_threat_at_least(side, WIN)
                        || !wins_by_double_threat(&pos)
                    {
                        continue;
                    }
                    claims += 1;
                    let won = Vct::new(1_000_000, None, None).find(&mut pos, 3);
                    assert!(won.is_some(), "{name}, {side:?} {rule:?}");
                }
            }
        }
        assert!(claims >= 100, "too few claims to check: {claims}");
    }
}
