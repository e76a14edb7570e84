//! The real app in its real WebKit view, driven through WebDriver: start a game, click, watch the
//! AI answer, undo, win, rename, renju forbidden points, language, keyboard, dark theme.
//!
//! Needs a display (run under `xvfb-run -a`), `tauri-driver` on PATH, `WebKitWebDriver`, and the
//! debug app built (`cargo build -p gomoku-app`); `scripts/test.sh` arranges all of that.
//! Screenshots go to `target/e2e-screenshots/`.

mod common;

use common::*;
use fantoccini::Locator;
use serde_json::{json, Value};
use std::time::Duration;

/// When the page's stones attribute first showed `n` stones (the view applied to the DOM).
fn first_update(t: &Value, n: u64) -> f64 {
    t["stones"]
        .as_array()
        .and_then(|a| a.iter().find(|e| e[0].as_u64() == Some(n)))
        .and_then(|e| e[2].as_f64())
        .unwrap_or(f64::NAN)
}

/// The time of the first painted frame showing `n` stones, from the page's timestamps.
fn first_frame(t: &Value, n: u64) -> f64 {
    t["stones"]
        .as_array()
        .and_then(|a| a.iter().find(|e| e[0].as_u64() == Some(n)))
        .and_then(|e| e[1].as_f64())
        .unwrap_or(f64::NAN)
}

/// Room left (px) in the header: in the language select beside its widest option's text (after
/// its padding and the native drop-down arrow, 24 px), and between the toolbar's last button
/// and the panel's edge. Negative when an option or a button would be cut off.
const SELECT_ROOM: &str = "const s = document.getElementById('lang-select'); const cs = getComputedStyle(s);\
     const ctx = document.createElement('canvas').getContext('2d');\
     ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;\
     const widest = Math.max(...[...s.options].map((o) => ctx.measureText(o.textContent).width));\
     const inSelect = s.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 24 - widest;\
     const head = document.querySelector('.panel-head').getBoundingClientRect();\
     const last = document.getElementById('btn-sound').getBoundingClientRect();\
     return Math.min(inSelect, head.right - last.right);";

#[tokio::test]
async fn human_vs_ai_click_answer_and_undo() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("hva").await;
    let boot = ready(&app).await;
    println!("TIMING app start → board drawn: {} ms", boot.as_millis());
    app.new_game("humanVsAi", "black", "easy", "freestyle").await;
    let ipc = app
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1]; const t0 = performance.now();\
             window.__TAURI__.core.invoke('get_view').then(() => { const t1 = performance.now();\
             Promise.all(Array.from({length: 20}, () => window.__TAURI__.core.invoke('get_view'))).then(() => done([t1 - t0, (performance.now() - t1) / 20])); });",
            vec![],
        )
        .await
        .expect("IPC timing");
    let frames = app
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1]; const t = [];\
             const step = (now) => { t.push(now); if (t.length < 31) requestAnimationFrame(step); else done((t[30] - t[0]) / 30); };\
             requestAnimationFrame(step);",
            vec![],
        )
        .await
        .expect("frame timing");
    println!(
        "TIMING idle frame interval in this WebKit view: {:.1} ms",
        frames.as_f64().unwrap_or(f64::NAN)
    );
    println!(
        "TIMING IPC round trip (get_view): first {:.1} ms, mean of 20 more {:.1} ms",
        ipc[0].as_f64().unwrap_or(f64::NAN),
        ipc[1].as_f64().unwrap_or(f64::NAN)
    );
    // Timestamps taken inside the page: the click event, then each change of the stones the
    // board draws (the renderer paints on the next animation frame after the attribute changes).
    app.js(
        "window.__t = { down: 0, stones: [] };\
         const b = document.getElementById('board');\
         b.addEventListener('click', () => { window.__t.down = performance.now(); }, { capture: true });\
         new MutationObserver(() => { const n = b.dataset.stones.split(';').filter(Boolean).length; const m = performance.now(); requestAnimationFrame(() => window.__t.stones.push([n, performance.now(), m])); })\
           .observe(b, { attributes: true, attributeFilter: ['data-stones'] });\
         return true;",
    )
    .await;
    app.click_point(7, 7).await;
    // No polling while the page works (WebDriver scripts compete with its frames).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    app.wait_for(
        "the stone",
        "document.getElementById('board').dataset.stones.includes('7,7,black')",
    )
    .await;
    app.wait_for("the AI's answer", "document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === 2 && document.getElementById('board').dataset.thinking === 'false'").await;
    app.wait_for("the AI stone's frame", "window.__t.stones.some(e => e[0] === 2)").await;
    let t = app.js("return window.__t;").await;
    let down = t["down"].as_f64().unwrap_or(0.0);
    println!(
        "TIMING first move: click → stone in the DOM {:.0} ms, drawn {:.0} ms; click → AI stone drawn: {:.0} ms (AI level easy)",
        first_update(&t, 1) - down,
        first_frame(&t, 1) - down,
        first_frame(&t, 2) - down
    );
    assert_eq!(app.stones().await.len(), 2);
    let (x, y) = app.first_empty(&[(8, 8), (6, 6), (8, 6)]).await;
    app.click_point(x, y).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    app.wait_for("the second answer", "document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === 4 && document.getElementById('board').dataset.thinking === 'false'").await;
    app.wait_for("the second AI stone's frame", "window.__t.stones.some(e => e[0] === 4)").await;
    let t = app.js("return window.__t;").await;
    println!(
        "TIMING second move: click → stone in the DOM {:.0} ms, drawn {:.0} ms; click → AI stone drawn: {:.0} ms",
        first_update(&t, 3) - t["down"].as_f64().unwrap_or(0.0),
        first_frame(&t, 3) - t["down"].as_f64().unwrap_or(0.0),
        first_frame(&t, 4) - t["down"].as_f64().unwrap_or(0.0)
    );
    app.screenshot("mid-game").await;
    let before_last = app.stones().await[..2].to_vec();
    app.click("btn-undo").await;
    app.wait_for(
        "the undo",
        "document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === 2",
    )
    .await;
    assert_eq!(app.stones().await, before_last, "undo brings back the position before");
    app.client.close().await.ok();
}

#[tokio::test]
async fn nickname_dialog_keeps_the_ai_name_read_only() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("names").await;
    ready(&app).await;
    app.new_game("humanVsAi", "black", "hard", "freestyle").await;
    app.click("btn-names").await;
    app.wait_for("the nickname dialog", "!document.getElementById('nickname-dialog').hidden").await;
    let ai_field = app.js("const f = document.getElementById('name-white'); return [f.readOnly || f.disabled, f.value];").await;
    assert_eq!(ai_field[0], Value::Bool(true), "the AI's name is read-only");
    assert!(ai_field[1].as_str().unwrap_or("").contains("AI"), "{ai_field}");
    tokio::time::sleep(Duration::from_millis(600)).await; // let the opening transition finish
    app.screenshot("nickname-dialog").await;
    let name = app.client.find(Locator::Id("name-black")).await.unwrap();
    name.clear().await.unwrap();
    name.send_keys("  Alice  ").await.unwrap();
    app.click("names-ok").await;
    app.wait_for(
        "the new name",
        "document.getElementById('player-name-black').textContent.includes('Alice')",
    )
    .await;
    assert_eq!(app.text("player-name-black").await, "Alice");
    app.client.close().await.ok();
}

#[tokio::test]
async fn a_human_vs_human_game_to_five_shows_the_banner() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("hvh").await;
    ready(&app).await;
    app.new_game("humanVsHuman", "black", "easy", "freestyle").await;
    app.click("btn-names").await;
    app.wait_for("the nickname dialog", "!document.getElementById('nickname-dialog').hidden").await;
    for (id, value) in [("name-black", "Mei"), ("name-white", "Tom")] {
        let field = app.client.find(Locator::Id(id)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(value).await.unwrap();
    }
    app.click("names-ok").await;
    app.wait_for(
        "names",
        "document.getElementById('player-name-white').textContent.includes('Tom')",
    )
    .await;
    let moves = [(3, 7), (3, 8), (4, 7), (4, 8), (5, 7), (5, 8), (6, 7), (6, 8), (7, 7)];
    for (i, (x, y)) in moves.iter().enumerate() {
        app.click_point(*x, *y).await;
        app.wait_for("the stone", &format!("document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === {}", i + 1)).await;
    }
    app.wait_for("the win banner", "!document.getElementById('win-banner').hidden && document.getElementById('board').dataset.status === 'won'").await;
    assert!(app.text("win-name").await.contains("Mei"), "banner names the winner");
    tokio::time::sleep(Duration::from_millis(900)).await;
    app.screenshot("win-banner").await;
    app.client.close().await.ok();
}

#[tokio::test]
async fn renju_forbidden_point_is_refused_with_the_message() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("renju").await;
    ready(&app).await;
    app.new_game("humanVsHuman", "black", "easy", "renju").await;
    let moves = [(6, 7), (0, 0), (7, 7), (14, 0), (8, 5), (0, 14), (8, 6), (14, 14)];
    for (i, (x, y)) in moves.iter().enumerate() {
        app.click_point(*x, *y).await;
        app.wait_for("the stone", &format!("document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === {}", i + 1)).await;
    }
    app.click_point(8, 7).await;
    app.wait_for(
        "the message",
        "document.getElementById('toast').textContent.toLowerCase().includes('double three')",
    )
    .await;
    assert_eq!(app.stones().await.len(), 8, "the forbidden move was not played");
    app.screenshot("renju-forbidden").await;
    app.client.close().await.ok();
}

#[tokio::test]
async fn language_switch_and_keyboard_play_and_dark_theme() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("lang").await;
    ready(&app).await;
    app.new_game("humanVsHuman", "black", "easy", "freestyle").await;
    app.js("const s = document.getElementById('lang-select'); s.value = 'en'; s.dispatchEvent(new Event('change', {bubbles:true})); return true;").await;
    app.wait_for("English labels", "/new/i.test(document.getElementById('btn-new').textContent)")
        .await;
    let room = app.js(SELECT_ROOM).await;
    assert!(
        room.as_f64().unwrap_or(-1.0) >= 0.0,
        "the header cuts off a label in English: {room} px"
    );
    app.js("const s = document.getElementById('lang-select'); s.value = 'zh'; s.dispatchEvent(new Event('change', {bubbles:true})); return true;").await;
    app.wait_for("Chinese labels", "/新/.test(document.getElementById('btn-new').textContent)")
        .await;
    // The shipped CJK font draws the Chinese text (this machine may have no CJK font at all).
    app.js("for (const w of [400, 700]) document.fonts.load(`${w} 16px \"Gomoku CJK SC\"`, '五子棋'); return true;").await;
    app.wait_for(
        "the shipped Chinese font loaded in both weights",
        "document.fonts.check('400 16px \"Gomoku CJK SC\"', '五子棋') && document.fonts.check('700 16px \"Gomoku CJK SC\"', '五子棋')",
    )
    .await;
    let room = app.js(SELECT_ROOM).await;
    assert!(
        room.as_f64().unwrap_or(-1.0) >= 0.0,
        "the header cuts off a label in Chinese: {room} px"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    app.screenshot("zh").await;
    let canvas = app.client.find(Locator::Id("board")).await.unwrap();
    canvas.send_keys("\u{E012}").await.unwrap(); // ArrowLeft
    canvas.send_keys("\u{E007}").await.unwrap(); // Enter
    app.wait_for(
        "a keyboard stone",
        "document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === 1",
    )
    .await;
    let placed = app.stones().await;
    assert!(placed[0].ends_with(",black"), "{placed:?}");
    for _ in 0..3 {
        let theme = app.js("return document.documentElement.dataset.theme;").await;
        if theme == Value::String("dark".into()) {
            break;
        }
        app.click("btn-theme").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        app.js("return document.documentElement.dataset.theme;").await,
        Value::String("dark".into())
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    app.screenshot("dark-theme").await;
    app.client.close().await.ok();
}

#[tokio::test]
async fn installed_app_draws_the_board() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("start").await;
    let boot = ready(&app).await;
    println!("TIMING {} start → board drawn: {} ms", app_binary().display(), boot.as_millis());
    // The board is painted: the canvas has a size and pixels that are not all one colour.
    let painted = app
        .js("const c = document.getElementById('board'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;\
             let a = d[0], differ = 0; for (let i = 0; i < d.length; i += 4 * 97) { if (Math.abs(d[i] - a) > 8) differ++; } return [c.width, c.height, differ];")
        .await;
    assert!(
        painted[0].as_u64().unwrap_or(0) > 100 && painted[1].as_u64().unwrap_or(0) > 100,
        "{painted}"
    );
    assert!(painted[2].as_u64().unwrap_or(0) > 50, "the board canvas is blank: {painted}");
    let name = if app_binary().starts_with("/usr") { "installed-app" } else { "app-start" };
    app.screenshot(name).await;
    app.client.close().await.ok();
}

/// Starts a game from the settings dialog with the time control `preset` (or, for "custom", a
/// fixed `move_s` seconds a move).
async fn timed_game(app: &App, human: &str, preset: &str, move_s: u32) {
    let seconds = move_s.to_string();
    let fields = [("set-time", preset), ("time-kind", "perMove"), ("time-seconds", &seconds)];
    new_game_dialog(app, human, &fields).await;
    app.click("settings-start").await;
    app.wait_for("the settings closed", "document.getElementById('settings-dialog').hidden").await;
}

#[tokio::test]
async fn timed_games_count_down_the_ai_keeps_to_its_clock_and_the_person_loses_on_time() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("clock").await;
    ready(&app).await;

    // 1 + 0: the person plays at once along the edge; the AI (white) plays the whole game.
    timed_game(&app, "black", "bullet1", 0).await;
    let edge: Vec<(u8, u8)> = (0..15).flat_map(|y| [(0, y), (14, y)]).collect();
    let mut view = app.invoke("get_view", json!({})).await;
    let mut moves = 0;
    while view["status"]["state"] == "playing" && moves < 60 {
        let (x, y) = app.first_empty(&edge).await;
        let before = app.stones().await.len();
        app.click_point(x, y).await;
        moves += 1;
        app.wait_for(
            "the AI's answer or the end",
            &format!("document.getElementById('board').dataset.stones.split(';').length >= {} || document.getElementById('board').dataset.status !== 'playing'", before + 2),
        )
        .await;
        if moves == 4 {
            app.screenshot("clock").await;
        }
        view = app.invoke("get_view", json!({})).await;
    }
    assert_eq!(view["status"]["state"], "won", "the AI won on the board: {}", view["status"]);
    assert_eq!(view["status"]["winner"], "white");
    assert!(view["clocks"]["white"]["leftMs"].as_u64().unwrap() > 0, "{}", view["clocks"]);
    assert_eq!(view["clocks"]["control"]["kind"], "fischer");

    // One second a move, the person white: the AI's first stone is free, then the person's
    // clock runs out and the page's countdown asks the shell, which lets the flag fall.
    app.wait_for("the banner", "!document.getElementById('win-banner').hidden").await;
    app.click("btn-play-again").await;
    timed_game(&app, "white", "custom", 1).await;
    app.wait_for("the flag", "document.getElementById('board').dataset.status === 'timeOut'").await;
    let view = app.invoke("get_view", json!({})).await;
    assert_eq!(view["status"], json!({ "state": "timeOut", "winner": "black" }));
    app.wait_for("the banner", "!document.getElementById('win-banner').hidden").await;
}
