//! Puzzle mode through the app layer: a game with a missed win becomes a puzzle of the person's
//! own; a wrong move is answered with its refutation and can be retried; right moves are
//! answered until the five; progress is saved and survives a new session; the game in play is
//! kept aside (and stays the autosaved one); game commands wait while a puzzle is open; a
//! corrupt progress file is set aside with a message. The opening explorer counts the person's
//! finished games by their opening and starts games from its openings.

use gomoku::game::{Names, SystemClock};
use gomoku::{Color, Level, Mode, Rule};
use gomoku_session::error::AppError;
use gomoku_session::session::NewGameSettings;
use gomoku_session::view::{GameView, StatusView};
use gomoku_session::App;
use std::path::Path;
use std::sync::Arc;

mod common;
use common::temp_dir;

fn app_in(dir: &Path) -> App {
    common::app_in(dir, Arc::new(SystemClock::new()))
}

fn human_game(app: &App) {
    let names = Names { black: "Ann".into(), white: "Bob".into() };
    let settings = NewGameSettings {
        size: 15,
        rule: Rule::Freestyle,
        centre_first: false,
        mode: Mode::HumanVsHuman,
        human_color: Color::Black,
        level: Level::Easy,
        names,
        engine: None,
        opening: Default::default(),
        time_control: Default::default(),
        flag_warns: false,
    };
    app.new_game(settings).unwrap();
}

/// Black's open three h8 i8 j8 (white around it) at move 7, black plays a1 instead of the open
/// four, white blocks, and white goes on to five on the right edge: a finished game in which
/// black missed a win at move 7.
const MISSED: &[(u8, u8)] = &[
    (7, 7),
    (7, 6),
    (8, 7),
    (9, 6),
    (9, 7),
    (8, 8), // black's open three, black to move
    (0, 0),
    (6, 7), // the miss, and white's block
    (0, 4),
    (14, 0),
    (0, 8),
    (14, 1),
    (0, 12),
    (14, 2),
    (2, 14),
    (14, 3),
    (4, 14),
    (14, 4),
];

fn play_all(app: &App, moves: &[(u8, u8)]) -> GameView {
    let mut view = app.view();
    for &(x, y) in moves {
        view = app.play(x, y).unwrap_or_else(|e| panic!("{x},{y}: {e}"));
    }
    view
}

fn puzzle_status(view: &GameView) -> &'static str {
    view.puzzle.as_ref().expect("a puzzle is open").status
}

#[test]
fn a_missed_win_becomes_a_puzzle_that_is_judged_retried_solved_and_remembered() {
    let dir = temp_dir("own");
    let app = app_in(&dir);
    human_game(&app);
    let finished = play_all(&app, MISSED);
    assert!(matches!(finished.status, StatusView::Won { winner: Color::White, .. }));
    let list = app.find_own_puzzles();
    let mine: Vec<_> = list.entries.iter().filter(|e| e.id.starts_with("mine-")).collect();
    let missed = mine.iter().find(|e| e.attacker == Color::Black).expect("black's miss found");
    assert_eq!(missed.grade, 3);

    // Meanwhile a game is in play; the puzzle keeps it aside and the autosave keeps it.
    human_game(&app);
    play_all(&app, &[(7, 7), (8, 8)]);
    let view = app.open_puzzle(&missed.id).unwrap();
    assert_eq!(view.moves.len(), 6, "the position before the miss");
    assert_eq!(puzzle_status(&view), "playing");
    let autosaved = std::fs::read(dir.join("autosave.json")).unwrap();
    let clock = Arc::new(SystemClock::new());
    let kept = gomoku::record::load_save(&autosaved, clock).unwrap();
    assert_eq!(kept.moves().len(), 2, "the autosave is the game kept aside");
    assert!(matches!(app.play(0, 1), Err(AppError::Puzzle(_))), "play waits for the puzzle");
    assert!(matches!(app.undo(), Err(AppError::Puzzle(_))));

    // A quiet move: wrong, with the defence's answer on the board; retry takes both back.
    let wrong = app.puzzle_move(0, 14).unwrap();
    let p = wrong.puzzle.as_ref().unwrap();
    assert_eq!((p.status, p.miss), ("wrong", Some(gomoku::study::trainer::Miss::NotAThreat)));
    assert_eq!(wrong.moves.len(), 8, "the move and the refutation");
    assert!(matches!(app.puzzle_move(1, 14), Err(AppError::Puzzle(_))), "retry first");
    let back = app.retry_puzzle().unwrap();
    assert_eq!((back.moves.len(), puzzle_status(&back)), (6, "playing"));

    // A four the block ends: refuted by the block.
    let refuted = app.puzzle_move(11, 7).unwrap();
    let p = refuted.puzzle.as_ref().unwrap();
    assert_eq!(p.status, "wrong");
    assert_eq!(p.refutation.map(|r| (r.x, r.y)), Some((10, 7)));
    app.retry_puzzle().unwrap();

    // The open four, then the five.
    let right = app.puzzle_move(6, 7).unwrap();
    assert_eq!((puzzle_status(&right), right.moves.len()), ("playing", 8), "answered");
    assert_eq!(right.puzzle.as_ref().unwrap().moves_left, Some(1));
    let hinted = app.hint().unwrap();
    let five = hinted.puzzle.as_ref().unwrap().hint.expect("a hint");
    let solved = app.puzzle_move(five.x, five.y).unwrap();
    assert_eq!(puzzle_status(&solved), "solved");

    // Closing brings the game back; the progress is on disk and read by a new session.
    let closed = app.close_puzzle().unwrap();
    assert!(closed.puzzle.is_none());
    assert_eq!(closed.moves.len(), 2, "the game kept aside");
    drop(app);
    let again = app_in(&dir);
    again.find_own_puzzles();
    let record = again.puzzles().entries.into_iter().find(|e| e.id == missed.id).unwrap().record;
    assert!(record.solved && !record.clean, "{record:?}");
    assert_eq!(record.failures, 2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn shipped_puzzles_open_and_next_goes_to_an_unsolved_one_of_the_same_grade() {
    let dir = temp_dir("shipped");
    let app = app_in(&dir);
    let list = app.puzzles();
    assert!(list.entries.len() >= 350);
    let first = list.entries.iter().find(|e| e.rule == Rule::Renju).unwrap();
    let view = app.open_puzzle(&first.id).unwrap();
    let p = view.puzzle.as_ref().unwrap();
    assert_eq!((view.rule, p.grade), (Rule::Renju, first.grade));
    let next = app.next_puzzle().unwrap();
    let q = next.puzzle.as_ref().unwrap();
    assert_ne!(q.id, p.id);
    assert_eq!((q.rule, q.grade), (p.rule, p.grade));
    assert!(matches!(app.open_puzzle("renju-99999"), Err(AppError::Puzzle(_))));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_corrupt_progress_file_is_set_aside_and_reported_once() {
    let dir = temp_dir("corrupt");
    std::fs::write(dir.join("puzzles.json"), b"{\"version\": 1, \"puzzles\": [").unwrap();
    let app = app_in(&dir);
    let notice = app.puzzles().notice.expect("reported");
    assert!(notice.contains("set aside"), "{notice}");
    assert!(app.puzzles().notice.is_none(), "once");
    assert!(!dir.join("puzzles.json").exists());
    assert!(std::fs::read_dir(&dir)
        .unwrap()
        .any(|e| { e.unwrap().file_name().to_string_lossy().starts_with("puzzles.json.corrupt") }));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_explorer_counts_finished_games_by_opening_and_starts_a_game_from_one() {
    let dir = temp_dir("explorer");
    let app = app_in(&dir);
    human_game(&app);
    // Kagetsu (black h8, white h9, black i9), then black's diagonal five.
    let kagetsu_five = [(7, 7), (7, 6), (8, 6), (0, 0), (9, 5), (0, 2), (10, 4), (0, 4), (11, 3)];
    let finished = play_all(&app, &kagetsu_five);
    assert!(matches!(finished.status, StatusView::Won { winner: Color::Black, .. }));
    let view = app.explorer(Rule::Freestyle);
    assert_eq!(view.openings.len(), 26);
    let kagetsu = view.openings.iter().find(|o| o.name_ja == "Kagetsu").unwrap();
    assert_eq!((kagetsu.mine.games, kagetsu.mine.black_wins), (1, 1));
    assert!(view.openings.iter().filter(|o| o.mine.games > 0).count() == 1);
    assert!(view.openings.iter().all(|o| o.black_chance.is_some()), "the shipped book");
    assert!(kagetsu.replies.len() >= 2, "white's best replies");
    let renju = app.explorer(Rule::Renju);
    assert!(renju.openings.iter().all(|o| o.mine.games == 0), "a freestyle game is not renju's");

    let study = app.play_opening(kagetsu.index, Rule::Renju, true).unwrap();
    assert_eq!((study.rule, study.mode, study.moves.len()), (Rule::Renju, Mode::HumanVsHuman, 3));
    assert!(matches!(app.play_opening(26, Rule::Renju, true), Err(AppError::BadSettings(_))));
    let _ = std::fs::remove_dir_all(dir);
}
