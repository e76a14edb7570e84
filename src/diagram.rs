//! ASCII pictures of boards, for tests, debugging and the CLI.
//!
//! ```text
//!    a b c d e
//!  5 . . . . .  5
//!  4 . X O . .  4
//!  3 . . X t .  3
//!  2 . . . . .  2
//!  1 . . . . .  1
//!    a b c d e
//! ```
//! `X` is black, `O` white, `.` empty. Any other single character on a point is a *mark* on an
//! empty point (tests use marks to draw expected forbidden points or winning moves). Row numbers,
//! column-letter lines and blank lines are ignored when parsing; `#` starts a comment line.

use crate::board::Board;
use crate::color::Color;
use crate::pos::Pos;
use std::fmt;

/// A parsed picture: the board and the marks drawn on empty points.
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The stones.
    pub board: Board,
    /// Marked empty points, in reading order (top row first).
    pub marks: Vec<(Pos, char)>,
}

/// Why a picture could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError(pub String);

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad board diagram: {}", self.0)
    }
}

impl std::error::Error for DiagramError {}

impl Diagram {
    /// The marks carrying the character `mark`.
    pub fn marked(&self, mark: char) -> Vec<Pos> {
        self.marks.iter().filter(|(_, m)| *m == mark).map(|(p, _)| *p).collect()
    }
}

/// Reads a picture. The board is square: as many rows as points in a row.
///
/// # Errors
/// [`DiagramError`] when rows have different lengths or the size is not 5..=22.
pub fn parse_diagram(text: &str) -> Result<Diagram, DiagramError> {
    let rows: Vec<Vec<char>> = text.lines().filter_map(row_cells).collect();
    let size = rows.len();
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != size) {
        return Err(DiagramError(format!(
            "row {} has {} points, expected {size}",
            i + 1,
            row.len()
        )));
    }
    let mut board = Board::new(size as u32).map_err(|e| DiagramError(e.to_string()))?;
    let mut marks = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let pos = Pos::new(x as u8, y as u8);
            match c {
                'X' | 'x' => board.place(pos, Color::Black),
                'O' | 'o' => board.place(pos, Color::White),
                '.' | '+' => {}
                mark => marks.push((pos, mark)),
            }
        }
    }
    Ok(Diagram { board, marks })
}

/// The point characters of one line, or `None` for a line that is not a board row.
fn row_cells(line: &str) -> Option<Vec<char>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let tokens: Vec<&str> = line.split_whitespace().filter(|t| t.parse::<u32>().is_err()).collect();
    let is_letter_header = tokens
        .iter()
        .enumerate()
        .all(|(i, t)| t.len() == 1 && t.as_bytes()[0].to_ascii_lowercase() == b'a' + i as u8);
    if tokens.is_empty() || (is_letter_header && tokens.len() > 1) {
        return None;
    }
    Some(tokens.iter().flat_map(|t| t.chars()).collect())
}

/// Draws a board with coordinates, and `marks` on the given points.
pub fn to_diagram(board: &Board, marks: &[(Pos, char)]) -> String {
    let size = board.size();
    let letters: String =
        (0..size).map(|x| format!(" {}", (b'a' + x) as char)).collect::<Vec<_>>().concat();
    let mut out = format!("  {letters}\n");
    for y in 0..size {
        let row = size - y;
        out.push_str(&format!("{row:2}"));
        for x in 0..size {
            let pos = Pos::new(x, y);
            let c =
                marks.iter().find(|(p, _)| *p == pos).map(|(_, m)| *m).unwrap_or_else(
                    || match board.stone(pos) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    },
                );
            out.push(' ');
            out.push(c);
        }
        out.push_str(&format!(" {row:2}\n"));
    }
    out.push_str(&format!("  {letters}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawn_board_reads_back_the_same() {
        let text = "\
            . . . . .\n\
            . X O . .\n\
            . . X t .\n\
            . . . . .\n\
            . . . . *\n";
        let diagram = parse_diagram(text).unwrap();
        assert_eq!(diagram.board.stone(Pos::new(1, 1)), Some(Color::Black));
        assert_eq!(diagram.board.stone(Pos::new(2, 1)), Some(Color::White));
        assert_eq!(diagram.marked('t'), vec![Pos::new(3, 2)]);
        let drawn = to_diagram(&diagram.board, &diagram.marks);
        let again = parse_diagram(&drawn).unwrap();
        assert_eq!(again.board, diagram.board);
        assert_eq!(again.marks, diagram.marks);
    }

    #[test]
    fn ragged_rows_are_an_error() {
        assert!(parse_diagram(". . . . .\n. . . .\n. . . . .\n. . . . .\n. . . . .\n").is_err());
    }
}
