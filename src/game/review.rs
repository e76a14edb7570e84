//! What a game keeps for studying it: the line a move dropped (a variation) and the evaluation
//! of every position of its line (the evaluation graph), with the biggest mistakes.

use super::Move;
use crate::color::Color;
use crate::pos::Pos;

/// The moves a divergent move dropped, kept so they can be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The ply where the lines part: both share the first `from_ply` moves.
    pub from_ply: usize,
    /// The dropped moves, from ply `from_ply` on.
    pub moves: Vec<Move>,
}

/// The engine's judgement of one position of the game, from black's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The score for black (positive: black is better); 0 when a win is known.
    pub score: i32,
    /// Plies to a known win: positive when black wins, negative when white does.
    pub mate: Option<i32>,
    /// The engine's best move for the side to move there, if it had one.
    pub best: Option<Pos>,
}

/// The largest score counted for a position: wins and bigger scores are clamped to it, so one
/// won position does not hide every other difference.
pub const SCORE_CAP: i32 = 3000;

/// How much a drop must cost at least to be called a mistake.
pub const MISTAKE_THRESHOLD: i32 = 300;

impl Evaluation {
    /// The score for black, clamped to ±[`SCORE_CAP`]; a known win counts as the cap.
    pub fn capped(&self) -> i32 {
        match self.mate {
            Some(m) if m > 0 => SCORE_CAP,
            Some(m) if m < 0 => -SCORE_CAP,
            _ => self.score.clamp(-SCORE_CAP, SCORE_CAP),
        }
    }
}

/// The plies (1-based move numbers) whose move lost the most, biggest first, at most `max` of
/// them: move `k`, played by `mover(k)`, is judged by how far the evaluation fell for its player
/// from position `k - 1` to position `k`. Only drops of [`MISTAKE_THRESHOLD`] or more count.
pub fn mistakes(evals: &[Evaluation], mover: impl Fn(usize) -> Color, max: usize) -> Vec<usize> {
    let mut drops: Vec<(i32, usize)> = evals
        .windows(2)
        .enumerate()
        .filter_map(|(i, pair)| {
            let sign = if mover(i + 1) == Color::Black { 1 } else { -1 };
            let drop = sign * (pair[0].capped() - pair[1].capped());
            (drop >= MISTAKE_THRESHOLD).then_some((drop, i + 1))
        })
        .collect();
    drops.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    drops.into_iter().take(max).map(|(_, ply)| ply).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(score: i32) -> Evaluation {
        Evaluation { score, mate: None, best: None }
    }

    #[test]
    fn the_biggest_drop_for_the_mover_is_the_first_mistake() {
        // Move 1 (black) 0 → 50: fine. Move 2 (white) 50 → 900: white lost 850.
        // Move 3 (black) 900 → 400: black lost 500. Move 4 (white) 400 → 380: fine.
        let evals = [eval(0), eval(50), eval(900), eval(400), eval(380)];
        let mover = |ply: usize| if ply % 2 == 1 { Color::Black } else { Color::White };
        assert_eq!(mistakes(&evals, mover, 5), vec![2, 3]);
        assert_eq!(mistakes(&evals, mover, 1), vec![2]);
    }

    #[test]
    fn a_missed_win_counts_as_the_cap() {
        let won = Evaluation { score: 0, mate: Some(3), best: None };
        let evals = [eval(0), won, eval(-100)];
        let mover = |ply: usize| if ply % 2 == 1 { Color::Black } else { Color::White };
        // Move 2 is white's: from black winning to black slightly worse is good for white.
        assert!(mistakes(&evals, mover, 5).is_empty());
        let evals = [won, eval(0)];
        assert_eq!(mistakes(&evals, mover, 5), vec![1]);
    }
}
