//! The player's preferences, kept in the app config directory.

use gomoku::game::{clean_name, Names};
use gomoku::{Color, Level, Mode, Rule, MAX_SIZE, MIN_SIZE};
use serde::{Deserialize, Serialize};

/// Interface language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Follow the system locale.
    #[default]
    Auto,
    /// English.
    En,
    /// 简体中文.
    Zh,
}

/// Colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Follow the system.
    #[default]
    Auto,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// What the app remembers between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Preferences {
    /// Nicknames for human-vs-human games.
    pub names: Names,
    /// The person's nickname in human-vs-AI games.
    pub human_name: String,
    /// AI level.
    pub level: Level,
    /// Rule for new games.
    pub rule: Rule,
    /// Mode for new games.
    pub mode: Mode,
    /// The person's colour against the AI.
    pub human_color: Color,
    /// Board size for new games.
    pub size: u8,
    /// Black's first stone on the centre.
    pub centre_first: bool,
    /// Sounds on.
    pub sound: bool,
    /// Interface language.
    pub language: Language,
    /// Colour theme.
    pub theme: Theme,
    /// Show move numbers on the stones.
    pub show_numbers: bool,
    /// How many candidate moves analysis mode shows (1–5).
    pub analysis_lines: u8,
    /// The opening rule for new games.
    pub opening: gomoku::opening::OpeningRule,
    /// Search threads for Master and analysis: 0 = all cores but one.
    pub search_threads: u8,
    /// The time control for new games.
    pub time_control: gomoku::game::TimeControl,
    /// A fallen flag only warns instead of losing.
    pub flag_warns: bool,
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences {
            names: Names { black: "Black".into(), white: "White".into() },
            human_name: "Player".into(),
            level: Level::Medium,
            rule: Rule::Freestyle,
            mode: Mode::HumanVsAi,
            human_color: Color::Black,
            size: 15,
            centre_first: false,
            sound: true,
            language: Language::Auto,
            theme: Theme::Auto,
            show_numbers: false,
            analysis_lines: 3,
            opening: gomoku::opening::OpeningRule::Free,
            search_threads: 0,
            time_control: gomoku::game::TimeControl::None,
            flag_warns: false,
        }
    }
}

impl Preferences {
    /// The search threads for Master and analysis: the preference, or all cores but one.
    pub fn threads(&self) -> usize {
        match self.search_threads {
            0 => {
                std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
            }
            n => usize::from(n),
        }
    }

    /// Checks sizes and names, trimming the names.
    ///
    /// # Errors
    /// A message naming the bad field.
    pub fn validated(mut self) -> Result<Preferences, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return Err(format!("board size {} is not in {MIN_SIZE}..={MAX_SIZE}", self.size));
        }
        if usize::from(self.search_threads) > gomoku::ai::MAX_THREADS {
            return Err(format!(
                "search threads {} is above {}",
                self.search_threads,
                gomoku::ai::MAX_THREADS
            ));
        }
        if !(1..=5).contains(&self.analysis_lines) {
            return Err(format!("analysis lines {} is not in 1..=5", self.analysis_lines));
        }
        let clean = |n: &str| clean_name(n).map_err(|e| e.to_string());
        self.names.black = clean(&self.names.black)?;
        self.names.white = clean(&self.names.white)?;
        self.human_name = clean(&self.human_name)?;
        self.time_control = self.time_control.validated()?;
        Ok(self)
    }
}
