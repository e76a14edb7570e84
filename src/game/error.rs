//! Why a move, an undo or a redo was refused.

use crate::renju::Forbidden;
use std::fmt;

/// A move that cannot be played. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point is off the board.
    OutOfBoard,
    /// A stone already stands there.
    Occupied,
    /// The game has ended.
    GameOver,
    /// Black's first stone must be on the centre.
    NotCentre,
    /// Black may not play there in renju.
    Forbidden(Forbidden),
    /// It is the AI's turn, not a person's.
    NotYourTurn,
    /// The opening is still being played: its decisions come first.
    InOpening,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::OutOfBoard => f.write_str("that point is off the board"),
            PlayError::Occupied => f.write_str("that point is already taken"),
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::NotCentre => f.write_str("the first stone must be on the centre"),
            PlayError::Forbidden(kind) => write!(f, "forbidden point: {kind}"),
            PlayError::NotYourTurn => f.write_str("it is not your turn"),
            PlayError::InOpening => f.write_str("the opening is not over yet"),
        }
    }
}

impl std::error::Error for PlayError {}

/// An undo or redo that cannot be done. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// There is no move to take back.
    NothingToUndo,
    /// There is no undone move to replay.
    NothingToRedo,
    /// There is no kept variation to restore.
    NoVariation,
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HistoryError::NothingToUndo => "there is no move to undo",
            HistoryError::NothingToRedo => "there is no move to redo",
            HistoryError::NoVariation => "there is no kept variation to restore",
        })
    }
}

impl std::error::Error for HistoryError {}
