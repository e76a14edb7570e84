//! Hello world: one window, one page, and the `page_ready` command the footprint script waits
//! for (the page calls it once its first frame is painted, with its own milestones).
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::collections::BTreeMap;

#[tauri::command]
fn page_ready(marks: Option<BTreeMap<String, f64>>) {
    let marks: Vec<String> =
        marks.unwrap_or_default().iter().map(|(k, v)| format!("\"{k}\": {v}")).collect();
    println!("GOMOKU_READY {{{}}}", marks.join(", "));
}

fn main() {
    tauri::Builder::default()
        .invoke_handler(tauri::generate_handler![page_ready])
        .run(tauri::generate_context!())
        .expect("error while running the hello-world app");
}
