//! The opening rules: who places the first stones and who chooses the colours.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// An opening rule, apart from the move rule ([`crate::Rule`]) the game is played under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OpeningRule {
    /// No opening rule: black moves first and the game starts at once.
    #[default]
    #[serde(rename = "none")]
    Free,
    /// Swap1: the opener places three stones (black, white, black); the responder chooses a
    /// colour; white plays the fourth move.
    Swap1,
    /// Swap2: the opener places three stones (black, white, black); the responder takes black,
    /// stays white and plays the fourth move, or places two more stones (white, then black) and
    /// lets the opener choose the colour.
    Swap2,
    /// The RIF opening rule of 1996 (renju; the rule of the world championships 1996–2008):
    /// the tentative black places the first three stones as one of the 26 canonical openings
    /// (black on the centre, white touching it, black in the central 5×5 square), the
    /// tentative white may swap once, white plays the fourth move anywhere, black offers two
    /// fifth moves that are not symmetric to each other, white keeps one and plays the sixth.
    /// The later rules (Yamaguchi, Soosõrv, Taraguchi) are not implemented.
    Rif,
}

impl OpeningRule {
    /// Every opening rule, in menu order.
    pub const ALL: [OpeningRule; 4] =
        [OpeningRule::Free, OpeningRule::Swap1, OpeningRule::Swap2, OpeningRule::Rif];

    /// The short name used in files and on the command line (`none`, `swap1`, `swap2`, `rif`).
    pub const fn name(self) -> &'static str {
        match self {
            OpeningRule::Free => "none",
            OpeningRule::Swap1 => "swap1",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Rif => "rif",
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown opening rule name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownOpeningRule(pub String);

impl fmt::Display for UnknownOpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown opening rule {:?} (expected none, swap1, swap2 or rif)", self.0)
    }
}

impl std::error::Error for UnknownOpeningRule {}

impl FromStr for OpeningRule {
    type Err = UnknownOpeningRule;

    /// Parses `none`, `swap1`, `swap2` or `rif`, in any case.
    fn from_str(s: &str) -> Result<OpeningRule, UnknownOpeningRule> {
        OpeningRule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownOpeningRule(s.to_string()))
    }
}
