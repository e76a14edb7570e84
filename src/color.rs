//! The two sides of the game.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Not;

/// A player's colour. Black always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// Both colours, black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// 0 for black, 1 for white: an index into per-colour tables.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The colour that moves at ply `ply` (0-based): black on even plies.
    #[inline]
    pub const fn at_ply(ply: usize) -> Color {
        if ply % 2 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The lowercase English name, as used in files and the IPC.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_swaps_and_ply_alternates() {
        assert_eq!(!Color::Black, Color::White);
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(Color::at_ply(0), Color::Black);
        assert_eq!(Color::at_ply(3), Color::White);
    }
}
