//! The commands the page may call (see `docs/ipc.md`): each one line over the app layer's
//! [`App`]; those that open a native dialog run off the main thread (the dialog blocks).

use gomoku::game::Names;
use gomoku::{Color, Level, Mode, Rule};
use gomoku_session::engines::EngineView;
use gomoku_session::error::{AppError, AppResult};
use gomoku_session::explorer::ExplorerView;
use gomoku_session::prefs::Preferences;
use gomoku_session::puzzles::PuzzleList;
use gomoku_session::session::{Boot, NewGameSettings, StartupInfo};
use gomoku_session::view::{GameView, StoneView};
use gomoku_session::App;
use tauri::{Manager, State};

/// The current game.
#[tauri::command]
pub fn get_view(app: State<'_, App>) -> GameView {
    app.view()
}

/// Starts a new game.
#[tauri::command]
pub fn new_game(app: State<'_, App>, settings: NewGameSettings) -> AppResult<GameView> {
    app.new_game(settings)
}

/// A person plays at `(x, y)`.
#[tauri::command]
pub fn play(app: State<'_, App>, x: u8, y: u8) -> AppResult<GameView> {
    app.play(x, y)
}

/// Takes back moves.
#[tauri::command]
pub fn undo(app: State<'_, App>) -> AppResult<GameView> {
    app.undo()
}

/// Replays undone moves.
#[tauri::command]
pub fn redo(app: State<'_, App>) -> AppResult<GameView> {
    app.redo()
}

/// Lets the AI move for the side to move.
#[tauri::command]
pub fn ai_move(app: State<'_, App>) -> AppResult<GameView> {
    app.ai_move()
}

/// Searches a hint for the side to move.
#[tauri::command]
pub fn hint(app: State<'_, App>) -> AppResult<GameView> {
    app.hint()
}

/// Stops the running search.
#[tauri::command]
pub fn stop_thinking(app: State<'_, App>) -> GameView {
    app.stop_thinking()
}

/// Renames the people.
#[tauri::command]
pub fn set_names(app: State<'_, App>, names: Names) -> AppResult<GameView> {
    app.set_names(names)
}

/// Changes the AI level.
#[tauri::command]
pub fn set_level(app: State<'_, App>, level: Level) -> AppResult<GameView> {
    app.set_level(level)
}

/// Changes the mode (and the person's colour) of the running game.
#[tauri::command]
pub fn set_mode(app: State<'_, App>, mode: Mode, human_color: Color) -> AppResult<GameView> {
    app.set_mode(mode, human_color)
}

/// Saves through the native save dialog.
#[tauri::command]
pub async fn save_game(app: State<'_, App>) -> AppResult<GameView> {
    off_main_thread(app.inner().clone(), |app| app.save()).await
}

/// Loads through the native open dialog.
#[tauri::command]
pub async fn load_game(app: State<'_, App>) -> AppResult<GameView> {
    off_main_thread(app.inner().clone(), |app| app.load()).await
}

/// Resumes the autosaved game.
#[tauri::command]
pub fn resume_autosave(app: State<'_, App>) -> AppResult<GameView> {
    app.resume_autosave()
}

/// Forgets the autosaved game.
#[tauri::command]
pub fn discard_autosave(app: State<'_, App>) -> GameView {
    app.discard_autosave()
}

/// The preferences.
#[tauri::command]
pub fn get_preferences(app: State<'_, App>) -> Preferences {
    app.preferences()
}

/// Replaces the preferences.
#[tauri::command]
pub fn set_preferences(app: State<'_, App>, preferences: Preferences) -> AppResult<Preferences> {
    app.set_preferences(preferences)
}

/// Whether a game can be resumed, and start-up warnings.
#[tauri::command]
pub fn startup_info(app: State<'_, App>) -> StartupInfo {
    app.startup_info()
}

/// The notices waiting for the page (the game changed, search progress, a hint, an engine's
/// failure, the graph's progress), once there is one or after 20 s (then none): the page keeps
/// one of these requests open.
#[tauri::command]
pub async fn wait_events(
    queue: State<'_, std::sync::Arc<gomoku_session::event_queue::EventQueue>>,
) -> Result<Vec<gomoku_session::event_queue::QueuedEvent>, AppError> {
    let queue = queue.inner().clone();
    tauri::async_runtime::spawn_blocking(move || queue.wait(std::time::Duration::from_secs(20)))
        .await
        .map_err(|e| AppError::Io(e.to_string()))
}

/// What the page needs for its first frame, in one round trip.
#[tauri::command]
pub fn boot(app: State<'_, App>) -> Boot {
    app.boot()
}

/// The page's first frame with the board is on screen; `marks` are the page's own start-up
/// milestones (ms since navigation). With `GOMOKU_STARTUP_PROBE` set (by
/// `scripts/footprint.sh`, which times start-up), the shell prints them on standard output.
/// The shell's own milestones (ms since the process started: the app layer made, the page
/// ready) are added as `shell`.
#[tauri::command]
pub fn page_ready<R: tauri::Runtime>(marks: Option<serde_json::Value>, app: tauri::AppHandle<R>) {
    if std::env::var_os("GOMOKU_STARTUP_PROBE").is_some() {
        let mut marks = marks.unwrap_or_else(|| serde_json::json!({}));
        let probe = app.try_state::<crate::StartupProbe>();
        if let (Some(object), Some(probe)) = (marks.as_object_mut(), probe) {
            object.insert("shell".into(), probe.marks());
        }
        println!("GOMOKU_READY {marks}");
    }
}

/// The external engines the person added.
#[tauri::command]
pub fn list_engines(app: State<'_, App>) -> Vec<EngineView> {
    app.engines()
}

/// Adds an engine: the native file dialog chooses the program (the page never sends a path),
/// which must answer the probe; `args` are its arguments.
#[tauri::command]
pub async fn add_engine(app: State<'_, App>, args: String) -> AppResult<Vec<EngineView>> {
    off_main_thread(app.inner().clone(), move |app| app.add_engine(&args)).await
}

/// Renames an engine and sets its time per move.
#[tauri::command]
pub fn edit_engine(
    app: State<'_, App>,
    id: String,
    name: String,
    move_ms: u32,
) -> AppResult<Vec<EngineView>> {
    app.edit_engine(&id, &name, move_ms)
}

/// Removes an engine.
#[tauri::command]
pub fn remove_engine(app: State<'_, App>, id: String) -> AppResult<Vec<EngineView>> {
    app.remove_engine(&id)
}

/// Chooses an external engine (by id) or, with `null`, the built-in AI for the AI side and hints.
#[tauri::command]
pub fn set_opponent(app: State<'_, App>, engine: Option<String>) -> AppResult<GameView> {
    app.set_opponent(engine.as_deref())
}

/// Review on or off: while on, the AI does not move by itself.
#[tauri::command]
pub fn set_review(app: State<'_, App>, on: bool) -> GameView {
    app.set_review(on)
}

/// Plays `(x, y)` after the first `ply` moves; the later moves are kept as a variation.
#[tauri::command]
pub fn play_from(app: State<'_, App>, ply: usize, x: u8, y: u8) -> AppResult<GameView> {
    app.play_from(ply, x, y)
}

/// Swaps the line with the kept variation.
#[tauri::command]
pub fn restore_variation(app: State<'_, App>) -> AppResult<GameView> {
    app.restore_variation()
}

/// Analysis mode: the `lines` best moves of the position after `ply` moves, until stopped.
#[tauri::command]
pub fn analyze(app: State<'_, App>, ply: usize, lines: usize) -> AppResult<GameView> {
    app.analyze(ply, lines)
}

/// Computes the evaluation graph of the game's line.
#[tauri::command]
pub fn evaluate_game(app: State<'_, App>) -> AppResult<GameView> {
    app.evaluate_game()
}

/// Starts from a position set up in the editor.
#[tauri::command]
pub fn set_position(
    app: State<'_, App>,
    stones: Vec<StoneView>,
    to_move: Color,
) -> AppResult<GameView> {
    app.set_position(&stones, to_move)
}

/// The position as a move string, for the clipboard.
#[tauri::command]
pub fn export_text(app: State<'_, App>) -> AppResult<String> {
    app.export_text()
}

/// Opens a game from text: pasted, or the contents of a file dropped on the window.
#[tauri::command]
pub fn import_text(app: State<'_, App>, text: String, name: String) -> AppResult<GameView> {
    app.import_text(&text, &name)
}

/// Saves the page's picture of the board through the native save dialog.
#[tauri::command]
pub async fn export_png(app: State<'_, App>, png: Vec<u8>) -> AppResult<()> {
    off_main_thread(app.inner().clone(), move |app| app.export_png(&png)).await
}

/// A person's opening decision: `place x,y`, `black`, `white`, `offer x,y x,y`, `keep x,y`.
#[tauri::command]
pub fn decide(app: State<'_, App>, decision: String) -> AppResult<GameView> {
    app.decide(&decision)
}

/// Lets the flag fall if the side to move's time ran out.
#[tauri::command]
pub fn check_time(app: State<'_, App>) -> GameView {
    app.check_time()
}

/// Pauses or restarts the clocks of a timed game.
#[tauri::command]
pub fn pause_clock(app: State<'_, App>, on: bool) -> AppResult<GameView> {
    app.pause_clock(on)
}

/// Every puzzle with the person's progress.
#[tauri::command]
pub fn puzzles(app: State<'_, App>) -> PuzzleList {
    app.puzzles()
}

/// Opens a puzzle (the game in play is kept aside).
#[tauri::command]
pub fn open_puzzle(app: State<'_, App>, id: String) -> AppResult<GameView> {
    app.open_puzzle(&id)
}

/// The person's move in the puzzle, judged off the main thread (the solver may take a moment).
#[tauri::command]
pub async fn puzzle_move(app: State<'_, App>, x: u8, y: u8) -> AppResult<GameView> {
    off_main_thread(app.inner().clone(), move |app| app.puzzle_move(x, y)).await
}

/// Takes a wrong puzzle move back.
#[tauri::command]
pub fn retry_puzzle(app: State<'_, App>) -> AppResult<GameView> {
    app.retry_puzzle()
}

/// Shows the puzzle's next winning move.
#[tauri::command]
pub async fn puzzle_hint(app: State<'_, App>) -> AppResult<GameView> {
    off_main_thread(app.inner().clone(), |app| app.puzzle_hint()).await
}

/// Opens the next unsolved puzzle of the same rule and grade.
#[tauri::command]
pub fn next_puzzle(app: State<'_, App>) -> AppResult<GameView> {
    app.next_puzzle()
}

/// Closes the puzzle; the game kept aside comes back.
#[tauri::command]
pub fn close_puzzle(app: State<'_, App>) -> AppResult<GameView> {
    app.close_puzzle()
}

/// Looks for puzzles in the person's kept games, off the main thread.
#[tauri::command]
pub async fn find_own_puzzles(app: State<'_, App>) -> AppResult<PuzzleList> {
    off_main_thread(app.inner().clone(), |app| Ok(app.find_own_puzzles())).await
}

/// The opening explorer under `rule` (reads the kept games: off the main thread).
#[tauri::command]
pub async fn explorer(app: State<'_, App>, rule: Rule) -> AppResult<ExplorerView> {
    off_main_thread(app.inner().clone(), move |app| Ok(app.explorer(rule))).await
}

/// A new game from an explorer opening.
#[tauri::command]
pub fn play_opening(
    app: State<'_, App>,
    index: usize,
    rule: Rule,
    study: bool,
) -> AppResult<GameView> {
    app.play_opening(index, rule, study)
}

/// Runs `f` on a blocking thread (a native dialog blocks until the person answers).
async fn off_main_thread<T: Send + 'static>(
    app: App,
    f: impl FnOnce(&App) -> AppResult<T> + Send + 'static,
) -> AppResult<T> {
    tauri::async_runtime::spawn_blocking(move || f(&app))
        .await
        .map_err(|e| AppError::Io(e.to_string()))?
}
