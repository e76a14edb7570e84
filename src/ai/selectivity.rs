//! How selective the search is: how many quiet moves a node looks at, how much later moves are
//! reduced, and when a node's static value is trusted without a search.
//!
//! The numbers were set by measurement (26-position bench and 200 ms matches against the
//! previous search): together they took the depth reached in a second from 8.5 to 14 plies and
//! scored 69 % in 104 games against the search without them. They pay off in deep searches only:
//! the shallow levels search [`Pruning::Careful`]ly.

use std::sync::OnceLock;

/// Deepest remaining depth at which a node whose static value beats beta by a margin is cut.
pub const STATIC_CUT_DEPTH: i32 = 7;
/// That margin per ply of remaining depth. 400 (about Rapfi's margin on our scale) against the
/// 60 it was: +4.9 ± 2.5 points against Rapfi at 1 s a move (199 openings × 2, paired), level
/// at 200 ms.
pub const STATIC_CUT_MARGIN: i32 = 400;
/// A non-PV node with nothing to answer whose static value beats beta by this much per ply of
/// remaining depth (but not by the static cut's margin) searches its moves but fours a ply
/// shallower: it will most likely fail high anyway.
pub const FAIL_HIGH_MARGIN: i32 = 100;
/// Deepest remaining depth at which a node far below alpha is settled by its leaf value.
pub const RAZOR_DEPTH: i32 = 2;
/// How far below alpha (per ply of remaining depth) that is.
pub const RAZOR_MARGIN: i32 = 100;
/// From this remaining depth on, a node without a table move is searched one ply shallower (it
/// was not searched before, so it is unlikely to matter).
pub const NO_TABLE_MOVE_REDUCTION_DEPTH: i32 = 4;
/// From this remaining depth on, a table move is tested for being singular: the node's other
/// moves, searched to half the depth, all fall short of its stored score by a margin; then it is
/// searched one ply deeper.
pub const SINGULAR_DEPTH: i32 = 8;
/// That margin per ply of remaining depth.
pub const SINGULAR_MARGIN: i32 = 12;
/// How much shallower than the node the table entry may have been searched and still be tested.
pub const SINGULAR_ENTRY_SLACK: i32 = 3;
/// How many plies less a move that makes a threat (an open three or more, or a block of the
/// opponent's double-threat point) is reduced than a quiet move at the same place in the order.
const THREAT_MOVE_RELIEF: i32 = 1;
/// A root move's number is counted from this one when it is reduced, so with a PV node's first
/// three moves kept, the root's first six moves keep the full depth.
const ROOT_MOVES_AT_FULL_DEPTH: usize = 3;

/// How a level's search prunes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// For deep searches: few quiet moves near the leaves, reductions, static cuts and razoring;
    /// an open three at a leaf is left to the evaluation.
    Selective,
    /// For searches of one or two plies, which such pruning would leave blind: more quiet moves,
    /// no reductions or static cuts, and a leaf facing an open three is searched one ply further
    /// (which tells a single three, answered by one block, from a double one).
    Careful,
}

impl Pruning {
    /// How many of the ordered candidates a non-PV node without threats to answer searches at
    /// `depth`; the rest are quiet moves that the ordering ranks too low to matter so close to
    /// the leaves (moves past the limit that make a threat are still searched). Selective:
    /// 2 + 0.3·depth², so 2, 3, 4, 6, 9, 12, 16 … moves; careful: 6, 10, 14, 18, then 20.
    pub fn late_move_limit(self, depth: i32) -> usize {
        let d = depth.max(1) as usize;
        match self {
            Pruning::Selective => (20 + 3 * d * d) / 10,
            Pruning::Careful => (6 + 4 * (d - 1)).min(20),
        }
    }

    /// Most attacker nodes a leaf's VCF search may visit (16 since the search plays on the line
    /// masks alone, where it costs a fraction of a full move; 8 before, and 16 was then too
    /// slow to pay).
    pub fn leaf_vcf_nodes(self) -> u64 {
        match self {
            Pruning::Selective => 16,
            Pruning::Careful => 24,
        }
    }
}

/// How many plies less the `i`-th move (from 0) of a node at `depth` is searched with a null
/// window: 0.5 + ln(depth)·ln(i), one less at PV nodes, whose first three moves keep their depth
/// (a non-PV node's first move only). At least one ply; the reduced search reaches at least
/// depth 0, the leaf.
pub fn reduction(depth: i32, i: usize, is_pv: bool) -> i32 {
    let first_reduced = if is_pv { 3 } else { 1 };
    if depth < 2 || i < first_reduced {
        return 0;
    }
    let r = i32::from(log_product(depth, i)) - i32::from(is_pv);
    r.clamp(1, depth - 1)
}

/// The reduction of a move that makes a threat (an open three or more, or a block of the
/// opponent's double-threat point): [`THREAT_MOVE_RELIEF`] plies less than [`reduction`]'s.
pub fn threat_move_reduction(depth: i32, i: usize, is_pv: bool) -> i32 {
    (reduction(depth, i, is_pv) - THREAT_MOVE_RELIEF).max(0)
}

/// The reduction of the `i`-th root move: like a PV node's, counted from the fourth move, so
/// the first six moves keep the full depth.
pub fn root_reduction(depth: i32, i: usize) -> i32 {
    reduction(depth, i.saturating_sub(ROOT_MOVES_AT_FULL_DEPTH), true)
}

/// ⌊0.5 + ln(depth)·ln(i)⌋ from a table (depth and move index capped at 63).
fn log_product(depth: i32, i: usize) -> u8 {
    static TABLE: OnceLock<Box<[[u8; 64]; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = Box::new([[0u8; 64]; 64]);
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (i, cell) in row.iter_mut().enumerate().skip(1) {
                *cell = (0.5 + (d as f64).ln() * (i as f64).ln()) as u8;
            }
        }
        t
    });
    table[depth.clamp(0, 63) as usize][i.min(63)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn late_move_limits_grow_with_the_depth() {
        let limits = |p: Pruning| (0..=7).map(|d| p.late_move_limit(d)).collect::<Vec<_>>();
        assert_eq!(limits(Pruning::Selective), [2, 2, 3, 4, 6, 9, 12, 16]);
        assert_eq!(limits(Pruning::Careful), [6, 6, 10, 14, 18, 20, 20, 20]);
    }

    #[test]
    fn early_moves_and_shallow_nodes_are_not_reduced() {
        assert_eq!(reduction(1, 10, false), 0);
        assert_eq!(reduction(6, 0, false), 0);
        assert_eq!(reduction(6, 2, true), 0);
        assert_eq!(root_reduction(8, 5), 0);
    }

    #[test]
    fn threat_moves_are_reduced_less_but_never_extended() {
        assert_eq!(threat_move_reduction(10, 20, false), reduction(10, 20, false) - 1);
        assert_eq!(threat_move_reduction(2, 1, false), 0);
        assert_eq!(threat_move_reduction(1, 10, false), 0);
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number_but_keep_a_leaf() {
        assert_eq!(reduction(2, 1, false), 1);
        assert!(reduction(10, 20, false) > reduction(10, 4, false));
        assert!(reduction(12, 8, false) > reduction(4, 8, false));
        assert!(reduction(10, 8, true) < reduction(10, 8, false));
        for depth in 2..40 {
            for i in 1..80 {
                let r = reduction(depth, i, false);
                assert!((1..depth).contains(&r), "depth {depth} move {i}: {r}");
            }
        }
    }
}
