//! The one managed state: the game being played, its generation number, the running AI search,
//! the preferences and where files go. Commands are short calls into this type.

mod engines;
mod explorer;
mod files;
mod jobs;
mod puzzles;
mod study;

pub use files::{kept_games, settings_from_prefs, KEPT_GAMES};
use files::{load_autosave, load_prefs};
pub use study::check_png;

use crate::engines::ExternalEngines;
use crate::error::{AppError, AppResult};
use crate::job::{JobKind, JobSlot};
use crate::notify::Notifier;
use crate::prefs::Preferences;
use crate::puzzle_progress::PuzzleProgress;
use crate::puzzles::{shipped, Entry, PuzzleRun};
use crate::storage::Storage;
use crate::view::{view_of, GameView};
use gomoku::ai::{Engine, LevelConfig};
use gomoku::game::{Clock, Names, Settings};
use gomoku::{Color, Game, Level, Mode, Pos, Rule};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};

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
    /// The time control (none by default).
    #[serde(default)]
    pub time_control: gomoku::game::TimeControl,
    /// A fallen flag only warns.
    #[serde(default)]
    pub flag_warns: bool,
    /// The opening rule played first (with one, `humanColor` black means the person opens).
    #[serde(default)]
    pub opening: gomoku::opening::OpeningRule,
}

fn default_color() -> Color {
    Color::Black
}

/// Everything the page needs for its first frame, in one answer: the preferences, the start-up
/// information and — unless a game can be resumed, which the person is asked about first — the
/// view to draw.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Boot {
    /// The preferences.
    pub preferences: crate::prefs::Preferences,
    /// Whether a game can be resumed, and start-up warnings.
    pub startup: StartupInfo,
    /// The game to show, when there is nothing to resume.
    pub view: Option<crate::view::GameView>,
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

/// Everything the app keeps, by concern; every field private (the job modules and the shell
/// go through methods).
pub struct Session {
    /// The game shown.
    game: Game,
    /// Grows at every change of the game: a job's result for an older generation is dropped.
    generation: u64,
    /// In AI-vs-AI, keep playing until stopped.
    autoplay: bool,
    /// The person is reviewing an earlier position: the AI does not move by itself.
    reviewing: bool,
    /// The running job.
    jobs: JobSlot,
    /// The built-in engine (its hash table kept between moves).
    engine: Arc<Mutex<Engine>>,
    /// How long the jobs search.
    timing: Timing,
    /// The external engines.
    engines: ExternalEngines,
    /// The person's preferences.
    prefs: Preferences,
    /// Where files go (`None`: nothing is written).
    storage: Option<Storage>,
    /// The unfinished game found at start.
    resumable: Option<Game>,
    /// Problems met at start, reported once.
    warnings: Vec<String>,
    /// Where news goes.
    notifier: Arc<dyn Notifier>,
    /// The time source.
    clock: Arc<dyn Clock>,
    /// Puzzle mode: the puzzles, the one in play, the person's progress.
    puzzles: PuzzleState,
    /// The puzzle in play (the game it replaced kept aside in it).
    puzzle: Option<PuzzleRun>,
}

/// The puzzles and the person's progress.
struct PuzzleState {
    /// The shipped puzzles.
    shipped: Vec<Entry>,
    /// Those found in the person's games (by the last search).
    mine: Vec<Entry>,
    /// The person's progress.
    progress: PuzzleProgress,
    /// A problem with the progress file, until reported.
    notice: Option<String>,
}

/// How long the jobs search.
struct Timing {
    /// Thinking time per AI move in ms for every level, when tests shorten it (the levels'
    /// own times are the engine's: `LevelConfig::move_time_ms`).
    move_ms_override: Option<u64>,
    /// Pause between moves in AI-vs-AI, in ms.
    ai_pause_ms: u64,
    /// Search time per position of the evaluation graph, in ms.
    graph_ms: u64,
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
        let engines = ExternalEngines::load(parts.storage.as_ref(), &mut warnings);
        let (progress, notice) = parts
            .storage
            .as_ref()
            .map_or_else(Default::default, |s| PuzzleProgress::load(&s.puzzle_progress));
        let puzzles = PuzzleState { shipped: shipped(), mine: Vec::new(), progress, notice };
        Session {
            game,
            generation: 1,
            autoplay: false,
            reviewing: false,
            jobs: JobSlot::default(),
            engine: Arc::new(Mutex::new(Engine::new(64, 0x5EED))),
            timing: Timing { move_ms_override: None, ai_pause_ms: 500, graph_ms: 150 },
            engines,
            prefs,
            storage: parts.storage,
            resumable,
            warnings,
            notifier: parts.notifier,
            clock: parts.clock,
            puzzles,
            puzzle: None,
        }
    }

    /// The snapshot of the game (an external opponent's name shown as the AI's).
    pub fn view(&self) -> GameView {
        let kind = self.jobs.kind();
        let mut view =
            view_of(&self.game, self.generation, kind.is_some_and(JobKind::is_for_a_move));
        view.analysing = matches!(kind, Some(JobKind::Analysis { .. }));
        view.evaluating = kind == Some(JobKind::Graph);
        view.reviewing = self.reviewing;
        view.puzzle = self.puzzle_view();
        if let Some(o) = self.engines.opponent() {
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
        self.jobs.current().is_some()
    }

    /// Shortens every level's thinking time to `move_ms` (tests; the level's own time still
    /// caps it) and sets the AI-vs-AI pause (milliseconds).
    pub fn set_timing(&mut self, move_ms: u64, ai_pause_ms: u64) {
        self.timing.move_ms_override = Some(move_ms);
        self.timing.ai_pause_ms = ai_pause_ms;
    }

    /// Sets the search time per position of the evaluation graph (milliseconds).
    pub fn set_graph_ms(&mut self, ms: u64) {
        self.timing.graph_ms = ms;
    }

    /// Stops and forgets the running search; its result will be dropped.
    pub(crate) fn cancel_job(&mut self) {
        self.jobs.cancel();
    }

    /// Marks a change of the game: new generation, autosave, a finished game kept.
    pub(crate) fn changed(&mut self) {
        self.generation += 1;
        self.autosave();
        self.keep_finished_game();
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
            time_control: new.time_control,
            flag_warns: new.flag_warns,
        };
        let game = Game::new(settings, self.clock.clone())?;
        if let Some(id) = &new.engine {
            self.engines.playable(id, new.rule, new.size)?;
        }
        self.cancel_job();
        self.remember_settings(game.settings());
        self.puzzle = None;
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
        self.prefs.time_control = s.time_control;
        self.prefs.flag_warns = s.flag_warns;
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
        if self.jobs.kind().is_some_and(|k| k != JobKind::Move) {
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
        if self.jobs.is_for_a_move() {
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
        self.jobs.stop();
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

    /// Replaces the game with a loaded one.
    pub fn replace_game(&mut self, game: Game) -> GameView {
        self.cancel_job();
        self.puzzle = None;
        self.autoplay = game.settings().mode == Mode::AiVsAi;
        self.game = game;
        self.check_opponent_rule();
        self.changed();
        self.view()
    }

    /// Thinking time for the current level: the engine's time for it, unless tests shortened it.
    /// Under a time control, never more than the clock allots the side to move.
    pub(crate) fn move_time_ms(&self) -> u64 {
        let level_time = LevelConfig::of(self.game.settings().level).move_time_ms;
        let own = self.timing.move_ms_override.unwrap_or(level_time);
        let control = self.game.settings().time_control;
        let state = self.game.clock_state(self.game.side_to_move());
        control.allot_ms(state).map_or(own, |allotted| own.min(allotted))
    }

    /// Lets the flag fall if the side to move's time ran out (the page asks when its clock
    /// reaches zero; a move asks too). Returns the view either way.
    pub fn check_time(&mut self) -> GameView {
        if self.game.check_time() {
            self.cancel_job();
            self.changed();
        }
        self.view()
    }

    /// Pauses (`true`) or restarts the clocks. A running AI move is stopped while paused.
    ///
    /// # Errors
    /// `badSettings` in an untimed game or one between two AIs.
    pub fn pause_clock(&mut self, on: bool) -> AppResult<GameView> {
        if !self.game.settings().time_control.is_timed()
            || self.game.settings().mode == Mode::AiVsAi
        {
            return Err(AppError::BadSettings("only a timed game with a person can pause".into()));
        }
        if on && self.jobs.kind() == Some(JobKind::Move) {
            self.cancel_job();
        }
        self.game.pause(on);
        self.generation += 1;
        Ok(self.view())
    }
}
