//! How selective the search is: how many quiet moves a node looks at, how much later moves are
//! reduced, and when a node's static value is trusted without a search.
//!
//! The numbers were set by measurement (26-position bench and 200 ms matches against the
//! previous search): together they took the depth reached in a second from 8.5 to 14 plies and
//! scored 69 % in 104 games against the search without them. They pay off in deep searches only:
//! the shallow levels search [`Pruning::Careful`]ly.

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

/// The numbers of the selective search: the margins and depths of its cuts, the late-move
/// limit and the late-move reductions (margins in the evaluation's units, depths in plies,
/// fractions in hundredths). The defaults are the engine's, each set by matches against
/// Rapfi; the lab tunes them against other engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Deepest remaining depth of the static cut (default 7).
    pub static_cut_depth: i32,
    /// The static cut's margin a ply (default 400).
    pub static_cut_margin: i32,
    /// The fail-high reduction's margin a ply (default 100).
    pub fail_high_margin: i32,
    /// Deepest remaining depth of razoring (default 2).
    pub razor_depth: i32,
    /// Razoring's margin a ply (default 100).
    pub razor_margin: i32,
    /// Least remaining depth of the singular test (default 8).
    pub singular_depth: i32,
    /// The singular test's margin a ply (default 12).
    pub singular_margin: i32,
    /// The late-move limit at `depth` is `(late_move_base + late_move_scale·depth²) / 100`
    /// (default 200).
    pub late_move_base: i32,
    /// The late-move limit's growth with the depth squared, in hundredths (default 30).
    pub late_move_scale: i32,
    /// A late move is reduced `(reduction_base + reduction_scale·ln(depth)·ln(i)) / 100` plies
    /// (default 50).
    pub reduction_base: i32,
    /// The reduction's growth with ln(depth)·ln(i), in hundredths (default 100).
    pub reduction_scale: i32,
    /// Plies less a threat move is reduced than a quiet one (default 1).
    pub threat_move_relief: i32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            static_cut_depth: STATIC_CUT_DEPTH,
            static_cut_margin: STATIC_CUT_MARGIN,
            fail_high_margin: FAIL_HIGH_MARGIN,
            razor_depth: RAZOR_DEPTH,
            razor_margin: RAZOR_MARGIN,
            singular_depth: SINGULAR_DEPTH,
            singular_margin: SINGULAR_MARGIN,
            late_move_base: 200,
            late_move_scale: 30,
            reduction_base: 50,
            reduction_scale: 100,
            threat_move_relief: THREAT_MOVE_RELIEF,
        }
    }
}

/// Depths and move numbers past this share the last entry of the reduction table.
const TABLE_SIDE: usize = 64;

/// [`SearchParams`] with the reduction table the search reads them through.
#[derive(Clone, Debug)]
pub struct Selectivity {
    params: SearchParams,
    /// The reduction before the PV and range adjustments, by depth and move number.
    reductions: Box<[[u8; TABLE_SIDE]; TABLE_SIDE]>,
}

impl Default for Selectivity {
    fn default() -> Self {
        Selectivity::new(SearchParams::default())
    }
}

impl Selectivity {
    /// The tables of `params`.
    pub fn new(params: SearchParams) -> Selectivity {
        let mut reductions = Box::new([[0u8; TABLE_SIDE]; TABLE_SIDE]);
        let (base, scale) =
            (f64::from(params.reduction_base) / 100.0, f64::from(params.reduction_scale) / 100.0);
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (i, cell) in row.iter_mut().enumerate().skip(1) {
                *cell = (base + scale * (d as f64).ln() * (i as f64).ln()).clamp(0.0, 255.0) as u8;
            }
        }
        Selectivity { params, reductions }
    }

    /// The numbers these tables were built from.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// How many of the ordered candidates a non-PV node without threats to answer searches at
    /// `depth`; the rest are quiet moves that the ordering ranks too low to matter so close to
    /// the leaves (moves past the limit that make a threat are still searched). Selective (by
    /// default): 2 + 0.3·depth², so 2, 3, 4, 6, 9, 12, 16 … moves; careful: 6, 10, 14, 18,
    /// then 20.
    #[inline]
    pub fn late_move_limit(&self, pruning: Pruning, depth: i32) -> usize {
        match pruning {
            Pruning::Selective => {
                let d = depth.max(1);
                let n = (self.params.late_move_base + self.params.late_move_scale * d * d) / 100;
                n.max(1) as usize
            }
            Pruning::Careful => (6 + 4 * (depth.max(1) as usize - 1)).min(20),
        }
    }

    /// How many plies less the `i`-th move (from 0) of a node at `depth` is searched with a
    /// null window: by default 0.5 + ln(depth)·ln(i), one less at PV nodes, whose first three
    /// moves keep their depth (a non-PV node's first move only). At least one ply; the reduced
    /// search reaches at least depth 0, the leaf.
    #[inline]
    pub fn reduction(&self, depth: i32, i: usize, is_pv: bool) -> i32 {
        let first_reduced = if is_pv { 3 } else { 1 };
        if depth < 2 || i < first_reduced {
            return 0;
        }
        let row = &self.reductions[(depth as usize).min(TABLE_SIDE - 1)];
        let r = i32::from(row[i.min(TABLE_SIDE - 1)]) - i32::from(is_pv);
        r.clamp(1, depth - 1)
    }

    /// The reduction of a move that makes a threat (an open three or more, or a block of the
    /// opponent's double-threat point): [`THREAT_MOVE_RELIEF`] plies (by default) less than
    /// [`Selectivity::reduction`]'s.
    #[inline]
    pub fn threat_move_reduction(&self, depth: i32, i: usize, is_pv: bool) -> i32 {
        (self.reduction(depth, i, is_pv) - self.params.threat_move_relief).max(0)
    }

    /// The reduction of the `i`-th root move: like a PV node's, counted from the fourth move, so
    /// the first six moves keep the full depth.
    pub fn root_reduction(&self, depth: i32, i: usize) -> i32 {
        self.reduction(depth, i.saturating_sub(ROOT_MOVES_AT_FULL_DEPTH), true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> Selectivity {
        Selectivity::default()
    }

    #[test]
    fn late_move_limits_grow_with_the_depth() {
        let s = defaults();
        let limits = |p: Pruning| (0..=7).map(|d| s.late_move_limit(p, d)).collect::<Vec<_>>();
        assert_eq!(limits(Pruning::Selective), [2, 2, 3, 4, 6, 9, 12, 16]);
        assert_eq!(limits(Pruning::Careful), [6, 6, 10, 14, 18, 20, 20, 20]);
    }

    #[test]
    fn early_moves_and_shallow_nodes_are_not_reduced() {
        let s = defaults();
        assert_eq!(s.reduction(1, 10, false), 0);
        assert_eq!(s.reduction(6, 0, false), 0);
        assert_eq!(s.reduction(6, 2, true), 0);
        assert_eq!(s.root_reduction(8, 5), 0);
    }

    #[test]
    fn threat_moves_are_reduced_less_but_never_extended() {
        let s = defaults();
        assert_eq!(s.threat_move_reduction(10, 20, false), s.reduction(10, 20, false) - 1);
        assert_eq!(s.threat_move_reduction(2, 1, false), 0);
        assert_eq!(s.threat_move_reduction(1, 10, false), 0);
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number_but_keep_a_leaf() {
        let s = defaults();
        assert_eq!(s.reduction(2, 1, false), 1);
        assert!(s.reduction(10, 20, false) > s.reduction(10, 4, false));
        assert!(s.reduction(12, 8, false) > s.reduction(4, 8, false));
        assert!(s.reduction(10, 8, true) < s.reduction(10, 8, false));
        for depth in 2..40 {
            for i in 1..80 {
                let r = s.reduction(depth, i, false);
                assert!((1..depth).contains(&r), "depth {depth} move {i}: {r}");
            }
        }
    }

    #[test]
    fn the_default_tables_are_the_formulas_the_search_was_measured_with() {
        let s = defaults();
        for depth in 0..70 {
            let d = depth.max(1) as usize;
            assert_eq!(s.late_move_limit(Pruning::Selective, depth), (20 + 3 * d * d) / 10);
            for i in 0..80 {
                for is_pv in [false, true] {
                    let first_reduced = if is_pv { 3 } else { 1 };
                    let expected = if depth < 2 || i < first_reduced {
                        0
                    } else {
                        let x = 0.5 + f64::from(depth.min(63)).ln() * (i.min(63) as f64).ln();
                        (x as i32 - i32::from(is_pv)).clamp(1, depth - 1)
                    };
                    assert_eq!(s.reduction(depth, i, is_pv), expected, "{depth} {i} {is_pv}");
                }
            }
        }
    }

    #[test]
    fn other_numbers_change_the_tables_as_their_formulas_say() {
        let params = SearchParams {
            late_move_base: 300,
            late_move_scale: 50,
            reduction_base: 0,
            reduction_scale: 200,
            ..SearchParams::default()
        };
        let s = Selectivity::new(params);
        // (300 + 50·16) / 100 = 11 at depth 4; the careful limit is not tuned.
        assert_eq!(s.late_move_limit(Pruning::Selective, 4), 11);
        assert_eq!(s.late_move_limit(Pruning::Careful, 4), 18);
        // 2·ln 20·ln 20 = 17.9; 2·ln 10·ln 20 = 13.8, capped at depth − 1.
        assert_eq!(s.reduction(20, 20, false), 17);
        assert_eq!(s.reduction(10, 20, false), 9);
        assert_eq!(*s.params(), params);
    }
}
