//! AI strength levels and the game modes that decide who is an AI.

use crate::color::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How strong the AI plays.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// For beginners: sees immediate threats but misses deeper ones.
    Easy,
    /// For casual players.
    Medium,
    /// For club players.
    #[default]
    Hard,
    /// Full strength.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    /// The lowercase name used in files and the IPC.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// The display name of an AI player at this level, e.g. `AI · Hard`.
    pub fn player_name(self) -> String {
        let name = self.name();
        format!("AI · {}{}", name[..1].to_uppercase(), &name[1..])
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown level name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level {:?} (expected easy, medium, hard or master)", self.0)
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Mode {
    /// A person against the AI; the person chooses a colour.
    #[default]
    HumanVsAi,
    /// Two people at one machine.
    HumanVsHuman,
    /// The AI against itself, to watch or analyse.
    AiVsAi,
}

/// Whether a player is a person or the AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// A person.
    Human,
    /// The engine.
    Ai,
}

impl Mode {
    /// Who plays `color` in this mode, when the person (in human-vs-AI) plays `human_color`.
    pub fn kind_of(self, color: Color, human_color: Color) -> PlayerKind {
        match self {
            Mode::HumanVsHuman => PlayerKind::Human,
            Mode::AiVsAi => PlayerKind::Ai,
            Mode::HumanVsAi if color == human_color => PlayerKind::Human,
            Mode::HumanVsAi => PlayerKind::Ai,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_display() {
        assert_eq!("MASTER".parse::<Level>(), Ok(Level::Master));
        assert_eq!(Level::Hard.player_name(), "AI · Hard");
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn kinds_follow_the_mode() {
        assert_eq!(Mode::HumanVsAi.kind_of(Color::White, Color::Black), PlayerKind::Ai);
        assert_eq!(Mode::HumanVsAi.kind_of(Color::White, Color::White), PlayerKind::Human);
        assert_eq!(Mode::AiVsAi.kind_of(Color::Black, Color::Black), PlayerKind::Ai);
    }
}
