//! Matches between two players over the canonical openings, colours swapped.

use crate::player::Player;
use gomoku::board::index_of;
use gomoku::{renju, Board, Color, Pos, Rule};
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
}

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
    move_ms: u64,
) -> (GameEnd, Vec<Pos>) {
    let mut board = Board::new(u32::from(size)).expect("size checked");
    let mut moves: Vec<Pos> = Vec::new();
    let centre = i32::from(size / 2);
    for (i, &(dx, dy)) in opening.iter().enumerate() {
        let p = Pos::new((centre + dx) as u8, (centre + dy) as u8);
        board.place(p, Color::at_ply(i));
        moves.push(p);
    }
    if black.new_game(size, rule, move_ms).is_err() {
        return (GameEnd::Forfeit(Color::Black), moves);
    }
    if white.new_game(size, rule, move_ms).is_err() {
        return (GameEnd::Forfeit(Color::White), moves);
    }
    loop {
        let to_move = Color::at_ply(moves.len());
        let player: &mut dyn Player =
            if to_move == Color::Black { &mut *black } else { &mut *white };
        let Ok(p) = player.choose(&board, &moves, to_move) else {
            return (GameEnd::Forfeit(to_move), moves);
        };
        if !board.contains(p) || board.stone(p).is_some() {
            return (GameEnd::Forfeit(to_move), moves);
        }
        if rule == Rule::Renju && to_move == Color::Black && renju::forbidden(&board, p).is_some() {
            return (GameEnd::Forfeit(to_move), moves);
        }
        board.place(p, to_move);
        moves.push(p);
        if rule.wins_at(&board, index_of(p), to_move) {
            return (GameEnd::Won(to_move), moves);
        }
        if board.is_full() {
            return (GameEnd::Draw, moves);
        }
    }
}

/// Points of one game for the player who had `color` (1, ½ or 0).
pub fn points_for(end: GameEnd, color: Color) -> f64 {
    match end {
        GameEnd::Won(c) => f64::from(u8::from(c == color)),
        GameEnd::Forfeit(c) => f64::from(u8::from(c != color)),
        GameEnd::Draw => 0.5,
    }
}

/// The result of a match from player A's point of view.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
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

/// Plays every opening twice (A black then A white) and prints one line per game.
pub fn run_match(
    a: &mut dyn Player,
    b: &mut dyn Player,
    openings: &[Vec<(i32, i32)>],
    size: u8,
    rule: Rule,
    move_ms: u64,
) -> MatchResult {
    let mut result = MatchResult::default();
    let started = Instant::now();
    for (n, opening) in openings.iter().enumerate() {
        for a_color in [Color::Black, Color::White] {
            let (end, moves) = if a_color == Color::Black {
                play_game(a, b, opening, size, rule, move_ms)
            } else {
                play_game(b, a, opening, size, rule, move_ms)
            };
            let points = points_for(end, a_color);
            result.games += 1;
            match points {
                p if p > 0.75 => result.wins += 1,
                p if p < 0.25 => result.losses += 1,
                _ => result.draws += 1,
            }
            if let GameEnd::Forfeit(c) = end {
                if c == a_color {
                    result.forfeits.0 += 1
                } else {
                    result.forfeits.1 += 1
                }
            }
            println!(
                "opening {:2} {} as {:5}: {:?} after {} moves  [{}: +{} ={} -{}, {:.1}%, {:.0}s] {}",
                n + 1,
                a.name(),
                a_color.name(),
                end,
                moves.len(),
                a.name(),
                result.wins,
                result.draws,
                result.losses,
                result.percent(),
                started.elapsed().as_secs_f64(),
                moves.iter().filter_map(|m| m.to_notation(size)).map(|n| n.to_string()).collect::<String>()
            );
        }
    }
    result
}
