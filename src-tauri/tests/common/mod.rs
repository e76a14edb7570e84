//! A mock-runtime app (no display) with temporary storage, a scripted file picker and a notifier
//! that records every event.
#![allow(dead_code)]

use gomoku::game::SystemClock;
use gomoku_session::jobs::lock;
use gomoku_session::notify::{AnalysisEvent, GraphEvent, HintEvent, Notifier};
use gomoku_session::picker::FilePicker;
use gomoku_session::session::{Session, SessionParts, SharedSession};
use gomoku_session::storage::Storage;
use gomoku_session::view::GameView;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tauri::test::{mock_builder, MockRuntime, INVOKE_KEY};
use tauri::{App, Manager, WebviewWindow};

/// Records the events the session sends.
#[derive(Default)]
pub struct Recorder {
    pub views: Mutex<Vec<GameView>>,
    pub analyses: Mutex<Vec<AnalysisEvent>>,
    pub hints: Mutex<Vec<HintEvent>>,
    pub engine_errors: Mutex<Vec<String>>,
    pub graphs: Mutex<Vec<GraphEvent>>,
}

impl Notifier for Recorder {
    fn view(&self, view: &GameView) {
        self.views.lock().unwrap().push(view.clone());
    }
    fn analysis(&self, event: &AnalysisEvent) {
        self.analyses.lock().unwrap().push(event.clone());
    }
    fn hint(&self, event: &HintEvent) {
        self.hints.lock().unwrap().push(event.clone());
    }
    fn engine_error(&self, message: &str) {
        self.engine_errors.lock().unwrap().push(message.to_string());
    }
    fn graph(&self, event: &GraphEvent) {
        self.graphs.lock().unwrap().push(event.clone());
    }
}

/// Answers file dialogs with whatever the test put in (None = the person cancels).
#[derive(Default)]
pub struct ScriptedPicker {
    pub path: Mutex<Option<PathBuf>>,
}

impl FilePicker for ScriptedPicker {
    fn save_path(&self, _: &str) -> Option<PathBuf> {
        self.path.lock().unwrap().clone()
    }
    fn open_path(&self) -> Option<PathBuf> {
        self.path.lock().unwrap().clone()
    }
    fn engine_path(&self) -> Option<PathBuf> {
        self.path.lock().unwrap().clone()
    }
}

/// A fresh temporary directory.
pub fn temp_dir(tag: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir =
        std::env::temp_dir().join(format!("gomoku-app-test-{}-{tag}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Test doubles and where the files go.
pub struct Harness {
    pub app: App<MockRuntime>,
    pub window: WebviewWindow<MockRuntime>,
    pub recorder: Arc<Recorder>,
    pub picker: Arc<ScriptedPicker>,
    pub dir: PathBuf,
}

/// A session over `dir` with the given notifier and short AI times.
pub fn session_in(dir: &std::path::Path, recorder: Arc<Recorder>) -> Session {
    let mut session = Session::new(SessionParts {
        storage: Some(Storage::new(dir, dir)),
        notifier: recorder,
        clock: Arc::new(SystemClock::new()),
    });
    session.set_timing(5, 0);
    session.set_graph_ms(5);
    session
}

impl Harness {
    /// The app with its real configuration and capabilities, on the mock runtime.
    pub fn new(tag: &str) -> Harness {
        Harness::in_dir(temp_dir(tag))
    }

    /// The app over an existing directory (to restart on the same files).
    pub fn in_dir(dir: PathBuf) -> Harness {
        let recorder = Arc::new(Recorder::default());
        let picker = Arc::new(ScriptedPicker::default());
        let app = gomoku_app::build_app(mock_builder())
            .build(tauri::generate_context!())
            .expect("the app builds");
        let session = session_in(&dir, recorder.clone());
        app.manage(gomoku_session::App::with_session(session, picker.clone()));
        let window = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .expect("a window");
        Harness { app, window, recorder, picker, dir }
    }

    /// The shared session.
    pub fn session(&self) -> SharedSession {
        self.app.state::<gomoku_session::App>().shared().clone()
    }

    /// Invokes a command through the real IPC path: `Ok(json)` or `Err(json error)`.
    pub fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        let request = tauri::webview::InvokeRequest {
            cmd: cmd.into(),
            callback: tauri::ipc::CallbackFn(0),
            error: tauri::ipc::CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: tauri::ipc::InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        tauri::test::get_ipc_response(&self.window, request)
            .map(|body| body.deserialize::<Value>().unwrap())
    }

    /// Invokes and expects success.
    pub fn ok(&self, cmd: &str, args: Value) -> Value {
        self.invoke(cmd, args).unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
    }

    /// Invokes and expects an error; returns its kind.
    pub fn err_kind(&self, cmd: &str, args: Value) -> String {
        match self.invoke(cmd, args) {
            Ok(v) => panic!("{cmd} succeeded: {v}"),
            Err(e) => {
                e["kind"].as_str().unwrap_or_else(|| panic!("error without kind: {e}")).to_string()
            }
        }
    }

    /// Waits until no search runs (at most 10 s).
    pub fn wait_idle(&self) {
        wait_idle(&self.session());
    }
}

/// Waits until no search runs on `shared` (at most 10 s).
pub fn wait_idle(shared: &SharedSession) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while lock(shared).is_thinking() {
        assert!(Instant::now() < deadline, "the AI did not finish");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Settings JSON for `new_game`.
pub fn settings(mode: &str, rule: &str, human_color: &str) -> Value {
    serde_json::json!({ "settings": {
        "size": 15, "rule": rule, "centreFirst": false, "mode": mode, "humanColor": human_color,
        "level": "easy", "names": { "black": "Ann", "white": "Bob" }
    }})
}

/// `{x, y}` arguments.
pub fn at(x: u8, y: u8) -> Value {
    serde_json::json!({ "x": x, "y": y })
}
