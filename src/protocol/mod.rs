//! The Gomocup `pbrain` protocol with the Yixin-Board extensions, as a session object that reads
//! one line at a time and writes replies through a callback. The binary `pbrain-gomoku` wires it
//! to stdin/stdout; tests drive it directly.
//!
//! Coordinates are protocol coordinates `x,y` (zero-based, `y` from the top). The brain's colour
//! follows from the stone count when it is asked to move: an even count means it plays black.
//!
//! `SWAP2BOARD` (the Gomocup swap2 extension) is answered by the opening AI
//! ([`crate::opening::ai`]): three stones for an empty board; `SWAP`, the fourth move, or the
//! fourth and fifth stones for three stones; `SWAP` or the sixth move for five.

mod command;
mod settings;
mod stdio;
mod swap2;

pub use command::{parse, parse_swap2, Command, ParseError};
pub use settings::{rule_code, rule_of, BrainSettings};
pub use stdio::serve_stdio;

use crate::ai::{Analysis, Engine, Limits, Request};
use crate::board::Board;
use crate::color::Color;
use crate::pos::Pos;
use crate::renju;
use std::sync::atomic::AtomicBool;

/// The name and version the brain reports to `ABOUT`.
pub const ABOUT: &str = "name=\"Gomoku\", version=\"0.1.0\", author=\"The Gomoku developers\", country=\"CN\", www=\"\"";

/// What the caller should do after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `END` was received: exit.
    Exit,
}

/// Which block of stone lines is being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    /// BOARD: a position, then the brain moves.
    Board,
    /// YXBOARD: a position, no reply.
    YxBoard,
    /// SWAP2BOARD: the swap2 opening's stones, then the brain's opening decision.
    Swap2,
}

/// A position being received by BOARD, YXBOARD or SWAP2BOARD (where the field is unused).
struct PendingBoard {
    kind: Block,
    stones: Vec<(Pos, u8)>,
    error: Option<String>,
}

/// One protocol session: the board, the settings and the engine.
pub struct Session {
    board: Option<Board>,
    /// Stones in the order they were played (for TAKEBACK and colours).
    moves: Vec<Pos>,
    settings: BrainSettings,
    engine: Engine,
    pending: Option<PendingBoard>,
    /// Seeds the swap2 opening proposals (from the clock, so games differ).
    opening_seed: u64,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session with no board yet.
    pub fn new() -> Session {
        let settings = BrainSettings::default();
        Session {
            board: None,
            moves: Vec::new(),
            engine: Engine::new(settings.hash_mb(), 1),
            settings,
            pending: None,
            opening_seed: swap2::clock_seed(),
        }
    }

    /// Handles one line; replies go to `out` (one line each, without line ending). `stop` is the
    /// flag that YXSTOP sets from the reading thread while a search runs.
    pub fn handle(&mut self, line: &str, stop: &AtomicBool, out: &mut dyn FnMut(String)) -> Flow {
        let parsed = match self.pending.as_ref().map(|p| p.kind) {
            Some(Block::Swap2) => parse_swap2(line),
            kind => parse(line, kind.is_some()),
        };
        match parsed {
            Ok(Command::End) => return Flow::Exit,
            Ok(command) => self.execute(command, stop, out),
            Err(ParseError::Unknown(word)) => out(format!("UNKNOWN {word}")),
            Err(ParseError::Malformed(why)) => {
                if let Some(pending) = &mut self.pending {
                    pending.error.get_or_insert(why);
                } else {
                    out(format!("ERROR {why}"));
                }
            }
        }
        Flow::Continue
    }

    fn execute(&mut self, command: Command, stop: &AtomicBool, out: &mut dyn FnMut(String)) {
        match command {
            Command::Start(size) => self.start(size, size, out),
            Command::RectStart(w, h) => self.start(w, h, out),
            Command::Restart => self.restart(out),
            Command::Begin => self.begin(stop, out),
            Command::Turn(p) => self.turn(p, stop, out),
            Command::Board => self.open_board(Block::Board, out),
            Command::YxBoard => self.open_board(Block::YxBoard, out),
            Command::Swap2Board => self.open_board(Block::Swap2, out),
            Command::Stone(p, field) => self.pending_stone(p, field),
            Command::Point(p) => self.pending_stone(p, 0),
            Command::Done => self.close_board(stop, out),
            Command::Info(key, value) => self.info(&key, &value, out),
            Command::Takeback(p) => self.takeback(p, out),
            Command::About => out(ABOUT.to_string()),
            Command::ShowForbid => out(self.forbid_line()),
            Command::Stop | Command::End => {}
            Command::HashClear => self.engine.clear_hash(),
            Command::NBest(n) => self.n_best(n as usize, stop, out),
        }
    }

    fn start(&mut self, w: u32, h: u32, out: &mut dyn FnMut(String)) {
        if w != h {
            return out(format!("ERROR only square boards are supported, not {w}x{h}"));
        }
        match Board::new(w) {
            Ok(board) => {
                self.board = Some(board);
                self.moves.clear();
                // Before the answer: the manager's clock for the first move has not started.
                self.engine.prepare();
                out("OK".into());
            }
            Err(e) => out(format!("ERROR {e}")),
        }
    }

    fn restart(&mut self, out: &mut dyn FnMut(String)) {
        match &self.board {
            Some(board) => {
                self.board = Board::new(u32::from(board.size())).ok();
                self.moves.clear();
                out("OK".into());
            }
            None => out("ERROR no board: send START first".into()),
        }
    }

    fn begin(&mut self, stop: &AtomicBool, out: &mut dyn FnMut(String)) {
        match &self.board {
            Some(board) if board.stone_count() == 0 => self.think_and_play(stop, out),
            Some(_) => out("ERROR BEGIN on a board that is not empty".into()),
            None => out("ERROR no board: send START first".into()),
        }
    }

    fn turn(&mut self, p: Pos, stop: &AtomicBool, out: &mut dyn FnMut(String)) {
        match self.place(p) {
            Ok(()) => self.think_and_play(stop, out),
            Err(why) => out(format!("ERROR {why}")),
        }
    }

    /// Puts a stone for the side to move, if the point is free.
    fn place(&mut self, p: Pos) -> Result<(), String> {
        let board = self.board.as_mut().ok_or("no board: send START first")?;
        if !board.contains(p) {
            return Err(format!("{p} is off the board"));
        }
        if board.stone(p).is_some() {
            return Err(format!("{p} is already taken"));
        }
        board.place(p, Color::at_ply(self.moves.len()));
        self.moves.push(p);
        Ok(())
    }

    fn takeback(&mut self, p: Pos, out: &mut dyn FnMut(String)) {
        let Some(board) = self.board.as_mut() else {
            return out("ERROR no board: send START first".into());
        };
        match self.moves.iter().rposition(|&m| m == p) {
            Some(i) => {
                board.remove(p);
                self.moves.remove(i);
                self.recolour();
                out("OK".into());
            }
            None => out(format!("ERROR no stone at {p} to take back")),
        }
    }

    /// Re-derives the stones' colours from their order after a stone was taken from the middle.
    fn recolour(&mut self) {
        if let Some(board) = &mut self.board {
            let mut fresh = Board::new(u32::from(board.size())).unwrap_or_else(|_| board.clone());
            for (i, &m) in self.moves.iter().enumerate() {
                fresh.place(m, Color::at_ply(i));
            }
            *board = fresh;
        }
    }

    fn open_board(&mut self, kind: Block, out: &mut dyn FnMut(String)) {
        if self.board.is_none() {
            return out("ERROR no board: send START first".into());
        }
        self.pending = Some(PendingBoard { kind, stones: Vec::new(), error: None });
    }

    fn pending_stone(&mut self, p: Pos, field: u8) {
        if let Some(pending) = &mut self.pending {
            pending.stones.push((p, field));
        }
    }

    fn close_board(&mut self, stop: &AtomicBool, out: &mut dyn FnMut(String)) {
        let Some(pending) = self.pending.take() else {
            return out("ERROR DONE without BOARD".into());
        };
        if let Some(why) = pending.error {
            return out(format!("ERROR {why}"));
        }
        if pending.kind == Block::Swap2 {
            let points: Vec<Pos> = pending.stones.iter().map(|s| s.0).collect();
            return self.swap2(&points, stop, out);
        }
        match self.position_from(&pending.stones) {
            Ok((board, moves)) => {
                self.board = Some(board);
                self.moves = moves;
                if pending.kind == Block::Board {
                    self.think_and_play(stop, out);
                }
            }
            Err(why) => out(format!("ERROR {why}")),
        }
    }

    /// Builds the position of a BOARD command. Field 1 is the brain's stone, 2 the opponent's
    /// (3, a continuous-game mark, counts as the opponent's). The brain is to move, so with an
    /// even stone count it plays black.
    fn position_from(&self, stones: &[(Pos, u8)]) -> Result<(Board, Vec<Pos>), String> {
        let size = self.board.as_ref().map_or(15, Board::size);
        let mut board = Board::new(u32::from(size)).map_err(|e| e.to_string())?;
        let brain = Color::at_ply(stones.len());
        let own = stones.iter().filter(|s| s.1 == 1).count();
        let expected_own = stones.len() / 2;
        if own != expected_own {
            return Err(format!("{own} own stones and {} opponent stones cannot be a position with the brain to move", stones.len() - own));
        }
        for &(p, field) in stones {
            if !board.contains(p) || board.stone(p).is_some() {
                return Err(format!("stone {p} is off the board or repeated"));
            }
            board.place(p, if field == 1 { brain } else { !brain });
        }
        Ok((board, self.ordered_moves(stones, brain)))
    }

    /// The stones as alternating moves (black first), keeping the given order within each colour.
    fn ordered_moves(&self, stones: &[(Pos, u8)], brain: Color) -> Vec<Pos> {
        let of = |mine: bool| stones.iter().filter(move |s| (s.1 == 1) == mine).map(|s| s.0);
        let (black, white): (Vec<Pos>, Vec<Pos>) = if brain == Color::Black {
            (of(true).collect(), of(false).collect())
        } else {
            (of(false).collect(), of(true).collect())
        };
        let mut moves = Vec::with_capacity(stones.len());
        for i in 0..black.len().max(white.len()) {
            moves.extend(black.get(i));
            moves.extend(white.get(i));
        }
        moves
    }

    fn info(&mut self, key: &str, value: &str, out: &mut dyn FnMut(String)) {
        let old_hash = self.settings.hash_mb();
        if let Err(why) = self.settings.apply(key, value) {
            return out(format!("ERROR {why}"));
        }
        if self.settings.hash_mb() != old_hash {
            self.engine.resize_hash(self.settings.hash_mb());
            if self.board.is_some() {
                self.engine.prepare();
            }
        }
        self.engine.set_threads(self.settings.threads);
    }

    fn forbid_line(&self) -> String {
        let mut line = String::from("FORBID ");
        if let Some(board) = &self.board {
            if self.settings.rule.has_forbidden_points() {
                for (p, _) in renju::forbidden_points(board) {
                    line.push_str(&format!("{:02}{:02}", p.x, p.y));
                }
            }
        }
        line.push('.');
        line
    }

    fn think_and_play(&mut self, stop: &AtomicBool, out: &mut dyn FnMut(String)) {
        let Some(board) = self.board.clone() else {
            return out("ERROR no board: send START first".into());
        };
        let request = self.request(&board, self.settings.limits());
        let mut report = |a: &Analysis| out(message_line(a, board.size()));
        let decision = self.engine.think(&request, stop, &mut report);
        match decision {
            Some(d) => match self.place(d.best) {
                Ok(()) => out(format!("{},{}", d.best.x, d.best.y)),
                Err(why) => out(format!("ERROR {why}")),
            },
            None => out("ERROR no legal move".into()),
        }
        self.settings.after_move();
    }

    /// A search of `board` for the side to move under the session's rule and level.
    fn request<'a>(&self, board: &'a Board, limits: Limits) -> Request<'a> {
        Request {
            board,
            rule: self.settings.rule,
            to_move: Color::at_ply(self.moves.len()),
            level: self.settings.level,
            limits,
        }
    }

    /// `YXNBEST n`: searches the position for its `n` best moves, reporting each iteration's
    /// candidates as `MESSAGE nbest K depth D ev S pv …` lines (best first), then answers the
    /// best move `x,y` without playing it.
    fn n_best(&mut self, n: usize, stop: &AtomicBool, out: &mut dyn FnMut(String)) {
        let Some(board) = self.board.clone() else {
            return out("ERROR no board: send START first".into());
        };
        let limits = Limits { multi_pv: n, ..self.settings.limits() };
        let request = self.request(&board, limits);
        let size = board.size();
        let mut report = |a: &Analysis| {
            if a.lines.is_empty() {
                return out(message_line(a, size));
            }
            for (rank, line) in a.lines.iter().enumerate() {
                let shown = Analysis { score: line.score, pv: line.pv.clone(), ..a.clone() };
                out(format!("MESSAGE nbest {} {}", rank + 1, progress_text(&shown, size)));
            }
        };
        match self.engine.think(&request, stop, &mut report) {
            Some(d) => out(format!("{},{}", d.best.x, d.best.y)),
            None => out("ERROR no legal move".into()),
        }
    }

    /// The current board (for tests and tools).
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }
}

/// A `MESSAGE` line with the search's progress, in the style Yixin-Board shows.
fn message_line(a: &Analysis, size: u8) -> String {
    format!("MESSAGE {}", progress_text(a, size))
}

/// `depth D ev S nodes N nps R time T pv …` of an analysis.
fn progress_text(a: &Analysis, size: u8) -> String {
    let pv: Vec<String> =
        a.pv.iter().filter_map(|p| p.to_notation(size)).map(|n| n.to_string()).collect();
    format!(
        "depth {} ev {} nodes {} nps {} time {} pv {}",
        a.depth,
        a.score,
        a.nodes,
        a.nps,
        a.elapsed_ms,
        pv.join(" ")
    )
}
