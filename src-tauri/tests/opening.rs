//! Opening rules through the IPC: the person's decisions, the AI deciding in its role, refusals,
//! and AI-vs-AI games through each opening rule.

mod common;

use common::Harness;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn settings(mode: &str, rule: &str, opening: &str, human: &str) -> Value {
    json!({ "settings": {
        "size": 15, "rule": rule, "centreFirst": false, "mode": mode, "humanColor": human,
        "level": "easy", "names": { "black": "Ann", "white": "Bob" }, "opening": opening
    }})
}

fn decide(h: &Harness, d: &str) -> Value {
    h.ok("decide", json!({ "decision": d }))
}

#[test]
fn the_person_opens_swap2_and_the_ai_answers() {
    let h = Harness::new("swap2-open");
    let view = h.ok("new_game", settings("humanVsAi", "freestyle", "swap2", "black"));
    assert_eq!(view["opening"]["phase"]["phase"], "openerPlacesThree");
    assert_eq!(view["opening"]["decider"], "human");
    assert_eq!(h.err_kind("play", json!({ "x": 7, "y": 7 })), "inOpening");
    assert_eq!(h.err_kind("hint", json!({})), "inOpening");
    decide(&h, "place 7,7");
    assert_eq!(h.err_kind("decide", json!({ "decision": "place 7,7" })), "occupied");
    assert_eq!(h.err_kind("decide", json!({ "decision": "black" })), "notNow");
    assert_eq!(h.err_kind("decide", json!({ "decision": "jump" })), "badSettings");
    decide(&h, "place 8,8");
    let view = decide(&h, "place 6,8");
    assert_eq!(view["opening"]["decider"], "ai");
    assert_eq!(h.err_kind("decide", json!({ "decision": "black" })), "notYourTurn");
    h.wait_idle();
    let view = h.ok("get_view", json!({}));
    let decisions = view["opening"]["decisions"].as_array().unwrap();
    assert!(decisions.len() > 3, "the AI decided: {decisions:?}");
    // Whatever it chose, the game goes on: the person's turn (a choice or a move), or the AI's move.
    h.wait_idle();
    let view = h.ok("get_view", json!({}));
    let person_to_act = view["opening"]["decider"] == "human"
        || (view["opening"]["turn"].is_null()
            && view["players"][view["sideToMove"].as_str().unwrap()]["kind"] == "human");
    assert!(person_to_act, "{view}");
}

#[test]
fn undo_takes_back_opening_decisions() {
    let h = Harness::new("swap1-undo");
    h.ok("new_game", settings("humanVsHuman", "freestyle", "swap1", "black"));
    decide(&h, "place 7,7");
    decide(&h, "place 8,7");
    decide(&h, "place 7,8");
    let view = decide(&h, "black");
    assert!(view["opening"]["turn"].is_null());
    assert_eq!(view["players"]["black"]["name"], "Bob", "the responder took black");
    let view = h.ok("undo", json!({}));
    assert_eq!(view["opening"]["phase"]["phase"], "responderChooses");
    assert_eq!(view["players"]["black"]["name"], "Ann");
}

#[test]
fn rif_refuses_a_symmetric_pair_of_fifth_moves() {
    let h = Harness::new("rif");
    h.ok("new_game", settings("humanVsHuman", "renju", "rif", "black"));
    assert_eq!(h.err_kind("decide", json!({ "decision": "place 0,0" })), "notCentre");
    decide(&h, "place 7,7");
    decide(&h, "place 7,6");
    assert_eq!(h.err_kind("decide", json!({ "decision": "place 0,0" })), "notAnOpening");
    decide(&h, "place 7,5");
    decide(&h, "white");
    // All four stones on column 7: the mirror x ↔ 14 − x keeps the position.
    decide(&h, "place 7,9");
    assert_eq!(h.err_kind("decide", json!({ "decision": "offer 6,8 8,8" })), "symmetricOffers");
    assert_eq!(h.err_kind("decide", json!({ "decision": "offer 6,8 6,8" })), "symmetricOffers");
    let view = decide(&h, "offer 6,8 9,9");
    assert_eq!(view["opening"]["offered"].as_array().unwrap().len(), 2);
    assert_eq!(h.err_kind("decide", json!({ "decision": "keep 1,1" })), "notOffered");
    let view = decide(&h, "keep 9,9");
    assert!(view["opening"]["turn"].is_null());
    assert_eq!(view["sideToMove"], "white", "white plays the sixth move");
}

#[test]
fn ai_vs_ai_games_through_each_opening_end_normally() {
    for (rule, opening) in [
        ("freestyle", "swap1"),
        ("freestyle", "swap2"),
        ("renju", "rif"),
        ("renju", "yamaguchi"),
        ("renju", "soosorv8"),
        ("renju", "taraguchi10"),
    ] {
        let h = Harness::new(opening);
        h.ok("new_game", settings("aiVsAi", rule, opening, "black"));
        let deadline = Instant::now() + Duration::from_secs(240);
        let view = loop {
            let view = h.ok("get_view", json!({}));
            if view["status"]["state"] != "playing" {
                break view;
            }
            assert!(Instant::now() < deadline, "{opening}: no end: {view}");
            std::thread::sleep(Duration::from_millis(50));
        };
        assert!(view["opening"]["turn"].is_null(), "{opening}: the opening was played out");
        assert!(
            view["moves"].as_array().unwrap().len()
                + view["opening"]["stones"].as_array().unwrap().len()
                >= 9
        );
    }
}

#[test]
fn soosorv8_declaration_second_swap_and_offers_through_the_app() {
    let h = Harness::new("soosorv8");
    h.ok("new_game", settings("humanVsHuman", "renju", "soosorv8", "black"));
    for d in ["place 7,7", "place 7,6", "place 6,8", "white", "place 8,8"] {
        decide(&h, d);
    }
    let view = h.ok("get_view", json!({}));
    assert_eq!(view["opening"]["phase"]["phase"], "declareOffers");
    assert_eq!(view["opening"]["turn"], "responder", "white declares");
    assert_eq!(view["opening"]["maxDeclared"], 8);
    assert_eq!(h.err_kind("decide", json!({ "decision": "declare 9" })), "badDeclaration");
    let view = decide(&h, "declare 3");
    assert_eq!(view["opening"]["declared"], 3);
    assert_eq!(view["opening"]["phase"]["phase"], "swapChoice");
    assert_eq!(view["opening"]["turn"], "opener", "black may swap");
    let view = decide(&h, "white"); // the opener swaps to white
    assert_eq!(view["players"]["black"]["name"], "Bob");
    assert_eq!(view["opening"]["offersDue"], 3);
    assert_eq!(h.err_kind("decide", json!({ "decision": "offer 5,5 9,9" })), "offerCount");
    let view = decide(&h, "offer 5,5 9,9 4,10");
    assert_eq!(view["opening"]["offered"].as_array().unwrap().len(), 3);
    let view = decide(&h, "keep 4,10");
    assert!(view["opening"]["turn"].is_null());
    assert_eq!(view["sideToMove"], "white");
    assert_eq!(view["players"]["white"]["name"], "Ann", "the opener plays white");
    let deciders = view["opening"]["deciders"].as_array().unwrap();
    assert_eq!(deciders.len(), view["opening"]["decisions"].as_array().unwrap().len());
}

#[test]
fn taraguchi10_squares_and_swaps_through_the_app() {
    let h = Harness::new("taraguchi10");
    let view = h.ok("new_game", settings("humanVsHuman", "renju", "taraguchi10", "black"));
    assert_eq!(view["opening"]["phase"]["phase"], "placeInSquare");
    assert_eq!(h.err_kind("decide", json!({ "decision": "place 8,8" })), "notCentre");
    decide(&h, "place 7,7");
    let view = decide(&h, "black"); // the responder swaps: black now, the opener places white
    assert_eq!(view["opening"]["turn"], "opener");
    assert_eq!(h.err_kind("decide", json!({ "decision": "place 9,9" })), "notInSquare");
    for d in ["place 8,8", "black", "place 6,8", "white", "place 10,10", "black"] {
        decide(&h, d);
    }
    let view = h.ok("get_view", json!({}));
    assert_eq!(view["opening"]["phase"]["phase"], "fifthOrOffers");
    assert_eq!(view["opening"]["offersDue"], 10);
    assert_eq!(h.err_kind("decide", json!({ "decision": "place 12,12" })), "notInSquare");
    decide(&h, "place 11,11");
    let view = decide(&h, "white");
    assert!(view["opening"]["turn"].is_null());
    assert_eq!(view["sideToMove"], "white");
}

#[test]
fn the_ai_opens_taraguchi10_for_a_person_who_plays_white() {
    let h = Harness::new("taraguchi10-ai");
    h.ok("new_game", settings("humanVsAi", "renju", "taraguchi10", "white"));
    h.wait_idle();
    let view = h.ok("get_view", json!({}));
    assert_eq!(view["opening"]["stones"].as_array().unwrap().len(), 1, "{view}");
    assert_eq!(view["opening"]["phase"]["phase"], "swapChoice");
    assert_eq!(view["opening"]["decider"], "human");
}
