//! Game records for fitting the evaluation: one game a line, as `gomoku gen-data` writes them.
//!
//! ```text
//! B 3 7,7 8,8 6,9 ... ; 12 -40 35 ...
//! ```
//! The outcome (`B` black won, `W` white won, `D` draw), how many of the first moves are the
//! random opening, the moves as `x,y`, then after `;` the search score of every move after the
//! opening, from the point of view of the side that played it.

use gomoku::Color;
use gomoku::Pos;

/// Board size of every training game and position.
pub const TRAINING_SIZE: u8 = 15;

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This colour made five.
    Won(Color),
    /// The board filled up (or the game stopped without a winner).
    Draw,
}

impl Outcome {
    /// The result for `color`: 1 a win, 0.5 a draw, 0 a loss.
    pub fn result_for(self, color: Color) -> f64 {
        match self {
            Outcome::Won(c) if c == color => 1.0,
            Outcome::Won(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }
}

/// One self-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// How it ended.
    pub outcome: Outcome,
    /// How many of the first moves were the random opening (not searched).
    pub opening: usize,
    /// Every move, black first.
    pub moves: Vec<Pos>,
    /// The search score of each move after the opening, for the side that played it.
    pub scores: Vec<i32>,
}

impl GameRecord {
    /// The record as one line of text.
    pub fn to_line(&self) -> String {
        let outcome = match self.outcome {
            Outcome::Won(Color::Black) => "B",
            Outcome::Won(Color::White) => "W",
            Outcome::Draw => "D",
        };
        let moves: Vec<String> = self.moves.iter().map(|m| format!("{},{}", m.x, m.y)).collect();
        let scores: Vec<String> = self.scores.iter().map(i32::to_string).collect();
        format!("{outcome} {} {} ; {}", self.opening, moves.join(" "), scores.join(" "))
    }

    /// Reads a line written by [`GameRecord::to_line`].
    pub fn parse(line: &str) -> Result<GameRecord, String> {
        let bad = |what: &str| format!("bad game record ({what}): {line:?}");
        let (head, scores) = line.split_once(';').ok_or_else(|| bad("no ';'"))?;
        let mut words = head.split_whitespace();
        let outcome = match words.next() {
            Some("B") => Outcome::Won(Color::Black),
            Some("W") => Outcome::Won(Color::White),
            Some("D") => Outcome::Draw,
            _ => return Err(bad("outcome")),
        };
        let opening = words.next().and_then(|w| w.parse().ok()).ok_or_else(|| bad("opening"))?;
        let moves =
            words.map(parse_move).collect::<Option<Vec<Pos>>>().ok_or_else(|| bad("move"))?;
        let scores = scores.split_whitespace().map(str::parse).collect::<Result<Vec<i32>, _>>();
        let scores = scores.map_err(|_| bad("score"))?;
        if opening > moves.len() || scores.len() != moves.len() - opening {
            return Err(bad("counts"));
        }
        Ok(GameRecord { outcome, opening, moves, scores })
    }
}

fn parse_move(word: &str) -> Option<Pos> {
    let (x, y) = word.split_once(',')?;
    Some(Pos::new(x.parse().ok()?, y.parse().ok()?))
}

/// Every record of a data file (lines starting with `#` are comments).
pub fn read_records(text: &str) -> Result<Vec<GameRecord>, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(GameRecord::parse)
        .collect()
}

/// Our engine's colour in game `n` (from 0) of a `gen-data` run against another engine: black
/// in the even games, white in the odd ones.
pub fn our_colour(n: usize) -> Color {
    if n % 2 == 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// Whether a file made by `made` (its first line) holds games against another engine.
pub fn is_against_another_engine(made: &str) -> bool {
    made.contains("--opponent")
}

/// The records of every file in the comma-separated list `data`, in the order given, and how
/// each file was made (its first line, the `gen-data` command).
pub fn read_record_files(data: &str) -> Result<(Vec<GameRecord>, Vec<String>), String> {
    let (mut records, mut made) = (Vec::new(), Vec::new());
    for path in data.split(',') {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        records.extend(read_records(&text).map_err(|e| format!("{path}: {e}"))?);
        made.push(text.lines().next().unwrap_or("").trim_start_matches('#').trim().to_string());
    }
    Ok((records, made))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let record = GameRecord {
            outcome: Outcome::Won(Color::White),
            opening: 2,
            moves: vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 9)],
            scores: vec![-35],
        };
        assert_eq!(GameRecord::parse(&record.to_line()), Ok(record));
    }

    #[test]
    fn broken_records_are_refused() {
        for line in ["", "X 0 ;", "B 2 7,7 ; 1", "B 0 7,7 ; 1 2", "B 0 7;7 ; 1", "B 0 7,7 ; x"] {
            assert!(GameRecord::parse(line).is_err(), "{line:?}");
        }
    }

    #[test]
    fn results_are_seen_from_each_side() {
        assert_eq!(Outcome::Won(Color::Black).result_for(Color::Black), 1.0);
        assert_eq!(Outcome::Won(Color::Black).result_for(Color::White), 0.0);
        assert_eq!(Outcome::Draw.result_for(Color::White), 0.5);
    }
}
