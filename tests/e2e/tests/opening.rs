//! A swap2 game in the real app: the person opens (three stones), the AI chooses as the
//! responder, and the game goes on from its choice. Screenshot: swap2-choice.png.

mod common;

use common::*;
use serde_json::json;
use std::time::{Duration, Instant};

async fn stone_count(app: &App) -> usize {
    app.stones().await.len()
}

/// Opens the new-game dialog set for the person (black, the opener) against an easy AI under
/// the move rule `rule` and the opening rule `opening`; returns the rule's help text shown.
async fn choose_opening(app: &App, rule: &str, opening: &str) -> String {
    new_game_dialog(app, "black", &[("set-rule", rule), ("set-opening", opening)]).await;
    app.text("opening-help").await
}

#[tokio::test]
async fn the_person_opens_swap2_and_the_ai_chooses() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("swap2").await;
    ready(&app).await;
    let help = choose_opening(&app, "freestyle", "swap2").await;
    assert!(help.contains("two more"), "the rule is explained: {help}");
    app.click("settings-start").await;
    app.wait_for("the opening prompt", "!document.getElementById('opening-bar').hidden").await;
    let prompt = app.text("opening-prompt").await;
    assert!(prompt.contains("Place 3 stones"), "{prompt}");
    for (i, (x, y)) in [(7u8, 7u8), (8, 8), (6, 8)].into_iter().enumerate() {
        app.click_point(x, y).await;
        app.wait_for("the stone", &format!("document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === {}", i + 1)).await;
    }
    assert_eq!(app.stones().await, ["7,7,black", "8,8,white", "6,8,black"]);
    // The AI chooses: swap, stay white and play, or two more stones.
    let deadline = Instant::now() + Duration::from_secs(60);
    let view = loop {
        let view = app.invoke("get_view", json!({})).await;
        if view["opening"]["decisions"].as_array().unwrap().len() > 3 && view["aiThinking"] == false
        {
            break view;
        }
        assert!(Instant::now() < deadline, "the AI never chose: {view}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let choice = view["opening"]["decisions"][3].as_str().unwrap().to_string();
    println!("the AI's swap2 choice: {choice} (decisions {})", view["opening"]["decisions"]);
    app.wait_for(
        "the page shows the choice",
        "document.getElementById('board').dataset.thinking === 'false'",
    )
    .await;
    app.wait_for("the choice in the move list", "document.querySelectorAll('#move-list li.is-note').length >= 1 || document.getElementById('opening-prompt').textContent.includes('colour')").await;
    app.screenshot("swap2-choice").await;
    if view["opening"]["turn"] == "opener" {
        // Two more stones: the person picks a colour.
        let prompt = app.text("opening-prompt").await;
        assert!(prompt.contains("Choose your colour"), "{prompt}");
        assert_eq!(stone_count(&app).await, 5);
        app.click("opening-black").await;
    }
    app.wait_for("the opening over", "document.getElementById('opening-bar').hidden").await;
    // The game goes on: someone moves after the opening stones.
    let stones = stone_count(&app).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let view = app.invoke("get_view", json!({})).await;
        if !view["moves"].as_array().unwrap().is_empty() {
            break;
        }
        if view["players"][view["sideToMove"].as_str().unwrap()]["kind"] == "human" {
            // The person's move: play one.
            app.click_point(0, 0).await;
        }
        assert!(Instant::now() < deadline, "no move after the opening: {view}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(stone_count(&app).await > stones - 1);
}

/// Free points on the anti-diagonal through the centre, nearest first: with the opening's
/// stones 7,7 6,8 (black) and 7,6 (white) no symmetry maps one onto another, whatever the fourth
/// move, so any of them may be offered together.
const OFFERABLE: [(u8, u8); 8] =
    [(5, 9), (9, 5), (4, 10), (10, 4), (3, 11), (11, 3), (2, 12), (12, 2)];

/// Plays the person's decisions of a Soosõrv-8 opening against the AI until it is over;
/// screenshots soosorv.png when fifth moves are on the board (offered, or picked to offer).
async fn play_soosorv_opening(app: &App) {
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut shot = false;
    loop {
        let view = app.invoke("get_view", json!({})).await;
        let o = &view["opening"];
        if o["turn"].is_null() {
            break;
        }
        assert!(Instant::now() < deadline, "the opening does not end: {o}");
        if o["decider"] != "human" || view["aiThinking"] == true {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let stones = app.stones().await;
        let free = |&(x, y): &(u8, u8)| !stones.iter().any(|s| s.starts_with(&format!("{x},{y},")));
        let decisions = o["decisions"].as_array().unwrap().len();
        match o["phase"]["phase"].as_str().unwrap() {
            "fourthMove" => app.click_point(8, 9).await,
            "declareOffers" => {
                let prompt = app.text("opening-prompt").await;
                assert!(prompt.contains("1–8"), "{prompt}");
                app.js("const s = document.getElementById('opening-count'); s.value = '3'; return true;").await;
                app.click("opening-declare").await;
            }
            "swapChoice" | "responderChooses" => app.click("opening-black").await,
            "fifthOffers" => {
                let due = o["offersDue"].as_u64().unwrap() as usize;
                let points: Vec<(u8, u8)> =
                    OFFERABLE.iter().copied().filter(free).take(due).collect();
                for (i, &(x, y)) in points.iter().enumerate() {
                    if i + 1 == due && !shot {
                        app.screenshot("soosorv").await;
                        shot = true;
                    }
                    app.click_point(x, y).await;
                }
            }
            "whiteKeepsFifth" => {
                let offered = o["offered"].as_array().unwrap();
                assert!(!offered.is_empty());
                if !shot {
                    app.screenshot("soosorv").await;
                    shot = true;
                }
                let (x, y) = (offered[0]["x"].as_u64().unwrap(), offered[0]["y"].as_u64().unwrap());
                app.click_point(x as u8, y as u8).await;
            }
            phase => panic!("the person has no decision in {phase}: {o}"),
        }
        // Wait for the decision to land before looking again.
        let wait = Instant::now() + Duration::from_secs(20);
        while app.invoke("get_view", json!({})).await["opening"]["decisions"]
            .as_array()
            .is_some_and(|d| d.len() == decisions)
        {
            assert!(Instant::now() < wait, "the person's decision was not taken: {o}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    assert!(shot, "fifth moves were never on the board for the person");
}

#[tokio::test]
async fn a_soosorv8_game_against_the_ai_runs_through_declaration_swaps_and_offers() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("soosorv").await;
    ready(&app).await;
    let help = choose_opening(&app, "renju", "soosorv8").await;
    assert!(help.contains("1–8"), "the rule is explained: {help}");
    app.click("settings-start").await;
    app.wait_for("the opening prompt", "!document.getElementById('opening-bar').hidden").await;
    app.click_point(0, 0).await;
    app.wait_for("the refusal", "document.getElementById('toast').textContent.includes('centre')")
        .await;
    for (i, (x, y)) in [(7u8, 7u8), (7, 6), (6, 8)].into_iter().enumerate() {
        app.click_point(x, y).await;
        app.wait_for("the stone", &format!("document.getElementById('board').dataset.stones.split(';').filter(Boolean).length === {}", i + 1)).await;
    }
    play_soosorv_opening(&app).await;
    let view = app.invoke("get_view", json!({})).await;
    assert_eq!(view["opening"]["stones"].as_array().unwrap().len(), 5, "{view}");
    let declared = view["opening"]["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d.as_str().unwrap().starts_with("declare"));
    assert!(declared, "{view}");
    app.wait_for("the opening over", "document.getElementById('opening-bar').hidden").await;
    let notes = app.js("return [...document.querySelectorAll('#move-list li.is-note')].map(l => l.textContent).join(' | ');").await;
    assert!(
        notes.as_str().unwrap_or_default().contains("declared"),
        "the move list words the declaration: {notes}"
    );
}
