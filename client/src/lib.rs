//! # gomoku-client — the one Gomocup `pbrain` client
//!
//! Speaks to another Gomocup engine run as a child process — the mirror of the engine's
//! `protocol` module (the server). The app uses it for the engines a person adds (opponents,
//! hints, the probe before an engine is added); the lab for matches, judges and data
//! generation. One place starts an engine, sends `START`/`RESTART`/`INFO`/`BOARD`/
//! `SWAP2BOARD`, reads its answers and `MESSAGE` lines with deadlines and size limits, and ends
//! it (killed when dropped).
//!
//! An engine is never trusted: see [`process`] for the limits, [`brain`] for how a move is asked
//! for and checked, [`message`] for what is read from its `MESSAGE` lines.

pub mod brain;
pub mod message;
pub mod probe;
pub mod process;
pub mod swap2;

pub use brain::{Ask, EngineCommand, ExternalBrain};
pub use gomoku::protocol::rule_code;

use std::fmt;

/// What went wrong with an external engine. The message is shown to the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExternalError {
    /// The program could not be started.
    Spawn(String),
    /// No answer in time (what was awaited).
    Timeout(String),
    /// The engine exited or closed its output.
    Crashed(String),
    /// An answer that is not what the protocol expects.
    Garbage(String),
    /// A move that is off the board, occupied or forbidden.
    IllegalMove(String),
    /// Too much output.
    Flood(String),
    /// The engine refused a command (`ERROR …`).
    Refused(String),
    /// The search was stopped by the person or a change of the game.
    Stopped,
}

impl fmt::Display for ExternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExternalError::Spawn(why) => write!(f, "the engine could not be started: {why}"),
            ExternalError::Timeout(what) => write!(f, "the engine did not answer in time ({what})"),
            ExternalError::Crashed(how) => write!(f, "the engine stopped ({how})"),
            ExternalError::Garbage(line) => write!(f, "the engine answered nonsense: {line:?}"),
            ExternalError::IllegalMove(why) => {
                write!(f, "the engine played an illegal move: {why}")
            }
            ExternalError::Flood(what) => write!(f, "the engine flooded its output ({what})"),
            ExternalError::Refused(why) => write!(f, "the engine refused: {why}"),
            ExternalError::Stopped => write!(f, "the engine was stopped"),
        }
    }
}

impl std::error::Error for ExternalError {}

/// Shortens text from an engine for a message (at most `max` characters).
pub fn excerpt(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    format!("{cut}…")
}
