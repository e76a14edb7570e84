//! Studying a game in the real app: the move list and review, analysis mode's candidates on the
//! board, the evaluation graph, the position editor, and games in and out (copy, paste, drop,
//! PNG). Screenshots: review.png, winrate.png, analysis-nbest.png, eval-graph.png, proof.png,
//! editor.png.
//!
//! Needs what `app.rs` needs and the app built with `--features e2e-hooks` (the PNG save dialog
//! is answered from `GOMOKU_E2E_IMAGE`).

mod common;

use common::*;
use serde_json::json;
use std::time::Instant;

/// A 60-move game with no five (2×1 blocks of each colour), as a move string.
const SIXTY: &str = "d12e12g12f12h12i12k12j12e11d11f11g11i11h11j11k11d10e10g10f10h10i10k10j10e9d9\
f9g9i9h9j9k9d8e8g8f8h8i8k8j8e7d7f7g7i7h7j7k7d6e6g6f6h6i6k6j6e5d5f5g5";

/// A two-person game with these moves, opened through the paste dialog (as a person would).
async fn two_people(app: &App, moves: &[(u8, u8)]) {
    app.new_game("humanVsHuman", "black", "hard", "freestyle").await;
    let text: String =
        moves.iter().map(|&(x, y)| format!("{}{} ", (b'a' + x) as char, 15 - y)).collect();
    paste(app, &text).await;
    let n = moves.len();
    app.wait_for("the moves drawn", &format!("document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === {n}")).await;
}

/// Opens `text` through the paste dialog.
async fn paste(app: &App, text: &str) {
    app.click("btn-paste").await;
    app.wait_for("the paste dialog", "!document.getElementById('paste-dialog').hidden").await;
    app.js(&format!("document.getElementById('paste-text').value = {}; return true;", json!(text)))
        .await;
    app.click("paste-ok").await;
    app.wait_for("the paste dialog closed", "document.getElementById('paste-dialog').hidden").await;
}

const SHOWN_PLY: &str = "document.getElementById('board').dataset.shownPly";

async fn key(app: &App, key: &str) {
    app.js(&format!(
        "document.getElementById('move-list').focus();\
         document.getElementById('move-list').dispatchEvent(new KeyboardEvent('keydown', {{ key: '{key}', bubbles: true }}));\
         return true;"
    ))
    .await;
}

#[tokio::test]
async fn the_move_list_reviews_the_game_and_a_move_there_keeps_the_rest_as_a_variation() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("review").await;
    ready(&app).await;
    let moves = [(7, 7), (8, 8), (7, 8), (7, 9), (6, 6), (5, 5), (8, 6), (9, 5)];
    two_people(&app, &moves).await;
    let items = app.js("return document.querySelectorAll('#move-list li').length;").await;
    assert_eq!(items, json!(9), "the start and eight moves");

    app.js("document.querySelector('#move-list li[data-ply=\"3\"]').click(); return true;").await;
    app.wait_for("move 3 shown", &format!("{SHOWN_PLY} === '3'")).await;
    assert_eq!(app.stones().await.len(), 3);
    assert!(!app
        .js("return document.getElementById('review-bar').hidden;")
        .await
        .as_bool()
        .unwrap());
    key(&app, "ArrowRight").await;
    app.wait_for("move 4", &format!("{SHOWN_PLY} === '4'")).await;
    key(&app, "ArrowLeft").await;
    key(&app, "ArrowLeft").await;
    app.wait_for("move 2", &format!("{SHOWN_PLY} === '2'")).await;
    key(&app, "End").await;
    app.wait_for("the live game again", &format!("{SHOWN_PLY} === 'live'")).await;
    assert_eq!(app.stones().await.len(), 8);
    // The game itself never changed.
    assert_eq!(app.invoke("get_view", json!({})).await["moves"].as_array().unwrap().len(), 8);

    app.js("document.querySelector('#move-list li[data-ply=\"5\"]').click(); return true;").await;
    app.wait_for("move 5 shown", &format!("{SHOWN_PLY} === '5'")).await;
    app.screenshot("review").await;

    // A move on the reviewed position asks first; cancelling changes nothing.
    app.click_point(0, 0).await;
    app.wait_for("the question", "!document.getElementById('branch-dialog').hidden").await;
    app.click("branch-cancel").await;
    assert_eq!(app.invoke("get_view", json!({})).await["moves"].as_array().unwrap().len(), 8);
    app.click_point(0, 0).await;
    app.wait_for("the question", "!document.getElementById('branch-dialog').hidden").await;
    app.click("branch-ok").await;
    app.wait_for("the new line", &format!("{SHOWN_PLY} === 'live' && document.getElementById('board').dataset.stones.split(';').length === 6")).await;
    let view = app.invoke("get_view", json!({})).await;
    assert_eq!(view["variation"]["fromPly"], 5);
    assert_eq!(
        view["variation"]["moves"].as_array().unwrap().len(),
        3,
        "the dropped moves are kept"
    );
    app.wait_for("the restore offer", "!document.getElementById('variation-note').hidden").await;
    app.click("btn-restore").await;
    app.wait_for(
        "the old line back",
        "document.getElementById('board').dataset.stones.split(';').length === 8",
    )
    .await;
}

#[tokio::test]
async fn analysis_mode_draws_the_best_moves_and_their_lines() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("nbest").await;
    ready(&app).await;
    two_people(&app, &[(7, 7), (8, 8), (7, 8), (9, 9), (6, 6), (7, 6)]).await;
    app.js("const s = document.getElementById('analysis-lines'); s.value = '3'; s.dispatchEvent(new Event('change')); return true;").await;
    app.click("btn-analyse").await;
    app.wait_for(
        "three candidates",
        "document.querySelectorAll('#candidates li.cand').length === 3",
    )
    .await;
    let ms = app.js("return window.__gomokuTest.analysisTiming();").await;
    println!("analysis: {ms} ms from the toggle to the first candidates");
    let view = app.invoke("get_view", json!({})).await;
    assert_eq!(view["analysing"], true);
    assert_eq!(view["moves"].as_array().unwrap().len(), 6, "analysis never plays");
    let points = app.js("return [...document.querySelectorAll('#candidates .cand-main')].map(e => e.textContent.trim().split(/\\s+/)[0]);").await;
    let points: Vec<String> = serde_json::from_value(points).unwrap();
    assert_eq!(points.len(), 3);
    assert!(
        points[0] != points[1] && points[1] != points[2] && points[0] != points[2],
        "{points:?}"
    );
    // Every candidate reads as a chance to win (or a proven result); the raw score is its tooltip.
    let shown = app.js("return [...document.querySelectorAll('#candidates .cand-main')].map(e => [e.textContent.trim(), e.title]);").await;
    let shown: Vec<(String, String)> = serde_json::from_value(shown).unwrap();
    for (text, title) in &shown {
        let proven = text.contains("wins in") || text.contains("loses in");
        assert!(proven || text.ends_with('%'), "a candidate without a chance: {text:?}");
        assert!(
            proven || title.starts_with("Engine score "),
            "no raw score behind {text:?}: {title:?}"
        );
    }
    let headline = app.js("return document.getElementById('analysis-headline').textContent;").await;
    assert!(
        headline.as_str().is_some_and(|h| h.ends_with('%') || h.contains(" in ")),
        "{headline}"
    );
    app.screenshot("winrate").await;
    // Hovering a candidate shows its line on the board.
    app.js("document.querySelector('#candidates li.cand').dispatchEvent(new PointerEvent('pointerenter')); return true;").await;
    app.screenshot("analysis-nbest").await;
    // Reviewing another position moves the analysis there.
    key(&app, "ArrowLeft").await;
    app.wait_for("analysis of move 5", "document.querySelectorAll('#candidates li.cand').length === 3 && document.getElementById('board').dataset.shownPly === '5'").await;
    app.click("btn-analyse").await;
    app.wait_for("analysis stopped", "document.getElementById('candidates').hidden").await;
    let deadline = Instant::now() + std::time::Duration::from_secs(10);
    while app.invoke("get_view", json!({})).await["analysing"] == true {
        assert!(Instant::now() < deadline, "analysis did not stop");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn the_evaluation_graph_of_a_sixty_move_game_marks_mistakes_and_jumps_to_moves() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("graph").await;
    ready(&app).await;
    paste(&app, SIXTY).await;
    app.wait_for(
        "the game drawn",
        "document.getElementById('board').dataset.stones.split(';').length === 60",
    )
    .await;
    let (_, took) = app.compute_graph(61).await;
    println!("graph: {} ms for a 60-move game (61 positions)", took.as_millis());
    app.wait_for("the graph done", "document.getElementById('btn-graph-stop').hidden").await;
    // A click in the graph shows that move.
    app.js("const c = document.getElementById('eval-graph'); const r = c.getBoundingClientRect();\
            c.dispatchEvent(new MouseEvent('click', { clientX: r.left + 4 + (r.width - 8) / 2, clientY: r.top + 10, bubbles: true })); return true;").await;
    app.wait_for("move 30 shown", "document.getElementById('board').dataset.shownPly === '30'")
        .await;
    app.screenshot("eval-graph").await;
    // Saved with the game.
    let view = app.invoke("get_view", json!({})).await;
    let mistakes = view["mistakes"].as_array().unwrap().len();
    // A mistake that also threw away a proven win is marked as that, the more serious kind.
    let marked = app.js("return document.querySelectorAll('#move-list li.is-mistake, #move-list li.is-missed-win, #move-list li.is-walked-loss').length;").await;
    let flagged = view["proofFlags"].as_array().unwrap().len();
    let marked = marked.as_u64().unwrap() as usize;
    assert!(
        marked >= mistakes && marked <= mistakes + flagged,
        "every mistake is marked in the list: {marked} of {mistakes} (+{flagged} proofs)"
    );
}

#[tokio::test]
async fn a_missed_win_is_flagged_in_the_list_and_the_graph_and_its_line_drawn() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("proof").await;
    ready(&app).await;
    // White leaves black's three h8 i8 j8 open; black (move 7) plays o1 instead of the open four.
    two_people(&app, &[(7, 7), (7, 6), (8, 7), (9, 6), (9, 7), (8, 8), (14, 14), (10, 7)]).await;
    let (view, _) = app.compute_graph(9).await;
    let flags = &view["proofFlags"];
    assert!(
        flags.as_array().unwrap().iter().any(|f| f["ply"] == 7 && f["kind"] == "missedWin"),
        "{flags}"
    );
    assert_eq!(view["evaluations"][6]["win"]["moves"], 2, "{}", view["evaluations"][6]);
    app.wait_for(
        "the flag in the list",
        "document.querySelector('[data-testid=proof-flag-7]') !== null",
    )
    .await;
    let title = app.js("return document.querySelector('[data-testid=proof-flag-7]').title;").await;
    assert_eq!(title, json!("Missed a win in 2"));
    // Review the position before the miss: "Show the win" draws black's line on the board.
    app.js("document.querySelector('#move-list li[data-ply=\"6\"]').click(); return true;").await;
    app.wait_for("move 6 shown", &format!("{SHOWN_PLY} === '6'")).await;
    app.wait_for("the win bar", "!document.getElementById('win-bar').hidden").await;
    app.click("btn-show-win").await;
    app.wait_for(
        "the win drawn",
        "document.getElementById('btn-show-win').getAttribute('aria-pressed') === 'true'",
    )
    .await;
    let step = app.js("return document.getElementById('win-step').textContent;").await;
    assert_eq!(step, json!("3 / 3"), "four, block, five");
    app.screenshot("proof").await;
}

#[tokio::test]
async fn the_editor_sets_up_a_position_refuses_a_bad_one_and_plays_from_it() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("editor").await;
    ready(&app).await;
    two_people(&app, &[(7, 7), (8, 8)]).await;
    app.click("btn-edit").await;
    app.wait_for("the editor", "!document.getElementById('editor-bar').hidden").await;
    app.click("editor-clear").await;
    for (x, y) in [(3, 3), (4, 4), (5, 5)] {
        app.click_point(x, y).await;
    }
    app.wait_for(
        "three black stones",
        "document.getElementById('board').dataset.stones === '3,3,black;4,4,black;5,5,black'",
    )
    .await;
    app.click("editor-done").await;
    // The paste's own toast ("Game loaded.") may still be showing: wait for the refusal itself.
    app.wait_for(
        "the refusal",
        "!document.getElementById('toast').hidden && document.getElementById('toast').textContent.includes('differ by one')",
    )
    .await;
    assert_eq!(
        app.invoke("get_view", json!({})).await["moves"].as_array().unwrap().len(),
        2,
        "unchanged"
    );
    app.js(
        "document.querySelector('input[name=\"editTool\"][value=\"white\"]').click(); return true;",
    )
    .await;
    for (x, y) in [(10, 4), (10, 5)] {
        app.click_point(x, y).await;
    }
    app.js("const s = document.getElementById('editor-to-move'); s.value = 'white'; s.dispatchEvent(new Event('change')); return true;").await;
    app.wait_for(
        "five stones",
        "document.getElementById('board').dataset.stones.split(';').length === 5",
    )
    .await;
    app.screenshot("editor").await;
    app.click("editor-done").await;
    app.wait_for("the editor closed", "document.getElementById('editor-bar').hidden").await;
    let view = app.invoke("get_view", json!({})).await;
    assert_eq!(view["setup"]["stones"].as_array().unwrap().len(), 5);
    assert_eq!(view["sideToMove"], "white");
    app.click_point(0, 14).await;
    app.wait_for(
        "white played",
        "document.getElementById('board').dataset.stones.includes('0,14,white')",
    )
    .await;
}

#[tokio::test]
async fn games_go_out_and_come_in_as_text_files_and_pictures() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let data_dir = fresh_data_dir("inout");
    let picture = data_dir.join("board.png");
    std::env::set_var("GOMOKU_E2E_IMAGE", &picture);
    let app = launch_in(&data_dir).await;
    ready(&app).await;
    two_people(&app, &[(7, 7), (8, 8), (7, 8)]).await;
    app.click("btn-copy").await;
    app.wait_for(
        "the copy told",
        "document.getElementById('toast').textContent.includes('h8i7h7')",
    )
    .await;

    // Paste: a repeated move is refused in the dialog and changes nothing.
    app.click("btn-paste").await;
    app.wait_for("the paste dialog", "!document.getElementById('paste-dialog').hidden").await;
    app.js("document.getElementById('paste-text').value = 'h8 i9 h8'; return true;").await;
    app.click("paste-ok").await;
    app.wait_for("the reason", "document.getElementById('paste-error').textContent.length > 0")
        .await;
    assert_eq!(app.stones().await.len(), 3);
    app.js("document.getElementById('paste-text').value = 'h8 i9 j10 k11'; return true;").await;
    app.click("paste-ok").await;
    app.wait_for("the pasted game", "document.getElementById('paste-dialog').hidden && document.getElementById('board').dataset.stones.split(';').length === 4").await;

    // Drop a .psq file on the window.
    app.js("const dt = new DataTransfer();\
            dt.items.add(new File(['Piskvorky 15x15, 11:11, 0\\n8,8,100\\n9,9,100\\n10,8,100\\n'], 'game.psq'));\
            window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));\
            return true;").await;
    app.wait_for(
        "the dropped game",
        "document.getElementById('board').dataset.stones === '7,7,black;8,8,white;9,7,black'",
    )
    .await;

    // Export the board as a PNG through the (test-answered) save dialog.
    app.click("btn-image").await;
    app.wait_for("the image dialog", "!document.getElementById('image-dialog').hidden").await;
    app.click("image-ok").await;
    let deadline = Instant::now() + std::time::Duration::from_secs(10);
    while !picture.exists() {
        assert!(Instant::now() < deadline, "no picture written");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let bytes = std::fs::read(&picture).unwrap();
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 10_000,
        "{} bytes",
        bytes.len()
    );
}

/// The status line of the puzzle card.
const PUZZLE_STATE: &str = "document.getElementById('puzzle-status').dataset.state";

#[tokio::test]
async fn a_puzzle_refutes_a_wrong_move_then_is_solved_with_hints_and_remembered() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("puzzle").await;
    ready(&app).await;
    two_people(&app, &[(7, 7), (8, 8)]).await;
    app.click("btn-puzzles").await;
    app.wait_for("the puzzles dialog", "!document.getElementById('puzzles-dialog').hidden").await;
    let tiles =
        app.js("return document.querySelectorAll('#puzzles-list .puzzle-tile').length;").await;
    assert!(tiles.as_u64().unwrap_or(0) >= 200, "the freestyle collection listed: {tiles}");
    app.js("document.querySelector('.puzzle-tile[data-id=\"freestyle-1\"]').click(); return true;")
        .await;
    app.wait_for("the puzzle card", "!document.getElementById('puzzle-card').hidden").await;
    app.wait_for("the puzzle waits", &format!("{PUZZLE_STATE} === 'playing'")).await;
    let start = app.stones().await.len();

    // A quiet move in the corner: wrong, answered, and said so.
    app.click_point(14, 14).await;
    app.wait_for("the verdict", &format!("{PUZZLE_STATE} === 'wrong'")).await;
    let status = app.text("puzzle-status").await;
    assert!(!status.is_empty(), "the card explains the miss");
    app.screenshot("puzzle").await;
    app.click("btn-puzzle-retry").await;
    app.wait_for("taken back", &format!("{PUZZLE_STATE} === 'playing'")).await;
    assert_eq!(app.stones().await.len(), start);

    // Hints to the five: each hinted point is right, the defence answers each.
    for _ in 0..12 {
        app.click("btn-puzzle-hint").await;
        let mut view = app.invoke("get_view", json!({})).await;
        let asked = Instant::now();
        while view["puzzle"]["hint"].is_null() {
            assert!(asked.elapsed().as_secs() < 20, "no hint: {view}");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            view = app.invoke("get_view", json!({})).await;
        }
        let hint = &view["puzzle"]["hint"];
        let (x, y) = (hint["x"].as_u64().unwrap() as u8, hint["y"].as_u64().unwrap() as u8);
        app.click_point(x, y).await;
        // The stone is on the board before the verdict is looked at (the page may not have
        // switched to 'judging' yet when the click returns).
        app.wait_for(
            "the hinted stone",
            &format!("document.getElementById('board').dataset.stones.includes('{x},{y},')"),
        )
        .await;
        app.wait_for("judged", &format!("{PUZZLE_STATE} !== 'judging'")).await;
        let view = app.invoke("get_view", json!({})).await;
        let state = view["puzzle"]["status"].as_str().unwrap_or("").to_string();
        if state == "solved" {
            break;
        }
        assert_eq!(state, "playing", "a hinted move is right: {view}");
    }
    app.wait_for("solved", &format!("{PUZZLE_STATE} === 'solved'")).await;

    // The collection remembers it; closing brings the game back.
    let list = app.invoke("puzzles", json!({})).await;
    let first = list["entries"].as_array().unwrap().iter().find(|e| e["id"] == "freestyle-1");
    assert_eq!(first.unwrap()["record"]["solved"], json!(true));
    app.click("btn-puzzle-close").await;
    app.wait_for("the card gone", "document.getElementById('puzzle-card').hidden").await;
    assert_eq!(app.stones().await.len(), 2, "the game kept aside is back");
}

#[tokio::test]
async fn the_opening_explorer_shows_the_named_openings_and_starts_an_analysis_from_one() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("explorer").await;
    ready(&app).await;
    app.click("btn-openings").await;
    app.wait_for("the explorer", "!document.getElementById('explorer-dialog').hidden").await;
    app.js("const s = document.getElementById('explorer-rule'); s.value = 'renju'; s.dispatchEvent(new Event('change')); return true;").await;
    app.wait_for(
        "renju's named openings",
        "[...document.querySelectorAll('#explorer-list .opening-title')].some((p) => p.textContent.includes('花月'))",
    )
    .await;
    let cards =
        app.js("return document.querySelectorAll('#explorer-list .opening-card').length;").await;
    assert_eq!(cards, json!(26));
    let chances = app.js("return [...document.querySelectorAll('.opening-chance')].filter((p) => /\\d/.test(p.textContent)).length;").await;
    assert_eq!(chances, json!(26), "every opening judged");
    app.screenshot("openings").await;
    app.js("document.querySelector('.opening-card[data-index=\"3\"] button[data-study=\"true\"]').click(); return true;").await;
    app.wait_for(
        "Kagetsu on the board",
        "document.getElementById('board').dataset.stones === '7,7,black;7,6,white;8,6,black'",
    )
    .await;
    app.wait_for("analysis on", "document.querySelectorAll('#candidates li.cand').length > 0")
        .await;
    let view = app.invoke("get_view", json!({})).await;
    assert_eq!(
        (view["rule"].as_str(), view["mode"].as_str()),
        (Some("renju"), Some("humanVsHuman"))
    );
}
