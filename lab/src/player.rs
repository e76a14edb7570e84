//! Match players: our engine in-process at a level, or an external Gomocup brain.

use crate::leaves::LeafSampler;
use crate::swap2;
use gomoku::ai::{Engine, LeafObserver, Limits, Request};
use gomoku::opening::ai::{OpeningAi, Turn};
use gomoku::opening::Opening;
use gomoku::{Board, Color, Level, Pos, Rule};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::time::Duration;

/// Someone who can be asked for a move.
pub trait Player {
    /// A short name for reports.
    fn name(&self) -> String;
    /// Prepares for a new game: `move_ms` per move, and `match_ms` for the whole game per side
    /// (0: no match clock).
    fn new_game(&mut self, size: u8, rule: Rule, move_ms: u64, match_ms: u64)
        -> Result<(), String>;
    /// Under a match clock: the time this player has left, told before each of its moves.
    fn set_time_left(&mut self, left_ms: u64);
    /// The move for `to_move` on this board, given the moves played so far in order.
    fn choose(&mut self, board: &Board, moves: &[Pos], to_move: Color) -> Result<Pos, String>;
    /// This player's decisions in an opening (opening rules), up to the other player's turn.
    fn opening_turn(&mut self, opening: &Opening) -> Result<Turn, String>;
}

/// Our engine at a level.
pub struct Internal {
    level: Level,
    engine: Engine,
    rule: Rule,
    move_ms: u64,
    depth: Option<u32>,
    seed: u64,
    games: u64,
    /// Under a match clock: the time left.
    time_left: Option<u64>,
}

impl Internal {
    /// Our engine at `level`, seeded for reproducible randomness.
    pub fn new(level: Level, seed: u64, depth: Option<u32>) -> Internal {
        Internal {
            level,
            engine: Engine::new(32, seed),
            rule: Rule::Freestyle,
            move_ms: 200,
            depth,
            seed,
            games: 0,
            time_left: None,
        }
    }
}

impl Internal {
    /// The same player searching with `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> Internal {
        self.engine.set_threads(threads);
        self
    }

    /// The same player, its searches' leaves sampled by `sampler` (if any).
    pub fn with_leaf_sampler(mut self, sampler: Option<Arc<LeafSampler>>) -> Internal {
        self.engine.set_leaf_observer(sampler.map(|s| s as Arc<dyn LeafObserver>));
        self
    }
}

impl Player for Internal {
    fn name(&self) -> String {
        let threads = match self.engine.threads() {
            1 => String::new(),
            n => format!("-t{n}"),
        };
        match self.depth {
            Some(d) => format!("gomoku-{}-d{d}{threads}", self.level),
            None => format!("gomoku-{}{threads}", self.level),
        }
    }

    fn new_game(
        &mut self,
        _size: u8,
        rule: Rule,
        move_ms: u64,
        match_ms: u64,
    ) -> Result<(), String> {
        self.rule = rule;
        self.move_ms = move_ms;
        self.time_left = (match_ms > 0).then_some(match_ms);
        self.games += 1;
        self.engine.clear_hash();
        Ok(())
    }

    fn choose(&mut self, board: &Board, _moves: &[Pos], to_move: Color) -> Result<Pos, String> {
        // The brain's own allocation (pbrain-gomoku's): a share of what is left, within the turn.
        let clock = match self.time_left {
            Some(left) => Limits::for_clock(self.move_ms, Some(left.max(1))),
            None => Limits::per_move(self.move_ms),
        };
        let limits = Limits { depth: self.depth, ..clock };
        let request = Request { board, rule: self.rule, to_move, level: self.level, limits };
        let stop = AtomicBool::new(false);
        self.engine
            .think(&request, &stop, &mut |_| {})
            .map(|d| d.best)
            .ok_or_else(|| "no move".into())
    }

    /// The opening AI with one move's time per decision (and the fixed depth, if any). The
    /// first normal move is left to `choose`, which gives it a whole move's time.
    fn opening_turn(&mut self, opening: &Opening) -> Result<Turn, String> {
        let seed = self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.games;
        let budget = Limits { depth: self.depth, ..Limits::per_move(self.move_ms) };
        let ai = OpeningAi::new(self.level, self.rule, seed).with_budget(budget);
        let stop = AtomicBool::new(false);
        let turn = ai.play_turn(opening, &mut self.engine, &stop).map_err(|e| e.to_string())?;
        Ok(Turn { then_play: None, ..turn })
    }

    fn set_time_left(&mut self, left_ms: u64) {
        self.time_left = Some(left_ms);
    }
}

/// The `BOARD … DONE` command for the position after `moves`, with `to_move` to play (its
/// stones field 1, the other's 2).
pub fn board_command(moves: &[Pos], to_move: Color) -> String {
    let mut text = String::from("BOARD\n");
    for (i, m) in moves.iter().enumerate() {
        let own = Color::at_ply(i) == to_move;
        text.push_str(&format!("{},{},{}\n", m.x, m.y, if own { 1 } else { 2 }));
    }
    text.push_str("DONE\n");
    text
}

/// A Gomocup brain run as a child process.
pub struct External {
    command: String,
    child: Option<(Child, ChildStdin, Receiver<String>)>,
    move_ms: u64,
}

impl External {
    /// A brain started with this shell command.
    pub fn new(command: &str) -> External {
        External { command: command.to_string(), child: None, move_ms: 200 }
    }

    fn spawn(&mut self) -> Result<(), String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", self.command))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        self.child = Some((child, stdin, receiver));
        Ok(())
    }

    /// Sends text to the brain.
    pub fn send(&mut self, text: &str) -> Result<(), String> {
        let (_, stdin, _) = self.child.as_mut().ok_or("brain not running")?;
        stdin
            .write_all(text.as_bytes())
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("write: {e}"))
    }

    /// The next line the brain writes, whatever it is.
    pub fn raw_line(&mut self, timeout: Duration) -> Result<String, String> {
        let (_, _, receiver) = self.child.as_mut().ok_or("brain not running")?;
        receiver.recv_timeout(timeout).map_err(|_| "no reply in time".to_string())
    }

    /// The next reply line that is not a MESSAGE/DEBUG line.
    pub fn reply(&mut self, timeout: Duration) -> Result<String, String> {
        let (_, _, receiver) = self.child.as_mut().ok_or("brain not running")?;
        loop {
            let line =
                receiver.recv_timeout(timeout).map_err(|_| "no reply in time".to_string())?;
            let word = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
            if !matches!(word.as_str(), "MESSAGE" | "DEBUG" | "") {
                return Ok(line.trim().to_string());
            }
        }
    }
}

impl Player for External {
    fn name(&self) -> String {
        self.command
            .split_whitespace()
            .last()
            .unwrap_or("brain")
            .rsplit('/')
            .next()
            .unwrap_or("brain")
            .to_string()
    }

    fn new_game(
        &mut self,
        size: u8,
        rule: Rule,
        move_ms: u64,
        match_ms: u64,
    ) -> Result<(), String> {
        self.move_ms = move_ms;
        if self.child.is_none() {
            self.spawn()?;
            self.send(&format!("START {size}\n"))?;
        } else {
            self.send("RESTART\n")?;
        }
        let ok = self.reply(Duration::from_secs(30))?;
        if !ok.eq_ignore_ascii_case("OK") {
            return Err(format!("brain answered {ok:?} to START"));
        }
        let mask = match rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        };
        self.send(&format!(
            "INFO timeout_turn {move_ms}\nINFO timeout_match {match_ms}\nINFO rule {mask}\n"
        ))
    }

    fn choose(&mut self, _board: &Board, moves: &[Pos], to_move: Color) -> Result<Pos, String> {
        self.send(&board_command(moves, to_move))?;
        let line = self.reply(self.answer_time())?;
        line.parse::<Pos>().map_err(|_| format!("bad move {line:?}"))
    }

    fn set_time_left(&mut self, left_ms: u64) {
        let _ = self.send(&format!("INFO time_left {left_ms}\n"));
    }

    /// Swap2 only, through `SWAP2BOARD`.
    fn opening_turn(&mut self, opening: &Opening) -> Result<Turn, String> {
        swap2::ask(self, opening)
    }
}

impl External {
    /// How long an answer may take.
    pub fn answer_time(&self) -> Duration {
        Duration::from_millis(self.move_ms * 20 + 30_000)
    }
}

impl Drop for External {
    fn drop(&mut self) {
        if let Some((mut child, mut stdin, _)) = self.child.take() {
            let _ = stdin.write_all(b"END\n");
            let _ = stdin.flush();
            std::thread::sleep(Duration::from_millis(50));
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
