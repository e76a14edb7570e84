//! What a game keeps for studying it: the line a move dropped (a variation) and the evaluation
//! of every position of its line (the evaluation graph), with the biggest mistakes.

use super::{Game, HistoryError, Move, PlayError, ReplayError};
use crate::ai::ThreatWin;
use crate::board::Board;
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The score for black (positive: black is better); 0 when a win is known.
    pub score: i32,
    /// Plies to a known win: positive when black wins, negative when white does.
    pub mate: Option<i32>,
    /// The engine's best move for the side to move there, if it had one.
    pub best: Option<Pos>,
    /// A forced win of the side to move there that the threat solver proved, if any.
    pub win: Option<ThreatWin>,
}

/// What a move did to a proven forced win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofFlag {
    /// Its player had a proven win in `moves` moves and played something that is not one.
    MissedWin {
        /// The winner's moves the proof needed.
        moves: u32,
    },
    /// It left the opponent a proven win in `moves` moves, where its player was not lost yet.
    WalkedIntoLoss {
        /// The opponent's moves the proof needs.
        moves: u32,
    },
}

/// The moves of the line (1-based, with `line[k - 1]` the move into position `k`) that threw
/// away a proven win or walked into one, by the proofs kept with the evaluations; `mover(k)` is
/// the colour of move `k`. A move keeps a win when it is the proof's first move, when the
/// search found its player winning after it, or when its player has a proven win again after
/// the reply that was played (no accusation without a refutation on the board).
pub fn proof_flags(
    evals: &[Evaluation],
    line: &[Move],
    mover: impl Fn(usize) -> Color,
) -> Vec<(usize, ProofFlag)> {
    let wins_for = |e: &Evaluation, color: Color| {
        e.mate.is_some_and(|m| if color == Color::Black { m > 0 } else { m < 0 })
    };
    let mut flags = Vec::new();
    for k in 1..evals.len().min(line.len() + 1) {
        let (before, after, player) = (&evals[k - 1], &evals[k], mover(k));
        if let Some(win) = &before.win {
            let again = evals.get(k + 1).is_some_and(|e| e.win.is_some());
            let kept =
                win.line.first() == Some(&line[k - 1].pos) || wins_for(after, player) || again;
            if !kept {
                flags.push((k, ProofFlag::MissedWin { moves: win.moves }));
            }
        } else if let Some(win) = &after.win {
            if !wins_for(before, !player) {
                flags.push((k, ProofFlag::WalkedIntoLoss { moves: win.moves }));
            }
        }
    }
    flags
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

impl Game {
    /// The whole line: the moves played, then the undone ones redo would replay.
    pub fn line(&self) -> Vec<Move> {
        self.moves.iter().chain(self.redo.iter().rev()).copied().collect()
    }

    /// The line the last divergent move dropped, if any.
    pub fn variation(&self) -> Option<&Variation> {
        self.variation.as_ref()
    }

    /// The evaluations of the line's positions computed so far (index = ply).
    pub fn evaluations(&self) -> &[Evaluation] {
        &self.evaluations
    }

    /// Stores the evaluations of the line's positions (index = ply); extra ones are dropped.
    pub fn set_evaluations(&mut self, mut evaluations: Vec<Evaluation>) {
        evaluations.truncate(self.moves.len() + self.redo.len() + 1);
        self.evaluations = evaluations;
    }

    /// The stones before move `ply` of the line (`ply` ≤ the line's length).
    pub fn board_at(&self, ply: usize) -> Board {
        let mut board = self.start_board();
        for (i, m) in self.line().iter().take(ply).enumerate() {
            board.place(m.pos, self.color_at(i));
        }
        board
    }

    /// A move off the redo line: the dropped moves become the kept variation, and the
    /// evaluations of positions no longer in the line go.
    pub(super) fn drop_redo_into_variation(&mut self) {
        if !self.redo.is_empty() {
            let moves = self.redo.drain(..).rev().collect();
            self.variation = Some(Variation { from_ply: self.moves.len(), moves });
        }
        self.evaluations.truncate(self.moves.len() + 1);
    }

    /// Swaps the line from the variation's first ply on with the variation, and shows the end of
    /// the restored line; the line it replaces becomes the variation.
    ///
    /// # Errors
    /// [`HistoryError::NoVariation`] without one; the game is unchanged.
    pub fn restore_variation(&mut self) -> Result<(), HistoryError> {
        let variation = self.variation.clone().ok_or(HistoryError::NoVariation)?;
        let mut game = self.clone();
        game.go_to(variation.from_ply).map_err(|_| HistoryError::NoVariation)?;
        let replaced: Vec<Move> = game.redo.drain(..).rev().collect();
        for mv in &variation.moves {
            game.check_move(mv.pos).map_err(|_| HistoryError::NoVariation)?;
            game.apply(*mv);
        }
        game.variation = Some(Variation { from_ply: variation.from_ply, moves: replaced });
        game.evaluations.truncate(variation.from_ply + 1);
        *self = game;
        Ok(())
    }

    /// Keeps `variation` as the dropped line (used by the loader): it must branch off the line
    /// and be legal from there.
    pub(crate) fn keep_variation(&mut self, variation: Variation) -> Result<(), ReplayError> {
        let mut probe = self.clone();
        let bad_start = ReplayError::Move(variation.from_ply, PlayError::OutOfBoard);
        probe.go_to(variation.from_ply).map_err(|_| bad_start)?;
        for (i, mv) in variation.moves.iter().enumerate() {
            probe
                .check_move(mv.pos)
                .map_err(|e| ReplayError::Move(variation.from_ply + i + 1, e))?;
            probe.apply(*mv);
        }
        self.variation = Some(variation);
        Ok(())
    }

    /// Steps through the line, one ply at a time in any mode, until `ply` moves are played:
    /// the moves after it go on the redo stack, undone ones come back from it.
    ///
    /// # Errors
    /// [`HistoryError::NothingToRedo`] when `ply` is beyond the line; the game is unchanged.
    pub fn go_to(&mut self, ply: usize) -> Result<(), HistoryError> {
        if ply > self.moves.len() + self.redo.len() {
            return Err(HistoryError::NothingToRedo);
        }
        while self.moves.len() > ply {
            self.take_back_one();
        }
        while self.moves.len() < ply {
            match self.redo.pop() {
                Some(mv) => self.apply(mv),
                None => break,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(score: i32) -> Evaluation {
        Evaluation { score, mate: None, best: None, win: None }
    }

    fn proven(first: (u8, u8), moves: u32) -> Evaluation {
        let line = vec![Pos::new(first.0, first.1)];
        Evaluation { win: Some(ThreatWin { line, moves, by_fours: true }), ..eval(0) }
    }

    fn moves(points: &[(u8, u8)]) -> Vec<Move> {
        points.iter().map(|&(x, y)| Move { pos: Pos::new(x, y), think_ms: 0 }).collect()
    }

    fn black_first(ply: usize) -> Color {
        if ply % 2 == 1 {
            Color::Black
        } else {
            Color::White
        }
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
        let won = Evaluation { score: 0, mate: Some(3), best: None, win: None };
        let evals = [eval(0), won.clone(), eval(-100)];
        let mover = |ply: usize| if ply % 2 == 1 { Color::Black } else { Color::White };
        // Move 2 is white's: from black winning to black slightly worse is good for white.
        assert!(mistakes(&evals, mover, 5).is_empty());
        let evals = [won, eval(0)];
        assert_eq!(mistakes(&evals, mover, 5), vec![1]);
    }

    #[test]
    fn a_move_that_is_not_the_proven_win_is_a_missed_win() {
        // Black to move at ply 2 wins in 4 starting at (9, 9); black plays (0, 0) instead.
        // (White was lost already before move 2, so that move is no news.)
        let line = moves(&[(7, 7), (8, 8), (0, 0), (1, 1)]);
        let black_wins = Evaluation { mate: Some(9), ..eval(0) };
        let evals = [eval(0), black_wins, proven((9, 9), 4), eval(0), eval(0)];
        assert_eq!(
            proof_flags(&evals, &line, black_first),
            [(3, ProofFlag::MissedWin { moves: 4 })]
        );
    }

    #[test]
    fn a_move_that_keeps_the_win_is_not_flagged() {
        let line = moves(&[(7, 7), (8, 8), (9, 9), (1, 1)]);
        let black_wins = Evaluation { mate: Some(9), ..eval(0) };
        let evals = [eval(0), black_wins.clone(), proven((9, 9), 4), eval(0)];
        assert!(proof_flags(&evals, &line, black_first).is_empty(), "the proof's own move");
        // Another move after which the search finds black winning keeps the win too.
        let line = moves(&[(7, 7), (8, 8), (9, 10), (1, 1)]);
        let after = Evaluation { mate: Some(5), ..eval(0) };
        let evals = [eval(0), black_wins, proven((9, 9), 4), after];
        assert!(proof_flags(&evals, &line, black_first).is_empty());
    }

    #[test]
    fn a_move_that_leaves_the_opponent_a_proven_win_walked_into_a_loss_unless_already_lost() {
        // White's move 2 leaves black (to move at ply 2) a win in 3.
        let line = moves(&[(7, 7), (8, 8), (9, 9)]);
        let evals = [eval(0), eval(0), proven((9, 9), 3)];
        assert_eq!(
            proof_flags(&evals, &line, black_first),
            [(2, ProofFlag::WalkedIntoLoss { moves: 3 })]
        );
        let lost = Evaluation { mate: Some(7), ..eval(0) };
        let evals = [eval(0), lost, proven((9, 9), 3)];
        assert!(proof_flags(&evals, &line, black_first).is_empty(), "white was lost already");
    }
}
