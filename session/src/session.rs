//! The one managed state: the game being played, its generation number, the running AI search,
//! the preferences and where files go. Commands are short calls into this type.

use crate::error::{AppError, AppResult};
use crate::notify::Notifier;
use crate::prefs::Preferences;
use crate::storage::{read_limited, set_aside, write_atomically, Storage};
use crate::view::{view_of, GameView};
use gomoku::ai::{Engine, LevelConfig};
use gomoku::game::{Clock, Names, Settings};
use gomoku::record::{self, MAX_SAVE_BYTES};
use gomoku::{Color, Game, Level, Mode, Pos, Rule};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// The AI's own move: played when the search ends.
    Move,
    /// A suggestion for the person to move.
    Hint,
    /// Analysis mode: the best moves of the position before move `ply`, until stopped.
    Analysis {
        /// The position analysed: the first `ply` moves of the line.
        ply: usize,
    },
    /// The evaluation graph of the game's line.
    Graph,
}

impl JobKind {
    /// Whether this search plays or suggests a move (the person waits for it); analysis and the
    /// graph run beside the game and give way to anything else.
    pub fn is_for_a_move(self) -> bool {
        matches!(self, JobKind::Move | JobKind::Hint)
    }
}

/// A running search.
#[derive(Clone, Debug)]
pub struct Job {
    /// Unique id, so a finished search can tell whether it is still the current one.
    pub id: u64,
    /// The game generation it searches.
    pub generation: u64,
    /// What it is for.
    pub kind: JobKind,
    /// Raised to end it early.
    pub stop: Arc<AtomicBool>,
}

/// The settings of a new game as the page sends them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewGameSettings {
    /// Board side.
    pub size: u8,
    /// Rule.
    pub rule: Rule,
    /// Black's first stone on the centre.
    #[serde(default)]
    pub centre_first: bool,
    /// Who plays whom.
    pub mode: Mode,
    /// The person's colour against the AI.
    #[serde(default = "default_color")]
    pub human_color: Color,
    /// AI level.
    pub level: Level,
    /// Nicknames.
    pub names: Names,
    /// An external engine (by id) to play for the AI side instead of the built-in AI.
    #[serde(default)]
    pub engine: Option<String>,
    /// The opening rule played first (with one, `humanColor` black means the person opens).
    #[serde(default)]
    pub opening: gomoku::opening::OpeningRule,
}

fn default_color() -> Color {
    Color::Black
}

/// What the page needs to know at start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StartupInfo {
    /// An unfinished game can be resumed.
    pub resumable: bool,
    /// Problems met at start (each reported once).
    pub warnings: Vec<String>,
}

/// Everything the shell keeps.
pub struct Session {
    pub(crate) game: Game,
    pub(crate) generation: u64,
    pub(crate) job: Option<Job>,
    pub(crate) next_job_id: u64,
    /// In AI-vs-AI, keep playing until stopped.
    pub(crate) autoplay: bool,
    pub(crate) prefs: Preferences,
    pub(crate) storage: Option<Storage>,
    pub(crate) notifier: Arc<dyn Notifier>,
    pub(crate) engine: Arc<Mutex<Engine>>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) resumable: Option<Game>,
    pub(crate) warnings: Vec<String>,
    /// Thinking time per AI move in ms for every level, when tests shorten it (the levels'
    /// own times are the engine's: `LevelConfig::move_time_ms`).
    pub(crate) move_ms_override: Option<u64>,
    /// Pause between moves in AI-vs-AI, in ms.
    pub(crate) ai_pause_ms: u64,
    /// The external engines the person added.
    pub(crate) engines: crate::registry::Registry,
    /// The external engine playing for the AI side (and giving hints), if one was chosen.
    pub(crate) opponent: Option<crate::engines::Opponent>,
    /// The game generation at which the external engine last failed or was stopped (it is not
    /// started again by itself on that position; "AI move" asks it again).
    pub(crate) engine_failed_at: Option<u64>,
    /// The person is reviewing an earlier position: the AI does not move by itself.
    pub(crate) reviewing: bool,
    /// Search time per position of the evaluation graph, in ms.
    pub(crate) graph_ms: u64,
}

/// The session shared between commands and AI threads.
pub type SharedSession = Arc<Mutex<Session>>;

/// How the session is put together.
pub struct SessionParts {
    /// Where files go (`None`: nothing is written, for tests).
    pub storage: Option<Storage>,
    /// Where news goes.
    pub notifier: Arc<dyn Notifier>,
    /// The time source.
    pub clock: Arc<dyn Clock>,
}

impl Session {
    /// A session: reads the preferences and looks for an autosaved game (setting aside corrupt
    /// files with a warning), and starts a fresh game from the preferences.
    pub fn new(parts: SessionParts) -> Session {
        let mut warnings = Vec::new();
        let prefs = parts
            .storage
            .as_ref()
            .map_or_else(Preferences::default, |s| load_prefs(s, &mut warnings));
        let settings = settings_from_prefs(&prefs);
        let game = Game::new(settings, parts.clock.clone()).unwrap_or_else(|_| {
            Game::new(Settings::default(), parts.clock.clone()).expect("default settings are valid")
        });
        let resumable = parts
            .storage
            .as_ref()
            .and_then(|s| load_autosave(s, parts.clock.clone(), &mut warnings));
        let engines = parts
            .storage
            .as_ref()
            .map(|s| crate::engines::load_registry(s, &mut warnings))
            .unwrap_or_default();
        Session {
            game,
            generation: 1,
            job: None,
            next_job_id: 1,
            autoplay: false,
            prefs,
            storage: parts.storage,
            notifier: parts.notifier,
            engine: Arc::new(Mutex::new(Engine::new(64, 0x5EED))),
            clock: parts.clock,
            resumable,
            warnings,
            move_ms_override: None,
            ai_pause_ms: 500,
            engines,
            opponent: None,
            engine_failed_at: None,
            reviewing: false,
            graph_ms: 150,
        }
    }

    /// The snapshot of the game (an external opponent's name shown as the AI's).
    pub fn view(&self) -> GameView {
        let kind = self.job.as_ref().map(|j| j.kind);
        let mut view =
            view_of(&self.game, self.generation, kind.is_some_and(JobKind::is_for_a_move));
        view.analysing = matches!(kind, Some(JobKind::Analysis { .. }));
        view.evaluating = kind == Some(JobKind::Graph);
        view.reviewing = self.reviewing;
        if let Some(o) = &self.opponent {
            view.engine = Some(crate::view::EngineRef { id: o.id.clone(), name: o.name.clone() });
            for player in [&mut view.players.black, &mut view.players.white] {
                if player.kind == gomoku::PlayerKind::Ai {
                    player.name = o.name.clone();
                }
            }
        }
        view
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether a search is running.
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }

    /// Shortens every level's thinking time to `move_ms` (tests; the level's own time still
    /// caps it) and sets the AI-vs-AI pause (milliseconds).
    pub fn set_timing(&mut self, move_ms: u64, ai_pause_ms: u64) {
        self.move_ms_override = Some(move_ms);
        self.ai_pause_ms = ai_pause_ms;
    }

    /// Sets the search time per position of the evaluation graph (milliseconds).
    pub fn set_graph_ms(&mut self, ms: u64) {
        self.graph_ms = ms;
    }

    /// Stops and forgets the running search; its result will be dropped.
    pub(crate) fn cancel_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Marks a change of the game: new generation, autosave.
    pub(crate) fn changed(&mut self) {
        self.generation += 1;
        self.autosave();
    }

    /// Starts a new game.
    ///
    /// # Errors
    /// `badSettings` for an unusable size or name; the current game stays.
    pub fn new_game(&mut self, new: NewGameSettings) -> AppResult<GameView> {
        let settings = Settings {
            size: new.size,
            rule: new.rule,
            centre_first: new.centre_first,
            mode: new.mode,
            human_color: new.human_color,
            level: new.level,
            names: new.names,
            opening: new.opening,
        };
        let game = Game::new(settings, self.clock.clone())?;
        if let Some(id) = &new.engine {
            self.playable_engine(id, new.rule, new.size)?;
        }
        self.cancel_job();
        self.remember_settings(game.settings());
        self.game = game;
        self.set_opponent(new.engine.as_deref())?;
        self.autoplay = self.game.settings().mode == Mode::AiVsAi;
        self.changed();
        Ok(self.view())
    }

    fn remember_settings(&mut self, s: &Settings) {
        self.prefs.size = s.size;
        self.prefs.rule = s.rule;
        self.prefs.centre_first = s.centre_first;
        self.prefs.mode = s.mode;
        self.prefs.human_color = s.human_color;
        self.prefs.level = s.level;
        self.prefs.opening = s.opening;
        if s.mode == Mode::HumanVsAi {
            self.prefs.human_name = s.names.of(s.human_color).to_string();
        } else {
            self.prefs.names = s.names.clone();
        }
        self.save_prefs();
    }

    /// A person plays `(x, y)`. A running hint is cancelled first.
    ///
    /// # Errors
    /// `notYourTurn` on the AI's turn, and every rule error of the engine.
    pub fn play(&mut self, x: u8, y: u8) -> AppResult<GameView> {
        if self.game.is_ai_turn() {
            return Err(gomoku::PlayError::NotYourTurn.into());
        }
        self.game.check_move(Pos::new(x, y))?;
        if self.job.as_ref().is_some_and(|j| j.kind != JobKind::Move) {
            self.cancel_job();
        }
        self.game.play_human(Pos::new(x, y))?;
        self.changed();
        Ok(self.view())
    }

    /// A person's opening decision (`place 7,7`, `black`, `white`, `offer 7,9 9,9`, `keep 9,9`).
    ///
    /// # Errors
    /// `notYourTurn` when the AI decides now, `gameOver` without an opening in play, and the
    /// opening's refusals (see `docs/ipc.md`); nothing changes then.
    pub fn decide(&mut self, decision: &str) -> AppResult<GameView> {
        let decision: gomoku::opening::Decision = decision
            .parse()
            .map_err(|e: gomoku::opening::BadDecision| AppError::BadSettings(e.0))?;
        if self.game.is_ai_turn() {
            return Err(gomoku::PlayError::NotYourTurn.into());
        }
        self.game.decide(decision)?;
        self.cancel_job();
        self.changed();
        Ok(self.view())
    }

    /// Takes back moves (cancelling any search; in AI-vs-AI it also pauses).
    ///
    /// # Errors
    /// `nothingToUndo`.
    pub fn undo(&mut self) -> AppResult<GameView> {
        if !self.game.can_undo() {
            return Err(gomoku::game::HistoryError::NothingToUndo.into());
        }
        self.cancel_job();
        self.autoplay = false;
        self.game.undo()?;
        self.changed();
        Ok(self.view())
    }

    /// Replays undone moves (cancelling any search).
    ///
    /// # Errors
    /// `nothingToRedo`.
    pub fn redo(&mut self) -> AppResult<GameView> {
        if !self.game.can_redo() {
            return Err(gomoku::game::HistoryError::NothingToRedo.into());
        }
        self.cancel_job();
        self.game.redo()?;
        self.changed();
        Ok(self.view())
    }

    /// Checks that a search may start now.
    ///
    /// # Errors
    /// `aiThinking` while one runs, `gameOver` after the end.
    pub(crate) fn can_search(&mut self) -> AppResult<()> {
        if self.job.as_ref().is_some_and(|j| j.kind.is_for_a_move()) {
            return Err(AppError::AiThinking);
        }
        if !self.game.is_playing() {
            return Err(gomoku::PlayError::GameOver.into());
        }
        // Analysis and the graph give way.
        self.cancel_job();
        Ok(())
    }

    /// Stops the running search: an AI move is played with the best move found so far; in
    /// AI-vs-AI the autoplay pauses.
    pub fn stop_thinking(&mut self) -> GameView {
        self.autoplay = false;
        if let Some(job) = &self.job {
            job.stop.store(true, Ordering::SeqCst);
        }
        self.view()
    }

    /// Renames the people.
    ///
    /// # Errors
    /// `badSettings` for an empty or too long name.
    pub fn set_names(&mut self, names: Names) -> AppResult<GameView> {
        let settings = Settings { names, ..self.game.settings().clone() };
        self.game.change_players(settings)?;
        let s = self.game.settings().clone();
        self.remember_settings(&s);
        self.changed();
        Ok(self.view())
    }

    /// Changes the AI level (for the next search).
    ///
    /// # Errors
    /// Never in practice; the signature matches the other commands.
    pub fn set_level(&mut self, level: Level) -> AppResult<GameView> {
        let settings = Settings { level, ..self.game.settings().clone() };
        self.game.change_players(settings)?;
        let s = self.game.settings().clone();
        self.remember_settings(&s);
        self.changed();
        Ok(self.view())
    }

    /// Changes who plays whom in the running game (the position stays).
    ///
    /// # Errors
    /// Never in practice; the signature matches the other commands.
    pub fn set_mode(&mut self, mode: Mode, human_color: Color) -> AppResult<GameView> {
        self.cancel_job();
        let settings = Settings { mode, human_color, ..self.game.settings().clone() };
        self.game.change_players(settings)?;
        self.autoplay = mode == Mode::AiVsAi;
        let s = self.game.settings().clone();
        self.remember_settings(&s);
        self.changed();
        Ok(self.view())
    }

    /// The game as the text of the format a file called `path` should hold (`.json` save
    /// file, `.psq`, `.txt` move string).
    ///
    /// # Errors
    /// `badRecord` when that format cannot hold the game.
    pub fn record_text(&self, path: &Path) -> AppResult<String> {
        let name = path.to_string_lossy();
        Ok(record::Format::for_writing(&name).write(&self.game)?)
    }

    /// Reads a game from a record's `bytes`, in the format its name and content say; the current
    /// game's settings fill in what the format does not give. Nothing changes.
    ///
    /// # Errors
    /// `badRecord` naming the move and the reason.
    pub fn parse_record(&self, name: &str, bytes: &[u8]) -> AppResult<Game> {
        let format = record::Format::guess(name, bytes);
        Ok(format.read(bytes, self.game.settings().clone(), self.clock.clone())?)
    }

    /// Replaces the game with a loaded one.
    pub fn replace_game(&mut self, game: Game) -> GameView {
        self.cancel_job();
        self.autoplay = game.settings().mode == Mode::AiVsAi;
        self.game = game;
        self.check_opponent_rule();
        self.changed();
        self.view()
    }

    /// Resumes the autosaved game found at start.
    ///
    /// # Errors
    /// `noAutosave` when there is none.
    pub fn resume_autosave(&mut self) -> AppResult<GameView> {
        let mut game = self.resumable.take().ok_or(AppError::NoAutosave)?;
        // The time the question waited for an answer is nobody's thinking time.
        game.restart_turn_clock();
        Ok(self.replace_game(game))
    }

    /// Forgets the autosaved game found at start.
    pub fn discard_autosave(&mut self) -> GameView {
        self.resumable = None;
        self.view()
    }

    /// Startup news: whether a game can be resumed, and warnings (reported once).
    pub fn startup_info(&mut self) -> StartupInfo {
        StartupInfo {
            resumable: self.resumable.is_some(),
            warnings: std::mem::take(&mut self.warnings),
        }
    }

    /// The preferences.
    pub fn preferences(&self) -> Preferences {
        self.prefs.clone()
    }

    /// Replaces the preferences.
    ///
    /// # Errors
    /// `badSettings` for a bad size or name; nothing changes then.
    pub fn set_preferences(&mut self, prefs: Preferences) -> AppResult<Preferences> {
        self.prefs = prefs.validated().map_err(AppError::BadSettings)?;
        self.save_prefs();
        Ok(self.prefs.clone())
    }

    fn save_prefs(&self) {
        if let Some(storage) = &self.storage {
            if let Ok(json) = serde_json::to_vec_pretty(&self.prefs) {
                let _ = write_atomically(&storage.preferences, &json);
            }
        }
    }

    /// Writes the game to the autosave file (errors are ignored: autosave must never block play).
    pub(crate) fn autosave(&self) {
        if let Some(storage) = &self.storage {
            let _ =
                write_atomically(&storage.autosave, record::save_to_string(&self.game).as_bytes());
        }
    }

    /// Thinking time for the current level: the engine's time for it, unless tests shortened it.
    pub(crate) fn move_time_ms(&self) -> u64 {
        let level_time = LevelConfig::of(self.game.settings().level).move_time_ms;
        self.move_ms_override.unwrap_or(level_time)
    }
}

/// The settings of a fresh game from the preferences.
pub fn settings_from_prefs(prefs: &Preferences) -> Settings {
    let mut names = prefs.names.clone();
    if prefs.mode == Mode::HumanVsAi {
        match prefs.human_color {
            Color::Black => names.black = prefs.human_name.clone(),
            Color::White => names.white = prefs.human_name.clone(),
        }
    }
    Settings {
        size: prefs.size,
        rule: prefs.rule,
        centre_first: prefs.centre_first,
        mode: prefs.mode,
        human_color: prefs.human_color,
        level: prefs.level,
        names,
        opening: prefs.opening,
    }
}

fn load_prefs(storage: &Storage, warnings: &mut Vec<String>) -> Preferences {
    let parsed = match read_limited(&storage.preferences, 64 * 1024) {
        Ok(None) => return Preferences::default(),
        Ok(Some(bytes)) => serde_json::from_slice::<Preferences>(&bytes)
            .map_err(|e| e.to_string())
            .and_then(Preferences::validated),
        Err(e) => Err(e.to_string()),
    };
    parsed.unwrap_or_else(|why| {
        let aside = set_aside(&storage.preferences);
        warnings.push(format!("The preferences file was unreadable ({why}); it was set aside as {} and defaults are used.", shown(aside)));
        Preferences::default()
    })
}

fn load_autosave(
    storage: &Storage,
    clock: Arc<dyn Clock>,
    warnings: &mut Vec<String>,
) -> Option<Game> {
    let loaded = match read_limited(&storage.autosave, MAX_SAVE_BYTES) {
        Ok(None) => return None,
        Ok(Some(bytes)) => record::load_save(&bytes, clock).map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    match loaded {
        Ok(game) => {
            let begun =
                game.step() > 0 || game.opening().is_some_and(|o| !o.decisions().is_empty());
            (game.is_playing() && begun).then_some(game)
        }
        Err(why) => {
            let aside = set_aside(&storage.autosave);
            warnings.push(format!(
                "The autosaved game was unreadable ({why}); it was set aside as {}.",
                shown(aside)
            ));
            None
        }
    }
}

/// A set-aside file's path for a warning.
pub(crate) fn shown(path: Option<std::path::PathBuf>) -> String {
    path.map_or_else(|| "(could not rename)".into(), |p| p.display().to_string())
}
