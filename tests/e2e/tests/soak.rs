//! The soak test (not in the test command: `bash scripts/soak.sh [GAMES]`): one app process plays
//! many fast AI-vs-AI games (the app built with `e2e-hooks`, which shortens the AI's time and
//! pause from `GOMOKU_E2E_MOVE_MS` / `GOMOKU_E2E_AI_PAUSE_MS`), with analysis mode switched on
//! and off and the evaluation graph computed now and then, and reports the memory (PSS) of the
//! app and of WebKit's processes every 20 games. It fails on any error, an autosave that does
//! not load, or memory that grows more than 10 % after the first 20 games.

mod common;

use common::*;
use serde_json::json;
use std::path::Path;
use std::time::{Duration, Instant};

/// PSS of a process in KiB (0 when it is gone).
fn pss_kib(pid: u32) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).unwrap_or_default();
    let line = text.lines().find(|l| l.starts_with("Pss:")).unwrap_or("");
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// Every process below `root` (children, grandchildren …), from /proc.
fn descendants(root: u32) -> Vec<u32> {
    let parent_of = |pid: u32| -> Option<u32> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        stat.rsplit(") ").next()?.split_whitespace().nth(1)?.parse().ok()
    };
    let pids: Vec<u32> = std::fs::read_dir("/proc")
        .map(|d| d.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok()).collect())
        .unwrap_or_default();
    let mut found = vec![root];
    let mut grew = true;
    while grew {
        grew = false;
        for &pid in &pids {
            if !found.contains(&pid) && parent_of(pid).is_some_and(|p| found.contains(&p)) {
                found.push(pid);
                grew = true;
            }
        }
    }
    found.retain(|&p| p != root);
    found
}

/// How long the app idles before its memory is read.
const SETTLE: Duration = Duration::from_secs(5);

/// The app's PSS and its WebKit processes' (MiB).
fn memory(data_dir: &Path) -> (f64, f64) {
    let app = app_processes(data_dir).first().copied().expect("the app is running");
    let webkit: u64 = descendants(app).into_iter().map(pss_kib).sum();
    (pss_kib(app) as f64 / 1024.0, webkit as f64 / 1024.0)
}

async fn new_ai_game(app: &App) {
    let view = app
        .invoke(
            "new_game",
            json!({ "settings": { "size": 15, "rule": "freestyle", "mode": "aiVsAi",
                "level": "easy", "names": { "black": "A", "white": "B" } } }),
        )
        .await;
    assert!(view.get("error").is_none(), "{view}");
}

/// Waits (at most two minutes) until the game shown is over; returns its view. The page watches
/// its own status (one WebDriver script a game, not one every half second: WebKit keeps ~3 KB
/// for every script WebDriver evaluates, the test's memory, not the app's); the view is asked
/// for when the page shows the game over (again if the page still showed the last game's end).
async fn finished(app: &App) -> serde_json::Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        app.client
            .execute_async(
                "const done = arguments[0];
                 const over = () => {
                   const status = document.getElementById('board').dataset.status;
                   if (status !== 'playing' && status !== 'loading') done(status);
                   else setTimeout(over, 250);
                 };
                 over();",
                vec![],
            )
            .await
            .expect("the game ends within the script timeout");
        let view = app.invoke("get_view", json!({})).await;
        assert!(view.get("error").is_none(), "{view}");
        if view["status"]["state"] != "playing" {
            return view;
        }
        assert!(Instant::now() < deadline, "a game did not end");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

#[tokio::test]
#[ignore = "a long run: bash scripts/soak.sh"]
async fn a_long_session_holds() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let games: usize = std::env::var("SOAK_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(200);
    let data_dir = fresh_data_dir("soak");
    let app = launch_in(&data_dir).await;
    ready(&app).await;
    let game_limit =
        fantoccini::wd::TimeoutConfiguration::new(Some(Duration::from_secs(120)), None, None);
    app.client.update_timeouts(game_limit).await.expect("a script timeout of two minutes");
    let mut first = None;
    let mut peak: f64 = 0.0;
    println!("SOAK games  app MiB  WebKit MiB  total MiB  page elements");
    for game in 1..=games {
        new_ai_game(&app).await;
        if game % 7 == 0 {
            // Analysis mode on for a moment mid-game, then off.
            app.click("btn-analyse").await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            app.click("btn-analyse").await;
        }
        let end = finished(&app).await;
        if game % 10 == 0 {
            let positions = end["moves"].as_array().map_or(0, Vec::len) + 1;
            app.compute_graph(positions).await;
        }
        let saved = std::fs::read(data_dir.join("autosave.json")).expect("an autosave");
        let saved: serde_json::Value =
            serde_json::from_slice(&saved).expect("an autosave that reads");
        assert_eq!(saved["format"], "gomoku-save", "game {game}");
        assert_eq!(saved["moves"].as_array().map(Vec::len), end["moves"].as_array().map(Vec::len));
        if game % 20 == 0 {
            // Measured after a few idle seconds, as when the person pauses: what is kept, not
            // the garbage of the last game that the page's collector has yet to reclaim.
            tokio::time::sleep(SETTLE).await;
            let (app_mib, webkit_mib) = memory(&data_dir);
            let total = app_mib + webkit_mib;
            // The page's element count: a page that keeps what it drew grows here.
            let elements = app.js("return document.getElementsByTagName('*').length;").await;
            println!("SOAK {game:5}  {app_mib:7.1}  {webkit_mib:10.1}  {total:9.1}  {elements:13}");
            first.get_or_insert(total);
            peak = peak.max(total);
        }
    }
    if let Some(base) = first {
        assert!(peak <= base * 1.10, "memory grew from {base:.1} to {peak:.1} MiB after game 20");
    }
    let errors = app
        .js("return document.querySelectorAll('.toast[data-kind=\"error\"]:not([hidden])').length;")
        .await;
    assert_eq!(errors, json!(0), "no error shown");
}
