//! Survive a kill -9: the real app is killed with SIGKILL in the middle of a game — between
//! moves, while the AI searches, and right after its game and preferences were written — then
//! started again; the resumed game is exactly the one played (moves, names, rule, level, mode;
//! clocks within a second), and no file is corrupt or left half-written.
//!
//! Needs what `app.rs` needs (see there); Linux only (it finds the app's process in /proc).

mod common;

use common::*;
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;

/// What must survive: the moves, the players, the rule, the level and the mode.
fn game_of(view: &Value) -> Value {
    json!({
        "moves": view["moves"],
        "players": view["players"],
        "rule": view["rule"],
        "level": view["level"],
        "mode": view["mode"],
        "size": view["size"],
    })
}

fn clocks_of(view: &Value) -> (i64, i64) {
    let ms = |c: &str| view["clocks"][c].as_i64().unwrap_or(-1);
    (ms("blackMs"), ms("whiteMs"))
}

/// Every file in the data folder is whole: no temporary file left, each JSON file parses, and the
/// autosave holds the moves of `expected`.
fn files_are_whole(data_dir: &Path, expected: &Value) {
    for entry in std::fs::read_dir(data_dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert!(!name.ends_with(".tmp"), "a half-written file was left: {name}");
        assert!(!name.contains("unreadable"), "a file was set aside as corrupt: {name}");
        if name.ends_with(".json") {
            let bytes = std::fs::read(&path).unwrap();
            serde_json::from_slice::<Value>(&bytes)
                .unwrap_or_else(|e| panic!("{name} is corrupt after the kill: {e}"));
        }
    }
    let save: Value =
        serde_json::from_slice(&std::fs::read(data_dir.join("autosave.json")).unwrap()).unwrap();
    let saved = save["moves"].as_array().map_or(0, Vec::len);
    let played = expected["moves"].as_array().map_or(0, Vec::len);
    assert_eq!(saved, played, "the autosave has {saved} moves, the game had {played}");
}

/// Starts the app again on the same files, resumes the autosaved game and returns its view.
async fn restart_and_resume(data_dir: &Path) -> (App, Value) {
    let app = launch_in(data_dir).await;
    app.wait_for("the resume question", "!document.getElementById('resume-dialog').hidden").await;
    app.click("btn-resume").await;
    app.wait_for("the resumed game", "document.getElementById('resume-dialog').hidden").await;
    let view = app.invoke("get_view", json!({})).await;
    (app, view)
}

async fn play(app: &App, x: u8, y: u8) -> Value {
    let view = app.invoke("play", json!({ "x": x, "y": y })).await;
    assert!(view.get("error").is_none(), "play {x},{y}: {view}");
    view
}

async fn set_up_game(app: &App, mode: &str, level: &str, rule: &str) {
    ready(app).await;
    app.new_game(mode, "black", level, rule).await;
}

#[tokio::test]
async fn killed_between_moves_the_game_resumes_exactly() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let data_dir = fresh_data_dir("kill-idle");
    let app = launch_in(&data_dir).await;
    set_up_game(&app, "humanVsHuman", "hard", "renju").await;
    // A timed game: its time control and the clocks' times survive too.
    let byo_yomi =
        json!({ "kind": "byoYomi", "mainMs": 300_000, "periods": 3, "periodMs": 30_000 });
    let timed = app
        .invoke(
            "new_game",
            json!({ "settings": { "size": 15, "rule": "renju", "mode": "humanVsHuman",
                "level": "hard", "names": { "black": "Mei", "white": "Tom" },
                "timeControl": byo_yomi } }),
        )
        .await;
    assert!(timed.get("error").is_none(), "{timed}");
    for (x, y) in [(7, 7), (8, 8), (6, 8), (8, 6), (7, 9)] {
        play(&app, x, y).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let before = app.invoke("get_view", json!({})).await;
    kill_app(&data_dir);
    drop(app);
    files_are_whole(&data_dir, &before);
    let (app, after) = restart_and_resume(&data_dir).await;
    assert_eq!(game_of(&after), game_of(&before));
    let ((b0, w0), (b1, w1)) = (clocks_of(&before), clocks_of(&after));
    assert!((b1 - b0).abs() <= 1000 && (w1 - w0).abs() <= 1000, "clocks {b0}/{w0} -> {b1}/{w1}");
    assert_eq!(after["clocks"]["control"], byo_yomi);
    for color in ["black", "white"] {
        let left = |v: &serde_json::Value| v["clocks"][color]["leftMs"].as_i64().unwrap();
        let (l0, l1) = (left(&before), left(&after));
        assert!((l1 - l0).abs() <= 1000, "{color}'s time left {l0} -> {l1}");
    }
    app.screenshot("kill-resumed").await;
    app.client.close().await.ok();
}

#[tokio::test]
async fn killed_while_the_ai_searches_the_game_resumes_before_its_move() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let data_dir = fresh_data_dir("kill-thinking");
    let app = launch_in(&data_dir).await;
    set_up_game(&app, "humanVsAi", "master", "freestyle").await;
    play(&app, 7, 7).await;
    app.wait_for("the AI's first answer", "document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === 2 && document.getElementById('board').dataset.thinking === 'false'").await;
    let (x, y) = app.first_empty(&[(8, 6), (6, 8), (6, 6)]).await;
    let before = play(&app, x, y).await;
    app.wait_for(
        "the AI searching",
        "document.getElementById('board').dataset.thinking === 'true'",
    )
    .await;
    kill_app(&data_dir);
    drop(app);
    files_are_whole(&data_dir, &before);
    let (app, after) = restart_and_resume(&data_dir).await;
    // The AI (to move) may already have answered again after the resume: compare what was played.
    let moves = after["moves"].as_array().unwrap();
    let played = before["moves"].as_array().unwrap();
    assert!(moves.len() == played.len() || moves.len() == played.len() + 1, "{after}");
    assert_eq!(&moves[..played.len()], played.as_slice());
    let mut resumed = game_of(&after);
    resumed["moves"] = before["moves"].clone();
    assert_eq!(resumed, game_of(&before));
    app.client.close().await.ok();
}

#[tokio::test]
async fn killed_right_after_a_write_no_file_is_half_written() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let data_dir = fresh_data_dir("kill-write");
    let app = launch_in(&data_dir).await;
    set_up_game(&app, "humanVsHuman", "medium", "standard").await;
    for (x, y) in [(7, 7), (7, 8), (8, 7)] {
        play(&app, x, y).await;
    }
    // Renaming writes the preferences and the autosave; the kill follows at once.
    let before =
        app.invoke("set_names", json!({ "names": { "black": "Ana", "white": "Bo" } })).await;
    kill_app(&data_dir);
    drop(app);
    files_are_whole(&data_dir, &before);
    let (app, after) = restart_and_resume(&data_dir).await;
    assert_eq!(game_of(&after), game_of(&before));
    app.client.close().await.ok();
}
