//! Starts the Gomoku desktop app.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    gomoku_app::webview_env::configure();
    gomoku_app::run();
}
