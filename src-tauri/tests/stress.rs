//! Ten thousand random command sequences through the IPC, with AI searches of a millisecond,
//! stops and undos in the middle of searches: no panic, no deadlock, and the view always matches
//! the engine's state.

mod common;

use common::{at, Harness};
use gomoku::board::index_of;
use gomoku::{Board, Color, Pos};
use gomoku_session::jobs::lock;
use gomoku_session::view::view_of;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

fn random_command(rng: &mut Rng, size: u64) -> (&'static str, Value) {
    match rng.below(20) {
        0..=7 => ("play", at(rng.below(size + 1) as u8, rng.below(size) as u8)),
        8 | 9 => ("undo", json!({})),
        10 => ("redo", json!({})),
        11 | 12 => ("ai_move", json!({})),
        13 => ("hint", json!({})),
        14 | 15 => ("stop_thinking", json!({})),
        16 => ("set_level", json!({ "level": rng.pick(&["easy", "medium", "hard", "master"]) })),
        17 => (
            "set_mode",
            json!({ "mode": rng.pick(&["humanVsAi", "humanVsHuman", "aiVsAi"]), "humanColor": rng.pick(&["black", "white"]) }),
        ),
        18 => ("get_view", json!({})),
        _ => {
            let size = [9, 15, 15, 19][rng.below(4) as usize];
            (
                "new_game",
                json!({ "settings": {
                "size": size, "rule": rng.pick(&["freestyle", "standard", "renju"]),
                "centreFirst": rng.below(4) == 0, "mode": rng.pick(&["humanVsAi", "humanVsHuman", "aiVsAi"]),
                "humanColor": rng.pick(&["black", "white"]), "level": rng.pick(&["easy", "medium", "hard", "master"]),
                "names": { "black": "A", "white": "B" } } }),
            )
        }
    }
}

/// The stones of a view drawn on a board, checked against the engine's board.
fn check_consistent(h: &Harness) {
    let shared = h.session();
    let session = lock(&shared);
    let game = session.game();
    let view = view_of(game, 0, session.is_thinking());
    let mut board = Board::new(u32::from(view.size)).unwrap();
    for (i, m) in view.moves.iter().enumerate() {
        assert_eq!(m.color, Color::at_ply(i));
        assert_eq!(m.number, i + 1);
        board.place(Pos::new(m.x, m.y), m.color);
    }
    assert_eq!(&board, game.board(), "view stones differ from the engine's board");
    assert_eq!(board.hash(), board.recompute_hash());
    assert_eq!(view.side_to_move, game.side_to_move());
    assert_eq!(view.can_undo, game.can_undo());
    if let Some(last) = game.moves().last() {
        let color = Color::at_ply(game.moves().len() - 1);
        let won = game.settings().rule.wins_at(game.board(), index_of(last.pos), color);
        let ended_by_five =
            matches!(game.outcome(), gomoku::Outcome::Won { winner, .. } if *winner == color);
        assert_eq!(won, ended_by_five, "the outcome matches the last move");
    }
}

#[test]
fn ten_thousand_random_command_sequences() {
    let h = Harness::new("stress");
    lock(&h.session()).set_timing(1, 0);
    let progress = Arc::new(AtomicU64::new(0));
    let watched = progress.clone();
    std::thread::spawn(move || {
        let mut last = u64::MAX;
        loop {
            std::thread::sleep(Duration::from_secs(20));
            let now = watched.load(Ordering::SeqCst);
            if now == last {
                eprintln!("no progress for 20 s after {now} sequences: deadlock");
                std::process::abort();
            }
            last = now;
        }
    });
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut kinds_seen = std::collections::BTreeSet::new();
    for sequence in 0..10_000u64 {
        let size = h.ok("get_view", json!({}))["size"].as_u64().unwrap();
        for _ in 0..1 + rng.below(6) {
            let (cmd, args) = random_command(&mut rng, size);
            match h.invoke(cmd, args) {
                Ok(view) if cmd != "get_preferences" => {
                    assert!(view["moves"].is_array(), "{cmd} returned {view}");
                }
                Ok(_) => {}
                Err(e) => {
                    kinds_seen.insert(e["kind"].as_str().unwrap_or("?").to_string());
                }
            }
            check_consistent(&h);
        }
        if rng.below(10) == 0 {
            h.ok("stop_thinking", json!({}));
            h.wait_idle();
            check_consistent(&h);
        }
        progress.store(sequence + 1, Ordering::SeqCst);
    }
    h.ok("stop_thinking", json!({}));
    h.wait_idle();
    check_consistent(&h);
    for kind in ["occupied", "outOfBoard", "notYourTurn", "aiThinking", "nothingToUndo"] {
        assert!(kinds_seen.contains(kind), "never saw {kind}: {kinds_seen:?}");
    }
}
