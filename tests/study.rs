//! Studying a game: positions set up by hand, the variation a divergent move keeps, the save
//! format's version 3 (version 1 and 2 files still loading), and the evaluation graph.

mod common;

use common::{at, game_with, play_all, two_people};
use gomoku::ai::{Engine, Limits};
use gomoku::game::{
    mistakes, proof_flags, HistoryError, ManualClock, ProofFlag, Setup, SetupError,
};
use gomoku::record::{import_moves, load_save, position_string, save_to_string, RecordError};
use gomoku::study::graph::evaluate_line;
use gomoku::{Color, Forbidden, Game, Outcome, Rule};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn stones(list: &[(&str, Color)]) -> Vec<(gomoku::Pos, Color)> {
    list.iter().map(|&(p, c)| (at(p, 15), c)).collect()
}

fn setup(list: &[(&str, Color)], to_move: Color) -> Setup {
    Setup { stones: stones(list), to_move }
}

use Color::{Black as B, White as W};

#[test]
fn a_set_up_position_is_played_from_with_the_chosen_side_to_move() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    game.set_up(setup(&[("h8", B), ("i9", W), ("j10", B)], W)).unwrap();
    assert_eq!(game.side_to_move(), W);
    assert_eq!(game.board().stone_count(), 3);
    game.play(at("a1", 15)).unwrap();
    assert_eq!(game.board().stone(at("a1", 15)), Some(W));
    assert_eq!(game.last_move(), Some((at("a1", 15), W)));
    assert_eq!(game.side_to_move(), B);
    game.undo().unwrap();
    assert_eq!(game.board().stone_count(), 3, "undo stops at the set-up position");
    assert!(!game.can_undo());
}

#[test]
fn unplayable_positions_are_refused_with_the_reason_and_change_nothing() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, "h8 i9");
    let five = setup(
        &[
            ("a1", B),
            ("b1", B),
            ("c1", B),
            ("d1", B),
            ("e1", B),
            ("a3", W),
            ("b3", W),
            ("c3", W),
            ("d3", W),
        ],
        W,
    );
    assert_eq!(game.set_up(five), Err(SetupError::FiveOnBoard(B)));
    let counts = setup(&[("a1", B), ("b1", B), ("c1", B)], W);
    assert_eq!(game.set_up(counts), Err(SetupError::StoneCounts { black: 3, white: 0 }));
    let twice = setup(&[("a1", B), ("a1", W)], B);
    assert_eq!(game.set_up(twice), Err(SetupError::Occupied(at("a1", 15))));
    assert_eq!(game.moves().len(), 2, "the game in play is untouched");

    let (mut renju, _) = game_with(two_people(Rule::Renju));
    // h8 completes two open threes (h6 h7 h8 and f8 g8 h8): a black stone there is forbidden.
    let double_three = setup(
        &[
            ("h6", B),
            ("h7", B),
            ("h8", B),
            ("f8", B),
            ("g8", B),
            ("a1", W),
            ("a3", W),
            ("a5", W),
            ("a7", W),
        ],
        W,
    );
    assert!(matches!(
        renju.set_up(double_three),
        Err(SetupError::ForbiddenStone(_, Forbidden::DoubleThree))
    ));
    let fine = setup(&[("h6", B), ("h7", B), ("h8", B), ("a1", W), ("a3", W)], W);
    assert_eq!(renju.set_up(fine), Ok(()));
}

#[test]
fn a_divergent_move_keeps_the_dropped_line_as_a_variation_that_can_be_restored() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, "h8 i9 h9 h10 j8");
    for _ in 0..3 {
        game.undo_one().unwrap();
    }
    play_all(&mut game, "a1");
    let variation = game.variation().expect("kept").clone();
    assert_eq!(variation.from_ply, 2);
    let dropped: Vec<_> = variation.moves.iter().map(|m| m.pos).collect();
    assert_eq!(dropped, vec![at("h9", 15), at("h10", 15), at("j8", 15)]);
    assert!(!game.can_redo());

    game.restore_variation().unwrap();
    let line: Vec<_> = game.moves().iter().map(|m| m.pos).collect();
    assert_eq!(line, ["h8", "i9", "h9", "h10", "j8"].map(|m| at(m, 15)).to_vec());
    let swapped = game.variation().expect("the other line is kept");
    assert_eq!(swapped.moves.iter().map(|m| m.pos).collect::<Vec<_>>(), vec![at("a1", 15)]);
    game.restore_variation().unwrap();
    assert_eq!(game.moves().len(), 3);
    assert_eq!(game.moves()[2].pos, at("a1", 15));

    let (mut plain, _) = game_with(two_people(Rule::Freestyle));
    assert_eq!(plain.restore_variation(), Err(HistoryError::NoVariation));
}

#[test]
fn version_two_saves_keep_the_setup_the_variation_and_the_evaluations() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    game.set_up(setup(&[("h8", B), ("i9", W), ("j10", B)], W)).unwrap();
    play_all(&mut game, "g7 k11 f6");
    game.undo_one().unwrap();
    play_all(&mut game, "a1");
    let mut engine = Engine::new(4, 1);
    let evals = evaluate_line(
        &mut engine,
        &game,
        0,
        Limits::depth(2),
        &AtomicBool::new(false),
        &mut |_, _| {},
    );
    game.set_evaluations(evals.clone());

    let text = save_to_string(&game);
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["version"], 3);
    assert_eq!(value["setup"]["toMove"], "white");
    assert_eq!(value["variation"]["fromPly"], 2);
    let loaded = load_save(text.as_bytes(), Arc::new(ManualClock::new())).unwrap();
    assert_eq!(loaded.setup(), game.setup());
    assert_eq!(loaded.variation(), game.variation());
    assert_eq!(loaded.evaluations(), &evals[..]);
    assert_eq!(loaded.board(), game.board());
    assert_eq!(save_to_string(&loaded), text, "a loaded v2 save writes back byte for byte");

    let mut bad: serde_json::Value = value.clone();
    bad["setup"]["stones"][1]["at"] = "h8".into();
    let err = load_save(bad.to_string().as_bytes(), Arc::new(ManualClock::new())).unwrap_err();
    assert!(matches!(err, RecordError::BadSetup(_)), "{err}");
    let mut bad = value;
    bad["variation"]["moves"][0]["at"] = "h8".into();
    let err = load_save(bad.to_string().as_bytes(), Arc::new(ManualClock::new())).unwrap_err();
    assert!(matches!(err, RecordError::BadMove { at_move: 3, .. }), "{err}");
}

#[test]
fn version_one_files_still_load() {
    let v1 = r#"{
      "format": "gomoku-save", "version": 1,
      "settings": { "size": 15, "rule": "freestyle", "centreFirst": false, "mode": "humanVsHuman",
                    "humanColor": "black", "level": "hard", "names": { "black": "A", "white": "B" } },
      "players": { "black": { "name": "A", "kind": "human" }, "white": { "name": "B", "kind": "human" } },
      "moves": [ { "at": "h8", "ms": 0 }, { "at": "i9", "ms": 50 } ],
      "redo": [ { "at": "j10", "ms": 70 } ],
      "clocks": { "blackMs": 0, "whiteMs": 50 },
      "startedAt": 1, "updatedAt": 2
    }"#;
    let game = load_save(v1.as_bytes(), Arc::new(ManualClock::new())).unwrap();
    assert_eq!(game.moves().len(), 2);
    assert_eq!(game.redo_stack().len(), 1);
    assert!(game.setup().is_none() && game.variation().is_none() && game.evaluations().is_empty());
    let resaved: serde_json::Value = serde_json::from_str(&save_to_string(&game)).unwrap();
    assert_eq!(resaved["version"], 3);
    assert!(resaved.get("setup").is_none());
}

#[test]
fn a_set_up_position_copies_as_a_move_string_that_loads_back() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    game.set_up(setup(&[("h8", B), ("i9", W), ("j10", B), ("k3", W)], B)).unwrap();
    play_all(&mut game, "a1");
    let text = position_string(&game).unwrap();
    assert_eq!(text, "h8i9j10k3a1");
    let loaded =
        import_moves(text.as_bytes(), game.settings().clone(), Arc::new(ManualClock::new()))
            .unwrap();
    assert_eq!(loaded.board(), game.board());
    assert_eq!(loaded.side_to_move(), game.side_to_move());

    let mut odd = Game::new(two_people(Rule::Freestyle), Arc::new(ManualClock::new())).unwrap();
    odd.set_up(setup(&[("h8", B), ("i9", W)], W)).unwrap();
    assert!(matches!(position_string(&odd), Err(RecordError::BadSetup(_))));
}

#[test]
fn the_graph_sees_a_won_game_and_marks_the_move_that_threw_it() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    // Black builds an open four; white plays elsewhere instead of blocking (move 8: a1).
    play_all(&mut game, "h8 a15 i8 o15 j8 o1 k8 a1 l8");
    assert!(matches!(game.outcome(), Outcome::Won { winner: B, .. }));
    let mut engine = Engine::new(4, 1);
    let mut seen = Vec::new();
    let evals = evaluate_line(
        &mut engine,
        &game,
        0,
        Limits::depth(4),
        &AtomicBool::new(false),
        &mut |ply, _| seen.push(ply),
    );
    assert_eq!(evals.len(), 10);
    assert_eq!(seen, (0..=9).collect::<Vec<_>>());
    assert!(evals[9].capped() > 0 && evals[9].mate == Some(0), "the end: black has five");
    assert!(
        evals[7].mate.is_some_and(|m| m > 0),
        "after k8 black's open four wins: {:?}",
        evals[7]
    );
    let worst = mistakes(&evals, |ply| game.color_at(ply - 1), 3);
    assert!(worst.contains(&4) || worst.contains(&6), "white let the three grow: {worst:?}");
    assert!(worst.iter().all(|&ply| game.color_at(ply - 1) == W), "black never erred: {worst:?}");
}

/// White lets black's row three h8 i8 j8 stand open (its stones above and below close everything
/// else): black to move at ply 6 wins in 2 (an open four, then five).
const BLACK_CAN_WIN: &str = "h8 h9 i8 j9 j8 i7";

fn graph_of(game: &Game) -> Vec<gomoku::game::Evaluation> {
    let mut engine = Engine::new(8, 1);
    let never = AtomicBool::new(false);
    evaluate_line(&mut engine, game, 0, Limits::depth(4), &never, &mut |_, _| {})
}

#[test]
fn the_proof_pass_flags_a_missed_vcf_and_draws_its_line() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, BLACK_CAN_WIN);
    // Black plays far away; white closes the three at k8.
    play_all(&mut game, "o1 k8");
    let evals = graph_of(&game);
    let win = evals[6].win.as_ref().expect("black to move at ply 6 has a proven win");
    assert!(win.by_fours && win.moves == 2, "{win:?}");
    assert!([at("g8", 15), at("k8", 15)].contains(&win.line[0]), "an open four: {win:?}");
    assert_eq!(win.line.len(), 3, "four, block, five: {win:?}");
    let flags = proof_flags(&evals, &game.line(), |ply| game.color_at(ply - 1));
    assert!(flags.contains(&(7, ProofFlag::MissedWin { moves: 2 })), "{flags:?}");
    assert!(evals[8].win.is_none(), "once closed, the three wins nothing: {:?}", evals[8]);
    assert!(flags.iter().all(|&(ply, _)| ply != 8), "white's block is no mistake: {flags:?}");
}

#[test]
fn the_move_that_keeps_the_win_is_not_flagged() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, BLACK_CAN_WIN);
    let first = graph_of(&game)[6].win.as_ref().expect("a proven win").line[0];
    game.play(first).unwrap();
    play_all(&mut game, "a15");
    let evals = graph_of(&game);
    let flags = proof_flags(&evals, &game.line(), |ply| game.color_at(ply - 1));
    assert!(flags.iter().all(|&(ply, _)| ply != 7), "the proof's own move: {flags:?}");
    assert!(evals[8].win.as_ref().is_some_and(|w| w.moves == 1), "a five at once: {:?}", evals[8]);
}

#[test]
fn a_saved_proof_reads_back_and_a_hostile_one_is_refused() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, BLACK_CAN_WIN);
    let evals = graph_of(&game);
    game.set_evaluations(evals.clone());
    let text = save_to_string(&game);
    let loaded = load_save(text.as_bytes(), Arc::new(ManualClock::new())).unwrap();
    assert_eq!(loaded.evaluations(), &evals[..]);
    let hostile = text.replacen("\"fours\": true", "\"fours\": true, \"junk\": 1", 1);
    assert!(
        load_save(hostile.as_bytes(), Arc::new(ManualClock::new())).is_ok(),
        "extra keys are ignored"
    );
    let off_board = text.replacen("\"line\": [\n", "\"line\": [\n\"z99\",\n", 1);
    assert!(matches!(
        load_save(off_board.as_bytes(), Arc::new(ManualClock::new())),
        Err(RecordError::BadSetup(_))
    ));
}
