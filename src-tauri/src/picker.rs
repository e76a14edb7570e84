//! Choosing files to save to and load from: the native dialogs, opened from Rust so no path ever
//! comes from the web page.

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

/// The native dialogs of the dialog plugin.
pub struct DialogPicker<R: tauri::Runtime> {
    app: tauri::AppHandle<R>,
}

impl<R: tauri::Runtime> DialogPicker<R> {
    /// Dialogs parented to the app.
    pub fn new(app: tauri::AppHandle<R>) -> Self {
        DialogPicker { app }
    }
}

const EXTENSIONS: &[&str] = &["json", "psq", "txt"];

impl<R: tauri::Runtime> FilePicker for DialogPicker<R> {
    fn save_path(&self, suggested: &str) -> Option<PathBuf> {
        use tauri_plugin_dialog::DialogExt;
        self.app
            .dialog()
            .file()
            .set_file_name(suggested)
            .add_filter("Gomoku save (JSON)", &["json"])
            .add_filter("Piskvork record", &["psq"])
            .add_filter("Move string", &["txt"])
            .blocking_save_file()
            .and_then(|p| p.into_path().ok())
    }

    fn open_path(&self) -> Option<PathBuf> {
        use tauri_plugin_dialog::DialogExt;
        self.app
            .dialog()
            .file()
            .add_filter("Gomoku records", EXTENSIONS)
            .blocking_pick_file()
            .and_then(|p| p.into_path().ok())
    }

    fn image_path(&self, suggested: &str) -> Option<PathBuf> {
        #[cfg(feature = "e2e-hooks")]
        if let Some(path) = std::env::var_os("GOMOKU_E2E_IMAGE") {
            return Some(PathBuf::from(path));
        }
        use tauri_plugin_dialog::DialogExt;
        self.app
            .dialog()
            .file()
            .set_file_name(suggested)
            .add_filter("PNG image", &["png"])
            .blocking_save_file()
            .and_then(|p| p.into_path().ok())
    }

    fn engine_path(&self) -> Option<PathBuf> {
        #[cfg(feature = "e2e-hooks")]
        if let Some(path) = std::env::var_os("GOMOKU_E2E_ENGINE") {
            return Some(PathBuf::from(path));
        }
        use tauri_plugin_dialog::DialogExt;
        self.app
            .dialog()
            .file()
            .set_title("Choose a Gomocup engine (pbrain)")
            .blocking_pick_file()
            .and_then(|p| p.into_path().ok())
    }
}
