//! Studying a game in the session: review (the AI waits), continuing from an earlier move,
//! the kept variation, the position editor, and the game in and out as text and as a picture.

use super::Session;
use crate::error::{AppError, AppResult};
use crate::view::{GameView, StoneView};
use gomoku::game::Setup;
use gomoku::record::{self, MAX_SAVE_BYTES};
use gomoku::{Color, Game, Pos};

/// The first bytes of every PNG file.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// The largest picture `export_png` writes (16 MiB).
const MAX_PNG_BYTES: usize = 16 << 20;

impl Session {
    /// Review on: the AI does not move by itself (a running AI move is dropped, AI-vs-AI pauses);
    /// review off: the AI takes its turn again if due.
    pub fn set_review(&mut self, on: bool) -> GameView {
        self.reviewing = on;
        if on {
            if self.jobs.kind() == Some(crate::job::JobKind::Move) {
                self.cancel_job();
            }
            self.autoplay = false;
        }
        self.view()
    }

    /// Plays `(x, y)` after the first `ply` moves of the line: the later moves are kept as the
    /// variation (restorable), not lost. Nothing changes on any error.
    ///
    /// # Errors
    /// `nothingToRedo` for a ply beyond the line, and every error of [`Session::play`].
    pub fn play_from(&mut self, ply: usize, x: u8, y: u8) -> AppResult<GameView> {
        let mut game = self.game.clone();
        game.go_to(ply)?;
        if game.is_ai_turn() {
            return Err(gomoku::PlayError::NotYourTurn.into());
        }
        game.play(Pos::new(x, y))?;
        self.cancel_job();
        self.game = game;
        self.reviewing = false;
        self.changed();
        Ok(self.view())
    }

    /// Swaps the line with the kept variation.
    ///
    /// # Errors
    /// `noVariation` when none is kept.
    pub fn restore_variation(&mut self) -> AppResult<GameView> {
        self.game.restore_variation()?;
        self.cancel_job();
        self.changed();
        Ok(self.view())
    }

    /// Starts the game again from a position set up in the editor (same players and rule).
    ///
    /// # Errors
    /// `badPosition` naming why the position cannot be played; the game is unchanged.
    pub fn set_position(&mut self, stones: &[StoneView], to_move: Color) -> AppResult<GameView> {
        let mut game = Game::new(self.game.settings().clone(), self.clock.clone())?;
        let stones = stones.iter().map(|s| (Pos::new(s.x, s.y), s.color)).collect();
        game.set_up(Setup { stones, to_move })?;
        self.cancel_job();
        self.game = game;
        self.reviewing = false;
        self.changed();
        Ok(self.view())
    }

    /// The game's position as a move string (a set-up position's stones first).
    ///
    /// # Errors
    /// `badRecord` when a set-up position cannot be written as moves.
    pub fn export_text(&self) -> AppResult<String> {
        Ok(record::position_string(&self.game)?)
    }

    /// Reads a game from text (pasted, or a dropped file's contents; `name` is the file's name, if
    /// any, which chooses the format as its extension does when saving). Nothing changes on error.
    ///
    /// # Errors
    /// `badRecord` naming the problem.
    pub fn read_text(&self, text: &str, name: &str) -> AppResult<Game> {
        if text.len() > MAX_SAVE_BYTES {
            return Err(record::RecordError::TooLarge { bytes: text.len() }.into());
        }
        if text.trim().is_empty() {
            return Err(record::RecordError::Malformed("there is nothing to read".into()).into());
        }
        self.parse_record(name, text.as_bytes())
    }
}

/// Checks that `png` is a PNG picture of a sensible size (the page makes it; it is written where
/// the person chooses).
///
/// # Errors
/// `io` when the bytes are not a PNG picture.
pub fn check_png(png: &[u8]) -> AppResult<()> {
    if !png.starts_with(PNG_SIGNATURE) || png.len() > MAX_PNG_BYTES {
        return Err(AppError::Io("the picture is not a PNG image".into()));
    }
    Ok(())
}
