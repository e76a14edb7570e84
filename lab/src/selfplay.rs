//! Self-play games printed as move strings, for making fixed test and bench positions.

use crate::cli::SelfplayArgs;
use crate::game_play::read_openings;
use crate::player::{Internal, Player};
use crate::read_text;
use gomoku::board::index_of;
use gomoku::{Board, Color, Pos};

/// `gomoku selfplay [--level L] [--depth D] [--time MS] [--rule R] [--plies N] [--openings FILE]`:
/// plays each opening once and prints the first N plies (or the whole game) as a move string.
pub fn run_selfplay(args: &SelfplayArgs) -> Result<(), String> {
    let (level, depth, time, plies, rule, seed) =
        (args.level, args.depth, args.time, args.plies, args.rule, args.seed);
    let text = read_text(&args.openings)?;
    for (n, opening) in read_openings(&text)?.iter().enumerate() {
        let mut player = Internal::new(level, seed + n as u64, depth);
        player.new_game(15, rule, time, 0)?;
        let mut board = Board::new(15).map_err(|e| e.to_string())?;
        let mut moves: Vec<Pos> =
            opening.iter().map(|&(dx, dy)| Pos::new((7 + dx) as u8, (7 + dy) as u8)).collect();
        for (i, &m) in moves.iter().enumerate() {
            board.place(m, Color::at_ply(i));
        }
        let mut result = "unfinished";
        while moves.len() < plies {
            let to_move = Color::at_ply(moves.len());
            let p = player.choose(&board, &moves, to_move)?;
            board.place(p, to_move);
            moves.push(p);
            if rule.wins_at(&board, index_of(p), to_move) {
                result = to_move.name();
                break;
            }
            if board.is_full() {
                result = "draw";
                break;
            }
        }
        let text: String =
            moves.iter().filter_map(|m| m.to_notation(15)).map(|n| n.to_string()).collect();
        println!("{text} # {result}");
    }
    Ok(())
}
