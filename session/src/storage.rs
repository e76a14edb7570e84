//! Files: atomic writes, the autosave, the preferences, and setting aside corrupt files.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the app keeps its files.
#[derive(Clone, Debug)]
pub struct Storage {
    /// The autosaved game.
    pub autosave: PathBuf,
    /// The preferences.
    pub preferences: PathBuf,
    /// The external engines the person added.
    pub engines: PathBuf,
    /// The person's puzzle progress.
    pub puzzle_progress: PathBuf,
    /// The finished games kept for puzzles from the person's own games (one file each).
    pub games: PathBuf,
}

impl Storage {
    /// Storage in these directories (created on first write).
    pub fn new(data_dir: &Path, config_dir: &Path) -> Storage {
        Storage {
            autosave: data_dir.join("autosave.json"),
            preferences: config_dir.join("preferences.json"),
            engines: config_dir.join("engines.json"),
            puzzle_progress: data_dir.join("puzzles.json"),
            games: data_dir.join("games"),
        }
    }
}

/// Writes `bytes` to `path` so that a crash leaves either the old file or the new one: a
/// temporary file in the same directory, flushed to disk, then renamed over the target.
///
/// # Errors
/// Any I/O error; the target is untouched then.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Reads a file of at most `limit` bytes; `Ok(None)` when it does not exist.
///
/// # Errors
/// I/O errors, or a file over the limit.
pub fn read_limited(path: &Path, limit: usize) -> std::io::Result<Option<Vec<u8>>> {
    match fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
        Ok(meta) if meta.len() > limit as u64 => {
            return Err(std::io::Error::other(format!(
                "{} is larger than {limit} bytes",
                path.display()
            )))
        }
        Ok(_) => {}
    }
    fs::read(path).map(Some)
}

/// Renames a corrupt file out of the way (`name.corrupt-N`) and returns the new path.
pub fn set_aside(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_str()?;
    let target = (1..1000)
        .map(|n| path.with_file_name(format!("{name}.corrupt-{n}")))
        .find(|p| !p.exists())?;
    fs::rename(path, &target).ok()?;
    Some(target)
}

/// A set-aside file's path for a warning.
pub fn shown(path: Option<std::path::PathBuf>) -> String {
    path.map_or_else(|| "(could not rename)".into(), |p| p.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_set_aside_renames() {
        let dir = std::env::temp_dir().join(format!("gomoku-storage-{}", std::process::id()));
        let file = dir.join("a.json");
        write_atomically(&file, b"one").unwrap();
        write_atomically(&file, b"two").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"two");
        assert_eq!(read_limited(&file, 2).map_err(|_| ()), Err(()));
        let aside = set_aside(&file).unwrap();
        assert!(!file.exists() && aside.exists());
        assert_eq!(read_limited(&file, 10).unwrap(), None);
        let _ = fs::remove_dir_all(dir);
    }
}
