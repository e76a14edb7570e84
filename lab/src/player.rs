//! Match players: our engine in-process at a level, or an external Gomocup brain.

use crate::leaves::LeafSampler;
use gomoku::ai::{Engine, LeafObserver, Limits, Request};
use gomoku::opening::ai::{OpeningAi, Turn};
use gomoku::opening::Opening;
use gomoku::{Board, Color, Level, Pos, Rule};
use gomoku_client::message::progress_of;
use gomoku_client::{swap2, Ask, EngineCommand, ExternalBrain};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
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
    /// A fixed node budget a move, if any.
    nodes: Option<u64>,
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
            nodes: None,
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

    /// The same player searching `nodes` nodes a move (and no more than its time).
    pub fn with_nodes(mut self, nodes: u64) -> Internal {
        self.nodes = Some(nodes);
        self
    }

    /// The same player searching selectively with `params`.
    pub fn with_search_params(mut self, params: gomoku::ai::SearchParams) -> Internal {
        self.engine.set_search_params(params);
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
        let limits = Limits { depth: self.depth, nodes: self.nodes, ..clock };
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

/// A Gomocup brain run as a child process through the project's pbrain client.
pub struct External {
    command: String,
    brain: ExternalBrain,
    rule: Rule,
    move_ms: u64,
    /// Under a match clock: the whole game's time per side and the time left.
    clock: Option<(u64, u64)>,
    /// The node budget told the brain before each move, if any.
    max_nodes: Option<u64>,
}

impl External {
    /// A brain started with this shell command (at the first game).
    pub fn new(command: &str) -> Result<External, String> {
        let brain = ExternalBrain::new(EngineCommand::shell(command)).map_err(|e| e.to_string())?;
        Ok(External {
            command: command.to_string(),
            brain,
            rule: Rule::Freestyle,
            move_ms: 200,
            clock: None,
            max_nodes: None,
        })
    }

    /// The same brain told to search at most `nodes` nodes a move (`INFO max_node`).
    pub fn with_max_nodes(mut self, nodes: u64) -> External {
        self.max_nodes = Some(nodes);
        self
    }

    /// How long an answer may take (generous: a brain under a match clock may think long).
    pub fn answer_time(&self) -> Duration {
        Duration::from_millis(self.move_ms * 20 + 30_000)
    }

    /// The brain's move for `to_move` after `moves` and the last evaluation it reported, if any
    /// (mates as ±[`MATE`] less the distance).
    pub fn judge_if_evaluated(
        &mut self,
        moves: &[Pos],
        to_move: Color,
    ) -> Result<(Pos, Option<i32>), String> {
        let mut board = Board::new(SIZE.into()).map_err(|e| e.to_string())?;
        for (ply, &m) in moves.iter().enumerate() {
            if !board.contains(m) || board.stone(m).is_some() {
                return Err(format!("the moves given the brain are not a game: {m}"));
            }
            board.place(m, Color::at_ply(ply));
        }
        let turn = Duration::from_millis(self.move_ms.max(1));
        let mut ask = Ask::new(board, moves.to_vec(), self.rule, to_move, turn);
        ask.answer_within = self.answer_time();
        ask.max_nodes = self.max_nodes;
        ask.clock = self
            .clock
            .map(|(game, left)| (Duration::from_millis(game), Duration::from_millis(left)));
        let last_eval = Arc::new(Mutex::new(None));
        let seen = Arc::clone(&last_eval);
        let on_message = move |text: &str| {
            if let Some(eval) = progress_of(text).eval {
                *seen.lock().unwrap_or_else(|e| e.into_inner()) = Some(eval.as_number(MATE));
            }
        };
        let stop = Arc::new(AtomicBool::new(false));
        let m = self.brain.best_move(ask, stop, on_message).map_err(|e| e.to_string())?;
        let eval = *last_eval.lock().unwrap_or_else(|e| e.into_inner());
        Ok((m, eval))
    }

    /// The brain's move and its last evaluation (0 if it reported none).
    pub fn judge(&mut self, moves: &[Pos], to_move: Color) -> Result<(Pos, i32), String> {
        self.judge_if_evaluated(moves, to_move).map(|(mv, eval)| (mv, eval.unwrap_or(0)))
    }
}

/// The board size of every game the lab plays with external brains.
const SIZE: u8 = 15;

/// Mate scores as the lab's judges count them (beyond every evaluation).
pub const MATE: i32 = 100_000;

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
        self.rule = rule;
        self.move_ms = move_ms;
        self.clock = (match_ms > 0).then_some((match_ms, match_ms));
        self.brain.new_game(size).map_err(|e| e.to_string())
    }

    fn choose(&mut self, _board: &Board, moves: &[Pos], to_move: Color) -> Result<Pos, String> {
        self.judge_if_evaluated(moves, to_move).map(|(m, _)| m)
    }

    fn set_time_left(&mut self, left_ms: u64) {
        if let Some((_, left)) = &mut self.clock {
            *left = left_ms;
        }
    }

    /// Swap2 only, through `SWAP2BOARD`.
    fn opening_turn(&mut self, opening: &Opening) -> Result<Turn, String> {
        swap2::ask(&self.brain, opening, self.answer_time()).map_err(|e| e.to_string())
    }
}
