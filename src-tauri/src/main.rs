//! Starts the Gomoku desktop app.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    gomoku_app::configure_webview_environment();
    gomoku_app::run();
}
