//! What a line-pattern evaluation sees of a position (issue 59): for every empty point near the
//! stones, the actual cells of its four lines — the `reach` cells on each side along each
//! direction, each empty, the side to move's, the other side's or off the board — as one code a
//! line. A line and its mirror image (the same cells read the other way) share a code.
//!
//! The codes are relative to the side to move, so one table serves both colours (renju, where
//! the colours' rules differ, would add the colour to the code). The experiments of
//! `gomoku line-value` and `gomoku line-policy` fit tables over them; the codes themselves are
//! the engine's ([`gomoku::ai::linepolicy`]), which reads the policies fitted here.

use gomoku::ai::linepolicy::{class_table, raw_code, MINE, THEIRS};
use gomoku::board::{index_of, Board, DIRECTIONS};
use gomoku::Color;
use gomoku::Pos;

/// The most cells read on each side of the point along a line.
pub const MAX_REACH: usize = 6;

/// The codes of the lines, made once: raw code → the index its mirror class shares.
#[derive(Clone, Debug)]
pub struct LineCodes {
    reach: usize,
    class_of: Vec<u32>,
    classes: usize,
}

impl LineCodes {
    /// Numbers every class of a line of `reach` cells a side (1..=[`MAX_REACH`]) and its mirror
    /// image.
    pub fn new(reach: usize) -> LineCodes {
        let reach = reach.clamp(1, MAX_REACH);
        let class_of = class_table(reach);
        let classes = class_of.iter().max().map_or(0, |&m| m as usize + 1);
        LineCodes { reach, class_of, classes }
    }

    /// Cells read on each side of a point.
    pub fn reach(&self) -> usize {
        self.reach
    }

    /// How many classes there are (the rows of a table indexed by them).
    pub fn classes(&self) -> usize {
        self.classes
    }

    /// The class of a raw code.
    pub fn class(&self, raw: u32) -> u32 {
        self.class_of[raw as usize]
    }

    /// The four line classes of every empty point with a stone within reach on one of its
    /// lines, seen by `me` (the side to move).
    pub fn points(&self, board: &Board, me: Color) -> Vec<[u32; 4]> {
        self.located_points(board, me).into_iter().map(|(_, classes)| classes).collect()
    }

    /// [`LineCodes::points`] with each point's place on the board.
    pub fn located_points(&self, board: &Board, me: Color) -> Vec<(Pos, [u32; 4])> {
        let size = usize::from(board.size());
        let mut out = Vec::new();
        for y in 0..size {
            for x in 0..size {
                let q = index_of(Pos::new(x as u8, y as u8));
                if !board.is_empty_at(q) {
                    continue;
                }
                let raws = self.raw_codes(board, q, me);
                if raws.iter().any(|&r| has_stone(r, self.reach)) {
                    out.push((Pos::new(x as u8, y as u8), raws.map(|r| self.class(r))));
                }
            }
        }
        out
    }
}

impl LineCodes {
    /// The four line classes of the empty point `q` (a board index), seen by `me`.
    pub fn classes_at(&self, board: &Board, q: usize, me: Color) -> [u32; 4] {
        self.raw_codes(board, q, me).map(|r| self.class(r))
    }

    fn raw_codes(&self, board: &Board, q: usize, me: Color) -> [u32; 4] {
        std::array::from_fn(|d| raw_code(board, q, DIRECTIONS[d], me, self.reach))
    }
}

/// Whether a raw code has a stone of either side in it.
fn has_stone(code: u32, reach: usize) -> bool {
    (0..2 * reach as u32).any(|i| matches!((code >> (2 * i)) & 3, MINE | THEIRS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku::ai::linepolicy::mirror;

    fn board_with(stones: &[(u8, u8, Color)]) -> Board {
        let mut board = Board::new(15).unwrap();
        for &(x, y, c) in stones {
            board.place(Pos::new(x, y), c);
        }
        board
    }

    const REACH: usize = 4;

    #[test]
    fn a_line_and_its_mirror_share_a_class_and_other_lines_do_not() {
        for reach in [3, REACH] {
            let codes = LineCodes::new(reach);
            let one_side = MINE << (2 * (reach - 1)); // the nearest cell behind
            let other_side = MINE << (2 * reach); // the nearest cell ahead
            assert_eq!(mirror(one_side, reach), other_side);
            assert_eq!(codes.class(one_side), codes.class(other_side));
            assert_ne!(codes.class(one_side), codes.class(THEIRS << (2 * reach)));
            // Symmetric codes are their own mirror: the classes are (4^2r + 4^r) / 2.
            assert_eq!(codes.classes(), ((1 << (4 * reach)) + (1 << (2 * reach))) / 2);
        }
    }

    #[test]
    fn the_codes_see_the_side_to_move_and_the_edge() {
        let board = board_with(&[(7, 7, Color::Black), (0, 1, Color::White)]);
        let q = index_of(Pos::new(8, 7));
        let horizontal = raw_code(&board, q, DIRECTIONS[0], Color::Black, REACH);
        assert_eq!(horizontal, MINE << (2 * (REACH - 1)));
        let as_white = raw_code(&board, q, DIRECTIONS[0], Color::White, REACH);
        assert_eq!(as_white, THEIRS << (2 * (REACH - 1)));
        // (0, 0): the cells to its left are off the board.
        let corner = raw_code(&board, index_of(Pos::new(0, 0)), DIRECTIONS[0], Color::Black, REACH);
        assert_eq!(corner & 0xff, 0xff);
    }

    #[test]
    fn only_points_near_stones_are_read_and_the_side_to_move_matters() {
        let codes = LineCodes::new(REACH);
        let board = board_with(&[(7, 7, Color::Black)]);
        let points = codes.points(&board, Color::Black);
        // Four lines of four cells on each side of the stone.
        assert_eq!(points.len(), 4 * 2 * REACH);
        let as_white = codes.points(&board, Color::White);
        assert_eq!(as_white.len(), points.len());
        assert_ne!(as_white, points);
        assert!(codes.points(&Board::new(15).unwrap(), Color::Black).is_empty());
    }
}
