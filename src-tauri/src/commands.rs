//! The commands the page may call: each a few lines over the session (see `docs/ipc.md`).

use crate::ai_job::{lock, request_hint, request_move, start_ai_if_due};
use crate::engines::{choose_and_probe, EngineView};
use crate::error::{AppError, AppResult};
use crate::prefs::Preferences;
use crate::session::{NewGameSettings, SharedSession, StartupInfo};
use crate::study_jobs::{request_analysis, request_graph};
use crate::view::{GameView, StoneView};
use gomoku::game::Names;
use gomoku::{Color, Level, Mode};
use tauri::State;

/// Runs a change on the session, then starts the AI if it is due.
fn change(
    shared: &SharedSession,
    f: impl FnOnce(&mut crate::session::Session) -> AppResult<GameView>,
) -> AppResult<GameView> {
    let view = f(&mut lock(shared))?;
    start_ai_if_due(shared);
    Ok(view)
}

/// The current game.
#[tauri::command]
pub fn get_view(state: State<'_, SharedSession>) -> GameView {
    lock(&state).view()
}

/// Starts a new game.
#[tauri::command]
pub fn new_game(state: State<'_, SharedSession>, settings: NewGameSettings) -> AppResult<GameView> {
    change(&state, |s| s.new_game(settings))
}

/// A person plays at `(x, y)`.
#[tauri::command]
pub fn play(state: State<'_, SharedSession>, x: u8, y: u8) -> AppResult<GameView> {
    change(&state, |s| s.play(x, y))
}

/// Takes back moves.
#[tauri::command]
pub fn undo(state: State<'_, SharedSession>) -> AppResult<GameView> {
    change(&state, |s| s.undo())
}

/// Replays undone moves.
#[tauri::command]
pub fn redo(state: State<'_, SharedSession>) -> AppResult<GameView> {
    change(&state, |s| s.redo())
}

/// Lets the AI move for the side to move.
#[tauri::command]
pub fn ai_move(state: State<'_, SharedSession>) -> AppResult<GameView> {
    request_move(&state)
}

/// Searches a hint for the side to move.
#[tauri::command]
pub fn hint(state: State<'_, SharedSession>) -> AppResult<GameView> {
    request_hint(&state)
}

/// Stops the running search.
#[tauri::command]
pub fn stop_thinking(state: State<'_, SharedSession>) -> GameView {
    lock(&state).stop_thinking()
}

/// Renames the people.
#[tauri::command]
pub fn set_names(state: State<'_, SharedSession>, names: Names) -> AppResult<GameView> {
    change(&state, |s| s.set_names(names))
}

/// Changes the AI level.
#[tauri::command]
pub fn set_level(state: State<'_, SharedSession>, level: Level) -> AppResult<GameView> {
    change(&state, |s| s.set_level(level))
}

/// Changes the mode (and the person's colour) of the running game.
#[tauri::command]
pub fn set_mode(
    state: State<'_, SharedSession>,
    mode: Mode,
    human_color: Color,
) -> AppResult<GameView> {
    change(&state, |s| s.set_mode(mode, human_color))
}

/// Saves through the native save dialog (runs off the main thread: the dialog blocks).
#[tauri::command]
pub async fn save_game(state: State<'_, SharedSession>) -> AppResult<GameView> {
    let shared = state.inner().clone();
    run_blocking(move || {
        let picker = lock(&shared).picker.clone();
        let session = lock(&shared);
        session.save_with(picker.as_ref())
    })
    .await
}

/// Loads through the native open dialog (runs off the main thread: the dialog blocks).
#[tauri::command]
pub async fn load_game(state: State<'_, SharedSession>) -> AppResult<GameView> {
    let shared = state.inner().clone();
    run_blocking(move || {
        let picker = lock(&shared).picker.clone();
        let game = lock(&shared).read_record(picker.as_ref())?;
        let view = lock(&shared).replace_game(game);
        start_ai_if_due(&shared);
        Ok(view)
    })
    .await
}

async fn run_blocking<T: Send + 'static>(
    f: impl FnOnce() -> AppResult<T> + Send + 'static,
) -> AppResult<T> {
    tauri::async_runtime::spawn_blocking(f).await.map_err(|e| AppError::Io(e.to_string()))?
}

/// Resumes the autosaved game.
#[tauri::command]
pub fn resume_autosave(state: State<'_, SharedSession>) -> AppResult<GameView> {
    change(&state, |s| s.resume_autosave())
}

/// Forgets the autosaved game.
#[tauri::command]
pub fn discard_autosave(state: State<'_, SharedSession>) -> GameView {
    lock(&state).discard_autosave()
}

/// The preferences.
#[tauri::command]
pub fn get_preferences(state: State<'_, SharedSession>) -> Preferences {
    lock(&state).preferences()
}

/// Replaces the preferences.
#[tauri::command]
pub fn set_preferences(
    state: State<'_, SharedSession>,
    preferences: Preferences,
) -> AppResult<Preferences> {
    lock(&state).set_preferences(preferences)
}

/// Whether a game can be resumed, and start-up warnings.
#[tauri::command]
pub fn startup_info(state: State<'_, SharedSession>) -> StartupInfo {
    lock(&state).startup_info()
}

/// The page's first frame with the board is on screen; `marks` are the page's own start-up
/// milestones (ms since navigation). With `GOMOKU_STARTUP_PROBE` set (by
/// `scripts/footprint.sh`, which times start-up), the shell prints them on standard output.
#[tauri::command]
pub fn page_ready(marks: Option<serde_json::Value>) {
    if std::env::var_os("GOMOKU_STARTUP_PROBE").is_some() {
        println!("GOMOKU_READY {}", marks.unwrap_or_default());
    }
}

/// The external engines the person added.
#[tauri::command]
pub fn list_engines(state: State<'_, SharedSession>) -> Vec<EngineView> {
    lock(&state).engine_list()
}

/// Adds an engine: the native file dialog chooses the program (the page never sends a path),
/// which must answer the probe; `args` are its arguments. Runs off the main thread.
#[tauri::command]
pub async fn add_engine(
    state: State<'_, SharedSession>,
    args: String,
) -> AppResult<Vec<EngineView>> {
    let shared = state.inner().clone();
    run_blocking(move || {
        let picker = lock(&shared).picker.clone();
        let (command, report) = choose_and_probe(picker.as_ref(), &args)?;
        lock(&shared).add_engine(command, report)
    })
    .await
}

/// Renames an engine and sets its time per move.
#[tauri::command]
pub fn edit_engine(
    state: State<'_, SharedSession>,
    id: String,
    name: String,
    move_ms: u32,
) -> AppResult<Vec<EngineView>> {
    lock(&state).edit_engine(&id, &name, move_ms)
}

/// Removes an engine.
#[tauri::command]
pub fn remove_engine(state: State<'_, SharedSession>, id: String) -> AppResult<Vec<EngineView>> {
    lock(&state).remove_engine(&id)
}

/// Chooses an external engine (by id) or, with `null`, the built-in AI for the AI side and hints.
#[tauri::command]
pub fn set_opponent(
    state: State<'_, SharedSession>,
    engine: Option<String>,
) -> AppResult<GameView> {
    change(&state, |s| s.set_opponent(engine.as_deref()))
}

/// Review on or off: while on, the AI does not move by itself.
#[tauri::command]
pub fn set_review(state: State<'_, SharedSession>, on: bool) -> GameView {
    let view = lock(&state).set_review(on);
    if !on {
        start_ai_if_due(&state);
    }
    view
}

/// Plays `(x, y)` after the first `ply` moves; the later moves are kept as a variation.
#[tauri::command]
pub fn play_from(state: State<'_, SharedSession>, ply: usize, x: u8, y: u8) -> AppResult<GameView> {
    change(&state, |s| s.play_from(ply, x, y))
}

/// Swaps the line with the kept variation.
#[tauri::command]
pub fn restore_variation(state: State<'_, SharedSession>) -> AppResult<GameView> {
    change(&state, |s| s.restore_variation())
}

/// Analysis mode: the `lines` best moves of the position after `ply` moves, until stopped.
#[tauri::command]
pub fn analyze(state: State<'_, SharedSession>, ply: usize, lines: usize) -> AppResult<GameView> {
    request_analysis(&state, ply, lines)
}

/// Computes the evaluation graph of the game's line.
#[tauri::command]
pub fn evaluate_game(state: State<'_, SharedSession>) -> AppResult<GameView> {
    request_graph(&state)
}

/// Starts from a position set up in the editor.
#[tauri::command]
pub fn set_position(
    state: State<'_, SharedSession>,
    stones: Vec<StoneView>,
    to_move: Color,
) -> AppResult<GameView> {
    change(&state, |s| s.set_position(&stones, to_move))
}

/// The position as a move string, for the clipboard.
#[tauri::command]
pub fn export_text(state: State<'_, SharedSession>) -> AppResult<String> {
    lock(&state).export_text()
}

/// Opens a game from text: pasted, or the contents of a file dropped on the window.
#[tauri::command]
pub fn import_text(
    state: State<'_, SharedSession>,
    text: String,
    name: String,
) -> AppResult<GameView> {
    change(&state, |s| {
        let game = s.read_text(&text, &name)?;
        Ok(s.replace_game(game))
    })
}

/// Saves the page's picture of the board through the native save dialog.
#[tauri::command]
pub async fn export_png(state: State<'_, SharedSession>, png: Vec<u8>) -> AppResult<()> {
    let shared = state.inner().clone();
    run_blocking(move || {
        let picker = lock(&shared).picker.clone();
        let session = lock(&shared);
        session.export_png(picker.as_ref(), &png)
    })
    .await
}

/// A person's opening decision: `place x,y`, `black`, `white`, `offer x,y x,y`, `keep x,y`.
#[tauri::command]
pub fn decide(state: State<'_, SharedSession>, decision: String) -> AppResult<GameView> {
    change(&state, |s| s.decide(&decision))
}
