//! The opening as a state machine: the decisions taken so far, the stones they placed, the
//! phase, and who ended up with black.

use super::decision::{Decision, Phase, Role};
use super::error::OpeningError;
use super::rule::OpeningRule;
use super::symmetry::{equivalent, near_centre};
use crate::board::Board;
use crate::color::Color;
use crate::pos::Pos;
use crate::renju;
use serde::{Deserialize, Serialize};

/// The colours of the opener's three stones.
const THREE: [Color; 3] = [Color::Black, Color::White, Color::Black];

/// An opening in progress (or over). Decisions are checked against the opening rule and the
/// stones; a refused decision changes nothing. Stored (serde) as the rule, the board size and
/// the decisions, and checked again by replaying them when read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Stored", into = "Stored")]
pub struct Opening {
    rule: OpeningRule,
    board: Board,
    decisions: Vec<Decision>,
    stones: Vec<(Pos, Color)>,
    phase: Phase,
    black: Option<Role>,
    offered: Option<(Pos, Pos)>,
}

/// What one decision does.
struct Effect {
    stone: Option<(Pos, Color)>,
    phase: Phase,
    black: Option<Role>,
    offered: Option<(Pos, Pos)>,
}

impl Opening {
    /// A new opening under `rule` on a board of side `size`. Under [`OpeningRule::Free`] it is
    /// over at once, with the opener playing black.
    ///
    /// # Errors
    /// [`OpeningError::BadSize`] when `size` is not in 5..=22.
    pub fn new(rule: OpeningRule, size: u8) -> Result<Opening, OpeningError> {
        let board = Board::new(u32::from(size)).map_err(|e| OpeningError::BadSize(e.0))?;
        let (phase, black) = match rule {
            OpeningRule::Free => (Phase::Done, Some(Role::Opener)),
            _ => (Phase::OpenerPlacesThree { placed: 0 }, None),
        };
        Ok(Opening {
            rule,
            board,
            decisions: Vec::new(),
            stones: Vec::new(),
            phase,
            black,
            offered: None,
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
        match self.phase {
            Phase::OpenerPlacesThree { .. } | Phase::OpenerChooses => Role::Opener,
            Phase::ResponderChooses | Phase::ResponderPlacesFifth => Role::Responder,
            Phase::FourthMove | Phase::WhiteKeepsFifth => self.role_of(Color::White),
            Phase::FifthOffers => self.role_of(Color::Black),
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

    /// Who plays black, once it is decided.
    pub fn black_player(&self) -> Option<Role> {
        self.black
    }

    /// Who plays `color`, once it is decided.
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

    /// RIF: the two fifth moves black offered, while white is choosing.
    pub fn offered(&self) -> Option<(Pos, Pos)> {
        self.offered.filter(|_| self.phase == Phase::WhiteKeepsFifth)
    }

    /// The decisions taken so far, in order.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    /// Checks a decision by the player whose turn it is, without taking it.
    ///
    /// # Errors
    /// Why the decision is refused.
    pub fn legal(&self, decision: &Decision) -> Result<(), OpeningError> {
        self.effect(*decision).map(|_| ())
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
        let effect = self.effect(decision)?;
        if let Some((p, color)) = effect.stone {
            self.board.place(p, color);
            self.stones.push((p, color));
        }
        self.phase = effect.phase;
        self.black = effect.black;
        self.offered = effect.offered;
        self.decisions.push(decision);
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

    /// What `decision` would do now, or why it is refused.
    fn effect(&self, decision: Decision) -> Result<Effect, OpeningError> {
        use Decision::{Keep, Offer, Place, TakeBlack, TakeWhite};
        let stay = |phase| Effect { stone: None, phase, black: self.black, offered: None };
        match (self.phase, decision) {
            (Phase::Done, _) => Err(OpeningError::Finished),
            (Phase::OpenerPlacesThree { placed }, Place(p)) => self.opener_stone(placed, p),
            (Phase::ResponderChooses, TakeBlack | TakeWhite) => {
                let black = if decision == TakeBlack { Role::Responder } else { Role::Opener };
                let phase =
                    if self.rule == OpeningRule::Rif { Phase::FourthMove } else { Phase::Done };
                Ok(Effect { black: Some(black), ..stay(phase) })
            }
            (Phase::ResponderChooses, Place(p)) if self.rule == OpeningRule::Swap2 => {
                self.stone(p, Color::White, Phase::ResponderPlacesFifth)
            }
            (Phase::ResponderPlacesFifth, Place(p)) => {
                self.stone(p, Color::Black, Phase::OpenerChooses)
            }
            (Phase::OpenerChooses, TakeBlack | TakeWhite) => {
                let black = if decision == TakeBlack { Role::Opener } else { Role::Responder };
                Ok(Effect { black: Some(black), ..stay(Phase::Done) })
            }
            (Phase::FourthMove, Place(p)) => self.stone(p, Color::White, Phase::FifthOffers),
            (Phase::FifthOffers, Offer(a, b)) => {
                self.check_offers(a, b)?;
                Ok(Effect { offered: Some((a, b)), ..stay(Phase::WhiteKeepsFifth) })
            }
            (Phase::WhiteKeepsFifth, Keep(p)) => match self.offered {
                Some((a, b)) if p == a || p == b => self.stone(p, Color::Black, Phase::Done),
                _ => Err(OpeningError::NotOffered(p)),
            },
            (phase, decision) => Err(OpeningError::NotNow { phase, decision }),
        }
    }

    /// The opener's stone number `placed + 1`, with RIF's limits on where it may go.
    fn opener_stone(&self, placed: u8, p: Pos) -> Result<Effect, OpeningError> {
        let size = self.size();
        if self.rule == OpeningRule::Rif && p.is_on(size) {
            match placed {
                0 if p != Pos::centre(size) => return Err(OpeningError::NotCentre(p)),
                1 if !near_centre(p, size, 1) => return Err(OpeningError::NotNextToCentre(p)),
                2 if !near_centre(p, size, 2) => return Err(OpeningError::OutsideOpenings(p)),
                _ => {}
            }
        }
        let phase = if placed >= 2 {
            Phase::ResponderChooses
        } else {
            Phase::OpenerPlacesThree { placed: placed + 1 }
        };
        self.stone(p, THREE[usize::from(placed)], phase)
    }

    /// A stone of `color` at `p`, then `phase`.
    fn stone(&self, p: Pos, color: Color, phase: Phase) -> Result<Effect, OpeningError> {
        self.check_point(p, color)?;
        Ok(Effect { stone: Some((p, color)), phase, black: self.black, offered: None })
    }

    /// Whether a stone of `color` may go on `p`: on the board, empty, and (RIF, black) not on a
    /// forbidden point. Swap1 and swap2 place at most three black stones, too few for any
    /// forbidden shape, so only the renju opening checks them.
    fn check_point(&self, p: Pos, color: Color) -> Result<(), OpeningError> {
        if !self.board.contains(p) {
            return Err(OpeningError::OffBoard(p));
        }
        if self.board.stone(p).is_some() {
            return Err(OpeningError::Occupied(p));
        }
        if self.rule == OpeningRule::Rif && color == Color::Black {
            if let Some(why) = renju::forbidden(&self.board, p) {
                return Err(OpeningError::Forbidden(p, why));
            }
        }
        Ok(())
    }

    /// RIF: two different, non-symmetric, legal fifth moves.
    fn check_offers(&self, a: Pos, b: Pos) -> Result<(), OpeningError> {
        self.check_point(a, Color::Black)?;
        self.check_point(b, Color::Black)?;
        if a == b {
            return Err(OpeningError::SameOffers(a));
        }
        if equivalent(&self.stones, self.size(), a, b) {
            return Err(OpeningError::SymmetricOffers(a, b));
        }
        Ok(())
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
