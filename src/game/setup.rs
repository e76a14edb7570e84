//! A position set up by hand (the position editor): stones placed freely and the side to move.
//! A game may start from one; the moves then continue from it.

use super::{Game, Outcome};
use crate::board::{index_of, Board};
use crate::color::Color;
use crate::pos::Pos;
use crate::renju::{self, Forbidden};
use crate::rule::Rule;
use std::fmt;

/// Stones placed by hand and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The stones, in the order they were placed (the order carries no meaning).
    pub stones: Vec<(Pos, Color)>,
    /// The side to move from this position.
    pub to_move: Color,
}

/// Why a set-up position cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A stone is off the board.
    OutOfBoard(Pos),
    /// Two stones on one point.
    Occupied(Pos),
    /// A line of five (or, where it wins, more) is already on the board.
    FiveOnBoard(Color),
    /// Black and white stone counts differ by more than one.
    StoneCounts {
        /// Black stones.
        black: usize,
        /// White stones.
        white: usize,
    },
    /// In renju, a black stone stands on a point forbidden to black.
    ForbiddenStone(Pos, Forbidden),
    /// No empty point is left to play.
    BoardFull,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::OutOfBoard(p) => write!(f, "the stone at {p} is off the board"),
            SetupError::Occupied(p) => write!(f, "two stones stand on {p}"),
            SetupError::FiveOnBoard(c) => write!(f, "{c} already has five in a row"),
            SetupError::StoneCounts { black, white } => write!(
                f,
                "{black} black and {white} white stones: the counts may differ by one at most"
            ),
            SetupError::ForbiddenStone(p, kind) => {
                write!(f, "the black stone at {p} stands on a forbidden point ({kind})")
            }
            SetupError::BoardFull => f.write_str("the board is full"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// Places the stones on a fresh board of side `size`, checking that the position can be
    /// played under `rule`.
    ///
    /// # Errors
    /// The first [`SetupError`] found.
    pub fn board(&self, size: u8, rule: Rule) -> Result<Board, SetupError> {
        let mut board = Board::new(u32::from(size)).map_err(|_| SetupError::BoardFull)?;
        for &(pos, color) in &self.stones {
            if !board.contains(pos) {
                return Err(SetupError::OutOfBoard(pos));
            }
            if board.stone(pos).is_some() {
                return Err(SetupError::Occupied(pos));
            }
            board.place(pos, color);
        }
        self.check_counts()?;
        check_no_five(&board, &self.stones, rule)?;
        if rule.has_forbidden_points() {
            check_black_stones(&mut board, &self.stones)?;
        }
        if board.is_full() {
            return Err(SetupError::BoardFull);
        }
        Ok(board)
    }

    fn check_counts(&self) -> Result<(), SetupError> {
        let black = self.stones.iter().filter(|s| s.1 == Color::Black).count();
        let white = self.stones.len() - black;
        if black.abs_diff(white) > 1 {
            return Err(SetupError::StoneCounts { black, white });
        }
        Ok(())
    }
}

fn check_no_five(board: &Board, stones: &[(Pos, Color)], rule: Rule) -> Result<(), SetupError> {
    for &(pos, color) in stones {
        if rule.wins_at(board, index_of(pos), color) {
            return Err(SetupError::FiveOnBoard(color));
        }
    }
    Ok(())
}

/// Each black stone, lifted and put back, must not be on a point forbidden to black.
fn check_black_stones(board: &mut Board, stones: &[(Pos, Color)]) -> Result<(), SetupError> {
    for &(pos, color) in stones {
        if color != Color::Black {
            continue;
        }
        board.remove(pos);
        let forbidden = renju::forbidden(board, pos);
        board.place(pos, Color::Black);
        if let Some(kind) = forbidden {
            return Err(SetupError::ForbiddenStone(pos, kind));
        }
    }
    Ok(())
}

impl Game {
    /// The position set up by hand that the moves start from, if any.
    pub fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    /// Starts the game again from a position set up by hand: the moves, the redo stack, the
    /// variation and the evaluations go; the clocks start afresh.
    ///
    /// # Errors
    /// The [`SetupError`] that makes the position unplayable; the game is unchanged.
    pub fn set_up(&mut self, setup: Setup) -> Result<(), SetupError> {
        let board = setup.board(self.settings.size, self.settings.rule)?;
        self.board = board;
        // A position set up by hand is past any opening.
        self.opening = None;
        self.settings.opening = crate::opening::OpeningRule::Free;
        self.base.opening = crate::opening::OpeningRule::Free;
        self.setup = (!setup.stones.is_empty() || setup.to_move == Color::White).then_some(setup);
        self.moves.clear();
        self.redo.clear();
        self.variation = None;
        self.evaluations.clear();
        self.outcome = Outcome::Playing;
        self.turn_started_ms = self.clock.now_ms();
        self.updated_at = self.clock.unix_seconds();
        Ok(())
    }
}
