//! `gomoku explorer-book`: the opening explorer's book — for each of the 26 canonical openings
//! (`gomoku::study::explorer::OPENINGS`), Master's score for white to move and white's best
//! replies with their scores, from one search of a fixed node budget each (so the book is a
//! function of the engine and the budget, whatever the machine). One opening a line:
//!
//! ```text
//! 3 | -120 | h9:-120 j7:-180 g7:-240
//! ```

use crate::cli::ExplorerBookArgs;
use crate::gendata::{score_value, write_atomically};
use gomoku::ai::{Engine, Limits, Request};
use gomoku::study::explorer::{board_of, BookEntry, OPENINGS};
use gomoku::{Color, Level};
use std::sync::atomic::AtomicBool;

/// `gomoku explorer-book --rule R --out FILE [--nodes N] [--replies K]`.
pub fn run_explorer_book(args: &ExplorerBookArgs) -> Result<(), String> {
    let mut lines = format!(
        "# gomoku explorer-book --rule {} --nodes {} --replies {}: the 26 openings, white to move\n",
        args.rule, args.nodes, args.replies
    );
    for (index, opening) in OPENINGS.iter().enumerate() {
        let entry = judge(index, args)?;
        eprintln!("{} {}: {}", opening.name_ja, opening.name_zh, entry.to_line());
        lines += &(entry.to_line() + "\n");
    }
    write_atomically(&args.out, &lines)
}

/// One search of opening `index` with `args.replies` lines.
fn judge(index: usize, args: &ExplorerBookArgs) -> Result<BookEntry, String> {
    let board = board_of(index).ok_or("no such opening")?;
    let mut engine = Engine::new(64, 0x0BE1);
    engine.set_threads(1);
    let limits = Limits { nodes: Some(args.nodes), multi_pv: args.replies, ..Limits::default() };
    let request = Request {
        board: &board,
        rule: args.rule,
        to_move: Color::White,
        level: Level::Master,
        limits,
    };
    let decision =
        engine.think(&request, &AtomicBool::new(false), &mut |_| {}).ok_or("no move found")?;
    let replies = decision
        .analysis
        .lines
        .iter()
        .filter_map(|line| Some((*line.pv.first()?, score_value(line.score))))
        .collect();
    Ok(BookEntry { index, score: score_value(decision.analysis.score), replies })
}
