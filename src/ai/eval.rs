//! The static evaluation: the shape values of every empty point for the side to move against
//! those of the opponent, with bonuses for threats that usually decide the game.

use super::position::Position;
use super::shape::{FOUR, FOUR_THREE, OPEN_FOUR, THREE, THREE_THREE};

/// The value of a position for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_move();
    let opp = !me;
    let mut score = pos.value_sum(me) - pos.value_sum(opp) * 9 / 10;
    let opp_can_four = pos.has_threat_at_least(opp, FOUR);
    if pos.threat_count(me, OPEN_FOUR) > 0 {
        score += 2_000;
    } else if !opp_can_four && pos.threat_count(me, FOUR_THREE) > 0 {
        score += 1_500;
    } else if !opp_can_four
        && pos.threat_count(me, THREE_THREE) > 0
        && !pos.has_threat_at_least(opp, THREE)
    {
        score += 800;
    }
    if pos.threat_count(opp, OPEN_FOUR) > 1 {
        score -= 300;
    }
    let opp_doubles = pos.threat_count(opp, THREE_THREE) + pos.threat_count(opp, FOUR_THREE);
    if opp_doubles >= 2 && !pos.has_threat_at_least(me, FOUR) {
        // Two points where the opponent would make a double threat: one move blocks only one.
        score -= 600;
    }
    score.clamp(-20_000, 20_000)
}
