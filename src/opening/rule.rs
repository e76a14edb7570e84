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
    Rif,
    /// The Yamaguchi rule (renju world championships 2009–2015): as RIF, but the tentative
    /// black declares with the three stones how many fifth moves black will offer (1 to
    /// [`MAX_OFFERS`]) — before the tentative white chooses whether to swap.
    Yamaguchi,
    /// Soosõrv-8 (renju world championships since 2017): one of the 26 openings, the
    /// tentative white may swap, white plays the fourth move anywhere and declares how many
    /// fifth moves (1 to 8) black will offer, the other player may swap again, black offers
    /// that many fifth moves that are not symmetric, white keeps one and plays the sixth.
    #[serde(rename = "soosorv8")]
    Soosorv8,
    /// Taraguchi-10: stone k (1 to 4) goes in the central square of side 2k − 1 (the first on
    /// the centre) and after each the other player may swap; then black either places the
    /// fifth in the central 9×9 square (the other player may swap once more) or offers ten
    /// fifth moves anywhere, not symmetric, of which white keeps one; white plays the sixth.
    #[serde(rename = "taraguchi10")]
    Taraguchi10,
}

/// The most fifth moves black may be asked to offer (Taraguchi-10 asks for ten).
pub const MAX_OFFERS: usize = 10;

impl OpeningRule {
    /// Every opening rule, in menu order.
    pub const ALL: [OpeningRule; 7] = [
        OpeningRule::Free,
        OpeningRule::Swap1,
        OpeningRule::Swap2,
        OpeningRule::Rif,
        OpeningRule::Yamaguchi,
        OpeningRule::Soosorv8,
        OpeningRule::Taraguchi10,
    ];

    /// The short name used in files and on the command line (`none`, `swap1`, `swap2`, `rif`,
    /// `yamaguchi`, `soosorv8`, `taraguchi10`).
    pub const fn name(self) -> &'static str {
        match self {
            OpeningRule::Free => "none",
            OpeningRule::Swap1 => "swap1",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Rif => "rif",
            OpeningRule::Yamaguchi => "yamaguchi",
            OpeningRule::Soosorv8 => "soosorv8",
            OpeningRule::Taraguchi10 => "taraguchi10",
        }
    }

    /// Whether this is one of renju's opening rules: black's stones in the opening may not
    /// stand on forbidden points.
    pub const fn is_renju(self) -> bool {
        matches!(
            self,
            OpeningRule::Rif
                | OpeningRule::Yamaguchi
                | OpeningRule::Soosorv8
                | OpeningRule::Taraguchi10
        )
    }

    /// Whether the opener's three stones must form one of the 26 renju openings (black on the
    /// centre, white touching it, black in the central 5×5 square).
    pub const fn opens_with_26(self) -> bool {
        matches!(self, OpeningRule::Rif | OpeningRule::Yamaguchi | OpeningRule::Soosorv8)
    }

    /// The most fifth moves a player may declare, under the rules with a declaration.
    pub const fn max_declared(self) -> Option<u8> {
        match self {
            OpeningRule::Yamaguchi => Some(MAX_OFFERS as u8),
            OpeningRule::Soosorv8 => Some(8),
            _ => None,
        }
    }

    /// The smallest board the rule can be played on (the later renju rules need room for
    /// Taraguchi's 9×9 square and for ten fifth moves that are not symmetric).
    pub const fn min_size(self) -> u8 {
        match self {
            OpeningRule::Yamaguchi | OpeningRule::Soosorv8 | OpeningRule::Taraguchi10 => 11,
            _ => 5,
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
        write!(
            f,
            "unknown opening rule {:?} (expected none, swap1, swap2, rif, yamaguchi, soosorv8 or taraguchi10)",
            self.0
        )
    }
}

impl std::error::Error for UnknownOpeningRule {}

impl FromStr for OpeningRule {
    type Err = UnknownOpeningRule;

    /// Parses a rule's [`name`](OpeningRule::name), in any case.
    fn from_str(s: &str) -> Result<OpeningRule, UnknownOpeningRule> {
        OpeningRule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownOpeningRule(s.to_string()))
    }
}
