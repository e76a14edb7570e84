//! The search's position: the board plus line-pattern keys, point shapes and evaluation sums,
//! all kept up to date incrementally as stones are placed and taken back.

use super::pattern::{self, digit_position, Pattern, DIGIT};
use super::shape::{self, Shape, Threat, THREAT_COUNT};
use crate::board::{index_of, Board, CELLS, DIRECTIONS};
use crate::color::Color;
use crate::pos::Pos;
use crate::renju;
use crate::rule::Rule;

/// Digit of a blocked neighbour (opponent stone or wall).
const BLOCKED: u16 = 2;

/// A position being searched.
#[derive(Clone)]
pub struct Position {
    board: Board,
    rule: Rule,
    to_move: Color,
    /// Pattern keys per colour, per cell, per direction.
    keys: [Box<[[u16; 4]]>; 2],
    /// Shape of each empty point per colour.
    shapes: [Box<[Shape]>; 2],
    /// Sum of the shape values of all empty points, per colour.
    value_sum: [i32; 2],
    /// Number of empty points of each threat class, per colour.
    threat_count: [[u16; THREAT_COUNT]; 2],
    /// Stones within the 5×5 square around each cell.
    near: Box<[u8]>,
    history: Vec<usize>,
    points: Vec<usize>,
}

impl Position {
    /// The position of `board` with `to_move` to play under `rule`.
    pub fn new(board: &Board, rule: Rule, to_move: Color) -> Position {
        let empty = Board::new(u32::from(board.size())).unwrap_or_else(|_| unreachable!());
        let points: Vec<usize> = empty.points().map(index_of).collect();
        let mut position = Position {
            board: empty,
            rule,
            to_move: Color::Black,
            keys: [vec![[0; 4]; CELLS].into(), vec![[0; 4]; CELLS].into()],
            shapes: [vec![Shape::default(); CELLS].into(), vec![Shape::default(); CELLS].into()],
            value_sum: [0; 2],
            threat_count: [[0; THREAT_COUNT]; 2],
            near: vec![0; CELLS].into(),
            history: Vec::new(),
            points,
        };
        position.init_wall_keys();
        for p in board.points() {
            if let Some(color) = board.stone(p) {
                position.put(index_of(p), color);
            }
        }
        position.history.clear();
        position.to_move = to_move;
        position
    }

    fn init_wall_keys(&mut self) {
        for i in 0..self.points.len() {
            let q = self.points[i];
            for (dir, &d) in DIRECTIONS.iter().enumerate() {
                for offset in (-5isize..=5).filter(|&o| o != 0) {
                    let n = q.wrapping_add_signed(offset * d as isize);
                    if self.board.code_at(n) == 3 {
                        let digit = BLOCKED * DIGIT[digit_position(offset)];
                        self.keys[0][q][dir] += digit;
                        self.keys[1][q][dir] += digit;
                    }
                }
            }
        }
        for i in 0..self.points.len() {
            let q = self.points[i];
            self.refresh(q);
        }
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

    /// Number of stones played since the root of this position.
    #[inline]
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The last point played, if any since this position was made.
    pub fn last_move(&self) -> Option<usize> {
        self.history.last().copied()
    }

    /// Every point of the board as raw indices.
    #[inline]
    pub fn points(&self) -> &[usize] {
        &self.points
    }

    /// The shape of the empty point `index` for `color`.
    #[inline]
    pub fn shape(&self, color: Color, index: usize) -> Shape {
        self.shapes[color.index()][index]
    }

    /// The line pattern of the empty point `index` for `color` in direction `dir`.
    #[inline]
    pub fn pattern(&self, color: Color, index: usize, dir: usize) -> Pattern {
        let table = pattern::table(self.rule.overline_wins(color));
        table[usize::from(self.keys[color.index()][index][dir])]
    }

    /// How many empty points have threat class `threat` for `color`.
    #[inline]
    pub fn threat_count(&self, color: Color, threat: Threat) -> u16 {
        self.threat_count[color.index()][usize::from(threat)]
    }

    /// Whether `color` has any point of class `threat` or above.
    pub fn has_threat_at_least(&self, color: Color, threat: Threat) -> bool {
        (usize::from(threat)..THREAT_COUNT).any(|t| self.threat_count[color.index()][t] > 0)
    }

    /// The empty points where `color` has class `threat` or above.
    pub fn points_with_threat(&self, color: Color, threat: Threat, out: &mut Vec<usize>) {
        out.clear();
        let shapes = &self.shapes[color.index()];
        out.extend(self.points.iter().copied().filter(|&q| self.board.is_empty_at(q) && shapes[q].threat >= threat));
    }

    /// Whether the empty point `index` has stones within two steps.
    #[inline]
    pub fn is_near_stones(&self, index: usize) -> bool {
        self.near[index] > 0
    }

    /// Sum of the shape values of all empty points for `color`.
    #[inline]
    pub fn value_sum(&self, color: Color) -> i32 {
        self.value_sum[color.index()]
    }

    /// Whether the side to move may play on the empty point `index` (black's forbidden points in renju).
    pub fn is_legal(&mut self, index: usize) -> bool {
        if !self.board.is_empty_at(index) {
            return false;
        }
        if self.to_move == Color::Black && self.rule.has_forbidden_points() {
            if self.shapes[0][index].maybe_forbidden {
                return renju::forbidden_at(&mut self.board, index).is_none();
            }
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
        if let Some(index) = self.history.pop() {
            self.board.remove_at(index);
            self.to_move = !self.to_move;
            self.update_around(index, self.to_move, -1);
        }
    }

    /// Plays `pos` (protocol coordinates) for the side to move.
    pub fn play_pos(&mut self, pos: Pos) {
        self.play(index_of(pos));
    }

    fn put(&mut self, index: usize, color: Color) {
        self.board.place_at(index, color);
        self.history.push(index);
        self.update_around(index, color, 1);
    }

    /// Updates keys, near counts and shapes after a stone of `color` appeared (+1) at or
    /// disappeared (−1) from `index`.
    fn update_around(&mut self, index: usize, color: Color, sign: i32) {
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let q = index.wrapping_add_signed(dy * crate::board::STRIDE as isize + dx);
                self.near[q] = (i32::from(self.near[q]) + sign) as u8;
            }
        }
        for (dir, &d) in DIRECTIONS.iter().enumerate() {
            for offset in (-5isize..=5).filter(|&o| o != 0) {
                let q = index.wrapping_add_signed(offset * d as isize);
                if self.board.code_at(q) == 3 {
                    continue;
                }
                let position = digit_position(-offset);
                let own = DIGIT[position];
                let blocked = BLOCKED * DIGIT[position];
                let (black_delta, white_delta) = match color {
                    Color::Black => (own, blocked),
                    Color::White => (blocked, own),
                };
                if sign > 0 {
                    self.keys[0][q][dir] += black_delta;
                    self.keys[1][q][dir] += white_delta;
                } else {
                    self.keys[0][q][dir] -= black_delta;
                    self.keys[1][q][dir] -= white_delta;
                }
            }
        }
        self.refresh(index);
        for &d in &DIRECTIONS {
            for offset in (-5isize..=5).filter(|&o| o != 0) {
                let q = index.wrapping_add_signed(offset * d as isize);
                if self.board.code_at(q) != 3 {
                    self.refresh(q);
                }
            }
        }
    }

    /// Recomputes the shapes of one cell for both colours and the sums they feed.
    fn refresh(&mut self, q: usize) {
        for color in Color::ALL {
            let c = color.index();
            let old = self.shapes[c][q];
            let new = if self.board.is_empty_at(q) { self.compute_shape(color, q) } else { Shape::default() };
            let was_counted = old.value != 0 || old.threat != 0;
            if was_counted {
                self.value_sum[c] -= old.value;
                self.threat_count[c][usize::from(old.threat)] -= 1;
            }
            if new.value != 0 || new.threat != 0 {
                self.value_sum[c] += new.value;
                self.threat_count[c][usize::from(new.threat)] += 1;
            }
            self.shapes[c][q] = new;
        }
    }

    fn compute_shape(&mut self, color: Color, q: usize) -> Shape {
        let table = pattern::table(self.rule.overline_wins(color));
        let keys = self.keys[color.index()][q];
        let mut s = shape::shape(keys.map(|k| table[usize::from(k)]));
        if s.maybe_forbidden && color == Color::Black && self.rule.has_forbidden_points() {
            if renju::forbidden_at(&mut self.board, q).is_some() {
                s = Shape { threat: shape::QUIET, value: 0, maybe_forbidden: true };
            }
        } else {
            s.maybe_forbidden = false;
        }
        s
    }
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

    #[test]
    fn incremental_state_equals_a_fresh_one_after_play_and_undo() {
        let mut p = position(OPEN_THREE, Rule::Renju, Color::White);
        let moves = [index_of(Pos::new(5, 4)), index_of(Pos::new(6, 4)), index_of(Pos::new(4, 5))];
        for &m in &moves {
            p.play(m);
            let fresh = Position::new(p.board(), Rule::Renju, p.to_move());
            assert_eq!(p.value_sum, fresh.value_sum);
            assert_eq!(p.threat_count, fresh.threat_count);
            assert_eq!(p.keys[0][..], fresh.keys[0][..]);
        }
        for _ in &moves {
            p.undo();
        }
        let fresh = position(OPEN_THREE, Rule::Renju, Color::White);
        assert_eq!(p.value_sum, fresh.value_sum);
        assert_eq!(p.threat_count, fresh.threat_count);
        assert_eq!(p.near[..], fresh.near[..]);
    }
}
