//! What the four line patterns through a point add up to: a threat class for move ordering and
//! threat detection, and a value for the evaluation. Looked up from a table of all 11^4
//! combinations (the class) plus a sum over the four patterns (the value).

use super::pattern::*;
use std::sync::OnceLock;

/// A point's threat class for one colour (ordered by urgency).
pub type Threat = u8;
/// Nothing forcing.
pub const QUIET: Threat = 0;
/// Makes a three that is not open, or twos.
pub const MINOR: Threat = 1;
/// Makes one open three.
pub const THREE: Threat = 2;
/// Makes two open threes.
pub const THREE_THREE: Threat = 3;
/// Makes a four (one five point).
pub const FOUR: Threat = 4;
/// Makes a four and an open three.
pub const FOUR_THREE: Threat = 5;
/// Makes an open four or two fours: two five points.
pub const OPEN_FOUR: Threat = 6;
/// Makes five.
pub const WIN: Threat = 7;
/// Number of threat classes.
pub const THREAT_COUNT: usize = 8;

/// A combination: its class, its value, and whether black might be forbidden there in renju.
#[derive(Clone, Copy, Debug, Default)]
pub struct Shape {
    /// Threat class.
    pub threat: Threat,
    /// Evaluation value of the point for the side that could play it.
    pub value: i16,
    /// Overline, two fours or two open threes: renju needs the exact forbidden check.
    pub maybe_forbidden: bool,
}

/// Value of one line pattern for the side that could play the point.
const PATTERN_VALUE: [i16; PATTERN_COUNT] = [0, 1, 4, 8, 24, 30, 110, 140, 1000, 6000, 0];
/// Extra value of a combination, by the bonus index kept in its class byte.
const BONUS: [i16; 4] = [0, 1200, 800, 400];
/// Class byte layout: threat in bits 0..3, the renju flag in bit 3, the bonus index above.
const THREAT_BITS: u8 = 0b111;
const FORBIDDEN_BIT: u8 = 0b1000;
const BONUS_SHIFT: u8 = 4;

/// The shape of four patterns (one per direction).
#[inline]
pub fn shape(p: [Pattern; 4]) -> Shape {
    let index = ((usize::from(p[0]) * 11 + usize::from(p[1])) * 11 + usize::from(p[2])) * 11
        + usize::from(p[3]);
    let class = class_table()[index];
    let value = p.iter().map(|&x| PATTERN_VALUE[usize::from(x)]).sum::<i16>()
        + BONUS[usize::from(class >> BONUS_SHIFT)];
    Shape { threat: class & THREAT_BITS, value, maybe_forbidden: class & FORBIDDEN_BIT != 0 }
}

/// The class bytes behind [`shape`] (one byte per combination keeps the table in the first-level
/// cache), indexed by the four patterns in base 11.
fn class_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..PATTERN_COUNT.pow(4))
            .map(|i| {
                let p = [i / 1331, i / 121 % 11, i / 11 % 11, i % 11].map(|v| v as Pattern);
                class_byte(p)
            })
            .collect()
    })
}

/// The threat, bonus index and renju flag of one combination, packed.
fn class_byte(p: [Pattern; 4]) -> u8 {
    let count = |pattern: Pattern| p.iter().filter(|&&x| x == pattern).count();
    let fours = count(BLOCK4) + count(FLEX4);
    let threes = count(FLEX3);
    let threat = if count(FIVE) > 0 {
        WIN
    } else if count(FLEX4) > 0 || fours >= 2 {
        OPEN_FOUR
    } else if fours == 1 && threes > 0 {
        FOUR_THREE
    } else if fours == 1 {
        FOUR
    } else if threes >= 2 {
        THREE_THREE
    } else if threes == 1 {
        THREE
    } else if p.iter().any(|&x| x >= FLEX2) {
        MINOR
    } else {
        QUIET
    };
    let bonus: u8 = match threat {
        OPEN_FOUR if count(FLEX4) == 0 => 1,
        FOUR_THREE => 2,
        THREE_THREE => 3,
        _ => 0,
    };
    let maybe_forbidden =
        count(FIVE) == 0 && (count(OVERLINE) > 0 || fours >= 2 || count(FLEX4) > 0 || threes >= 2);
    threat | if maybe_forbidden { FORBIDDEN_BIT } else { 0 } | bonus << BONUS_SHIFT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_classed_by_urgency() {
        assert_eq!(shape([FIVE, NONE, NONE, NONE]).threat, WIN);
        assert_eq!(shape([BLOCK4, NONE, BLOCK4, NONE]).threat, OPEN_FOUR);
        assert_eq!(shape([FLEX3, BLOCK4, NONE, NONE]).threat, FOUR_THREE);
        assert_eq!(shape([FLEX3, FLEX3, FLEX1, NONE]).threat, THREE_THREE);
        assert_eq!(shape([FLEX2, BLOCK3, FLEX1, NONE]).threat, MINOR);
        assert!(shape([FLEX3, FLEX3, NONE, NONE]).maybe_forbidden);
        assert!(!shape([FLEX3, BLOCK4, NONE, NONE]).maybe_forbidden);
        assert!(shape([FLEX3, FLEX4, NONE, NONE]).value > shape([FLEX3, BLOCK4, NONE, NONE]).value);
    }
}
