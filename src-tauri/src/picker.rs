//! The file picker of the real app: the dialog plugin's native dialogs, opened from Rust so no
//! path ever comes from the web page.

use gomoku_session::picker::FilePicker;
use std::path::PathBuf;

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
