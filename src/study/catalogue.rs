//! Puzzles as a person plays them: the set shipped with the engine (drawn from engine games by
//! the lab's `gomoku puzzles`, `src/study/puzzles/*.txt`) and those found in a person's own
//! games, where they had a forced win and did not take it. One puzzle a line:
//!
//! ```text
//! freestyle h8h9i8j9j8i7 | g8 k8 | 3 | vcf
//! ```
//! the rule, the position as a move string (15 × 15), the winning first moves, the plies to the
//! five along the solver's line, and whether fours alone win (`vcf`) or threes are needed (`vct`).

use super::puzzle::{solve, Solution};
use crate::ai::{threat_win, ProofLimits};
use crate::board::Board;
use crate::color::Color;
use crate::pos::Pos;
use crate::record::parse_moves;
use crate::rule::Rule;
use std::sync::atomic::AtomicBool;

/// The board size of the shipped puzzles.
pub const PUZZLE_SIZE: u8 = 15;

/// The most winning first moves a puzzle may have (more would make it too easy).
pub const MAX_ANSWERS: usize = 2;

/// A threat puzzle: a position whose side to move has a proven forced win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The rule it is played under.
    pub rule: Rule,
    /// The board's size.
    pub size: u8,
    /// The moves that lead to the position, black first.
    pub moves: Vec<Pos>,
    /// Every winning first move.
    pub answers: Vec<Pos>,
    /// Plies to the five along the solver's line (3, 5, 7 …).
    pub plies: u32,
    /// Whether fours alone win (VCF); otherwise threes are needed too (VCT).
    pub by_fours: bool,
}

impl Puzzle {
    /// The puzzle of `moves` (on a board of `size`) with its solution.
    pub fn new(rule: Rule, size: u8, moves: Vec<Pos>, solution: &Solution) -> Puzzle {
        Puzzle {
            rule,
            size,
            moves,
            answers: solution.first_moves.clone(),
            plies: solution.plies(),
            by_fours: solution.by_fours,
        }
    }

    /// Reads one line of a puzzle file.
    ///
    /// # Errors
    /// A message naming what is wrong with the line.
    pub fn parse(line: &str) -> Result<Puzzle, String> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [head, answers, plies, kind] = fields[..] else {
            return Err(format!("four fields separated by | expected: {line}"));
        };
        let (rule, position) = head.split_once(' ').unwrap_or((head, ""));
        let moves_of = |text: &str| parse_moves(text, PUZZLE_SIZE).map_err(|e| e.to_string());
        let answers: Vec<Pos> = moves_of(answers)?;
        let by_fours = match kind {
            "vcf" => true,
            "vct" => false,
            other => return Err(format!("vcf or vct expected, not {other:?}")),
        };
        let puzzle = Puzzle {
            rule: rule.parse().map_err(|_| format!("unknown rule {rule:?}"))?,
            size: PUZZLE_SIZE,
            moves: moves_of(position)?,
            answers,
            plies: plies.parse().map_err(|_| format!("plies: {plies:?}"))?,
            by_fours,
        };
        puzzle.board()?;
        if puzzle.answers.is_empty() || puzzle.plies % 2 == 0 {
            return Err(format!("no answer or an even length: {line}"));
        }
        Ok(puzzle)
    }

    /// The line [`Puzzle::parse`] reads.
    pub fn to_line(&self) -> String {
        let notation =
            |p: &Pos| p.to_notation(self.size).map(|n| n.to_string()).unwrap_or_default();
        let position: String = self.moves.iter().map(notation).collect();
        let answers: Vec<String> = self.answers.iter().map(notation).collect();
        let kind = if self.by_fours { "vcf" } else { "vct" };
        format!("{} {position} | {} | {} | {kind}", self.rule, answers.join(" "), self.plies)
    }

    /// The position.
    ///
    /// # Errors
    /// When two moves share a point or one is off the board.
    pub fn board(&self) -> Result<Board, String> {
        let mut board = Board::new(u32::from(self.size)).map_err(|e| e.to_string())?;
        for (i, &m) in self.moves.iter().enumerate() {
            if m.x >= self.size || m.y >= self.size || board.stone(m).is_some() {
                return Err(format!("move {} ({m}) is not on an empty point", i + 1));
            }
            board.place(m, Color::at_ply(i));
        }
        Ok(board)
    }

    /// The side that plays the winning attack.
    pub fn attacker(&self) -> Color {
        Color::at_ply(self.moves.len())
    }

    /// The grade: the plies to the five, 9 standing for 9 or more.
    pub fn grade(&self) -> u32 {
        self.plies.min(9)
    }
}

/// The puzzles shipped for `rule` (renju's own set; freestyle's for freestyle and standard,
/// where the threats are the same but for overlines, so those puzzles are left out).
pub fn shipped(rule: Rule) -> Vec<Puzzle> {
    let text = match rule {
        Rule::Renju => include_str!("puzzles/renju.txt"),
        _ => include_str!("puzzles/freestyle.txt"),
    };
    let lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    lines.filter_map(|l| Puzzle::parse(l).ok()).collect()
}

/// The puzzles of a game (the `moves` of a game under `rule` on a board of `size`): every
/// position where the player to move had a proven forced win of two moves or more and played
/// a move after which — with the reply that was played — it was gone, solved with every
/// winning first move (the first such position of each player only), with its ply.
pub fn missed_wins(rule: Rule, size: u8, moves: &[Pos], stop: &AtomicBool) -> Vec<(usize, Puzzle)> {
    let Ok(mut board) = Board::new(u32::from(size)) else { return Vec::new() };
    let limits = ProofLimits::default();
    let mut found: Vec<(usize, Puzzle)> = Vec::new();
    for (ply, &m) in moves.iter().enumerate() {
        let player = Color::at_ply(ply);
        let already = found.iter().any(|(p, _)| Color::at_ply(*p) == player);
        let win = if already { None } else { threat_win(&board, rule, player, limits, stop) };
        let next = moves.get(ply..ply + 2).unwrap_or(&[]);
        if win.is_some_and(|w| w.moves >= 2 && w.line.first() != Some(&m))
            && !kept(&board, rule, player, next, limits, stop)
        {
            let solution = solve(&board, rule, player, limits, stop);
            if let Some(s) = solution.filter(|s| !s.first_moves.is_empty()) {
                found.push((ply, Puzzle::new(rule, size, moves[..ply].to_vec(), &s)));
            }
        }
        board.place(m, player);
    }
    found
}

/// Whether `player`, playing `next[0]` (and the opponent `next[1]`, if played), still had a
/// proven win: the move made five or the win is there again after the reply.
fn kept(
    board: &Board,
    rule: Rule,
    player: Color,
    next: &[Pos],
    limits: ProofLimits,
    stop: &AtomicBool,
) -> bool {
    let mut after = board.clone();
    let Some(&m) = next.first() else { return true };
    after.place(m, player);
    if rule.wins_at(&after, crate::board::index_of(m), player) {
        return true;
    }
    let Some(&reply) = next.get(1) else { return true };
    after.place(reply, !player);
    threat_win(&after, rule, player, limits, stop).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_to_itself_and_bad_lines_are_refused() {
        let line = "freestyle h8h9i8j9j8i7 | g8 k8 | 3 | vcf";
        let puzzle = Puzzle::parse(line).unwrap();
        assert_eq!(puzzle.to_line(), line);
        assert_eq!((puzzle.attacker(), puzzle.grade()), (Color::Black, 3));
        for bad in [
            "freestyle h8h8 | g8 | 3 | vcf",
            "freestyle h8 | g8 | 3 | maybe",
            "chess h8 | g8 | 3 | vcf",
            "freestyle h8 | | 3 | vcf",
            "freestyle h8 | g8 | 4 | vcf",
            "freestyle h8 | g8 | 3",
        ] {
            assert!(Puzzle::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_shipped_sets_read_whole() {
        assert!(shipped(Rule::Freestyle).len() >= 200);
        assert!(shipped(Rule::Renju).len() >= 150);
        assert!(shipped(Rule::Renju).iter().all(|p| p.rule == Rule::Renju));
    }

    #[test]
    fn a_missed_open_four_is_found_and_a_game_that_takes_its_win_has_none() {
        // Black's open three h8 i8 j8 (white around it); black to move at ply 6 wins with an
        // open four. Played elsewhere and blocked, the win is gone: a puzzle at ply 6.
        let at = |x, y| Pos::new(x, y);
        let opening = vec![at(7, 7), at(7, 6), at(8, 7), at(9, 6), at(9, 7), at(8, 8)];
        let stop = AtomicBool::new(false);
        let missed = [opening.clone(), vec![at(0, 0), at(6, 7), at(0, 2)]].concat();
        let found = missed_wins(Rule::Freestyle, 15, &missed, &stop);
        let (ply, puzzle) = found.first().expect("the missed win is found");
        assert_eq!((*ply, puzzle.attacker(), puzzle.plies), (6, Color::Black, 3));
        assert!(puzzle.answers.contains(&at(6, 7)) && puzzle.answers.contains(&at(10, 7)));
        assert_eq!(puzzle.moves, opening);
        let taken = [opening, vec![at(6, 7), at(10, 7), at(5, 7)]].concat();
        assert!(missed_wins(Rule::Freestyle, 15, &taken, &stop).is_empty());
    }
}
