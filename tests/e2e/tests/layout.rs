//! The layout in the real app at the window sizes people use: at the default window (1 120 × 800)
//! with the evaluation graph open, at the smallest (720 × 560) and at a large one, nothing is cut
//! off: the board scales, the panel's cards fit in the window, the page does not scroll and only
//! the move list does. Screenshots: graph-open.png, small-window.png.
//!
//! Needs what `app.rs` needs.

mod common;

use common::*;
use serde_json::{json, Value};

/// A 24-move game with no four in it at any move, black to move.
const GAME: &str = "h8 i9 i7 g9 h9 h10 j8 g7 k9 l10 j10 k11 g8 f8 j7 j9 k7 l7 i6 h5 k6 k8 f10 e11";

/// The panel's buttons, all to be on screen.
const BUTTONS: [&str; 8] = [
    "btn-new",
    "btn-puzzles",
    "btn-undo",
    "btn-redo",
    "btn-hint",
    "btn-settings",
    "btn-save",
    "btn-load",
];

/// The move list's tools, each to be whole inside the moves card (which clips what overflows it).
const MOVE_TOOLS: [&str; 10] = [
    "btn-first",
    "btn-prev",
    "btn-next",
    "btn-last",
    "btn-graph",
    "btn-openings",
    "btn-edit",
    "btn-copy",
    "btn-paste",
    "btn-image",
];

/// What the page measures of its layout: each element's rectangle and the scroll sizes.
const MEASURE: &str = "const ids = arguments[0];\
     const rect = (el) => { const r = el.getBoundingClientRect();\
       return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; };\
     const panel = document.querySelector('.panel'); const list = document.getElementById('move-list');\
     const board = document.getElementById('board'); const graph = document.getElementById('eval-graph');\
     return { width: innerWidth, height: innerHeight, dpr: devicePixelRatio,\
       pageScroll: [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight],\
       panelScroll: [panel.scrollHeight, panel.clientHeight],\
       list: [list.scrollHeight, list.clientHeight],\
       boardPixels: [board.width, board.height, board.clientWidth, board.clientHeight],\
       graphPixels: [graph.width, graph.height, graph.clientWidth, graph.clientHeight],\
       rects: Object.fromEntries(ids.map((id) => [id, rect(document.getElementById(id))])) };";

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// Measures the page with `ids`' rectangles.
async fn measure(app: &App, ids: &[&str]) -> Value {
    app.client.execute(MEASURE, vec![json!(ids)]).await.expect("measure the layout")
}

/// Asserts that each of `ids` is shown whole inside the window (half a pixel of rounding allowed).
fn assert_inside(m: &Value, ids: &[&str]) {
    let (w, h) = (num(&m["width"]), num(&m["height"]));
    for id in ids {
        let r = &m["rects"][*id];
        assert!(num(&r["width"]) > 0.0 && num(&r["height"]) > 0.0, "#{id} is not shown: {r}");
        assert!(
            num(&r["left"]) >= -0.5
                && num(&r["top"]) >= -0.5
                && num(&r["right"]) <= w + 0.5
                && num(&r["bottom"]) <= h + 0.5,
            "#{id} is cut off in a {w} × {h} window: {r}"
        );
    }
}

/// Asserts that each of `ids` lies whole inside `container` (half a pixel of rounding allowed):
/// nothing is clipped by a card too narrow for it.
fn assert_within(m: &Value, ids: &[&str], container: &str) {
    let (w, h) = (num(&m["width"]), num(&m["height"]));
    let outer = &m["rects"][container];
    for id in ids {
        let r = &m["rects"][*id];
        assert!(
            num(&r["left"]) >= num(&outer["left"]) - 0.5
                && num(&r["right"]) <= num(&outer["right"]) + 0.5
                && num(&r["top"]) >= num(&outer["top"]) - 0.5
                && num(&r["bottom"]) <= num(&outer["bottom"]) + 0.5,
            "#{id} is cut off by #{container} in a {w} × {h} window: {r} in {outer}"
        );
    }
}

/// Asserts that the page does not scroll, the panel fits without scrolling, and the move list
/// shows at least `rows` rows.
fn assert_fits(m: &Value, rows: f64) {
    let (w, h) = (num(&m["width"]), num(&m["height"]));
    let page = &m["pageScroll"];
    assert!(num(&page[0]) <= w && num(&page[1]) <= h, "the page scrolls: {m}");
    let panel = &m["panelScroll"];
    assert!(num(&panel[0]) <= num(&panel[1]), "the panel scrolls: {m}");
    assert!(num(&m["list"][1]) >= rows * 24.0, "the move list shows less than {rows} rows: {m}");
}

/// Asserts that the board's and the graph's canvases have backing stores matching their boxes at
/// the screen's pixel ratio (drawn crisp at their new sizes), and returns the smaller side of the
/// board's canvas in CSS pixels (the wooden board is drawn in it, square, 26 px in from it).
fn board_side(m: &Value) -> f64 {
    let dpr = num(&m["dpr"]);
    for canvas in ["boardPixels", "graphPixels"] {
        let px = &m[canvas];
        assert_eq!(num(&px[0]), (num(&px[2]) * dpr).round(), "{canvas} width: {m}");
        assert_eq!(num(&px[1]), (num(&px[3]) * dpr).round(), "{canvas} height: {m}");
    }
    let px = &m["boardPixels"];
    num(&px[2]).min(num(&px[3]))
}

#[tokio::test]
async fn every_window_from_the_smallest_up_shows_the_whole_panel_and_a_board_that_fits() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let app = launch("layout").await;
    ready(&app).await;
    app.resize(1120, 800).await;
    app.new_game("humanVsHuman", "black", "hard", "freestyle").await;
    app.click("btn-paste").await;
    app.wait_for("the paste dialog", "!document.getElementById('paste-dialog').hidden").await;
    app.js(&format!("document.getElementById('paste-text').value = {}; return true;", json!(GAME)))
        .await;
    app.click("paste-ok").await;
    app.wait_for(
        "the game drawn",
        "document.getElementById('board').dataset.stones.split(';').length === 24",
    )
    .await;

    // The default window with the evaluation graph open: it used to push Settings / Save / Load
    // half out of the window.
    app.compute_graph(25).await;
    app.wait_for("the graph done", "document.getElementById('btn-graph-stop').hidden").await;
    app.wait_for("the toast gone", "document.getElementById('toast').hidden").await;
    let m =
        measure(&app, &[&BUTTONS[..], &MOVE_TOOLS, &["board", "graph-box", "moves-card"]].concat())
            .await;
    println!("1120 × 800, graph open: {m}");
    assert_inside(&m, &BUTTONS);
    assert_within(&m, &MOVE_TOOLS, "moves-card");
    assert_inside(&m, &["board", "graph-box", "moves-card"]);
    assert_fits(&m, 3.0);
    let wide = board_side(&m);
    assert!(wide >= 700.0, "the board uses the default window's height: {wide}");
    let list = &m["list"];
    assert!(num(&list[0]) > num(&list[1]), "24 moves do not fit: the move list scrolls: {m}");
    app.screenshot("graph-open").await;

    // The smallest window the shell allows: the panel stands beside a board that still fills the
    // height, every button in view.
    app.resize(720, 560).await;
    let parts = ["board", "graph-box", "card-black", "card-white", "btn-names", "moves-card"];
    let m = measure(&app, &[&BUTTONS[..], &MOVE_TOOLS, &parts].concat()).await;
    println!("720 × 560, graph open: {m}");
    assert_inside(&m, &BUTTONS);
    assert_within(&m, &MOVE_TOOLS, "moves-card");
    assert_inside(&m, &parts);
    assert_fits(&m, 1.0);
    let small = board_side(&m);
    assert!(small >= 400.0, "the board is no longer squeezed above the panel: {small}");
    // The board still answers at its new size: a click lands on the intersection clicked.
    app.click_point(3, 3).await;
    app.wait_for(
        "the move at D12",
        "document.getElementById('board').dataset.stones.split(';').includes('3,3,black')",
    )
    .await;
    app.screenshot("small-window").await;

    // A large window: the board grows with it and the panel still fits.
    app.resize(1600, 1000).await;
    let m =
        measure(&app, &[&BUTTONS[..], &MOVE_TOOLS, &["board", "graph-box", "moves-card"]].concat())
            .await;
    println!("1600 × 1000, graph open: {m}");
    assert_inside(&m, &BUTTONS);
    assert_within(&m, &MOVE_TOOLS, "moves-card");
    assert_inside(&m, &["board", "graph-box"]);
    assert_fits(&m, 6.0);
    let large = board_side(&m);
    assert!(large > wide, "the board grows with the window: {large} after {wide}");
}
