//! The AI of the opening: it plays every role of every opening rule from the engine's own
//! judgement of the positions.
//!
//! * **Opener** (placing three stones, or swap2's two extra stones): draws candidate placements
//!   — random templates near the centre, or the 26 renju openings in random orientations under
//!   RIF — judges each with a short search and keeps the most even one (the smallest |value|),
//!   so the player who then chooses a colour has no good choice.
//! * **Chooser** (the responder's swap, the opener's colour after swap2's two stones): takes
//!   white when the position is good for the side to move (white), black otherwise. Under swap2
//!   the responder places two more stones instead when neither colour is clearly better (within
//!   [`OpeningAi::even_window`]) and it finds an equally even five-stone position: it then hands
//!   the choice back with stones of its own choosing.
//! * **RIF, Yamaguchi, Soosõrv-8**: white plays the engine's best fourth move; black offers
//!   its best fifth moves that are not symmetric (white keeps the one better for white, so all
//!   should be good for black); white keeps the offered fifth move that leaves it the better
//!   position and names its sixth move.
//! * **Declaring** (Yamaguchi, with white's best fourth move assumed; Soosõrv-8): the number of
//!   fifth moves whose worst for black is nearest to even — and whoever may swap next judges
//!   by that same worst fifth move.
//! * **Taraguchi-10**: each stone is the most even of the candidates in its square; each swap
//!   takes the colour the search prefers; black offers ten fifth moves when the tenth best is
//!   still worth more to black than the most even single fifth move it could place.
//!
//! The proposals are random but reproducible: they depend only on the seed and the position.
//! Searches limited by depth or nodes make the whole turn deterministic; time limits do not.

mod fifths;
mod judge;
mod propose;
mod roles;

pub use judge::{value_of, Judge, Verdict};

use super::{Decision, Opening, OpeningError};
use crate::ai::{Engine, Limits};
use crate::level::Level;
use crate::pos::Pos;
use crate::rule::Rule;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;

/// How the opening AI plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningAi {
    /// The level of the searches.
    pub level: Level,
    /// The move rule of the game (renju for RIF).
    pub rule: Rule,
    /// The limits of each search that judges a position.
    pub search: Limits,
    /// How many candidate placements a placing decision judges.
    pub candidates: usize,
    /// Values within this distance of zero count as even (judge units: evaluation points).
    pub even_window: i32,
    /// Seeds the random proposals.
    pub seed: u64,
}

/// One player's consecutive decisions, to apply in order, and the normal move it would then
/// play when the opening ends with its move (the fourth, or white's sixth).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// The decisions, in order.
    pub decisions: Vec<Decision>,
    /// The first normal move, when the opening ends with this player to move.
    pub then_play: Option<Pos>,
}

impl OpeningAi {
    /// The opening AI at `level` for the move rule `rule`: sixteen candidates per placing
    /// decision, each judged by a depth-8 search (a few hundred milliseconds a decision).
    pub fn new(level: Level, rule: Rule, seed: u64) -> OpeningAi {
        OpeningAi { level, rule, search: Limits::depth(8), candidates: 16, even_window: 60, seed }
    }

    /// The same AI spending about `budget` on one decision: its time and nodes are shared out
    /// among the searches a decision makes (the candidates and two more); a depth limit applies
    /// to each search as it is. A budget without any limit keeps the AI's own.
    pub fn with_budget(self, budget: Limits) -> OpeningAi {
        if budget.move_time.is_none() && budget.nodes.is_none() && budget.depth.is_none() {
            return self;
        }
        let searches = self.candidates as u32 + 2;
        let search = Limits {
            move_time: budget.move_time.map(|t| t / searches),
            nodes: budget.nodes.map(|n| (n / u64::from(searches)).max(1)),
            depth: budget.depth,
            ..Limits::default()
        };
        OpeningAi { search, ..self }
    }

    /// The decisions of the player whose turn it is, until the other player's turn or the end
    /// of the opening (an empty turn when the opening is over). The engine's hash is cleared
    /// first, so the same seed and position give the same turn.
    ///
    /// # Errors
    /// Only if the AI made a decision the opening refuses (a bug).
    pub fn play_turn(
        &self,
        opening: &Opening,
        engine: &mut Engine,
        stop: &AtomicBool,
    ) -> Result<Turn, OpeningError> {
        engine.clear_hash();
        let mix = opening.board().hash().rotate_left(17) ^ (opening.decisions().len() as u64);
        let mut rng = SmallRng::seed_from_u64(self.seed ^ mix);
        let mut judge =
            Judge { engine, rule: self.rule, level: self.level, limits: self.search, stop };
        let me = opening.whose_turn();
        let mut scratch = opening.clone();
        let mut turn = Turn::default();
        while !scratch.is_done() && scratch.whose_turn() == me {
            let step = roles::decide(self, &scratch, &mut judge, &mut rng);
            if step.decisions.is_empty() {
                break;
            }
            for decision in step.decisions {
                scratch.apply(decision)?;
                turn.decisions.push(decision);
            }
            turn.then_play = step.then_play;
        }
        if !(scratch.is_done() && scratch.whose_turn() == me) {
            turn.then_play = None;
        }
        Ok(turn)
    }
}
