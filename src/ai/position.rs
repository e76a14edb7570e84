//! The search's position: the board plus line-pattern keys, patterns, point shapes and evaluation
//! sums, all kept up to date incrementally as stones are placed, and restored from a journal when
//! they are taken back.
//!
//! A stone changes the line windows of the (at most 40) points within five steps along its four
//! lines; for each of those points only the pattern of that one direction changes, so a move costs
//! 40 small-table lookups per colour. Taking it back clears four bits and replays the journal.

use super::evaluation::{Evaluation, RuleEvaluation};
use super::lines::{cell_at_bit, Lines, Window};
use super::net::{pair_class, pair_of, NetTable, PairClass, Row, HIDDEN, NO_COMBO};
use super::pattern::Pattern;
use super::policy::Policy;
use super::shape::{self, Shape, Threat, FOUR, THREAT_COUNT};
use super::weights::{self, quad_index, PointTable, THREATS};
use super::window::{self as windows, PairTable};
use crate::board::{index_of, Board, CELLS, PAD, STRIDE};
use crate::color::Color;
use crate::renju;
use crate::rule::Rule;
use std::sync::Arc;

/// The ten neighbours of a point on a line, as bits of an eleven-cell window (bit 5 the point).
const NEIGHBOURHOOD: u32 = 0b111_1101_1111;

/// Words of a bit set over all cells.
const WORDS: usize = CELLS / 64;

/// A set of cells, one bit each, iterated in reading order.
#[derive(Clone)]
struct CellSet {
    words: [u64; WORDS],
    /// Bit `w` is set when word `w` is not empty (iteration skips the empty ones).
    occupied: u32,
}

const _: () = assert!(WORDS <= 32, "the occupied words must fit a u32");

impl CellSet {
    const EMPTY: CellSet = CellSet { words: [0; WORDS], occupied: 0 };

    #[inline]
    fn flip(&mut self, q: usize) {
        let w = q % CELLS / 64;
        self.words[w] ^= 1u64 << (q % 64);
        self.occupied = self.occupied & !(1 << w) | u32::from(self.words[w] != 0) << w;
    }

    #[inline]
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let (mut occupied, mut w, mut bits) = (self.occupied, 0, 0u64);
        std::iter::from_fn(move || {
            while bits == 0 {
                if occupied == 0 {
                    return None;
                }
                w = occupied.trailing_zeros() as usize;
                occupied &= occupied - 1;
                bits = self.words[w % WORDS];
            }
            let q = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(q)
        })
    }
}

/// The smallest rectangle holding every stone (inclusive, in board coordinates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Area {
    x0: u8,
    y0: u8,
    x1: u8,
    y1: u8,
}

/// Everything kept about one point, for both colours, in 24 bytes: a move touches about forty
/// points.
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Point {
    /// Line patterns per colour and direction (empty points only).
    patterns: [[Pattern; 4]; 2],
    /// Shapes per colour (empty points only).
    shapes: [Shape; 2],
    /// The evaluation's values of the point per colour, `[to move, waiting]` (empty points that
    /// colour may play only).
    learned: [[i16; 2]; 2],
    /// The pattern combination number per colour for the network ([`NO_COMBO`] where the
    /// colour has no value).
    combo: [u16; 2],
}

/// An empty point before its patterns are known.
const BLANK: Point = Point {
    patterns: [[0; 4]; 2],
    shapes: [Shape { threat: 0, value: 0, maybe_forbidden: false }; 2],
    learned: [[0; 2]; 2],
    combo: [NO_COMBO; 2],
};

/// The state one point had before a move changed it.
#[derive(Clone, Copy)]
struct Saved {
    q: u32,
    point: Point,
}

/// What `undo` restores besides the journaled points.
#[derive(Clone)]
struct Mark {
    journal_len: usize,
    flips_len: usize,
    learned_sum: [[i32; 2]; 2],
    hidden: [[Row; 2]; 2],
    pair_sums: [Row; 2],
    threat_count: [[u16; THREAT_COUNT]; 2],
    area: Option<Area>,
}

/// A position being searched.
#[derive(Clone)]
pub struct Position {
    board: Board,
    rule: Rule,
    to_move: Color,
    tables: [&'static PairTable; 2],
    /// The evaluation's weights per colour.
    weights: [Arc<PointTable>; 2],
    /// The learned candidate order of the rule, if it has one.
    policy: Option<Arc<Policy>>,
    lines: Lines,
    /// Read and written through [`Position::cell`] and [`Position::cell_mut`] in the hot paths
    /// (undo, which borrows the journal meanwhile, masks its index the same way).
    cells: Box<[Point; CELLS]>,
    /// Sums of the points' evaluation values per colour, `[to move, waiting]`.
    learned_sum: [[i32; 2]; 2],
    /// The network, if the rule has one.
    net: Option<Arc<NetTable>>,
    /// Sums of the points' network rows per colour, `[to move, waiting]`.
    hidden: [[Row; 2]; 2],
    /// Sums of the empty points' pair rows (the network's, by both colours' threat classes) with
    /// each colour as the side to move; kept only when the network has pair rows.
    pair_sums: [Row; 2],
    /// Whether the network has pair rows (read on every shape change: kept apart from it).
    has_pair_rows: bool,
    threat_count: [[u16; THREAT_COUNT]; 2],
    /// The empty points where each colour has a four or more (kept with the shapes).
    fours: [CellSet; 2],
    /// The cells that entered or left a four set, as `colour << 15 | cell`, since the position
    /// was made (undo flips them back).
    four_flips: Vec<u16>,
    area: Option<Area>,
    history: Vec<usize>,
    journal: Vec<Saved>,
    marks: Vec<Mark>,
    points: Vec<usize>,
}

impl Position {
    /// The position of `board` with `to_move` to play under `rule`.
    pub fn new(board: &Board, rule: Rule, to_move: Color) -> Position {
        Position::with_evaluation(board, rule, to_move, Evaluation::embedded().rule(rule))
    }

    /// Like [`Position::new`], evaluated with `evaluation` (the parameters of `rule`) instead of
    /// the embedded ones.
    pub fn with_evaluation(
        board: &Board,
        rule: Rule,
        to_move: Color,
        evaluation: &RuleEvaluation,
    ) -> Position {
        let empty = Board::new(u32::from(board.size())).unwrap_or_else(|_| unreachable!());
        let points: Vec<usize> = empty.points().map(index_of).collect();
        let tables = Color::ALL.map(|c| windows::pair_table(rule.overline_wins(c)));
        let mut position = Position {
            board: empty,
            rule,
            to_move: Color::Black,
            tables,
            weights: evaluation.points.clone(),
            policy: evaluation.policy.clone(),
            lines: Lines::new(board),
            cells: Box::new([BLANK; CELLS]),
            learned_sum: [[0; 2]; 2],
            net: evaluation.network.clone(),
            hidden: [[[0; HIDDEN]; 2]; 2],
            pair_sums: [[0; HIDDEN]; 2],
            has_pair_rows: evaluation.network.as_deref().is_some_and(NetTable::has_pairs),
            threat_count: [[0; THREAT_COUNT]; 2],
            fours: [CellSet::EMPTY, CellSet::EMPTY],
            four_flips: Vec::with_capacity(256),
            area: None,
            history: Vec::new(),
            journal: Vec::with_capacity(4096),
            marks: Vec::with_capacity(256),
            points,
        };
        position.init_empty_board();
        for p in board.points() {
            if let Some(color) = board.stone(p) {
                position.put(index_of(p), color);
            }
        }
        position.history.clear();
        position.journal.clear();
        position.marks.clear();
        position.four_flips.clear();
        position.to_move = to_move;
        position
    }

    fn init_empty_board(&mut self) {
        for i in 0..self.points.len() {
            let q = self.points[i];
            for dir in 0..4 {
                let (line, bit) = self.lines.line(q, dir);
                let [black, white] = self.patterns_at(line.around(bit));
                self.cells[q].patterns[0][dir] = black;
                self.cells[q].patterns[1][dir] = white;
            }
            self.refresh_shapes(q);
        }
    }

    /// The stones by line, both colours' pattern tables and the board, for a search that plays
    /// stones on the lines alone (the leaves' quick VCF; it may mirror them on the board to
    /// check black's forbidden points): it must take back every stone it places there before
    /// the position is used again.
    pub(super) fn lines_and_tables(&mut self) -> (&mut Lines, [&'static PairTable; 2], &mut Board) {
        (&mut self.lines, self.tables, &mut self.board)
    }

    /// Both colours' patterns of the point in the middle of `window`.
    #[inline]
    fn patterns_at(&self, window: Window) -> [Pattern; 2] {
        windows::patterns(self.tables, window.black, window.white)
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rule.
    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The Zobrist hash of the stones and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        match self.to_move {
            Color::Black => self.board.hash(),
            Color::White => !self.board.hash(),
        }
    }

    /// Number of stones played since this position was made.
    #[inline]
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The direction-ordered quadruple index of `index`'s patterns for `color`.
    #[inline]
    pub fn quad(&self, color: Color, index: usize) -> usize {
        weights::quad_index(self.cells[index].patterns[color.index()])
    }

    /// The last move and the one before it, if played since the position was made.
    #[inline]
    pub fn last_two(&self) -> (Option<usize>, Option<usize>) {
        let n = self.history.len();
        (n.checked_sub(1).map(|i| self.history[i]), n.checked_sub(2).map(|i| self.history[i]))
    }

    /// Every point of the board as raw indices.
    #[inline]
    pub fn points(&self) -> &[usize] {
        &self.points
    }

    /// The shape of the empty point `index` for `color`.
    #[inline]
    pub fn shape(&self, color: Color, index: usize) -> Shape {
        self.cells[index].shapes[color.index()]
    }

    /// The line pattern of the empty point `index` for `color` in direction `dir`.
    #[inline]
    pub fn pattern(&self, color: Color, index: usize, dir: usize) -> Pattern {
        self.cells[index].patterns[color.index()][dir]
    }

    /// How many empty points have threat class `threat` for `color`.
    #[inline]
    pub fn threat_count(&self, color: Color, threat: Threat) -> u16 {
        self.threat_count[color.index()][usize::from(threat)]
    }

    /// Whether `color` has any point of class `threat` or above.
    #[inline]
    pub fn has_threat_at_least(&self, color: Color, threat: Threat) -> bool {
        self.threat_count[color.index()][usize::from(threat)..].iter().any(|&n| n > 0)
    }

    /// Calls `f` with every empty point that has a stone within two steps (in the 5×5 square
    /// around it), in reading order; with none on an empty board.
    #[inline]
    pub fn for_each_empty_near_stones(&self, mut f: impl FnMut(usize)) {
        if self.area.is_none() {
            return;
        }
        let (_, y0, _, y1) = self.scan_area(2);
        for y in y0 + PAD..=y1 + PAD {
            let mut columns = self.lines.empty_near_stones(y);
            while columns != 0 {
                f(y * STRIDE + columns.trailing_zeros() as usize);
                columns &= columns - 1;
            }
        }
    }

    /// The empty points where `color` has class `threat` or above, in reading order. Only the
    /// four classes are tracked: `threat` must be [`FOUR`] or above.
    pub fn points_with_threat(&self, color: Color, threat: Threat, out: &mut Vec<usize>) {
        out.clear();
        self.append_points_with_threat(color, threat, out);
    }

    /// Like [`Position::points_with_threat`], but adds the points to the end of `out`.
    pub fn append_points_with_threat(&self, color: Color, threat: Threat, out: &mut Vec<usize>) {
        out.extend(self.four_points(color, threat));
    }

    /// The first empty point (reading order) where `color` has class `threat` or above
    /// (`threat` [`FOUR`] or above, as for [`Position::points_with_threat`]).
    pub fn first_with_threat(&self, color: Color, threat: Threat) -> Option<usize> {
        self.four_points(color, threat).next()
    }

    /// The points of `color`'s four set whose class is `threat` or above.
    fn four_points(&self, color: Color, threat: Threat) -> impl Iterator<Item = usize> + '_ {
        debug_assert!(threat >= FOUR, "only points with a four or more are tracked");
        let c = color.index();
        self.fours[c].iter().filter(move |&q| self.cells[q].shapes[c].threat >= threat)
    }

    /// The stones' bounding box grown by `margin` and clipped to the board: (x0, y0, x1, y1).
    fn scan_area(&self, margin: usize) -> (usize, usize, usize, usize) {
        let last = usize::from(self.board.size()) - 1;
        let Some(area) = self.area else { return (0, 0, last, last) };
        let [x0, y0, x1, y1] = [area.x0, area.y0, area.x1, area.y1].map(usize::from);
        let (x0, y0) = (x0.saturating_sub(margin), y0.saturating_sub(margin));
        (x0, y0, (x1 + margin).min(last), (y1 + margin).min(last))
    }

    /// Whether the point `index` has stones within two steps (in the 5×5 square around it).
    #[inline]
    pub fn is_near_stones(&self, index: usize) -> bool {
        self.lines.near_stones(index / STRIDE) & 1 << (index % STRIDE) != 0
    }

    /// Sum of the evaluation values of all empty points `color` may play, as the side to move
    /// (`waiting` false) or as the side waiting.
    #[inline]
    pub fn learned_sum(&self, color: Color, waiting: bool) -> i32 {
        self.learned_sum[color.index()][usize::from(waiting)]
    }

    /// The network's value for `color` to move, if the rule has a network.
    #[inline]
    pub fn net_value(&self, color: Color, threats: &[bool; THREATS]) -> Option<i32> {
        let net = self.net.as_deref()?;
        Some(net.value(&self.net_inputs(net, color, threats)))
    }

    /// The network's hidden units' inputs (bias and rows, before clipping, in 1/[`ONE`]) for
    /// `color` to move with the threat terms `threats`, if the rule has a network: what
    /// [`Position::net_value`] weighs, to compare unit by unit with a fit.
    ///
    /// [`ONE`]: super::net::ONE
    pub fn net_hidden_inputs(&self, color: Color, threats: &[bool; THREATS]) -> Option<Row> {
        let net = self.net.as_deref()?;
        Some(self.net_inputs(net, color, threats))
    }

    #[inline]
    fn net_inputs(&self, net: &NetTable, color: Color, threats: &[bool; THREATS]) -> Row {
        let (mine, theirs) = (&self.hidden[color.index()][0], &self.hidden[(!color).index()][1]);
        let mut sums = net.bias;
        add_difference(&mut sums, mine, theirs);
        if net.has_pairs() {
            add_row(&mut sums, &self.pair_sums[color.index()]);
        }
        for (row, _) in net.rows_of(color).threats.iter().zip(threats).filter(|(_, &t)| t) {
            add_row(&mut sums, row);
        }
        sums
    }

    /// The learned candidate order of this position's rule, if it has one.
    #[inline]
    pub fn policy(&self) -> Option<&Policy> {
        self.policy.as_deref()
    }

    /// The evaluation's threat terms for `color` (see [`weights::THREAT_NAMES`]).
    #[inline]
    pub fn threat_weights(&self, color: Color) -> &[i32; THREATS] {
        &self.weights[color.index()].threats
    }

    /// Whether some points may be forbidden to the side to move (black in renju).
    #[inline]
    pub fn may_be_forbidden_to_move(&self) -> bool {
        self.may_be_forbidden(self.to_move)
    }

    /// Whether some points may be forbidden to `color` (black in renju).
    #[inline]
    pub fn may_be_forbidden(&self, color: Color) -> bool {
        color == Color::Black && self.rule.has_forbidden_points()
    }

    /// Whether the side to move may play on the empty point `index` (black's forbidden points in
    /// renju are checked exactly whenever the patterns make them possible).
    pub fn is_legal(&mut self, index: usize) -> bool {
        if !self.board.is_empty_at(index) {
            return false;
        }
        if self.to_move == Color::Black
            && self.rule.has_forbidden_points()
            && self.cells[index].shapes[0].maybe_forbidden
        {
            return renju::forbidden_at(&mut self.board, index).is_none();
        }
        true
    }

    /// Plays a stone for the side to move.
    pub fn play(&mut self, index: usize) {
        self.put(index, self.to_move);
        self.to_move = !self.to_move;
    }

    /// Takes back the last stone played.
    pub fn undo(&mut self) {
        let (Some(index), Some(mark)) = (self.history.pop(), self.marks.pop()) else { return };
        let color = !self.to_move;
        self.board.remove_at(index);
        self.to_move = color;
        self.lines.remove(index, color);
        for saved in self.journal.drain(mark.journal_len..).rev() {
            self.cells[saved.q as usize % CELLS] = saved.point;
        }
        for flip in self.four_flips.drain(mark.flips_len..) {
            self.fours[usize::from(flip >> 15)].flip(usize::from(flip & 0x7fff));
        }
        self.learned_sum = mark.learned_sum;
        self.hidden = mark.hidden;
        self.pair_sums = mark.pair_sums;
        self.threat_count = mark.threat_count;
        self.area = mark.area;
    }

    fn put(&mut self, index: usize, color: Color) {
        self.marks.push(Mark {
            journal_len: self.journal.len(),
            flips_len: self.four_flips.len(),
            learned_sum: self.learned_sum,
            hidden: self.hidden,
            pair_sums: self.pair_sums,
            threat_count: self.threat_count,
            area: self.area,
        });
        self.board.place_at(index, color);
        self.history.push(index);
        self.grow_area(index);
        self.save(index);
        self.set_shape(index, 0, Shape::default(), ([0; 2], NO_COMBO));
        self.set_shape(index, 1, Shape::default(), ([0; 2], NO_COMBO));
        self.lines.place(index, color);
        self.update_lines(index);
    }

    fn grow_area(&mut self, index: usize) {
        let (x, y) = ((index % STRIDE - PAD) as u8, (index / STRIDE - PAD) as u8);
        self.area = Some(match self.area {
            None => Area { x0: x, y0: y, x1: x, y1: y },
            Some(a) => Area { x0: a.x0.min(x), y0: a.y0.min(y), x1: a.x1.max(x), y1: a.y1.max(y) },
        });
    }

    /// The point kept for cell `q` (the mask is a no-op for a cell index; with the array's fixed
    /// length it lets the compiler drop the bounds check).
    #[inline]
    fn cell(&self, q: usize) -> &Point {
        &self.cells[q % CELLS]
    }

    /// The point kept for cell `q`, to change (see [`Position::cell`]).
    #[inline]
    fn cell_mut(&mut self, q: usize) -> &mut Point {
        &mut self.cells[q % CELLS]
    }

    fn save(&mut self, q: usize) {
        self.journal.push(Saved { q: q as u32, point: *self.cell(q) });
    }

    /// Recomputes (journaled) the patterns and shapes of the empty points on the four lines
    /// through the stone just placed on `index`.
    fn update_lines(&mut self, index: usize) {
        for dir in 0..4 {
            let (line, bit) = self.lines.line(index, dir);
            // The empty cells within five steps, as bits of the line (walls set both masks).
            let mut empty = !(line.black | line.white) & NEIGHBOURHOOD << (bit - 5);
            while empty != 0 {
                let q_bit = empty.trailing_zeros();
                empty &= empty - 1;
                let q = cell_at_bit(index, dir, bit, q_bit);
                let patterns = self.patterns_at(line.around(q_bit));
                self.update_patterns(q, dir, patterns);
            }
        }
    }

    /// Takes the new patterns of the empty point `q` in direction `dir`; when one changed (or a
    /// renju forbidden status might have), journals the point and recomputes its shapes.
    #[inline]
    fn update_patterns(&mut self, q: usize, dir: usize, [new_black, new_white]: [Pattern; 2]) {
        let point = self.cell(q);
        let [black, white] = point.patterns;
        let black_changed = new_black != black[dir] || point.shapes[0].maybe_forbidden;
        let white_changed = new_white != white[dir];
        if !black_changed && !white_changed {
            return;
        }
        self.save(q);
        // Replaced in registers, written whole and passed on by value: reading a just-written
        // byte back as part of a wider load would stall the processor.
        let black = with_byte(black, dir, new_black);
        let white = with_byte(white, dir, new_white);
        self.cell_mut(q).patterns = [black, white];
        if black_changed {
            self.refresh_shape(q, Color::Black, black);
        }
        if white_changed {
            self.refresh_shape(q, Color::White, white);
        }
    }

    /// Recomputes the shapes of one point for both colours from its patterns, and the sums.
    fn refresh_shapes(&mut self, q: usize) {
        let [black, white] = self.cells[q].patterns;
        self.refresh_shape(q, Color::Black, black);
        self.refresh_shape(q, Color::White, white);
    }

    /// Recomputes the shape of the empty point `q` for `color` from its `patterns`, and that
    /// colour's sums.
    #[inline]
    fn refresh_shape(&mut self, q: usize, color: Color, patterns: [Pattern; 4]) {
        let (new, learned) = self.compute_shape(color, q, patterns);
        self.set_shape(q, color.index(), new, learned);
    }

    /// Gives point `q` the shape `new` and the evaluation values `learned` for colour `c`, and
    /// updates that colour's sums. (The count of `QUIET` points is not meaningful: every point
    /// moves in and out of it, wrapping.)
    #[inline(always)]
    fn set_shape(&mut self, q: usize, c: usize, new: Shape, (learned, combo): ([i16; 2], u16)) {
        let point = self.cell(q);
        let (old, old_learned, old_combo) = (point.shapes[c], point.learned[c], point.combo[c]);
        if let Some(net) = self.net.as_deref() {
            if combo != old_combo {
                let rows = &net.rows_of(Color::ALL[c]).rows;
                let (new_rows, old_rows) =
                    (&rows[usize::from(combo)], &rows[usize::from(old_combo)]);
                for role in 0..2 {
                    add_difference(&mut self.hidden[c][role], &new_rows[role], &old_rows[role]);
                }
            }
        }
        let sums = &mut self.learned_sum[c];
        sums[0] += i32::from(learned[0]) - i32::from(old_learned[0]);
        sums[1] += i32::from(learned[1]) - i32::from(old_learned[1]);
        let point = self.cell_mut(q);
        point.shapes[c] = new;
        point.learned[c] = learned;
        point.combo[c] = combo;
        if self.has_pair_rows {
            let (old_class, new_class) = (pair_class(old), pair_class(new));
            if new_class != old_class {
                let other = pair_class(self.cell(q).shapes[1 - c]);
                self.update_pair_sums(c, old_class, new_class, other);
            }
        }
        if new.threat != old.threat {
            let counts = &mut self.threat_count[c];
            // Classes are below `THREAT_COUNT`: the mask only spares the bounds checks.
            let (old_slot, new_slot) =
                (usize::from(old.threat) % THREAT_COUNT, usize::from(new.threat) % THREAT_COUNT);
            counts[old_slot] = counts[old_slot].wrapping_sub(1);
            counts[new_slot] = counts[new_slot].wrapping_add(1);
            if (new.threat >= FOUR) != (old.threat >= FOUR) {
                self.fours[c].flip(q);
                self.four_flips.push((c as u16) << 15 | q as u16);
            }
        }
    }

    /// Moves a point's pair rows in both colours' pair sums when colour `c`'s pair class there
    /// goes from `old` to `new` while the other colour's is `other` (called only where the
    /// network has pair rows).
    #[inline]
    fn update_pair_sums(&mut self, c: usize, old: PairClass, new: PairClass, other: PairClass) {
        let Some(net) = self.net.as_deref() else { return };
        let own = &net.rows_of(Color::ALL[c]).pairs;
        let (new_row, old_row) = (&own[pair_of(new, other)], &own[pair_of(old, other)]);
        add_difference(&mut self.pair_sums[c], new_row, old_row);
        let theirs = &net.rows_of(Color::ALL[1 - c]).pairs;
        let (new_row, old_row) = (&theirs[pair_of(other, new)], &theirs[pair_of(other, old)]);
        add_difference(&mut self.pair_sums[1 - c], new_row, old_row);
    }

    /// The shape and the evaluation values of the empty point `q` for `color` (nothing where
    /// the point is forbidden to it).
    fn compute_shape(
        &mut self,
        color: Color,
        q: usize,
        patterns: [Pattern; 4],
    ) -> (Shape, ([i16; 2], u16)) {
        let mut s = shape::shape(patterns);
        if s.maybe_forbidden && color == Color::Black && self.rule.has_forbidden_points() {
            if renju::forbidden_at(&mut self.board, q).is_some() {
                let forbidden = Shape { threat: shape::QUIET, value: 0, maybe_forbidden: true };
                return (forbidden, ([0; 2], NO_COMBO));
            }
        } else {
            s.maybe_forbidden = false;
        }
        let quad = self.weights[color.index()].quads[quad_index(patterns)];
        (s, (quad.values, quad.combo))
    }
}

/// Adds `row` to `sums`, unit by unit.
#[inline]
fn add_row(sums: &mut Row, row: &Row) {
    for (sum, r) in sums.iter_mut().zip(row) {
        *sum += r;
    }
}

/// Adds `plus - minus` to `sums`, unit by unit.
#[inline]
fn add_difference(sums: &mut Row, plus: &Row, minus: &Row) {
    for ((sum, p), m) in sums.iter_mut().zip(plus).zip(minus) {
        *sum += p - m;
    }
}

/// `bytes` with byte `i` replaced by `value`, computed without going through memory.
#[inline]
fn with_byte(bytes: [u8; 4], i: usize, value: u8) -> [u8; 4] {
    let shift = 8 * i;
    let word = u32::from_le_bytes(bytes) & !(0xff << shift) | u32::from(value) << shift;
    word.to_le_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::shape::{FOUR, OPEN_FOUR, THREE, WIN};
    use crate::diagram::parse_diagram;

    fn position(text: &str, rule: Rule, to_move: Color) -> Position {
        Position::new(&parse_diagram(text).unwrap().board, rule, to_move)
    }

    const OPEN_THREE: &str = "\
        . . . . . . . . .\n\
        . . . . . . . . .\n\
        . . . . . . . . .\n\
        . . . . . . . . .\n\
        . . X X X . . . .\n\
        . . . . . . . . .\n\
        . . . . . . . . .\n\
        . . . . . . . . .\n\
        . . . . . . . . .\n";

    #[test]
    fn an_open_three_gives_two_open_four_points() {
        let p = position(OPEN_THREE, Rule::Freestyle, Color::Black);
        assert_eq!(p.threat_count(Color::Black, OPEN_FOUR), 2);
        assert_eq!(p.threat_count(Color::Black, FOUR), 2, "the far points make broken fours");
        assert_eq!(p.threat_count(Color::White, WIN), 0);
        assert!(p.threat_count(Color::White, THREE) == 0);
    }

    fn assert_same(a: &Position, b: &Position) {
        assert_eq!(a.learned_sum, b.learned_sum);
        assert_eq!(a.threat_count, b.threat_count);
        assert!(a.lines == b.lines, "line masks differ");
        for c in 0..2 {
            assert_eq!(
                a.fours[c].iter().collect::<Vec<_>>(),
                b.fours[c].iter().collect::<Vec<_>>()
            );
        }
        for &q in a.points() {
            if a.board.is_empty_at(q) {
                assert_eq!(a.cells[q].patterns, b.cells[q].patterns);
                for c in 0..2 {
                    assert_eq!(a.cells[q].shapes[c].threat, b.cells[q].shapes[c].threat);
                    assert_eq!(a.cells[q].shapes[c].value, b.cells[q].shapes[c].value);
                }
            }
        }
    }

    #[test]
    fn incremental_state_equals_a_fresh_one_after_play_and_undo() {
        for rule in Rule::ALL {
            let mut p = position(OPEN_THREE, rule, Color::White);
            let mut seed = 12345u64;
            let mut played = 0;
            while played < 40 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let q = p.points()[(seed >> 33) as usize % p.points().len()];
                if !p.board.is_empty_at(q) {
                    continue;
                }
                p.play(q);
                played += 1;
                assert_same(&p, &Position::new(p.board(), rule, p.to_move()));
            }
            for _ in 0..40 {
                p.undo();
                assert_same(&p, &Position::new(p.board(), rule, p.to_move()));
            }
            assert_same(&p, &position(OPEN_THREE, rule, Color::White));
        }
    }

    /// Half-filled 5×5 and 22×22 boards, up to their walls. Not renju: there black's exact
    /// forbidden status of a point can hang on stones beyond its own lines (a three is real only
    /// if its four point is not forbidden, and so on), while a move re-checks only the points on
    /// its own four lines; on such dense random boards black's values then drift from a fresh
    /// count (legality never does: `is_legal` checks exactly). The 9×9 test above covers renju.
    #[test]
    fn the_smallest_and_largest_boards_stay_consistent_to_the_edges() {
        for (size, rule) in [(5, Rule::Freestyle), (22, Rule::Freestyle), (22, Rule::Standard)] {
            let board = Board::new(size).unwrap();
            let mut p = Position::new(&board, rule, Color::Black);
            let mut seed = u64::from(size);
            let stones = (size * size / 2) as usize;
            for _ in 0..stones {
                p.play(random_empty_point(&p, &mut seed));
                assert_same(&p, &Position::new(p.board(), rule, p.to_move()));
            }
            for _ in 0..stones {
                p.undo();
            }
            assert_same(&p, &Position::new(&board, rule, Color::Black));
        }
    }

    /// Whether a stone lies in the 5×5 square around `q`, cell by cell.
    fn has_stone_around(p: &Position, q: usize) -> bool {
        (-2isize..=2).any(|dy| {
            (-2isize..=2).any(|dx| {
                let r = q.wrapping_add_signed(dy * STRIDE as isize + dx);
                matches!(p.board.cell_at(r), crate::board::Cell::Stone(_))
            })
        })
    }

    #[test]
    fn the_points_near_stones_are_the_empty_ones_with_a_stone_in_their_square() {
        let mut p = position(OPEN_THREE, Rule::Freestyle, Color::White);
        let mut seed = 99u64;
        for _ in 0..30 {
            let mut listed = Vec::new();
            p.for_each_empty_near_stones(|q| listed.push(q));
            let expected: Vec<usize> = (p.points().iter().copied())
                .filter(|&q| p.board.is_empty_at(q) && has_stone_around(&p, q))
                .collect();
            assert_eq!(listed, expected);
            for &q in p.points() {
                assert_eq!(p.is_near_stones(q), has_stone_around(&p, q));
            }
            p.play(random_empty_point(&p, &mut seed));
        }
    }

    /// An empty point of `p` drawn with the test's own generator (advanced in `seed`).
    fn random_empty_point(p: &Position, seed: &mut u64) -> usize {
        let free: Vec<usize> =
            p.points().iter().copied().filter(|&q| p.board.is_empty_at(q)).collect();
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        free[(*seed >> 33) as usize % free.len()]
    }
}
