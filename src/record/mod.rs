//! Game records: the JSON save file, Piskvork `.psq` files and plain move strings.
//!
//! Everything read from outside is first parsed into an unvalidated form and becomes a [`Game`]
//! only by replaying every move through the rules ([`load_save`], [`import_psq`],
//! [`import_moves`]); errors name the move and the reason.

mod error;
mod json;
mod moves;
mod psq;

pub use error::RecordError;
pub use json::{
    load_save, save_to_string, SaveFile, SavedMove, MAX_SAVE_BYTES, SAVE_FORMAT, SAVE_VERSION,
};
pub use moves::{export_moves, import_moves, parse_moves};
pub use psq::{export_psq, import_psq, parse_psq, PsqRecord};

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

impl From<ReplayError> for RecordError {
    fn from(e: ReplayError) -> RecordError {
        match e {
            ReplayError::Settings(s) => RecordError::BadSettings(s.to_string()),
            ReplayError::Move(at_move, reason) => {
                RecordError::BadMove { at_move, reason: reason.to_string() }
            }
        }
    }
}
