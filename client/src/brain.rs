//! One external engine, kept running between moves: asks it for a move with the whole position
//! (`BOARD … DONE`), within the turn time and a grace period, and checks the move before the
//! game sees it. Any failure ends the process (it is started afresh for the next request).

use super::process::EngineProcess;
use super::{excerpt, ExternalError};
use gomoku::protocol::rule_code;
use gomoku::{renju, Board, Color, Pos, Rule};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;
use tokio::time::Instant;

/// How long an engine may take to answer `START` (and the probe's `ABOUT`).
pub const START_TIMEOUT: Duration = Duration::from_secs(5);
/// Time allowed beyond the turn time before a silent engine is stopped.
pub const GRACE: Duration = Duration::from_secs(2);

/// How to start an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The executable.
    pub path: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
}

impl EngineCommand {
    /// An engine started by a shell command line (`sh -c`), as match tools name engines.
    pub fn shell(command_line: &str) -> EngineCommand {
        EngineCommand { path: "sh".into(), args: vec!["-c".into(), command_line.into()] }
    }
}

/// What to ask for.
#[derive(Clone, Debug)]
pub struct Ask {
    /// The stones.
    pub board: Board,
    /// The moves in the order played (the stones of `board`).
    pub moves: Vec<Pos>,
    /// The rule in force.
    pub rule: Rule,
    /// The side to find a move for.
    pub to_move: Color,
    /// The turn time given to the engine.
    pub turn: Duration,
    /// A game clock: the whole game's time per side and the time this side has left.
    pub clock: Option<(Duration, Duration)>,
    /// How long the answer may take before the engine is given up.
    pub answer_within: Duration,
    /// At most this many nodes (Yixin-Board's `INFO max_node`), if set: a search that does not
    /// depend on the machine's load. (Nothing is sent when it is not set, so an engine keeps a
    /// limit told before.)
    pub max_nodes: Option<u64>,
}

impl Ask {
    /// A move for `to_move` after `moves` (the stones of `board`), within `turn` (plus
    /// [`GRACE`] before the engine is given up), with no game clock.
    pub fn new(board: Board, moves: Vec<Pos>, rule: Rule, to_move: Color, turn: Duration) -> Ask {
        Ask {
            board,
            moves,
            rule,
            to_move,
            turn,
            clock: None,
            answer_within: turn + GRACE,
            max_nodes: None,
        }
    }
}

/// Work for the engine's thread.
type Work = Box<dyn FnOnce(&mut Core) + Send>;

/// An external engine, run from a thread of its own that lives as long as this value: the
/// process is started there, so the parent-death signal (tied to the starting thread on Linux)
/// fires only when that thread, the app's, or the app itself ends.
pub struct ExternalBrain {
    work: Option<mpsc::Sender<Work>>,
    worker: Option<std::thread::JoinHandle<()>>,
}

impl ExternalBrain {
    /// A brain for `command`; the process starts at the first request.
    ///
    /// # Errors
    /// [`ExternalError::Spawn`] if its thread or runtime cannot be made.
    pub fn new(command: EngineCommand) -> Result<ExternalBrain, ExternalError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| ExternalError::Spawn(e.to_string()))?;
        let (work, jobs) = mpsc::channel::<Work>();
        let worker = std::thread::Builder::new()
            .name("external-engine".into())
            .spawn(move || {
                let mut core = Core { command, runtime, process: None, started_for: None };
                for job in jobs {
                    job(&mut core);
                }
                core.shut_down();
            })
            .map_err(|e| ExternalError::Spawn(e.to_string()))?;
        Ok(ExternalBrain { work: Some(work), worker: Some(worker) })
    }

    /// Runs `f` on the engine's thread and waits for its result.
    fn run<T: Send + 'static>(&self, f: impl FnOnce(&mut Core) -> T + Send + 'static) -> Option<T> {
        let (reply, answer) = mpsc::channel();
        let job: Work = Box::new(move |core| {
            let _ = reply.send(f(core));
        });
        self.work.as_ref()?.send(job).ok()?;
        answer.recv().ok()
    }

    /// The engine process's id while it runs (for tests).
    pub fn pid(&self) -> Option<u32> {
        self.run(|core| core.process.as_ref().and_then(EngineProcess::pid)).flatten()
    }

    /// Prepares the engine for a new game on a `size` board: started for it (`START`), or told
    /// `RESTART` if it already runs at that size.
    ///
    /// # Errors
    /// Any [`ExternalError`]; the engine process is ended then.
    pub fn new_game(&self, size: u8) -> Result<(), ExternalError> {
        self.run(move |core| core.new_game(size))
            .unwrap_or_else(|| Err(ExternalError::Crashed("its thread ended".into())))
    }

    /// Sends `lines` (a `SWAP2BOARD` block, say) and returns the first answer line, read within
    /// `within`; MESSAGE lines are skipped. The engine must have been started ([`Self::new_game`]).
    ///
    /// # Errors
    /// Any [`ExternalError`]; the engine process is ended then.
    pub fn exchange(&self, lines: Vec<String>, within: Duration) -> Result<String, ExternalError> {
        self.run(move |core| core.exchange_lines(&lines, within))
            .unwrap_or_else(|| Err(ExternalError::Crashed("its thread ended".into())))
    }

    /// Asks for a move. `stop` ends the request early ([`ExternalError::Stopped`]); MESSAGE
    /// lines go to `on_message`. On any error the engine process is ended.
    ///
    /// # Errors
    /// Any [`ExternalError`]; the caller's game is untouched either way.
    pub fn best_move(
        &self,
        ask: Ask,
        stop: Arc<AtomicBool>,
        mut on_message: impl FnMut(&str) + Send + 'static,
    ) -> Result<Pos, ExternalError> {
        let block = board_lines(&ask.moves, ask.to_move);
        self.run(move |core| core.best_move(&ask, block, &stop, &mut on_message))
            .unwrap_or_else(|| Err(ExternalError::Crashed("its thread ended".into())))
    }

    /// Asks for the `n` best moves of the position with Yixin-Board's extension (`YXBOARD` …
    /// `DONE`, then `YXNBEST n`): the engine lists its candidates in `MESSAGE` lines as it
    /// searches (they go to `on_message`) and answers its best move, which is checked like a
    /// move and returned (the engine does not play it).
    ///
    /// # Errors
    /// As [`ExternalBrain::best_move`]; an engine without the extension answers `ERROR`
    /// ([`ExternalError::Refused`]).
    pub fn n_best(
        &self,
        ask: Ask,
        n: usize,
        stop: Arc<AtomicBool>,
        mut on_message: impl FnMut(&str) + Send + 'static,
    ) -> Result<Pos, ExternalError> {
        let mut block = board_lines(&ask.moves, ask.to_move);
        block[0] = "YXBOARD".to_string();
        block.push(format!("YXNBEST {n}"));
        self.run(move |core| core.best_move(&ask, block, &stop, &mut on_message))
            .unwrap_or_else(|| Err(ExternalError::Crashed("its thread ended".into())))
    }

    /// Ends the engine process (politely, then by force); the next request starts it again.
    pub fn shut_down(&self) {
        self.run(Core::shut_down);
    }
}

impl Drop for ExternalBrain {
    fn drop(&mut self) {
        drop(self.work.take());
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

/// The engine's thread's state.
struct Core {
    command: EngineCommand,
    runtime: tokio::runtime::Runtime,
    process: Option<EngineProcess>,
    /// The board size the process was started for.
    started_for: Option<u8>,
}

impl Core {
    fn new_game(&mut self, size: u8) -> Result<(), ExternalError> {
        let restart = async {
            match (&mut self.process, self.started_for) {
                (Some(engine), Some(s)) if s == size => {
                    engine.send("RESTART").await?;
                    expect_ok(engine, "RESTART").await
                }
                _ => {
                    ensure_started(&mut self.process, &mut self.started_for, &self.command, size)
                        .await
                }
            }
        };
        let result = self.runtime.block_on(restart);
        if result.is_err() {
            self.shut_down();
        }
        result
    }

    fn exchange_lines(
        &mut self,
        lines: &[String],
        within: Duration,
    ) -> Result<String, ExternalError> {
        let exchange = async {
            let engine =
                self.process.as_mut().ok_or(ExternalError::Crashed("not started".into()))?;
            for line in lines {
                engine.send(line).await?;
            }
            engine.answer(Instant::now() + within, "its answer", &mut |_| {}).await
        };
        let result = self.runtime.block_on(exchange);
        if result.is_err() {
            self.shut_down();
        }
        result
    }

    fn best_move(
        &mut self,
        ask: &Ask,
        block: Vec<String>,
        stop: &AtomicBool,
        on_message: &mut dyn FnMut(&str),
    ) -> Result<Pos, ExternalError> {
        let runtime = &self.runtime;
        let result = runtime.block_on(async {
            tokio::select! {
                result = exchange(&mut self.process, &mut self.started_for, &self.command, ask, &block, on_message) => result,
                () = watch(stop) => Err(ExternalError::Stopped),
            }
        });
        if result.is_err() {
            self.shut_down();
        }
        result
    }

    fn shut_down(&mut self) {
        self.started_for = None;
        if let Some(process) = self.process.take() {
            self.runtime.block_on(process.shut_down(Duration::from_millis(300)));
        }
    }
}

/// Resolves once `stop` is raised.
async fn watch(stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn exchange(
    process: &mut Option<EngineProcess>,
    started_for: &mut Option<u8>,
    command: &EngineCommand,
    ask: &Ask,
    block: &[String],
    on_message: &mut dyn FnMut(&str),
) -> Result<Pos, ExternalError> {
    ensure_started(process, started_for, command, ask.board.size()).await?;
    let engine = process.as_mut().ok_or(ExternalError::Crashed("not started".into()))?;
    for line in info_lines(ask).iter().chain(block) {
        engine.send(line).await?;
    }
    let deadline = Instant::now() + ask.answer_within;
    let answer = engine.answer(deadline, "its move", on_message).await?;
    checked_move(&answer, ask)
}

/// Starts the engine for a `size` board unless it already runs for it.
async fn ensure_started(
    process: &mut Option<EngineProcess>,
    started_for: &mut Option<u8>,
    command: &EngineCommand,
    size: u8,
) -> Result<(), ExternalError> {
    if process.is_some() && *started_for == Some(size) {
        return Ok(());
    }
    *process = None;
    let mut fresh = EngineProcess::spawn(&command.path, &command.args)?;
    start(&mut fresh, size).await?;
    *process = Some(fresh);
    *started_for = Some(size);
    Ok(())
}

/// The `INFO` lines that tell the engine the rule and its time before a move.
fn info_lines(ask: &Ask) -> Vec<String> {
    let ms = |d: Duration| d.as_millis().max(1);
    let mut lines = vec![format!("INFO timeout_turn {}", ms(ask.turn))];
    match ask.clock {
        Some((game, left)) => {
            lines.push(format!("INFO timeout_match {}", ms(game)));
            lines.push(format!("INFO time_left {}", ms(left)));
        }
        None => lines.push("INFO timeout_match 0".to_string()),
    }
    lines.push(format!("INFO rule {}", rule_code(ask.rule)));
    lines.push("INFO game_type 1".to_string());
    if let Some(nodes) = ask.max_nodes {
        lines.push(format!("INFO max_node {nodes}"));
    }
    lines
}

/// The `BOARD … DONE` block for the position after `moves`, with `to_move` to play (its stones
/// field 1, the other's 2).
pub fn board_lines(moves: &[Pos], to_move: Color) -> Vec<String> {
    let mut lines = vec!["BOARD".to_string()];
    for (ply, pos) in moves.iter().enumerate() {
        let own = if Color::at_ply(ply) == to_move { 1 } else { 2 };
        lines.push(format!("{},{},{own}", pos.x, pos.y));
    }
    lines.push("DONE".to_string());
    lines
}

/// `START size`, answered `OK` within [`START_TIMEOUT`].
///
/// # Errors
/// A timeout, a crash, `ERROR …` (the size is refused) or anything else than `OK`.
pub async fn start(engine: &mut EngineProcess, size: u8) -> Result<(), ExternalError> {
    engine.send(&format!("START {size}")).await?;
    expect_ok(engine, "START").await
}

/// An `OK` answer to `what` within [`START_TIMEOUT`].
async fn expect_ok(engine: &mut EngineProcess, what: &str) -> Result<(), ExternalError> {
    let deadline = Instant::now() + START_TIMEOUT;
    let answer = engine.answer(deadline, what, &mut |_| {}).await?;
    match answer.to_ascii_uppercase().as_str() {
        "OK" => Ok(()),
        a if a.starts_with("ERROR") => Err(ExternalError::Refused(excerpt(&answer, 120))),
        _ => Err(ExternalError::Garbage(excerpt(&answer, 120))),
    }
}

/// The engine's answer as a move that is on the board, empty and legal for the side to move.
fn checked_move(answer: &str, ask: &Ask) -> Result<Pos, ExternalError> {
    if answer.to_ascii_uppercase().starts_with("ERROR") {
        return Err(ExternalError::Refused(excerpt(answer, 120)));
    }
    let parsed = answer
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse::<u8>().ok()?, y.trim().parse::<u8>().ok()?)));
    let Some((x, y)) = parsed else {
        return Err(ExternalError::Garbage(excerpt(answer, 120)));
    };
    let pos = Pos::new(x, y);
    let board = &ask.board;
    if !board.contains(pos) {
        return Err(ExternalError::IllegalMove(format!("{x},{y} is off the board")));
    }
    if board.stone(pos).is_some() {
        return Err(ExternalError::IllegalMove(format!("{x},{y} is occupied")));
    }
    if ask.rule == Rule::Renju && ask.to_move == Color::Black {
        if let Some(kind) = renju::forbidden(board, pos) {
            return Err(ExternalError::IllegalMove(format!("{x},{y} is forbidden ({kind})")));
        }
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask_on(board: &Board) -> Ask {
        Ask::new(board.clone(), Vec::new(), Rule::Renju, Color::Black, Duration::from_millis(100))
    }

    #[test]
    fn answers_are_checked_before_the_game_sees_them() {
        let mut board = Board::new(15).unwrap();
        board.place(Pos::new(7, 7), Color::Black);
        let ask = ask_on(&board);
        assert_eq!(checked_move("8,7", &ask), Ok(Pos::new(8, 7)));
        assert_eq!(checked_move(" 8 , 7 ", &ask), Ok(Pos::new(8, 7)));
        assert!(matches!(checked_move("7,7", &ask), Err(ExternalError::IllegalMove(_))));
        assert!(matches!(checked_move("15,0", &ask), Err(ExternalError::IllegalMove(_))));
        assert!(matches!(checked_move("banana", &ask), Err(ExternalError::Garbage(_))));
        assert!(matches!(checked_move("-1,3", &ask), Err(ExternalError::Garbage(_))));
        assert!(matches!(checked_move("ERROR no", &ask), Err(ExternalError::Refused(_))));
    }

    #[test]
    fn a_forbidden_answer_is_refused_for_black_in_renju() {
        let mut board = Board::new(15).unwrap();
        for (x, y) in [(6, 7), (7, 7), (8, 5), (8, 6)] {
            board.place(Pos::new(x, y), Color::Black);
        }
        let ask = ask_on(&board);
        assert!(matches!(checked_move("8,7", &ask), Err(ExternalError::IllegalMove(_))));
        let white = Ask { to_move: Color::White, ..ask.clone() };
        assert_eq!(checked_move("8,7", &white), Ok(Pos::new(8, 7)));
    }

    #[test]
    fn the_position_and_the_clock_are_sent_as_gomocup_asks() {
        let moves = vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(9, 9)];
        assert_eq!(board_lines(&moves, Color::White), ["BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"]);
        let mut ask = ask_on(&Board::new(15).unwrap());
        assert!(info_lines(&ask).contains(&"INFO timeout_match 0".to_string()));
        assert!(info_lines(&ask).contains(&"INFO rule 4".to_string()));
        ask.clock = Some((Duration::from_secs(60), Duration::from_millis(41_500)));
        let lines = info_lines(&ask);
        assert!(lines.contains(&"INFO timeout_match 60000".to_string()), "{lines:?}");
        assert!(lines.contains(&"INFO time_left 41500".to_string()), "{lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("INFO max_node")), "{lines:?}");
        ask.max_nodes = Some(30_000);
        assert!(info_lines(&ask).contains(&"INFO max_node 30000".to_string()));
    }
}
