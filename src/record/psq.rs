//! Piskvork `.psq` records.
//!
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,8,1200
//! 9,9,300
//! ```
//! The first line names the board size; each move line is `x,y,milliseconds` with **1-based**
//! protocol coordinates (x from the left, y from the top). Lines after the moves (engine names,
//! a result code) are ignored when reading.

use super::error::{text_of, RecordError};
use crate::game::{Clock, Game, Move, Settings};
use crate::pos::Pos;
use std::sync::Arc;

/// A parsed `.psq`: the board size and the moves with their times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PsqRecord {
    /// Board side from the header.
    pub size: u8,
    /// Moves in order with thinking time in milliseconds.
    pub moves: Vec<(Pos, u64)>,
}

/// Parses `.psq` text.
///
/// # Errors
/// [`RecordError::Malformed`] for a bad header, [`RecordError::BadMove`] for an off-board move.
pub fn parse_psq(text: &str) -> Result<PsqRecord, RecordError> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let header = lines.next().ok_or_else(|| RecordError::Malformed("empty file".into()))?;
    let size = header_size(header)?;
    let mut moves = Vec::new();
    for line in lines {
        let Some((x, y, ms)) = move_fields(line) else { break };
        let at_move = moves.len() + 1;
        if x == 0 || y == 0 || x > u32::from(size) || y > u32::from(size) {
            return Err(RecordError::BadMove {
                at_move,
                reason: format!("{x},{y} is off the board"),
            });
        }
        moves.push((Pos::new(x as u8 - 1, y as u8 - 1), ms));
    }
    Ok(PsqRecord { size, moves })
}

/// The size in a header such as `Piskvorky 15x15, 11:11, 0` (square boards only).
fn header_size(header: &str) -> Result<u8, RecordError> {
    let bad = || {
        RecordError::Malformed(format!(
            "bad .psq header {:?}",
            header.chars().take(60).collect::<String>()
        ))
    };
    let dims = header.split_whitespace().nth(1).ok_or_else(bad)?.trim_end_matches(',');
    let (w, h) = dims.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u8, u8) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if w != h {
        return Err(RecordError::BadSettings(format!(
            "only square boards are supported, not {w}x{h}"
        )));
    }
    Ok(w)
}

/// `x,y` or `x,y,ms` as numbers, or `None` for a line that is not a move.
fn move_fields(line: &str) -> Option<(u32, u32, u64)> {
    let mut fields = line.split(',').map(str::trim);
    let x = fields.next()?.parse().ok()?;
    let y = fields.next()?.parse().ok()?;
    let ms = match fields.next() {
        Some(t) => t.parse().ok()?,
        None => 0,
    };
    fields.next().is_none().then_some((x, y, ms))
}

/// Reads a `.psq` and replays it into a new game; the size comes from the file, the rest of the
/// settings from `settings`.
///
/// # Errors
/// [`RecordError`] for unreadable text or the first illegal move.
pub fn import_psq(
    bytes: &[u8],
    settings: Settings,
    clock: Arc<dyn Clock>,
) -> Result<Game, RecordError> {
    let record = parse_psq(text_of(bytes)?)?;
    let settings = Settings { size: record.size, ..settings };
    let moves: Vec<Move> =
        record.moves.iter().map(|&(pos, think_ms)| Move { pos, think_ms }).collect();
    let unix = clock.unix_seconds();
    Game::replay(settings, clock, &moves, &[], (unix, unix)).map_err(RecordError::from)
}

/// The game as `.psq` text.
pub fn export_psq(game: &Game) -> String {
    let size = game.settings().size;
    let mut text = format!("Piskvorky {size}x{size}, 11:11, 0\n");
    let moves = game.moves();
    let points = super::points_of(game).unwrap_or_else(|_| moves.iter().map(|m| m.pos).collect());
    let set_up = points.len() - moves.len();
    for (i, pos) in points.iter().enumerate() {
        let ms = i.checked_sub(set_up).map_or(0, |k| moves[k].think_ms);
        text.push_str(&format!("{},{},{}\n", pos.x + 1, pos.y + 1, ms));
    }
    text
}
