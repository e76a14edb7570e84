//! Search limits and the time allocation for game clocks.

use std::time::Duration;

/// What may stop a search besides the stop flag. `None` means no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Time for this move.
    pub move_time: Option<Duration>,
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// How many best moves to find, each with its score and line (multi-PV analysis); 0 and 1
    /// both mean the one best move. The best move itself is the same as with 1.
    pub multi_pv: usize,
}

impl Limits {
    /// A per-move time limit only.
    pub fn per_move(ms: u64) -> Limits {
        Limits { move_time: Some(Duration::from_millis(ms)), ..Limits::default() }
    }

    /// A fixed depth only (deterministic).
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Time for one move from a per-turn limit and the time left in the match (milliseconds;
    /// 0 means "no limit" for either, as in the Gomocup protocol), keeping a safety margin for
    /// the reply to travel: a twentieth, 8 ms to 300 ms (190 ms of a 200 ms turn; the search
    /// ends within a millisecond of its deadline, and a tenth left Rapfi's replies, at 170 ms,
    /// 15 % more search than ours).
    pub fn for_clock(turn_ms: u64, match_left_ms: Option<u64>) -> Limits {
        let margin = |ms: u64| ms.saturating_sub((ms / 20).clamp(8, 300));
        let mut budget = if turn_ms == 0 { u64::MAX } else { margin(turn_ms) };
        if let Some(left) = match_left_ms.filter(|&l| l > 0) {
            budget = budget.min(margin(left / 18));
        }
        if budget == u64::MAX {
            Limits::default()
        } else {
            Limits::per_move(budget.max(5))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_allocation_keeps_a_margin_and_spreads_the_match_time() {
        assert_eq!(Limits::for_clock(1000, None).move_time, Some(Duration::from_millis(950)));
        assert_eq!(Limits::for_clock(200, None).move_time, Some(Duration::from_millis(190)));
        assert_eq!(Limits::for_clock(100, None).move_time, Some(Duration::from_millis(92)));
        let tight = Limits::for_clock(5000, Some(18_000));
        assert_eq!(tight.move_time, Some(Duration::from_millis(950)));
        assert_eq!(Limits::for_clock(0, None).move_time, None);
    }
}
