//! Candidate moves: forced replies when the opponent threatens, otherwise the points near stones,
//! ordered by the shapes they make for both sides (in a free position of a rule with a learned
//! order, refined by it: [`super::policy`]).

use super::position::Position;
use super::shape::{FOUR, OPEN_FOUR, THREE, THREE_THREE, WIN};
use crate::board::CELLS;

/// A candidate move and its ordering score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Raw board index.
    pub index: usize,
    /// Higher is searched first.
    pub order: i32,
}

/// Why the move list is what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    /// The mover can make five: only its five points.
    Win,
    /// No threat to answer: all points near stones.
    Free,
    /// The opponent has a four: only its five point.
    BlockFour,
    /// The opponent can make an open four: defences and own fours only.
    DefendThree,
}

/// Extra ordering weight of each threat class for the mover, and for the opponent (defence).
const ATTACK_BONUS: [i32; 8] = [0, 0, 300, 2_000, 2_500, 20_000, 40_000, 1_000_000];
const DEFENCE_BONUS: [i32; 8] = [0, 0, 150, 1_000, 1_000, 10_000, 20_000, 500_000];

/// Fills `out` with the candidate moves of the side to move, legal and ordered best first
/// (before any TT move or killer adjustments). Returns the situation that chose them.
pub fn generate(pos: &mut Position, out: &mut Vec<Candidate>) -> Situation {
    let situation = generate_unordered(pos, out);
    out.sort_unstable_by(|a, b| b.order.cmp(&a.order).then(a.index.cmp(&b.index)));
    situation
}

/// Like [`generate`], but leaves the list in board order (for callers that sort it themselves).
pub fn generate_unordered(pos: &mut Position, out: &mut Vec<Candidate>) -> Situation {
    out.clear();
    let me = pos.to_move();
    let opp = !me;
    let situation = if pos.threat_count(me, WIN) > 0 {
        Situation::Win
    } else if pos.threat_count(opp, WIN) > 0 {
        Situation::BlockFour
    } else if pos.has_threat_at_least(opp, OPEN_FOUR) {
        Situation::DefendThree
    } else {
        Situation::Free
    };
    if let Some(forced) = single_forced_point(pos, situation) {
        if pos.is_legal(forced) {
            out.push(Candidate { index: forced, order: 0 });
        }
        return situation;
    }
    let policy = if situation == Situation::Free { pos.policy() } else { None };
    let recent = pos.last_two();
    pos.for_each_empty_near_stones(|q| {
        let mine = pos.shape(me, q);
        let theirs = pos.shape(opp, q);
        let wanted = match situation {
            Situation::Win => mine.threat == WIN,
            Situation::Free => true,
            Situation::BlockFour => theirs.threat == WIN,
            Situation::DefendThree => mine.threat >= FOUR || theirs.threat >= FOUR,
        };
        if wanted {
            let order = hand_order(pos, q);
            let order = match policy {
                Some(p) => {
                    let quads = (pos.quad(me, q), pos.quad(opp, q));
                    p.refine(quads, q, order, is_tactical(pos, q), recent)
                }
                None => order,
            };
            out.push(Candidate { index: q, order });
        }
    });
    if pos.may_be_forbidden_to_move() {
        out.retain(|c| pos.is_legal(c.index));
    }
    if out.is_empty() && pos.board().stone_count() == 0 {
        push_centre(pos, out);
    }
    situation
}

/// A candidate's hand-set ordering score: twice the shape value it makes for the mover, once the
/// opponent's, and a bonus for each side's threat class there.
#[inline]
pub fn hand_order(pos: &Position, q: usize) -> i32 {
    let me = pos.to_move();
    let (mine, theirs) = (pos.shape(me, q), pos.shape(!me, q));
    i32::from(mine.value) * 2
        + i32::from(theirs.value)
        + ATTACK_BONUS[usize::from(mine.threat)]
        + DEFENCE_BONUS[usize::from(theirs.threat)]
}

/// The one point worth playing when the mover can make five (its first five point) or must
/// block the opponent's only five point; `None` when the situation offers a choice.
fn single_forced_point(pos: &Position, situation: Situation) -> Option<usize> {
    let me = pos.to_move();
    match situation {
        Situation::Win => pos.first_with_threat(me, WIN),
        Situation::BlockFour if pos.threat_count(!me, WIN) == 1 => pos.first_with_threat(!me, WIN),
        _ => None,
    }
}

/// Every legal move of the side to move, for a position where [`generate`] offers none although
/// the game goes on: in renju, black facing a four whose only blocking point is forbidden (or
/// open threes whose defences all are) has lost, but must still play a legal move. The points
/// near stones come first, ordered as in a free position; far points only when none is legal.
pub fn generate_any_legal(pos: &mut Position, out: &mut Vec<Candidate>) {
    out.clear();
    let me = pos.to_move();
    pos.for_each_empty_near_stones(|q| {
        let order = i32::from(pos.shape(me, q).value) * 2 + i32::from(pos.shape(!me, q).value);
        out.push(Candidate { index: q, order });
    });
    out.retain(|c| pos.is_legal(c.index));
    if out.is_empty() {
        let empties: Vec<usize> = pos.board().empty_points().map(crate::board::index_of).collect();
        for index in empties {
            if pos.is_legal(index) {
                out.push(Candidate { index, order: 0 });
            }
        }
    }
    out.sort_unstable_by(|a, b| b.order.cmp(&a.order).then(a.index.cmp(&b.index)));
}

/// On an empty board the only sensible first move is the centre.
fn push_centre(pos: &Position, out: &mut Vec<Candidate>) {
    let size = pos.board().size();
    let centre = crate::board::index_of(crate::pos::Pos::centre(size));
    out.push(Candidate { index: centre, order: 0 });
}

/// Whether a candidate makes a threat the opponent must answer (so it is never reduced).
#[inline]
pub fn is_tactical(pos: &Position, index: usize) -> bool {
    let me = pos.to_move();
    pos.shape(me, index).threat >= THREE || pos.shape(!me, index).threat >= THREE_THREE
}

/// Per-colour history counters for quiet move ordering.
#[derive(Clone)]
pub struct History {
    counters: Box<[[i32; CELLS]; 2]>,
}

impl History {
    /// Empty history.
    pub fn new() -> History {
        History { counters: Box::new([[0; CELLS]; 2]) }
    }

    /// The counter of `index` for colour `c`.
    #[inline]
    pub fn get(&self, c: usize, index: usize) -> i32 {
        self.counters[c][index]
    }

    /// Rewards a move that caused a cut-off at `depth`.
    pub fn reward(&mut self, c: usize, index: usize, depth: i32) {
        let bonus = depth * depth;
        let slot = &mut self.counters[c][index];
        *slot += bonus - *slot * bonus.abs() / 16_384;
    }

    /// Ages all counters (between searches).
    pub fn age(&mut self) {
        for side in self.counters.iter_mut() {
            for v in side.iter_mut() {
                *v /= 4;
            }
        }
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}
