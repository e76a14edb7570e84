//! `gomoku agree --judge CMD`: how much worse than a stronger engine's own move each of our moves
//! leaves the position, by that engine's evaluation — a finer measure than agreeing on the move,
//! since many quiet positions have several moves of about the same worth.
//!
//! A move's worth is the judge's evaluation of the position after it, from the mover's side;
//! a move's loss is the worth of the judge's move less the worth of ours (0 when they are the
//! same move), capped at [`LOSS_CAP`]. Worths are kept in a cache file so that the same move in
//! the same position is judged once, whichever version of our engine played it.

use crate::player::{External, Player};
use gomoku::{Color, Pos, Rule};
use std::collections::HashMap;
use std::io::Write;

/// A loss is counted up to this: a move into a lost position costs the same however lost.
pub const LOSS_CAP: i32 = 1_000;
/// A move losing this much or more is counted apart.
const BIG_LOSS: i32 = 300;

/// The judge, its cache and the losses measured so far.
pub struct LossJudge {
    judge: External,
    cache: HashMap<String, i32>,
    cache_file: Option<std::fs::File>,
    losses: Vec<i32>,
}

impl LossJudge {
    /// A judge running `cmd` at `ms` a position; worths already in the file `cache` are reused
    /// and new ones appended to it.
    pub fn new(
        cmd: &str,
        rule: Rule,
        ms: u64,
        cache: Option<&std::path::Path>,
    ) -> Result<LossJudge, String> {
        let mut judge = External::new(cmd)?;
        judge.new_game(15, rule, ms, 0)?;
        let (map, cache_file) = match cache {
            Some(path) => {
                let map = parse_cache(&std::fs::read_to_string(path).unwrap_or_default());
                let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
                (map, Some(file.map_err(|e| format!("{}: {e}", path.display()))?))
            }
            None => (HashMap::new(), None),
        };
        Ok(LossJudge { judge, cache: map, cache_file, losses: Vec::new() })
    }

    /// Judges our move `ours` against the judge's `judges` after `moves`.
    pub fn add(&mut self, moves: &[Pos], ours: Pos, judges: Pos) -> Result<(), String> {
        let loss = if ours == judges {
            0
        } else {
            move_loss(self.worth(moves, judges)?, self.worth(moves, ours)?)
        };
        self.losses.push(loss);
        Ok(())
    }

    /// The judge's worth of playing `m` after `moves`, for the side playing it.
    fn worth(&mut self, moves: &[Pos], m: Pos) -> Result<i32, String> {
        let mut line = moves.to_vec();
        line.push(m);
        let key = cache_key(&line);
        if let Some(&worth) = self.cache.get(&key) {
            return Ok(worth);
        }
        let (_, eval) = self.judge.judge(&line, Color::at_ply(line.len()))?;
        let worth = -eval;
        if let Some(file) = self.cache_file.as_mut() {
            writeln!(file, "{key} => {worth}").map_err(|e| e.to_string())?;
        }
        self.cache.insert(key, worth);
        Ok(worth)
    }

    /// The summary line: mean loss with its 95 % interval and the count of big losses.
    pub fn summary(&self) -> String {
        summarize(&self.losses)
    }
}

/// The loss of playing a move worth `played` where the judge's move is worth `best`.
fn move_loss(best: i32, played: i32) -> i32 {
    (best - played).clamp(0, LOSS_CAP)
}

/// A position's moves as the cache's key: `x,y` pairs separated by spaces.
fn cache_key(line: &[Pos]) -> String {
    line.iter().map(|p| format!("{},{}", p.x, p.y)).collect::<Vec<_>>().join(" ")
}

/// The cache file's `key => worth` lines (others are skipped).
fn parse_cache(text: &str) -> HashMap<String, i32> {
    text.lines()
        .filter_map(|line| {
            let (key, worth) = line.rsplit_once(" => ")?;
            Some((key.to_string(), worth.trim().parse().ok()?))
        })
        .collect()
}

fn summarize(losses: &[i32]) -> String {
    let n = losses.len().max(1) as f64;
    let mean = losses.iter().map(|&l| f64::from(l)).sum::<f64>() / n;
    let variance = losses.iter().map(|&l| (f64::from(l) - mean).powi(2)).sum::<f64>() / n;
    let big = losses.iter().filter(|&&l| l >= BIG_LOSS).count();
    format!(
        "LOSS mean {mean:.1} ± {:.1} (judge's units, each capped at {LOSS_CAP}); {big} of {} moves lose {BIG_LOSS} or more",
        1.96 * (variance / n).sqrt(),
        losses.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_better_than_the_judges_loses_nothing_and_losses_are_capped() {
        assert_eq!(move_loss(120, 40), 80);
        assert_eq!(move_loss(40, 120), 0);
        assert_eq!(move_loss(500, -99_990), LOSS_CAP);
    }

    #[test]
    fn the_cache_reads_back_what_it_keys_and_skips_other_lines() {
        let key = cache_key(&[Pos::new(7, 7), Pos::new(8, 6)]);
        assert_eq!(key, "7,7 8,6");
        let cache = parse_cache(&format!("{key} => -37\ngarbage\n7,7 => x\n"));
        assert_eq!(cache.len(), 1);
        assert_eq!(cache.get("7,7 8,6"), Some(&-37));
    }

    #[test]
    fn the_summary_gives_the_mean_and_the_big_losses() {
        let line = summarize(&[0, 0, 400, 200]);
        assert!(line.starts_with("LOSS mean 150.0 ± "), "{line}");
        assert!(line.ends_with("1 of 4 moves lose 300 or more"), "{line}");
    }
}
