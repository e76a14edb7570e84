//! Both colours' line patterns of a point, read from its line window in four small-table lookups.
//!
//! A window is the eleven cells of a line centred on the point, given as two bit masks: `black`
//! has a bit for each black stone *or wall*, `white` for each white stone or wall (bit 5 is the
//! point, bits 0..5 the five cells behind it, bits 6..11 the five ahead). A cell with both bits is
//! a wall, which blocks both colours.
//!
//! Cells beyond the nearest blocked one on a side never matter to a colour's pattern, so one side
//! has only 63 states per colour: a side table turns the side's ten bits into both colours' states
//! at once, and the pattern is then looked up from a 64 × 64 table of the two sides' states. All
//! the tables together take 8 KB (12 KB where the colours' rules differ) and stay in the
//! first-level cache.

use super::pattern::{self, digits_of, Pattern, NONE};
use std::sync::OnceLock;

/// The pattern of each pair of side states (behind × 64 + ahead), for one rule of fives.
pub struct PairTable([Pattern; 4096]);

/// Both colours' side states of each side configuration: black's in bits 0..6, white's in 6..12.
struct SideTables {
    behind: [u16; 1024],
    ahead: [u16; 1024],
}

/// The side tables, computed at compile time.
static SIDES: SideTables = side_tables();

/// Both colours' patterns at the point in the middle of the window (`black`, `white` as in the
/// module documentation), using `tables[c]` for colour `c`.
#[inline]
pub fn patterns(tables: [&PairTable; 2], black: u32, white: u32) -> [Pattern; 2] {
    let behind = SIDES.behind[(black & 0x1f | (white & 0x1f) << 5) as usize];
    let ahead = SIDES.ahead[(black >> 6 & 0x1f | (white >> 6 & 0x1f) << 5) as usize];
    let black_slot = (behind & 0x3f) << 6 | ahead & 0x3f;
    let white_slot = behind & 0xfc0 | ahead >> 6;
    [tables[0].0[usize::from(black_slot)], tables[1].0[usize::from(white_slot)]]
}

/// The pair table for a rule where overlines win (`true`) or not (`false`), built from the
/// pattern table of [`pattern::table`].
pub fn pair_table(overline_wins: bool) -> &'static PairTable {
    static WITH_OVERLINE: OnceLock<PairTable> = OnceLock::new();
    static EXACT: OnceLock<PairTable> = OnceLock::new();
    let cell = if overline_wins { &WITH_OVERLINE } else { &EXACT };
    cell.get_or_init(|| {
        let mut out = PairTable([NONE; 4096]);
        for (key, &p) in pattern::table(overline_wins).iter().enumerate() {
            let (own, blocked) = window_of_key(key);
            let slot = behind_state(own & 0x1f, blocked & 0x1f) << 6
                | ahead_state(own >> 6 & 0x1f, blocked >> 6 & 0x1f);
            out.0[slot as usize] = p;
        }
        out
    })
}

/// The state of the five cells behind the point for one colour (`own` and `blocked` bits 0..5,
/// the nearest cell at bit 4): the cells before the nearest blocked one, under a leading 1 bit.
const fn behind_state(own: u32, blocked: u32) -> u32 {
    let free = min5((blocked << 27).leading_zeros());
    1 << free | own >> (5 - free)
}

/// The state of the five cells ahead of the point (the nearest cell at bit 0), as for
/// [`behind_state`].
const fn ahead_state(own: u32, blocked: u32) -> u32 {
    let free = (blocked | 0x20).trailing_zeros();
    1 << free | own & ((1 << free) - 1)
}

const fn min5(n: u32) -> u32 {
    if n < 5 {
        n
    } else {
        5
    }
}

/// Both colours' states of every side configuration (black-or-wall bits 0..5, white-or-wall bits
/// 5..10), for the cells behind and ahead.
const fn side_tables() -> SideTables {
    let mut tables = SideTables { behind: [0; 1024], ahead: [0; 1024] };
    let mut config = 0;
    while config < 1024 {
        let (black, white) = (config & 0x1f, config >> 5);
        let wall = black & white;
        let (black_own, white_own) = (black & !wall, white & !wall);
        tables.behind[config as usize] =
            (behind_state(black_own, white) | behind_state(white_own, black) << 6) as u16;
        tables.ahead[config as usize] =
            (ahead_state(black_own, white) | ahead_state(white_own, black) << 6) as u16;
        config += 1;
    }
    tables
}

/// The window (own, blocked bits) of a base-3 key.
fn window_of_key(key: usize) -> (u32, u32) {
    let (mut own, mut blocked) = (0, 0);
    for (i, &d) in digits_of(key).iter().enumerate() {
        let bit = if i < 5 { i } else { i + 1 };
        match d {
            1 => own |= 1 << bit,
            2 => blocked |= 1 << bit,
            _ => {}
        }
    }
    (own, blocked)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of the key table, read as a window three ways: the blocked cells as opponent
    /// stones (for black, and for white), and as walls.
    #[test]
    fn windows_give_the_key_table_pattern_on_every_line() {
        for overline_wins in [true, false] {
            let table = pair_table(overline_wins);
            let tables = [table, table];
            for (key, &expected) in pattern::table(overline_wins).iter().enumerate() {
                let (own, blocked) = window_of_key(key);
                assert_eq!(patterns(tables, own, blocked)[0], expected, "black, key {key}");
                assert_eq!(patterns(tables, blocked, own)[1], expected, "white, key {key}");
                let walled = patterns(tables, own | blocked, blocked);
                assert_eq!(walled[0], expected, "walls, key {key}");
            }
        }
    }
}
