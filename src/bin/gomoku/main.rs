//! `gomoku`: command-line tools around the engine — benchmarks, matches, position solving.
//!
//! ```text
//! gomoku bench [--depth D] [--time MS]          search speed over fixed middle-game positions
//! gomoku match A B [--time MS] [--rule R] [--openings FILE] [--games N]
//!        A, B: a level (easy|medium|hard|master, optionally :dN for a fixed depth)
//!              or cmd:"shell command" for an external pbrain brain
//! gomoku perf                                   five / forbidden checks per second, play + undo time
//! gomoku selfplay [--level L] [--depth D] [--plies N]   self-play games as move strings
//! ```

mod arena;
mod bench;
mod player;
mod selfplay;

use player::{External, Internal, Player};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => bench::run_bench(&args[1..]),
        Some("perf") => bench::run_rule_perf(),
        Some("match") => run_match(&args[1..]),
        Some("selfplay") => selfplay::run_selfplay(&args[1..]),
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
    "usage: gomoku bench [--depth D] [--time MS] | gomoku perf | gomoku match A B [--time MS] [--rule R] [--openings FILE] [--games N]".into()
}

/// The value after `--name`, if given.
pub fn option<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str)
}

fn player_of(spec: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        return Ok(Box::new(External::new(command)));
    }
    let (level, depth) = match spec.split_once(":d") {
        Some((l, d)) => (l, Some(d.parse::<u32>().map_err(|_| format!("bad depth in {spec}"))?)),
        None => (spec, None),
    };
    let level = level.parse().map_err(|e| format!("{e}"))?;
    Ok(Box::new(Internal::new(level, seed, depth)))
}

fn run_match(args: &[String]) -> Result<(), String> {
    let (Some(a), Some(b)) = (args.first(), args.get(1)) else { return Err(usage()) };
    let move_ms: u64 = option(args, "--time").unwrap_or("200").parse().map_err(|_| "bad --time")?;
    let rule: gomoku::Rule =
        option(args, "--rule").unwrap_or("freestyle").parse().map_err(|e| format!("{e}"))?;
    let path = option(args, "--openings").unwrap_or("../shared/engines/openings-canonical26.txt");
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut openings = arena::read_openings(&text)?;
    if let Some(n) = option(args, "--games") {
        let n: usize = n.parse().map_err(|_| "bad --games")?;
        openings.truncate(n.div_ceil(2));
    }
    let mut first = player_of(a, 11)?;
    let mut second = player_of(b, 22)?;
    let result = arena::run_match(first.as_mut(), second.as_mut(), &openings, 15, rule, move_ms);
    println!(
        "RESULT {} vs {}: {} games, +{} ={} -{} ({:.1}%), forfeits {}/{}",
        first.name(),
        second.name(),
        result.games,
        result.wins,
        result.draws,
        result.losses,
        result.percent(),
        result.forfeits.0,
        result.forfeits.1
    );
    Ok(())
}
