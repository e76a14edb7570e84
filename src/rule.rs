//! The winning condition of each rule set: what counts as a five, and the winning line.

use crate::board::{index_of, pos_of, stone_code, Board, DIRECTIONS};
use crate::color::Color;
use crate::pos::Pos;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A rule set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// Five or more in a row wins, for both colours.
    #[default]
    Freestyle,
    /// Exactly five in a row wins, for both colours; six or more does not.
    Standard,
    /// Black wins with exactly five and has forbidden points (double three, double four, overline);
    /// white wins with five or more.
    Renju,
}

impl Rule {
    /// Every rule, in menu order.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// Whether a line of six or more wins for `color`.
    #[inline]
    pub const fn overline_wins(self, color: Color) -> bool {
        match self {
            Rule::Freestyle => true,
            Rule::Standard => false,
            Rule::Renju => matches!(color, Color::White),
        }
    }

    /// Whether black has forbidden points under this rule.
    #[inline]
    pub const fn has_forbidden_points(self) -> bool {
        matches!(self, Rule::Renju)
    }

    /// Whether `color` has a point it may play on `board`: an empty point, and in renju for
    /// black one that is not forbidden. When black has none left the game can only be drawn.
    pub fn can_move(self, board: &Board, color: Color) -> bool {
        let forbids = self.has_forbidden_points() && color == Color::Black;
        board.empty_points().any(|p| !forbids || crate::renju::forbidden(board, p).is_none())
    }

    /// Whether a line of `length` consecutive stones of `color` wins.
    #[inline]
    pub const fn is_winning_length(self, length: usize, color: Color) -> bool {
        length == 5 || (length > 5 && self.overline_wins(color))
    }

    /// Whether the stone of `color` standing at `index` is part of a winning line.
    #[inline]
    pub fn wins_at(self, board: &Board, index: usize, color: Color) -> bool {
        DIRECTIONS
            .iter()
            .any(|&d| self.is_winning_length(run_length(board, index, d, color), color))
    }

    /// Whether putting a stone of `color` on the empty point `index` would win.
    #[inline]
    pub fn would_win_at(self, board: &Board, index: usize, color: Color) -> bool {
        DIRECTIONS.iter().any(|&d| {
            let length = 1
                + count_side(board, index, d, color, true)
                + count_side(board, index, d, color, false);
            self.is_winning_length(length, color)
        })
    }

    /// The winning line through the stone at `pos`, if it forms one: every stone of the run
    /// (five, or more where overlines win), in line order.
    pub fn winning_line(self, board: &Board, pos: Pos) -> Option<Vec<Pos>> {
        let color = board.stone(pos)?;
        let index = index_of(pos);
        DIRECTIONS.iter().find_map(|&d| {
            let back = count_side(board, index, d, color, false);
            let length = 1 + back + count_side(board, index, d, color, true);
            self.is_winning_length(length, color)
                .then(|| (0..length).map(|i| pos_of(index - back * d + i * d)).collect())
        })
    }

    /// The short name used in files (`freestyle`, `standard`, `renju`).
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }
}

/// Length of the run of `color` stones through the stone at `index` along direction `d`.
#[inline]
pub fn run_length(board: &Board, index: usize, d: usize, color: Color) -> usize {
    1 + count_side(board, index, d, color, true) + count_side(board, index, d, color, false)
}

/// Consecutive `color` stones next to `index` (not counting it) going forward or backward along `d`.
#[inline]
pub fn count_side(board: &Board, index: usize, d: usize, color: Color, forward: bool) -> usize {
    let code = stone_code(color);
    let mut n = 0;
    let mut i = index;
    loop {
        i = if forward { i + d } else { i - d };
        if board.code_at(i) != code {
            return n;
        }
        n += 1;
    }
}

/// An unknown rule name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rule {:?} (expected freestyle, standard or renju)", self.0)
    }
}

impl std::error::Error for UnknownRule {}

impl FromStr for Rule {
    type Err = UnknownRule;
    fn from_str(s: &str) -> Result<Rule, UnknownRule> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownRule(s.to_string()))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A full 15 × 15 board coloured by `(x + 2y) mod 4` (no line of one colour longer than two),
    /// but for row 0, which reads B B B _ B B then the pattern: black's only empty point makes
    /// an overline.
    fn full_but_an_overline_point() -> (Board, Pos) {
        let mut board = Board::new(15).unwrap();
        for y in 0..15u8 {
            for x in 0..15u8 {
                let black = (x + 2 * y) % 4 < 2;
                board.place(Pos::new(x, y), if black { Color::Black } else { Color::White });
            }
        }
        let hole = Pos::new(3, 0);
        for x in 0..6u8 {
            board.remove(Pos::new(x, 0));
            if x != 3 {
                board.place(Pos::new(x, 0), Color::Black);
            }
        }
        board.remove(Pos::new(6, 0));
        board.place(Pos::new(6, 0), Color::White);
        (board, hole)
    }

    #[test]
    fn black_cannot_move_in_renju_when_only_forbidden_points_are_left() {
        let (board, hole) = full_but_an_overline_point();
        assert_eq!(board.empty_points().collect::<Vec<_>>(), [hole], "the test's board");
        for y in 0..15u8 {
            for x in 0..15u8 {
                let p = Pos::new(x, y);
                if let Some(color) = board.stone(p) {
                    let five = Rule::Freestyle.wins_at(&board, index_of(p), color);
                    assert!(!five, "no five yet: {p}");
                }
            }
        }
        assert!(crate::renju::forbidden(&board, hole).is_some(), "an overline point");
        assert!(!Rule::Renju.can_move(&board, Color::Black));
        assert!(Rule::Renju.can_move(&board, Color::White));
        assert!(Rule::Freestyle.can_move(&board, Color::Black));
        let mut full = board.clone();
        full.place(hole, Color::White);
        assert!(!Rule::Freestyle.can_move(&full, Color::White));
    }
    use crate::diagram::parse_diagram;

    fn board(text: &str) -> Board {
        parse_diagram(text).unwrap().board
    }

    const SIX: &str = "\
        . . . . . . . .\n\
        X X X X X X . .\n\
        . . . . . . . .\n\
        . . . . . . . .\n\
        . . . . . . . .\n\
        . . . . . . . .\n\
        . . . . . . . .\n\
        . . . . . . . .\n";

    #[test]
    fn overline_wins_only_where_the_rule_allows() {
        let b = board(SIX);
        let at = Pos::new(0, 1);
        assert!(Rule::Freestyle.winning_line(&b, at).is_some());
        assert!(Rule::Standard.winning_line(&b, at).is_none());
        assert!(Rule::Renju.winning_line(&b, at).is_none());
        let white = board(&SIX.replace('X', "O"));
        assert_eq!(Rule::Renju.winning_line(&white, at).map(|l| l.len()), Some(6));
        assert!(Rule::Standard.winning_line(&white, at).is_none());
    }

    #[test]
    fn the_winning_line_lists_the_five_in_order() {
        let b = board(
            ". . . . . . . .\n. X . . . . . .\n. . X . . . . .\n. . . X . . . .\n\
             . . . . X . . .\n. . . . . X . .\n. . . . . . . .\n. . . . . . . .\n",
        );
        let line = Rule::Standard.winning_line(&b, Pos::new(3, 3)).unwrap();
        assert_eq!(line, (1..=5).map(|i| Pos::new(i, i)).collect::<Vec<_>>());
    }

    #[test]
    fn rule_names_parse() {
        assert_eq!("Renju".parse::<Rule>(), Ok(Rule::Renju));
        assert!("gomoku-pro".parse::<Rule>().is_err());
    }
}
