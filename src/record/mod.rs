//! Game records: the JSON save file, Piskvork `.psq` files and plain move strings.
//!
//! Everything read from outside is first parsed into an unvalidated form and becomes a [`Game`]
//! only by replaying every move through the rules ([`load_save`], [`import_psq`],
//! [`import_moves`]); errors name the move and the reason.

mod error;
mod format;
mod json;
mod moves;
mod psq;

pub use error::RecordError;
pub use format::Format;
pub use json::{
    load_save, save_to_string, SaveFile, SavedMove, MAX_SAVE_BYTES, SAVE_FORMAT, SAVE_VERSION,
};
pub use moves::{export_moves, import_moves, parse_moves, position_string};
pub use psq::{export_psq, import_psq, parse_psq, PsqRecord};

use crate::color::Color;
use crate::game::{Clock, Game, Move, ReplayError, Settings};
use crate::pos::Pos;
use std::sync::Arc;

/// Replays plain points (no thinking times) into a new game with these settings.
///
/// # Errors
/// [`RecordError`] naming the first illegal move.
pub fn game_from_points(
    settings: Settings,
    clock: Arc<dyn Clock>,
    points: &[Pos],
) -> Result<Game, RecordError> {
    let moves: Vec<Move> = points.iter().map(|&pos| Move { pos, think_ms: 0 }).collect();
    let unix = clock.unix_seconds();
    Game::replay(settings, clock, &moves, &[], (unix, unix)).map_err(RecordError::from)
}

/// A position's stones as moves, black first and alternating, or `None` when the stone counts do
/// not alternate from black to `to_move` (the order the stones were played in is not known and
/// does not matter for the position).
pub fn stones_as_moves(black: &[Pos], white: &[Pos], to_move: Color) -> Option<Vec<Pos>> {
    if black.len() != white.len() + usize::from(to_move == Color::White) {
        return None;
    }
    let mut moves = Vec::with_capacity(black.len() + white.len());
    for (i, &b) in black.iter().enumerate() {
        moves.push(b);
        moves.extend(white.get(i));
    }
    Some(moves)
}

/// The points of the game as a plain move list, black first: an opening's stones, or a set-up
/// position's stones interleaved (black, white, …), before the moves played. Only the moves played count, not the
/// redo stack.
///
/// # Errors
/// [`RecordError::BadSetup`] when the set-up position cannot be written as moves: the stone counts
/// do not alternate from black to the side to move.
pub fn points_of(game: &Game) -> Result<Vec<Pos>, RecordError> {
    // An opening's stones alternate black and white from black, like moves.
    let mut points: Vec<Pos> =
        game.opening().map(|o| o.stones().into_iter().map(|s| s.0).collect()).unwrap_or_default();
    if let Some(setup) = game.setup() {
        let of = |c: Color| setup.stones.iter().filter(move |s| s.1 == c).map(|s| s.0);
        let (black, white): (Vec<Pos>, Vec<Pos>) =
            (of(Color::Black).collect(), of(Color::White).collect());
        let stones = stones_as_moves(&black, &white, setup.to_move).ok_or_else(|| {
            RecordError::BadSetup(format!(
                "{} black and {} white stones with {} to move cannot be written as moves",
                black.len(),
                white.len(),
                setup.to_move
            ))
        })?;
        points.extend(stones);
    }
    points.extend(game.moves().iter().map(|m| m.pos));
    Ok(points)
}

impl From<ReplayError> for RecordError {
    fn from(e: ReplayError) -> RecordError {
        match e {
            ReplayError::Settings(s) => RecordError::BadSettings(s.to_string()),
            ReplayError::Setup(s) => RecordError::BadSetup(s.to_string()),
            ReplayError::Opening(e) => RecordError::BadSetup(format!("opening: {e}")),
            ReplayError::Move(at_move, reason) => {
                RecordError::BadMove { at_move, reason: reason.to_string() }
            }
        }
    }
}
