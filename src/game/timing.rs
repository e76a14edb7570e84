//! Time controls: how much time each player has, and where a player's clock stands after the
//! moves they made. A clock is a function of the time control and the thinking time of each of
//! its player's moves (which every game keeps), so saving and loading a timed game needs no
//! more than the time control and the running turn's time.

use serde::{Deserialize, Serialize};

/// How much time each player has for the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum TimeControl {
    /// No limit: the clocks only count the time used.
    #[default]
    None,
    /// A main time, and an increment added after each of the player's moves.
    #[serde(rename_all = "camelCase")]
    Fischer {
        /// The main time, in milliseconds.
        main_ms: u64,
        /// Added after each move, in milliseconds.
        increment_ms: u64,
    },
    /// A main time, then `periods` periods of `period_ms` each: a move made within a period
    /// keeps it (it starts afresh for the next move); a period run out is lost.
    #[serde(rename_all = "camelCase")]
    ByoYomi {
        /// The main time, in milliseconds.
        main_ms: u64,
        /// How many periods.
        periods: u32,
        /// The length of a period, in milliseconds.
        period_ms: u64,
    },
    /// A fixed time for every move.
    #[serde(rename_all = "camelCase")]
    PerMove {
        /// The time for one move, in milliseconds.
        move_ms: u64,
    },
}

/// The longest time a control may give (ten hours), and the shortest (one second a move).
pub const MAX_CONTROL_MS: u64 = 10 * 3600 * 1000;
/// The shortest main time, period or move time a control may give that is not zero.
pub const MIN_CONTROL_MS: u64 = 1000;

/// Where one player's clock stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// Main time left, in milliseconds.
    pub main_ms: u64,
    /// Byo-yomi periods left.
    pub periods: u32,
    /// The player ran out of time on one of the moves counted.
    pub flagged: bool,
}

impl TimeControl {
    /// Whether the game is timed.
    pub fn is_timed(&self) -> bool {
        *self != TimeControl::None
    }

    /// Checks the numbers: each time at least a second (a zero main time is allowed in
    /// byo-yomi, which then has at least one period), none over ten hours.
    ///
    /// # Errors
    /// A message naming the bad value.
    pub fn validated(self) -> Result<TimeControl, String> {
        let time = |ms: u64, what: &str| {
            if (MIN_CONTROL_MS..=MAX_CONTROL_MS).contains(&ms) {
                Ok(())
            } else {
                Err(format!("{what} must be 1 s to 10 h, not {ms} ms"))
            }
        };
        match self {
            TimeControl::None => {}
            TimeControl::Fischer { main_ms, increment_ms } => {
                time(main_ms, "the main time")?;
                if increment_ms > 600_000 {
                    return Err(format!(
                        "the increment must be at most 10 min, not {increment_ms} ms"
                    ));
                }
            }
            TimeControl::ByoYomi { main_ms, periods, period_ms } => {
                if main_ms > 0 {
                    time(main_ms, "the main time")?;
                }
                time(period_ms, "a period")?;
                if !(1..=100).contains(&periods) {
                    return Err(format!("1 to 100 periods, not {periods}"));
                }
            }
            TimeControl::PerMove { move_ms } => time(move_ms, "the time a move")?,
        }
        Ok(self)
    }

    /// A player's clock before their first move.
    pub fn start(&self) -> ClockState {
        let (main_ms, periods) = match *self {
            TimeControl::None => (0, 0),
            TimeControl::Fischer { main_ms, .. } | TimeControl::ByoYomi { main_ms, .. } => {
                let periods = match *self {
                    TimeControl::ByoYomi { periods, .. } => periods,
                    _ => 0,
                };
                (main_ms, periods)
            }
            TimeControl::PerMove { move_ms } => (move_ms, 0),
        };
        ClockState { main_ms, periods, flagged: false }
    }

    /// The clock after a move that took `think_ms`: the increment added after the move,
    /// byo-yomi periods consumed by the overflow (the period the move was made in is kept and
    /// starts afresh), the flag fallen when the move took longer than all the time left.
    pub fn after_move(&self, state: ClockState, think_ms: u64) -> ClockState {
        if state.flagged {
            return state;
        }
        let flagged = ClockState { flagged: true, ..state };
        match *self {
            TimeControl::None => state,
            TimeControl::Fischer { increment_ms, .. } => {
                match state.main_ms.checked_sub(think_ms) {
                    Some(left) => ClockState { main_ms: left + increment_ms, ..state },
                    None => flagged,
                }
            }
            TimeControl::ByoYomi { period_ms, .. } => {
                if think_ms <= state.main_ms {
                    return ClockState { main_ms: state.main_ms - think_ms, ..state };
                }
                let overflow = think_ms - state.main_ms;
                // Whole periods run out; the move was made in the next one, which is kept.
                let lost = (overflow.saturating_sub(1) / period_ms) as u32;
                if lost >= state.periods {
                    flagged
                } else {
                    ClockState { main_ms: 0, periods: state.periods - lost, flagged: false }
                }
            }
            TimeControl::PerMove { move_ms } => {
                if think_ms > move_ms {
                    flagged
                } else {
                    state
                }
            }
        }
    }

    /// How long the player to move may still think, `elapsed_ms` into the turn, before the flag
    /// falls (`None`: untimed; `Some(0)`: fallen).
    pub fn time_left(&self, state: ClockState, elapsed_ms: u64) -> Option<u64> {
        let total = match *self {
            TimeControl::None => return None,
            _ if state.flagged => 0,
            TimeControl::Fischer { .. } | TimeControl::PerMove { .. } => state.main_ms,
            TimeControl::ByoYomi { period_ms, .. } => {
                state.main_ms + u64::from(state.periods) * period_ms
            }
        };
        Some(total.saturating_sub(elapsed_ms))
    }

    /// What the clock shows `elapsed_ms` into the player's turn: the main time left, or in
    /// byo-yomi once it is spent the current period's time and the periods left.
    pub fn shown(&self, state: ClockState, elapsed_ms: u64) -> (u64, u32) {
        match *self {
            TimeControl::ByoYomi { period_ms, .. } if state.main_ms <= elapsed_ms => {
                let overflow = elapsed_ms - state.main_ms;
                let lost = (overflow / period_ms) as u32;
                let periods = state.periods.saturating_sub(lost);
                let in_period = if periods == 0 { 0 } else { period_ms - overflow % period_ms };
                (in_period, periods)
            }
            _ => (state.main_ms.saturating_sub(elapsed_ms), state.periods),
        }
    }

    /// The thinking time to allot a player's next move (an AI's), `None` when untimed: a share
    /// of the main time plus most of the increment or period, with a margin, so that an engine
    /// that keeps to it never loses on time.
    pub fn allot_ms(&self, state: ClockState) -> Option<u64> {
        let margin = |ms: u64| ms.saturating_sub((ms / 10).clamp(50, 500));
        let ms = match *self {
            TimeControl::None => return None,
            TimeControl::Fischer { increment_ms, .. } => {
                (state.main_ms / 20 + increment_ms * 3 / 4).min(state.main_ms / 2)
            }
            TimeControl::ByoYomi { period_ms, .. } if state.main_ms > period_ms => {
                state.main_ms / 20 + period_ms / 2
            }
            TimeControl::ByoYomi { period_ms, .. } => period_ms * 3 / 4,
            TimeControl::PerMove { move_ms } => move_ms,
        };
        Some(margin(ms).max(20))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FISCHER: TimeControl = TimeControl::Fischer { main_ms: 60_000, increment_ms: 2_000 };
    const BYO: TimeControl = TimeControl::ByoYomi { main_ms: 10_000, periods: 3, period_ms: 5_000 };

    #[test]
    fn fischer_adds_the_increment_after_the_move_and_flags_an_overrun() {
        let s = FISCHER.after_move(FISCHER.start(), 10_000);
        assert_eq!((s.main_ms, s.flagged), (52_000, false));
        assert_eq!(FISCHER.time_left(s, 2_000), Some(50_000));
        let late = FISCHER.after_move(s, 52_001);
        assert!(late.flagged);
        assert_eq!(FISCHER.time_left(late, 0), Some(0));
        let just = FISCHER.after_move(s, 52_000);
        assert_eq!((just.main_ms, just.flagged), (2_000, false), "on the last millisecond");
    }

    #[test]
    fn byo_yomi_consumes_periods_by_the_overflow_and_keeps_the_one_the_move_was_made_in() {
        let start = BYO.start();
        assert_eq!(BYO.time_left(start, 0), Some(25_000));
        let in_main = BYO.after_move(start, 4_000);
        assert_eq!((in_main.main_ms, in_main.periods), (6_000, 3));
        // 6 s main, then 3 s into the first period: the period is kept, afresh.
        let first_period = BYO.after_move(in_main, 9_000);
        assert_eq!((first_period.main_ms, first_period.periods), (0, 3));
        // 7 s: the first period ran out, the move came in the second.
        let one_lost = BYO.after_move(first_period, 7_000);
        assert_eq!((one_lost.periods, one_lost.flagged), (2, false));
        assert_eq!(BYO.shown(one_lost, 1_500), (3_500, 2));
        assert_eq!(BYO.shown(one_lost, 6_000), (4_000, 1), "a period ran out while thinking");
        assert!(BYO.after_move(one_lost, 10_001).flagged, "both periods run out");
        assert!(!BYO.after_move(one_lost, 10_000).flagged);
    }

    #[test]
    fn a_fixed_time_a_move_never_accumulates() {
        let c = TimeControl::PerMove { move_ms: 5_000 };
        let s = c.after_move(c.start(), 1_000);
        assert_eq!(c.time_left(s, 0), Some(5_000));
        assert!(c.after_move(s, 5_001).flagged);
        assert_eq!(TimeControl::None.time_left(s, 99), None);
    }

    #[test]
    fn an_engine_keeping_to_its_allotment_never_flags() {
        for control in [
            TimeControl::Fischer { main_ms: 60_000, increment_ms: 0 },
            TimeControl::Fischer { main_ms: 3_000, increment_ms: 1_000 },
            BYO,
            TimeControl::PerMove { move_ms: 1_000 },
        ] {
            let mut s = control.start();
            // The most moves one player makes on a 15 × 15 board.
            for _ in 0..113 {
                let allotted = control.allot_ms(s).unwrap();
                // Thinking a little over the allotment (the reply's travel) is still safe.
                s = control.after_move(s, allotted + allotted / 40 + 5);
                assert!(!s.flagged, "{control:?}");
            }
        }
    }

    #[test]
    fn controls_out_of_range_are_refused() {
        assert!(TimeControl::PerMove { move_ms: 10 }.validated().is_err());
        assert!(TimeControl::Fischer { main_ms: 60_000, increment_ms: 700_000 }
            .validated()
            .is_err());
        assert!(TimeControl::ByoYomi { main_ms: 0, periods: 0, period_ms: 5_000 }
            .validated()
            .is_err());
        assert!(TimeControl::ByoYomi { main_ms: 0, periods: 5, period_ms: 5_000 }
            .validated()
            .is_ok());
        assert!(FISCHER.validated().is_ok());
    }

    #[test]
    fn a_control_reads_back_from_its_json() {
        let json = serde_json::to_string(&BYO).unwrap();
        assert_eq!(json, r#"{"kind":"byoYomi","mainMs":10000,"periods":3,"periodMs":5000}"#);
        assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), BYO);
        assert_eq!(
            serde_json::from_str::<TimeControl>(r#"{"kind":"none"}"#).unwrap(),
            TimeControl::None
        );
    }
}
