//! Benchmarks: search speed over fixed positions, and rule-check throughput.

use crate::cli::BenchArgs;
use gomoku::ai::policy::PolicyWeights;
use gomoku::ai::{Engine, Evaluation, Limits, Position, Request};
use gomoku::board::index_of;
use gomoku::record::parse_moves;
use gomoku::{renju, Board, Color, Level, Rule};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The fixed middle-game positions (move strings), one per line.
const POSITIONS: &str = include_str!("../../benches/positions.txt");

fn positions() -> Result<Vec<Board>, String> {
    POSITIONS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let moves = parse_moves(line, 15).map_err(|e| format!("{line}: {e}"))?;
            let mut board = Board::new(15).map_err(|e| e.to_string())?;
            for (i, m) in moves.iter().enumerate() {
                board.place(*m, Color::at_ply(i));
            }
            Ok(board)
        })
        .collect()
}

/// `gomoku bench`: fixed depth (node-count signature, nodes/s) or fixed time (depth reached when
/// searching for the whole time).
pub fn run_bench(args: &BenchArgs) -> Result<(), String> {
    let boards = positions()?;
    let limits = match (args.depth, args.time) {
        // The whole time is searched: the result is the depth reached in that time.
        (_, Some(ms)) => Limits::per_move(ms),
        (d, None) => Limits::depth(d.unwrap_or(8)),
    };
    let (mut total_nodes, mut total_micros, mut signature, mut depth_sum) =
        (0u64, 0u128, 0u64, 0u64);
    // Positions with a single sensible reply are answered without a search (depth 1).
    let (mut searched, mut searched_depth_sum) = (0u64, 0u64);
    let evaluation = match &args.order {
        Some(path) => {
            let order = PolicyWeights::parse(&crate::read_text(path)?)?;
            Evaluation::embedded().with_order(args.rule, Some(&order))
        }
        None => Evaluation::embedded(),
    };
    for (i, board) in boards.iter().enumerate() {
        let mut engine = Engine::with_evaluation(args.hash, 0, evaluation.clone());
        let to_move = Color::at_ply(board.stone_count());
        let request = Request { board, rule: args.rule, to_move, level: Level::Master, limits };
        let started = Instant::now();
        let decision =
            engine.think(&request, &AtomicBool::new(false), &mut |_| {}).ok_or("no move")?;
        let micros = started.elapsed().as_micros();
        let a = &decision.analysis;
        println!(
            "position {:2}: depth {:2} nodes {:9} time {:6} ms nps {:8} best {} score {}",
            i + 1,
            a.depth,
            a.nodes,
            micros / 1000,
            a.nodes as u128 * 1_000_000 / micros.max(1),
            decision.best,
            a.score
        );
        total_nodes += a.nodes;
        total_micros += micros;
        depth_sum += u64::from(a.depth);
        if a.nodes > 1 {
            searched += 1;
            searched_depth_sum += u64::from(a.depth);
        }
        signature = signature.wrapping_mul(1_000_003).wrapping_add(a.nodes);
    }
    println!(
        "TOTAL positions {} nodes {} time {} ms nps {} mean depth {:.1} ({:.1} over the {} \
         searched) signature {:016x}",
        boards.len(),
        total_nodes,
        total_micros / 1000,
        total_nodes as u128 * 1_000_000 / total_micros.max(1),
        depth_sum as f64 / boards.len() as f64,
        searched_depth_sum as f64 / searched.max(1) as f64,
        searched,
        signature
    );
    Ok(())
}

/// `gomoku perf`: how many five checks and forbidden-point checks run per second.
pub fn run_rule_perf() -> Result<(), String> {
    let mut boards = positions()?;
    let points: Vec<Vec<usize>> =
        boards.iter().map(|b| b.empty_points().map(index_of).collect()).collect();
    let rounds = 200;
    let started = Instant::now();
    let mut checks = 0u64;
    let mut wins = 0u64;
    for _ in 0..rounds {
        for (board, empties) in boards.iter().zip(&points) {
            for &q in empties {
                wins += u64::from(Rule::Standard.would_win_at(board, q, Color::Black));
                checks += 1;
            }
        }
    }
    let five_rate = checks as f64 / started.elapsed().as_secs_f64();
    let started = Instant::now();
    let mut forbidden_checks = 0u64;
    let mut forbidden = 0u64;
    for _ in 0..rounds / 4 {
        for (board, empties) in boards.iter_mut().zip(&points) {
            for &q in empties {
                forbidden += u64::from(renju::forbidden_at(board, q).is_some());
                forbidden_checks += 1;
            }
        }
    }
    let forbidden_rate = forbidden_checks as f64 / started.elapsed().as_secs_f64();
    println!("five checks: {checks} in total, {wins} fives, {five_rate:.0}/s");
    println!("forbidden-point checks: {forbidden_checks} in total, {forbidden} forbidden, {forbidden_rate:.0}/s");
    run_move_perf(&boards);
    Ok(())
}

/// The search's make/unmake speed: every point near the stones of every position played and
/// taken back, with the incremental patterns, shapes and sums kept up to date.
fn run_move_perf(boards: &[Board]) {
    let mut moves = 0u64;
    let mut checksum = 0i64;
    let started = Instant::now();
    for board in boards {
        let to_move = Color::at_ply(board.stone_count());
        let mut pos = Position::new(board, Rule::Freestyle, to_move);
        let near: Vec<usize> =
            board.empty_points().map(index_of).filter(|&q| pos.is_near_stones(q)).collect();
        for _ in 0..2_000 {
            for &q in &near {
                pos.play(q);
                checksum += i64::from(pos.learned_sum(to_move, false));
                pos.undo();
            }
            moves += near.len() as u64;
        }
    }
    let nanos = started.elapsed().as_nanos() as f64 / moves.max(1) as f64;
    println!("play + undo: {moves} in total, {nanos:.0} ns each (checksum {checksum})");
}
