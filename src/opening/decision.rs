//! The players' roles, their decisions and the phases of an opening.

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
/// `white`, `offer 7,9 9,9`, `keep 9,9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// One stone; its colour is given by the phase.
    Place(Pos),
    /// The deciding player takes black. The responder's `TakeBlack` is the rules' "swap".
    TakeBlack,
    /// The deciding player takes white (the responder's "stay"). White moves next.
    TakeWhite,
    /// RIF: black offers these two fifth moves.
    Offer(Pos, Pos),
    /// RIF: white keeps this one of the two offered fifth moves as the fifth stone.
    Keep(Pos),
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Place(p) => write!(f, "place {p}"),
            Decision::TakeBlack => f.write_str("black"),
            Decision::TakeWhite => f.write_str("white"),
            Decision::Offer(a, b) => write!(f, "offer {a} {b}"),
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
            "bad opening decision {:?} (expected place X,Y, black, white, offer X,Y X,Y or keep X,Y)",
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
            "offer" => {
                let first = point()?;
                Decision::Offer(first, point()?)
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
    /// RIF: white places the fourth stone anywhere.
    FourthMove,
    /// RIF: black offers two fifth moves that are not symmetric to each other: `Offer`.
    FifthOffers,
    /// RIF: white keeps one of the two offered fifth moves: `Keep`. White then plays the sixth
    /// move in normal play.
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
            Phase::FifthOffers => f.write_str("black offers two fifth moves"),
            Phase::WhiteKeepsFifth => f.write_str("white keeps one fifth move"),
            Phase::Done => f.write_str("the opening is over"),
        }
    }
}
