//! `gomoku missed-wins`: in the games of a match log that A lost, the positions where A was to
//! move and the threat solver proves a forced win for A (a five, a VCF or a VCT) — wins A had and
//! did not take. What share of the lost games had one says how much of A's losing is blindness
//! to a forced win rather than a worse position.

use crate::blunders::lost_games;
use crate::cli::MissedWinsArgs;
use crate::game_play::read_openings;
use crate::read_text;
use gomoku::ai::{threat_win, ProofLimits};
use gomoku::{Board, Color};
use std::sync::atomic::AtomicBool;

/// `gomoku missed-wins --log FILE [--openings FILE] [--rule R]`.
pub fn run_missed_wins(args: &MissedWinsArgs) -> Result<(), String> {
    let games = lost_games(&read_text(&args.log)?)?;
    let openings = read_openings(&read_text(&args.openings)?)?;
    let never = AtomicBool::new(false);
    let mut with_a_win = 0;
    for game in &games {
        let opening = openings.get(game.number - 1).map_or(0, Vec::len);
        let mut board = Board::new(15).map_err(|e| e.to_string())?;
        let mut first = None;
        for (ply, &m) in game.moves.iter().enumerate() {
            let to_move = Color::at_ply(ply);
            if first.is_none() && ply >= opening && to_move == game.a_color {
                let proof = threat_win(&board, args.rule, to_move, ProofLimits::default(), &never);
                first = proof.map(|w| (ply, w));
            }
            board.place(m, to_move);
        }
        if let Some((ply, win)) = first {
            with_a_win += 1;
            let kind = if win.by_fours { "VCF" } else { "VCT" };
            println!(
                "game {} ({}): at move {} a {kind} win in {} from {}",
                game.number,
                game.a_color.name(),
                ply + 1,
                win.moves,
                win.line[0]
            );
        }
    }
    let share = 100.0 * with_a_win as f64 / games.len().max(1) as f64;
    println!(
        "MISSED-WINS {with_a_win} of {} lost games ({share:.1} %) had a proven win for A",
        games.len()
    );
    Ok(())
}
