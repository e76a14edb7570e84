//! Plain move strings: `h8i9j10` or `h8 i9 j10` (human notation, black first).

use super::error::{text_of, RecordError};
use crate::game::{Clock, Game, Settings};
use crate::pos::{Notation, Pos};
use std::sync::Arc;

/// Parses a move string into points on a board of side `size`. Separators (spaces, commas,
/// semicolons, newlines) are optional.
///
/// # Errors
/// [`RecordError::BadMove`] naming the first unreadable or off-board point.
pub fn parse_moves(text: &str, size: u8) -> Result<Vec<Pos>, RecordError> {
    let mut points = Vec::new();
    let mut rest = text.trim_start_matches(is_separator);
    while !rest.is_empty() {
        let at_move = points.len() + 1;
        let bad = |reason: String| RecordError::BadMove { at_move, reason };
        let (notation, tail) = Notation::parse_prefix(rest).map_err(|e| bad(e.to_string()))?;
        points.push(notation.to_pos(size).map_err(|e| bad(e.to_string()))?);
        rest = tail.trim_start_matches(is_separator);
    }
    Ok(points)
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == ';'
}

/// Reads a move string and replays it into a new game with these settings.
///
/// # Errors
/// [`RecordError`] for unreadable text or the first illegal move.
pub fn import_moves(
    bytes: &[u8],
    settings: Settings,
    clock: Arc<dyn Clock>,
) -> Result<Game, RecordError> {
    let points = parse_moves(text_of(bytes)?, settings.size)?;
    super::game_from_points(settings, clock, &points)
}

/// The game's moves as a compact move string, e.g. `h8i9j10` (a set-up position's stones first,
/// see [`super::points_of`]; only the moves when they cannot be written so).
pub fn export_moves(game: &Game) -> String {
    let points =
        super::points_of(game).unwrap_or_else(|_| game.moves().iter().map(|m| m.pos).collect());
    compact(&points, game.settings().size)
}

/// The position as a compact move string that [`import_moves`] reads back.
///
/// # Errors
/// [`RecordError::BadSetup`] for a set-up position that cannot be written as moves.
pub fn position_string(game: &Game) -> Result<String, RecordError> {
    Ok(compact(&super::points_of(game)?, game.settings().size))
}

fn compact(points: &[Pos], size: u8) -> String {
    points.iter().filter_map(|p| p.to_notation(size)).map(|n| n.to_string()).collect()
}
