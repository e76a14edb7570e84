//! Black's forbidden points in renju, after the RIF rules (article 9).
//!
//! A black move is forbidden when, without making a five, it makes
//! * an **overline** — six or more black stones in a row;
//! * a **double four** — two or more fours at once, including two fours on one line such as
//!   `X.XXX.X` (a straight four `.XXXX.` counts once);
//! * a **double three** — two or more threes at once, where a *three* is a line that one more black
//!   stone turns into a straight four; that stone's point must itself be neither forbidden nor a
//!   five, checked recursively (RIF 9.3), otherwise the three is not real.
//!
//! A five (exactly five for black) always wins, even if the same move also forms one of these
//! shapes. All functions here treat `index` as a raw board index (see [`crate::board`]).

use crate::board::{index_of, Board, DIRECTIONS};
use crate::color::Color;
use crate::pos::Pos;
use crate::rule::run_length;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a point is forbidden for black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Forbidden {
    /// Two or more threes at once.
    DoubleThree,
    /// Two or more fours at once.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        })
    }
}

/// Whether black playing on the empty point `pos` is forbidden, and why.
/// Returns `None` for an occupied or off-board point.
pub fn forbidden(board: &Board, pos: Pos) -> Option<Forbidden> {
    if !board.contains(pos) {
        return None;
    }
    let mut scratch = board.clone();
    forbidden_at(&mut scratch, index_of(pos))
}

/// Every forbidden point for black on this board, in reading order.
pub fn forbidden_points(board: &Board) -> Vec<(Pos, Forbidden)> {
    let mut scratch = board.clone();
    board
        .empty_points()
        .filter_map(|p| forbidden_at(&mut scratch, index_of(p)).map(|kind| (p, kind)))
        .collect()
}

/// [`forbidden`] on a raw index. The board is used as scratch space and restored before returning.
pub fn forbidden_at(board: &mut Board, index: usize) -> Option<Forbidden> {
    if !board.is_empty_at(index) || !could_be_forbidden(board, index) {
        return None;
    }
    board.place_at(index, Color::Black);
    let result = classify(board, index);
    board.remove_at(index);
    result
}

/// A cheap filter: a forbidden shape needs black stones near `index` on two lines, or four on one.
fn could_be_forbidden(board: &Board, index: usize) -> bool {
    let mut busy_lines = 0;
    for d in DIRECTIONS {
        let near = (1..=4)
            .flat_map(|k| [index + k * d, index - k * d])
            .filter(|&i| board.code_at(i) == 1)
            .count();
        if near >= 4 {
            return true;
        }
        if near >= 2 {
            busy_lines += 1;
        }
    }
    busy_lines >= 2
}

/// Classifies the black stone just placed at `index`.
fn classify(board: &mut Board, index: usize) -> Option<Forbidden> {
    let runs = DIRECTIONS.map(|d| run_length(board, index, d, Color::Black));
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&r| r > 5) {
        return Some(Forbidden::Overline);
    }
    let fours = DIRECTIONS.map(|d| fours_in_line(board, index, d));
    if fours.iter().sum::<usize>() >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    let mut threes = 0;
    for (k, d) in DIRECTIONS.into_iter().enumerate() {
        if fours[k] == 0 && is_three(board, index, d) {
            threes += 1;
            if threes == 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
    }
    None
}

/// The empty points on line `d` where one more black stone makes exactly five together with the
/// stone at `index`. There are at most two.
fn five_points(board: &Board, index: usize, d: usize) -> ([usize; 2], usize) {
    let mut points = [0; 2];
    let mut n = 0;
    for offset in -4isize..=4 {
        if offset == 0 {
            continue;
        }
        let q = index.wrapping_add_signed(offset * d as isize);
        if !board.is_empty_at(q) {
            continue;
        }
        let back = crate::rule::count_side(board, q, d, Color::Black, false);
        let ahead = crate::rule::count_side(board, q, d, Color::Black, true);
        let reaches_index =
            if offset < 0 { ahead >= offset.unsigned_abs() } else { back >= offset as usize };
        if reaches_index && back + ahead == 4 && n < 2 {
            points[n] = q;
            n += 1;
        }
    }
    (points, n)
}

/// How many fours through `index` lie on line `d`: a straight four counts once.
fn fours_in_line(board: &Board, index: usize, d: usize) -> usize {
    let (points, n) = five_points(board, index, d);
    if n == 2 && points[1] - points[0] == 5 * d {
        1
    } else {
        n
    }
}

/// Whether the stones through `index` on line `d` form a straight four (`.XXXX.`).
fn is_straight_four(board: &Board, index: usize, d: usize) -> bool {
    let (points, n) = five_points(board, index, d);
    n == 2 && points[1] - points[0] == 5 * d
}

/// Whether `index` is part of a real three on line `d`: some empty point there turns it into a
/// straight four, and that point is neither a five nor itself forbidden.
fn is_three(board: &mut Board, index: usize, d: usize) -> bool {
    for offset in -4isize..=4 {
        let q = index.wrapping_add_signed(offset * d as isize);
        if offset == 0 || !board.is_empty_at(q) {
            continue;
        }
        board.place_at(q, Color::Black);
        let straight = is_straight_four(board, index, d);
        board.remove_at(q);
        if straight
            && !crate::rule::Rule::Renju.would_win_at(board, q, Color::Black)
            && forbidden_at(board, q).is_none()
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::parse_diagram;

    fn kind_at_mark(text: &str) -> Option<Forbidden> {
        let diagram = parse_diagram(text).unwrap();
        let point = diagram.marked('?')[0];
        forbidden(&diagram.board, point)
    }

    #[test]
    fn a_simple_double_three_is_forbidden() {
        let text = "\
            . . . . . . . . .\n\
            . . . . . . . . .\n\
            . . . . X . . . .\n\
            . . . . X . . . .\n\
            . . X X ? . . . .\n\
            . . . . . . . . .\n\
            . . . . . . . . .\n\
            . . . . . . . . .\n\
            . . . . . . . . .\n";
        assert_eq!(kind_at_mark(text), Some(Forbidden::DoubleThree));
    }

    #[test]
    fn four_three_is_allowed() {
        let text = "\
            . . . . . . . . .\n\
            . . . . X . . . .\n\
            . . . . X . . . .\n\
            . . . . X . . . .\n\
            . . X X ? . . . .\n\
            . . . . . . . . .\n\
            . . . . . . . . .\n\
            . . . . . . . . .\n\
            . . . . . . . . .\n";
        assert_eq!(kind_at_mark(text), None);
    }
}
