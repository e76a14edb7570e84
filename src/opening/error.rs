//! Why an opening decision is refused.

use super::decision::{Decision, Phase, Role};
use super::rule::OpeningRule;
use crate::pos::Pos;
use crate::renju::Forbidden;
use std::fmt;

/// A refused decision. A refused decision changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningError {
    /// The board size is not in 5..=22.
    BadSize(u32),
    /// The rule needs a larger board.
    BoardTooSmall {
        /// The opening rule.
        rule: OpeningRule,
        /// Its smallest board.
        min: u8,
    },
    /// The opening is over: there is nothing left to decide.
    Finished,
    /// It is the other player's decision.
    NotYourTurn {
        /// Who decides now.
        expected: Role,
    },
    /// This kind of decision is not legal in this phase (a fourth stone during the opener's
    /// three under swap1, a colour choice while stones are being placed, …).
    NotNow {
        /// The phase.
        phase: Phase,
        /// The decision refused.
        decision: Decision,
    },
    /// The point is off the board.
    OffBoard(Pos),
    /// The point already holds a stone.
    Occupied(Pos),
    /// RIF: the first stone must be on the centre.
    NotCentre(Pos),
    /// RIF: the second stone must touch the centre stone (the central 3×3 square).
    NotNextToCentre(Pos),
    /// RIF: the third stone must lie in the central 5×5 square (one of the 26 openings).
    OutsideOpenings(Pos),
    /// Taraguchi-10: the stone must lie in the central square of this side.
    NotInSquare {
        /// The point refused.
        point: Pos,
        /// The side of the central square.
        side: u8,
    },
    /// The number of fifth moves declared is not in 1..=max.
    BadDeclaration {
        /// The number declared.
        declared: u8,
        /// The most allowed.
        max: u8,
    },
    /// Black must offer exactly the number of fifth moves due.
    WrongOfferCount {
        /// The number offered.
        given: usize,
        /// The number due.
        due: usize,
    },
    /// Two fifth moves offered are the same point.
    SameOffers(Pos),
    /// Two fifth moves offered are symmetric to each other in this position.
    SymmetricOffers(Pos, Pos),
    /// White may only keep one of the offered points.
    NotOffered(Pos),
    /// Renju: black may not play on a forbidden point.
    Forbidden(Pos, Forbidden),
    /// A stored list of decisions failed at this (zero-based) decision.
    InRecord {
        /// The index of the failing decision.
        index: usize,
        /// Why it failed.
        cause: Box<OpeningError>,
    },
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::BadSize(n) => write!(f, "board size {n} is not in 5..=22"),
            OpeningError::BoardTooSmall { rule, min } => {
                write!(f, "the {rule} opening rule needs a board of at least {min}×{min}")
            }
            OpeningError::Finished => f.write_str("the opening is over"),
            OpeningError::NotYourTurn { expected } => write!(f, "it is the {expected}'s decision"),
            OpeningError::NotNow { phase, decision } => {
                write!(f, "{decision} is not allowed now: {phase}")
            }
            OpeningError::OffBoard(p) => write!(f, "{p} is off the board"),
            OpeningError::Occupied(p) => write!(f, "{p} is already taken"),
            OpeningError::NotCentre(p) => {
                write!(f, "the first stone must be on the centre, not {p}")
            }
            OpeningError::NotNextToCentre(p) => {
                write!(f, "the second stone must touch the centre stone, not {p}")
            }
            OpeningError::OutsideOpenings(p) => write!(
                f,
                "the third stone must lie in the central 5×5 square (the 26 openings), not {p}"
            ),
            OpeningError::NotInSquare { point, side } => {
                write!(f, "this stone must lie in the central {side}×{side} square, not {point}")
            }
            OpeningError::BadDeclaration { declared, max } => {
                write!(f, "the number of fifth moves must be 1 to {max}, not {declared}")
            }
            OpeningError::WrongOfferCount { given, due } => {
                write!(f, "black must offer {due} fifth moves, not {given}")
            }
            OpeningError::SameOffers(p) => write!(f, "two fifth moves offered are both {p}"),
            OpeningError::SymmetricOffers(a, b) => {
                write!(f, "the fifth moves {a} and {b} are symmetric in this position")
            }
            OpeningError::NotOffered(p) => write!(f, "{p} is not one of the offered fifth moves"),
            OpeningError::Forbidden(p, why) => write!(f, "{p} is forbidden for black: {why}"),
            OpeningError::InRecord { index, cause } => {
                write!(f, "opening decision {}: {cause}", index + 1)
            }
        }
    }
}

impl std::error::Error for OpeningError {}
