//! Principal-variation search: iterative deepening negamax with a transposition table,
//! aspiration windows, killer and history ordering, late-move limits and reductions, static cuts
//! and razoring near the leaves, a ply less below nodes far above beta, singular extensions (how
//! much of each: [`super::selectivity`]), forced-reply pruning, double threats won or stopped
//! exactly ([`super::doubles`]) and mate-distance scores.

use super::doubles::{lets_through, must_stop, wins_by_double_threat};
use super::eval::evaluate;
use super::leaf_memo::LeafMemo;
use super::movegen::{generate, generate_unordered, is_tactical, Candidate, History, Situation};
use super::observer::LeafObserver;
use super::position::Position;
use super::quick_vcf::QuickVcf;
use super::score::{is_mate, loss_in, win_in, INFINITY};
use super::selectivity::{
    Pruning, Selectivity, NO_TABLE_MOVE_REDUCTION_DEPTH, SINGULAR_ENTRY_SLACK,
};
use super::shape::{FOUR, OPEN_FOUR, WIN};
use super::tt::{Bound, Table};
use super::vcf::Vcf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 96;

/// How many nodes pass between two looks at the clock, the stop flag and the node limit.
const CHECK_EVERY: u64 = 1024;

/// When to stop searching.
pub struct Control<'a> {
    /// Set from outside to stop at once.
    pub stop: &'a AtomicBool,
    /// Abort the search at this instant.
    pub deadline: Option<Instant>,
    /// Abort after this many nodes.
    pub node_limit: u64,
    /// Told of every leaf evaluated statically, if any.
    pub observer: Option<&'a dyn LeafObserver>,
}

/// One search over one position.
pub struct Searcher<'a> {
    /// The position, played forward and back as the search goes.
    pub pos: Position,
    tt: &'a Table,
    history: &'a mut History,
    control: Control<'a>,
    killers: [[usize; 2]; MAX_PLY],
    pv: Vec<[usize; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    lists: Vec<Vec<Candidate>>,
    /// Nodes visited so far.
    pub nodes: u64,
    /// The short VCF search run at leaves, kept between them for its buffers.
    leaf_vcf: LeafVcf,
    /// The leaf VCF searches' results, by position.
    leaf_memo: LeafMemo,
    aborted: bool,
    pruning: Pruning,
    /// The selective search's numbers.
    selectivity: &'a Selectivity,
    /// The best root move of the running iteration once it beat the first move's score.
    improved: Option<(usize, i32)>,
    /// Searches aside (multi-PV's extra lines) read the table but do not write it.
    table_frozen: bool,
    /// The node count at which the limits are checked next.
    next_check: u64,
    /// Per ply, the move a singular test leaves out (0: none).
    excluded: [usize; MAX_PLY],
    /// Per ply, the move found singular, searched one ply deeper (0: none).
    extended: [usize; MAX_PLY],
    /// Per ply, whether the node's static value beats beta by the fail-high margin a ply: its
    /// moves but fours are searched a ply shallower.
    likely_fail_high: [bool; MAX_PLY],
}

impl<'a> Searcher<'a> {
    /// A searcher over `pos` using the shared table and history.
    pub fn new(
        pos: Position,
        tt: &'a Table,
        history: &'a mut History,
        control: Control<'a>,
        pruning: Pruning,
        selectivity: &'a Selectivity,
    ) -> Self {
        let leaf_vcf = LeafVcf {
            quick: QuickVcf::default(),
            full: pos.rule().has_forbidden_points().then(|| Vcf::new(0, None, None)),
        };
        Searcher {
            pruning,
            selectivity,
            pos,
            tt,
            history,
            control,
            killers: [[0; 2]; MAX_PLY],
            pv: vec![[0; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            lists: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            nodes: 0,
            leaf_vcf,
            leaf_memo: LeafMemo::default(),
            aborted: false,
            improved: None,
            table_frozen: false,
            next_check: CHECK_EVERY,
            excluded: [0; MAX_PLY],
            extended: [0; MAX_PLY],
            likely_fail_high: [false; MAX_PLY],
        }
    }

    /// Whether the search was stopped (by the flag, the clock or the node limit).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// A root move that, in an iteration cut short, was fully searched and beat the move searched
    /// first (the previous best): it is better at that depth and can be played.
    pub fn improved_root_move(&self) -> Option<(usize, i32)> {
        self.improved
    }

    /// The principal variation found by the last call at the root.
    pub fn root_pv(&self) -> Vec<usize> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    fn check_limits(&mut self) {
        if self.control.stop.load(Ordering::Relaxed)
            || self.nodes >= self.control.node_limit
            || self.control.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
    }

    /// Searches the root moves `moves` (in order) to `depth` within the window.
    /// Returns the best score and its move; `scores` receives each move's result.
    pub fn search_root(
        &mut self,
        moves: &[usize],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        scores: &mut Vec<i32>,
    ) -> (i32, usize) {
        scores.clear();
        self.pv_len[0] = 0;
        self.improved = None;
        let mut best = (-INFINITY, moves[0]);
        for (i, &m) in moves.iter().enumerate() {
            if self.pos.shape(self.pos.to_move(), m).threat == WIN {
                // An immediate five: nothing can be better, and the game ends with it.
                scores.push(win_in(1));
                best = (win_in(1), m);
                self.pv[0][0] = m;
                self.pv_len[0] = 1;
                break;
            }
            let tactical = is_tactical(&self.pos, m);
            self.pos.play(m);
            let score = if i == 0 {
                -self.negamax(depth - 1, -beta, -alpha, 1, true)
            } else {
                let selective = self.pruning == Pruning::Selective;
                let r = if selective && !tactical {
                    self.selectivity.root_reduction(depth, i)
                } else {
                    0
                };
                let mut s = -self.negamax(depth - 1 - r, -alpha - 1, -alpha, 1, false);
                if s > alpha && r > 0 {
                    s = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, false);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(depth - 1, -beta, -alpha, 1, true);
                }
                s
            };
            self.pos.undo();
            if self.aborted {
                break;
            }
            scores.push(score);
            if score > best.0 {
                best = (score, m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(0, m);
                    if i > 0 {
                        self.improved = Some((m, score));
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Searches `moves` at `depth` with a full window without changing what the main search
    /// will see: the table is only read, and the history and killers are put back. Returns the
    /// best score and its line, or `None` when stopped or nothing was searched.
    pub fn search_aside(&mut self, moves: &[usize], depth: i32) -> Option<(i32, Vec<usize>)> {
        let history = self.history.clone();
        let killers = self.killers;
        let improved = self.improved;
        self.table_frozen = true;
        let mut scores = Vec::new();
        let (score, best) = self.search_root(moves, depth, -INFINITY, INFINITY, &mut scores);
        let mut line = self.root_pv();
        self.table_frozen = false;
        *self.history = history;
        self.killers = killers;
        self.improved = improved;
        if self.aborted || scores.is_empty() {
            return None;
        }
        if line.first() != Some(&best) {
            line = vec![best];
        }
        Some((score, line))
    }

    /// Scores every root move with a full window at `depth` (for levels that choose among
    /// near-best moves). Returns (move, score) best first; empty if stopped.
    pub fn score_each_root_move(&mut self, depth: i32) -> Vec<(usize, i32)> {
        let mut list = Vec::new();
        generate(&mut self.pos, &mut list);
        let mut scored = Vec::with_capacity(list.len());
        let was_aborted = self.aborted;
        self.aborted = false;
        for c in list {
            if self.pos.shape(self.pos.to_move(), c.index).threat == WIN {
                scored.push((c.index, win_in(1)));
                continue;
            }
            self.pos.play(c.index);
            let s = -self.negamax(depth - 1, -INFINITY, INFINITY, 1, true);
            self.pos.undo();
            if self.aborted {
                break;
            }
            scored.push((c.index, s));
        }
        self.aborted = was_aborted || self.aborted;
        scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        scored
    }

    fn update_pv(&mut self, ply: usize, m: usize) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// Negamax with alpha-beta. `ply` counts from the root.
    fn negamax(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        is_pv: bool,
    ) -> i32 {
        self.nodes += 1;
        // A threshold, not `nodes % 1024 == 0`: leaf VCF searches add their nodes in one step
        // and could jump over every multiple of 1 024.
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            self.check_limits();
        }
        if self.aborted {
            return 0;
        }
        self.pv_len[ply] = ply;
        let me = self.pos.to_move();
        let opp = !me;
        if self.pos.threat_count(me, WIN) > 0 {
            return win_in(ply + 1);
        }
        let opp_fives = self.pos.threat_count(opp, WIN);
        if opp_fives >= 2 {
            return loss_in(ply + 2);
        }
        if ply >= MAX_PLY - 2 {
            return evaluate(&self.pos);
        }
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        if opp_fives == 0 && self.has_unstoppable_four(me) {
            return win_in(ply + 3);
        }
        let selective = self.pruning == Pruning::Selective;
        if selective && opp_fives == 0 && wins_by_double_threat(&self.pos) {
            return win_in(ply + 5);
        }
        if depth <= 0
            && opp_fives == 0
            && (selective || !self.pos.has_threat_at_least(opp, OPEN_FOUR))
        {
            // A leaf without a four to block (nor, searching carefully, an open three): its
            // static value (which weighs open threes) unless a short VCF wins. The table is not
            // probed: a leaf's entry is rarely there and a probe costs a cache miss.
            return self.leaf_value(me, ply, None);
        }
        let key = self.pos.hash();
        let mut tt_move = 0;
        let mut singular_test = None;
        if let Some(e) = self.tt.probe(key, ply) {
            tt_move = usize::from(e.best);
            let s = i32::from(e.score);
            if selective
                && depth >= self.selectivity.params().singular_depth
                && tt_move != 0
                && i32::from(e.depth) >= depth - SINGULAR_ENTRY_SLACK
                && e.bound != Bound::Upper
                && !is_mate(s)
                && opp_fives == 0
            {
                singular_test = Some(s);
            }
            if !is_pv && i32::from(e.depth) >= depth {
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }
        self.likely_fail_high[ply] = false;
        if selective
            && !is_pv
            && opp_fives == 0
            && !is_mate(beta)
            && !self.pos.has_threat_at_least(opp, OPEN_FOUR)
        {
            // Nothing to answer: a static value far above beta is trusted, one far below alpha
            // near the leaves is settled as a leaf.
            let value = evaluate(&self.pos);
            let p = self.selectivity.params();
            if depth <= p.static_cut_depth && value - p.static_cut_margin * depth >= beta {
                return value;
            }
            if depth <= p.razor_depth && value + p.razor_margin * depth <= alpha {
                return self.leaf_value(me, ply, Some(value));
            }
            self.likely_fail_high[ply] = depth >= 2 && value - p.fail_high_margin * depth >= beta;
        }
        if selective && tt_move == 0 && depth >= NO_TABLE_MOVE_REDUCTION_DEPTH {
            depth -= 1;
        }
        // A leaf with a threat to answer is searched one ply further.
        depth = depth.max(1);
        self.extended[ply] = 0;
        if let Some(entry_score) = singular_test {
            let singular_beta = entry_score - self.selectivity.params().singular_margin * depth;
            match self.singular(depth, singular_beta, ply, tt_move, key) {
                None => return 0,
                Some(true) => self.extended[ply] = tt_move,
                // Other moves also beat beta: the node fails high whichever is searched.
                Some(false) if singular_beta >= beta => return singular_beta,
                Some(false) => {}
            }
        }
        self.search_moves(depth, alpha, beta, ply, is_pv, tt_move, key)
    }

    /// Whether the table move is singular: every other move, searched to half the depth with a
    /// null window, stays below `singular_beta`. `None` if the search was stopped.
    fn singular(
        &mut self,
        depth: i32,
        singular_beta: i32,
        ply: usize,
        tt_move: usize,
        key: u64,
    ) -> Option<bool> {
        self.excluded[ply] = tt_move;
        let v = self.search_moves(depth / 2, singular_beta - 1, singular_beta, ply, false, 0, key);
        self.excluded[ply] = 0;
        (!self.aborted).then_some(v < singular_beta)
    }

    /// A leaf's value: a win if a short VCF wins, else the static value (`known` if computed).
    fn leaf_value(&mut self, me: crate::color::Color, ply: usize, known: Option<i32>) -> i32 {
        if self.leaf_vcf(me) {
            return win_in(ply + 5);
        }
        if let Some(observer) = self.control.observer {
            observer.leaf(self.pos.board(), self.pos.to_move());
        }
        known.unwrap_or_else(|| evaluate(&self.pos))
    }

    /// A short VCF for the side to move at a leaf (it has at least two four points to work with,
    /// or one for white in renju, whose four may leave black only a forbidden block).
    fn leaf_vcf(&mut self, me: crate::color::Color) -> bool {
        let fours = (FOUR..=OPEN_FOUR).map(|t| self.pos.threat_count(me, t)).sum::<u16>();
        let least = if self.pos.may_be_forbidden(!me) { 1 } else { 2 };
        if fours < least {
            return false;
        }
        let key = self.pos.hash();
        if let Some((won, nodes)) = self.leaf_memo.get(key) {
            self.nodes += nodes;
            return won;
        }
        let budget = self.pruning.leaf_vcf_nodes();
        let LeafVcf { quick, full } = &mut self.leaf_vcf;
        let (mut found, mut nodes) = (quick.wins(&mut self.pos, 5, budget), quick.budget.nodes);
        if let Some(full) = full.as_mut().filter(|_| found) {
            if !QuickVcf::wins_are_wins(self.pos.rule(), me) {
                // Black in renju: the quick search finds its every win, the full one tells
                // which are wins.
                full.restart(budget);
                found = full.find(&mut self.pos, 5).is_some();
                nodes += full.budget.nodes;
            }
        }
        self.nodes += nodes;
        self.leaf_memo.put(key, found, nodes);
        found
    }

    /// An open four (or double four) the opponent cannot delay with a four of their own.
    fn has_unstoppable_four(&mut self, me: crate::color::Color) -> bool {
        if self.pos.threat_count(me, OPEN_FOUR) == 0 || self.pos.has_threat_at_least(!me, FOUR) {
            return false;
        }
        if !self.pos.may_be_forbidden_to_move() {
            return true;
        }
        let mut points = Vec::new();
        self.pos.points_with_threat(me, OPEN_FOUR, &mut points);
        points
            .into_iter()
            .any(|q| self.pos.shape(me, q).threat == OPEN_FOUR && self.pos.is_legal(q))
    }

    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        is_pv: bool,
        tt_move: usize,
        key: u64,
    ) -> i32 {
        let mut list = std::mem::take(&mut self.lists[ply]);
        let situation = generate_unordered(&mut self.pos, &mut list);
        let excluded = self.excluded[ply];
        if excluded != 0 {
            list.retain(|c| c.index != excluded);
        }
        let extended = std::mem::take(&mut self.extended[ply]);
        if list.is_empty() {
            self.lists[ply] = list;
            return match situation {
                // Every block is forbidden (renju): the opponent makes five next.
                Situation::BlockFour => loss_in(ply + 2),
                // Every defence is forbidden: the open four comes, then the five.
                Situation::DefendThree => loss_in(ply + 4),
                Situation::Win | Situation::Free => 0,
            };
        }
        let me = self.pos.to_move().index();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = 0;
        let limit = match (situation, is_pv) {
            (Situation::Free, true) => 28,
            (Situation::Free, false) => self.selectivity.late_move_limit(self.pruning, depth),
            _ => list.len(),
        };
        // Facing a double threat, the moves that let it through are skipped once played (and
        // do not count against the limit), so the whole list is ordered.
        let guard = self.pruning == Pruning::Selective
            && situation == Situation::Free
            && must_stop(&self.pos);
        let ordered = if guard { list.len() } else { limit };
        self.order(&mut list, ply, tt_move, ordered);
        let mut skipped = 0;
        for (i, c) in list.iter().enumerate() {
            let i = i - skipped;
            let tactical = is_tactical(&self.pos, c.index);
            // Past the limit only moves that make a threat are searched (their order is no
            // measure of them: a three ranks below killers and the history's favourites).
            if i >= limit && !tactical {
                continue;
            }
            // A four is never reduced: its reply is forced, so its line costs little.
            let four = self.pos.shape(self.pos.to_move(), c.index).threat >= FOUR;
            let child_depth = depth - 1 + i32::from(extended != 0 && c.index == extended)
                - i32::from(self.likely_fail_high[ply] && !four);
            self.pos.play(c.index);
            if guard && lets_through(&self.pos) {
                self.pos.undo();
                skipped += 1;
                continue;
            }
            let score = if i == 0 {
                -self.negamax(child_depth, -beta, -alpha, ply + 1, is_pv)
            } else {
                let reduced = !four && self.pruning == Pruning::Selective;
                let r = match (reduced, tactical) {
                    (false, _) => 0,
                    (true, true) => self.selectivity.threat_move_reduction(depth, i, is_pv),
                    (true, false) => self.selectivity.reduction(depth, i, is_pv),
                };
                let mut s = -self.negamax(child_depth - r, -alpha - 1, -alpha, ply + 1, false);
                if s > alpha && r > 0 {
                    s = -self.negamax(child_depth, -alpha - 1, -alpha, ply + 1, false);
                }
                if is_pv && s > alpha && s < beta {
                    s = -self.negamax(child_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.pos.undo();
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                best_move = c.index;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, c.index);
                    if score >= beta {
                        if !tactical {
                            self.remember_cutoff(me, ply, c.index, depth);
                        }
                        if situation == Situation::Free && excluded == 0 {
                            self.tell_cutoff(c.index, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if guard && best == -INFINITY {
            // Every move let the opponent's double threat through: it plays it, one threat is
            // answered, the other becomes an open four, then five.
            best = loss_in(ply + 6);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A singular test's result leaves a move out: it is not the node's value.
        if !self.table_frozen && excluded == 0 {
            self.tt.store(key, ply, best_move, best, depth, bound);
        }
        best
    }

    /// Puts the best `limit` candidates first, best first (the rest stay unordered behind them).
    fn order(&self, list: &mut [Candidate], ply: usize, tt_move: usize, limit: usize) {
        let me = self.pos.to_move().index();
        for c in list.iter_mut() {
            if c.index == tt_move {
                c.order = i32::MAX;
            } else if c.order < 20_000 {
                if self.killers[ply][0] == c.index {
                    c.order += 15_000;
                } else if self.killers[ply][1] == c.index {
                    c.order += 12_000;
                }
                c.order += self.history.get(me, c.index).min(8_000);
            }
        }
        let better =
            |a: &Candidate, b: &Candidate| b.order.cmp(&a.order).then(a.index.cmp(&b.index));
        if limit < list.len() {
            list.select_nth_unstable_by(limit, better);
        }
        let n = limit.min(list.len());
        list[..n].sort_unstable_by(better);
    }

    /// Tells the observer, if any, of a free node's cut-off move.
    fn tell_cutoff(&self, index: usize, depth: i32) {
        if let Some(observer) = self.control.observer {
            if !self.table_frozen {
                observer.cutoff(&self.pos, index, depth);
            }
        }
    }

    fn remember_cutoff(&mut self, me: usize, ply: usize, index: usize, depth: i32) {
        if self.killers[ply][0] != index {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = index;
        }
        self.history.reward(me, index, depth);
    }
}

/// The leaves' VCF searches: on the line masks alone, and where its wins need checking
/// ([`QuickVcf::wins_are_wins`]: black's in renju) the full one after it (kept only under a
/// rule with forbidden points).
struct LeafVcf {
    quick: QuickVcf,
    full: Option<Vcf<'static>>,
}

/// Whether `score` from an iteration already proves the result within `depth`.
pub fn mate_within(score: i32, depth: i32) -> bool {
    is_mate(score) && (super::score::MATE - score.abs()) <= depth
}
