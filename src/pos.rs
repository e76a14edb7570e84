//! Board points and the two ways of writing them.
//!
//! * [`Pos`] is a protocol coordinate `x,y`: zero-based, `x` the column from the left, `y` the row
//!   from the top — exactly what the Gomocup protocol sends. Its `Display`/`FromStr` use `"7,7"`.
//! * [`Notation`] is the human notation `h8`: a column letter from `a` and a row number counted from
//!   the **bottom**, starting at 1 — what Yixin-Board and Gomoku Calculator show. Converting between
//!   the two needs the board size ([`Pos::to_notation`], [`Notation::to_pos`]).

use std::fmt;
use std::str::FromStr;

/// The largest supported board side.
pub const MAX_SIZE: u8 = 22;
/// The smallest supported board side.
pub const MIN_SIZE: u8 = 5;

/// A point as protocol coordinates: `x` column from the left, `y` row from the top, zero-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Pos {
    /// Makes a point from protocol coordinates (not checked against any board size).
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// The centre of a board of side `size` (for even sizes, the lower-right of the four middle points).
    pub const fn centre(size: u8) -> Pos {
        Pos { x: size / 2, y: size / 2 }
    }

    /// Whether the point lies on a board of side `size`.
    pub const fn is_on(self, size: u8) -> bool {
        self.x < size && self.y < size
    }

    /// The human notation of this point on a board of side `size`, or `None` if it is off the board.
    pub fn to_notation(self, size: u8) -> Option<Notation> {
        self.is_on(size).then(|| Notation { column: self.x, row: size - self.y })
    }
}

/// Why a coordinate could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoordError {
    /// The text does not have the expected shape.
    Malformed(String),
    /// The coordinate is well formed but off the board.
    OutOfBoard(String),
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordError::Malformed(s) => write!(f, "malformed coordinate {s:?}"),
            CoordError::OutOfBoard(s) => write!(f, "coordinate {s:?} is off the board"),
        }
    }
}

impl std::error::Error for CoordError {}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for Pos {
    type Err = CoordError;

    /// Parses `"x,y"` (spaces around the numbers allowed), each in `0..22`.
    fn from_str(s: &str) -> Result<Pos, CoordError> {
        let malformed = || CoordError::Malformed(s.to_string());
        let (x, y) = s.split_once(',').ok_or_else(malformed)?;
        let x: u32 = x.trim().parse().map_err(|_| malformed())?;
        let y: u32 = y.trim().parse().map_err(|_| malformed())?;
        let max = u32::from(MAX_SIZE);
        if x >= max || y >= max {
            return Err(CoordError::OutOfBoard(s.to_string()));
        }
        Ok(Pos::new(x as u8, y as u8))
    }
}

/// A point in human notation: `column` 0 = `a`, `row` 1 = the bottom row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Notation {
    /// Column index, 0 = `a`.
    pub column: u8,
    /// Row number counted from the bottom, 1-based.
    pub row: u8,
}

impl Notation {
    /// The protocol coordinates of this point on a board of side `size`.
    ///
    /// # Errors
    /// [`CoordError::OutOfBoard`] when the point does not lie on that board.
    pub fn to_pos(self, size: u8) -> Result<Pos, CoordError> {
        if self.column >= size || self.row == 0 || self.row > size {
            return Err(CoordError::OutOfBoard(self.to_string()));
        }
        Ok(Pos::new(self.column, size - self.row))
    }

    /// Parses one point at the start of `s`, returning it and the rest of the text.
    /// Used by move-string parsing where points follow each other without separators (`h8i9`).
    pub fn parse_prefix(s: &str) -> Result<(Notation, &str), CoordError> {
        let malformed = || CoordError::Malformed(s.chars().take(6).collect());
        let mut chars = s.char_indices();
        let (_, letter) = chars.next().ok_or_else(malformed)?;
        if !letter.is_ascii_alphabetic() {
            return Err(malformed());
        }
        let column = letter.to_ascii_lowercase() as u8 - b'a';
        let digits_end = s[1..].find(|c: char| !c.is_ascii_digit()).map_or(s.len(), |i| i + 1);
        let digits = &s[1..digits_end];
        if digits.is_empty() || digits.len() > 2 {
            return Err(malformed());
        }
        let row: u8 = digits.parse().map_err(|_| malformed())?;
        if column >= MAX_SIZE || row == 0 || row > MAX_SIZE {
            return Err(CoordError::OutOfBoard(s[..digits_end].to_string()));
        }
        Ok((Notation { column, row }, &s[digits_end..]))
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column) as char, self.row)
    }
}

impl FromStr for Notation {
    type Err = CoordError;

    /// Parses `h8` (case-insensitive), columns `a`..`v`, rows `1`..`22`.
    fn from_str(s: &str) -> Result<Notation, CoordError> {
        let (notation, rest) = Notation::parse_prefix(s.trim())?;
        if !rest.is_empty() {
            return Err(CoordError::Malformed(s.to_string()));
        }
        Ok(notation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_of_15_is_h8() {
        let centre = Pos::centre(15);
        assert_eq!(centre, Pos::new(7, 7));
        assert_eq!(centre.to_notation(15).map(|n| n.to_string()), Some("h8".into()));
    }

    #[test]
    fn notation_rows_count_from_the_bottom() {
        let a1: Notation = "a1".parse().unwrap();
        assert_eq!(a1.to_pos(15), Ok(Pos::new(0, 14)));
        let o15: Notation = "O15".parse().unwrap();
        assert_eq!(o15.to_pos(15), Ok(Pos::new(14, 0)));
        assert!(matches!(
            "p1".parse::<Notation>().unwrap().to_pos(15),
            Err(CoordError::OutOfBoard(_))
        ));
    }

    #[test]
    fn both_notations_round_trip_on_every_size() {
        for size in MIN_SIZE..=MAX_SIZE {
            for y in 0..size {
                for x in 0..size {
                    let pos = Pos::new(x, y);
                    assert_eq!(pos.to_string().parse::<Pos>(), Ok(pos));
                    let human = pos.to_notation(size).unwrap();
                    assert_eq!(human.to_string().parse::<Notation>(), Ok(human));
                    assert_eq!(human.to_pos(size), Ok(pos));
                }
            }
        }
    }

    #[test]
    fn malformed_coordinates_are_typed_errors() {
        for bad in ["", "h", "8", "h0", "hh8", "h123", "1,", ",1", "a,b", "-1,2", "h8x"] {
            let as_notation = bad.parse::<Notation>();
            let as_pos = bad.parse::<Pos>();
            assert!(as_notation.is_err() && as_pos.is_err(), "{bad:?} should fail");
        }
        assert!(matches!("30,1".parse::<Pos>(), Err(CoordError::OutOfBoard(_))));
        assert!(matches!("z1".parse::<Notation>(), Err(CoordError::OutOfBoard(_))));
    }

    #[test]
    fn prefix_parsing_splits_glued_moves() {
        let (first, rest) = Notation::parse_prefix("h8i9j10").unwrap();
        assert_eq!(first.to_string(), "h8");
        assert_eq!(rest, "i9j10");
    }
}
