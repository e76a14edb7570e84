//! Matches between two players over a book of openings, colours swapped, one or more games at
//! a time, with an optional SPRT that ends the match once it decides.

use crate::game_play::{play_game, points_for, GameEnd, GameSettings, TimeControl};
use crate::opened::play_opened_game;
use crate::player::Player;
use crate::stats::{Sprt, Tally, Verdict};
use gomoku::opening::OpeningRule;
use gomoku::{Color, Pos, Rule};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// The result of a match from player A's point of view.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// The SPRT's verdict, when it stopped the match.
    pub verdict: Option<Verdict>,
    /// Games played.
    pub games: usize,
    /// A's wins, draws, losses.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// A's losses.
    pub losses: usize,
    /// Games lost by forfeit, per side (A, B).
    pub forfeits: (usize, usize),
    /// Games lost on time, per side (A, B).
    pub timeouts: (usize, usize),
}

impl MatchResult {
    /// A's score in percent.
    pub fn percent(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) * 100.0 / self.games as f64
    }
}

/// How a match is played.
pub struct MatchPlan<'a> {
    /// The openings; each is played twice, A black then A white (without an opening rule).
    pub openings: &'a [Vec<(i32, i32)>],
    /// The opening rule: with one, every game starts from the empty board with the opening
    /// played by the players, A the opener in even games and B in odd ones.
    pub opening_rule: OpeningRule,
    /// Games to play under an opening rule.
    pub games: usize,
    /// Board side.
    pub size: u8,
    /// The rule.
    pub rule: Rule,
    /// Time per move.
    pub move_ms: u64,
    /// Time per side for a whole game (0: no match clock).
    pub match_ms: u64,
    /// Games played at once (one pair of players per game slot).
    pub concurrency: usize,
    /// Stop early when this test reaches a verdict.
    pub sprt: Option<Sprt>,
    /// The players' names, for the report.
    pub names: (String, String),
}

impl MatchPlan<'_> {
    /// The games' time control.
    pub fn clock(&self) -> TimeControl {
        TimeControl { move_ms: self.move_ms, match_ms: self.match_ms }
    }

    /// What every game of the match is played with.
    pub fn game(&self) -> GameSettings {
        GameSettings {
            size: self.size,
            rule: self.rule,
            opening_rule: self.opening_rule,
            clock: self.clock(),
        }
    }
}

/// The two players (A, B) of one game slot.
pub type Pair = (Box<dyn Player>, Box<dyn Player>);

/// Makes the two players of one game slot.
pub type MakePlayers<'a> = dyn Fn(usize) -> Result<Pair, String> + Sync + 'a;

/// One finished game.
struct Finished {
    opening: usize,
    /// Under an opening rule: whether A was the opener.
    a_opened: Option<bool>,
    a_color: Color,
    end: GameEnd,
    moves: Vec<Pos>,
}

/// Plays the plan's games, `concurrency` at a time, printing one line per game as it ends, and
/// stops early when the SPRT decides.
///
/// # Errors
/// When a slot's players cannot be made.
pub fn run_match(make: &MakePlayers<'_>, plan: &MatchPlan<'_>) -> Result<MatchResult, String> {
    let jobs = match plan.opening_rule {
        OpeningRule::Free => plan.openings.len() * 2,
        _ => plan.games,
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, finished) = mpsc::channel::<Result<Finished, String>>();
    let mut result = MatchResult::default();
    let started = Instant::now();
    std::thread::scope(|scope| {
        for slot in 0..plan.concurrency.max(1) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                let (mut a, mut b) = match make(slot) {
                    Ok(players) => players,
                    Err(why) => return drop(sender.send(Err(why))),
                };
                loop {
                    let job = next.fetch_add(1, Ordering::SeqCst);
                    if job >= jobs || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let game = play_job(a.as_mut(), b.as_mut(), job, plan);
                    if sender.send(Ok(game)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for game in finished {
            let game = match game {
                Ok(game) => game,
                Err(why) => {
                    stop.store(true, Ordering::SeqCst);
                    return Err(why);
                }
            };
            result.add(&game);
            print_game(&game, &result, plan, started);
            if let Some(sprt) = plan.sprt {
                let verdict = sprt.verdict(&result.tally());
                if verdict != Verdict::Continue && result.verdict.is_none() {
                    result.verdict = Some(verdict);
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
        Ok(())
    })?;
    Ok(result)
}

/// Plays game number `job` of the plan.
fn play_job(a: &mut dyn Player, b: &mut dyn Player, job: usize, plan: &MatchPlan<'_>) -> Finished {
    let opening = job / 2;
    if plan.opening_rule != OpeningRule::Free {
        let a_opens = job % 2 == 0;
        let (a_color, end, moves) = play_opened_game(a, b, a_opens, &plan.game());
        return Finished { opening, a_opened: Some(a_opens), a_color, end, moves };
    }
    let a_color = Color::at_ply(job % 2);
    let stones = &plan.openings[opening];
    let (end, moves) = if a_color == Color::Black {
        play_game(a, b, stones, plan.size, plan.rule, plan.clock())
    } else {
        play_game(b, a, stones, plan.size, plan.rule, plan.clock())
    };
    Finished { opening, a_opened: None, a_color, end, moves }
}

impl MatchResult {
    fn add(&mut self, game: &Finished) {
        let points = points_for(game.end, game.a_color);
        self.games += 1;
        match points {
            p if p > 0.75 => self.wins += 1,
            p if p < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
        let side = |c: Color| if c == game.a_color { 0 } else { 1 };
        match game.end {
            GameEnd::Forfeit(c) if side(c) == 0 => self.forfeits.0 += 1,
            GameEnd::Forfeit(_) => self.forfeits.1 += 1,
            GameEnd::Timeout(c) if side(c) == 0 => self.timeouts.0 += 1,
            GameEnd::Timeout(_) => self.timeouts.1 += 1,
            _ => {}
        }
    }

    /// Wins, draws and losses of A.
    pub fn tally(&self) -> Tally {
        Tally { wins: self.wins as u32, draws: self.draws as u32, losses: self.losses as u32 }
    }
}

fn print_game(game: &Finished, result: &MatchResult, plan: &MatchPlan<'_>, started: Instant) {
    let line: String =
        game.moves.iter().filter_map(|m| m.to_notation(plan.size)).map(|n| n.to_string()).collect();
    let role = match game.a_opened {
        Some(true) => " (opener)",
        Some(false) => " (responder)",
        None => "",
    };
    println!(
        "{} {:3} {}{role} as {:5}: {:?} after {} moves  [{}: +{} ={} -{}, {:.1}%, {:.0}s] {}",
        if game.a_opened.is_some() { "pair" } else { "opening" },
        game.opening + 1,
        plan.names.0,
        game.a_color.name(),
        game.end,
        game.moves.len(),
        plan.names.0,
        result.wins,
        result.draws,
        result.losses,
        result.percent(),
        started.elapsed().as_secs_f64(),
        line
    );
}

/// A game line of `gomoku match` (`opening  12 A as black: Won(White) after 40 moves …`): the
/// opening number, the colour the logged player (A) had and its points. `None` for other lines.
pub fn parse_result_line(line: &str) -> Result<Option<(usize, Color, f64)>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"opening") {
        return Ok(None);
    }
    let bad = || format!("bad match log line {line:?}");
    let opening: usize = words.get(1).and_then(|w| w.parse().ok()).ok_or_else(bad)?;
    let as_at = words.iter().position(|&w| w == "as").ok_or_else(bad)?;
    let colour = match words.get(as_at + 1).map(|w| w.trim_end_matches(':')) {
        Some("black") => Color::Black,
        Some("white") => Color::White,
        _ => return Err(bad()),
    };
    // The end follows the colour (`as black: Won(White)`, or `as white : Draw` when padded).
    let end = words[as_at + 2..].iter().find(|w| **w != ":").ok_or_else(bad)?;
    let end = parse_end(end).ok_or_else(bad)?;
    Ok(Some((opening, colour, points_for(end, colour))))
}

/// The moves of a game line of `gomoku match` (its last word, e.g. `h8i9j10`, on 15×15).
pub fn result_line_moves(line: &str) -> Result<Vec<Pos>, String> {
    let last = line.split_whitespace().last().unwrap_or("");
    gomoku::record::parse_moves(last, 15).map_err(|e| e.to_string())
}

/// A game's end as the match log prints it (`Won(Black)`, `Draw`, `Forfeit(White)`, …).
fn parse_end(word: &str) -> Option<GameEnd> {
    if word == "Draw" {
        return Some(GameEnd::Draw);
    }
    let (kind, rest) = word.split_once('(')?;
    let colour = match rest.strip_suffix(')')? {
        "Black" => Color::Black,
        "White" => Color::White,
        _ => return None,
    };
    match kind {
        "Won" => Some(GameEnd::Won(colour)),
        "Forfeit" => Some(GameEnd::Forfeit(colour)),
        "Timeout" => Some(GameEnd::Timeout(colour)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(opening: usize, colour: &str, end: &str) -> String {
        format!("opening {opening:3} pb as {colour}: {end} after 30 moves  [pb: +1 =0 -0] h8i9\n")
    }

    #[test]
    fn a_result_line_gives_the_opening_the_colour_and_the_points() {
        let parse = |colour, end| parse_result_line(&line(12, colour, end)).unwrap().unwrap();
        assert_eq!(parse("black", "Won(Black)"), (12, Color::Black, 1.0));
        assert_eq!(parse("white", "Won(Black)"), (12, Color::White, 0.0));
        assert_eq!(parse("white", "Draw"), (12, Color::White, 0.5));
        assert_eq!(parse("white", "Forfeit(Black)"), (12, Color::White, 1.0));
        assert_eq!(parse("black", "Timeout(Black)"), (12, Color::Black, 0.0));
        let summary = "RESULT pb vs rapfi: 2 games, +1 =0 -1 (50.0%), Elo -0";
        assert_eq!(parse_result_line(summary), Ok(None));
        assert!(parse_result_line("opening x pb as black: Won(Black) after 3 moves").is_err());
        assert!(parse_result_line("opening 1 pb as red: Won(Black) after 3 moves").is_err());
        assert!(parse_result_line("opening 1 pb as black: Lost(Black) after 3 moves").is_err());
    }
}
