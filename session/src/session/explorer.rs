//! The opening explorer in the session: its view, and a game begun from one of its openings.

use super::Session;
use crate::error::{AppError, AppResult};
use crate::explorer::{explorer, ExplorerView};
use crate::view::GameView;
use gomoku::game::Settings;
use gomoku::opening::OpeningRule;
use gomoku::study::explorer::OPENINGS;
use gomoku::{Game, Mode, Rule};

impl Session {
    /// The explorer under `rule`, with the person's results from the kept games (read now).
    pub fn explorer(&self, rule: Rule) -> ExplorerView {
        let files = self.storage.as_ref().map_or_else(Vec::new, |s| super::kept_games(&s.games));
        explorer(rule, &files, self.clock.clone())
    }

    /// A new 15 × 15 game under `rule` that begins with opening `index`'s three stones: played
    /// against the AI as the preferences say (`study`: between two people, for analysis, so
    /// the AI never moves by itself).
    ///
    /// # Errors
    /// `badSettings` for an unknown opening; `puzzle` while a puzzle is open.
    pub fn play_opening(&mut self, index: usize, rule: Rule, study: bool) -> AppResult<GameView> {
        self.not_in_puzzle()?;
        let opening = OPENINGS
            .get(index)
            .ok_or_else(|| AppError::BadSettings(format!("no opening {index}")))?;
        let mut settings = Settings {
            size: 15,
            rule,
            centre_first: false,
            opening: OpeningRule::Free,
            ..super::settings_from_prefs(&self.prefs)
        };
        if study {
            settings.mode = Mode::HumanVsHuman;
        } else if settings.mode == Mode::HumanVsHuman {
            settings.mode = Mode::HumanVsAi;
        }
        let mut game = Game::new(settings, self.clock.clone())?;
        for p in opening.stones(15) {
            game.play(p)?;
        }
        self.cancel_job();
        self.autoplay = game.settings().mode == Mode::AiVsAi;
        self.reviewing = false;
        self.game = game;
        self.set_opponent(None)?;
        self.changed();
        Ok(self.view())
    }
}
