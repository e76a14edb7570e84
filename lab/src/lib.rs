//! # gomoku-lab — training, data, matches and benchmarks for the Gomoku engine
//!
//! Everything that measures or trains the engine and is never shipped: the `gomoku` tool's
//! subcommands (see `gomoku --help` and `gomoku SUBCOMMAND --help`), the fitting code
//! ([`tuning`]), the match arena and the leaf sampler. It depends on the engine crate `gomoku`
//! through its public API only.

pub mod arena;
pub mod bench;
pub mod blunders;
pub mod calibrate;
pub mod cli;
pub mod compare;
pub mod cutoffs;
pub mod explorer_book;
pub mod fitorder;
pub mod game_play;
pub mod gendata;
pub mod judged;
pub mod leaves;
pub mod linepolicy;
pub mod linevalue;
pub mod missed;
pub mod opened;
pub mod player;
pub mod puzzles;
pub mod relabel;
pub mod selfplay;
pub mod spsa;
pub mod stats;
pub mod train;
pub mod tune;
pub mod tuning;

use cli::{Cli, Command, MatchArgs};
use gomoku::opening::OpeningRule;
use player::{External, Internal, Player};

/// Runs one subcommand; the error is the message to print.
pub fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Bench(args) => bench::run_bench(&args),
        Command::Perf => bench::run_rule_perf(),
        Command::Match(args) => run_match(&args),
        Command::Selfplay(args) => selfplay::run_selfplay(&args),
        Command::GenData(args) => gendata::run_gen_data(&args),
        Command::Train(args) => train::run_train(&args, &command_line()),
        Command::Tune(args) => tune::run_tune(&args),
        Command::LinePolicy(args) => linepolicy::run_line_policy(&args),
        Command::LineValue(args) => linevalue::run_line_value(&args),
        Command::Relabel(args) => relabel::run_relabel(&args),
        Command::FitOrder(args) => fitorder::run_fit_order(&args),
        Command::Blunders(args) => blunders::run_blunders(&args),
        Command::Agree(args) => blunders::run_agree(&args),
        Command::Calibrate(args) => calibrate::run_calibrate(&args),
        Command::MissedWins(args) => missed::run_missed_wins(&args),
        Command::Compare(args) => compare::run_compare(&args),
        Command::Puzzles(args) => puzzles::run_puzzles(&args),
        Command::ExplorerBook(args) => explorer_book::run_explorer_book(&args),
        Command::Pbrain => {
            gomoku::protocol::serve_stdio();
            Ok(())
        }
    }
}

/// The arguments after the subcommand's name, as typed (recorded in the files tools write).
fn command_line() -> String {
    std::env::args().skip(2).collect::<Vec<_>>().join(" ")
}

/// Reads a text file, naming it in the error.
pub fn read_text(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn player_of(
    spec: &str,
    seed: u64,
    nodes: Option<u64>,
    leaves: &Option<std::sync::Arc<leaves::LeafSampler>>,
) -> Result<Box<dyn Player>, String> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        let brain = External::new(command)?;
        return Ok(Box::new(match nodes {
            Some(n) => brain.with_max_nodes(n),
            None => brain,
        }));
    }
    // `master`, `hard:d6` (a fixed depth), `master:t2` (two search threads).
    let (spec, threads) = match spec.split_once(":t") {
        Some((s, t)) => (s, t.parse::<usize>().map_err(|_| format!("bad threads in {spec}"))?),
        None => (spec, 1),
    };
    let (level, depth) = match spec.split_once(":d") {
        Some((l, d)) => (l, Some(d.parse::<u32>().map_err(|_| format!("bad depth in {spec}"))?)),
        None => (spec, None),
    };
    let level = level.parse().map_err(|e| format!("{e}"))?;
    let mut player = Internal::new(level, seed, depth).with_threads(threads);
    if let Some(n) = nodes {
        player = player.with_nodes(n);
    }
    Ok(Box::new(player.with_leaf_sampler(leaves.clone())))
}

fn run_match(args: &MatchArgs) -> Result<(), String> {
    let (a, b) = (args.a.as_str(), args.b.as_str());
    let opening_rule: OpeningRule = args.opening_rule.parse().map_err(|e| format!("{e}"))?;
    let openings = match opening_rule {
        OpeningRule::Free => book(&args.openings, args.games)?,
        OpeningRule::Swap2 => Vec::new(),
        _ if [a, b].iter().any(|p| p.starts_with("cmd:")) => {
            return Err(format!(
                "external brains play only --opening-rule swap2 (SWAP2BOARD), not {opening_rule}"
            ));
        }
        _ => Vec::new(),
    };
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    let leaves = match &args.leaves.leaves {
        Some(path) => {
            Some(std::sync::Arc::new(leaves::LeafSampler::open(path, args.leaves.leaf_every)?))
        }
        None => None,
    };
    let (nodes_a, nodes_b) = (args.nodes_a, args.nodes_b);
    let names = (player_of(a, 0, nodes_a, &None)?.name(), player_of(b, 0, nodes_b, &None)?.name());
    let make = |slot: usize| -> Result<arena::Pair, String> {
        let seed = 100 * slot as u64;
        Ok((player_of(a, seed + 11, nodes_a, &leaves)?, player_of(b, seed + 22, nodes_b, &leaves)?))
    };
    let plan = arena::MatchPlan {
        openings: &openings,
        opening_rule,
        games: args.games.unwrap_or(100),
        size: 15,
        rule: args.rule,
        move_ms: args.time,
        match_ms: args.match_time,
        concurrency: args.concurrency,
        sprt,
        names,
    };
    let result = arena::run_match(&make, &plan)?;
    println!("{}", summary(&plan, &result));
    Ok(())
}

/// The openings book, cut to the openings `games` games need.
fn book(path: &std::path::Path, games: Option<usize>) -> Result<Vec<Vec<(i32, i32)>>, String> {
    let mut openings = game_play::read_openings(&read_text(path)?)?;
    if let Some(n) = games {
        openings.truncate(n.div_ceil(2));
    }
    Ok(openings)
}

/// `--sprt elo0,elo1[,alpha,beta]` (alpha and beta default to 0.05).
fn parse_sprt(text: &str) -> Result<stats::Sprt, String> {
    let numbers: Result<Vec<f64>, _> = text.split(',').map(|t| t.trim().parse::<f64>()).collect();
    let bad = || format!("bad --sprt {text:?}: expected elo0,elo1[,alpha,beta]");
    match *numbers.map_err(|_| bad())?.as_slice() {
        [elo0, elo1] => Ok(stats::Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 }),
        [elo0, elo1, alpha, beta] if alpha > 0.0 && beta > 0.0 && alpha < 1.0 && beta < 1.0 => {
            Ok(stats::Sprt { elo0, elo1, alpha, beta })
        }
        _ => Err(bad()),
    }
}

/// The closing `RESULT` line: score, Elo with its 95 % interval, forfeits, the SPRT's state.
fn summary(plan: &arena::MatchPlan<'_>, result: &arena::MatchResult) -> String {
    let elo = match (result.tally().elo(), stats::elo_of(result.percent() / 100.0)) {
        (Some((elo, margin)), _) => format!("Elo {elo:+.1} ± {margin:.1} (95%)"),
        (None, Some(elo)) => format!("Elo {elo:+.0} (its 95% interval reaches a 0% or 100% score)"),
        (None, None) => "Elo unbounded (all games one way)".into(),
    };
    let sprt = plan.sprt.map_or(String::new(), |s| {
        let (lower, upper) = s.bounds();
        format!(
            ", SPRT [{}, {}] LLR {:.2} ({lower:.2}, {upper:.2}): {:?}",
            s.elo0,
            s.elo1,
            s.llr(&result.tally()),
            result.verdict.unwrap_or(stats::Verdict::Continue)
        )
    });
    let clock = if plan.match_ms > 0 {
        format!(
            ", time losses {}/{} (slowest move {} ms, least time left {} ms)",
            result.timeouts.0,
            result.timeouts.1,
            game_play::SLOWEST_MOVE_MS.load(std::sync::atomic::Ordering::Relaxed),
            game_play::LEAST_LEFT_MS.load(std::sync::atomic::Ordering::Relaxed),
        )
    } else {
        String::new()
    };
    format!(
        "RESULT {} vs {}: {} games, +{} ={} -{} ({:.1}%), {elo}, forfeits {}/{}{clock}{sprt}",
        plan.names.0,
        plan.names.1,
        result.games,
        result.wins,
        result.draws,
        result.losses,
        result.percent(),
        result.forfeits.0,
        result.forfeits.1
    )
}
