//! A swap2 game in the real app: the person opens (three stones), the AI chooses as the
//! responder, and the game goes on from its choice. Screenshot: swap2-choice.png.

mod common;

use common::*;
use serde_json::json;
use std::time::{Duration, Instant};

async fn stone_count(app: &App) -> usize {
    app.stones().await.len()
}

#[tokio::test]
async fn the_person_opens_swap2_and_the_ai_chooses() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("swap2").await;
    ready(&app).await;
    app.click("btn-new").await;
    app.wait_for("settings dialog", "!document.getElementById('settings-dialog').hidden").await;
    app.js(
        "const f = document.getElementById('settings-dialog');\
         for (const [n, v] of [['mode','humanVsAi'],['humanColor','black'],['level','easy']]) {\
           const r = f.querySelector(`input[name=\"${n}\"][value=\"${v}\"]`); r.checked = true; r.dispatchEvent(new Event('change', {bubbles:true})); }\
         const o = document.getElementById('set-opening'); o.value = 'swap2'; o.dispatchEvent(new Event('change', {bubbles:true}));\
         return true;",
    )
    .await;
    let help = app.text("opening-help").await;
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
