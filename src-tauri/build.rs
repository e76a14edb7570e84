//! Declares the app's own commands (the app manifest) so that the capability files really gate
//! them: a command not granted to a window is refused; and builds the page the app embeds
//! (`gen/ui`: `ui/`'s modules joined into one script, see `build/ui_bundle.rs`).

#[path = "build/ui_bundle.rs"]
mod ui_bundle;

use std::path::Path;

/// Every command the UI may call; `capabilities/default.json` grants them to the main window.
const COMMANDS: &[&str] = &[
    "get_view",
    "new_game",
    "play",
    "undo",
    "redo",
    "ai_move",
    "hint",
    "stop_thinking",
    "set_names",
    "set_level",
    "set_mode",
    "save_game",
    "load_game",
    "resume_autosave",
    "discard_autosave",
    "get_preferences",
    "set_preferences",
    "startup_info",
    "boot",
    "wait_events",
    "page_ready",
    "list_engines",
    "add_engine",
    "edit_engine",
    "remove_engine",
    "set_opponent",
    "set_review",
    "play_from",
    "restore_variation",
    "analyze",
    "evaluate_game",
    "set_position",
    "export_text",
    "import_text",
    "export_png",
    "decide",
    "puzzles",
    "open_puzzle",
    "puzzle_move",
    "retry_puzzle",
    "puzzle_hint",
    "next_puzzle",
    "close_puzzle",
    "find_own_puzzles",
    "explorer",
    "play_opening",
    "check_time",
    "pause_clock",
];

fn main() {
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir);
    println!("cargo:rerun-if-changed=../ui");
    println!("cargo:rerun-if-changed=build/ui_bundle.rs");
    ui_bundle::write(&root.join("../ui"), &root.join("gen/ui"))
        .unwrap_or_else(|e| panic!("building the page from ui/: {e}"));
    let manifest = tauri_build::AppManifest::new().commands(COMMANDS);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("failed to run the Tauri build script");
}
