//! The JSON save file, format `gomoku-save` version 1 (documented in `docs/save-format.md`).

use super::error::{text_of, RecordError};
use crate::color::Color;
use crate::game::{Clock, Game, Move, Player, Settings};
use crate::pos::{Notation, Pos};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The `format` field of every save file.
pub const SAVE_FORMAT: &str = "gomoku-save";
/// The save version this program writes and the newest it reads.
pub const SAVE_VERSION: u64 = 1;
/// The largest save file the loader accepts (1 MiB).
pub const MAX_SAVE_BYTES: usize = 1 << 20;

/// A save file as stored, before any validation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveFile {
    /// Always [`SAVE_FORMAT`].
    pub format: String,
    /// Always [`SAVE_VERSION`] when written by this program.
    pub version: u64,
    /// Size, rule, mode, names, level.
    pub settings: Settings,
    /// The players as shown (derived from the settings; informational).
    pub players: SavedPlayers,
    /// The moves in play order.
    pub moves: Vec<SavedMove>,
    /// Undone moves, the next one to replay first.
    pub redo: Vec<SavedMove>,
    /// Thinking time used by each side (derived from the moves; informational).
    pub clocks: SavedClocks,
    /// Unix seconds when the game started.
    pub started_at: u64,
    /// Unix seconds when the game last changed.
    pub updated_at: u64,
}

/// Both players as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPlayers {
    /// Black.
    pub black: Player,
    /// White.
    pub white: Player,
}

/// One move: the point in human notation and the thinking time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedMove {
    /// The point, e.g. `h8`.
    pub at: String,
    /// Thinking time in milliseconds.
    pub ms: u64,
}

/// Thinking time used by each side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedClocks {
    /// Black's time in milliseconds.
    pub black_ms: u64,
    /// White's time in milliseconds.
    pub white_ms: u64,
}

impl SaveFile {
    /// The save file of a game.
    pub fn of(game: &Game) -> SaveFile {
        let size = game.settings().size;
        let saved = |m: &Move| SavedMove { at: notation(m.pos, size), ms: m.think_ms };
        let (started_at, updated_at) = game.timestamps();
        SaveFile {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            settings: game.settings().clone(),
            players: SavedPlayers {
                black: game.player(Color::Black),
                white: game.player(Color::White),
            },
            moves: game.moves().iter().map(saved).collect(),
            redo: game.redo_stack().iter().rev().map(saved).collect(),
            clocks: SavedClocks {
                black_ms: finished_ms(game, Color::Black),
                white_ms: finished_ms(game, Color::White),
            },
            started_at,
            updated_at,
        }
    }

    /// Replays this record into a game.
    ///
    /// # Errors
    /// [`RecordError`] for bad settings or the first bad move.
    pub fn into_game(self, clock: Arc<dyn Clock>) -> Result<Game, RecordError> {
        let size = self.settings.size;
        let moves = to_moves(&self.moves, size, 0)?;
        let mut redo = to_moves(&self.redo, size, moves.len())?;
        redo.reverse();
        Game::replay(self.settings, clock, &moves, &redo, (self.started_at, self.updated_at))
            .map_err(RecordError::from)
    }
}

fn notation(pos: Pos, size: u8) -> String {
    pos.to_notation(size).map(|n| n.to_string()).unwrap_or_default()
}

/// Thinking time of finished moves only, so a save does not depend on when it is written.
fn finished_ms(game: &Game, color: Color) -> u64 {
    game.moves().iter().skip(color.index()).step_by(2).map(|m| m.think_ms).sum()
}

fn to_moves(saved: &[SavedMove], size: u8, first_number: usize) -> Result<Vec<Move>, RecordError> {
    saved
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let bad =
                |reason: String| RecordError::BadMove { at_move: first_number + i + 1, reason };
            let notation: Notation =
                m.at.parse().map_err(|e: crate::CoordError| bad(e.to_string()))?;
            let pos = notation.to_pos(size).map_err(|e| bad(e.to_string()))?;
            Ok(Move { pos, think_ms: m.ms })
        })
        .collect()
}

/// Writes a game as a save file (pretty JSON, deterministic field order, final newline).
pub fn save_to_string(game: &Game) -> String {
    let mut text = serde_json::to_string_pretty(&SaveFile::of(game))
        .unwrap_or_else(|e| unreachable!("a save file always serialises: {e}"));
    text.push('\n');
    text
}

/// Reads a save file and replays it into a new game. Never panics on any input.
///
/// # Errors
/// [`RecordError`]: too large, not UTF-8, malformed JSON or types, not a save, a newer version,
/// bad settings, or the first bad move with its number.
pub fn load_save(bytes: &[u8], clock: Arc<dyn Clock>) -> Result<Game, RecordError> {
    let text = text_of(bytes)?;
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| RecordError::Malformed(e.to_string()))?;
    check_header(&value)?;
    let file: SaveFile =
        serde_json::from_value(value).map_err(|e| RecordError::Malformed(e.to_string()))?;
    file.into_game(clock)
}

/// Checks `format` and `version` before the rest, so a newer file gets a clear error.
fn check_header(value: &serde_json::Value) -> Result<(), RecordError> {
    let object = value.as_object().ok_or(RecordError::NotASave)?;
    if object.get("format").and_then(|f| f.as_str()) != Some(SAVE_FORMAT) {
        return Err(RecordError::NotASave);
    }
    match object.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v > SAVE_VERSION => Err(RecordError::NewerVersion(v)),
        Some(SAVE_VERSION) => Ok(()),
        _ => Err(RecordError::Malformed("version must be 1".into())),
    }
}
