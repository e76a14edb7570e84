//! The evaluation-fitting pipeline through the real `gomoku` binary: `gen-data` against an
//! external brain (our own engine, `gomoku pbrain`, or one that answers garbage) and `train` from a prior.

use gomoku::board::index_of;
use gomoku::{Board, Color, Rule};
use gomoku_lab::tuning::data::{read_records, Outcome};
use std::path::PathBuf;
use std::process::Command;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-tuning-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `gomoku` with these arguments; panics with its error output if it fails.
fn gomoku(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku")).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "gomoku {args:?} failed: {stderr}");
    stderr
}

#[test]
fn games_against_a_brain_are_legal_records_that_end_as_recorded() {
    let dir = scratch("brain");
    let out = dir.join("games.txt");
    let heard = dir.join("heard.txt");
    let brain = format!("tee -a {} | {} pbrain", heard.display(), env!("CARGO_BIN_EXE_gomoku"));
    gomoku(&[
        "gen-data",
        "--games",
        "2",
        "--nodes",
        "400",
        "--seed",
        "5",
        "--threads",
        "1",
        "--opponent",
        &brain,
        "--opponent-time",
        "30",
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("# gomoku gen-data") && text.contains("--opponent"), "{text}");
    let games = read_records(&text).unwrap();
    assert_eq!(games.len(), 2);
    let heard = std::fs::read_to_string(&heard).unwrap();
    let asked = heard.matches("BOARD").count();
    let brain_moves: usize = games.iter().map(|g| (g.moves.len() - g.opening) / 2).sum();
    assert!(asked >= brain_moves && asked > 0, "the brain was asked {asked} times: {heard}");
    for game in games {
        let mut board = Board::new(15).unwrap();
        let mut winner = None;
        for (ply, &m) in game.moves.iter().enumerate() {
            assert!(winner.is_none(), "a move after the game ended");
            assert!(board.stone(m).is_none(), "{m:?} played twice");
            let color = Color::at_ply(ply);
            board.place(m, color);
            if Rule::Freestyle.wins_at(&board, index_of(m), color) {
                winner = Some(color);
            }
        }
        let expected = winner.map_or(Outcome::Draw, Outcome::Won);
        assert_eq!(game.outcome, expected);
        assert_eq!(game.scores.len(), game.moves.len() - game.opening);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_brain_that_answers_garbage_leaves_its_games_out() {
    let dir = scratch("garbage");
    let out = dir.join("games.txt");
    let brain = "sh -c 'while read line; do echo OK; echo garbage; done'";
    let log = gomoku(&[
        "gen-data",
        "--games",
        "2",
        "--nodes",
        "200",
        "--opponent",
        brain,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(log.contains("left out"), "{log}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(read_records(&text).unwrap().is_empty(), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn training_no_passes_from_a_prior_writes_the_prior_back() {
    let dir = scratch("prior");
    let data = dir.join("games.txt");
    gomoku(&["gen-data", "--games", "4", "--nodes", "300", "--out", data.to_str().unwrap()]);
    let prior = concat!(env!("CARGO_MANIFEST_DIR"), "/../src/ai/weights/freestyle.txt");
    let out = dir.join("w.txt");
    gomoku(&[
        "train",
        "--data",
        data.to_str().unwrap(),
        "--prior",
        prior,
        "--scale",
        "1373.4",
        "--epochs",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    let body = |text: String| -> Vec<String> {
        text.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect()
    };
    let written = body(std::fs::read_to_string(&out).unwrap());
    assert_eq!(written, body(std::fs::read_to_string(prior).unwrap()));
    assert!(std::fs::read_to_string(&out).unwrap().contains("scale 1373.4"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_move_order_is_fitted_from_a_match_log_to_a_file_the_engine_reads() {
    let dir = scratch("order");
    let book = dir.join("book.txt");
    std::fs::write(&book, "# two openings\n0,0, 1,-1, -2,-2\n0,0, -1,-2, 2,2, -2,-1\n").unwrap();
    let book = book.to_str().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(["match", "medium", "hard:d4", "--openings", book, "--games", "4", "--time", "50"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let log = dir.join("match.log");
    std::fs::write(&log, &out.stdout).unwrap();
    let weights = dir.join("order.txt");
    let said = gomoku(&[
        "fit-order",
        "--openings",
        book,
        "--learn",
        "second",
        "--steps",
        "40",
        "--out",
        weights.to_str().unwrap(),
        log.to_str().unwrap(),
    ]);
    assert!(said.contains("fit-order: 4 games"), "{said}");
    let text = std::fs::read_to_string(&weights).unwrap();
    assert!(text.starts_with("# Fitted by `gomoku fit-order"), "{text}");
    let fitted = gomoku::ai::policy::PolicyWeights::parse(&text).unwrap();
    assert_ne!(fitted, gomoku::ai::policy::PolicyWeights::neutral());
    let refused = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(["fit-order", "--openings", book, "--learn", "everyone", "--out", "x", "y"])
        .output()
        .unwrap();
    assert!(!refused.status.success());
}

#[test]
fn a_renju_move_order_is_fitted_from_records_of_both_colours() {
    let dir = scratch("order-records");
    let data = dir.join("games.txt");
    let data = data.to_str().unwrap();
    gomoku(&["gen-data", "--rule", "renju", "--games", "2", "--nodes", "300", "--out", data]);
    let weights = dir.join("order.txt");
    let weights = weights.to_str().unwrap();
    let fit = |learn: &str| {
        let args = ["fit-order", "--records", data, "--rule", "renju", "--learn", learn];
        let said = gomoku(&[&args[..], &["--steps", "20", "--out", weights]].concat());
        let count = |what: &str| said.split(what).next().unwrap().rsplit(' ').next().unwrap();
        (said.contains("fit-order: 2 games"), count(" choices").parse::<usize>().unwrap())
    };
    let ((black_read, black), (both_read, both)) = (fit("black"), fit("both"));
    assert!(black_read && both_read);
    assert!(both > black && black > 0, "both colours {both}, black {black}");
    let text = std::fs::read_to_string(weights).unwrap();
    assert!(text.contains("--records") && text.contains("--rule renju"), "{text}");
    let fitted = gomoku::ai::policy::PolicyWeights::parse(&text).unwrap();
    assert_ne!(fitted, gomoku::ai::policy::PolicyWeights::neutral());
    let refused = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(["fit-order", "--records", data, "--learn", "first", "--out", weights])
        .output()
        .unwrap();
    assert!(!refused.status.success(), "a record does not say who played first");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The shipped files fitted on the kept games (`lab/data`) are what their recorded commands fit,
/// to the last digit: the command in each file's first line is run again (its outputs sent to a
/// scratch folder) and the two files agree in every line but the comments (which name paths).
#[test]
fn the_shipped_fits_of_the_kept_games_are_their_recorded_commands() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = scratch("refit");
    for file in ["net-freestyle.txt", "net-renju.txt"] {
        let shipped = std::fs::read_to_string(root.join("src/ai/weights").join(file)).unwrap();
        let command = shipped.lines().next().unwrap().split('`').nth(1).expect("a command");
        assert!(command.contains("lab/data/"), "{file} is fitted on kept games: {command}");
        let mut args: Vec<String> = command.split_whitespace().skip(1).map(String::from).collect();
        for flag in ["--out", "--net-out"] {
            if let Some(at) = args.iter().position(|a| a == flag) {
                args[at + 1] = dir.join(format!("{file}{flag}")).display().to_string();
            }
        }
        let output = if command.contains("--net-out") { "--net-out" } else { "--out" };
        let out =
            Command::new(env!("CARGO_BIN_EXE_gomoku")).args(&args).current_dir(&root).output();
        let out = out.unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let refitted = std::fs::read_to_string(dir.join(format!("{file}{output}"))).unwrap();
        let body =
            |text: &str| text.lines().filter(|l| !l.starts_with('#')).map(String::from).collect();
        let (refitted, shipped): (Vec<String>, Vec<String>) = (body(&refitted), body(&shipped));
        assert_eq!(refitted, shipped, "{file}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
