//! What the job modules read and change of the session: the parts a search needs when it
//! starts, and the few changes a finished one may make.

use super::Session;
use crate::engines::Opponent;
use crate::job::{Job, JobKind, JobSlot};
use crate::notify::Notifier;
use gomoku::ai::Engine;
use gomoku::game::Evaluation;
use gomoku::{Game, Pos};
use std::sync::{Arc, Mutex};

impl Session {
    /// The game generation (grows at every change of the game).
    pub(crate) fn generation(&self) -> u64 {
        self.generation
    }

    /// The running job.
    pub(crate) fn jobs(&self) -> &JobSlot {
        &self.jobs
    }

    /// Makes a new job of `kind` over the current game the running one.
    pub(crate) fn begin_job(&mut self, kind: JobKind) -> Job {
        self.jobs.begin(self.generation, kind)
    }

    /// Ends `job` if it is still the running one; says whether it was.
    pub(crate) fn end_job(&mut self, job: &Job) -> bool {
        self.jobs.end(job)
    }

    /// Where news goes.
    pub(crate) fn notifier(&self) -> &Arc<dyn Notifier> {
        &self.notifier
    }

    /// The built-in engine.
    pub(crate) fn engine(&self) -> &Arc<Mutex<Engine>> {
        &self.engine
    }

    /// The search threads the preferences give.
    pub(crate) fn search_threads(&self) -> usize {
        self.prefs.threads()
    }

    /// Search time per position of the evaluation graph, in ms.
    pub(crate) fn graph_ms(&self) -> u64 {
        self.timing.graph_ms
    }

    /// The external engine playing for the AI side, if one was chosen.
    pub(crate) fn opponent(&self) -> Option<&Opponent> {
        self.engines.opponent()
    }

    /// Whether the AI should make its move by itself now (its turn, in a mode where it moves by
    /// itself, nothing running, not reviewing, and its engine did not fail on this position).
    pub(crate) fn ai_move_is_due(&self) -> bool {
        let mode = self.game.settings().mode;
        // In a puzzle the defence answers through the puzzle's judge, never as the AI's move.
        self.jobs.current().is_none()
            && self.puzzle.is_none()
            && !self.reviewing
            && !self.engines.failed_at(self.generation)
            && self.game.is_ai_turn()
            && (mode == gomoku::Mode::HumanVsAi || (mode == gomoku::Mode::AiVsAi && self.autoplay))
    }

    /// AI-vs-AI goes on (the person asked the AI to move).
    pub(crate) fn resume_autoplay(&mut self) {
        if self.game.settings().mode == gomoku::Mode::AiVsAi {
            self.autoplay = true;
        }
    }

    /// The pause before AI-vs-AI's next move, if autoplay goes on.
    pub(crate) fn autoplay_pause(&self) -> Option<u64> {
        let mode = self.game.settings().mode;
        (mode == gomoku::Mode::AiVsAi && self.autoplay).then_some(self.timing.ai_pause_ms)
    }

    /// Plays the AI's move, if still legal (a finished move job of this generation).
    pub(crate) fn play_ai_move(&mut self, best: Pos) {
        if self.game.play(best).is_ok() {
            self.changed();
        }
    }

    /// Takes `game` (the current one with the AI's opening decisions) as the game.
    pub(crate) fn adopt(&mut self, game: Game) {
        self.game = game;
        self.changed();
    }

    /// Keeps the evaluation graph's evaluations with the game.
    pub(crate) fn keep_evaluations(&mut self, all: Vec<Evaluation>) {
        self.game.set_evaluations(all);
        self.changed();
    }

    /// The external engine failed on `job`'s position (`why`) or was stopped (`None`): it is not
    /// started again by itself there; a failure pauses AI-vs-AI and is told to the person.
    pub(crate) fn engine_failed(&mut self, job: &Job, why: Option<&str>) {
        self.engines.mark_failed(job.generation);
        if let Some(why) = why {
            self.autoplay = false;
            self.notifier.engine_error(why);
        }
    }
}
