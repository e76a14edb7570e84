//! The person's puzzle progress: which puzzles they solved (and whether at the first try),
//! how often they went wrong, the current and best streak of puzzles solved without a wrong
//! move. Kept in one JSON file written atomically; a file that cannot be read is set aside
//! with a message, never silently reset.

use crate::storage::{read_limited, set_aside, shown, write_atomically};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The version this build writes and reads.
pub const PROGRESS_VERSION: u32 = 1;

/// The largest progress file read (1 MiB: ten thousand puzzles with room to spare).
const MAX_PROGRESS_BYTES: usize = 1 << 20;

/// One puzzle's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PuzzleRecord {
    /// Solved at least once.
    pub solved: bool,
    /// Solved at the first try, without a wrong move or a hint.
    pub clean: bool,
    /// Wrong moves made on it.
    pub failures: u32,
}

/// Every puzzle's record and the streaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PuzzleProgress {
    /// The file's version.
    pub version: u32,
    /// By puzzle id.
    pub puzzles: BTreeMap<String, PuzzleRecord>,
    /// Puzzles solved in a row at the first try.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

impl Default for PuzzleProgress {
    fn default() -> Self {
        PuzzleProgress {
            version: PROGRESS_VERSION,
            puzzles: BTreeMap::new(),
            streak: 0,
            best_streak: 0,
        }
    }
}

impl PuzzleProgress {
    /// Reads the progress at `path`: none yet is a fresh start; an unreadable file is set
    /// aside and the message saying so is returned with a fresh start.
    pub fn load(path: &Path) -> (PuzzleProgress, Option<String>) {
        let parsed = match read_limited(path, MAX_PROGRESS_BYTES) {
            Ok(None) => return (PuzzleProgress::default(), None),
            Ok(Some(bytes)) => Self::parse(&bytes),
            Err(e) => Err(e.to_string()),
        };
        match parsed {
            Ok(progress) => (progress, None),
            Err(why) => {
                let aside = shown(set_aside(path));
                let message = format!(
                    "The puzzle progress was unreadable ({why}); it was set aside as {aside}."
                );
                (PuzzleProgress::default(), Some(message))
            }
        }
    }

    fn parse(bytes: &[u8]) -> Result<PuzzleProgress, String> {
        let progress: PuzzleProgress = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        if progress.version != PROGRESS_VERSION {
            return Err(format!("version {} is not {PROGRESS_VERSION}", progress.version));
        }
        if progress.streak > progress.best_streak {
            return Err("the streak is longer than the best streak".into());
        }
        Ok(progress)
    }

    /// Writes the progress to `path` atomically.
    ///
    /// # Errors
    /// Any I/O error; the old file is untouched then.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let json = serde_json::to_vec_pretty(self).map_err(std::io::Error::other)?;
        write_atomically(path, &json)
    }

    /// The record of puzzle `id` (a fresh one if it was never tried).
    pub fn of(&self, id: &str) -> PuzzleRecord {
        self.puzzles.get(id).cloned().unwrap_or_default()
    }

    /// Puzzle `id` solved; `clean` when at the first try without a wrong move or a hint (the
    /// streak grows), else the streak ends.
    pub fn solved(&mut self, id: &str, clean: bool) {
        let first_time = !self.of(id).solved;
        let record = self.puzzles.entry(id.to_string()).or_default();
        record.solved = true;
        record.clean |= clean && first_time;
        self.streak = if clean { self.streak + 1 } else { 0 };
        self.best_streak = self.best_streak.max(self.streak);
    }

    /// A wrong move on puzzle `id`: the streak ends.
    pub fn failed(&mut self, id: &str) {
        self.puzzles.entry(id.to_string()).or_default().failures += 1;
        self.streak = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gomoku-progress-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn progress_counts_streaks_and_reads_back_what_it_wrote() {
        let mut p = PuzzleProgress::default();
        p.solved("freestyle-1", true);
        p.solved("freestyle-2", true);
        p.failed("freestyle-3");
        p.solved("freestyle-3", false);
        assert_eq!((p.streak, p.best_streak), (0, 2));
        assert_eq!(p.of("freestyle-3"), PuzzleRecord { solved: true, clean: false, failures: 1 });
        assert!(p.of("freestyle-1").clean && !p.of("renju-9").solved);
        let dir = temp_dir("round");
        let path = dir.join("puzzles.json");
        p.save(&path).unwrap();
        assert_eq!(PuzzleProgress::load(&path), (p, None));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_corrupt_or_hostile_file_is_set_aside_with_a_message_and_never_reset_silently() {
        let dir = temp_dir("corrupt");
        let path = dir.join("puzzles.json");
        for bad in [
            &b"{not json"[..],
            br#"{"version":9,"puzzles":{},"streak":0,"bestStreak":0}"#,
            br#"{"version":1,"puzzles":{},"streak":5,"bestStreak":1}"#,
            br#"{"version":1,"puzzles":{"a":{"solved":"yes"}},"streak":0,"bestStreak":0}"#,
        ] {
            std::fs::write(&path, bad).unwrap();
            let (progress, message) = PuzzleProgress::load(&path);
            assert_eq!(progress, PuzzleProgress::default());
            let message = message.expect("a message");
            assert!(message.contains("set aside"), "{message}");
            assert!(!path.exists(), "the bad file was moved, not overwritten");
        }
        let aside = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(aside, 4, "each bad file kept beside");
        let _ = std::fs::remove_dir_all(dir);
    }
}
