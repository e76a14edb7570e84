//! What the app layer's integration tests share: the notifier that drops every event, a picker
//! whose dialogs are always cancelled, a fresh folder, and an app over real storage.

#![allow(dead_code)]

use gomoku::game::Clock;
pub use gomoku_session::notify::Silent;
use gomoku_session::picker::FilePicker;
use gomoku_session::session::SessionParts;
use gomoku_session::storage::Storage;
use gomoku_session::App;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Every dialog is cancelled.
pub struct NoDialogs;

impl FilePicker for NoDialogs {
    fn save_path(&self, _: &str) -> Option<PathBuf> {
        None
    }
    fn open_path(&self) -> Option<PathBuf> {
        None
    }
    fn engine_path(&self) -> Option<PathBuf> {
        None
    }
}

/// An empty folder of this process for the test `name`.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-session-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An app keeping its files in `dir`, timed by `clock`.
pub fn app_in(dir: &Path, clock: Arc<dyn Clock>) -> App {
    let parts =
        SessionParts { storage: Some(Storage::new(dir, dir)), notifier: Arc::new(Silent), clock };
    App::new(parts, Arc::new(NoDialogs))
}
