//! External engines in the session: real engines (our own `pbrain-gomoku`, and Rapfi when
//! `../shared/engines/rapfi/` is there) play whole games and give hints; scripted hostile
//! engines (tests/engines/*.py) hang, crash, answer garbage, play an occupied point, print a
//! 10 MB line or never answer START — each ends with a clear error, the game unchanged, and no
//! process left behind.

mod common;

use common::{at, Harness};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().unwrap()
}

/// A copy of our own engine in the test's folder (its own path, so the process check of one test
/// does not see another test's engine).
fn our_pbrain_in(h: &Harness) -> PathBuf {
    let copy = h.dir.join("pbrain-gomoku");
    std::fs::copy(our_pbrain(), &copy).unwrap();
    copy
}

/// Our own engine, built if this test runs before the engine's binaries exist.
fn our_pbrain() -> PathBuf {
    let path = repo().join("target/debug/pbrain-gomoku");
    if !path.exists() {
        let status = std::process::Command::new(env!("CARGO"))
            .args(["build", "-p", "gomoku", "--bin", "pbrain-gomoku"])
            .current_dir(repo())
            .status()
            .unwrap();
        assert!(status.success(), "building pbrain-gomoku");
    }
    path
}

fn hostile(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines").join(name)
}

/// Processes whose command line names `program` (from /proc).
fn processes_running(program: &Path) -> Vec<u32> {
    let wanted = program.to_string_lossy().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let zombie =
                stat.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z'));
            !zombie && String::from_utf8_lossy(&cmdline).split('\0').any(|arg| arg == wanted)
        })
        .collect()
}

fn assert_gone(program: &Path) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = processes_running(program);
        if left.is_empty() {
            return;
        }
        assert!(Instant::now() < deadline, "{} left running: {left:?}", program.display());
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Adds `program` through the (scripted) file dialog; returns the engine list or the error.
fn add(h: &Harness, program: &Path) -> Result<Value, Value> {
    *h.picker.path.lock().unwrap() = Some(program.to_path_buf());
    h.invoke("add_engine", json!({ "args": "" }))
}

fn new_game_against(h: &Harness, engine: &str, mode: &str, rule: &str) -> Value {
    h.ok(
        "new_game",
        json!({ "settings": {
            "size": 15, "rule": rule, "centreFirst": false, "mode": mode, "humanColor": "black",
            "level": "easy", "names": { "black": "Ann", "white": "Bob" }, "engine": engine
        }}),
    )
}

fn moves(view: &Value) -> usize {
    view["moves"].as_array().map_or(0, Vec::len)
}

/// Waits until no search runs (engines may take their turn time plus the grace period).
fn wait_idle(h: &Harness, limit: Duration) {
    let deadline = Instant::now() + limit;
    while gomoku_session::jobs::lock(&h.session()).is_thinking() {
        assert!(Instant::now() < deadline, "the engine's search did not end");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Plays an AI-vs-AI game with `engine` on both sides to its end.
fn play_out(h: &Harness, engine: &str, rule: &str) -> Value {
    new_game_against(h, engine, "aiVsAi", rule);
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let view = h.ok("get_view", json!({}));
        if view["status"]["state"] != "playing" {
            return view;
        }
        let errors = h.recorder.engine_errors.lock().unwrap().clone();
        assert!(errors.is_empty(), "engine failed: {errors:?}");
        assert!(Instant::now() < deadline, "the game did not end: {} moves", moves(&view));
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn our_own_engine_is_probed_added_edited_and_plays_a_whole_game() {
    let h = Harness::new("ext-own");
    let program = our_pbrain_in(&h);
    let list = add(&h, &program).expect("our engine passes the probe");
    assert_eq!(list.as_array().unwrap().len(), 1);
    let engine = list[0]["id"].as_str().unwrap().to_string();
    assert_eq!(list[0]["name"], "Gomoku", "named after its ABOUT");
    assert_eq!(list[0]["rules"], json!(["freestyle", "standard", "renju"]));
    assert_eq!(list[0]["sizes"], json!((5..=22).collect::<Vec<u8>>()), "every size the app offers");
    assert!(list[0].get("path").is_none(), "the page never sees a path to run");
    let edited = h.ok("edit_engine", json!({ "id": engine, "name": "Ours", "moveMs": 100 }));
    assert_eq!(
        (edited[0]["name"].as_str(), edited[0]["moveMs"].as_u64()),
        (Some("Ours"), Some(100))
    );
    let end = play_out(&h, &engine, "renju");
    assert!(moves(&end) >= 9, "{end}");
    assert_eq!(end["players"]["black"]["name"], "Ours");
    assert_eq!(end["engine"]["id"], engine);
    // Back to the built-in AI: the engine process ends.
    h.ok("set_opponent", json!({ "engine": null }));
    assert_gone(&program);
}

#[test]
fn our_engine_gives_hints_and_answers_a_person() {
    let h = Harness::new("ext-hint");
    let program = our_pbrain_in(&h);
    let engine = add(&h, &program).unwrap()[0]["id"].as_str().unwrap().to_string();
    h.ok("edit_engine", json!({ "id": engine, "name": "Ours", "moveMs": 100 }));
    new_game_against(&h, &engine, "humanVsAi", "freestyle");
    h.ok("play", at(7, 7));
    wait_idle(&h, Duration::from_secs(10));
    assert_eq!(moves(&h.ok("get_view", json!({}))), 2, "the engine answered");
    h.ok("hint", json!({}));
    wait_idle(&h, Duration::from_secs(10));
    let hints = h.recorder.hints.lock().unwrap();
    assert_eq!(hints.len(), 1);
    let analyses = h.recorder.analyses.lock().unwrap();
    assert!(analyses.iter().any(|a| a.depth > 0 && a.for_hint), "its MESSAGE lines are shown live");
    let view = h.ok("get_view", json!({}));
    let occupied: Vec<(u64, u64)> = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["x"].as_u64().unwrap(), m["y"].as_u64().unwrap()))
        .collect();
    assert!(!occupied.contains(&(u64::from(hints[0].x), u64::from(hints[0].y))));
}

#[test]
fn rapfi_plays_a_game_and_gives_hints_when_it_is_here() {
    let rapfi = repo().join("../shared/engines/rapfi/pbrain-rapfi");
    if !rapfi.exists() {
        println!("skipped: {} is not on this machine", rapfi.display());
        return;
    }
    let h = Harness::new("ext-rapfi");
    let list = add(&h, &rapfi).expect("Rapfi passes the probe");
    let engine = list[0]["id"].as_str().unwrap().to_string();
    assert!(list[0]["rules"].as_array().unwrap().contains(&json!("renju")), "{list}");
    h.ok("edit_engine", json!({ "id": engine, "name": "Rapfi", "moveMs": 100 }));
    let end = play_out(&h, &engine, "freestyle");
    assert!(moves(&end) >= 9, "{end}");
    new_game_against(&h, &engine, "humanVsAi", "freestyle");
    h.ok("play", at(7, 7));
    wait_idle(&h, Duration::from_secs(10));
    h.ok("hint", json!({}));
    wait_idle(&h, Duration::from_secs(10));
    assert_eq!(h.recorder.hints.lock().unwrap().len(), 1, "Rapfi gave a hint");
}

/// A hostile engine passes the probe, then fails at its first move: the person is told, the
/// game keeps the person's move only, and the process is gone.
fn fails_at_its_move(script: &str, expected: &str) {
    let h = Harness::new(&format!("ext-{script}"));
    let program = hostile(script);
    let engine =
        add(&h, &program).expect("the probe passes")[0]["id"].as_str().unwrap().to_string();
    h.ok("edit_engine", json!({ "id": engine, "name": "Hostile", "moveMs": 100 }));
    new_game_against(&h, &engine, "humanVsAi", "freestyle");
    h.ok("play", at(7, 7));
    wait_idle(&h, Duration::from_secs(10));
    let errors = h.recorder.engine_errors.lock().unwrap().clone();
    assert_eq!(errors.len(), 1, "{script}: {errors:?}");
    assert!(errors[0].contains(expected), "{script}: {}", errors[0]);
    let view = h.ok("get_view", json!({}));
    assert_eq!(moves(&view), 1, "{script}: the game is unchanged");
    assert_eq!(view["status"]["state"], "playing");
    assert!(!view["aiThinking"].as_bool().unwrap());
    assert_gone(&program);
    // It is not retried by itself, and the app still answers.
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(h.recorder.engine_errors.lock().unwrap().len(), 1);
    assert_eq!(h.ok("undo", json!({}))["moves"], json!([]));
}

#[test]
fn an_engine_that_hangs_is_stopped_after_its_time() {
    fails_at_its_move("hang.py", "did not answer in time");
}

#[test]
fn an_engine_that_crashes_mid_game_is_reported() {
    fails_at_its_move("crash.py", "stopped");
}

#[test]
fn an_engine_that_answers_garbage_is_reported() {
    fails_at_its_move("garbage.py", "nonsense");
}

#[test]
fn an_engine_that_plays_an_occupied_point_is_refused() {
    fails_at_its_move("occupied.py", "occupied");
}

#[test]
fn an_engine_that_floods_its_output_is_cut_off() {
    fails_at_its_move("flood.py", "flooded");
}

#[test]
fn an_engine_that_never_answers_start_is_not_added() {
    let h = Harness::new("ext-silent");
    let program = hostile("silent.py");
    let err = add(&h, &program).expect_err("the probe fails");
    assert_eq!(err["kind"], "engine");
    assert!(err["message"].as_str().unwrap().contains("START"), "{err}");
    assert_eq!(h.ok("list_engines", json!({})), json!([]));
    assert_gone(&program);
    // A cancelled dialog adds nothing either.
    *h.picker.path.lock().unwrap() = None;
    assert_eq!(h.invoke("add_engine", json!({ "args": "" })).unwrap_err()["kind"], "cancelled");
}

#[test]
fn engines_are_kept_across_restarts_and_removed_by_id() {
    let h = Harness::new("ext-keep");
    let engine = add(&h, &our_pbrain_in(&h)).unwrap()[0]["id"].as_str().unwrap().to_string();
    let again = Harness::in_dir(h.dir.clone());
    assert_eq!(again.ok("list_engines", json!({}))[0]["id"], engine);
    assert_eq!(again.err_kind("remove_engine", json!({ "id": "e999" })), "engine");
    assert_eq!(again.ok("remove_engine", json!({ "id": engine })), json!([]));
    assert_eq!(again.err_kind("set_opponent", json!({ "engine": engine })), "engine");
}

#[test]
fn an_engine_that_refuses_a_board_size_is_offered_only_for_its_sizes() {
    let h = Harness::new("ext-only15");
    let list = add(&h, &hostile("only15.py")).expect("the probe passes");
    assert_eq!(list[0]["sizes"], json!([15]));
    let engine = list[0]["id"].as_str().unwrap().to_string();
    let nineteen = json!({ "settings": {
        "size": 19, "rule": "freestyle", "centreFirst": false, "mode": "humanVsAi",
        "humanColor": "black", "level": "easy", "names": { "black": "Ann", "white": "Bob" },
        "engine": engine
    }});
    assert_eq!(h.invoke("new_game", nineteen).unwrap_err()["kind"], "engine");
    assert_eq!(h.ok("get_view", json!({}))["engine"], Value::Null, "nothing changed");
    new_game_against(&h, &engine, "humanVsAi", "freestyle");
    assert_eq!(h.ok("get_view", json!({}))["engine"]["name"], "Fifteen");
}

#[test]
fn stopping_a_thinking_engine_ends_it_and_waits_for_the_person() {
    let h = Harness::new("ext-stop");
    // Its own copy, so that the hang test's engine does not count as this one's.
    for script in ["hang.py", "common.py"] {
        std::fs::copy(hostile(script), h.dir.join(script)).unwrap();
    }
    let program = h.dir.join("hang.py");
    let engine = add(&h, &program).unwrap()[0]["id"].as_str().unwrap().to_string();
    h.ok("edit_engine", json!({ "id": engine, "name": "Slow", "moveMs": 30000 }));
    new_game_against(&h, &engine, "humanVsAi", "freestyle");
    h.ok("play", at(7, 7));
    assert!(h.ok("get_view", json!({}))["aiThinking"].as_bool().unwrap());
    h.ok("stop_thinking", json!({}));
    wait_idle(&h, Duration::from_secs(5));
    std::thread::sleep(Duration::from_millis(200));
    let view = h.ok("get_view", json!({}));
    assert!(!view["aiThinking"].as_bool().unwrap(), "not restarted by itself");
    assert_eq!(moves(&view), 1);
    assert!(h.recorder.engine_errors.lock().unwrap().is_empty(), "a stop is not an error");
    assert_gone(&program);
    // Asked again, it starts again (and this one hangs too: stop it for good).
    assert!(h.ok("ai_move", json!({}))["aiThinking"].as_bool().unwrap());
    h.ok("stop_thinking", json!({}));
    wait_idle(&h, Duration::from_secs(5));
}
