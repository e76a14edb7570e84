//! The players' roles, their decisions and the phases of an opening.

use super::rule::MAX_OFFERS;
use crate::pos::Pos;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// The two players of an opening, named by what they do first: the colours are decided later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Places the first three stones (the tentative black; player "A").
    Opener,
    /// Answers them (the tentative white; player "B").
    Responder,
}

impl Not for Role {
    type Output = Role;
    fn not(self) -> Role {
        match self {
            Role::Opener => Role::Responder,
            Role::Responder => Role::Opener,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Opener => "opener",
            Role::Responder => "responder",
        })
    }
}

/// One decision of the opening. A game record stores the list of decisions.
///
/// Written as text (and in JSON as that text) with protocol coordinates: `place 7,7`, `black`,
/// `white`, `declare 3`, `offer 7,9 9,9`, `keep 9,9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// One stone; its colour is given by the phase.
    Place(Pos),
    /// The deciding player takes black. The responder's `TakeBlack` is the rules' "swap".
    TakeBlack,
    /// The deciding player takes white (the responder's "stay"). White moves next.
    TakeWhite,
    /// The player declares how many fifth moves black will offer (Yamaguchi, Soosõrv-8).
    Declare(u8),
    /// Black offers these fifth moves (two under RIF, as declared under Yamaguchi and
    /// Soosõrv-8, ten under Taraguchi-10).
    Offer(Offers),
    /// White keeps this one of the offered fifth moves as the fifth stone.
    Keep(Pos),
}

impl Decision {
    /// An offer of these fifth moves; `None` for none or more than [`MAX_OFFERS`].
    pub fn offer(points: &[Pos]) -> Option<Decision> {
        Offers::new(points).map(Decision::Offer)
    }
}

/// The fifth moves black offers: 1 to [`MAX_OFFERS`] points, in the order given.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Offers {
    points: [Pos; MAX_OFFERS],
    len: u8,
}

impl Offers {
    /// The offer of `points`; `None` for none or more than [`MAX_OFFERS`].
    pub fn new(points: &[Pos]) -> Option<Offers> {
        if points.is_empty() || points.len() > MAX_OFFERS {
            return None;
        }
        let mut all = [Pos::new(0, 0); MAX_OFFERS];
        all[..points.len()].copy_from_slice(points);
        Some(Offers { points: all, len: points.len() as u8 })
    }

    /// The points offered.
    pub fn points(&self) -> &[Pos] {
        &self.points[..usize::from(self.len)]
    }

    /// How many points are offered.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Never true: an offer holds at least one point.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Debug for Offers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.points()).finish()
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Place(p) => write!(f, "place {p}"),
            Decision::TakeBlack => f.write_str("black"),
            Decision::TakeWhite => f.write_str("white"),
            Decision::Declare(n) => write!(f, "declare {n}"),
            Decision::Offer(offers) => {
                f.write_str("offer")?;
                offers.points().iter().try_for_each(|p| write!(f, " {p}"))
            }
            Decision::Keep(p) => write!(f, "keep {p}"),
        }
    }
}

/// A decision's text that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDecision(pub String);

impl fmt::Display for BadDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad opening decision {:?} (expected place X,Y, black, white, declare N, offer X,Y X,Y … or keep X,Y)",
            self.0
        )
    }
}

impl std::error::Error for BadDecision {}

impl FromStr for Decision {
    type Err = BadDecision;

    fn from_str(s: &str) -> Result<Decision, BadDecision> {
        let bad = || BadDecision(s.to_string());
        let mut words = s.split_whitespace();
        let word = words.next().ok_or_else(bad)?.to_ascii_lowercase();
        let mut point = || words.next().ok_or_else(bad)?.parse::<Pos>().map_err(|_| bad());
        let decision = match word.as_str() {
            "place" => Decision::Place(point()?),
            "black" => Decision::TakeBlack,
            "white" => Decision::TakeWhite,
            "declare" => {
                let n = words.next().ok_or_else(bad)?.parse::<u8>().map_err(|_| bad())?;
                Decision::Declare(n)
            }
            "offer" => {
                let points: Vec<Pos> = words
                    .by_ref()
                    .map(|w| w.parse::<Pos>().map_err(|_| bad()))
                    .collect::<Result<_, _>>()?;
                Decision::offer(&points).ok_or_else(bad)?
            }
            "keep" => Decision::Keep(point()?),
            _ => return Err(bad()),
        };
        match words.next() {
            Some(_) => Err(bad()),
            None => Ok(decision),
        }
    }
}

impl Serialize for Decision {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Decision {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Decision, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Where an opening stands: whose decision it is and which decisions are legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "phase")]
pub enum Phase {
    /// The opener places stone `placed + 1` of three (black, white, black): `Place`.
    OpenerPlacesThree {
        /// Stones placed so far (0, 1 or 2).
        placed: u8,
    },
    /// The responder chooses: `TakeBlack` (swap) or `TakeWhite` (stay); under swap2 also
    /// `Place`, a white fourth stone that begins the two-stone option.
    ResponderChooses,
    /// Swap2, after the responder's white fourth stone: the responder places the black fifth.
    ResponderPlacesFifth,
    /// Swap2, after the responder's two stones: the opener takes black or white.
    OpenerChooses,
    /// RIF, Yamaguchi, Soosõrv-8: white places the fourth stone anywhere.
    FourthMove,
    /// Yamaguchi (after the three stones), Soosõrv-8 (after the fourth): the player who placed
    /// the last stone declares how many fifth moves black will offer: `Declare`.
    DeclareOffers,
    /// Soosõrv-8, Taraguchi-10: the player who did not place the last stone may swap:
    /// `TakeBlack` or `TakeWhite`.
    SwapChoice,
    /// Taraguchi-10: stone `stone` (1 to 4) goes in the central square of side
    /// `2 * stone - 1`: `Place`.
    PlaceInSquare {
        /// The stone's number.
        stone: u8,
    },
    /// Taraguchi-10: black places the fifth stone in the central 9×9 square (`Place`) or
    /// offers ten fifth moves anywhere (`Offer`).
    FifthOrOffers,
    /// Black offers the fifth moves due, not symmetric to each other: `Offer`.
    FifthOffers,
    /// White keeps one of the offered fifth moves: `Keep`. White then plays the sixth move in
    /// normal play.
    WhiteKeepsFifth,
    /// The opening is over: normal play continues.
    Done,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::OpenerPlacesThree { placed } => {
                write!(f, "the opener places stone {} of three", placed + 1)
            }
            Phase::ResponderChooses => f.write_str("the responder chooses"),
            Phase::ResponderPlacesFifth => f.write_str("the responder places the fifth stone"),
            Phase::OpenerChooses => f.write_str("the opener chooses a colour"),
            Phase::FourthMove => f.write_str("white places the fourth stone"),
            Phase::DeclareOffers => f.write_str("the number of fifth moves is declared"),
            Phase::SwapChoice => f.write_str("the other player may swap"),
            Phase::PlaceInSquare { stone } => write!(
                f,
                "stone {stone} goes in the central {side}×{side} square",
                side = 2 * stone - 1
            ),
            Phase::FifthOrOffers => {
                f.write_str("black places the fifth stone or offers ten fifth moves")
            }
            Phase::FifthOffers => f.write_str("black offers fifth moves"),
            Phase::WhiteKeepsFifth => f.write_str("white keeps one fifth move"),
            Phase::Done => f.write_str("the opening is over"),
        }
    }
}
