//! An external engine in the real app: added through the settings dialog (the native file
//! dialog is answered by the test-only `e2e-hooks` build feature from `GOMOKU_E2E_ENGINE`; the
//! shipped app has no such hook), chosen as the opponent, answering a person's move; and gone
//! with the app when the app is killed with SIGKILL (the parent-death signal).
//!
//! Needs what `app.rs` needs, the app built with `--features e2e-hooks`, and
//! `target/debug/pbrain-gomoku` (scripts/test.sh builds both).

mod common;

use common::*;
use std::path::Path;
use std::time::{Duration, Instant};

/// Processes whose command line names `program`.
fn running(program: &Path) -> Vec<u32> {
    let wanted = program.to_string_lossy().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let zombie = stat.rsplit(')').next().is_some_and(|r| r.trim_start().starts_with('Z'));
            !zombie && String::from_utf8_lossy(&cmdline).split('\0').any(|a| a == wanted)
        })
        .collect()
}

#[tokio::test]
async fn an_added_engine_plays_against_the_person_and_dies_with_the_app() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let data_dir = fresh_data_dir("engine");
    let engine = data_dir.join("pbrain-gomoku");
    std::fs::copy(repo().join("target/debug/pbrain-gomoku"), &engine)
        .expect("target/debug/pbrain-gomoku (cargo build -p gomoku --bin pbrain-gomoku)");
    std::env::set_var("GOMOKU_E2E_ENGINE", &engine);
    let app = launch_in(&data_dir).await;
    ready(&app).await;
    app.click("btn-new").await;
    app.wait_for("settings dialog", "!document.getElementById('settings-dialog').hidden").await;
    app.click("btn-add-engine").await;
    app.wait_for(
        "the engine in the list",
        "document.querySelectorAll('#engine-list .engine-item').length === 1",
    )
    .await;
    app.js("const ms = document.querySelector('#engine-list .engine-ms'); ms.value = '300';\
         ms.dispatchEvent(new Event('change', { bubbles: true }));\
         const f = document.getElementById('settings-dialog');\
         for (const [n, v] of [['mode', 'humanVsAi'], ['humanColor', 'black']]) {\
           const r = f.querySelector(`input[name=\"${n}\"][value=\"${v}\"]`); r.checked = true;\
           r.dispatchEvent(new Event('change', { bubbles: true })); }\
         return true;")
        .await;
    app.wait_for("the engine offered as opponent", "document.querySelectorAll('#set-engine option').length === 2 && !document.querySelectorAll('#set-engine option')[1].disabled").await;
    app.screenshot("engines-settings").await;
    app.js("const s = document.getElementById('set-engine'); s.selectedIndex = 1; s.dispatchEvent(new Event('change', { bubbles: true })); return true;").await;
    app.click("settings-start").await;
    app.wait_for("a game against the engine", "document.getElementById('settings-dialog').hidden && document.getElementById('player-name-white').textContent.includes('Gomoku')").await;
    app.click_point(7, 7).await;
    app.wait_for("the engine's answer", "document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === 2 && document.getElementById('board').dataset.thinking === 'false'").await;
    // The second stone goes on a point the engine's answer left empty.
    let (x, y) = app.first_empty(&[(8, 6), (6, 8), (6, 6)]).await;
    app.click_point(x, y).await;
    app.wait_for("its second answer", "document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === 4 && document.getElementById('board').dataset.thinking === 'false'").await;
    app.screenshot("external-engine").await;
    assert_eq!(running(&engine).len(), 1, "the engine runs while the game goes on");
    kill_app(&data_dir);
    drop(app);
    let deadline = Instant::now() + Duration::from_secs(5);
    while !running(&engine).is_empty() {
        assert!(Instant::now() < deadline, "the engine outlived the killed app");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
