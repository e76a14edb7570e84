//! Shared helpers of the end-to-end tests: a tauri-driver per test, a WebDriver session with the
//! real app (its data in a folder of the test's own), and ways to drive and read the page.
#![allow(dead_code)]

use fantoccini::actions::InputSource;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One driver at a time: each test gets its own driver, data directory and app.
pub static SERIAL: Mutex<()> = Mutex::new(());

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

pub fn app_binary() -> PathBuf {
    std::env::var_os("GOMOKU_APP")
        .map_or_else(|| repo().join("target/debug/gomoku-app"), PathBuf::from)
}

pub fn screenshot_dir() -> PathBuf {
    let dir = repo().join("target/e2e-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    dir
}

/// A running tauri-driver, ended with SIGTERM (not the SIGKILL of `Child::kill`): on SIGTERM it
/// stops WebKitWebDriver too, which would otherwise linger holding its port.
pub struct Driver {
    child: Child,
    /// The WebDriver port.
    pub port: u16,
}

impl Driver {
    pub fn start(port: u16, data_dir: &Path) -> Driver {
        let child = Command::new("tauri-driver")
            .args(["--port", &port.to_string(), "--native-port", &(port + 1).to_string()])
            .env("GOMOKU_DATA_DIR", data_dir)
            .stdin(std::process::Stdio::null())
            .spawn()
            .expect("start tauri-driver (cargo install tauri-driver --locked)");
        // tauri-driver forwards to WebKitWebDriver on the native port: wait for both, or the
        // first request can reach a native driver not listening yet ("client error (Connect)").
        wait_listening(port, "tauri-driver");
        wait_listening(port + 1, "WebKitWebDriver");
        Driver { child, port }
    }
}

/// Waits (at most 20 s) until something accepts connections on `port`.
fn wait_listening(port: u16, what: &str) {
    let listening = wait_for_port(port, true, Duration::from_secs(20));
    assert!(listening, "{what} did not listen on {port}");
}

/// Waits (at most 10 s) until nothing listens on `port` any more: the previous test's driver is
/// gone, so the new one can bind it.
fn wait_free(port: u16) {
    wait_for_port(port, false, Duration::from_secs(10));
}

/// Waits until connecting to `port` succeeds (`listening`) or fails (`!listening`); whether it
/// came to that within `limit`.
fn wait_for_port(port: u16, listening: bool, limit: Duration) -> bool {
    let deadline = Instant::now() + limit;
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() != listening {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let _ = self.child.wait();
    }
}

/// A test's app: the driver, the WebDriver client and the time the session took to open.
pub struct App {
    /// The WebDriver session.
    pub client: Client,
    /// The driver, ended with the app.
    pub driver: Driver,
    /// When the session was requested.
    pub started: Instant,
}

/// A fresh, empty data folder for a test.
pub fn fresh_data_dir(tag: &str) -> PathBuf {
    let data_dir = std::env::temp_dir().join(format!("gomoku-e2e-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data_dir);
    std::fs::create_dir_all(&data_dir).unwrap();
    data_dir
}

/// Starts the app with a fresh data folder.
pub async fn launch(tag: &str) -> App {
    launch_in(&fresh_data_dir(tag)).await
}

/// Starts the app with its files in `data_dir` (kept as it is: a restart sees the same files).
pub async fn launch_in(data_dir: &Path) -> App {
    let port = 4444 + 2 * (std::process::id() % 500) as u16;
    let mut attempts_left = 3;
    loop {
        wait_free(port);
        wait_free(port + 1);
        let driver = Driver::start(port, data_dir);
        let mut caps = serde_json::Map::new();
        caps.insert("tauri:options".into(), json!({ "application": app_binary() }));
        let started = Instant::now();
        match ClientBuilder::native()
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
        {
            Ok(client) => return App { client, driver, started },
            // A session that could not open never reached the app: start over with a new driver.
            Err(e) if attempts_left > 1 => {
                eprintln!("opening a WebDriver session failed ({e}); retrying");
                attempts_left -= 1;
            }
            Err(e) => panic!("a WebDriver session with the app: {e}"),
        }
    }
}

/// The processes of the app binary started with `GOMOKU_DATA_DIR=data_dir` (from /proc).
pub fn app_processes(data_dir: &Path) -> Vec<u32> {
    let wanted = format!("GOMOKU_DATA_DIR={}", data_dir.display()).into_bytes();
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let exe = std::fs::read_link(format!("/proc/{pid}/exe")).unwrap_or_default();
            let env = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            exe.file_name() == app_binary().file_name()
                && env.split(|&b| b == 0).any(|var| var == wanted.as_slice())
        })
        .collect()
}

/// Kills the app of `data_dir` with SIGKILL, as a crash or a power cut would, and waits until it
/// is gone.
pub fn kill_app(data_dir: &Path) {
    let pids = app_processes(data_dir);
    assert_eq!(pids.len(), 1, "expected one app process, found {pids:?}");
    let status = Command::new("kill").args(["-KILL", &pids[0].to_string()]).status().unwrap();
    assert!(status.success(), "kill -9 {}", pids[0]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while !app_processes(data_dir).is_empty() {
        assert!(Instant::now() < deadline, "the killed app is still there");
        std::thread::sleep(Duration::from_millis(20));
    }
}

impl App {
    /// Waits until `script` (a JS expression) is truthy; returns how long it took.
    pub async fn wait_for(&self, what: &str, script: &str) -> Duration {
        let start = Instant::now();
        let deadline = start + Duration::from_secs(20);
        loop {
            let value = self
                .client
                .execute(&format!("return !!({script});"), vec![])
                .await
                .unwrap_or(Value::Bool(false));
            if value == Value::Bool(true) {
                return start.elapsed();
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Calls a shell command from the page and returns its answer (a `GameView` for most).
    pub async fn invoke(&self, command: &str, args: Value) -> Value {
        self.client
            .execute_async(
                "const [cmd, args, done] = arguments;\
                 window.__TAURI__.core.invoke(cmd, args).then(done, (e) => done({ error: e }));",
                vec![json!(command), args],
            )
            .await
            .unwrap_or_else(|e| panic!("invoke {command}: {e}"))
    }

    pub async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.expect("script runs")
    }

    pub async fn stones(&self) -> Vec<String> {
        let v = self.js("return document.getElementById('board').dataset.stones || '';").await;
        v.as_str().unwrap_or("").split(';').filter(|s| !s.is_empty()).map(str::to_string).collect()
    }

    /// The first of `candidates` with no stone on it (for a move after an AI's answer, which
    /// may take any of them).
    pub async fn first_empty(&self, candidates: &[(u8, u8)]) -> (u8, u8) {
        let stones = self.stones().await;
        let taken = |x: u8, y: u8| stones.iter().any(|s| s.starts_with(&format!("{x},{y},")));
        *candidates.iter().find(|&&(x, y)| !taken(x, y)).expect("an empty candidate")
    }

    /// Clicks the intersection (x, y) with a real pointer action at its client coordinates.
    pub async fn click_point(&self, x: u8, y: u8) {
        let p = self.js(&format!("return window.__gomokuTest.pointFor({x}, {y});")).await;
        let (cx, cy) = (p["clientX"].as_f64().unwrap(), p["clientY"].as_f64().unwrap());
        let canvas = self.client.find(Locator::Id("board")).await.unwrap();
        let rect = self.js("const r = document.getElementById('board').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];").await;
        let (left, top, w, h) = (
            rect[0].as_f64().unwrap(),
            rect[1].as_f64().unwrap(),
            rect[2].as_f64().unwrap(),
            rect[3].as_f64().unwrap(),
        );
        let dx = (cx - (left + w / 2.0)).round();
        let dy = (cy - (top + h / 2.0)).round();
        let actions = fantoccini::actions::MouseActions::new("mouse".into())
            .then(fantoccini::actions::PointerAction::MoveToElement {
                element: canvas,
                duration: None,
                x: dx,
                y: dy,
            })
            .then(fantoccini::actions::PointerAction::Down {
                button: fantoccini::actions::MOUSE_BUTTON_LEFT,
            })
            .then(fantoccini::actions::PointerAction::Up {
                button: fantoccini::actions::MOUSE_BUTTON_LEFT,
            });
        self.client.perform_actions(actions).await.expect("click");
        self.client.release_actions().await.ok();
    }

    pub async fn click(&self, id: &str) {
        self.client
            .find(Locator::Id(id))
            .await
            .unwrap_or_else(|_| panic!("#{id}"))
            .click()
            .await
            .unwrap_or_else(|e| panic!("click #{id}: {e}"));
    }

    pub async fn text(&self, id: &str) -> String {
        self.js(&format!("return document.getElementById('{id}').textContent;"))
            .await
            .as_str()
            .unwrap_or("")
            .trim()
            .to_string()
    }

    /// Saves a screenshot of the window. WebKitGTK without GPU compositing (the app's default,
    /// see `webview_env::configure`) takes a snapshot only after its next paint, so a
    /// page with nothing changing would make WebDriver wait for ever: a 1-pixel, invisible
    /// element is toggled for a moment to give it one.
    pub async fn screenshot(&self, name: &str) {
        self.js(
            "const n = document.createElement('div');\
             n.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0.01;pointer-events:none';\
             document.body.append(n); let k = 0;\
             const t = setInterval(() => { n.style.opacity = (k++ % 2) ? '0.01' : '0.02'; if (k > 40) { clearInterval(t); n.remove(); } }, 25);\
             return true;",
        )
        .await;
        let png = self.client.screenshot().await.expect("screenshot");
        std::fs::write(screenshot_dir().join(format!("{name}.png")), png)
            .expect("write screenshot");
    }

    /// Starts the evaluation graph ("Graph" button) and waits until all `positions` are
    /// evaluated (at most two minutes); returns the final view and how long it took.
    pub async fn compute_graph(&self, positions: usize) -> (Value, Duration) {
        let started = std::time::Instant::now();
        self.click("btn-graph").await;
        self.wait_for("the graph shown", "!document.getElementById('graph-box').hidden").await;
        loop {
            let view = self.invoke("get_view", serde_json::json!({})).await;
            let done = view["evaluations"].as_array().map_or(0, Vec::len);
            if view["evaluating"] == false && done == positions {
                return (view, started.elapsed());
            }
            assert!(started.elapsed().as_secs() < 120, "the graph took too long: {view}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Gives the window a `width` × `height` page (WebDriver's Set Window Rect, which
    /// WebKitWebDriver honours under Xvfb with no window manager: the window is then all page),
    /// and waits until the page has that size and two frames have been drawn at it (its resize
    /// observers have run).
    pub async fn resize(&self, width: u32, height: u32) {
        self.client.set_window_size(width, height).await.expect("set the window size");
        self.wait_for(
            &format!("a {width} × {height} page"),
            &format!("innerWidth === {width} && innerHeight === {height}"),
        )
        .await;
        self.client
            .execute_async(
                "const done = arguments[arguments.length - 1];\
                 requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
                vec![],
            )
            .await
            .expect("two frames");
    }

    /// Starts a new game through the settings dialog.
    pub async fn new_game(&self, mode: &str, color: &str, level: &str, rule: &str) {
        self.click("btn-new").await;
        self.wait_for("settings dialog", "!document.getElementById('settings-dialog').hidden")
            .await;
        self.js(&format!(
            "const f = document.getElementById('settings-dialog');\
             for (const [n, v] of [['mode','{mode}'],['humanColor','{color}'],['level','{level}']]) {{\
               const r = f.querySelector(`input[name=\"${{n}}\"][value=\"${{v}}\"]`); if (r) {{ r.checked = true; r.dispatchEvent(new Event('change', {{bubbles:true}})); }} }}\
             const rule = document.getElementById('set-rule'); rule.value = '{rule}'; rule.dispatchEvent(new Event('change', {{bubbles:true}}));\
             return true;"
        ))
        .await;
        self.click("settings-start").await;
        self.wait_for("a fresh board", "document.getElementById('board').dataset.stones === '' && document.getElementById('settings-dialog').hidden").await;
    }
}

/// True once the board canvas has a size and its pixels are not all one colour (the first frame
/// is painted in a `requestAnimationFrame` after the view arrives, so `data-size` alone is early).
pub const BOARD_PAINTED: &str = "(() => { const c = document.getElementById('board');\
     if (!c || !c.dataset.size || c.width < 100 || c.height < 100) return false;\
     const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;\
     let differ = 0; for (let i = 0; i < d.length; i += 4 * 97) { if (Math.abs(d[i] - d[0]) > 8) differ++; }\
     return differ > 50; })()";

/// Opens the new-game dialog set for the person playing `human` ("black" or "white") against an
/// easy AI, then sets each `(element id, value)` of `fields` in order, with a change event for
/// each as a person's choice would send.
pub async fn new_game_dialog(app: &App, human: &str, fields: &[(&str, &str)]) {
    app.click("btn-new").await;
    app.wait_for("settings dialog", "!document.getElementById('settings-dialog').hidden").await;
    let script = "const [human, fields] = arguments;\
         const f = document.getElementById('settings-dialog');\
         const changed = (e) => e.dispatchEvent(new Event('change', { bubbles: true }));\
         for (const [n, v] of [['mode', 'humanVsAi'], ['humanColor', human], ['level', 'easy']]) {\
           const r = f.querySelector(`input[name=\"${n}\"][value=\"${v}\"]`); r.checked = true; changed(r); }\
         for (const [id, v] of fields) { const e = document.getElementById(id); e.value = v; changed(e); }\
         return true;";
    app.client
        .execute(script, vec![json!(human), json!(fields)])
        .await
        .expect("the new-game dialog is set");
}

/// Waits until the board is painted; returns the time since the app was launched.
pub async fn ready(app: &App) -> Duration {
    app.wait_for("the board painted", BOARD_PAINTED).await;
    app.started.elapsed()
}
