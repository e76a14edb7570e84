//! Positions from inside the search, for fitting the evaluation where it is used: with
//! `GOMOKU_LEAVES=FILE` in its environment, an engine appends every N-th leaf its searches
//! evaluate statically (`GOMOKU_LEAF_EVERY=N`, 3 000 by default) to FILE as a game record whose
//! opening is the whole position. `gomoku relabel` then scores them with a deeper search and
//! `gomoku train --lambda 0` fits the evaluation to those scores.
//!
//! A leaf's record lists its black and white stones alternately (the order they were played in
//! is not known and does not matter), then one placeholder move — the first empty point — that
//! the record format needs after the position it trains on; its outcome is a draw and its score
//! 0, both replaced or ignored by `relabel` and `train --lambda 0`. Only 15×15 positions whose
//! stone counts fit the side to move are kept.

use super::data::{GameRecord, Outcome, TRAINING_SIZE};
use crate::board::Board;
use crate::color::Color;
use crate::pos::Pos;
use crate::record::stones_as_moves;
use std::io::Write;
use std::sync::{Mutex, OnceLock};

/// Every how many leaves one is kept unless `GOMOKU_LEAF_EVERY` says otherwise.
const DEFAULT_EVERY: u64 = 3_000;

/// The file leaves go to, and how sparsely, as the environment says (read once a process).
fn destination() -> Option<&'static (u64, Mutex<std::fs::File>)> {
    static DESTINATION: OnceLock<Option<(u64, Mutex<std::fs::File>)>> = OnceLock::new();
    DESTINATION
        .get_or_init(|| {
            let path = std::env::var("GOMOKU_LEAVES").ok()?;
            let every = std::env::var("GOMOKU_LEAF_EVERY").ok().and_then(|v| v.parse().ok());
            let file = std::fs::OpenOptions::new().create(true).append(true).open(&path);
            let file = file.map_err(|e| eprintln!("GOMOKU_LEAVES {path}: {e}")).ok()?;
            Some((every.unwrap_or(DEFAULT_EVERY).max(1), Mutex::new(file)))
        })
        .as_ref()
}

/// One search's sampler of its leaves (each search counts its own, so threads never share it).
pub struct LeafSampler {
    every: u64,
    seen: u64,
    file: &'static Mutex<std::fs::File>,
}

impl LeafSampler {
    /// A sampler if the environment asks for leaves, else `None` (and the search does nothing).
    pub fn from_env() -> Option<LeafSampler> {
        destination().map(|(every, file)| LeafSampler { every: *every, seen: 0, file })
    }

    /// Counts a leaf and writes every N-th one (a record line, appended whole under a lock).
    pub fn offer(&mut self, board: &Board, to_move: Color) {
        self.seen += 1;
        if self.seen % self.every != 0 {
            return;
        }
        if let Some(record) = leaf_record(board, to_move) {
            let line = record.to_line() + "\n";
            let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
            // A failed write loses one sample of many; the search must not stop for it.
            let _ = file.write_all(line.as_bytes());
        }
    }
}

/// The record of a position (see the module documentation), or `None` if it cannot be one.
pub fn leaf_record(board: &Board, to_move: Color) -> Option<GameRecord> {
    if board.size() != TRAINING_SIZE {
        return None;
    }
    let stones = |color| board.points().filter(move |&p| board.stone(p) == Some(color));
    let black: Vec<Pos> = stones(Color::Black).collect();
    let white: Vec<Pos> = stones(Color::White).collect();
    let mut moves = stones_as_moves(&black, &white, to_move)?;
    let placeholder = board.empty_points().next()?;
    let opening = moves.len();
    moves.push(placeholder);
    Some(GameRecord { outcome: Outcome::Draw, opening, moves, scores: vec![0] })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Position;
    use crate::rule::Rule;
    use crate::tuning::features::{features_of, samples_of, Layout};

    fn board_with(black: &[(u8, u8)], white: &[(u8, u8)]) -> Board {
        let mut board = Board::new(15).unwrap();
        for &(x, y) in black {
            board.place(Pos::new(x, y), Color::Black);
        }
        for &(x, y) in white {
            board.place(Pos::new(x, y), Color::White);
        }
        board
    }

    #[test]
    fn a_leaf_record_trains_on_exactly_that_position() {
        let black = [(7, 7), (8, 8), (9, 7), (6, 9)];
        let white = [(7, 8), (8, 6), (10, 10)];
        let board = board_with(&black, &white);
        let record = leaf_record(&board, Color::White).expect("white to move fits the counts");
        let read = GameRecord::parse(&record.to_line()).unwrap();
        assert_eq!(read, record);
        let layout = Layout::of(Rule::Freestyle);
        let samples = samples_of(&read, Rule::Freestyle, layout);
        assert_eq!(samples.len(), 1);
        let pos = Position::new(&board, Rule::Freestyle, Color::White);
        assert_eq!(samples[0].features, features_of(&pos, layout));
    }

    #[test]
    fn positions_that_are_no_game_position_are_not_recorded() {
        let board = board_with(&[(7, 7), (8, 8)], &[(7, 8)]);
        assert!(leaf_record(&board, Color::Black).is_none(), "black has one stone too many");
        let board = board_with(&[(7, 7), (8, 8), (9, 9)], &[]);
        assert!(leaf_record(&board, Color::White).is_none(), "two stones too many");
        let small = Board::new(9).unwrap();
        assert!(leaf_record(&small, Color::Black).is_none(), "not 15×15");
        assert!(leaf_record(&Board::new(15).unwrap(), Color::Black).is_some());
    }
}
