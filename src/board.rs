//! The stone grid: square boards of side 5..=22 with a wall border and a Zobrist hash.
//!
//! Cells live in a fixed 32×32 array with at least five wall cells on every side of the playing
//! area, so code that walks up to five steps along a line from any stone never needs a bounds
//! check: it stops at a wall. A cell is addressed either by [`Pos`] or by its raw array index
//! (`usize`), which the rules and the AI use for speed.

use crate::color::Color;
use crate::pos::{Pos, MAX_SIZE, MIN_SIZE};
use std::fmt;

/// Wall cells on each side of the largest board.
pub const PAD: usize = 5;
/// Distance between vertically adjacent cells in the array.
pub const STRIDE: usize = MAX_SIZE as usize + 2 * PAD;
/// Number of cells in the array.
pub const CELLS: usize = STRIDE * STRIDE;
/// Index steps of the four line directions: horizontal, vertical, diagonal `\` and anti-diagonal `/`.
pub const DIRECTIONS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// No stone.
    Empty,
    /// A stone of this colour.
    Stone(Color),
    /// Outside the playing area.
    Wall,
}

const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// Raw code of a stone of colour `c` in the cell array (1 black, 2 white).
#[inline]
pub const fn stone_code(c: Color) -> u8 {
    c.index() as u8 + 1
}

/// A square board with stones on it. Knows nothing of whose turn it is or of the rules.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    size: u8,
    cells: [u8; CELLS],
    hash: u64,
    stones: u16,
}

/// Why a board could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadSize(pub u32);

impl fmt::Display for BadSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board size {} is not in {MIN_SIZE}..={MAX_SIZE}", self.0)
    }
}

impl std::error::Error for BadSize {}

impl Board {
    /// An empty board of side `size`.
    ///
    /// # Errors
    /// [`BadSize`] when `size` is not in 5..=22.
    pub fn new(size: u32) -> Result<Board, BadSize> {
        if !(u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&size) {
            return Err(BadSize(size));
        }
        let size = size as u8;
        let mut cells = [WALL; CELLS];
        for y in 0..size {
            for x in 0..size {
                cells[index_of(Pos::new(x, y))] = EMPTY;
            }
        }
        Ok(Board { size, cells, hash: 0, stones: 0 })
    }

    /// The side length.
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        usize::from(self.stones)
    }

    /// Whether every point holds a stone.
    pub fn is_full(&self) -> bool {
        self.stone_count() == usize::from(self.size) * usize::from(self.size)
    }

    /// The Zobrist hash of the stones (the empty board hashes to 0).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether `pos` lies on this board.
    #[inline]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.is_on(self.size)
    }

    /// The stone at `pos`, or `None` for an empty point or a point off the board.
    pub fn stone(&self, pos: Pos) -> Option<Color> {
        match self.cell(pos) {
            Cell::Stone(c) => Some(c),
            _ => None,
        }
    }

    /// The cell at `pos` (`Wall` when off the board).
    pub fn cell(&self, pos: Pos) -> Cell {
        if !self.contains(pos) {
            return Cell::Wall;
        }
        self.cell_at(index_of(pos))
    }

    /// The cell at a raw index.
    #[inline]
    pub fn cell_at(&self, index: usize) -> Cell {
        match self.cells[index] {
            EMPTY => Cell::Empty,
            1 => Cell::Stone(Color::Black),
            2 => Cell::Stone(Color::White),
            _ => Cell::Wall,
        }
    }

    /// The raw code at an index: 0 empty, 1 black, 2 white, 3 wall.
    #[inline]
    pub fn code_at(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// Whether the point at `index` is on the board and empty.
    #[inline]
    pub fn is_empty_at(&self, index: usize) -> bool {
        self.cells[index] == EMPTY
    }

    /// Puts a stone on an empty point of the board.
    ///
    /// # Panics
    /// If the point is off the board or occupied (callers check first; the game returns errors).
    pub fn place(&mut self, pos: Pos, color: Color) {
        assert!(self.contains(pos), "place off the board at {pos}");
        self.place_at(index_of(pos), color);
    }

    /// Puts a stone at a raw index that must be empty.
    #[inline]
    pub fn place_at(&mut self, index: usize, color: Color) {
        assert_eq!(self.cells[index], EMPTY, "place on a non-empty cell");
        self.cells[index] = stone_code(color);
        self.hash ^= zobrist(index, color);
        self.stones += 1;
    }

    /// Takes the stone off `pos`.
    ///
    /// # Panics
    /// If there is no stone there.
    pub fn remove(&mut self, pos: Pos) {
        assert!(self.contains(pos), "remove off the board at {pos}");
        self.remove_at(index_of(pos));
    }

    /// Takes the stone off a raw index that must hold one.
    #[inline]
    pub fn remove_at(&mut self, index: usize) {
        let color = match self.cell_at(index) {
            Cell::Stone(c) => c,
            other => panic!("remove from a cell holding {other:?}"),
        };
        self.cells[index] = EMPTY;
        self.hash ^= zobrist(index, color);
        self.stones -= 1;
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Pos> {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).map(move |x| Pos::new(x, y)))
    }

    /// Every empty point of the board.
    pub fn empty_points(&self) -> impl Iterator<Item = Pos> + '_ {
        self.points().filter(|&p| self.cell(p) == Cell::Empty)
    }

    /// The hash recomputed from scratch (for checking the incremental one).
    pub fn recompute_hash(&self) -> u64 {
        self.points()
            .filter_map(|p| self.stone(p).map(|c| zobrist(index_of(p), c)))
            .fold(0, |h, z| h ^ z)
    }
}

/// The array index of a point (which must be within 0..22 on both axes).
#[inline]
pub const fn index_of(pos: Pos) -> usize {
    (pos.y as usize + PAD) * STRIDE + pos.x as usize + PAD
}

/// The point at an array index inside the playing area of the largest board.
#[inline]
pub const fn pos_of(index: usize) -> Pos {
    Pos::new((index % STRIDE - PAD) as u8, (index / STRIDE - PAD) as u8)
}

/// The Zobrist key of a stone of `color` at `index`.
#[inline]
pub fn zobrist(index: usize, color: Color) -> u64 {
    ZOBRIST[color.index()][index]
}

static ZOBRIST: [[u64; CELLS]; 2] = zobrist_table();

const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

const fn zobrist_table() -> [[u64; CELLS]; 2] {
    let mut table = [[0u64; CELLS]; 2];
    let mut state = 0x5EED_0F60_4D0C_u64;
    let mut color = 0;
    while color < 2 {
        let mut i = 0;
        while i < CELLS {
            let (next, value) = splitmix64(state);
            state = next;
            table[color][i] = value;
            i += 1;
        }
        color += 1;
    }
    table
}

/// One row a line, top row first: `X` black, `O` white, `.` empty (the diagram module draws
/// boards with coordinates and marks; the board itself depends on nothing above it).
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        let size = self.size();
        for y in 0..size {
            for x in 0..size {
                let c = match self.stone(Pos::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{}{c}", if x == 0 { "" } else { " " })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_draws_the_rows_top_first() {
        let mut board = Board::new(5).unwrap();
        board.place(Pos::new(0, 0), Color::Black);
        board.place(Pos::new(4, 4), Color::White);
        let text = format!("{board:?}");
        let rows: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[0], "X . . . .");
        assert_eq!(rows[4], ". . . . O");
    }

    #[test]
    fn sizes_outside_5_to_22_are_refused() {
        assert_eq!(Board::new(4), Err(BadSize(4)));
        assert_eq!(Board::new(23), Err(BadSize(23)));
        assert!(Board::new(5).is_ok() && Board::new(22).is_ok());
    }

    #[test]
    fn walls_surround_the_playing_area() {
        let board = Board::new(15).unwrap();
        assert_eq!(board.cell(Pos::new(14, 14)), Cell::Empty);
        assert_eq!(board.cell(Pos::new(15, 3)), Cell::Wall);
        let corner = index_of(Pos::new(0, 0));
        for d in DIRECTIONS {
            for step in 1..=PAD {
                assert_eq!(board.cell_at(corner - d * step), Cell::Wall);
            }
        }
    }

    #[test]
    fn place_and_remove_keep_the_hash_incremental() {
        let mut board = Board::new(15).unwrap();
        board.place(Pos::new(7, 7), Color::Black);
        board.place(Pos::new(8, 7), Color::White);
        assert_ne!(board.hash(), 0);
        assert_eq!(board.hash(), board.recompute_hash());
        board.remove(Pos::new(8, 7));
        board.remove(Pos::new(7, 7));
        assert_eq!(board.hash(), 0);
        assert_eq!(board.stone_count(), 0);
    }

    #[test]
    fn index_and_pos_convert_back() {
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                assert_eq!(pos_of(index_of(Pos::new(x, y))), Pos::new(x, y));
            }
        }
    }
}
