//! Puzzle mode in the session: opening a puzzle (the game in play is kept aside), the person's
//! moves judged, retry, hint, the next puzzle, closing it; the progress saved at each result.

use super::Session;
use crate::error::{AppError, AppResult};
use crate::puzzles::{list, unsolved_after, Entry, PuzzleList, PuzzleRun, PuzzleView, Status};
use crate::view::GameView;
use gomoku::ai::ProofLimits;
use gomoku::game::{Names, Settings};
use gomoku::study::trainer::{hint, Judgement};
use gomoku::{Board, Color, Game, Mode, Pos, Rule};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// What judging a move needs, taken from the session so it can run without the lock.
#[derive(Clone, Debug)]
pub struct PendingMove {
    /// The position before the move.
    pub board: Board,
    /// The rule.
    pub rule: Rule,
    /// The person's side.
    pub attacker: Color,
    /// The move.
    pub m: Pos,
    /// The game generation the move made (a later change drops the verdict).
    pub generation: u64,
}

fn no_puzzle() -> AppError {
    AppError::Puzzle("no puzzle is open".into())
}

impl Session {
    /// Every puzzle with the person's progress (a problem with the progress file is reported
    /// once).
    pub fn puzzles(&mut self) -> PuzzleList {
        let notice = self.puzzles.notice.take();
        list(&self.all_puzzles(), &self.puzzles.progress, notice)
    }

    /// The puzzle in play as the page shows it.
    pub(super) fn puzzle_view(&self) -> Option<PuzzleView> {
        let run = self.puzzle.as_ref()?;
        let remaining =
            unsolved_after(&self.all_puzzles(), &run.entry, &self.puzzles.progress).len();
        Some(run.view(&self.puzzles.progress, remaining))
    }

    /// Whether a puzzle is open (most game commands wait until it is closed).
    pub fn in_puzzle(&self) -> bool {
        self.puzzle.is_some()
    }

    /// Refuses a game command during a puzzle.
    ///
    /// # Errors
    /// `puzzle` while one is open.
    pub fn not_in_puzzle(&self) -> AppResult<()> {
        match self.puzzle {
            Some(_) => Err(AppError::Puzzle("close the puzzle first".into())),
            None => Ok(()),
        }
    }

    /// Opens puzzle `id`: its position is shown, the person to move as the attacker; the game
    /// in play is kept aside (and stays the autosaved one).
    ///
    /// # Errors
    /// `puzzle` for an unknown id, `aiThinking` while an AI move runs.
    pub fn open_puzzle(&mut self, id: &str) -> AppResult<GameView> {
        let entry = self.entry(id).ok_or_else(|| AppError::Puzzle(format!("no puzzle {id}")))?;
        if self.jobs.is_for_a_move() && self.puzzle.is_none() {
            return Err(AppError::AiThinking);
        }
        let game = self.puzzle_game(&entry, &entry.puzzle.moves)?;
        self.cancel_job();
        self.autoplay = false;
        self.reviewing = false;
        let stashed = match self.puzzle.take() {
            Some(run) => run.stashed,
            None => std::mem::replace(&mut self.game, game.clone()),
        };
        self.game = game;
        let good_plies = entry.puzzle.moves.len();
        self.puzzle = Some(PuzzleRun {
            entry,
            stashed,
            status: Status::Playing,
            clean: true,
            hint: None,
            good_plies,
            moves_left: None,
        });
        self.changed();
        Ok(self.view())
    }

    fn entry(&self, id: &str) -> Option<Entry> {
        self.all_puzzles().into_iter().find(|e| e.id == id).cloned()
    }

    /// Every puzzle, shipped first, by reference (the view asks on every change).
    fn all_puzzles(&self) -> Vec<&Entry> {
        self.puzzles.shipped.iter().chain(&self.puzzles.mine).collect()
    }

    /// A game of the puzzle's rule and size, the person (attacker) against the AI (the
    /// defence, whose replies the judge plays: no AI move is ever started in a puzzle), with
    /// `moves` played.
    fn puzzle_game(&self, entry: &Entry, moves: &[Pos]) -> AppResult<Game> {
        let puzzle = &entry.puzzle;
        let attacker = puzzle.attacker();
        let person = self.prefs.human_name.clone();
        let names = match attacker {
            Color::Black => Names { black: person, white: "AI".into() },
            Color::White => Names { black: "AI".into(), white: person },
        };
        let settings = Settings {
            size: puzzle.size,
            rule: puzzle.rule,
            mode: Mode::HumanVsAi,
            level: gomoku::Level::Master,
            human_color: attacker,
            names,
            ..Settings::default()
        };
        let mut game = Game::new(settings, self.clock.clone())?;
        for &m in moves {
            game.play(m).map_err(|e| AppError::Puzzle(format!("the puzzle's position: {e}")))?;
        }
        Ok(game)
    }

    /// The person's move in the puzzle: checked by the rules and put on the board at once;
    /// judging it is left to the caller (without the lock), then [`Session::end_puzzle_move`].
    ///
    /// # Errors
    /// `puzzle` without a puzzle waiting for a move, and every rule error (nothing changes).
    pub fn begin_puzzle_move(&mut self, x: u8, y: u8) -> AppResult<PendingMove> {
        let run = self.puzzle.as_ref().ok_or_else(no_puzzle)?;
        if run.status != Status::Playing {
            return Err(AppError::Puzzle("the puzzle is not waiting for a move".into()));
        }
        let m = Pos::new(x, y);
        self.game.check_move(m)?;
        let board = self.game.board().clone();
        let (rule, attacker) = (run.entry.puzzle.rule, run.entry.puzzle.attacker());
        self.game.play(m)?;
        if let Some(run) = self.puzzle.as_mut() {
            run.status = Status::Judging;
            run.hint = None;
        }
        self.changed();
        Ok(PendingMove { board, rule, attacker, m, generation: self.generation })
    }

    /// Applies the verdict on the move `pending` made, unless the game changed meanwhile: the
    /// defence's reply is played (its refutation after a wrong move), the progress saved.
    pub fn end_puzzle_move(&mut self, pending: &PendingMove, judgement: Judgement) -> GameView {
        if pending.generation != self.generation || self.puzzle.is_none() {
            return self.view();
        }
        let reply = match &judgement {
            Judgement::Continue { reply, .. } => Some(*reply),
            Judgement::Wrong { refutation, .. } => *refutation,
            Judgement::Solved => None,
        };
        if let Some(r) = reply {
            let _ = self.game.play(r);
        }
        let Some(run) = self.puzzle.as_mut() else { return self.view() };
        let id = run.entry.id.clone();
        match judgement {
            Judgement::Solved => {
                run.status = Status::Solved;
                run.moves_left = Some(0);
                let clean = run.clean;
                self.puzzles.progress.solved(&id, clean);
                self.save_progress();
            }
            Judgement::Continue { moves_left, .. } => {
                run.status = Status::Playing;
                run.moves_left = Some(moves_left);
                run.good_plies = self.game.moves().len();
            }
            Judgement::Wrong { miss, refutation } => {
                run.status = Status::Wrong { miss, refutation };
                if run.clean {
                    run.clean = false;
                }
                self.puzzles.progress.failed(&id);
                self.save_progress();
            }
        }
        self.changed();
        self.view()
    }

    /// After a wrong move: takes it (and the refutation) back, to try again.
    ///
    /// # Errors
    /// `puzzle` without a wrong move to take back.
    pub fn retry_puzzle(&mut self) -> AppResult<GameView> {
        let run = self.puzzle.as_ref().ok_or_else(no_puzzle)?;
        if !matches!(run.status, Status::Wrong { .. }) {
            return Err(AppError::Puzzle("there is no wrong move to take back".into()));
        }
        let moves: Vec<Pos> =
            self.game.moves().iter().take(run.good_plies).map(|m| m.pos).collect();
        let game = self.puzzle_game(&run.entry.clone(), &moves)?;
        self.game = game;
        if let Some(run) = self.puzzle.as_mut() {
            run.status = Status::Playing;
        }
        self.changed();
        Ok(self.view())
    }

    /// Shows the next winning move (the solver's); the puzzle no longer counts as solved at the
    /// first try.
    ///
    /// # Errors
    /// `puzzle` unless the puzzle waits for a move.
    pub fn puzzle_hint(&mut self) -> AppResult<GameView> {
        let run = self.puzzle.as_ref().ok_or_else(no_puzzle)?;
        if run.status != Status::Playing {
            return Err(AppError::Puzzle("the puzzle is not waiting for a move".into()));
        }
        let (rule, attacker) = (run.entry.puzzle.rule, run.entry.puzzle.attacker());
        let never = AtomicBool::new(false);
        let point = hint(self.game.board(), rule, attacker, ProofLimits::default(), &never);
        if let Some(run) = self.puzzle.as_mut() {
            run.hint = point;
            run.clean = false;
        }
        self.generation += 1;
        Ok(self.view())
    }

    /// Opens the next unsolved puzzle of the same rule and grade.
    ///
    /// # Errors
    /// `puzzle` without a puzzle open or when every such puzzle is solved.
    pub fn next_puzzle(&mut self) -> AppResult<GameView> {
        let run = self.puzzle.as_ref().ok_or_else(no_puzzle)?;
        let next = unsolved_after(&self.all_puzzles(), &run.entry, &self.puzzles.progress)
            .first()
            .map(|e| e.id.clone())
            .ok_or_else(|| AppError::Puzzle("every puzzle of this grade is solved".into()))?;
        self.open_puzzle(&next)
    }

    /// Closes the puzzle: the game kept aside comes back.
    ///
    /// # Errors
    /// `puzzle` without a puzzle open.
    pub fn close_puzzle(&mut self) -> AppResult<GameView> {
        let run = self.puzzle.take().ok_or_else(no_puzzle)?;
        self.cancel_job();
        self.game = run.stashed;
        self.changed();
        Ok(self.view())
    }

    /// The kept games and the autosave, newest first: where the person's own puzzles are
    /// looked for.
    pub fn own_game_files(&self) -> Vec<PathBuf> {
        let Some(storage) = &self.storage else { return Vec::new() };
        let mut files = super::kept_games(&storage.games);
        files.push(storage.autosave.clone());
        files
    }

    /// Replaces the puzzles found in the person's games.
    pub fn set_own_puzzles(&mut self, found: Vec<Entry>) -> PuzzleList {
        self.puzzles.mine = found;
        self.puzzles()
    }

    /// The time source (for reading saved games).
    pub fn clock(&self) -> std::sync::Arc<dyn gomoku::game::Clock> {
        self.clock.clone()
    }

    fn save_progress(&mut self) {
        if let Some(storage) = &self.storage {
            if let Err(e) = self.puzzles.progress.save(&storage.puzzle_progress) {
                self.puzzles.notice = Some(format!("The puzzle progress could not be saved: {e}"));
            }
        }
    }
}
