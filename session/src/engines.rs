//! The session's side of external engines: the list the person keeps (added through the native
//! file dialog and a probe, renamed, given a time per move, removed), and the engine chosen to
//! play for the AI side and give hints instead of the built-in AI.

use crate::error::{AppError, AppResult};
use crate::picker::FilePicker;
use crate::registry::{EngineEntry, Registry};
use crate::session::Session;
use crate::storage::{read_limited, set_aside, write_atomically, Storage};
use crate::view::GameView;
use gomoku::Rule;
use gomoku_client::brain::{EngineCommand, ExternalBrain};
use gomoku_client::probe::probe;
use serde::Serialize;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The largest engine list file read.
const MAX_LIST_BYTES: usize = 1 << 20;

/// An engine as the page sees it (never its path to run: the page refers to it by id).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The program's file name, for recognising it.
    pub file: String,
    /// Its `ABOUT` line.
    pub about: String,
    /// The rules it accepts.
    pub rules: Vec<Rule>,
    /// The board sizes it accepts.
    pub sizes: Vec<u8>,
    /// Its time per move in ms.
    pub move_ms: u32,
}

impl From<&EngineEntry> for EngineView {
    fn from(e: &EngineEntry) -> Self {
        EngineView {
            id: e.id.clone(),
            name: e.name.clone(),
            file: e.path.file_name().map(|n| n.to_string_lossy().into()).unwrap_or_default(),
            about: e.about.clone(),
            rules: e.rules.clone(),
            sizes: e.sizes.clone(),
            move_ms: e.move_ms,
        }
    }
}

/// The external engine playing now.
pub struct Opponent {
    /// Its id in the list.
    pub id: String,
    /// Its name (shown as the AI's).
    pub name: String,
    /// Its time per move.
    pub move_time: Duration,
    /// The running engine.
    pub brain: Arc<ExternalBrain>,
}

/// Reads the engine list (a corrupt file is set aside with a warning).
pub fn load_registry(storage: &Storage, warnings: &mut Vec<String>) -> Registry {
    let parsed = match read_limited(&storage.engines, MAX_LIST_BYTES) {
        Ok(None) => return Registry::default(),
        Ok(Some(bytes)) => serde_json::from_slice::<Registry>(&bytes).map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    parsed.map(Registry::validated).unwrap_or_else(|why| {
        let aside = set_aside(&storage.engines);
        let shown = crate::session::shown(aside);
        warnings
            .push(format!("The engine list was unreadable ({why}); it was set aside as {shown}."));
        Registry::default()
    })
}

/// Asks for an engine through the file dialog and probes it (no session lock held: both may
/// take seconds).
///
/// # Errors
/// `cancelled`, or `engine` with the probe's reason.
pub fn choose_and_probe(
    picker: &dyn FilePicker,
    args: &str,
) -> AppResult<(EngineCommand, gomoku_client::probe::ProbeReport)> {
    let path: PathBuf = picker.engine_path().ok_or(AppError::Cancelled)?;
    let args = args.split_whitespace().map(str::to_string).collect();
    let command = EngineCommand { path, args };
    let report = probe(&command)?;
    Ok((command, report))
}

impl Session {
    /// The engines, in the order added.
    pub fn engine_list(&self) -> Vec<EngineView> {
        self.engines.engines.iter().map(EngineView::from).collect()
    }

    /// Adds a probed engine, named after its `ABOUT` (or its file).
    ///
    /// # Errors
    /// `engine` if the list refuses it; `io` if it cannot be stored.
    pub fn add_engine(
        &mut self,
        command: EngineCommand,
        report: gomoku_client::probe::ProbeReport,
    ) -> AppResult<Vec<EngineView>> {
        let file = command.path.file_name().map(|n| n.to_string_lossy().to_string());
        let name = report.name.or(file).unwrap_or_else(|| "Engine".into());
        let name: String = name.chars().take(crate::registry::NAME_MAX).collect();
        let mut next = self.engines.clone();
        next.add(&name, command, report.about, report.rules, report.sizes)?;
        self.store_engines(next)?;
        Ok(self.engine_list())
    }

    /// Renames an engine and sets its time per move.
    ///
    /// # Errors
    /// `engine` for an unknown id, a bad name or time; nothing changes then.
    pub fn edit_engine(
        &mut self,
        id: &str,
        name: &str,
        move_ms: u32,
    ) -> AppResult<Vec<EngineView>> {
        let mut next = self.engines.clone();
        next.edit(id, name, move_ms)?;
        self.store_engines(next)?;
        if let Some(o) = self.opponent.as_mut().filter(|o| o.id == id) {
            let entry = self.engines.get(id)?;
            o.name = entry.name.clone();
            o.move_time = Duration::from_millis(entry.move_ms.into());
        }
        Ok(self.engine_list())
    }

    /// Removes an engine (the built-in AI takes over if it was playing).
    ///
    /// # Errors
    /// `engine` for an unknown id; `aiThinking` while it searches.
    pub fn remove_engine(&mut self, id: &str) -> AppResult<Vec<EngineView>> {
        if self.opponent.as_ref().is_some_and(|o| o.id == id) {
            self.set_opponent(None)?;
        }
        let mut next = self.engines.clone();
        next.remove(id)?;
        self.store_engines(next)?;
        Ok(self.engine_list())
    }

    /// Chooses who plays for the AI side and gives hints: an engine of the list (it must accept
    /// the game's rule) or, with `None`, the built-in AI. The engine starts at its first move.
    ///
    /// # Errors
    /// `aiThinking` while a search runs; `engine` for an unknown id or a rule it does not play.
    pub fn set_opponent(&mut self, id: Option<&str>) -> AppResult<GameView> {
        if self.job.is_some() {
            return Err(AppError::AiThinking);
        }
        let Some(id) = id else {
            self.opponent = None;
            return Ok(self.view());
        };
        if self.opponent.as_ref().is_some_and(|o| o.id == id) {
            return Ok(self.view());
        }
        let (rule, size) = (self.game.settings().rule, self.game.settings().size);
        let entry = self.playable_engine(id, rule, size)?.clone();
        let brain = ExternalBrain::new(entry.command())?;
        self.opponent = Some(Opponent {
            id: entry.id.clone(),
            name: entry.name.clone(),
            move_time: Duration::from_millis(entry.move_ms.into()),
            brain: Arc::new(brain),
        });
        Ok(self.view())
    }

    /// The engine `id` if it plays `rule` on a board of side `size`.
    ///
    /// # Errors
    /// `engine` for an unknown id or a game it does not play.
    pub(crate) fn playable_engine(
        &self,
        id: &str,
        rule: Rule,
        size: u8,
    ) -> AppResult<&EngineEntry> {
        let entry = self.engines.get(id)?;
        if !entry.plays(rule, size) {
            let why = format!("{} does not play {rule} on {size}x{size}", entry.name);
            return Err(AppError::Engine(why));
        }
        Ok(entry)
    }

    /// Drops the external opponent if it does not play the game's rule (after a new game or a
    /// load); says whether it was dropped.
    pub(crate) fn check_opponent_rule(&mut self) -> bool {
        let (rule, size) = (self.game.settings().rule, self.game.settings().size);
        let plays =
            |o: &Opponent| self.engines.get(&o.id).is_ok_and(|e: &EngineEntry| e.plays(rule, size));
        if self.opponent.as_ref().is_some_and(|o| !plays(o)) {
            self.opponent = None;
            return true;
        }
        false
    }

    /// Stops any search and ends the external engine's process (the app is quitting).
    pub fn cancel_and_release_engines(&mut self) {
        self.cancel_job();
        if let Some(opponent) = self.opponent.take() {
            opponent.brain.shut_down();
        }
    }

    fn store_engines(&mut self, next: Registry) -> AppResult<()> {
        if let Some(storage) = &self.storage {
            let bytes =
                serde_json::to_vec_pretty(&next).map_err(|e| AppError::Io(e.to_string()))?;
            write_atomically(&storage.engines, &bytes).map_err(|e| AppError::Io(e.to_string()))?;
        }
        self.engines = next;
        Ok(())
    }
}
