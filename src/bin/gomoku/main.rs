//! `gomoku`: command-line tools around the engine — benchmarks, matches, position solving.
//!
//! ```text
//! gomoku bench [--depth D] [--time MS]          search speed over fixed middle-game positions
//! gomoku match A B [--time MS] [--rule R] [--openings FILE] [--games N] [--concurrency N]
//!                  [--sprt ELO0,ELO1[,ALPHA,BETA]] [--opening-rule none|swap1|swap2|rif] [--match-time MS]
//!        A, B: a level (easy|medium|hard|master, optionally :dN for a fixed depth)
//!              or cmd:"shell command" for an external pbrain brain
//!        --opening-rule: every game starts from the empty board with that opening, played by
//!              the players (A the opener in even games, B in odd ones; external brains through
//!              SWAP2BOARD, so swap2 only); --games N games (default 100), no openings file
//! gomoku perf                                   five / forbidden checks per second, play + undo time
//! gomoku selfplay [--level L] [--depth D] [--plies N]   self-play games as move strings
//! gomoku gen-data --out FILE [--rule R] [--games N] [--nodes N] [--seed S] [--threads T]
//!                 [--weights hand|embedded|FILE] [--opponent CMD [--opponent-time MS] [--opponent-both]]
//!                                               self-play records for fitting the evaluation
//!                                               (or records of games against a brain)
//! gomoku train --data FILE --out FILE [--rule R] [--epochs N] [--lambda L] [--reg R] [--rate R]
//!              [--prior hand|FILE] [--scale S] [--score-scale S|fit]
//!                                               fits the evaluation's weights to those records
//! gomoku relabel --data FILE --out FILE [--nodes N | --judge CMD [--judge-time MS]] [--rule R]
//!                [--threads T] [--weights W] [--games N]
//!                                               the same records, scored again by a deeper search
//!                                               (or by another engine, in its units)
//! gomoku blunders --log MATCHLOG --judge CMD --out FILE [--openings FILE] [--rule R] [--time MS]
//!                 [--max-games N] [--every-move]
//!                                               the decisive errors of lost games, by a judge
//!                                               (or every quiet position of them)
//! gomoku agree --positions FILE [--level L] [--time MS] [--rule R]
//!              [--judge CMD [--judge-time MS] [--cache FILE]]
//!                                               how often we now play the judge's move there
//!                                               (and how much worse ours is, by the judge)
//! ```

mod arena;
mod bench;
mod blunders;
mod fitorder;
mod gendata;
mod judged;
mod opened;
mod player;
mod relabel;
mod selfplay;
mod stats;
mod swap2;
mod train;

use gomoku::opening::OpeningRule;
use player::{External, Internal, Player};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => bench::run_bench(&args[1..]),
        Some("perf") => bench::run_rule_perf(),
        Some("match") => run_match(&args[1..]),
        Some("selfplay") => selfplay::run_selfplay(&args[1..]),
        Some("gen-data") => gendata::run_gen_data(&args[1..]),
        Some("train") => train::run_train(&args[1..]),
        Some("relabel") => relabel::run_relabel(&args[1..]),
        Some("fit-order") => fitorder::run_fit_order(&args[1..]),
        Some("blunders") => blunders::run_blunders(&args[1..]),
        Some("agree") => blunders::run_agree(&args[1..]),
        _ => Err(usage()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn usage() -> String {
    "usage: gomoku bench [--depth D] [--time MS] | gomoku perf | gomoku match A B [--time MS] [--rule R] [--openings FILE] [--games N] [--concurrency N] [--sprt ELO0,ELO1[,ALPHA,BETA]] [--opening-rule none|swap1|swap2|rif] [--match-time MS] | gomoku selfplay … | gomoku gen-data --out FILE … | gomoku train --data FILE --out FILE … | gomoku relabel --data FILE --out FILE … | gomoku fit-order --openings BOOK --learn first|second|black|white --out FILE LOG… | gomoku blunders --log FILE --judge CMD --out FILE … | gomoku agree --positions FILE … (see the module documentation)".into()
}

/// The value after `--name`, if given.
pub fn option<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str)
}

/// A whole-number option, `default` when absent.
pub fn number(args: &[String], name: &str, default: u64) -> Result<u64, String> {
    option(args, name).map_or(Ok(default), |v| v.parse().map_err(|_| format!("bad {name} {v:?}")))
}

/// The rule named by `--rule` (freestyle when absent).
pub fn rule_option(args: &[String]) -> Result<gomoku::Rule, String> {
    option(args, "--rule").unwrap_or("freestyle").parse().map_err(|e| format!("{e}"))
}

fn player_of(spec: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        return Ok(Box::new(External::new(command)));
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
    Ok(Box::new(Internal::new(level, seed, depth).with_threads(threads)))
}

fn run_match(args: &[String]) -> Result<(), String> {
    let (Some(a), Some(b)) = (args.first(), args.get(1)) else { return Err(usage()) };
    let move_ms = number(args, "--time", 200)?;
    let match_ms = number(args, "--match-time", 0)?;
    let rule: gomoku::Rule = rule_option(args)?;
    let opening_rule: OpeningRule =
        option(args, "--opening-rule").unwrap_or("none").parse().map_err(|e| format!("{e}"))?;
    let games = option(args, "--games").map(str::parse::<usize>).transpose();
    let games = games.map_err(|_| "bad --games")?;
    let openings = match opening_rule {
        OpeningRule::Free => book(args, games)?,
        OpeningRule::Swap2 => Vec::new(),
        _ if [a, b].iter().any(|p| p.starts_with("cmd:")) => {
            return Err(format!(
                "external brains play only --opening-rule swap2 (SWAP2BOARD), not {opening_rule}"
            ));
        }
        _ => Vec::new(),
    };
    let concurrency: usize =
        option(args, "--concurrency").unwrap_or("1").parse().map_err(|_| "bad --concurrency")?;
    let sprt = option(args, "--sprt").map(parse_sprt).transpose()?;
    let names = (player_of(a, 0)?.name(), player_of(b, 0)?.name());
    let make = |slot: usize| -> Result<arena::Pair, String> {
        let seed = 100 * slot as u64;
        Ok((player_of(a, seed + 11)?, player_of(b, seed + 22)?))
    };
    let plan = arena::MatchPlan {
        openings: &openings,
        opening_rule,
        games: games.unwrap_or(100),
        size: 15,
        rule,
        move_ms,
        match_ms,
        concurrency,
        sprt,
        names,
    };
    let result = arena::run_match(&make, &plan)?;
    println!("{}", summary(&plan, &result));
    Ok(())
}

/// The openings book (`--openings`), cut to the openings `games` games need.
fn book(args: &[String], games: Option<usize>) -> Result<Vec<Vec<(i32, i32)>>, String> {
    let path = option(args, "--openings").unwrap_or("../shared/engines/openings-canonical26.txt");
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut openings = arena::read_openings(&text)?;
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
            arena::SLOWEST_MOVE_MS.load(std::sync::atomic::Ordering::Relaxed),
            arena::LEAST_LEFT_MS.load(std::sync::atomic::Ordering::Relaxed),
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
