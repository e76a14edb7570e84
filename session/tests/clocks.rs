//! Timed games through the app layer: the time control chosen for a new game is kept in the
//! preferences, shown in the view's clocks, saved with the game and resumed from the autosave;
//! the flag falls when the page asks after the time ran out (not before, not while paused).

use gomoku::game::{ManualClock, Names, TimeControl};
use gomoku::{Color, Level, Mode, Rule};
use gomoku_session::error::AppError;
use gomoku_session::session::NewGameSettings;
use gomoku_session::view::StatusView;
use std::sync::Arc;

mod common;
use common::temp_dir;

fn app_in(dir: &std::path::Path, clock: &ManualClock) -> gomoku_session::App {
    common::app_in(dir, Arc::new(clock.clone()))
}

fn settings(mode: Mode, time_control: TimeControl) -> NewGameSettings {
    NewGameSettings {
        size: 15,
        rule: Rule::Freestyle,
        centre_first: false,
        mode,
        human_color: Color::Black,
        level: Level::Easy,
        names: Names { black: "Ann".into(), white: "Bob".into() },
        engine: None,
        opening: Default::default(),
        time_control,
        flag_warns: false,
    }
}

const FIVE_MIN: TimeControl = TimeControl::Fischer { main_ms: 300_000, increment_ms: 5_000 };

#[test]
fn a_timed_game_is_saved_and_resumed_with_its_clocks() {
    let dir = temp_dir("resume");
    let clock = ManualClock::new();
    let app = app_in(&dir, &clock);
    app.new_game(settings(Mode::HumanVsHuman, FIVE_MIN)).unwrap();
    app.play(7, 7).unwrap();
    clock.advance(20_000);
    let view = app.play(8, 8).unwrap();
    let white = view.clocks.white.expect("timed");
    assert_eq!(white.left_ms, 285_000, "5 min − 20 s + 5 s");
    assert_eq!(app.preferences().time_control, FIVE_MIN, "remembered for the next game");
    drop(app);

    let again = app_in(&dir, &clock);
    let resumed = again.resume_autosave().unwrap();
    assert_eq!(resumed.clocks.control, FIVE_MIN);
    assert_eq!(resumed.clocks.white.unwrap().left_ms, 285_000);
    assert_eq!(resumed.moves.len(), 2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_flag_falls_when_asked_after_the_time_ran_out_and_not_while_paused() {
    let dir = temp_dir("flag");
    let clock = ManualClock::new();
    let app = app_in(&dir, &clock);
    assert!(matches!(app.pause_clock(true), Err(AppError::BadSettings(_))), "untimed");
    app.new_game(settings(Mode::HumanVsHuman, TimeControl::PerMove { move_ms: 10_000 })).unwrap();
    app.play(7, 7).unwrap();
    clock.advance(9_000);
    assert!(matches!(app.check_time().status, StatusView::Playing), "a second left");
    assert!(app.pause_clock(true).unwrap().clocks.paused);
    clock.advance(60_000);
    assert!(matches!(app.check_time().status, StatusView::Playing), "paused");
    app.pause_clock(false).unwrap();
    clock.advance(1_001);
    let view = app.check_time();
    assert_eq!(view.status, StatusView::TimeOut { winner: Color::Black });
    assert!(app.play(8, 8).is_err(), "the game is over");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_bad_time_control_is_refused_and_changes_nothing() {
    let dir = temp_dir("bad");
    let clock = ManualClock::new();
    let app = app_in(&dir, &clock);
    app.new_game(settings(Mode::HumanVsHuman, TimeControl::None)).unwrap();
    app.play(7, 7).unwrap();
    let bad = settings(Mode::HumanVsHuman, TimeControl::PerMove { move_ms: 3 });
    assert!(matches!(app.new_game(bad), Err(AppError::BadSettings(_))));
    let view = app.view();
    assert_eq!((view.moves.len(), view.clocks.control), (1, TimeControl::None));
    let _ = std::fs::remove_dir_all(dir);
}
