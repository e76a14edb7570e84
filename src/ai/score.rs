//! Search scores: evaluation units, and mate scores that encode the distance to the end.

use std::fmt;

/// A mate at the root (ply 0) scores this much; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this magnitude are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// A score above every real score, for search windows.
pub const INFINITY: i32 = MATE + 1;

/// The score of winning `plies` plies from the current node.
#[inline]
pub const fn win_in(plies: usize) -> i32 {
    MATE - plies as i32
}

/// The score of losing `plies` plies from the current node.
#[inline]
pub const fn loss_in(plies: usize) -> i32 {
    -MATE + plies as i32
}

/// Whether a score is a forced win or loss.
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score > MATE_BOUND || score < -MATE_BOUND
}

/// A score as reported to people and protocols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An evaluation from the side to move's point of view (positive is good).
    Eval(i32),
    /// The side to move wins in this many of its own moves.
    WinIn(u32),
    /// The side to move loses in this many of the opponent's moves.
    LossIn(u32),
}

impl Score {
    /// Reads a raw search score.
    pub fn from_raw(raw: i32) -> Score {
        if raw > MATE_BOUND {
            Score::WinIn(((MATE - raw) as u32).div_ceil(2))
        } else if raw < -MATE_BOUND {
            Score::LossIn(((MATE + raw) as u32).div_ceil(2))
        } else {
            Score::Eval(raw)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Eval(v) => write!(f, "{v}"),
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_own_moves() {
        assert_eq!(Score::from_raw(win_in(1)), Score::WinIn(1));
        assert_eq!(Score::from_raw(win_in(3)), Score::WinIn(2));
        assert_eq!(Score::from_raw(loss_in(2)), Score::LossIn(1));
        assert_eq!(Score::from_raw(150), Score::Eval(150));
        assert!(is_mate(win_in(40)) && !is_mate(5_000));
    }
}
