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
    let windows = DIRECTIONS.map(|d| Window::read(board, index, d));
    let runs = windows.map(|w| w.run());
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&r| r > 5) {
        return Some(Forbidden::Overline);
    }
    let fours = windows.map(Window::fours);
    if fours.iter().sum::<u32>() >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    let mut threes = 0;
    for (k, d) in DIRECTIONS.into_iter().enumerate() {
        if fours[k] == 0 && is_three(board, index, d, windows[k]) {
            threes += 1;
            if threes == 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
    }
    None
}

/// The eleven cells of one line centred on a black stone, offsets −5..=5 as bits 0..=10.
#[derive(Clone, Copy)]
struct Window {
    /// Black stones (the centre bit is always set).
    black: u16,
    /// Empty points.
    empty: u16,
}

/// The window's bit of the centre stone.
const CENTRE: u32 = 5;
/// The bits of offsets −4..=4: the points that can share a five with the centre.
const NEAR: u16 = 0b011_1111_1110;

impl Window {
    /// The cells around `index` along `d` (the border of the board keeps every offset in bounds).
    fn read(board: &Board, index: usize, d: usize) -> Window {
        let (mut black, mut empty) = (0, 0);
        let first = index - CENTRE as usize * d;
        for k in 0..11 {
            match board.code_at(first + k * d) {
                0 => empty |= 1 << k,
                1 => black |= 1 << k,
                _ => {}
            }
        }
        Window { black, empty }
    }

    /// The window with one more black stone on the empty point `bit`.
    fn with(self, bit: u16) -> Window {
        Window { black: self.black | bit, empty: self.empty & !bit }
    }

    /// The black run through the centre: its stones below the centre, and from the centre up.
    fn run_sides(self) -> (u32, u32) {
        ((self.black << (16 - CENTRE)).leading_ones(), (self.black >> CENTRE).trailing_ones())
    }

    /// The length of the black run through the centre. Exact up to five, and at least six
    /// whenever the real run is longer than five.
    fn run(self) -> u32 {
        let (below, above) = self.run_sides();
        below + above
    }

    /// Whether the black run through the centre is a straight four (`.XXXX.`): four stones, and
    /// a stone on either end makes exactly five.
    fn is_straight_four(self) -> bool {
        let (below, above) = self.run_sides();
        if below + above != 4 {
            return false;
        }
        // The run is bits CENTRE − below ..= CENTRE + above − 1, inside bits 2..=8.
        let (low_end, high_end) = (CENTRE - below - 1, CENTRE + above);
        let ends = 1 << low_end | 1 << high_end;
        let beyond = 1 << (low_end - 1) | 1 << (high_end + 1);
        self.empty & ends == ends && self.black & beyond == 0
    }

    /// The empty points where one more black stone makes exactly five through the centre (at
    /// most two).
    fn five_points(self) -> u16 {
        if self.run() >= 5 {
            return 0;
        }
        bits(self.empty & NEAR).filter(|&bit| self.with(bit).run() == 5).fold(0, |a, b| a | b)
    }

    /// How many fours the line makes through the centre: a straight four counts once (its two
    /// five points are its ends).
    fn fours(self) -> u32 {
        if self.is_straight_four() {
            1
        } else {
            self.five_points().count_ones()
        }
    }
}

/// The single bits of `mask`, lowest first.
fn bits(mut mask: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        let bit = mask & mask.wrapping_neg();
        mask &= !bit;
        (bit != 0).then_some(bit)
    })
}

/// Whether the centre stone `index` of `window` (line `d`) is part of a real three: some empty
/// point there turns it into a straight four, and that point is neither a five nor itself
/// forbidden.
fn is_three(board: &mut Board, index: usize, d: usize, window: Window) -> bool {
    bits(window.empty & NEAR).any(|bit| {
        if !window.with(bit).is_straight_four() {
            return false;
        }
        let offset = bit.trailing_zeros() as usize;
        let q = index + offset * d - CENTRE as usize * d;
        !crate::rule::Rule::Renju.would_win_at(board, q, Color::Black)
            && forbidden_at(board, q).is_none()
    })
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
