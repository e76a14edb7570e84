//! The stones as bit masks along every line of the board, one 32-bit word per line and direction:
//! placing or taking back a stone sets or clears four bits, and the eleven cells around any point
//! on a line are one shift away.
//!
//! The board array is 32 × 32 (the largest board plus its walls), so a line fits one word: bit
//! `x` of a row, column or diagonal is the cell in array column `x` (row `y` for columns).

use crate::board::{Board, Cell, CELLS, DIRECTIONS, STRIDE};
use crate::color::Color;

const _: () = assert!(STRIDE == 32, "a line of the board array must fit one u32");

/// Lines per direction: rows and columns need 32, diagonals 63.
const LINES: usize = 64;

/// The cells of a line as two bit masks: black stones or walls, and white stones or walls (see
/// [`window`](super::window)); after [`Window::around`], bit 5 is the point, bits 0..5 the five
/// cells behind it and bits 6..11 the five ahead (higher bits are ignored).
#[derive(Clone, Copy)]
pub struct Window {
    /// Black stones or walls.
    pub black: u32,
    /// White stones or walls.
    pub white: u32,
}

impl Window {
    /// The eleven cells centred on `bit` (which must be in 5..=26, as every board point is).
    #[inline]
    pub fn around(self, bit: u32) -> Window {
        let shift = bit - 5;
        Window { black: self.black >> shift, white: self.white >> shift }
    }
}

/// Stones and walls by line.
#[derive(Clone, PartialEq, Eq)]
pub struct Lines {
    stones: [[[u32; LINES]; 4]; 2],
    walls: [[u32; LINES]; 4],
}

impl Lines {
    /// The walls of `board`'s lines, and no stones yet (its stones are not read: the position
    /// places them one by one).
    pub fn new(board: &Board) -> Lines {
        let mut walls = [[u32::MAX; LINES]; 4];
        for q in 0..CELLS {
            if board.cell_at(q) != Cell::Wall {
                for (dir, line) in walls.iter_mut().enumerate() {
                    let (l, bit) = line_of(q, dir);
                    line[l] &= !(1 << bit);
                }
            }
        }
        Lines { stones: [[[0; LINES]; 4]; 2], walls }
    }

    /// Puts a stone of `color` on `q`.
    #[inline]
    pub fn place(&mut self, q: usize, color: Color) {
        for dir in 0..4 {
            let (l, bit) = line_of(q, dir);
            self.stones[color.index()][dir][l] |= 1 << bit;
        }
    }

    /// Takes the stone of `color` off `q`.
    #[inline]
    pub fn remove(&mut self, q: usize, color: Color) {
        for dir in 0..4 {
            let (l, bit) = line_of(q, dir);
            self.stones[color.index()][dir][l] &= !(1 << bit);
        }
    }

    /// The cells of array row `y` (as a mask over its columns) with a stone within two steps:
    /// in rows `y - 2 ..= y + 2`, columns two either side.
    #[inline]
    pub fn near_stones(&self, y: usize) -> u32 {
        let rows = (y - 2..=y + 2).fold(0, |m, r| m | self.stones[0][0][r] | self.stones[1][0][r]);
        rows | rows << 1 | rows << 2 | rows >> 1 | rows >> 2
    }

    /// The empty board cells of array row `y` with a stone within two steps.
    #[inline]
    pub fn empty_near_stones(&self, y: usize) -> u32 {
        let taken = self.stones[0][0][y] | self.stones[1][0][y] | self.walls[0][y];
        self.near_stones(y) & !taken
    }

    /// The whole line through `q` in direction `dir`, and the bit of `q` on it.
    #[inline]
    pub fn line(&self, q: usize, dir: usize) -> (Window, u32) {
        let (l, bit) = line_of(q, dir);
        let walls = self.walls[dir][l];
        let window =
            Window { black: self.stones[0][dir][l] | walls, white: self.stones[1][dir][l] | walls };
        (window, bit)
    }
}

/// The cell at bit `other` of the line through `q` in direction `dir`, where `q` is at `bit`
/// (the line's bits and the board array's cells step together, but along the anti-diagonal the
/// array index grows as the bit, the column, shrinks).
#[inline]
pub fn cell_at_bit(q: usize, dir: usize, bit: u32, other: u32) -> usize {
    let steps =
        if dir == 3 { bit as isize - other as isize } else { other as isize - bit as isize };
    q.wrapping_add_signed(steps * DIRECTIONS[dir] as isize)
}

/// The line of `q` in direction `dir` (as numbered in `board::DIRECTIONS`) and its bit there.
#[inline]
pub fn line_of(q: usize, dir: usize) -> (usize, u32) {
    let (x, y) = (q % STRIDE, q / STRIDE);
    let (line, bit) = match dir {
        0 => (y, x as u32),
        1 => (x, y as u32),
        2 => (x + STRIDE - 1 - y, x as u32),
        _ => (x + y, x as u32),
    };
    // Every board cell's line is below `LINES`; the mask lets the tables skip bounds checks.
    (line % LINES, bit)
}
