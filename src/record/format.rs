//! Which record format a file holds or should hold: chosen by the file's name when writing, and
//! by its name and first bytes when reading — one place for the guess every reader shares.

use super::{export_moves, export_psq, import_moves, import_psq, load_save, points_of};
use super::{save_to_string, RecordError};
use crate::game::{Clock, Game, Settings};
use std::sync::Arc;

/// A record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The JSON save file (every setting, times and variations).
    Save,
    /// A Piskvork `.psq` file.
    Psq,
    /// A move string (`h8i9j10`).
    Moves,
}

impl Format {
    /// The format to write to a file called `name`: `.psq` and `.txt` name theirs, anything
    /// else is a save file.
    pub fn for_writing(name: &str) -> Format {
        match extension(name).as_str() {
            "psq" => Format::Psq,
            "txt" => Format::Moves,
            _ => Format::Save,
        }
    }

    /// The format of `bytes` read from a file called `name` (empty for pasted text): a save file
    /// if it starts with `{`, Piskvork if its name ends in `.psq` or it starts with `Piskv`, a
    /// move string otherwise.
    pub fn guess(name: &str, bytes: &[u8]) -> Format {
        let start = bytes.iter().find(|b| !b.is_ascii_whitespace()).copied();
        match (extension(name).as_str(), start) {
            (_, Some(b'{')) => Format::Save,
            ("psq", _) => Format::Psq,
            _ if bytes.trim_ascii_start().starts_with(b"Piskv") => Format::Psq,
            _ => Format::Moves,
        }
    }

    /// `game` as this format's text.
    ///
    /// # Errors
    /// [`RecordError`] when the format cannot hold the game (a set-up position that is no
    /// sequence of moves, for the move formats).
    pub fn write(self, game: &Game) -> Result<String, RecordError> {
        if self != Format::Save && game.setup().is_some() {
            points_of(game)?;
        }
        Ok(match self {
            Format::Save => save_to_string(game),
            Format::Psq => export_psq(game),
            Format::Moves => export_moves(game) + "\n",
        })
    }

    /// Reads a game of this format; `settings` fill in what the format does not say (all but
    /// the save file).
    ///
    /// # Errors
    /// [`RecordError`] naming the problem; nothing is made then.
    pub fn read(
        self,
        bytes: &[u8],
        settings: Settings,
        clock: Arc<dyn Clock>,
    ) -> Result<Game, RecordError> {
        match self {
            Format::Save => load_save(bytes, clock),
            Format::Psq => import_psq(bytes, settings, clock),
            Format::Moves => import_moves(bytes, settings, clock),
        }
    }
}

fn extension(name: &str) -> String {
    let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
    file.rsplit_once('.').map_or(String::new(), |(_, e)| e.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_format_is_chosen_by_name_for_writing() {
        assert_eq!(Format::for_writing("/tmp/a.PSQ"), Format::Psq);
        assert_eq!(Format::for_writing("game.txt"), Format::Moves);
        assert_eq!(Format::for_writing("game.json"), Format::Save);
        assert_eq!(Format::for_writing("no-extension"), Format::Save);
    }

    #[test]
    fn a_format_is_guessed_by_content_then_name() {
        assert_eq!(Format::guess("x.txt", b"  {\"format\": 1}"), Format::Save);
        assert_eq!(Format::guess("x.psq", b"1,2,3"), Format::Psq);
        assert_eq!(Format::guess("", b"Piskvorky 15x15, 11:11, 0\n"), Format::Psq);
        assert_eq!(Format::guess("x.txt", b"h8i9"), Format::Moves);
        assert_eq!(Format::guess("", b""), Format::Moves);
        assert_eq!(Format::guess("dir.psq/game", b"h8"), Format::Moves);
    }
}
