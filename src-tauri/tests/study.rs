//! Studying a game through the IPC: review pauses the AI, continuing from an earlier move keeps
//! the rest as a variation, analysis mode's candidates, the evaluation graph, the position
//! editor's refusals, and text in and out.

mod common;

use common::{at, settings, Harness};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn notations(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|m| m["notation"].as_str().unwrap().to_string()).collect()
}

fn two_people(h: &Harness, moves: &[(u8, u8)]) {
    h.ok("new_game", settings("humanVsHuman", "freestyle", "black"));
    for &(x, y) in moves {
        h.ok("play", at(x, y));
    }
}

#[test]
fn playing_from_an_earlier_move_keeps_the_rest_as_a_variation() {
    let h = Harness::new("play-from");
    two_people(&h, &[(7, 7), (8, 8), (7, 8), (7, 9)]);
    let view = h.ok("play_from", json!({ "ply": 2, "x": 0, "y": 0 }));
    assert_eq!(notations(&view["moves"]), ["h8", "i7", "a15"]);
    assert_eq!(view["variation"]["fromPly"], 2);
    assert_eq!(notations(&view["variation"]["moves"]), ["h7", "h6"]);
    let view = h.ok("restore_variation", json!({}));
    assert_eq!(notations(&view["moves"]), ["h8", "i7", "h7", "h6"]);
    assert_eq!(notations(&view["variation"]["moves"]), ["a15"]);
    assert_eq!(h.err_kind("play_from", json!({ "ply": 9, "x": 1, "y": 1 })), "nothingToRedo");
    assert_eq!(h.err_kind("play_from", json!({ "ply": 1, "x": 7, "y": 7 })), "occupied");
    assert_eq!(notations(&h.ok("get_view", json!({}))["moves"]), ["h8", "i7", "h7", "h6"]);
}

#[test]
fn while_reviewing_the_ai_waits_for_its_turn() {
    let h = Harness::new("review");
    h.ok("new_game", settings("humanVsAi", "freestyle", "black"));
    h.ok("set_review", json!({ "on": true }));
    let view = h.ok("play", at(7, 7));
    assert_eq!(view["reviewing"], true);
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(h.ok("get_view", json!({}))["moves"].as_array().unwrap().len(), 1);
    h.ok("set_review", json!({ "on": false }));
    h.wait_idle();
    assert_eq!(h.ok("get_view", json!({}))["moves"].as_array().unwrap().len(), 2);
}

#[test]
fn analysis_mode_reports_distinct_ranked_candidates_until_stopped() {
    let h = Harness::new("analysis");
    two_people(&h, &[(7, 7), (8, 8), (7, 8), (9, 9), (6, 6)]);
    assert_eq!(h.err_kind("analyze", json!({ "ply": 2, "lines": 9 })), "badSettings");
    let view = h.ok("analyze", json!({ "ply": 3, "lines": 3 }));
    assert_eq!(view["analysing"], true);
    assert_eq!(view["aiThinking"], false);
    let deadline = Instant::now() + Duration::from_secs(20);
    let event = loop {
        let found =
            h.recorder.analyses.lock().unwrap().iter().find(|a| a.lines.len() == 3).cloned();
        if let Some(event) = found {
            break event;
        }
        assert!(Instant::now() < deadline, "no three candidates");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(event.ply, Some(3));
    let firsts: Vec<_> = event.lines.iter().map(|l| (l.pv[0].x, l.pv[0].y)).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let view = h.ok("stop_thinking", json!({}));
    assert_eq!(view["moves"].as_array().unwrap().len(), 5, "analysis never plays");
    h.wait_idle();
    assert_eq!(h.ok("get_view", json!({}))["analysing"], false);
}

#[test]
fn the_graph_evaluates_every_position_and_is_kept_with_the_game() {
    let h = Harness::new("graph");
    two_people(&h, &[(7, 7), (0, 0), (8, 7), (14, 0), (9, 7), (0, 14), (10, 7), (14, 14), (11, 7)]);
    h.ok("evaluate_game", json!({}));
    h.wait_idle();
    let view = h.ok("get_view", json!({}));
    let evals = view["evaluations"].as_array().unwrap();
    assert_eq!(evals.len(), 10);
    assert_eq!(evals[9]["mate"], 0, "the last position is black's five");
    assert!(evals[9]["score"].as_i64().unwrap() > 0);
    let graphs = h.recorder.graphs.lock().unwrap().len();
    assert_eq!(graphs, 10);
    assert!(!view["mistakes"].as_array().unwrap().is_empty(), "white never blocked");
    // Asked again, nothing is recomputed.
    h.ok("evaluate_game", json!({}));
    h.wait_idle();
    assert_eq!(h.recorder.graphs.lock().unwrap().len(), 10);
}

#[test]
fn the_editor_refuses_unplayable_positions_with_the_reason() {
    let h = Harness::new("editor");
    two_people(&h, &[(7, 7)]);
    let stone = |x: u8, y: u8, c: &str| json!({ "x": x, "y": y, "color": c });
    let three_black = json!({ "stones": [stone(0, 0, "black"), stone(1, 0, "black"), stone(2, 0, "black")], "toMove": "white" });
    assert_eq!(h.err_kind("set_position", three_black), "stoneCounts");
    let five: Vec<Value> =
        (0..5).map(|x| stone(x, 0, "black")).chain((0..4).map(|x| stone(x, 2, "white"))).collect();
    assert_eq!(
        h.err_kind("set_position", json!({ "stones": five, "toMove": "white" })),
        "fiveOnBoard"
    );
    assert_eq!(h.ok("get_view", json!({}))["moves"].as_array().unwrap().len(), 1, "unchanged");
    let view = h.ok("set_position", json!({ "stones": [stone(7, 7, "black"), stone(8, 8, "white"), stone(6, 6, "black")], "toMove": "white" }));
    assert_eq!(view["sideToMove"], "white");
    assert_eq!(view["setup"]["stones"].as_array().unwrap().len(), 3);
    assert_eq!(view["moves"].as_array().unwrap().len(), 0);
    let view = h.ok("play", at(0, 0));
    assert_eq!(view["moves"][0]["color"], "white");
}

#[test]
fn text_goes_out_and_comes_back_and_garbage_changes_nothing() {
    let h = Harness::new("text");
    two_people(&h, &[(7, 7), (8, 8), (7, 8)]);
    let text = h.ok("export_text", json!({}));
    assert_eq!(text, "h8i7h7");
    h.ok("new_game", settings("humanVsHuman", "freestyle", "black"));
    let view = h.ok("import_text", json!({ "text": "h8 i7 h7", "name": "" }));
    assert_eq!(notations(&view["moves"]), ["h8", "i7", "h7"]);
    assert_eq!(h.err_kind("import_text", json!({ "text": "h8 h8", "name": "" })), "badRecord");
    assert_eq!(
        h.err_kind("import_text", json!({ "text": "{\"format\": 1}", "name": "x.json" })),
        "badRecord"
    );
    assert_eq!(h.err_kind("import_text", json!({ "text": "   ", "name": "" })), "badRecord");
    assert_eq!(notations(&h.ok("get_view", json!({}))["moves"]), ["h8", "i7", "h7"]);
    let psq = "Piskvorky 15x15, 11:11, 0\n8,8,100\n9,9,100\n";
    let view = h.ok("import_text", json!({ "text": psq, "name": "game.psq" }));
    assert_eq!(notations(&view["moves"]), ["h8", "i7"]);
}

#[test]
fn a_png_goes_where_the_dialog_says_and_anything_else_is_refused() {
    let h = Harness::new("png");
    let target = h.dir.join("board.png");
    *h.picker.path.lock().unwrap() = Some(target.clone());
    let png: Vec<u8> = b"\x89PNG\r\n\x1a\nrest".to_vec();
    h.ok("export_png", json!({ "png": png }));
    assert_eq!(std::fs::read(&target).unwrap(), png);
    assert_eq!(h.err_kind("export_png", json!({ "png": [1, 2, 3] })), "io");
    *h.picker.path.lock().unwrap() = None;
    assert_eq!(h.err_kind("export_png", json!({ "png": png })), "cancelled");
}
