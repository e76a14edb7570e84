//! `gomoku relabel`: scores the positions of existing game records again and writes the same
//! games with the new scores. The fit (`gomoku train --lambda 0`) then learns from a better
//! judgement of the same positions: a search with a larger node budget (`--nodes`), or another
//! engine's (`--judge CMD --judge-time MS`: a Gomocup brain, whose last reported `Eval` is the
//! score, in its own units; `train --score-scale fit` converts them).
//!
//! Only the positions `train` uses are scored again (after the opening, nobody able to make
//! five at once); the others keep their recorded score. Each game is searched with a fresh
//! engine, position after position, as `gen-data` does, so the thread count does not matter. At
//! large budgets (seen at 100 000 nodes) a few scores differ between runs: Master's root threat
//! searches and defence check also stop at their shares of its 5 s time cap. A judge's scores
//! depend on its clock; each thread starts its own judge.

use crate::cli::{RelabelArgs, WeightsArgs};
use crate::gendata::{evaluation_of, Sink};
use crate::player::{External, Player};
use crate::read_text;
use crate::tuning::data::{read_records, GameRecord};
use crate::tuning::features::is_quiet;
use gomoku::ai::{Engine, Evaluation, Limits, Position, Request};
use gomoku::board::index_of;
use gomoku::{Board, Color, Level, Pos, Rule};
use std::sync::atomic::AtomicBool;

/// Transposition table of each game's engine, in MB (deeper searches than `gen-data`'s).
const HASH_MB: usize = 16;

/// `gomoku relabel --data FILE --out FILE [--nodes N | --judge CMD [--judge-time MS]] [--rule R]
/// [--threads T] [--weights hand|embedded|FILE] [--games N]`: the first `--games` records (all by
/// default).
pub fn run_relabel(args: &RelabelArgs) -> Result<(), String> {
    let rule = args.rule;
    let data = args.data.display();
    let out = args.out.display().to_string();
    let out = out.as_str();
    let threads = args.threads.max(1);
    let text = read_text(&args.data)?;
    let mut records = read_records(&text).map_err(|e| format!("{data}: {e}"))?;
    records.truncate(args.games.unwrap_or(records.len()));
    let made = text.lines().next().unwrap_or("").trim_start_matches('#').trim();
    if let Some(command) = args.judge.as_deref() {
        let ms = args.judge_time;
        let header = format!(
            "# gomoku relabel --judge {command:?} --judge-time {ms} (scores in the judge's units) \
             of {data} ({made})\n"
        );
        let mut sink = Sink::create(out, &header)?;
        let judged = |judge: &mut Option<External>, n: usize| {
            let result = judge_game(judge, command, rule, ms, &records[n]);
            result.map_err(|e| eprintln!("relabel: game {n} left out: {e}")).ok()
        };
        sink.fill("relabel", records.len(), threads, || None, judged)?;
        return sink.finish();
    }
    let nodes = args.nodes.unwrap_or(100_000);
    let weights = args.weights.as_str();
    let evaluation =
        evaluation_of(rule, &WeightsArgs { weights: args.weights.clone(), net: args.net.clone() })?;
    let header =
        format!("# gomoku relabel --nodes {nodes} --weights {weights} of {data} ({made})\n",);
    let mut sink = Sink::create(out, &header)?;
    sink.fill(
        "relabel",
        records.len(),
        threads,
        || (),
        |_, n| Some(relabel(&records[n], rule, nodes, n as u64, &evaluation)),
    )?;
    sink.finish()
}

/// The game with each trained-on position's score replaced by the judge's evaluation, capped
/// at the scores `gen-data` records for a win; the judge is started on first use (and again
/// after a failure).
fn judge_game(
    judge: &mut Option<External>,
    command: &str,
    rule: Rule,
    ms: u64,
    record: &GameRecord,
) -> Result<GameRecord, String> {
    if judge.is_none() {
        let mut brain = External::new(command)?;
        brain.new_game(crate::gendata::SIZE, rule, ms, 0)?;
        *judge = Some(brain);
    }
    let brain = judge.as_mut().expect("started above");
    let scored = rescored(record, rule, &mut |_, moves, to_move| {
        let (_, eval) = brain.judge_if_evaluated(moves, to_move)?;
        let eval = eval.ok_or("the judge reported no evaluation (too little time?)")?;
        Ok(Some(eval.clamp(-20_000, 20_000)))
    });
    if scored.is_err() {
        *judge = None;
    }
    Ok(GameRecord { scores: scored?, ..record.clone() })
}

/// Scores a position, given as a board and as the moves so far, for the side to move; `None`
/// keeps the recorded score.
type ScoreOf<'a> = dyn FnMut(&Board, &[Pos], Color) -> Result<Option<i32>, String> + 'a;

/// The record's scores with each trained-on position's score asked of `score`.
fn rescored(record: &GameRecord, rule: Rule, score: &mut ScoreOf) -> Result<Vec<i32>, String> {
    let mut board = Board::new(u32::from(crate::gendata::SIZE)).expect("15 is a legal size");
    let mut pos = Position::new(&board, rule, Color::Black);
    let mut scores = record.scores.clone();
    for (ply, &m) in record.moves.iter().enumerate() {
        let to_move = Color::at_ply(ply);
        if ply >= record.opening && is_quiet(&pos) {
            if let Some(new) = score(&board, &record.moves[..ply], to_move)? {
                scores[ply - record.opening] = new;
            }
        }
        board.place(m, to_move);
        pos.play(index_of(m));
    }
    Ok(scores)
}

/// The game with each trained-on position's score replaced by a search of `nodes` nodes.
fn relabel(
    record: &GameRecord,
    rule: Rule,
    nodes: u64,
    seed: u64,
    evaluation: &Evaluation,
) -> GameRecord {
    let mut engine = Engine::with_evaluation(HASH_MB, seed, evaluation.clone());
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let stop = AtomicBool::new(false);
    let scores = rescored(record, rule, &mut |board, _, to_move| {
        let request = Request { board, rule, to_move, level: Level::Master, limits };
        let decision = engine.think(&request, &stop, &mut |_| {});
        Ok(decision.map(|d| crate::gendata::score_value(d.analysis.score)))
    });
    GameRecord { scores: scores.expect("a search always answers"), ..record.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuning::data::Outcome;

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
        let new = relabel(&old, Rule::Freestyle, 2_000, 1, &Evaluation::embedded());
        assert_eq!((new.outcome, new.opening, &new.moves), (old.outcome, old.opening, &old.moves));
        // Plies 2-6 are quiet; at ply 7 (white to move) black has a four.
        let kept: Vec<bool> = new.scores.iter().map(|&s| s == OLD).collect();
        assert_eq!(kept, [false, false, false, false, false, true]);
        // At ply 6 black, to move with an open three, is judged ahead.
        assert!(new.scores[4] > 0, "{:?}", new.scores);
    }

    #[test]
    fn a_judge_scores_the_quiet_positions_in_its_own_units() {
        // A brain that reports an evaluation of 77 and then plays 14,0 (empty in every position).
        let brain = "while read -r line; do case \"$line\" in START*|RESTART*) echo OK;; \
                     DONE*) echo 'MESSAGE Depth 3 | Eval 77'; echo 14,0;; esac; done";
        let mut judge = None;
        let new = judge_game(&mut judge, brain, Rule::Freestyle, 10, &record()).unwrap();
        assert_eq!(new.scores, [77, 77, 77, 77, 77, OLD]);
        assert!(judge.is_some(), "the judge is kept for the next game");
    }

    #[test]
    fn the_judge_sees_the_moves_so_far_and_the_side_to_move() {
        let mut asked = Vec::new();
        let scores = rescored(&record(), Rule::Freestyle, &mut |_, moves, to_move| {
            asked.push((moves.len(), to_move));
            Ok(Some(moves.len() as i32))
        });
        assert_eq!(scores.unwrap(), [2, 3, 4, 5, 6, OLD]);
        assert_eq!(asked[0], (2, Color::Black));
        assert_eq!(asked[1], (3, Color::White));
    }

    #[test]
    fn a_judge_that_reports_no_evaluation_leaves_the_game_out() {
        let brain = "while read -r line; do case \"$line\" in START*|RESTART*) echo OK;; \
                     DONE*) echo 14,0;; esac; done";
        let mut judge = None;
        let result = judge_game(&mut judge, brain, Rule::Freestyle, 10, &record());
        assert!(result.unwrap_err().contains("no evaluation"));
    }

    #[test]
    fn a_judge_that_fails_leaves_the_game_out_with_an_error() {
        let mut judge = None;
        let result = judge_game(&mut judge, "exit 0", Rule::Freestyle, 10, &record());
        assert!(result.is_err());
        assert!(judge.is_none());
    }

    #[test]
    fn relabelling_is_a_function_of_its_input() {
        let embedded = Evaluation::embedded();
        let a = relabel(&record(), Rule::Freestyle, 1_500, 1, &embedded);
        let b = relabel(&record(), Rule::Freestyle, 1_500, 1, &embedded);
        assert_eq!(a, b);
    }
}
