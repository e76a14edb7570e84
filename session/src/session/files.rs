//! The session's files: records in and out, the autosave and resuming it, the preferences,
//! the finished games kept for puzzles.

use super::Session;
use crate::error::{AppError, AppResult};
use crate::prefs::Preferences;
use crate::puzzles::fingerprint;
use crate::session::StartupInfo;
use crate::storage::{read_limited, set_aside, shown, write_atomically, Storage};
use crate::view::GameView;
use gomoku::game::{Clock, Settings};
use gomoku::record::{self, MAX_SAVE_BYTES};
use gomoku::{Color, Game, Mode};
use std::path::{Path, PathBuf};
use std::sync::Arc;

impl Session {
    /// The game as the text of the format a file called `path` should hold (`.json` save
    /// file, `.psq`, `.txt` move string).
    ///
    /// # Errors
    /// `badRecord` when that format cannot hold the game.
    pub fn record_text(&self, path: &Path) -> AppResult<String> {
        let name = path.to_string_lossy();
        Ok(record::Format::for_writing(&name).write(&self.game)?)
    }

    /// Reads a game from a record's `bytes`, in the format its name and content say; the current
    /// game's settings fill in what the format does not give. Nothing changes.
    ///
    /// # Errors
    /// `badRecord` naming the move and the reason.
    pub fn parse_record(&self, name: &str, bytes: &[u8]) -> AppResult<Game> {
        let format = record::Format::guess(name, bytes);
        Ok(format.read(bytes, self.game.settings().clone(), self.clock.clone())?)
    }

    /// Resumes the autosaved game found at start.
    ///
    /// # Errors
    /// `noAutosave` when there is none.
    pub fn resume_autosave(&mut self) -> AppResult<GameView> {
        let mut game = self.resumable.take().ok_or(AppError::NoAutosave)?;
        // The time the question waited for an answer is nobody's thinking time.
        game.restart_turn_clock();
        Ok(self.replace_game(game))
    }

    /// Forgets the autosaved game found at start.
    pub fn discard_autosave(&mut self) -> GameView {
        self.resumable = None;
        self.view()
    }

    /// Startup news: whether a game can be resumed, and warnings (reported once).
    pub fn startup_info(&mut self) -> StartupInfo {
        StartupInfo {
            resumable: self.resumable.is_some(),
            warnings: std::mem::take(&mut self.warnings),
        }
    }

    /// The preferences.
    pub fn preferences(&self) -> Preferences {
        self.prefs.clone()
    }

    /// Replaces the preferences.
    ///
    /// # Errors
    /// `badSettings` for a bad size or name; nothing changes then.
    pub fn set_preferences(&mut self, prefs: Preferences) -> AppResult<Preferences> {
        self.prefs = prefs.validated().map_err(AppError::BadSettings)?;
        self.save_prefs();
        Ok(self.prefs.clone())
    }

    pub(super) fn save_prefs(&self) {
        if let Some(storage) = &self.storage {
            if let Ok(json) = serde_json::to_vec_pretty(&self.prefs) {
                let _ = write_atomically(&storage.preferences, &json);
            }
        }
    }

    /// Writes the game to the autosave file (errors are ignored: autosave must never block play).
    /// During a puzzle the game kept aside is the one saved.
    pub(crate) fn autosave(&self) {
        if let Some(storage) = &self.storage {
            let game = self.puzzle.as_ref().map_or(&self.game, |p| &p.stashed);
            let _ = write_atomically(&storage.autosave, record::save_to_string(game).as_bytes());
        }
    }

    /// Keeps a finished game (five moves or more, not a puzzle) in the games folder, once: its
    /// file is named by its line, so the same game is kept once however often it ends or is
    /// loaded. The newest [`KEPT_GAMES`] are kept. Errors are ignored like the autosave's.
    pub(crate) fn keep_finished_game(&self) {
        let (Some(storage), None) = (&self.storage, &self.puzzle) else { return };
        let game = &self.game;
        if game.is_playing() || game.moves().len() < 5 {
            return;
        }
        let moves: Vec<_> = game.moves().iter().map(|m| m.pos).collect();
        let s = game.settings();
        let name = format!("game-{:016x}.json", fingerprint(s.rule, s.size, &moves));
        let path = storage.games.join(name);
        if !path.exists() {
            let _ = write_atomically(&path, record::save_to_string(game).as_bytes());
            prune_games(&storage.games);
        }
    }
}

/// How many finished games the games folder keeps.
pub const KEPT_GAMES: usize = 300;

/// The kept games, newest first.
pub fn kept_games(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = read
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    files.into_iter().map(|(_, p)| p).collect()
}

/// Removes the oldest kept games beyond [`KEPT_GAMES`].
fn prune_games(dir: &Path) {
    for old in kept_games(dir).into_iter().skip(KEPT_GAMES) {
        let _ = std::fs::remove_file(old);
    }
}

/// The settings of a fresh game from the preferences.
pub fn settings_from_prefs(prefs: &Preferences) -> Settings {
    let mut names = prefs.names.clone();
    if prefs.mode == Mode::HumanVsAi {
        match prefs.human_color {
            Color::Black => names.black = prefs.human_name.clone(),
            Color::White => names.white = prefs.human_name.clone(),
        }
    }
    Settings {
        size: prefs.size,
        rule: prefs.rule,
        centre_first: prefs.centre_first,
        mode: prefs.mode,
        human_color: prefs.human_color,
        level: prefs.level,
        names,
        opening: prefs.opening,
        time_control: prefs.time_control,
        flag_warns: prefs.flag_warns,
    }
}

pub(super) fn load_prefs(storage: &Storage, warnings: &mut Vec<String>) -> Preferences {
    let parsed = match read_limited(&storage.preferences, 64 * 1024) {
        Ok(None) => return Preferences::default(),
        Ok(Some(bytes)) => serde_json::from_slice::<Preferences>(&bytes)
            .map_err(|e| e.to_string())
            .and_then(Preferences::validated),
        Err(e) => Err(e.to_string()),
    };
    parsed.unwrap_or_else(|why| {
        let aside = set_aside(&storage.preferences);
        warnings.push(format!("The preferences file was unreadable ({why}); it was set aside as {} and defaults are used.", shown(aside)));
        Preferences::default()
    })
}

pub(super) fn load_autosave(
    storage: &Storage,
    clock: Arc<dyn Clock>,
    warnings: &mut Vec<String>,
) -> Option<Game> {
    let loaded = match read_limited(&storage.autosave, MAX_SAVE_BYTES) {
        Ok(None) => return None,
        Ok(Some(bytes)) => record::load_save(&bytes, clock).map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    match loaded {
        Ok(game) => {
            let begun =
                game.step() > 0 || game.opening().is_some_and(|o| !o.decisions().is_empty());
            (game.is_playing() && begun).then_some(game)
        }
        Err(why) => {
            let aside = set_aside(&storage.autosave);
            warnings.push(format!(
                "The autosaved game was unreadable ({why}); it was set aside as {}.",
                shown(aside)
            ));
            None
        }
    }
}
