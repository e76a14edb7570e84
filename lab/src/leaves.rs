//! Positions from inside the search, for fitting the evaluation where it is used: a
//! [`LeafSampler`] handed to our players' engines (`gomoku match … --leaves FILE
//! --leaf-every N`) appends every N-th leaf their searches evaluate statically to FILE as a game
//! record whose opening is the whole position. `gomoku relabel` then scores them with a deeper
//! search and `gomoku train --lambda 0` fits the evaluation to those scores.
//!
//! A leaf's record lists its black and white stones alternately (the order they were played in
//! is not known and does not matter), then one placeholder move — the first empty point — that
//! the record format needs after the position it trains on; its outcome is a draw and its score
//! 0, both replaced or ignored by `relabel` and `train --lambda 0`. Only 15×15 positions whose
//! stone counts fit the side to move are kept.

use crate::tuning::data::{GameRecord, Outcome, TRAINING_SIZE};
use gomoku::ai::LeafObserver;
use gomoku::board::Board;
use gomoku::record::stones_as_moves;
use gomoku::{Color, Pos};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Writes every N-th leaf of the searches it watches to a file (shared by every engine and
/// search thread of a match).
pub struct LeafSampler {
    every: u64,
    seen: AtomicU64,
    file: Mutex<std::fs::File>,
}

impl LeafSampler {
    /// A sampler appending every `every`-th leaf to `path`.
    pub fn open(path: &Path, every: u64) -> Result<LeafSampler, String> {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
        let file = file.map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(LeafSampler { every: every.max(1), seen: AtomicU64::new(0), file: Mutex::new(file) })
    }
}

impl LeafObserver for LeafSampler {
    /// Counts a leaf and writes every N-th one (a record line, appended whole under a lock).
    fn leaf(&self, board: &Board, to_move: Color) {
        let seen = self.seen.fetch_add(1, Ordering::Relaxed) + 1;
        if seen % self.every != 0 {
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
    use crate::tuning::features::{features_of, samples_of, Layout};
    use gomoku::ai::Position;
    use gomoku::ai::{Engine, Limits, Request};
    use gomoku::Level;
    use gomoku::Rule;

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

    #[test]
    fn an_engine_hands_its_leaves_to_the_sampler() {
        let dir = std::env::temp_dir().join(format!("gomoku-leaves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("leaves.txt");
        let _ = std::fs::remove_file(&path);
        let sampler = std::sync::Arc::new(LeafSampler::open(&path, 7).unwrap());
        let mut engine = Engine::new(4, 1);
        engine.set_leaf_observer(Some(sampler.clone()));
        let board = board_with(&[(7, 7), (8, 8)], &[(7, 8), (9, 9)]);
        let limits = Limits::depth(4);
        let request = Request {
            board: &board,
            rule: Rule::Freestyle,
            to_move: Color::Black,
            level: Level::Master,
            limits,
        };
        engine.think(&request, &std::sync::atomic::AtomicBool::new(false), &mut |_| {}).unwrap();
        let seen = sampler.seen.load(Ordering::Relaxed);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(seen >= 7, "the search reached {seen} leaves");
        assert_eq!(text.lines().count() as u64, seen / 7, "every 7th leaf of 15x15 is written");
        for line in text.lines() {
            GameRecord::parse(line).unwrap();
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
