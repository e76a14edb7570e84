//! The session's side of external engines: the list and the opponent live in
//! [`ExternalEngines`](crate::engines::ExternalEngines); here the session checks that no search
//! runs and answers with its lists and views.

use super::Session;
use crate::engines::EngineView;
use crate::error::{AppError, AppResult};
use crate::view::GameView;
use gomoku_client::probe::ProbeReport;
use gomoku_client::EngineCommand;

impl Session {
    /// The engines, in the order added.
    pub fn engine_list(&self) -> Vec<EngineView> {
        self.engines.list()
    }

    /// Adds a probed engine, named after its `ABOUT` (or its file).
    ///
    /// # Errors
    /// `engine` if the list refuses it; `io` if it cannot be stored.
    pub fn add_engine(
        &mut self,
        command: EngineCommand,
        report: ProbeReport,
    ) -> AppResult<Vec<EngineView>> {
        self.engines.add(command, report)?;
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
        self.engines.edit(id, name, move_ms)?;
        Ok(self.engine_list())
    }

    /// Removes an engine (the built-in AI takes over if it was playing).
    ///
    /// # Errors
    /// `engine` for an unknown id; `aiThinking` while the engine searches.
    pub fn remove_engine(&mut self, id: &str) -> AppResult<Vec<EngineView>> {
        if self.engines.opponent().is_some_and(|o| o.id == id) && self.jobs.current().is_some() {
            return Err(AppError::AiThinking);
        }
        self.engines.remove(id)?;
        Ok(self.engine_list())
    }

    /// Chooses who plays for the AI side and gives hints: an engine of the list (it must accept
    /// the game's rule) or, with `None`, the built-in AI. The engine starts at its first move.
    ///
    /// # Errors
    /// `aiThinking` while a search runs; `engine` for an unknown id or a rule it does not play.
    pub fn set_opponent(&mut self, id: Option<&str>) -> AppResult<GameView> {
        if self.jobs.current().is_some() {
            return Err(AppError::AiThinking);
        }
        let (rule, size) = (self.game.settings().rule, self.game.settings().size);
        self.engines.choose(id, rule, size)?;
        Ok(self.view())
    }

    /// Drops the external opponent if it does not play the game's rule (after a new game or a
    /// load); says whether it was dropped.
    pub(crate) fn check_opponent_rule(&mut self) -> bool {
        let (rule, size) = (self.game.settings().rule, self.game.settings().size);
        self.engines.drop_unless_playable(rule, size)
    }

    /// Stops any search and ends the external engine's process (the app is quitting).
    pub fn cancel_and_release_engines(&mut self) {
        self.cancel_job();
        self.engines.release();
    }
}
