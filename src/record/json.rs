//! The JSON save file, format `gomoku-save` version 3 (documented in `docs/save-format.md`);
//! version 1 files (no set-up position, variation or evaluations) and version 2 files (no time
//! control) load as they are.

use super::error::{text_of, RecordError};
use crate::ai::ThreatWin;
use crate::color::Color;
use crate::game::{Clock, Evaluation, Game, Move, Player, Settings, Setup, Variation};
use crate::pos::{Notation, Pos};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The `format` field of every save file.
pub const SAVE_FORMAT: &str = "gomoku-save";
/// The save version this program writes and the newest it reads.
pub const SAVE_VERSION: u64 = 3;
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
    /// The position set up by hand that the moves start from (version 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<SavedSetup>,
    /// The opening's decisions, in order, under `settings.opening` (version 2), e.g.
    /// `"place 7,7"`, `"black"`, `"offer 7,9 9,9"`, `"keep 9,9"` (protocol coordinates).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening: Vec<crate::opening::Decision>,
    /// The players as shown (derived from the settings; informational).
    pub players: SavedPlayers,
    /// The moves in play order.
    pub moves: Vec<SavedMove>,
    /// Undone moves, the next one to replay first.
    pub redo: Vec<SavedMove>,
    /// The line the last divergent move dropped (version 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variation: Option<SavedVariation>,
    /// The evaluation of each position of the line, ply 0 first, as far as computed (version 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evaluations: Vec<SavedEvaluation>,
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

/// A set-up position: its stones and the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedSetup {
    /// The stones.
    pub stones: Vec<SavedStone>,
    /// Who moves first from it.
    pub to_move: Color,
}

/// One stone of a set-up position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedStone {
    /// The point, e.g. `h8`.
    pub at: String,
    /// Its colour.
    pub color: Color,
}

/// A kept variation: where it leaves the line and its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedVariation {
    /// The number of moves both lines share.
    pub from_ply: usize,
    /// The variation's moves.
    pub moves: Vec<SavedMove>,
}

/// The evaluation of one position, from black's point of view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedEvaluation {
    /// Score for black.
    pub score: i32,
    /// Plies to a known win (positive: black wins).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// The engine's best move there, e.g. `h8`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// A forced win of the side to move there, proven by the threat solver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<SavedWin>,
}

/// A proven forced win: its line (`h8` notation), the winner's moves, fours alone or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedWin {
    /// The winning line, or its first move for a win that needs threes.
    pub line: Vec<String>,
    /// The winner's moves to the five.
    pub moves: u32,
    /// Whether fours alone win.
    pub fours: bool,
}

/// The longest proven line a save file may hold.
const MAX_WIN_LINE: usize = 512;

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
            settings: game.base_settings().clone(),
            setup: game.setup().map(|s| saved_setup(s, size)),
            opening: game.opening().map(|o| o.decisions().to_vec()).unwrap_or_default(),
            players: SavedPlayers {
                black: game.player(Color::Black),
                white: game.player(Color::White),
            },
            moves: game.moves().iter().map(saved).collect(),
            redo: game.redo_stack().iter().rev().map(saved).collect(),
            variation: game.variation().map(|v| SavedVariation {
                from_ply: v.from_ply,
                moves: v.moves.iter().map(saved).collect(),
            }),
            evaluations: game.evaluations().iter().map(|e| saved_evaluation(e, size)).collect(),
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
        let setup = self.setup.as_ref().map(|s| to_setup(s, size)).transpose()?;
        let moves = to_moves(&self.moves, size, 0)?;
        let mut redo = to_moves(&self.redo, size, moves.len())?;
        redo.reverse();
        let timestamps = (self.started_at, self.updated_at);
        let mut game = Game::replay_opening(
            self.settings,
            clock,
            setup,
            &self.opening,
            &moves,
            &redo,
            timestamps,
        )?;
        if let Some(v) = &self.variation {
            let moves = to_moves(&v.moves, size, v.from_ply)?;
            game.keep_variation(Variation { from_ply: v.from_ply, moves })?;
        }
        let evaluations =
            self.evaluations.iter().map(|e| to_evaluation(e, size)).collect::<Result<_, _>>()?;
        game.set_evaluations(evaluations);
        Ok(game)
    }
}

fn saved_setup(setup: &Setup, size: u8) -> SavedSetup {
    SavedSetup {
        stones: setup
            .stones
            .iter()
            .map(|&(pos, color)| SavedStone { at: notation(pos, size), color })
            .collect(),
        to_move: setup.to_move,
    }
}

fn saved_evaluation(e: &Evaluation, size: u8) -> SavedEvaluation {
    let win = e.win.as_ref().map(|w| SavedWin {
        line: w.line.iter().map(|&p| notation(p, size)).collect(),
        moves: w.moves,
        fours: w.by_fours,
    });
    SavedEvaluation { score: e.score, mate: e.mate, best: e.best.map(|p| notation(p, size)), win }
}

fn point(at: &str, size: u8) -> Result<Pos, String> {
    let notation: Notation = at.parse().map_err(|e: crate::CoordError| e.to_string())?;
    notation.to_pos(size).map_err(|e| e.to_string())
}

fn to_setup(saved: &SavedSetup, size: u8) -> Result<Setup, RecordError> {
    let stones = saved
        .stones
        .iter()
        .map(|s| Ok((point(&s.at, size).map_err(RecordError::BadSetup)?, s.color)))
        .collect::<Result<_, RecordError>>()?;
    Ok(Setup { stones, to_move: saved.to_move })
}

fn to_evaluation(saved: &SavedEvaluation, size: u8) -> Result<Evaluation, RecordError> {
    let bad = |why: String| RecordError::BadSetup(format!("evaluation: {why}"));
    let best = saved.best.as_deref().map(|b| point(b, size)).transpose().map_err(bad)?;
    let win = saved.win.as_ref().map(|w| to_win(w, size)).transpose().map_err(bad)?;
    Ok(Evaluation { score: saved.score, mate: saved.mate, best, win })
}

fn to_win(saved: &SavedWin, size: u8) -> Result<ThreatWin, String> {
    if saved.line.is_empty() || saved.line.len() > MAX_WIN_LINE || saved.moves == 0 {
        return Err(format!(
            "a proven win of {} moves and {} points",
            saved.moves,
            saved.line.len()
        ));
    }
    let line = saved.line.iter().map(|p| point(p, size)).collect::<Result<_, _>>()?;
    Ok(ThreatWin { line, moves: saved.moves, by_fours: saved.fours })
}

fn notation(pos: Pos, size: u8) -> String {
    pos.to_notation(size).map(|n| n.to_string()).unwrap_or_default()
}

/// Thinking time of finished moves only, so a save does not depend on when it is written.
fn finished_ms(game: &Game, color: Color) -> u64 {
    game.moves_of(color).map(|m| m.think_ms).sum()
}

fn to_moves(saved: &[SavedMove], size: u8, first_number: usize) -> Result<Vec<Move>, RecordError> {
    saved
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let bad =
                |reason: String| RecordError::BadMove { at_move: first_number + i + 1, reason };
            let pos = point(&m.at, size).map_err(bad)?;
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
        Some(1..=SAVE_VERSION) => Ok(()),
        _ => Err(RecordError::Malformed("version must be 1, 2 or 3".into())),
    }
}
