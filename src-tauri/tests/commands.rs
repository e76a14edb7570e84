//! Every command through the real IPC path of the mock runtime: successes and each error kind.

mod common;

use common::{at, settings, Harness};
use gomoku_session::jobs::lock;
use serde_json::{json, Value};

fn stones(view: &Value) -> usize {
    view["moves"].as_array().map_or(0, Vec::len)
}

#[test]
fn a_human_vs_human_game_through_ipc() {
    let h = Harness::new("hvh");
    let view = h.ok("new_game", settings("humanVsHuman", "freestyle", "black"));
    assert_eq!(view["players"]["black"]["name"], "Ann");
    let view = h.ok("play", at(7, 7));
    assert_eq!(view["moves"][0]["notation"], "h8");
    assert_eq!(view["sideToMove"], "white");
    assert_eq!(h.err_kind("play", at(7, 7)), "occupied");
    assert_eq!(h.err_kind("play", at(15, 0)), "outOfBoard");
    for (x, y) in [(0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3)] {
        h.ok("play", at(x, y));
    }
    let view = h.ok("play", at(11, 7));
    assert_eq!(view["status"]["state"], "won");
    assert_eq!(view["status"]["winner"], "black");
    assert_eq!(view["status"]["line"].as_array().unwrap().len(), 5);
    assert_eq!(h.err_kind("play", at(3, 3)), "gameOver");
    assert_eq!(h.err_kind("hint", json!({})), "gameOver");
    let view = h.ok("undo", json!({}));
    assert_eq!(view["status"]["state"], "playing");
    assert_eq!(view["canRedo"], true);
    let view = h.ok("redo", json!({}));
    assert_eq!(view["status"]["state"], "won");
    assert_eq!(h.err_kind("redo", json!({})), "nothingToRedo");
}

#[test]
fn page_ready_answers_and_changes_nothing() {
    let h = Harness::new("ready");
    h.ok("new_game", settings("humanVsHuman", "freestyle", "black"));
    h.ok("play", json!({ "x": 7, "y": 7 }));
    let before = h.ok("get_view", json!({}));
    assert_eq!(h.ok("page_ready", json!({})), Value::Null);
    assert_eq!(h.ok("get_view", json!({}))["moves"], before["moves"]);
}

#[test]
fn undo_with_nothing_played_is_an_error() {
    let h = Harness::new("undo");
    h.ok("new_game", settings("humanVsHuman", "freestyle", "black"));
    assert_eq!(h.err_kind("undo", json!({})), "nothingToUndo");
}

#[test]
fn renju_refuses_a_forbidden_point_with_its_kind() {
    let h = Harness::new("renju");
    h.ok("new_game", settings("humanVsHuman", "renju", "black"));
    for (x, y) in [(6, 7), (0, 0), (7, 7), (14, 0), (8, 5), (0, 14), (8, 6), (14, 14)] {
        h.ok("play", at(x, y));
    }
    let view = h.ok("get_view", json!({}));
    assert_eq!(view["forbidden"], json!([{ "x": 8, "y": 7, "kind": "doubleThree" }]));
    let err = h.invoke("play", at(8, 7)).unwrap_err();
    assert_eq!(err["kind"], "forbidden");
    assert!(err["message"].as_str().unwrap().contains("double three"));
    assert_eq!(stones(&h.ok("get_view", json!({}))), 8);
}

#[test]
fn the_ai_answers_by_itself_and_refuses_moves_out_of_turn() {
    let h = Harness::new("hva");
    h.ok("new_game", settings("humanVsAi", "freestyle", "white"));
    // The AI plays black: it starts by itself.
    h.wait_idle();
    let view = h.ok("get_view", json!({}));
    assert_eq!(stones(&view), 1, "the AI opened the game");
    assert_eq!(view["players"]["black"]["kind"], "ai");
    h.ok("play", at(8, 8));
    h.wait_idle();
    assert_eq!(stones(&h.ok("get_view", json!({}))), 3);
    // Make it the AI's turn with a long search (master, 3 s) and ask to play: not your turn.
    h.ok("set_level", json!({ "level": "master" }));
    lock(&h.session()).set_timing(3000, 0);
    h.ok("play", at(9, 9));
    assert_eq!(h.err_kind("play", at(10, 10)), "notYourTurn");
    assert_eq!(h.err_kind("hint", json!({})), "aiThinking");
    assert_eq!(h.err_kind("ai_move", json!({})), "aiThinking");
    let view = h.ok("stop_thinking", json!({}));
    assert_eq!(view["aiThinking"], true, "still finishing the stopped search");
    h.wait_idle();
    assert_eq!(stones(&h.ok("get_view", json!({}))), 5, "a stopped AI still plays its best move");
    let last = h.recorder.views.lock().unwrap().last().cloned().unwrap();
    assert!(!last.ai_thinking && last.moves.len() == 5, "the page hears of the AI's move");
    assert!(!h.recorder.analyses.lock().unwrap().is_empty(), "progress was streamed");
}

#[test]
fn a_stale_ai_result_after_undo_is_dropped() {
    let h = Harness::new("stale");
    h.ok("new_game", settings("humanVsAi", "freestyle", "black"));
    h.ok("set_level", json!({ "level": "master" })); // a search that lasts until cancelled
    lock(&h.session()).set_timing(2000, 0);
    h.ok("play", at(7, 7));
    assert_eq!(h.ok("get_view", json!({}))["aiThinking"], true);
    let view = h.ok("undo", json!({}));
    assert_eq!(stones(&view), 0);
    assert_eq!(view["aiThinking"], false);
    std::thread::sleep(std::time::Duration::from_millis(100));
    h.wait_idle();
    let view = h.ok("get_view", json!({}));
    assert_eq!(stones(&view), 0, "the cancelled search played nothing");
    assert_eq!(view["sideToMove"], "black");
}

#[test]
fn hints_arrive_as_events_for_the_person_to_move() {
    let h = Harness::new("hint");
    h.ok("new_game", settings("humanVsHuman", "freestyle", "black"));
    h.ok("play", at(7, 7));
    h.ok("hint", json!({}));
    h.wait_idle();
    let hints = h.recorder.hints.lock().unwrap().clone();
    assert_eq!(hints.len(), 1);
    assert!(hints[0].x < 15 && hints[0].y < 15 && !(hints[0].x == 7 && hints[0].y == 7));
    assert_eq!(stones(&h.ok("get_view", json!({}))), 1, "a hint plays nothing");
}

#[test]
fn names_level_and_mode_change_without_touching_the_position() {
    let h = Harness::new("names");
    h.ok("new_game", settings("humanVsHuman", "freestyle", "black"));
    h.ok("play", at(7, 7));
    let view = h.ok("set_names", json!({ "names": { "black": "  Zoë ", "white": "小明" } }));
    assert_eq!(view["players"]["black"]["name"], "Zoë");
    assert_eq!(view["players"]["white"]["name"], "小明");
    assert_eq!(
        h.err_kind("set_names", json!({ "names": { "black": "", "white": "x" } })),
        "badSettings"
    );
    let view = h.ok("set_level", json!({ "level": "master" }));
    assert_eq!(view["level"], "master");
    let view = h.ok("set_mode", json!({ "mode": "humanVsAi", "humanColor": "white" }));
    assert_eq!(view["players"]["white"]["name"], "小明");
    assert_eq!(view["players"]["black"]["name"], "AI · Master");
    h.wait_idle();
    assert_eq!(
        stones(&h.ok("get_view", json!({}))),
        1,
        "white (the person) is to move: the AI waits"
    );
    assert_eq!(h.err_kind("new_game", json!({ "settings": { "size": 40, "rule": "renju", "mode": "humanVsHuman", "level": "easy", "names": { "black": "a", "white": "b" } } })), "badSettings");
}

#[test]
fn save_and_load_round_trip_and_cancelled_dialogs() {
    let h = Harness::new("save");
    h.ok("new_game", settings("humanVsHuman", "renju", "black"));
    for (x, y) in [(7, 7), (8, 8), (6, 6), (9, 9)] {
        h.ok("play", at(x, y));
    }
    h.ok("undo", json!({}));
    assert_eq!(h.err_kind("save_game", json!({})), "cancelled");
    let file = h.dir.join("game.json");
    *h.picker.path.lock().unwrap() = Some(file.clone());
    let saved = h.ok("save_game", json!({}));
    h.ok("new_game", settings("humanVsHuman", "freestyle", "black"));
    let loaded = h.ok("load_game", json!({}));
    assert_eq!(loaded["moves"], saved["moves"]);
    assert_eq!(loaded["rule"], "renju");
    assert_eq!(loaded["canRedo"], true);
    for ext in ["psq", "txt"] {
        let other = h.dir.join(format!("game.{ext}"));
        *h.picker.path.lock().unwrap() = Some(other);
        h.ok("save_game", json!({}));
        let back = h.ok("load_game", json!({}));
        assert_eq!(back["moves"], saved["moves"], "{ext} round trip");
    }
    *h.picker.path.lock().unwrap() = None;
    assert_eq!(h.err_kind("load_game", json!({})), "cancelled");
}

#[test]
fn a_corrupt_or_hostile_file_leaves_the_game_untouched() {
    let h = Harness::new("hostile");
    h.ok("new_game", settings("humanVsHuman", "freestyle", "black"));
    h.ok("play", at(7, 7));
    let without_clocks = |mut v: Value| {
        v.as_object_mut().unwrap().remove("clocks");
        v
    };
    let before = without_clocks(h.ok("get_view", json!({})));
    let cases: [(&str, Vec<u8>); 5] = [
        ("bad.json", b"{\"format\": \"gomoku-save\", \"version\": 1, \"moves\": 5".to_vec()),
        ("newer.json", br#"{"format":"gomoku-save","version":9}"#.to_vec()),
        ("dup.txt", b"h8 h8".to_vec()),
        ("huge.json", vec![b' '; 2 << 20]),
        ("binary.psq", vec![0xff, 0x00, 0xfe, 0x12]),
    ];
    for (name, bytes) in cases {
        let path = h.dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        *h.picker.path.lock().unwrap() = Some(path);
        let kind = h.err_kind("load_game", json!({}));
        assert!(kind == "badRecord" || kind == "io", "{name}: {kind}");
        let now = without_clocks(h.ok("get_view", json!({})));
        assert_eq!(now, before, "{name} changed the game (the running clock aside)");
    }
}

#[test]
fn autosave_survives_a_restart_and_can_be_resumed() {
    let dir = common::temp_dir("autosave");
    let before = {
        let h = Harness::in_dir(dir.clone());
        h.ok("new_game", settings("humanVsHuman", "standard", "black"));
        for (x, y) in [(7, 7), (8, 8), (6, 6)] {
            h.ok("play", at(x, y));
        }
        h.ok("get_view", json!({}))
    };
    let h = Harness::in_dir(dir.clone());
    let info = h.ok("startup_info", json!({}));
    assert_eq!(info["resumable"], true);
    assert_eq!(info["warnings"], json!([]));
    let fresh = h.ok("get_view", json!({}));
    assert_eq!(stones(&fresh), 0, "the app starts clean and offers to resume");
    let resumed = h.ok("resume_autosave", json!({}));
    assert_eq!(resumed["moves"], before["moves"]);
    assert_eq!(resumed["rule"], "standard");
    assert_eq!(h.err_kind("resume_autosave", json!({})), "noAutosave");
    let prefs = h.ok("get_preferences", json!({}));
    assert_eq!(prefs["rule"], "standard", "preferences remember the last settings");
}

#[test]
fn corrupt_autosave_and_preferences_are_set_aside_and_reported_once() {
    let dir = common::temp_dir("corrupt");
    std::fs::write(dir.join("autosave.json"), b"{ not json").unwrap();
    std::fs::write(dir.join("preferences.json"), b"[1, 2").unwrap();
    let h = Harness::in_dir(dir.clone());
    let info = h.ok("startup_info", json!({}));
    assert_eq!(info["resumable"], false);
    assert_eq!(info["warnings"].as_array().unwrap().len(), 2);
    assert_eq!(h.ok("startup_info", json!({}))["warnings"], json!([]), "reported once");
    assert!(dir.join("autosave.json.corrupt-1").exists());
    assert!(dir.join("preferences.json.corrupt-1").exists());
    assert_eq!(stones(&h.ok("get_view", json!({}))), 0);
}

#[test]
fn preferences_are_validated_and_stored() {
    let h = Harness::new("prefs");
    let mut prefs = h.ok("get_preferences", json!({}));
    prefs["theme"] = json!("dark");
    prefs["language"] = json!("zh");
    prefs["humanName"] = json!("Lin");
    let saved = h.ok("set_preferences", json!({ "preferences": prefs }));
    assert_eq!(saved["theme"], "dark");
    let stored: Value =
        serde_json::from_slice(&std::fs::read(h.dir.join("preferences.json")).unwrap()).unwrap();
    assert_eq!(stored["language"], "zh");
    let mut bad = saved.clone();
    bad["size"] = json!(99);
    assert_eq!(h.err_kind("set_preferences", json!({ "preferences": bad })), "badSettings");
    assert_eq!(h.ok("get_preferences", json!({}))["size"], 15);
    assert_eq!(h.ok("discard_autosave", json!({}))["moves"], json!([]));
}

#[test]
fn ai_vs_ai_plays_on_until_stopped() {
    let h = Harness::new("ava");
    h.ok("new_game", settings("aiVsAi", "freestyle", "black"));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while stones(&h.ok("get_view", json!({}))) < 4 {
        assert!(std::time::Instant::now() < deadline, "AI vs AI did not progress");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.ok("stop_thinking", json!({}));
    h.wait_idle();
    let stopped = stones(&h.ok("get_view", json!({})));
    std::thread::sleep(std::time::Duration::from_millis(100));
    assert_eq!(stones(&h.ok("get_view", json!({}))), stopped, "no more moves after stop");
    h.ok("ai_move", json!({}));
    std::thread::sleep(std::time::Duration::from_millis(200));
    h.ok("stop_thinking", json!({}));
    h.wait_idle();
    assert!(stones(&h.ok("get_view", json!({}))) > stopped, "ai_move resumes");
}

#[test]
fn commands_outside_the_capability_are_refused() {
    let h = Harness::new("acl");
    // The dialog plugin is loaded (Rust opens the dialogs) but the page is not granted it.
    let err = h.invoke("plugin:dialog|open", json!({ "options": {} })).unwrap_err();
    assert!(err.to_string().contains("not allowed") || err.to_string().contains("denied"), "{err}");
    assert!(h.invoke("no_such_command", json!({})).is_err());
    assert!(h.invoke("get_view", json!({})).is_ok());
}
