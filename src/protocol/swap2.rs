//! `SWAP2BOARD`, the Gomocup extension for the swap2 opening.
//!
//! The manager sends `SWAP2BOARD`, then 0, 3 or 5 lines `x,y` — the stones in the order they
//! were placed (black, white, black, white, black) — then `DONE`. The brain answers one line:
//! * 0 stones: its three opening stones, `x1,y1 x2,y2 x3,y3`;
//! * 3 stones: `SWAP` (it takes black), one move `x,y` (it stays white and plays the fourth),
//!   or two moves `x1,y1 x2,y2` (the fourth and fifth stones: the opponent chooses a colour);
//! * 5 stones: `SWAP` (it takes black) or one move `x,y` (it takes white and plays the sixth).
//!
//! Anything else gets `ERROR` and changes nothing. After an answer the brain's board holds the
//! stones sent and those it answered, so the manager may go on with `TURN` as well as `BOARD`.

use super::Session;
use crate::ai::{Limits, Request};
use crate::board::Board;
use crate::color::Color;
use crate::opening::ai::OpeningAi;
use crate::opening::{Decision, Opening, OpeningRule};
use crate::pos::Pos;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// A seed from the clock, so that the brain's opening proposals differ from game to game.
pub(super) fn clock_seed() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

impl Session {
    /// Answers a SWAP2BOARD block holding `points`.
    pub(super) fn swap2(&mut self, points: &[Pos], stop: &AtomicBool, out: &mut dyn FnMut(String)) {
        match self.swap2_answer(points, stop) {
            Ok((answer, moves, board)) => {
                self.board = Some(board);
                self.moves = moves;
                out(answer);
            }
            Err(why) => out(format!("ERROR {why}")),
        }
    }

    /// The answer line, and the moves and board after it.
    fn swap2_answer(
        &mut self,
        points: &[Pos],
        stop: &AtomicBool,
    ) -> Result<(String, Vec<Pos>, Board), String> {
        let size = self.board.as_ref().map(Board::size).ok_or("no board: send START first")?;
        if ![0, 3, 5].contains(&points.len()) {
            return Err(format!("SWAP2BOARD takes 0, 3 or 5 stones, not {}", points.len()));
        }
        let decisions: Vec<Decision> = points.iter().map(|&p| Decision::Place(p)).collect();
        let opening = Opening::replay(OpeningRule::Swap2, size, &decisions)
            .map_err(|e| format!("SWAP2BOARD: {e}"))?;
        let started = Instant::now();
        let budget = self.settings.limits();
        self.opening_seed = self.opening_seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let ai = OpeningAi::new(self.settings.level, self.settings.rule, self.opening_seed)
            .with_budget(budget);
        let turn = ai.play_turn(&opening, &mut self.engine, stop).map_err(|e| e.to_string())?;
        let mut moves = points.to_vec();
        let answer = match turn.decisions[..] {
            [Decision::TakeBlack] => "SWAP".to_string(),
            [Decision::TakeWhite] => {
                let next = self.white_move(&opening, budget, started, stop)?;
                moves.push(next);
                next.to_string()
            }
            ref placed => {
                let stones = placed_points(placed)?;
                moves.extend(&stones);
                stones.iter().map(Pos::to_string).collect::<Vec<_>>().join(" ")
            }
        };
        let mut board = Board::new(u32::from(size)).map_err(|e| e.to_string())?;
        for (i, &m) in moves.iter().enumerate() {
            board.place(m, Color::at_ply(i));
        }
        Ok((answer, moves, board))
    }

    /// White's move once the brain took white: a full search in the time left of the decision.
    fn white_move(
        &mut self,
        opening: &Opening,
        budget: Limits,
        started: Instant,
        stop: &AtomicBool,
    ) -> Result<Pos, String> {
        let left = budget.move_time.map(|t| t.saturating_sub(started.elapsed()));
        let limits = Limits { move_time: left.map(|t| t.max(Duration::from_millis(5))), ..budget };
        let request = Request {
            board: opening.board(),
            rule: self.settings.rule,
            to_move: Color::White,
            level: self.settings.level,
            limits,
        };
        let decision = self.engine.think(&request, stop, &mut |_| {});
        decision.map(|d| d.best).ok_or_else(|| "no legal move".to_string())
    }
}

/// The points of a list of `Place` decisions.
fn placed_points(decisions: &[Decision]) -> Result<Vec<Pos>, String> {
    if decisions.is_empty() {
        return Err("no opening decision".into());
    }
    decisions
        .iter()
        .map(|d| match d {
            Decision::Place(p) => Ok(*p),
            other => Err(format!("unexpected opening decision {other}")),
        })
        .collect()
}
