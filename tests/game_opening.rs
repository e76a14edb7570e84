//! A game played under an opening rule: decisions before moves, the colours they decide, undo
//! through them, and save files that keep them.

mod common;

use common::{game_with, two_people};
use gomoku::game::{ManualClock, Names};
use gomoku::opening::{Decision, OpeningRule, Role};
use gomoku::record::{load_save, save_to_string};
use gomoku::{Color, Mode, PlayError, PlayerKind, Pos, Rule, Settings};
use std::sync::Arc;

fn swap2(mode: Mode, human: Color) -> Settings {
    Settings {
        opening: OpeningRule::Swap2,
        mode,
        human_color: human,
        names: Names { black: "Ann".into(), white: "Bob".into() },
        ..two_people(Rule::Freestyle)
    }
}

fn place(x: u8, y: u8) -> Decision {
    Decision::Place(Pos::new(x, y))
}

#[test]
fn the_opening_comes_first_and_a_swap_exchanges_the_players_colours() {
    let (mut game, _) = game_with(swap2(Mode::HumanVsHuman, Color::Black));
    assert!(game.in_opening());
    assert_eq!(game.play(Pos::new(7, 7)), Err(PlayError::InOpening));
    for d in [place(7, 7), place(8, 8), place(6, 8)] {
        game.decide(d).unwrap();
    }
    assert_eq!(game.board().stone_count(), 3);
    assert_eq!(game.opening_turn(), Some(Role::Responder));
    assert_eq!(game.settings().names.black, "Ann", "the opener is the tentative black");
    game.decide(Decision::TakeBlack).unwrap();
    assert!(!game.in_opening());
    assert_eq!(game.settings().names.black, "Bob", "the responder swapped to black");
    assert_eq!(game.settings().names.white, "Ann");
    assert_eq!(game.side_to_move(), Color::White, "white plays the fourth move");
    game.play(Pos::new(0, 0)).unwrap();
    assert_eq!(game.board().stone(Pos::new(0, 0)), Some(Color::White));
    game.undo().unwrap();
    game.undo().unwrap();
    assert!(game.in_opening(), "undo steps back through the opening's choice");
    assert_eq!(game.settings().names.black, "Ann");
    assert_eq!(game.board().stone_count(), 3);
}

#[test]
fn against_the_ai_the_roles_decide_who_is_to_act() {
    let (mut game, _) = game_with(swap2(Mode::HumanVsAi, Color::Black));
    assert!(!game.is_ai_turn(), "the person opens");
    for d in [place(7, 7), place(8, 8), place(6, 8)] {
        game.decide(d).unwrap();
    }
    assert!(game.is_ai_turn(), "the AI answers");
    assert_eq!(game.kind_of_role(Role::Responder), PlayerKind::Ai);
    game.decide(Decision::TakeBlack).unwrap();
    // The AI took black: the person plays white now, and it is white's move.
    assert_eq!(game.settings().human_color, Color::White);
    assert!(!game.is_ai_turn());
    // Undo in human-vs-AI goes back to the person's last decision.
    game.undo().unwrap();
    assert!(game.in_opening());
    assert!(!game.is_ai_turn());
    assert_eq!(game.board().stone_count(), 2, "back to the person's third stone");
}

#[test]
fn saves_keep_the_opening_and_its_choices() {
    let (mut game, _) = game_with(swap2(Mode::HumanVsHuman, Color::Black));
    for d in [place(7, 7), place(8, 8), place(6, 8), place(9, 9), place(5, 9)] {
        game.decide(d).unwrap();
    }
    let mid = save_to_string(&game);
    let loaded = load_save(mid.as_bytes(), Arc::new(ManualClock::new())).unwrap();
    assert!(loaded.in_opening());
    assert_eq!(loaded.opening_turn(), Some(Role::Opener), "the opener chooses a colour");
    assert_eq!(save_to_string(&loaded), mid);

    game.decide(Decision::TakeWhite).unwrap();
    game.play(Pos::new(0, 0)).unwrap();
    let text = save_to_string(&game);
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["settings"]["opening"], "swap2");
    assert_eq!(value["opening"][5], "white");
    let loaded = load_save(text.as_bytes(), Arc::new(ManualClock::new())).unwrap();
    assert_eq!(loaded.board(), game.board());
    assert_eq!(loaded.settings(), game.settings());
    assert_eq!(loaded.side_to_move(), Color::Black);
    let mut bad = value;
    bad["opening"][1] = "place 7,7".into();
    assert!(load_save(bad.to_string().as_bytes(), Arc::new(ManualClock::new())).is_err());
}

#[test]
fn a_variation_and_a_move_string_keep_the_opening() {
    let (mut game, _) = game_with(swap2(Mode::HumanVsHuman, Color::Black));
    for d in [place(7, 7), place(8, 8), place(6, 8), Decision::TakeWhite] {
        game.decide(d).unwrap();
    }
    for p in [(0, 0), (1, 1), (2, 2)] {
        game.play(Pos::new(p.0, p.1)).unwrap();
    }
    game.undo_one().unwrap();
    game.undo_one().unwrap();
    game.play(Pos::new(14, 14)).unwrap();
    assert_eq!(game.variation().unwrap().moves.len(), 2);
    game.restore_variation().unwrap();
    assert_eq!(game.moves().len(), 3, "the variation came back after the opening");
    assert_eq!(game.board().stone_count(), 6);
    let text = gomoku::record::position_string(&game).unwrap();
    assert_eq!(text, "h8i7g7a15b14c13", "the opening's stones first, then the moves");
    let saved = save_to_string(&game);
    let loaded = load_save(saved.as_bytes(), Arc::new(ManualClock::new())).unwrap();
    assert_eq!(loaded.variation(), game.variation());
}
