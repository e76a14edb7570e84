//! A game's opening phase: the decisions of an opening rule (swap1, swap2, RIF) come before the
//! normal moves, and the players' colours follow from them. The rules of each opening live in
//! `crate::opening`; this only connects them to the game.

use super::{Game, HistoryError, Outcome, Settings, SettingsError};
use crate::color::Color;
use crate::level::{Mode, PlayerKind};
use crate::opening::{Decision, Opening, OpeningError, OpeningRule, Role};

/// The opening a new game with `settings` starts with (none without an opening rule).
pub(super) fn new_opening(settings: &Settings) -> Result<Option<Opening>, SettingsError> {
    if settings.opening == OpeningRule::Free {
        return Ok(None);
    }
    Opening::new(settings.opening, settings.size)
        .map(Some)
        .map_err(|_| SettingsError::BadSize(settings.size))
}

impl Game {
    /// The opening being played or played, if the game has an opening rule.
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// Whether the opening is still being played (its decisions come before any move).
    pub fn in_opening(&self) -> bool {
        self.opening.as_ref().is_some_and(|o| !o.is_done())
    }

    /// Who decides now in the opening, while it is played.
    pub fn opening_turn(&self) -> Option<Role> {
        self.opening.as_ref().filter(|o| !o.is_done()).map(Opening::whose_turn)
    }

    /// Whether a person or the AI plays `role` (the person's opening role is the opener when
    /// the given settings make them black).
    pub fn kind_of_role(&self, role: Role) -> PlayerKind {
        match self.base.mode {
            Mode::HumanVsHuman => PlayerKind::Human,
            Mode::AiVsAi => PlayerKind::Ai,
            Mode::HumanVsAi => {
                let human = if self.base.human_color == Color::Black {
                    Role::Opener
                } else {
                    Role::Responder
                };
                if role == human {
                    PlayerKind::Human
                } else {
                    PlayerKind::Ai
                }
            }
        }
    }

    /// The settings as given, the players named by their opening role (black = the opener).
    pub fn base_settings(&self) -> &Settings {
        &self.base
    }

    /// Whether the opening gave black to the responder: the players' colours are exchanged.
    pub(super) fn colours_swapped(&self) -> bool {
        self.opening.as_ref().and_then(Opening::black_player) == Some(Role::Responder)
    }

    /// Takes an opening decision for whoever decides now.
    ///
    /// # Errors
    /// [`OpeningError::Finished`] without an opening in play, or why the opening refuses it; the
    /// game is then unchanged.
    pub fn decide(&mut self, decision: Decision) -> Result<(), OpeningError> {
        let opening =
            self.opening.as_mut().filter(|o| !o.is_done()).ok_or(OpeningError::Finished)?;
        opening.apply(decision)?;
        self.after_opening_change();
        Ok(())
    }

    /// Takes back opening decisions: one, or in human-vs-AI back to the person's decision.
    pub(super) fn undo_opening(&mut self) -> Result<(), HistoryError> {
        let mut probe = self.opening.clone().ok_or(HistoryError::NothingToUndo)?;
        loop {
            probe.undo().ok_or(HistoryError::NothingToUndo)?;
            let person = self.kind_of_role(probe.whose_turn()) == PlayerKind::Human;
            if self.base.mode != Mode::HumanVsAi || person {
                break;
            }
        }
        self.opening = Some(probe);
        self.after_opening_change();
        Ok(())
    }

    /// The board, the players' colours and the clock follow the opening.
    fn after_opening_change(&mut self) {
        let Some(opening) = &self.opening else { return };
        self.board = opening.board().clone();
        self.settings =
            if self.colours_swapped() { self.base.swapped() } else { self.base.clone() };
        self.outcome = Outcome::Playing;
        self.redo.clear();
        self.evaluations.clear();
        self.turn_started_ms = self.clock.now_ms();
        self.updated_at = self.clock.unix_seconds();
    }
}
