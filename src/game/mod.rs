//! One game: the only object that changes a game in progress.
//!
//! It owns the board, the moves in order, the redo stack, the result and the clocks, and refuses
//! every illegal change with a typed error that leaves it untouched.

mod clock;
mod error;
mod opening_phase;
mod review;
mod settings;
mod setup;
pub mod timing;

pub use clock::{Clock, ManualClock, SystemClock};
pub use error::{HistoryError, PlayError};
pub use review::{
    mistakes, proof_flags, Evaluation, ProofFlag, Variation, MISTAKE_THRESHOLD, SCORE_CAP,
};
pub use settings::{clean_name, Names, Player, Settings, SettingsError, MAX_NAME_CHARS};
pub use setup::{Setup, SetupError};
pub use timing::{ClockState, TimeControl};

use crate::board::{index_of, Board};
use crate::color::Color;
use crate::level::{Mode, PlayerKind};
use crate::pos::Pos;
use crate::renju::{self, Forbidden};
use std::sync::Arc;

/// A stone played, with the thinking time its player used for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Where it was played.
    pub pos: Pos,
    /// Thinking time in milliseconds.
    pub think_ms: u64,
}

/// How the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still being played.
    Playing,
    /// Someone made five; `line` holds the stones of the winning line.
    Won {
        /// The winner.
        winner: Color,
        /// The winning line's stones in line order.
        line: Vec<Pos>,
    },
    /// The board is full (or in renju black has only forbidden points left) and nobody won.
    Draw,
    /// A player's time ran out: the other one wins.
    TimeOut {
        /// The winner.
        winner: Color,
    },
}

/// A game in progress (or finished, for review).
#[derive(Clone)]
pub struct Game {
    /// The settings in force (after an opening's swap: with the players' colours exchanged).
    settings: Settings,
    /// The settings as given, the players named by their opening role (black = the opener).
    base: Settings,
    /// The opening being played or played (none without an opening rule).
    opening: Option<crate::opening::Opening>,
    /// The position set up by hand that the moves start from, if any.
    setup: Option<Setup>,
    board: Board,
    moves: Vec<Move>,
    redo: Vec<Move>,
    /// The line the last divergent move dropped.
    variation: Option<Variation>,
    /// Evaluations of the line's positions (ply 0 = the start), as far as computed.
    evaluations: Vec<Evaluation>,
    outcome: Outcome,
    clock: Arc<dyn Clock>,
    turn_started_ms: u64,
    /// When the clocks were paused (`None`: running).
    paused_at: Option<u64>,
    /// The players whose flag fell in a game where that only warns.
    flags_fallen: Vec<Color>,
    started_at: u64,
    updated_at: u64,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("settings", &self.settings)
            .field("setup", &self.setup)
            .field("moves", &self.moves)
            .field("redo", &self.redo)
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}

impl Game {
    /// A new game with these settings, timed by `clock`.
    ///
    /// # Errors
    /// [`SettingsError`] for a bad size or nickname.
    pub fn new(settings: Settings, clock: Arc<dyn Clock>) -> Result<Game, SettingsError> {
        let settings = settings.validated()?;
        let board = Board::new(u32::from(settings.size))
            .map_err(|_| SettingsError::BadSize(settings.size))?;
        let now = clock.now_ms();
        let unix = clock.unix_seconds();
        let opening = opening_phase::new_opening(&settings)?;
        Ok(Game {
            base: settings.clone(),
            opening,
            settings,
            setup: None,
            board,
            moves: Vec::new(),
            redo: Vec::new(),
            variation: None,
            evaluations: Vec::new(),
            outcome: Outcome::Playing,
            clock,
            turn_started_ms: now,
            paused_at: None,
            flags_fallen: Vec::new(),
            started_at: unix,
            updated_at: unix,
        })
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The stones on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The undone moves that `redo` would replay, the next one last.
    pub fn redo_stack(&self) -> &[Move] {
        &self.redo
    }

    /// How the game stands.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// Whether the game is still being played.
    pub fn is_playing(&self) -> bool {
        self.outcome == Outcome::Playing
    }

    /// The colour to move next.
    pub fn side_to_move(&self) -> Color {
        self.color_at(self.moves.len())
    }

    /// The colour that plays move `ply` (0-based) of this game: black first, unless a set-up
    /// position gives the move to white.
    pub fn color_at(&self, ply: usize) -> Color {
        let first = match (&self.setup, &self.opening) {
            (Some(s), _) => s.to_move,
            (None, Some(o)) => o.to_move(),
            (None, None) => Color::Black,
        };
        match first {
            Color::Black => Color::at_ply(ply),
            Color::White => Color::at_ply(ply + 1),
        }
    }

    /// The board the moves start from: empty, or the set-up position.
    fn start_board(&self) -> Board {
        let mut board = Board::new(u32::from(self.settings.size))
            .unwrap_or_else(|_| unreachable!("the size was validated"));
        for &(pos, color) in self.setup.iter().flat_map(|s| &s.stones) {
            board.place(pos, color);
        }
        for (pos, color) in self.opening.iter().flat_map(|o| o.stones()) {
            board.place(pos, color);
        }
        board
    }

    /// Number of stones played so far.
    pub fn step(&self) -> usize {
        self.moves.len()
    }

    /// The last move played and its colour.
    pub fn last_move(&self) -> Option<(Pos, Color)> {
        let last = self.moves.last()?;
        Some((last.pos, self.color_at(self.moves.len() - 1)))
    }

    /// The player of `color`.
    pub fn player(&self, color: Color) -> Player {
        self.settings.player(color)
    }

    /// Whether the side to move is the AI (and the game goes on).
    pub fn is_ai_turn(&self) -> bool {
        if let Some(role) = self.opening_turn() {
            return self.is_playing() && self.kind_of_role(role) == PlayerKind::Ai;
        }
        self.is_playing() && self.settings.kind_of(self.side_to_move()) == PlayerKind::Ai
    }

    /// Unix seconds when the game started and when it last changed.
    pub fn timestamps(&self) -> (u64, u64) {
        (self.started_at, self.updated_at)
    }

    /// Thinking time used by `color`, including the running turn, in milliseconds. The clocks
    /// start with the first stone: an empty board waiting at start-up, or a new game left
    /// alone, charges nobody.
    pub fn clock_ms(&self, color: Color) -> u64 {
        let used: u64 = self.moves_of(color).map(|m| m.think_ms).sum();
        used + self.running_ms(color)
    }

    /// How long `color` has been thinking on the running turn (0 unless it is to move and the
    /// clocks run; a pause stops it).
    fn running_ms(&self, color: Color) -> u64 {
        if !self.clocks_running() || self.side_to_move() != color {
            return 0;
        }
        let now = self.paused_at.unwrap_or_else(|| self.clock.now_ms());
        now.saturating_sub(self.turn_started_ms)
    }

    /// `color`'s clock under the game's time control after the moves it made.
    pub fn clock_state(&self, color: Color) -> ClockState {
        let control = self.settings.time_control;
        self.moves_of(color).fold(control.start(), |s, m| control.after_move(s, m.think_ms))
    }

    /// How long `color` may still think before its flag falls (`None`: untimed game).
    pub fn time_left_ms(&self, color: Color) -> Option<u64> {
        let control = self.settings.time_control;
        control.time_left(self.clock_state(color), self.running_ms(color))
    }

    /// What `color`'s clock shows under the time control now: time left (in byo-yomi, once the
    /// main time is spent, the period's) and the periods left (`None`: untimed).
    pub fn shown_clock(&self, color: Color) -> Option<(u64, u32)> {
        let control = self.settings.time_control;
        control.is_timed().then(|| control.shown(self.clock_state(color), self.running_ms(color)))
    }

    /// Whether the side to move has run out of time: it loses (or, when the game says so, it
    /// is only noted, once). Returns whether anything changed.
    pub fn check_time(&mut self) -> bool {
        let side = self.side_to_move();
        let control = self.settings.time_control;
        if !self.is_playing() || !control.is_timed() || self.flags_fallen.contains(&side) {
            return false;
        }
        let state = self.clock_state(side);
        let total = control.time_left(state, 0).unwrap_or(u64::MAX);
        if self.running_ms(side) <= total && !state.flagged {
            return false;
        }
        if self.settings.flag_warns {
            self.flags_fallen.push(side);
        } else {
            self.outcome = Outcome::TimeOut { winner: !side };
            self.updated_at = self.clock.unix_seconds();
        }
        true
    }

    /// The players whose flag fell in a game where that only warns.
    pub fn flags_fallen(&self) -> &[Color] {
        &self.flags_fallen
    }

    /// Stops (`true`) or restarts the clocks; the running turn keeps the time it had.
    pub fn pause(&mut self, on: bool) {
        let now = self.clock.now_ms();
        match (on, self.paused_at) {
            (true, None) => self.paused_at = Some(now),
            (false, Some(at)) => {
                self.turn_started_ms += now.saturating_sub(at);
                self.paused_at = None;
            }
            _ => {}
        }
    }

    /// Whether the clocks are paused.
    pub fn is_paused(&self) -> bool {
        self.paused_at.is_some()
    }

    /// Starts the side to move's turn afresh: a game taken up again later (a resumed autosave)
    /// charges nobody for the time it lay waiting.
    pub fn restart_turn_clock(&mut self) {
        self.turn_started_ms = self.clock.now_ms();
        self.paused_at = None;
    }

    /// Whether the side to move's clock is running: the game goes on and has begun.
    fn clocks_running(&self) -> bool {
        self.is_playing() && !self.moves.is_empty()
    }

    /// The moves `color` played.
    pub fn moves_of(&self, color: Color) -> impl Iterator<Item = &Move> {
        let first = usize::from(self.color_at(0) != color);
        self.moves.iter().skip(first).step_by(2)
    }

    /// Black's forbidden points when black is to move in renju; otherwise empty.
    pub fn forbidden_points(&self) -> Vec<(Pos, Forbidden)> {
        if self.settings.rule.has_forbidden_points()
            && self.side_to_move() == Color::Black
            && self.is_playing()
        {
            renju::forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    /// Checks that the side to move may play `pos`, without playing it.
    ///
    /// # Errors
    /// The [`PlayError`] the move would get.
    pub fn check_move(&self, pos: Pos) -> Result<(), PlayError> {
        if !self.is_playing() {
            return Err(PlayError::GameOver);
        }
        if self.in_opening() {
            return Err(PlayError::InOpening);
        }
        if !self.board.contains(pos) {
            return Err(PlayError::OutOfBoard);
        }
        if self.board.stone(pos).is_some() {
            return Err(PlayError::Occupied);
        }
        if self.settings.centre_first
            && self.board.stone_count() == 0
            && pos != Pos::centre(self.settings.size)
        {
            return Err(PlayError::NotCentre);
        }
        if self.settings.rule.has_forbidden_points() && self.side_to_move() == Color::Black {
            if let Some(kind) = renju::forbidden(&self.board, pos) {
                return Err(PlayError::Forbidden(kind));
            }
        }
        Ok(())
    }

    /// Plays `pos` for the side to move (person or AI). Clears the redo stack unless the move is
    /// the one redo would replay next.
    ///
    /// # Errors
    /// A [`PlayError`]; the game is unchanged.
    pub fn play(&mut self, pos: Pos) -> Result<&Outcome, PlayError> {
        self.check_move(pos)?;
        if self.check_time() && !self.is_playing() {
            return Err(PlayError::GameOver);
        }
        self.pause(false);
        let now = self.clock.now_ms();
        let think_ms =
            if self.moves.is_empty() { 0 } else { now.saturating_sub(self.turn_started_ms) };
        if self.redo.last().map(|m| m.pos) == Some(pos) {
            self.redo.pop();
        } else {
            self.drop_redo_into_variation();
        }
        self.apply(Move { pos, think_ms });
        Ok(&self.outcome)
    }

    /// Plays `pos` for a person: refuses when the side to move is the AI.
    ///
    /// # Errors
    /// [`PlayError::NotYourTurn`] or any error of [`Game::play`].
    pub fn play_human(&mut self, pos: Pos) -> Result<&Outcome, PlayError> {
        if self.is_ai_turn() {
            return Err(PlayError::NotYourTurn);
        }
        self.play(pos)
    }

    /// Puts a checked move on the board and updates the outcome and the clocks.
    fn apply(&mut self, mv: Move) {
        let color = self.side_to_move();
        self.board.place(mv.pos, color);
        self.moves.push(mv);
        self.outcome = self.outcome_after(mv.pos, color);
        self.turn_started_ms = self.clock.now_ms();
        self.updated_at = self.clock.unix_seconds();
    }

    fn outcome_after(&self, pos: Pos, color: Color) -> Outcome {
        if self.settings.rule.wins_at(&self.board, index_of(pos), color) {
            let line = self.settings.rule.winning_line(&self.board, pos).unwrap_or_default();
            Outcome::Won { winner: color, line }
        } else if !self.settings.rule.can_move(&self.board, !color) {
            // A full board, or in renju nothing left for black but forbidden points.
            Outcome::Draw
        } else {
            Outcome::Playing
        }
    }

    /// How many plies an undo takes back: one, or in human-vs-AI back to the person's turn.
    fn undo_span(&self) -> Option<usize> {
        let len = self.moves.len();
        if self.settings.mode != Mode::HumanVsAi {
            return (len > 0).then_some(1);
        }
        let human = self.settings.human_color;
        (1..=2.min(len)).find(|&k| self.color_at(len - k) == human)
    }

    /// Takes moves back: one ply, or in human-vs-AI back to the person's turn. Reopens a finished
    /// game. The moves go on the redo stack.
    ///
    /// # Errors
    /// [`HistoryError::NothingToUndo`]; the game is unchanged.
    pub fn undo(&mut self) -> Result<(), HistoryError> {
        if self.moves.is_empty() && self.opening.is_some() {
            return self.undo_opening();
        }
        let span = self.undo_span().ok_or(HistoryError::NothingToUndo)?;
        for _ in 0..span {
            self.take_back_one();
        }
        Ok(())
    }

    /// Whether [`Game::undo`] would do something.
    pub fn can_undo(&self) -> bool {
        if self.moves.is_empty() && self.opening.is_some() {
            return self.clone().undo_opening().is_ok();
        }
        self.undo_span().is_some()
    }

    /// Takes back the last ply onto the redo stack.
    fn take_back_one(&mut self) {
        if let Some(mv) = self.moves.pop() {
            self.board.remove(mv.pos);
            self.redo.push(mv);
            self.outcome = Outcome::Playing;
            self.turn_started_ms = self.clock.now_ms();
            self.updated_at = self.clock.unix_seconds();
        }
    }

    /// Takes back exactly one ply regardless of mode (for the protocol's TAKEBACK and analysis).
    ///
    /// # Errors
    /// [`HistoryError::NothingToUndo`].
    pub fn undo_one(&mut self) -> Result<(), HistoryError> {
        if self.moves.is_empty() {
            return Err(HistoryError::NothingToUndo);
        }
        self.take_back_one();
        Ok(())
    }

    /// Replays undone moves: one ply, or in human-vs-AI until it is the person's turn again.
    ///
    /// # Errors
    /// [`HistoryError::NothingToRedo`]; the game is unchanged.
    pub fn redo(&mut self) -> Result<(), HistoryError> {
        let first = self.redo.pop().ok_or(HistoryError::NothingToRedo)?;
        self.apply(first);
        while self.settings.mode == Mode::HumanVsAi
            && self.side_to_move() != self.settings.human_color
            && self.is_playing()
        {
            match self.redo.pop() {
                Some(mv) => self.apply(mv),
                None => break,
            }
        }
        Ok(())
    }

    /// Whether [`Game::redo`] would do something.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Changes settings that do not alter the position: mode, the person's colour, level, names.
    /// Size, rule and centre-first stay as they are (they need a new game).
    ///
    /// # Errors
    /// [`SettingsError`] for a bad nickname; nothing changes then.
    pub fn change_players(&mut self, new: Settings) -> Result<(), SettingsError> {
        let new = Settings {
            size: self.settings.size,
            rule: self.settings.rule,
            centre_first: self.settings.centre_first,
            opening: self.settings.opening,
            ..new
        }
        .validated()?;
        self.base = if self.colours_swapped() { new.swapped() } else { new.clone() };
        self.settings = new;
        Ok(())
    }

    /// Restores a game from its parts, replaying every move through the rules. Used by the loader.
    ///
    /// # Errors
    /// The 1-based number of the first bad move and why (moves first, then the redo stack).
    pub(crate) fn replay(
        settings: Settings,
        clock: Arc<dyn Clock>,
        moves: &[Move],
        redo: &[Move],
        timestamps: (u64, u64),
    ) -> Result<Game, ReplayError> {
        Game::replay_setup(settings, clock, None, moves, redo, timestamps)
    }

    /// [`Game::replay`] from a set-up position.
    pub(crate) fn replay_setup(
        settings: Settings,
        clock: Arc<dyn Clock>,
        setup: Option<Setup>,
        moves: &[Move],
        redo: &[Move],
        timestamps: (u64, u64),
    ) -> Result<Game, ReplayError> {
        Game::replay_opening(settings, clock, setup, &[], moves, redo, timestamps)
    }

    /// [`Game::replay_setup`] after an opening's decisions.
    pub(crate) fn replay_opening(
        settings: Settings,
        clock: Arc<dyn Clock>,
        setup: Option<Setup>,
        decisions: &[crate::opening::Decision],
        moves: &[Move],
        redo: &[Move],
        timestamps: (u64, u64),
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(settings, clock).map_err(ReplayError::Settings)?;
        if let Some(setup) = setup {
            game.set_up(setup).map_err(ReplayError::Setup)?;
        }
        for &decision in decisions {
            game.decide(decision).map_err(ReplayError::Opening)?;
        }
        for (i, mv) in moves.iter().enumerate() {
            game.check_move(mv.pos).map_err(|e| ReplayError::Move(i + 1, e))?;
            game.apply(*mv);
        }
        let mut probe = game.clone();
        for (i, mv) in redo.iter().rev().enumerate() {
            probe.check_move(mv.pos).map_err(|e| ReplayError::Move(moves.len() + i + 1, e))?;
            probe.apply(*mv);
        }
        game.redo = redo.to_vec();
        (game.started_at, game.updated_at) = timestamps;
        game.turn_started_ms = game.clock.now_ms();
        Ok(game)
    }
}

/// Why stored moves could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ReplayError {
    /// The settings are unusable.
    Settings(SettingsError),
    /// Move number `.0` (1-based) is illegal.
    Move(usize, PlayError),
    /// The set-up position cannot be played.
    Setup(SetupError),
    /// An opening decision is refused.
    Opening(crate::opening::OpeningError),
}
