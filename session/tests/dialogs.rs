//! A native dialog waits for the person for as long as they like: the session must keep
//! answering meanwhile. A picker that blocks until the test lets it go stands in for the dialog.

use gomoku::game::SystemClock;
use gomoku::{Color, Mode};
use gomoku_session::picker::FilePicker;
use gomoku_session::session::SessionParts;
use gomoku_session::App;
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod common;
use common::Silent;

/// A dialog that says it is open, then waits until the test answers it.
struct SlowDialog {
    opened: Sender<()>,
    answer: Mutex<Receiver<Option<PathBuf>>>,
}

impl SlowDialog {
    fn wait(&self) -> Option<PathBuf> {
        let _ = self.opened.send(());
        self.answer.lock().unwrap().recv().unwrap_or(None)
    }
}

impl FilePicker for SlowDialog {
    fn save_path(&self, _: &str) -> Option<PathBuf> {
        self.wait()
    }
    fn open_path(&self) -> Option<PathBuf> {
        self.wait()
    }
    fn engine_path(&self) -> Option<PathBuf> {
        self.wait()
    }
}

/// An app whose dialogs block, the channel that says a dialog opened, and the one that answers.
fn app_with_slow_dialogs() -> (App, Receiver<()>, Sender<Option<PathBuf>>) {
    let (opened, dialog_opened) = channel();
    let (answer, answers) = channel();
    let picker = Arc::new(SlowDialog { opened, answer: Mutex::new(answers) });
    let parts = SessionParts {
        storage: None,
        notifier: Arc::new(Silent),
        clock: Arc::new(SystemClock::new()),
    };
    let app = App::new(parts, picker);
    // Two people: no AI move changes the game behind the test's back.
    app.set_mode(Mode::HumanVsHuman, Color::Black).expect("a mode change");
    (app, dialog_opened, answer)
}

/// Runs `command` on another thread and fails if it has not answered within five seconds.
fn answers_in_time<T: Send + 'static>(command: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = channel();
    std::thread::spawn(move || {
        let _ = done.send(command());
    });
    result.recv_timeout(Duration::from_secs(5)).expect("the command waited on the open dialog")
}

#[test]
fn commands_are_answered_while_the_save_dialog_is_open() {
    let (app, dialog_opened, answer) = app_with_slow_dialogs();
    let saving = {
        let app = app.clone();
        std::thread::spawn(move || app.save())
    };
    dialog_opened.recv_timeout(Duration::from_secs(5)).expect("the dialog opened");
    let played = answers_in_time({
        let app = app.clone();
        move || app.play(7, 7)
    });
    assert_eq!(played.expect("a legal move").moves.len(), 1);
    let view = answers_in_time({
        let app = app.clone();
        move || app.view()
    });
    assert_eq!(view.moves.len(), 1);
    let dir = std::env::temp_dir().join(format!("gomoku-dialog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    answer.send(Some(path.clone())).unwrap();
    saving.join().unwrap().expect("saved once the person chose a file");
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written.trim(), "h8", "the game as it stands when the person answers");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cancelled_load_dialog_changes_nothing_and_never_blocked_the_game() {
    let (app, dialog_opened, answer) = app_with_slow_dialogs();
    let loading = {
        let app = app.clone();
        std::thread::spawn(move || app.load())
    };
    dialog_opened.recv_timeout(Duration::from_secs(5)).expect("the dialog opened");
    answers_in_time({
        let app = app.clone();
        move || app.play(7, 7)
    })
    .expect("a legal move");
    answer.send(None).unwrap();
    let error = loading.join().unwrap().unwrap_err();
    assert_eq!(error.kind(), "cancelled");
    assert_eq!(app.view().moves.len(), 1);
}
