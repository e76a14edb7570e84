//! # gomoku-app — the desktop shell
//!
//! A thin Tauri 2 layer over the app layer (`gomoku-session`): one managed [`App`], commands of
//! one line each ([`commands`]), and the adapters that give the app layer its ports — the
//! notices to the page (a queue it drains with `wait_events`), native file dialogs ([`picker`]),
//! the app's data and config directories. The page (`ui/`) only draws the `GameView` it gets.

#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod commands;
pub mod picker;
pub mod webview_env;

use gomoku_session::event_queue::{EventQueue, QueueNotifier};
use gomoku_session::session::{Session, SessionParts};
use gomoku_session::storage::Storage;
use gomoku_session::App;
use std::sync::Arc;
use tauri::{Manager, Runtime};

/// The app layer of the real app: files in the app's data and config directories (or in
/// `GOMOKU_DATA_DIR` when set, for tests), events to the page, native file dialogs.
pub fn default_app<R: Runtime>(app: &tauri::AppHandle<R>, queue: Arc<EventQueue>) -> App {
    let storage = match std::env::var_os("GOMOKU_DATA_DIR") {
        Some(dir) => Some(Storage::new(dir.as_ref(), dir.as_ref())),
        None => match (app.path().app_data_dir(), app.path().app_config_dir()) {
            (Ok(data), Ok(config)) => Some(Storage::new(&data, &config)),
            _ => None,
        },
    };
    let parts = SessionParts {
        storage,
        notifier: Arc::new(QueueNotifier { queue }),
        clock: Arc::new(gomoku::game::SystemClock::new()),
    };
    let session = Session::new(parts);
    #[cfg(feature = "e2e-hooks")]
    let session = e2e_timing(session);
    App::with_session(session, Arc::new(picker::DialogPicker::new(app.clone())))
}

/// Test builds only: `GOMOKU_E2E_MOVE_MS` and `GOMOKU_E2E_AI_PAUSE_MS` shorten the AI's time a
/// move and the pause between AI-vs-AI moves (the soak test plays hundreds of games).
#[cfg(feature = "e2e-hooks")]
fn e2e_timing(mut session: Session) -> Session {
    let read = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    if let (Some(move_ms), Some(pause_ms)) =
        (read("GOMOKU_E2E_MOVE_MS"), read("GOMOKU_E2E_AI_PAUSE_MS"))
    {
        session.set_timing(move_ms, pause_ms);
    }
    session
}

/// Registers the plugins and the commands on a builder of any runtime. The caller manages the
/// [`App`] (the real app at setup with [`default_app`]; tests with their own parts).
pub fn build_app<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.plugin(tauri_plugin_dialog::init()).invoke_handler(tauri::generate_handler![
        commands::get_view,
        commands::new_game,
        commands::play,
        commands::undo,
        commands::redo,
        commands::ai_move,
        commands::hint,
        commands::stop_thinking,
        commands::set_names,
        commands::set_level,
        commands::set_mode,
        commands::save_game,
        commands::load_game,
        commands::resume_autosave,
        commands::discard_autosave,
        commands::get_preferences,
        commands::set_preferences,
        commands::startup_info,
        commands::boot,
        commands::wait_events,
        commands::page_ready,
        commands::list_engines,
        commands::add_engine,
        commands::edit_engine,
        commands::remove_engine,
        commands::set_opponent,
        commands::set_review,
        commands::play_from,
        commands::restore_variation,
        commands::analyze,
        commands::evaluate_game,
        commands::set_position,
        commands::export_text,
        commands::import_text,
        commands::export_png,
        commands::decide,
        commands::puzzles,
        commands::open_puzzle,
        commands::puzzle_move,
        commands::retry_puzzle,
        commands::puzzle_hint,
        commands::next_puzzle,
        commands::close_puzzle,
        commands::find_own_puzzles,
        commands::explorer,
        commands::play_opening,
        commands::check_time,
        commands::pause_clock,
    ])
}

/// When the shell reached its start-up milestones, for `scripts/footprint.sh` (printed by
/// `page_ready` with `GOMOKU_STARTUP_PROBE` set).
pub struct StartupProbe {
    started: std::time::Instant,
    /// The setup's start, the first frame's data ready, the window made.
    setup: (u128, u128, u128),
}

impl StartupProbe {
    /// The milestones in ms since the process started: the setup began (`setupStart`), the app
    /// layer and the first frame's data were ready (`booted`), the window was made (`setupEnd`),
    /// and now.
    pub fn marks(&self) -> serde_json::Value {
        serde_json::json!({
            "setupStart": self.setup.0,
            "booted": self.setup.1,
            "setupEnd": self.setup.2,
            "now": self.started.elapsed().as_millis(),
        })
    }
}

/// Opens the main window (as `tauri.conf.json` describes it) with the page's first frame's data
/// already in it, as `window.__GOMOKU_BOOT__`: the page draws the board without a round trip,
/// then asks for the view again once it listens (the data is a snapshot, and a reload of the
/// page sees the same snapshot).
fn open_main_window<R: Runtime>(
    app: &tauri::AppHandle<R>,
    boot: &gomoku_session::session::Boot,
) -> Result<(), Box<dyn std::error::Error>> {
    let config = app
        .config()
        .app
        .windows
        .iter()
        .find(|w| w.label == "main")
        .cloned()
        .ok_or("tauri.conf.json has no main window")?;
    // JSON is a JavaScript expression; `<` is escaped so that no text of it can close a tag.
    let data = serde_json::to_string(boot)?.replace('<', "\\u003c");
    tauri::WebviewWindowBuilder::from_config(app, &config)?
        .initialization_script(format!("window.__GOMOKU_BOOT__ = {data};"))
        .build()?;
    Ok(())
}

/// Runs the app. Set `GOMOKU_DATA_DIR` to keep the autosave and preferences elsewhere (tests).
pub fn run() {
    let started = std::time::Instant::now();
    build_app(tauri::Builder::default())
        .setup(move |app| {
            let setup_start = started.elapsed().as_millis();
            let queue = Arc::new(EventQueue::default());
            let state = default_app(app.handle(), queue.clone());
            app.manage(queue);
            let boot = state.boot();
            let booted = started.elapsed().as_millis();
            app.manage(state);
            open_main_window(app.handle(), &boot)?;
            let setup = (setup_start, booted, started.elapsed().as_millis());
            app.manage(StartupProbe { started, setup });
            Ok(())
        })
        .build(tauri::generate_context!())
        .expect("error while building the Gomoku app")
        .run(|app, event| {
            if let tauri::RunEvent::Exit = event {
                // External engines end with the app (politely, then by force).
                if let Some(state) = app.try_state::<App>() {
                    state.shut_down();
                }
            }
        });
}
