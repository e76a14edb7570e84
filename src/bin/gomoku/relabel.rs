//! `gomoku relabel`: searches the positions of existing game records again, with a larger node
//! budget, and writes the same games with the new scores. The fit (`gomoku train --lambda 0`)
//! then learns from a deeper search's judgement of the same positions.
//!
//! Only the positions `train` uses are searched again (after the opening, nobody able to make
//! five at once); the others keep their recorded score. Each game is searched with a fresh
//! engine, position after position, as `gen-data` does, so the thread count does not matter. At
//! large budgets (seen at 100 000 nodes) a few scores differ between runs: Master's root threat
//! searches and defence check also stop at their shares of its 5 s time cap.

use crate::gendata::{install_weights, Sink};
use crate::{number, option, rule_option};
use gomoku::ai::{Engine, Limits, Position, Request};
use gomoku::board::index_of;
use gomoku::tuning::data::{read_records, GameRecord};
use gomoku::tuning::features::is_quiet;
use gomoku::{Board, Color, Level, Rule};
use std::sync::atomic::AtomicBool;

/// Transposition table of each game's engine, in MB (deeper searches than `gen-data`'s).
const HASH_MB: usize = 16;

/// `gomoku relabel --data FILE --out FILE --nodes N [--rule R] [--threads T]
/// [--weights hand|embedded|FILE] [--games N]`: the first `--games` records (all by default).
pub fn run_relabel(args: &[String]) -> Result<(), String> {
    let rule: Rule = rule_option(args)?;
    let data = option(args, "--data").ok_or("relabel needs --data FILE")?;
    let out = option(args, "--out").ok_or("relabel needs --out FILE")?;
    let nodes = number(args, "--nodes", 100_000)?;
    let threads = number(args, "--threads", 2)?.max(1) as usize;
    let weights = option(args, "--weights").unwrap_or("embedded");
    install_weights(rule, weights)?;
    let text = std::fs::read_to_string(data).map_err(|e| format!("{data}: {e}"))?;
    let mut records = read_records(&text).map_err(|e| format!("{data}: {e}"))?;
    records.truncate(number(args, "--games", records.len() as u64)? as usize);
    let made = text.lines().next().unwrap_or("").trim_start_matches('#').trim();
    let header =
        format!("# gomoku relabel --nodes {nodes} --weights {weights} of {data} ({made})\n",);
    let mut sink = Sink::create(out, &header)?;
    sink.fill(
        "relabel",
        records.len(),
        threads,
        || (),
        |_, n| Some(relabel(&records[n], rule, nodes, n as u64)),
    )?;
    sink.finish()
}

/// The game with each trained-on position's score replaced by a search of `nodes` nodes.
fn relabel(record: &GameRecord, rule: Rule, nodes: u64, seed: u64) -> GameRecord {
    let size = crate::gendata::SIZE;
    let mut board = Board::new(u32::from(size)).expect("15 is a legal size");
    let mut pos = Position::new(&board, rule, Color::Black);
    let mut engine = Engine::new(HASH_MB, seed);
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let stop = AtomicBool::new(false);
    let mut scores = record.scores.clone();
    for (ply, &m) in record.moves.iter().enumerate() {
        let to_move = Color::at_ply(ply);
        if ply >= record.opening && is_quiet(&pos) {
            let request = Request { board: &board, rule, to_move, level: Level::Master, limits };
            if let Some(decision) = engine.think(&request, &stop, &mut |_| {}) {
                scores[ply - record.opening] = crate::gendata::score_value(decision.analysis.score);
            }
        }
        board.place(m, to_move);
        pos.play(index_of(m));
    }
    GameRecord { scores, ..record.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku::tuning::data::Outcome;
    use gomoku::Pos;

    /// A marker no search returns, to tell kept scores from new ones.
    const OLD: i32 = 12_345;

    /// Black builds three, then four in a row along y = 7 while white plays far away; the
    /// position after black's fourth stone is not quiet (black can make five).
    fn record() -> GameRecord {
        let moves: Vec<Pos> = [(7, 7), (0, 0), (8, 7), (0, 2), (9, 7), (0, 4), (10, 7), (14, 14)]
            .map(|(x, y)| Pos::new(x, y))
            .to_vec();
        GameRecord { outcome: Outcome::Won(Color::Black), opening: 2, scores: vec![OLD; 6], moves }
    }

    #[test]
    fn quiet_positions_get_new_scores_and_the_rest_keep_theirs() {
        let old = record();
        let new = relabel(&old, Rule::Freestyle, 2_000, 1);
        assert_eq!((new.outcome, new.opening, &new.moves), (old.outcome, old.opening, &old.moves));
        // Plies 2-6 are quiet; at ply 7 (white to move) black has a four.
        let kept: Vec<bool> = new.scores.iter().map(|&s| s == OLD).collect();
        assert_eq!(kept, [false, false, false, false, false, true]);
        // At ply 6 black, to move with an open three, is judged ahead.
        assert!(new.scores[4] > 0, "{:?}", new.scores);
    }

    #[test]
    fn relabelling_is_a_function_of_its_input() {
        let a = relabel(&record(), Rule::Freestyle, 1_500, 1);
        let b = relabel(&record(), Rule::Freestyle, 1_500, 1);
        assert_eq!(a, b);
    }
}
