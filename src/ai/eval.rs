//! The static evaluation: the weighted values of every empty point's pattern combination for the
//! side to move against those of the side waiting (weights fitted to game outcomes, see
//! [`super::weights`]), and weighted terms for threats that usually decide the game.

use super::position::Position;
use super::shape::{FOUR, FOUR_THREE, OPEN_FOUR, THREE, THREE_THREE};
use super::weights::THREATS;
use crate::color::Color;

/// The value of a position for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_move();
    let mut score = pos.learned_sum(me, false) - pos.learned_sum(!me, true);
    let weights = pos.threat_weights(me);
    let terms = threat_terms(pos, me);
    for (&present, weight) in terms.iter().zip(weights) {
        if present {
            score += weight;
        }
    }
    score += pos.net_value(me, &terms).unwrap_or(0);
    score.clamp(-20_000, 20_000)
}

/// Which threat terms hold with `me` to move: an open four to make; a four-three with no four
/// of theirs to answer; a double three when they cannot even make a three; two open-four points
/// of theirs; two points where they would make a double threat while `me` has no four.
pub fn threat_terms(pos: &Position, me: Color) -> [bool; THREATS] {
    let opp = !me;
    let opp_can_four = pos.has_threat_at_least(opp, FOUR);
    let open_four = pos.threat_count(me, OPEN_FOUR) > 0;
    let four_three = !open_four && !opp_can_four && pos.threat_count(me, FOUR_THREE) > 0;
    let three_three = !open_four
        && !four_three
        && !opp_can_four
        && pos.threat_count(me, THREE_THREE) > 0
        && !pos.has_threat_at_least(opp, THREE);
    let opp_doubles = pos.threat_count(opp, THREE_THREE) + pos.threat_count(opp, FOUR_THREE);
    [
        open_four,
        four_three,
        three_three,
        pos.threat_count(opp, OPEN_FOUR) > 1,
        opp_doubles >= 2 && !pos.has_threat_at_least(me, FOUR),
    ]
}
