//! Why a record could not be read.

use std::fmt;

/// A record that cannot be loaded. Loading never changes the game already in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The file is larger than the loader accepts.
    TooLarge {
        /// Its size in bytes.
        bytes: usize,
    },
    /// The file is not valid UTF-8 text.
    NotUtf8,
    /// The text is not a well-formed record of this kind (JSON syntax, wrong types, bad header…).
    Malformed(String),
    /// The JSON is not a Gomoku save (`"format"` is missing or different).
    NotASave,
    /// The save was written by a newer version of the program.
    NewerVersion(u64),
    /// The settings are unusable (size, names…).
    BadSettings(String),
    /// The set-up position cannot be played, or a kept variation or evaluation is inconsistent.
    BadSetup(String),
    /// Move number `at_move` (1-based, in play order; the redo stack continues the count) is bad.
    BadMove {
        /// 1-based move number.
        at_move: usize,
        /// Why it is bad.
        reason: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::TooLarge { bytes } => {
                write!(
                    f,
                    "the file is too large ({bytes} bytes; at most {})",
                    super::MAX_SAVE_BYTES
                )
            }
            RecordError::NotUtf8 => f.write_str("the file is not UTF-8 text"),
            RecordError::Malformed(why) => write!(f, "the record is malformed: {why}"),
            RecordError::NotASave => f.write_str("this is not a Gomoku save file"),
            RecordError::NewerVersion(v) => {
                write!(
                    f,
                    "the save has version {v}, newer than this program reads ({})",
                    super::SAVE_VERSION
                )
            }
            RecordError::BadSettings(why) => write!(f, "bad settings: {why}"),
            RecordError::BadSetup(why) => write!(f, "bad position: {why}"),
            RecordError::BadMove { at_move, reason } => write!(f, "move {at_move}: {reason}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Checks size and encoding of raw bytes, returning the text.
///
/// # Errors
/// [`RecordError::TooLarge`] or [`RecordError::NotUtf8`].
pub(crate) fn text_of(bytes: &[u8]) -> Result<&str, RecordError> {
    if bytes.len() > super::MAX_SAVE_BYTES {
        return Err(RecordError::TooLarge { bytes: bytes.len() });
    }
    std::str::from_utf8(bytes).map_err(|_| RecordError::NotUtf8)
}
