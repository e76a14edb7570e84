//! The session's side of external engines: the list the person keeps (added through the native
//! file dialog and a probe, renamed, given a time per move, removed), and the engine chosen to
//! play for the AI side and give hints instead of the built-in AI.

use crate::error::{AppError, AppResult};
use crate::picker::FilePicker;
use crate::registry::{EngineEntry, Registry};
use crate::storage::{read_limited, set_aside, shown, write_atomically, Storage};
use gomoku::Rule;
use gomoku_client::brain::{EngineCommand, ExternalBrain};
use gomoku_client::probe::{probe, ProbeReport};
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

/// The external engines: the list the person added (kept in a file), the one playing for the
/// AI side, if chosen, and the game generation at which it last failed or was stopped (it is
/// not started again by itself on that position; "AI move" asks it again).
#[derive(Default)]
pub struct ExternalEngines {
    registry: Registry,
    opponent: Option<Opponent>,
    failed_at: Option<u64>,
    file: Option<PathBuf>,
}

impl ExternalEngines {
    /// The list kept in `storage` (a corrupt file is set aside with a warning), or an empty one
    /// kept nowhere.
    pub fn load(storage: Option<&Storage>, warnings: &mut Vec<String>) -> ExternalEngines {
        let Some(storage) = storage else { return ExternalEngines::default() };
        let registry = load_registry(storage, warnings);
        ExternalEngines { registry, file: Some(storage.engines.clone()), ..Default::default() }
    }

    /// The engines, in the order added.
    pub fn list(&self) -> Vec<EngineView> {
        self.registry.engines.iter().map(EngineView::from).collect()
    }

    /// The engine playing for the AI side, if one was chosen.
    pub fn opponent(&self) -> Option<&Opponent> {
        self.opponent.as_ref()
    }

    /// Whether the opponent failed or was stopped on game generation `generation`.
    pub fn failed_at(&self, generation: u64) -> bool {
        self.failed_at == Some(generation)
    }

    /// Remembers that the opponent failed or was stopped on game generation `generation`.
    pub fn mark_failed(&mut self, generation: u64) {
        self.failed_at = Some(generation);
    }

    /// Adds a probed engine, named after its `ABOUT` (or its file).
    ///
    /// # Errors
    /// `engine` if the list refuses it; `io` if it cannot be stored.
    pub fn add(&mut self, command: EngineCommand, report: ProbeReport) -> AppResult<()> {
        let file = command.path.file_name().map(|n| n.to_string_lossy().to_string());
        let name = report.name.or(file).unwrap_or_else(|| "Engine".into());
        let name: String = name.chars().take(crate::registry::NAME_MAX).collect();
        let mut next = self.registry.clone();
        next.add(&name, command, report.about, report.rules, report.sizes)?;
        self.store(next)
    }

    /// Renames an engine and sets its time per move (the opponent too, if it is that one).
    ///
    /// # Errors
    /// `engine` for an unknown id, a bad name or time; nothing changes then.
    pub fn edit(&mut self, id: &str, name: &str, move_ms: u32) -> AppResult<()> {
        let mut next = self.registry.clone();
        next.edit(id, name, move_ms)?;
        self.store(next)?;
        if let Some(o) = self.opponent.as_mut().filter(|o| o.id == id) {
            let entry = self.registry.get(id)?;
            o.name = entry.name.clone();
            o.move_time = Duration::from_millis(entry.move_ms.into());
        }
        Ok(())
    }

    /// Removes an engine (the built-in AI takes over if it was playing).
    ///
    /// # Errors
    /// `engine` for an unknown id.
    pub fn remove(&mut self, id: &str) -> AppResult<()> {
        if self.opponent.as_ref().is_some_and(|o| o.id == id) {
            self.opponent = None;
        }
        let mut next = self.registry.clone();
        next.remove(id)?;
        self.store(next)
    }

    /// Chooses the engine `id` to play for the AI side (it must play `rule` on a `size` board),
    /// or with `None` the built-in AI. The engine starts at its first move.
    ///
    /// # Errors
    /// `engine` for an unknown id or a game it does not play.
    pub fn choose(&mut self, id: Option<&str>, rule: Rule, size: u8) -> AppResult<()> {
        let Some(id) = id else {
            self.opponent = None;
            return Ok(());
        };
        if self.opponent.as_ref().is_some_and(|o| o.id == id) {
            return Ok(());
        }
        let entry = self.playable(id, rule, size)?.clone();
        let brain = ExternalBrain::new(entry.command())?;
        self.opponent = Some(Opponent {
            id: entry.id.clone(),
            name: entry.name.clone(),
            move_time: Duration::from_millis(entry.move_ms.into()),
            brain: Arc::new(brain),
        });
        Ok(())
    }

    /// The engine `id` if it plays `rule` on a board of side `size`.
    ///
    /// # Errors
    /// `engine` for an unknown id or a game it does not play.
    pub fn playable(&self, id: &str, rule: Rule, size: u8) -> AppResult<&EngineEntry> {
        let entry = self.registry.get(id)?;
        if !entry.plays(rule, size) {
            let why = format!("{} does not play {rule} on {size}x{size}", entry.name);
            return Err(AppError::Engine(why));
        }
        Ok(entry)
    }

    /// Drops the opponent if it does not play `rule` on a `size` board (after a new game or a
    /// load); says whether it was dropped.
    pub fn drop_unless_playable(&mut self, rule: Rule, size: u8) -> bool {
        let plays = |o: &Opponent| self.registry.get(&o.id).is_ok_and(|e| e.plays(rule, size));
        if self.opponent.as_ref().is_some_and(|o| !plays(o)) {
            self.opponent = None;
            return true;
        }
        false
    }

    /// Ends the opponent's process (the app is quitting).
    pub fn release(&mut self) {
        if let Some(opponent) = self.opponent.take() {
            opponent.brain.shut_down();
        }
    }

    fn store(&mut self, next: Registry) -> AppResult<()> {
        if let Some(file) = &self.file {
            let bytes =
                serde_json::to_vec_pretty(&next).map_err(|e| AppError::Io(e.to_string()))?;
            write_atomically(file, &bytes).map_err(|e| AppError::Io(e.to_string()))?;
        }
        self.registry = next;
        Ok(())
    }
}

/// Reads the engine list (a corrupt file is set aside with a warning).
fn load_registry(storage: &Storage, warnings: &mut Vec<String>) -> Registry {
    let parsed = match read_limited(&storage.engines, MAX_LIST_BYTES) {
        Ok(None) => return Registry::default(),
        Ok(Some(bytes)) => serde_json::from_slice::<Registry>(&bytes).map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    parsed.map(Registry::validated).unwrap_or_else(|why| {
        let shown = shown(set_aside(&storage.engines));
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
) -> AppResult<(EngineCommand, ProbeReport)> {
    let path: PathBuf = picker.engine_path().ok_or(AppError::Cancelled)?;
    let args = args.split_whitespace().map(str::to_string).collect();
    let command = EngineCommand { path, args };
    let report = probe(&command)?;
    Ok((command, report))
}
