//! What a game is played with: board size, rule, mode, players' names, AI level.

use super::timing::TimeControl;
use crate::color::Color;
use crate::level::{Level, Mode, PlayerKind};
use crate::opening::OpeningRule;
use crate::pos::{MAX_SIZE, MIN_SIZE};
use crate::rule::Rule;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest nickname, in characters.
pub const MAX_NAME_CHARS: usize = 20;

/// The settings a game starts with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// Board side, 5..=22.
    pub size: u8,
    /// The rule set.
    pub rule: Rule,
    /// Black's first stone must be on the centre point.
    pub centre_first: bool,
    /// Who plays whom.
    pub mode: Mode,
    /// The person's colour in human-vs-AI (ignored in the other modes).
    pub human_color: Color,
    /// The AI's level, for AI players and hints.
    pub level: Level,
    /// The people's nicknames (the AI's name comes from its level).
    pub names: Names,
    /// The opening rule (swap1, swap2, RIF) played before normal moves; none by default. With
    /// one, `human_color` and `names` name the players by their opening role first — black is
    /// the opener (the tentative black) — until the opening decides the colours.
    #[serde(default, skip_serializing_if = "is_free")]
    pub opening: OpeningRule,
    /// How much time each player has (none by default: the clocks only count).
    #[serde(default, skip_serializing_if = "is_untimed")]
    pub time_control: TimeControl,
    /// A fallen flag only warns instead of losing the game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub flag_warns: bool,
}

fn is_free(rule: &OpeningRule) -> bool {
    *rule == OpeningRule::Free
}

fn is_untimed(control: &TimeControl) -> bool {
    !control.is_timed()
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// Nicknames of the black and the white player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Names {
    /// Black's nickname.
    pub black: String,
    /// White's nickname.
    pub white: String,
}

impl Names {
    /// The nickname of `color`.
    pub fn of(&self, color: Color) -> &str {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            size: 15,
            rule: Rule::Freestyle,
            centre_first: false,
            mode: Mode::HumanVsAi,
            human_color: Color::Black,
            level: Level::Hard,
            names: Names { black: "Black".into(), white: "White".into() },
            opening: OpeningRule::Free,
            time_control: TimeControl::None,
            flag_warns: false,
        }
    }
}

/// A player as shown to people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Nickname (for the AI: its level's name).
    pub name: String,
    /// Person or AI.
    pub kind: PlayerKind,
}

/// Settings that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// The board size is not in 5..=22.
    BadSize(u8),
    /// A nickname is empty, too long or contains control characters.
    BadName(String),
    /// A time control's numbers are out of range.
    BadTimeControl(String),
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::BadSize(s) => {
                write!(f, "board size {s} is not in {MIN_SIZE}..={MAX_SIZE}")
            }
            SettingsError::BadTimeControl(why) => write!(f, "time control: {why}"),
            SettingsError::BadName(n) => write!(
                f,
                "nickname {n:?} must be 1 to {MAX_NAME_CHARS} characters without control characters"
            ),
        }
    }
}

impl std::error::Error for SettingsError {}

impl Settings {
    /// Who plays `color`.
    pub fn kind_of(&self, color: Color) -> PlayerKind {
        self.mode.kind_of(color, self.human_color)
    }

    /// The player of `color`: the nickname for a person, the level's name for the AI.
    pub fn player(&self, color: Color) -> Player {
        let kind = self.kind_of(color);
        let name = match kind {
            PlayerKind::Human => self.names.of(color).to_string(),
            PlayerKind::Ai => self.level.player_name(),
        };
        Player { name, kind }
    }

    /// The same settings with the colours of the players exchanged: names swapped, the person's
    /// colour flipped (what an opening's swap does to the players).
    pub fn swapped(&self) -> Settings {
        let names = Names { black: self.names.white.clone(), white: self.names.black.clone() };
        Settings { names, human_color: !self.human_color, ..self.clone() }
    }

    /// Checks the size and trims and checks the names.
    ///
    /// # Errors
    /// [`SettingsError`] naming the first bad field.
    pub fn validated(mut self) -> Result<Settings, SettingsError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return Err(SettingsError::BadSize(self.size));
        }
        self.names.black = clean_name(&self.names.black)?;
        self.names.white = clean_name(&self.names.white)?;
        self.time_control = self.time_control.validated().map_err(SettingsError::BadTimeControl)?;
        Ok(self)
    }
}

/// A nickname trimmed and checked: 1..=20 characters, no control characters.
///
/// # Errors
/// [`SettingsError::BadName`] otherwise.
pub fn clean_name(name: &str) -> Result<String, SettingsError> {
    let trimmed = name.trim();
    let chars = trimmed.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS || trimmed.chars().any(char::is_control) {
        return Err(SettingsError::BadName(name.chars().take(40).collect()));
    }
    Ok(trimmed.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_limited() {
        assert_eq!(clean_name("  Alice "), Ok("Alice".into()));
        assert_eq!(clean_name("小明"), Ok("小明".into()));
        assert!(clean_name("   ").is_err());
        assert!(clean_name(&"x".repeat(21)).is_err());
        assert!(clean_name("a\u{0}b").is_err());
    }

    #[test]
    fn the_ai_is_named_after_its_level() {
        let settings = Settings { level: Level::Easy, ..Settings::default() };
        assert_eq!(settings.player(Color::White).name, "AI · Easy");
        assert_eq!(settings.player(Color::Black).name, "Black");
    }
}
