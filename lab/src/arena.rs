//! Matches between two players over a book of openings, colours swapped, one or more games at
//! a time, with an optional SPRT that ends the match once it decides.

use crate::opened::play_opened_game;
use crate::player::Player;
use crate::stats::{Sprt, Tally, Verdict};
use gomoku::board::index_of;
use gomoku::opening::OpeningRule;
use gomoku::{renju, Board, Color, Pos, Rule};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// How a game ended, from black's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// A colour made five.
    Won(Color),
    /// The board filled up.
    Draw,
    /// A colour played an illegal move, failed to answer or crashed: the other wins.
    Forfeit(Color),
    /// A colour overstepped the time for a move or its match clock: the other wins.
    Timeout(Color),
}

/// The time control of a game: per move, and per side for the whole game (0: none).
#[derive(Clone, Copy, Debug)]
pub struct TimeControl {
    /// Milliseconds per move.
    pub move_ms: u64,
    /// Milliseconds per side for the game (0: no match clock).
    pub match_ms: u64,
}

/// The slowest move and the least time left seen under a match clock (over the whole run).
pub static SLOWEST_MOVE_MS: AtomicU64 = AtomicU64::new(0);
/// See [`SLOWEST_MOVE_MS`].
pub static LEAST_LEFT_MS: AtomicU64 = AtomicU64::new(u64::MAX);

/// Reads the openings file: one opening per line, `x1,y1, x2,y2, x3,y3` as offsets from the centre.
pub fn read_openings(text: &str) -> Result<Vec<Vec<(i32, i32)>>, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let numbers: Result<Vec<i32>, _> =
                line.split(',').map(|t| t.trim().parse::<i32>()).collect();
            let numbers = numbers.map_err(|_| format!("bad opening line {line:?}"))?;
            if numbers.len() % 2 != 0 {
                return Err(format!("odd number of coordinates in {line:?}"));
            }
            Ok(numbers.chunks(2).map(|c| (c[0], c[1])).collect())
        })
        .collect()
}

/// Plays one game from an opening; returns the end and the moves.
pub fn play_game(
    black: &mut dyn Player,
    white: &mut dyn Player,
    opening: &[(i32, i32)],
    size: u8,
    rule: Rule,
    clock: TimeControl,
) -> (GameEnd, Vec<Pos>) {
    let mut board = Board::new(u32::from(size)).expect("size checked");
    let mut moves: Vec<Pos> = Vec::new();
    let centre = i32::from(size / 2);
    for (i, &(dx, dy)) in opening.iter().enumerate() {
        let p = Pos::new((centre + dx) as u8, (centre + dy) as u8);
        board.place(p, Color::at_ply(i));
        moves.push(p);
    }
    if black.new_game(size, rule, clock.move_ms, clock.match_ms).is_err() {
        return (GameEnd::Forfeit(Color::Black), moves);
    }
    if white.new_game(size, rule, clock.move_ms, clock.match_ms).is_err() {
        return (GameEnd::Forfeit(Color::White), moves);
    }
    play_on(black, white, board, moves, rule, clock)
}

/// Plays on from a position (the players' games begun) until the game ends.
pub fn play_on(
    black: &mut dyn Player,
    white: &mut dyn Player,
    mut board: Board,
    mut moves: Vec<Pos>,
    rule: Rule,
    clock: TimeControl,
) -> (GameEnd, Vec<Pos>) {
    let mut left = [clock.match_ms; 2];
    loop {
        let to_move = Color::at_ply(moves.len());
        let player: &mut dyn Player =
            if to_move == Color::Black { &mut *black } else { &mut *white };
        if clock.match_ms > 0 {
            player.set_time_left(left[to_move.index()]);
        }
        let started = Instant::now();
        let Ok(p) = player.choose(&board, &moves, to_move) else {
            return (GameEnd::Forfeit(to_move), moves);
        };
        if clock.match_ms > 0 {
            let used = started.elapsed().as_millis() as u64;
            SLOWEST_MOVE_MS.fetch_max(used, Ordering::Relaxed);
            let over = used > clock.move_ms || used > left[to_move.index()];
            left[to_move.index()] = left[to_move.index()].saturating_sub(used);
            LEAST_LEFT_MS.fetch_min(left[to_move.index()], Ordering::Relaxed);
            if over {
                return (GameEnd::Timeout(to_move), moves);
            }
        }
        if let Some(end) = play_checked(&mut board, &mut moves, p, rule) {
            return (end, moves);
        }
    }
}

/// Plays `p` for the side to move: a forfeit if it is illegal, or how the game ended, if it did.
pub fn play_checked(
    board: &mut Board,
    moves: &mut Vec<Pos>,
    p: Pos,
    rule: Rule,
) -> Option<GameEnd> {
    let to_move = Color::at_ply(moves.len());
    if !board.contains(p) || board.stone(p).is_some() {
        return Some(GameEnd::Forfeit(to_move));
    }
    if rule == Rule::Renju && to_move == Color::Black && renju::forbidden(board, p).is_some() {
        return Some(GameEnd::Forfeit(to_move));
    }
    board.place(p, to_move);
    moves.push(p);
    if rule.wins_at(board, index_of(p), to_move) {
        return Some(GameEnd::Won(to_move));
    }
    board.is_full().then_some(GameEnd::Draw)
}

/// Points of one game for the player who had `color` (1, ½ or 0).
pub fn points_for(end: GameEnd, color: Color) -> f64 {
    match end {
        GameEnd::Won(c) => f64::from(u8::from(c == color)),
        GameEnd::Forfeit(c) | GameEnd::Timeout(c) => f64::from(u8::from(c != color)),
        GameEnd::Draw => 0.5,
    }
}

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
        let (a_color, end, moves) = play_opened_game(a, b, a_opens, plan);
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

#[cfg(test)]
mod clock_tests {
    use super::*;
    use gomoku::opening::{ai::Turn, Opening};

    /// Plays the first empty point after `delay_ms`, remembering the times left it was told.
    struct Steady {
        delay_ms: u64,
        told: Vec<u64>,
    }

    impl Player for Steady {
        fn name(&self) -> String {
            "steady".into()
        }
        fn new_game(&mut self, _: u8, _: Rule, _: u64, _: u64) -> Result<(), String> {
            Ok(())
        }
        fn set_time_left(&mut self, left_ms: u64) {
            self.told.push(left_ms);
        }
        fn choose(&mut self, board: &Board, _: &[Pos], _: Color) -> Result<Pos, String> {
            std::thread::sleep(std::time::Duration::from_millis(self.delay_ms));
            board.empty_points().next().ok_or_else(|| "full".into())
        }
        fn opening_turn(&mut self, _: &Opening) -> Result<Turn, String> {
            Err("no openings".into())
        }
    }

    fn game(delay_black: u64, clock: TimeControl) -> (GameEnd, Vec<u64>) {
        let mut black = Steady { delay_ms: delay_black, told: Vec::new() };
        let mut white = Steady { delay_ms: 1, told: Vec::new() };
        let (end, _) = play_game(&mut black, &mut white, &[], 7, Rule::Freestyle, clock);
        (end, black.told)
    }

    #[test]
    fn a_move_over_the_turn_time_or_the_match_clock_loses_on_time() {
        let (end, _) = game(40, TimeControl { move_ms: 20, match_ms: 10_000 });
        assert_eq!(end, GameEnd::Timeout(Color::Black));
        let (end, told) = game(30, TimeControl { move_ms: 1000, match_ms: 100 });
        assert_eq!(end, GameEnd::Timeout(Color::Black), "the clock ran out: {told:?}");
        assert!(told.windows(2).all(|w| w[1] < w[0]), "time left shrinks: {told:?}");
        assert_eq!(told[0], 100);
    }

    #[test]
    fn without_a_match_clock_nobody_is_timed() {
        let (end, told) = game(5, TimeControl { move_ms: 1, match_ms: 0 });
        assert!(!matches!(end, GameEnd::Timeout(_)), "{end:?}");
        assert!(told.is_empty());
    }
}
