//! The opening as a state machine: the decisions taken so far, the stones they placed, the
//! phase, and who ended up with black.

use super::decision::{Decision, Offers, Phase, Role};
use super::error::OpeningError;
use super::rule::OpeningRule;
use super::transition::{effect, THREE};
use crate::board::Board;
use crate::color::Color;
use crate::pos::Pos;
use serde::{Deserialize, Serialize};

/// An opening in progress (or over). Decisions are checked against the opening rule and the
/// stones; a refused decision changes nothing. Stored (serde) as the rule, the board size and
/// the decisions, and checked again by replaying them when read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Stored", into = "Stored")]
pub struct Opening {
    rule: OpeningRule,
    board: Board,
    decisions: Vec<Decision>,
    deciders: Vec<Role>,
    stones: Vec<(Pos, Color)>,
    phase: Phase,
    black: Option<Role>,
    offered: Option<Offers>,
    declared: Option<u8>,
}

impl Opening {
    /// A new opening under `rule` on a board of side `size`. Under [`OpeningRule::Free`] it is
    /// over at once, with the opener playing black.
    ///
    /// # Errors
    /// [`OpeningError::BadSize`] when `size` is not in 5..=22.
    pub fn new(rule: OpeningRule, size: u8) -> Result<Opening, OpeningError> {
        let board = Board::new(u32::from(size)).map_err(|e| OpeningError::BadSize(e.0))?;
        if size < rule.min_size() {
            return Err(OpeningError::BoardTooSmall { rule, min: rule.min_size() });
        }
        let (phase, black) = match rule {
            OpeningRule::Free => (Phase::Done, Some(Role::Opener)),
            OpeningRule::Taraguchi10 => (Phase::PlaceInSquare { stone: 1 }, None),
            _ => (Phase::OpenerPlacesThree { placed: 0 }, None),
        };
        Ok(Opening {
            rule,
            board,
            decisions: Vec::new(),
            deciders: Vec::new(),
            stones: Vec::new(),
            phase,
            black,
            offered: None,
            declared: None,
        })
    }

    /// Replays a stored list of decisions (a game record's opening).
    ///
    /// # Errors
    /// [`OpeningError::BadSize`], or [`OpeningError::InRecord`] naming the first decision
    /// that is refused and why.
    pub fn replay(
        rule: OpeningRule,
        size: u8,
        decisions: &[Decision],
    ) -> Result<Opening, OpeningError> {
        let mut opening = Opening::new(rule, size)?;
        for (index, &decision) in decisions.iter().enumerate() {
            opening
                .apply(decision)
                .map_err(|cause| OpeningError::InRecord { index, cause: Box::new(cause) })?;
        }
        Ok(opening)
    }

    /// The opening rule.
    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// The board side.
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The phase: what is decided next.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the opening is over and normal play goes on.
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// Who decides now; once the opening is over, the player who makes the next normal move.
    pub fn whose_turn(&self) -> Role {
        let last = self.stones.last().map_or(Color::White, |s| s.1);
        match self.phase {
            Phase::OpenerPlacesThree { .. } | Phase::OpenerChooses => Role::Opener,
            Phase::ResponderChooses | Phase::ResponderPlacesFifth => Role::Responder,
            Phase::FourthMove | Phase::WhiteKeepsFifth => self.role_of(Color::White),
            Phase::FifthOffers | Phase::FifthOrOffers => self.role_of(Color::Black),
            Phase::DeclareOffers => self.role_of(last),
            Phase::SwapChoice => self.role_of(!last),
            Phase::PlaceInSquare { stone } => self.role_of(Color::at_ply(usize::from(stone) - 1)),
            Phase::Done => self.role_of(self.to_move()),
        }
    }

    /// The colour of the next stone placed on the board (once the opening is over: the colour
    /// to make the next normal move; white after every opening rule but [`OpeningRule::Free`]).
    pub fn to_move(&self) -> Color {
        match self.phase {
            Phase::OpenerPlacesThree { placed } => THREE[usize::from(placed)],
            _ => Color::at_ply(self.stones.len()),
        }
    }

    /// Who plays black, once a player has chosen (under Taraguchi-10, where the players may
    /// swap up to five times, the latest choice: final once the opening is over).
    pub fn black_player(&self) -> Option<Role> {
        self.black
    }

    /// Who plays `color`, once a player has chosen.
    pub fn player_of(&self, color: Color) -> Option<Role> {
        self.black.map(|black| if color == Color::Black { black } else { !black })
    }

    /// Who plays `color`: the decided player, or the tentative one (the opener is the tentative
    /// black) before the choice.
    fn role_of(&self, color: Color) -> Role {
        let black = self.black.unwrap_or(Role::Opener);
        if color == Color::Black {
            black
        } else {
            !black
        }
    }

    /// The stones on the board, in the order they were placed (a kept RIF fifth move last).
    pub fn stones(&self) -> Vec<(Pos, Color)> {
        self.stones.clone()
    }

    /// The stones as a board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The fifth moves black offered, while white is choosing.
    pub fn offered(&self) -> Option<Offers> {
        self.offered.filter(|_| self.phase == Phase::WhiteKeepsFifth)
    }

    /// Yamaguchi, Soosõrv-8: the number of fifth moves declared, once declared.
    pub fn declared(&self) -> Option<u8> {
        self.declared
    }

    /// How many fifth moves black offers under this rule: two under RIF, the number declared
    /// under Yamaguchi and Soosõrv-8 (`None` before the declaration), ten under Taraguchi-10
    /// (when black offers instead of placing one).
    pub fn offers_due(&self) -> Option<usize> {
        match self.rule {
            OpeningRule::Rif => Some(2),
            OpeningRule::Yamaguchi | OpeningRule::Soosorv8 => self.declared.map(usize::from),
            OpeningRule::Taraguchi10 => Some(super::transition::TARAGUCHI_OFFERS),
            _ => None,
        }
    }

    /// The decisions taken so far, in order.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    /// The decisions taken so far, each with the player who took it.
    pub fn history(&self) -> impl Iterator<Item = (Role, Decision)> + '_ {
        self.deciders.iter().copied().zip(self.decisions.iter().copied())
    }

    /// Checks a decision by the player whose turn it is, without taking it.
    ///
    /// # Errors
    /// Why the decision is refused.
    pub fn legal(&self, decision: &Decision) -> Result<(), OpeningError> {
        effect(self, *decision).map(|_| ())
    }

    /// Checks a decision by `role`: [`OpeningError::NotYourTurn`] when it is the other
    /// player's decision, otherwise as [`Opening::legal`].
    ///
    /// # Errors
    /// Why the decision is refused.
    pub fn legal_by(&self, role: Role, decision: &Decision) -> Result<(), OpeningError> {
        self.check_turn(role)?;
        self.legal(decision)
    }

    /// Takes a decision for the player whose turn it is.
    ///
    /// # Errors
    /// Why the decision is refused; the opening is then unchanged.
    pub fn apply(&mut self, decision: Decision) -> Result<(), OpeningError> {
        let effect = effect(self, decision)?;
        let decider = self.whose_turn();
        if let Some((p, color)) = effect.stone {
            self.board.place(p, color);
            self.stones.push((p, color));
        }
        self.phase = effect.phase;
        self.black = effect.black;
        self.offered = effect.offered;
        self.declared = effect.declared;
        self.decisions.push(decision);
        self.deciders.push(decider);
        Ok(())
    }

    /// Takes a decision for `role`, refusing it when it is the other player's turn.
    ///
    /// # Errors
    /// Why the decision is refused; the opening is then unchanged.
    pub fn apply_by(&mut self, role: Role, decision: Decision) -> Result<(), OpeningError> {
        self.check_turn(role)?;
        self.apply(decision)
    }

    /// Takes back the last decision (stones, choices and offers alike) and returns it; `None`
    /// at the start.
    pub fn undo(&mut self) -> Option<Decision> {
        let last = *self.decisions.last()?;
        let kept = &self.decisions[..self.decisions.len() - 1];
        match Opening::replay(self.rule, self.size(), kept) {
            Ok(previous) => {
                *self = previous;
                Some(last)
            }
            // Every prefix of accepted decisions replays; keep the opening as it is otherwise.
            Err(_) => None,
        }
    }

    fn check_turn(&self, role: Role) -> Result<(), OpeningError> {
        if self.is_done() {
            return Err(OpeningError::Finished);
        }
        let expected = self.whose_turn();
        if role == expected {
            Ok(())
        } else {
            Err(OpeningError::NotYourTurn { expected })
        }
    }
}

/// How an opening is stored: enough to replay it.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Stored {
    rule: OpeningRule,
    size: u8,
    decisions: Vec<Decision>,
}

impl From<Opening> for Stored {
    fn from(opening: Opening) -> Stored {
        Stored { rule: opening.rule, size: opening.size(), decisions: opening.decisions }
    }
}

impl TryFrom<Stored> for Opening {
    type Error = OpeningError;

    fn try_from(stored: Stored) -> Result<Opening, OpeningError> {
        Opening::replay(stored.rule, stored.size, &stored.decisions)
    }
}
