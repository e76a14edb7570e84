//! The error every command returns, serialised for the page as `{ kind, message }`.

use gomoku::game::{HistoryError, SettingsError, SetupError};
use gomoku::opening::OpeningError;
use gomoku::record::RecordError;
use gomoku::PlayError;
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use std::fmt;

/// A refused command. The kind is stable for the UI to branch on; the message is English text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppError {
    /// A move the rules refuse.
    Play(PlayError),
    /// Nothing to undo or redo.
    History(HistoryError),
    /// A save file or record that cannot be read.
    BadRecord(RecordError),
    /// Unusable settings or preferences.
    BadSettings(String),
    /// An AI search is already running.
    AiThinking,
    /// There is no autosaved game to resume.
    NoAutosave,
    /// The person closed a file dialog.
    Cancelled,
    /// Reading or writing a file failed.
    Io(String),
    /// An external engine failed, or its list refused a change.
    Engine(String),
    /// A position set up by hand cannot be played.
    BadPosition(gomoku::game::SetupError),
    /// An opening decision is refused.
    Opening(OpeningError),
    /// A puzzle command that does not fit now (no puzzle open, an unknown puzzle, nothing to
    /// retry).
    Puzzle(String),
}

impl AppError {
    /// Every kind [`AppError::kind`] can give (the page's messages are checked against it).
    pub const KINDS: &'static [&'static str] = &[
        "aiThinking",
        "badDeclaration",
        "badPosition",
        "badRecord",
        "badSettings",
        "cancelled",
        "engine",
        "fiveOnBoard",
        "forbidden",
        "forbiddenStone",
        "gameOver",
        "inOpening",
        "io",
        "noAutosave",
        "noVariation",
        "notAnOpening",
        "notCentre",
        "notInSquare",
        "notNow",
        "notOffered",
        "notYourTurn",
        "nothingToRedo",
        "nothingToUndo",
        "occupied",
        "offerCount",
        "outOfBoard",
        "puzzle",
        "stoneCounts",
        "symmetricOffers",
    ];

    /// The stable kind the UI branches on.
    pub fn kind(&self) -> &'static str {
        match self {
            AppError::Play(e) => match e {
                PlayError::OutOfBoard => "outOfBoard",
                PlayError::Occupied => "occupied",
                PlayError::GameOver => "gameOver",
                PlayError::NotCentre => "notCentre",
                PlayError::Forbidden(_) => "forbidden",
                PlayError::NotYourTurn => "notYourTurn",
                PlayError::InOpening => "inOpening",
            },
            AppError::History(HistoryError::NothingToUndo) => "nothingToUndo",
            AppError::History(HistoryError::NothingToRedo) => "nothingToRedo",
            AppError::History(HistoryError::NoVariation) => "noVariation",
            AppError::Opening(e) => opening_kind(e),
            AppError::BadPosition(e) => match e {
                SetupError::FiveOnBoard(_) => "fiveOnBoard",
                SetupError::StoneCounts { .. } => "stoneCounts",
                SetupError::ForbiddenStone(..) => "forbiddenStone",
                _ => "badPosition",
            },
            AppError::BadRecord(_) => "badRecord",
            AppError::BadSettings(_) => "badSettings",
            AppError::AiThinking => "aiThinking",
            AppError::NoAutosave => "noAutosave",
            AppError::Cancelled => "cancelled",
            AppError::Io(_) => "io",
            AppError::Engine(_) => "engine",
            AppError::Puzzle(_) => "puzzle",
        }
    }
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Play(e) => write!(f, "{e}"),
            AppError::History(e) => write!(f, "{e}"),
            AppError::BadRecord(e) => write!(f, "{e}"),
            AppError::BadSettings(why) => write!(f, "{why}"),
            AppError::AiThinking => f.write_str("the AI is thinking"),
            AppError::NoAutosave => f.write_str("there is no saved game to resume"),
            AppError::Cancelled => f.write_str("cancelled"),
            AppError::Io(why) => write!(f, "{why}"),
            AppError::Engine(why) => write!(f, "{why}"),
            AppError::BadPosition(e) => write!(f, "{e}"),
            AppError::Opening(e) => write!(f, "{e}"),
            AppError::Puzzle(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for AppError {}

impl Serialize for AppError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("AppError", 2)?;
        s.serialize_field("kind", self.kind())?;
        s.serialize_field("message", &self.to_string())?;
        s.end()
    }
}

impl From<PlayError> for AppError {
    fn from(e: PlayError) -> Self {
        AppError::Play(e)
    }
}

impl From<HistoryError> for AppError {
    fn from(e: HistoryError) -> Self {
        AppError::History(e)
    }
}

impl From<RecordError> for AppError {
    fn from(e: RecordError) -> Self {
        AppError::BadRecord(e)
    }
}

/// The page's kind for a refused opening decision.
fn opening_kind(e: &OpeningError) -> &'static str {
    match e {
        OpeningError::Finished => "gameOver",
        OpeningError::NotYourTurn { .. } => "notYourTurn",
        OpeningError::OffBoard(_) => "outOfBoard",
        OpeningError::Occupied(_) => "occupied",
        OpeningError::Forbidden(..) => "forbidden",
        OpeningError::NotCentre(_) => "notCentre",
        OpeningError::NotNextToCentre(_) | OpeningError::OutsideOpenings(_) => "notAnOpening",
        OpeningError::SameOffers(_) | OpeningError::SymmetricOffers(..) => "symmetricOffers",
        OpeningError::NotOffered(_) => "notOffered",
        OpeningError::NotInSquare { .. } => "notInSquare",
        OpeningError::BadDeclaration { .. } => "badDeclaration",
        OpeningError::WrongOfferCount { .. } => "offerCount",
        _ => "notNow",
    }
}

impl From<OpeningError> for AppError {
    fn from(e: OpeningError) -> Self {
        AppError::Opening(e)
    }
}

impl From<SetupError> for AppError {
    fn from(e: SetupError) -> Self {
        AppError::BadPosition(e)
    }
}

impl From<SettingsError> for AppError {
    fn from(e: SettingsError) -> Self {
        AppError::BadSettings(e.to_string())
    }
}

impl From<std::io::Error> for AppError {
    fn from(e: std::io::Error) -> Self {
        AppError::Io(e.to_string())
    }
}

/// The result of every command.
pub type AppResult<T> = Result<T, AppError>;

impl From<gomoku_client::ExternalError> for AppError {
    fn from(e: gomoku_client::ExternalError) -> Self {
        AppError::Engine(e.to_string())
    }
}

impl From<crate::registry::RegistryError> for AppError {
    fn from(e: crate::registry::RegistryError) -> Self {
        AppError::Engine(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku::Forbidden;

    #[test]
    fn errors_serialise_as_kind_and_message() {
        let e = AppError::Play(PlayError::Forbidden(Forbidden::DoubleThree));
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["kind"], "forbidden");
        assert_eq!(json["message"], "forbidden point: double three");
    }

    #[test]
    fn the_list_of_kinds_is_every_kind_this_file_gives() {
        let source = include_str!("error.rs");
        let body =
            &source[source.find("fn kind(").unwrap()..source.find("impl fmt::Display").unwrap()];
        let opening = &source[source.find("fn opening_kind").unwrap()..];
        let mut given: Vec<&str> = [body, &opening[..opening.find("\n}\n").unwrap()]]
            .iter()
            .flat_map(|text| text.split("=> \"").skip(1))
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        given.sort_unstable();
        given.dedup();
        let mut listed = AppError::KINDS.to_vec();
        listed.sort_unstable();
        assert_eq!(given, listed);
    }
}
