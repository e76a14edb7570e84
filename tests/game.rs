//! The game object: moves, results, undo/redo, clocks, settings.

mod common;

use common::{at, game_with, play_all, two_people, TestRng};
use gomoku::game::{HistoryError, PlayError, TimeControl};
use gomoku::{Color, Forbidden, Level, Mode, Outcome, Pos, Rule, Settings};

#[test]
fn black_moves_first_and_turns_alternate() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    assert_eq!(game.side_to_move(), Color::Black);
    play_all(&mut game, "h8 i9");
    assert_eq!(game.side_to_move(), Color::Black);
    assert_eq!(game.step(), 2);
    assert_eq!(game.last_move(), Some((at("i9", 15), Color::White)));
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, "h8");
    let before = game.board().clone();
    assert_eq!(game.play(at("h8", 15)).unwrap_err(), PlayError::Occupied);
    assert_eq!(game.play(Pos::new(15, 3)).unwrap_err(), PlayError::OutOfBoard);
    assert_eq!(game.board(), &before);
    assert_eq!(game.step(), 1);
}

#[test]
fn five_in_a_row_wins_and_ends_the_game() {
    let (mut game, _) = game_with(two_people(Rule::Standard));
    play_all(&mut game, "a1 a2 b1 b2 c1 c2 d1 d2 e1");
    match game.outcome() {
        Outcome::Won { winner, line } => {
            assert_eq!(*winner, Color::Black);
            let expected: Vec<Pos> =
                ["a1", "b1", "c1", "d1", "e1"].iter().map(|m| at(m, 15)).collect();
            assert_eq!(line, &expected);
        }
        other => panic!("expected a win, got {other:?}"),
    }
    assert_eq!(game.play(at("h8", 15)).unwrap_err(), PlayError::GameOver);
}

#[test]
fn standard_rule_overline_does_not_win_but_freestyle_does() {
    let moves = "a1 a2 b1 b2 c1 c2 e1 e2 f1 f2 d1";
    let (mut standard, _) = game_with(two_people(Rule::Standard));
    play_all(&mut standard, moves);
    assert_eq!(standard.outcome(), &Outcome::Playing);
    let (mut free, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut free, moves);
    assert!(
        matches!(free.outcome(), Outcome::Won { winner: Color::Black, line } if line.len() == 6)
    );
}

#[test]
fn renju_refuses_black_double_three_but_white_may_play_there() {
    let (mut game, _) = game_with(two_people(Rule::Renju));
    // Black: h8, i8 (row) and j9, j10 (column); j8 makes two open threes.
    play_all(&mut game, "h8 a1 i8 a3 j9 a5 j10 a7");
    assert_eq!(game.play(at("j8", 15)).unwrap_err(), PlayError::Forbidden(Forbidden::DoubleThree));
    assert!(game.forbidden_points().contains(&(at("j8", 15), Forbidden::DoubleThree)));
    play_all(&mut game, "o15");
    assert!(game.forbidden_points().is_empty(), "no forbidden points when white is to move");
    play_all(&mut game, "j8");
}

#[test]
fn centre_first_option_requires_the_centre() {
    let settings = Settings { centre_first: true, ..two_people(Rule::Freestyle) };
    let (mut game, _) = game_with(settings);
    assert_eq!(game.play(at("a1", 15)).unwrap_err(), PlayError::NotCentre);
    play_all(&mut game, "h8 a1");
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    let settings = Settings { size: 5, ..two_people(Rule::Freestyle) };
    let (mut game, _) = game_with(settings);
    // Columns filled in pairs so no line of five forms: pattern by rows.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"];
    let mut blacks = Vec::new();
    let mut whites = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Pos::new(x as u8, y as u8);
            if c == 'X' {
                blacks.push(p)
            } else {
                whites.push(p)
            }
        }
    }
    // 13 black, 12 white: alternate.
    for i in 0..25 {
        let p = if i % 2 == 0 { blacks[i / 2] } else { whites[i / 2] };
        game.play(p).unwrap();
    }
    assert_eq!(game.outcome(), &Outcome::Draw);
}

#[test]
fn undo_in_human_vs_human_takes_one_ply_and_redo_replays_it() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    assert_eq!(game.undo(), Err(HistoryError::NothingToUndo));
    play_all(&mut game, "h8 i9 j10");
    game.undo().unwrap();
    assert_eq!(game.step(), 2);
    assert!(game.can_redo());
    game.redo().unwrap();
    assert_eq!(game.last_move().map(|m| m.0), Some(at("j10", 15)));
    assert_eq!(game.redo(), Err(HistoryError::NothingToRedo));
}

#[test]
fn undo_in_human_vs_ai_goes_back_to_the_persons_turn() {
    let settings =
        Settings { mode: Mode::HumanVsAi, human_color: Color::Black, ..Settings::default() };
    let (mut game, _) = game_with(settings);
    play_all(&mut game, "h8 i9 h9 i10");
    game.undo().unwrap();
    assert_eq!(game.step(), 2);
    assert_eq!(game.side_to_move(), Color::Black);
    game.redo().unwrap();
    assert_eq!(game.step(), 4, "redo replays the person's and the AI's ply");
    // While the AI is to move, undo takes back the person's move only.
    play_all(&mut game, "h10");
    game.undo().unwrap();
    assert_eq!(game.step(), 4);
}

#[test]
fn undo_when_the_person_plays_white_never_leaves_the_ai_to_move_alone() {
    let settings =
        Settings { mode: Mode::HumanVsAi, human_color: Color::White, ..Settings::default() };
    let (mut game, _) = game_with(settings);
    play_all(&mut game, "h8");
    assert_eq!(game.undo(), Err(HistoryError::NothingToUndo));
    play_all(&mut game, "i9 h9");
    game.undo().unwrap();
    assert_eq!(game.step(), 1);
    assert_eq!(game.side_to_move(), Color::White);
}

#[test]
fn undo_after_a_win_reopens_the_game() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, "a1 a2 b1 b2 c1 c2 d1 d2 e1");
    assert!(!game.is_playing());
    game.undo().unwrap();
    assert!(game.is_playing());
    game.redo().unwrap();
    assert!(!game.is_playing());
}

#[test]
fn a_new_move_clears_redo_unless_it_is_the_next_redo_move() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, "h8 i9 j10 k11");
    game.undo().unwrap();
    game.undo().unwrap();
    play_all(&mut game, "j10");
    assert_eq!(game.redo_stack().len(), 1, "same move as redo keeps the rest");
    game.undo().unwrap();
    play_all(&mut game, "a1");
    assert!(!game.can_redo());
}

#[test]
fn clocks_count_each_sides_thinking_time() {
    let (mut game, clock) = game_with(two_people(Rule::Freestyle));
    clock.advance(1500);
    assert_eq!(game.clock_ms(Color::Black), 0, "an empty board's clock waits for the first stone");
    play_all(&mut game, "h8");
    clock.advance(700);
    assert_eq!(game.clock_ms(Color::White), 700, "the running turn counts");
    play_all(&mut game, "i9");
    clock.advance(200);
    assert_eq!(game.clock_ms(Color::Black), 200);
    assert_eq!(game.clock_ms(Color::White), 700);
    assert_eq!(game.moves()[0].think_ms, 0, "the first stone starts the clocks");
    assert_eq!(game.moves()[1].think_ms, 700);
}

#[test]
fn a_restarted_turn_clock_forgets_the_waiting_time() {
    let (mut game, clock) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, "h8");
    clock.advance(5_000);
    assert_eq!(game.clock_ms(Color::White), 5_000);
    game.restart_turn_clock();
    assert_eq!(game.clock_ms(Color::White), 0);
    clock.advance(300);
    play_all(&mut game, "i9");
    assert_eq!(game.moves()[1].think_ms, 300);
}

#[test]
fn changing_players_keeps_the_position() {
    let (mut game, _) = game_with(two_people(Rule::Renju));
    play_all(&mut game, "h8");
    let mut new = game.settings().clone();
    new.level = Level::Easy;
    new.size = 19;
    new.names.black = "  Ada ".into();
    game.change_players(new).unwrap();
    assert_eq!(game.settings().size, 15);
    assert_eq!(game.settings().names.black, "Ada");
    let mut bad = game.settings().clone();
    bad.names.white = String::new();
    assert!(game.change_players(bad).is_err());
    assert_eq!(game.step(), 1);
}

/// Undo restores the exact board and hash; redo after undo reproduces the same game.
#[test]
fn undo_and_redo_are_exact_inverses_over_random_games() {
    let mut rng = TestRng(42);
    for _ in 0..300 {
        let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][rng.below(3) as usize];
        let (mut game, _) = game_with(two_people(rule));
        let mut snapshots = vec![(game.board().clone(), game.board().hash())];
        while game.is_playing() && game.step() < 120 {
            let p = Pos::new(rng.below(15) as u8, rng.below(15) as u8);
            if game.play(p).is_ok() {
                assert_eq!(game.board().hash(), game.board().recompute_hash());
                snapshots.push((game.board().clone(), game.board().hash()));
            }
        }
        let finished = game.board().clone();
        let outcome = game.outcome().clone();
        while game.undo().is_ok() {
            let (board, hash) = &snapshots[game.step()];
            assert_eq!(game.board(), board);
            assert_eq!(game.board().hash(), *hash);
        }
        assert_eq!(game.board().stone_count(), 0);
        while game.redo().is_ok() {}
        assert_eq!(game.board(), &finished);
        assert_eq!(game.outcome(), &outcome);
    }
}

/// A two-person game under `control`.
fn timed(control: TimeControl) -> (gomoku::Game, gomoku::game::ManualClock) {
    game_with(Settings { time_control: control, ..two_people(Rule::Freestyle) })
}

#[test]
fn fischer_clocks_count_down_add_the_increment_after_each_move_and_the_flag_loses() {
    let (mut game, clock) = timed(TimeControl::Fischer { main_ms: 10_000, increment_ms: 1_000 });
    play_all(&mut game, "h8"); // black's first stone is free
    clock.advance(4_000);
    assert_eq!(game.time_left_ms(Color::White), Some(6_000));
    play_all(&mut game, "i9");
    assert_eq!(game.time_left_ms(Color::White), Some(7_000), "10 − 4 + 1");
    clock.advance(10_999);
    assert!(!game.check_time(), "black still has a millisecond");
    clock.advance(2);
    assert!(game.check_time());
    assert_eq!(game.outcome(), &Outcome::TimeOut { winner: Color::White });
    assert_eq!(game.play(at("h9", 15)), Err(PlayError::GameOver));
}

#[test]
fn a_move_made_after_the_flag_fell_is_refused_and_ends_the_game() {
    let (mut game, clock) = timed(TimeControl::PerMove { move_ms: 2_000 });
    play_all(&mut game, "h8");
    clock.advance(2_001);
    assert_eq!(game.play(at("i9", 15)), Err(PlayError::GameOver));
    assert_eq!(game.outcome(), &Outcome::TimeOut { winner: Color::Black });
    game.undo().unwrap();
    assert!(game.is_playing(), "undo takes the move and the flag back");
}

#[test]
fn byo_yomi_periods_are_consumed_and_reset_and_a_pause_stops_the_clock() {
    let control = TimeControl::ByoYomi { main_ms: 2_000, periods: 2, period_ms: 3_000 };
    let (mut game, clock) = timed(control);
    play_all(&mut game, "h8");
    clock.advance(4_000); // main time and 2 s of the first period
    play_all(&mut game, "i9");
    assert_eq!(game.clock_state(Color::White).periods, 2, "the period is kept");
    play_all(&mut game, "h9");
    clock.advance(4_000); // a period runs out, the move comes in the second
    assert_eq!(game.shown_clock(Color::White), Some((2_000, 1)));
    game.pause(true);
    clock.advance(60_000);
    assert!(!game.check_time(), "paused");
    game.pause(false);
    assert_eq!(game.time_left_ms(Color::White), Some(2_000));
    play_all(&mut game, "i10");
    assert_eq!(game.clock_state(Color::White).periods, 1);
    play_all(&mut game, "h10");
    clock.advance(6_001);
    assert!(game.check_time());
    assert_eq!(game.outcome(), &Outcome::TimeOut { winner: Color::Black });
}

#[test]
fn a_flag_that_only_warns_is_noted_once_and_the_game_goes_on() {
    let settings = Settings {
        time_control: TimeControl::PerMove { move_ms: 1_000 },
        flag_warns: true,
        ..two_people(Rule::Freestyle)
    };
    let (mut game, clock) = game_with(settings);
    play_all(&mut game, "h8");
    clock.advance(5_000);
    assert!(game.check_time());
    assert!(!game.check_time(), "once");
    assert_eq!(game.flags_fallen(), [Color::White]);
    play_all(&mut game, "i9");
    assert!(game.is_playing());
}

#[test]
fn a_time_control_out_of_range_is_refused() {
    let settings = Settings {
        time_control: TimeControl::PerMove { move_ms: 5 },
        ..two_people(Rule::Freestyle)
    };
    let clock = std::sync::Arc::new(gomoku::game::ManualClock::new());
    assert!(gomoku::Game::new(settings, clock).is_err());
}
