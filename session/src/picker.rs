//! Choosing files (a port): the shell answers with native dialogs opened from Rust, so no path
//! ever comes from the web page; tests answer with scripted paths.

use std::path::PathBuf;

/// Asks the person for a file.
pub trait FilePicker: Send + Sync {
    /// A path to save to (`suggested` is the proposed file name), or `None` if cancelled.
    fn save_path(&self, suggested: &str) -> Option<PathBuf>;
    /// A file to load, or `None` if cancelled.
    fn open_path(&self) -> Option<PathBuf>;
    /// An engine executable to add, or `None` if cancelled.
    fn engine_path(&self) -> Option<PathBuf>;
    /// A path to save a PNG picture to, or `None` if cancelled.
    fn image_path(&self, suggested: &str) -> Option<PathBuf> {
        self.save_path(suggested)
    }
}
