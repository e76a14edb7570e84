//! Starts the Gomoku desktop app.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    gomoku_app::run();
}
