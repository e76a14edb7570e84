//! The client against a real engine: our own `pbrain-gomoku`, built for the test.

use gomoku::{Board, Color, Pos, Rule};
use gomoku_client::{Ask, EngineCommand, ExternalBrain};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Our engine, built if the workspace's binaries are not there yet.
fn our_pbrain() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().unwrap();
    let path = root.join("target/debug/pbrain-gomoku");
    if !path.exists() {
        let status = std::process::Command::new(env!("CARGO"))
            .args(["build", "-p", "gomoku", "--bin", "pbrain-gomoku"])
            .current_dir(&root)
            .status()
            .unwrap();
        assert!(status.success(), "building pbrain-gomoku");
    }
    path
}

/// Black has an open four on row 7 (3..=6): white to move must block, black to move wins.
fn open_four() -> (Board, Vec<Pos>) {
    let mut board = Board::new(15).unwrap();
    let moves: Vec<Pos> = [(3, 7), (0, 0), (4, 7), (0, 2), (5, 7), (14, 14), (6, 7), (14, 12)]
        .map(|(x, y)| Pos::new(x, y))
        .to_vec();
    for (i, &m) in moves.iter().enumerate() {
        board.place(m, Color::at_ply(i));
    }
    (board, moves)
}

#[test]
fn a_move_and_the_n_best_come_from_a_real_engine() {
    let brain = ExternalBrain::new(EngineCommand { path: our_pbrain(), args: vec![] }).unwrap();
    let (board, moves) = open_four();
    let ask = Ask::new(board, moves, Rule::Freestyle, Color::Black, Duration::from_millis(300));
    let stop = Arc::new(AtomicBool::new(false));
    let best = brain.best_move(ask.clone(), stop.clone(), |_| {}).unwrap();
    assert!(best == Pos::new(2, 7) || best == Pos::new(7, 7), "the five: {best}");
    let heard = Arc::new(Mutex::new(Vec::new()));
    let lines = Arc::clone(&heard);
    let nbest = brain
        .n_best(ask, 3, stop, move |text| lines.lock().unwrap().push(text.to_string()))
        .unwrap();
    assert!(nbest == Pos::new(2, 7) || nbest == Pos::new(7, 7), "{nbest}");
    let heard = heard.lock().unwrap();
    assert!(heard.iter().any(|l| l.contains("depth")), "progress reported: {heard:?}");
}
