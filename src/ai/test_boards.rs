//! Boards for the tests of the threat searches: the bench's positions at every ply, and random
//! continuations of them.

use super::movegen::generate;
use super::position::Position;
use super::shape::WIN;
use crate::board::Board;
use crate::record::parse_moves;
use crate::{Color, Rule};

/// A 15×15 board with black stones at `black` and white ones at `white` (protocol x, y).
pub fn stones(black: &[(u8, u8)], white: &[(u8, u8)]) -> Board {
    let mut board = Board::new(15).unwrap();
    for (points, color) in [(black, Color::Black), (white, Color::White)] {
        for &(x, y) in points {
            board.place(crate::pos::Pos::new(x, y), color);
        }
    }
    board
}

/// The bench's positions at every ply from the fourth, each also continued by a few random
/// choices among the eight best-ordered candidates, as boards.
pub fn sample_boards() -> Vec<(String, Board)> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let text = include_str!("../../benches/positions.txt");
    let lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let mut boards = Vec::new();
    for line in lines {
        let moves = parse_moves(line.trim(), 15).unwrap();
        for plies in 4..=moves.len() {
            let mut board = Board::new(15).unwrap();
            for (i, &m) in moves[..plies].iter().enumerate() {
                board.place(m, Color::at_ply(i));
            }
            boards.push((format!("{line} after {plies}"), board.clone()));
            for extra in 0..8 {
                let side = Color::at_ply(plies + extra);
                let mut pos = Position::new(&board, Rule::Freestyle, side);
                let mut list = Vec::new();
                generate(&mut pos, &mut list);
                if list.is_empty() || pos.threat_count(side, WIN) > 0 {
                    break;
                }
                let pick = list[rng.random_range(0..list.len().min(8))].index;
                board.place(crate::board::pos_of(pick), side);
                boards
                    .push((format!("{line} after {plies} + {} random", extra + 1), board.clone()));
            }
        }
    }
    boards
}
