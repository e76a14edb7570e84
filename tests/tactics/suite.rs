//! The position files of the tactics suite: reading, writing and replaying their lines.
//!
//! A line is `RULE MOVES SIDE ANSWER # SOURCE` (see the header of `tests/data/tactics/vcf.txt`).

use gomoku::record::parse_moves;
use gomoku::{Board, Color, Pos, Rule};
use std::path::PathBuf;

/// Every position is on a 15×15 board.
pub const SIZE: u8 = 15;

/// One position of a suite file.
#[derive(Clone, Debug)]
pub struct Case {
    /// The rule in force.
    pub rule: Rule,
    /// The game so far, black first.
    pub moves: Vec<Pos>,
    /// The side to move.
    pub side: Color,
    /// The fourth field: a VCF length or a list of defences.
    pub answer: String,
    /// The line as written in the file, for reports.
    pub text: String,
}

impl Case {
    /// The board after the moves.
    pub fn board(&self) -> Board {
        board_after(&self.moves)
    }
}

/// The board after `moves`, black first.
pub fn board_after(moves: &[Pos]) -> Board {
    let mut board = Board::new(u32::from(SIZE)).expect("15 is a valid size");
    for (ply, &p) in moves.iter().enumerate() {
        board.place(p, Color::at_ply(ply));
    }
    board
}

/// The path of a suite file in `tests/data/tactics/`.
pub fn data_path(file: &str) -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "tests", "data", "tactics", file].iter().collect()
}

/// Reads every position of a suite file (comment and blank lines skipped).
///
/// # Panics
/// On an unreadable file or a malformed line, naming it.
pub fn read_cases(file: &str) -> Vec<Case> {
    let path = data_path(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    lines.map(|l| parse_case(l).unwrap_or_else(|e| panic!("{file}: {e} in line {l:?}"))).collect()
}

/// Parses one position line.
pub fn parse_case(line: &str) -> Result<Case, String> {
    let fields: Vec<&str> = line.split('#').next().unwrap_or("").split_whitespace().collect();
    let [rule, moves, side, answer] = fields[..] else {
        return Err(format!("expected 4 fields before '#', found {}", fields.len()));
    };
    let rule: Rule = rule.parse().map_err(|e| format!("{e}"))?;
    let moves = parse_moves(moves, SIZE).map_err(|e| format!("{e}"))?;
    let side = match side {
        "black" => Color::Black,
        "white" => Color::White,
        other => return Err(format!("bad side {other:?}")),
    };
    Ok(Case { rule, moves, side, answer: answer.to_string(), text: line.to_string() })
}

/// Human notation of a point on the suite's board.
pub fn name(p: Pos) -> String {
    p.to_notation(SIZE).map_or_else(|| p.to_string(), |n| n.to_string())
}

/// Points in human notation, comma-separated.
pub fn names(points: &[Pos]) -> String {
    points.iter().map(|&p| name(p)).collect::<Vec<_>>().join(",")
}

/// Reads a comma-separated list of points in human notation.
pub fn parse_points(text: &str) -> Result<Vec<Pos>, String> {
    parse_moves(text, SIZE).map_err(|e| format!("{e}"))
}

/// Writes one position line.
pub fn format_case(rule: Rule, moves: &[Pos], side: Color, answer: &str, source: &str) -> String {
    let moves: String = moves.iter().map(|&p| name(p)).collect();
    format!("{rule} {moves} {side} {answer} # {source}")
}
