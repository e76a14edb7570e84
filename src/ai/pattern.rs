//! Line patterns, looked up from precomputed tables.
//!
//! For an empty point and one of the four line directions, the ten neighbours (five on each side)
//! are read as a base-3 *key*: digit 0 = empty, 1 = own stone, 2 = blocked (opponent stone or
//! wall). The least significant digit is the neighbour five steps back; digits 0..5 are offsets
//! −5..−1 and digits 5..10 are offsets +1..+5. The table says what the line becomes if an own
//! stone is put on the point:
//!
//! ```text
//! FIVE      XXXX?        the point makes five (exactly five where overlines do not win)
//! FLEX4     .XXX?.       two points then make five: an open four (or two fours on the line)
//! BLOCK4    OXXX?.       one point then makes five
//! FLEX3     ..XX?..      one more stone can make an open four
//! BLOCK3    OXX?..       one more stone can make a four
//! FLEX2 / BLOCK2 / FLEX1 / BLOCK1   the same one and two steps further away
//! OVERLINE  XXX?XX       six or more where that does not win
//! NONE      no five fits on the line through the point any more
//! ```
//! Two tables exist: one where overlines win (freestyle; white in renju) and one where only
//! exactly five wins (standard; black in renju). They define the patterns; the search reads them
//! through the much smaller tables of the search's `window` module, built from these.

use std::sync::OnceLock;

/// What a line becomes when an own stone is put on the point (ordered by strength, except
/// [`OVERLINE`]).
pub type Pattern = u8;
/// No five can be made through the point on this line.
pub const NONE: Pattern = 0;
/// One stone with room for five, blocked on one side.
pub const BLOCK1: Pattern = 1;
/// One stone with room for five on both sides.
pub const FLEX1: Pattern = 2;
/// Two stones that can become a three that is blocked.
pub const BLOCK2: Pattern = 3;
/// Two stones that can become an open three.
pub const FLEX2: Pattern = 4;
/// A three that can become a four but not an open four.
pub const BLOCK3: Pattern = 5;
/// An open three: one more stone makes an open four.
pub const FLEX3: Pattern = 6;
/// A four: one point makes five.
pub const BLOCK4: Pattern = 7;
/// An open four (or two fours on one line): two points make five.
pub const FLEX4: Pattern = 8;
/// Five in a row.
pub const FIVE: Pattern = 9;
/// Six or more in a row where that does not win.
pub const OVERLINE: Pattern = 10;
/// Number of pattern values.
pub const PATTERN_COUNT: usize = 11;

/// Number of keys: 3^10.
pub const KEY_COUNT: usize = 59_049;
/// The value of one digit at each of the ten neighbour positions.
pub const DIGIT: [u16; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

/// The digit position of the neighbour at `offset` (−5..=−1 or 1..=5).
#[inline]
pub const fn digit_position(offset: isize) -> usize {
    if offset < 0 {
        (offset + 5) as usize
    } else {
        (offset + 4) as usize
    }
}

/// The pattern table for a rule where overlines win (`true`) or not (`false`).
pub fn table(overline_wins: bool) -> &'static [Pattern] {
    static WITH_OVERLINE: OnceLock<Vec<Pattern>> = OnceLock::new();
    static EXACT: OnceLock<Vec<Pattern>> = OnceLock::new();
    let cell = if overline_wins { &WITH_OVERLINE } else { &EXACT };
    cell.get_or_init(|| build_table(overline_wins))
}

fn build_table(overline_wins: bool) -> Vec<Pattern> {
    let mut memo = vec![u8::MAX; KEY_COUNT];
    for key in 0..KEY_COUNT {
        classify(key, overline_wins, &mut memo);
    }
    memo
}

/// The ten base-3 digits of a key (offsets −5..−1, then +1..+5).
pub(super) fn digits_of(key: usize) -> [u8; 10] {
    let mut digits = [0u8; 10];
    let mut k = key;
    for d in &mut digits {
        *d = (k % 3) as u8;
        k /= 3;
    }
    digits
}

/// The ten neighbours plus the point itself as a line of 11 cells (index 5 is the point).
fn line_of(key: usize) -> [u8; 11] {
    let d = digits_of(key);
    let mut line = [1u8; 11];
    line[..5].copy_from_slice(&d[..5]);
    line[6..].copy_from_slice(&d[5..]);
    line
}

/// Classifies a key, filling `memo` for it and every key it depends on.
fn classify(key: usize, overline_wins: bool, memo: &mut [Pattern]) -> Pattern {
    if memo[key] != u8::MAX {
        return memo[key];
    }
    let line = line_of(key);
    let run = 1
        + (0..5).rev().take_while(|&i| line[i] == 1).count()
        + (6..11).take_while(|&i| line[i] == 1).count();
    let result = if run == 5 || (run > 5 && overline_wins) {
        FIVE
    } else if run > 5 {
        OVERLINE
    } else {
        classify_by_additions(key, &line, overline_wins, memo)
    };
    memo[key] = result;
    result
}

/// A line without five: judged by what one more own stone within four steps makes of it.
fn classify_by_additions(
    key: usize,
    line: &[u8; 11],
    overline_wins: bool,
    memo: &mut [Pattern],
) -> Pattern {
    let mut fives = 0;
    let mut best = NONE;
    for i in (1..5).chain(6..10) {
        if line[i] != 0 {
            continue;
        }
        let digit = if i < 5 { i } else { i - 1 };
        let next = classify(key + usize::from(DIGIT[digit]), overline_wins, memo);
        if next == FIVE {
            fives += 1;
        } else if next != OVERLINE {
            best = best.max(next);
        }
    }
    match fives {
        0 => weaken(best),
        1 => BLOCK4,
        _ => FLEX4,
    }
}

/// The pattern one stone short of `p`.
const fn weaken(p: Pattern) -> Pattern {
    match p {
        FLEX4 => FLEX3,
        BLOCK4 => BLOCK3,
        FLEX3 => FLEX2,
        BLOCK3 => BLOCK2,
        FLEX2 => FLEX1,
        BLOCK2 => BLOCK1,
        _ => NONE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Key of a picture like `"..XX?..O..."` (11 cells, `?` the point in the middle).
    fn key(picture: &str) -> usize {
        let cells: Vec<char> = picture.chars().collect();
        assert_eq!(cells.len(), 11);
        assert_eq!(cells[5], '?');
        cells
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 5)
            .map(|(i, c)| {
                let digit = match c {
                    '.' => 0,
                    'X' => 1,
                    _ => 2,
                };
                digit * usize::from(DIGIT[if i < 5 { i } else { i - 1 }])
            })
            .sum()
    }

    #[test]
    fn shapes_are_named_as_players_name_them() {
        let free = table(true);
        let exact = table(false);
        assert_eq!(free[key(".XXXX?.....")], FIVE);
        assert_eq!(free[key("XXXXX?.....")], FIVE);
        assert_eq!(exact[key("XXXXX?.....")], OVERLINE);
        assert_eq!(exact[key("X.XXX?.....")], BLOCK4, "exactly five only on one side");
        assert_eq!(free[key("...XX?X....")], FLEX4);
        assert_eq!(free[key("..OXX?X....")], BLOCK4);
        assert_eq!(free[key("....X?XX.X.")], FLEX4, "X.XXX.X: two fours on one line");
        assert_eq!(free[key("....X?X....")], FLEX3);
        assert_eq!(free[key("...X.?X....")], FLEX3);
        assert_eq!(free[key("...OX?X....")], BLOCK3);
        assert_eq!(free[key("....O?XX...")], BLOCK3);
        assert_eq!(free[key("....O?XX.O.")], NONE, "no room for five");
        assert_eq!(free[key(".....?X....")], FLEX2);
        assert_eq!(free[key(".....?.....")], FLEX1);
        assert_eq!(free[key("OOOO.?.OOOO")], NONE);
        assert_eq!(free[key("OOO..?..OOO")], BLOCK1);
    }

    #[test]
    fn digit_positions_cover_the_ten_neighbours() {
        let positions: Vec<usize> = (-5..=5).filter(|&o| o != 0).map(digit_position).collect();
        assert_eq!(positions, (0..10).collect::<Vec<_>>());
    }
}
