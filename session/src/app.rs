//! The app layer's front: one method per thing the page can ask, so each of the shell's commands
//! is a line. It owns the shared [`Session`] and the [`FilePicker`]; a method that opens a
//! dialog asks the person **before** it takes the session's lock and writes the file after it
//! let go, so nothing else (the AI's move, a clock, another command) waits on the person.

use crate::ai_job::{request_hint, request_move, start_ai_if_due};
use crate::engines::{choose_and_probe, EngineView};
use crate::error::{AppError, AppResult};
use crate::explorer::ExplorerView;
use crate::jobs::lock;
use crate::own_puzzles;
use crate::picker::FilePicker;
use crate::prefs::Preferences;
use crate::puzzles::PuzzleList;
use crate::session::check_png;
use crate::session::{Boot, NewGameSettings, Session, SessionParts, SharedSession, StartupInfo};
use crate::storage::{read_limited, write_atomically};
use crate::study_jobs::{request_analysis, request_graph};
use crate::view::{GameView, StoneView};
use gomoku::ai::ProofLimits;
use gomoku::game::Names;
use gomoku::record::MAX_SAVE_BYTES;
use gomoku::study::trainer::judge;
use gomoku::{Color, Level, Mode, Rule};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// The session and the file picker, shared by every command (cheap to clone).
#[derive(Clone)]
pub struct App {
    shared: SharedSession,
    picker: Arc<dyn FilePicker>,
}

impl App {
    /// The app over a new session made of `parts`, with `picker` choosing files.
    pub fn new(parts: SessionParts, picker: Arc<dyn FilePicker>) -> App {
        App::with_session(Session::new(parts), picker)
    }

    /// The app over an existing session (tests that set timings first).
    pub fn with_session(session: Session, picker: Arc<dyn FilePicker>) -> App {
        App { shared: Arc::new(Mutex::new(session)), picker }
    }

    /// The shared session itself (jobs and tests).
    pub fn shared(&self) -> &SharedSession {
        &self.shared
    }

    /// Runs a change on the session, then starts the AI if it is due.
    fn change(&self, f: impl FnOnce(&mut Session) -> AppResult<GameView>) -> AppResult<GameView> {
        let view = f(&mut lock(&self.shared))?;
        start_ai_if_due(&self.shared);
        Ok(view)
    }

    /// [`App::change`] for a command on the game in play, refused during a puzzle.
    fn game_change(
        &self,
        f: impl FnOnce(&mut Session) -> AppResult<GameView>,
    ) -> AppResult<GameView> {
        self.change(|s| {
            s.not_in_puzzle()?;
            f(s)
        })
    }

    /// Refuses a search command during a puzzle.
    fn check_not_in_puzzle(&self) -> AppResult<()> {
        lock(&self.shared).not_in_puzzle()
    }

    /// The current game.
    pub fn view(&self) -> GameView {
        lock(&self.shared).view()
    }

    /// Starts a new game (see [`Session::new_game`]).
    ///
    /// # Errors
    /// As [`Session::new_game`].
    pub fn new_game(&self, settings: NewGameSettings) -> AppResult<GameView> {
        self.change(|s| s.new_game(settings))
    }

    /// A person plays `(x, y)`.
    ///
    /// # Errors
    /// As [`Session::play`].
    pub fn play(&self, x: u8, y: u8) -> AppResult<GameView> {
        self.game_change(|s| s.play(x, y))
    }

    /// Takes back moves.
    ///
    /// # Errors
    /// `nothingToUndo`.
    pub fn undo(&self) -> AppResult<GameView> {
        self.game_change(Session::undo)
    }

    /// Replays undone moves.
    ///
    /// # Errors
    /// `nothingToRedo`.
    pub fn redo(&self) -> AppResult<GameView> {
        self.game_change(Session::redo)
    }

    /// Lets the AI (or the chosen engine) move for the side to move.
    ///
    /// # Errors
    /// `aiThinking`, `gameOver`.
    pub fn ai_move(&self) -> AppResult<GameView> {
        self.check_not_in_puzzle()?;
        request_move(&self.shared)
    }

    /// Searches a hint for the side to move.
    ///
    /// # Errors
    /// `aiThinking`, `gameOver`.
    pub fn hint(&self) -> AppResult<GameView> {
        if lock(&self.shared).in_puzzle() {
            return self.puzzle_hint();
        }
        request_hint(&self.shared)
    }

    /// Stops the running search.
    pub fn stop_thinking(&self) -> GameView {
        lock(&self.shared).stop_thinking()
    }

    /// Renames the people.
    ///
    /// # Errors
    /// `badSettings` for an empty or too long name.
    pub fn set_names(&self, names: Names) -> AppResult<GameView> {
        self.change(|s| s.set_names(names))
    }

    /// Changes the AI level.
    ///
    /// # Errors
    /// As [`Session::set_level`].
    pub fn set_level(&self, level: Level) -> AppResult<GameView> {
        self.change(|s| s.set_level(level))
    }

    /// Changes the mode (and the person's colour) of the running game.
    ///
    /// # Errors
    /// As [`Session::set_mode`].
    pub fn set_mode(&self, mode: Mode, human_color: Color) -> AppResult<GameView> {
        self.game_change(|s| s.set_mode(mode, human_color))
    }

    /// Saves where the person chooses, in the format the chosen name's extension names.
    ///
    /// # Errors
    /// `cancelled`, `badRecord` when that format cannot hold the game, `io` when writing fails
    /// (the old file stays).
    pub fn save(&self) -> AppResult<GameView> {
        let path = self.picker.save_path("gomoku.json").ok_or(AppError::Cancelled)?;
        let (text, view) = {
            let session = lock(&self.shared);
            (session.record_text(&path)?, session.view())
        };
        write_atomically(&path, text.as_bytes())?;
        Ok(view)
    }

    /// Loads a record the person chooses. Nothing changes on any error.
    ///
    /// # Errors
    /// `cancelled`, `io`, or `badRecord` naming the move and the reason.
    pub fn load(&self) -> AppResult<GameView> {
        let path = self.picker.open_path().ok_or(AppError::Cancelled)?;
        let bytes = read_limited(&path, MAX_SAVE_BYTES)?
            .ok_or_else(|| AppError::Io(format!("{} not found", path.display())))?;
        self.change(|s| {
            let game = s.parse_record(&path.to_string_lossy(), &bytes)?;
            Ok(s.replace_game(game))
        })
    }

    /// Writes the page's picture of the board where the person chooses.
    ///
    /// # Errors
    /// `io` when the bytes are not a PNG picture or writing fails, `cancelled`.
    pub fn export_png(&self, png: &[u8]) -> AppResult<()> {
        check_png(png)?;
        let path = self.picker.image_path("gomoku.png").ok_or(AppError::Cancelled)?;
        Ok(write_atomically(&path, png)?)
    }

    /// Resumes the autosaved game.
    ///
    /// # Errors
    /// `noAutosave`.
    pub fn resume_autosave(&self) -> AppResult<GameView> {
        self.change(Session::resume_autosave)
    }

    /// Forgets the autosaved game.
    pub fn discard_autosave(&self) -> GameView {
        lock(&self.shared).discard_autosave()
    }

    /// The preferences.
    pub fn preferences(&self) -> Preferences {
        lock(&self.shared).preferences()
    }

    /// Replaces the preferences.
    ///
    /// # Errors
    /// `badSettings`; nothing changes then.
    pub fn set_preferences(&self, preferences: Preferences) -> AppResult<Preferences> {
        lock(&self.shared).set_preferences(preferences)
    }

    /// Whether a game can be resumed, and start-up warnings (each reported once).
    pub fn startup_info(&self) -> StartupInfo {
        lock(&self.shared).startup_info()
    }

    /// The page's first frame in one answer (see [`Boot`]); the warnings are reported once.
    pub fn boot(&self) -> Boot {
        let mut session = lock(&self.shared);
        let startup = session.startup_info();
        let view = (!startup.resumable).then(|| session.view());
        Boot { preferences: session.preferences(), startup, view }
    }

    /// The external engines the person added.
    pub fn engines(&self) -> Vec<EngineView> {
        lock(&self.shared).engine_list()
    }

    /// Adds the engine program the person chooses (with `args`), once it answers the probe —
    /// both done before the session is locked.
    ///
    /// # Errors
    /// `cancelled`, `engine` with the probe's reason, `io` if it cannot be stored.
    pub fn add_engine(&self, args: &str) -> AppResult<Vec<EngineView>> {
        let (command, report) = choose_and_probe(self.picker.as_ref(), args)?;
        lock(&self.shared).add_engine(command, report)
    }

    /// Renames an engine and sets its time per move.
    ///
    /// # Errors
    /// `engine` for an unknown id or a bad name or time.
    pub fn edit_engine(&self, id: &str, name: &str, move_ms: u32) -> AppResult<Vec<EngineView>> {
        lock(&self.shared).edit_engine(id, name, move_ms)
    }

    /// Removes an engine.
    ///
    /// # Errors
    /// `engine` for an unknown id.
    pub fn remove_engine(&self, id: &str) -> AppResult<Vec<EngineView>> {
        lock(&self.shared).remove_engine(id)
    }

    /// Chooses an external engine (by id) or, with `None`, the built-in AI.
    ///
    /// # Errors
    /// As [`Session::set_opponent`].
    pub fn set_opponent(&self, engine: Option<&str>) -> AppResult<GameView> {
        self.game_change(|s| s.set_opponent(engine))
    }

    /// Review on or off: while on, the AI does not move by itself.
    pub fn set_review(&self, on: bool) -> GameView {
        let view = lock(&self.shared).set_review(on);
        if !on {
            start_ai_if_due(&self.shared);
        }
        view
    }

    /// Plays `(x, y)` after the first `ply` moves; the later moves are kept as a variation.
    ///
    /// # Errors
    /// As [`Session::play_from`].
    pub fn play_from(&self, ply: usize, x: u8, y: u8) -> AppResult<GameView> {
        self.game_change(|s| s.play_from(ply, x, y))
    }

    /// Swaps the line with the kept variation.
    ///
    /// # Errors
    /// `noVariation`.
    pub fn restore_variation(&self) -> AppResult<GameView> {
        self.game_change(Session::restore_variation)
    }

    /// Analysis mode: the `lines` best moves of the position after `ply` moves, until stopped.
    ///
    /// # Errors
    /// As [`request_analysis`].
    pub fn analyze(&self, ply: usize, lines: usize) -> AppResult<GameView> {
        self.check_not_in_puzzle()?;
        request_analysis(&self.shared, ply, lines)
    }

    /// Computes the evaluation graph of the game's line.
    ///
    /// # Errors
    /// As [`request_graph`].
    pub fn evaluate_game(&self) -> AppResult<GameView> {
        self.check_not_in_puzzle()?;
        request_graph(&self.shared)
    }

    /// Starts from a position set up in the editor.
    ///
    /// # Errors
    /// As [`Session::set_position`].
    pub fn set_position(&self, stones: &[StoneView], to_move: Color) -> AppResult<GameView> {
        self.game_change(|s| s.set_position(stones, to_move))
    }

    /// The position as a move string, for the clipboard.
    ///
    /// # Errors
    /// `badRecord` when the position is no sequence of moves.
    pub fn export_text(&self) -> AppResult<String> {
        lock(&self.shared).export_text()
    }

    /// Opens a game from text: pasted, or the contents of a file called `name` dropped on the
    /// window.
    ///
    /// # Errors
    /// `badRecord`; nothing changes then.
    pub fn import_text(&self, text: &str, name: &str) -> AppResult<GameView> {
        self.change(|s| {
            let game = s.read_text(text, name)?;
            Ok(s.replace_game(game))
        })
    }

    /// A person's opening decision: `place x,y`, `black`, `white`, `offer x,y x,y`, `keep x,y`.
    ///
    /// # Errors
    /// As [`Session::decide`].
    pub fn decide(&self, decision: &str) -> AppResult<GameView> {
        self.game_change(|s| s.decide(decision))
    }

    /// Lets the flag fall if the side to move's time ran out (the page asks when its clock
    /// reaches zero).
    pub fn check_time(&self) -> GameView {
        let view = lock(&self.shared).check_time();
        start_ai_if_due(&self.shared);
        view
    }

    /// Pauses or restarts the clocks of a timed game with a person in it.
    ///
    /// # Errors
    /// As [`Session::pause_clock`].
    pub fn pause_clock(&self, on: bool) -> AppResult<GameView> {
        self.change(|s| s.pause_clock(on))
    }

    /// Every puzzle with the person's progress.
    pub fn puzzles(&self) -> PuzzleList {
        lock(&self.shared).puzzles()
    }

    /// Opens puzzle `id` (the game in play is kept aside until the puzzle is closed).
    ///
    /// # Errors
    /// As [`Session::open_puzzle`].
    pub fn open_puzzle(&self, id: &str) -> AppResult<GameView> {
        lock(&self.shared).open_puzzle(id)
    }

    /// The person's move in the puzzle: on the board at once, then judged without the lock
    /// (the page is told when the stone is down); the defence's reply is on the board when this
    /// returns.
    ///
    /// # Errors
    /// As [`Session::begin_puzzle_move`].
    pub fn puzzle_move(&self, x: u8, y: u8) -> AppResult<GameView> {
        let pending = {
            let mut session = lock(&self.shared);
            let pending = session.begin_puzzle_move(x, y)?;
            session.notifier().view(&session.view());
            pending
        };
        let never = AtomicBool::new(false);
        let p = &pending;
        let verdict = judge(&p.board, p.rule, p.attacker, p.m, ProofLimits::default(), &never);
        Ok(lock(&self.shared).end_puzzle_move(&pending, verdict))
    }

    /// Takes a wrong move back.
    ///
    /// # Errors
    /// As [`Session::retry_puzzle`].
    pub fn retry_puzzle(&self) -> AppResult<GameView> {
        lock(&self.shared).retry_puzzle()
    }

    /// Shows the next winning move of the puzzle.
    ///
    /// # Errors
    /// As [`Session::puzzle_hint`].
    pub fn puzzle_hint(&self) -> AppResult<GameView> {
        lock(&self.shared).puzzle_hint()
    }

    /// Opens the next unsolved puzzle of the same rule and grade.
    ///
    /// # Errors
    /// As [`Session::next_puzzle`].
    pub fn next_puzzle(&self) -> AppResult<GameView> {
        lock(&self.shared).next_puzzle()
    }

    /// Closes the puzzle; the game kept aside comes back.
    ///
    /// # Errors
    /// As [`Session::close_puzzle`].
    pub fn close_puzzle(&self) -> AppResult<GameView> {
        self.change(Session::close_puzzle)
    }

    /// Looks for puzzles in the person's kept games and autosave (without the lock: a few
    /// seconds for hundreds of games) and lists every puzzle with them.
    pub fn find_own_puzzles(&self) -> PuzzleList {
        let (files, clock) = {
            let session = lock(&self.shared);
            (session.own_game_files(), session.clock())
        };
        let found = own_puzzles::find(&files, clock, &AtomicBool::new(false));
        lock(&self.shared).set_own_puzzles(found)
    }

    /// The opening explorer under `rule`, with the person's results from the kept games.
    pub fn explorer(&self, rule: Rule) -> ExplorerView {
        lock(&self.shared).explorer(rule)
    }

    /// A new game from explorer opening `index` under `rule` (`study`: between two people, for
    /// analysis; else as the preferences say, against the AI).
    ///
    /// # Errors
    /// As [`Session::play_opening`].
    pub fn play_opening(&self, index: usize, rule: Rule, study: bool) -> AppResult<GameView> {
        self.change(|s| s.play_opening(index, rule, study))
    }

    /// Ends every search and external engine (the app is closing).
    pub fn shut_down(&self) {
        lock(&self.shared).cancel_and_release_engines();
    }
}
