//! One game between two players: from a book opening or a position, every move checked
//! against the rules and the clock, until it ends.

use crate::player::Player;
use gomoku::board::index_of;
use gomoku::opening::OpeningRule;
use gomoku::{renju, Board, Color, Pos, Rule};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// What a game is played with.
#[derive(Clone, Copy, Debug)]
pub struct GameSettings {
    /// Board side.
    pub size: u8,
    /// The rule.
    pub rule: Rule,
    /// The opening rule the players play first (`Free`: none).
    pub opening_rule: OpeningRule,
    /// The time control.
    pub clock: TimeControl,
}

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
