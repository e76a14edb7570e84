//! What the four line patterns through a point add up to: a threat class for move ordering and
//! threat detection, and a value for the evaluation.
//!
//! The class depends only on which of seven *categories* each pattern falls in, so it is looked
//! up from a table of the 7^4 category combinations (2 401 two-byte words, each with its
//! combination bonus; padded to 4 096). Each pattern's category digit (weighted by its direction)
//! and its value are packed in one word, so the four patterns' words add up to the table index
//! and the value sum at once.

use super::pattern::*;

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
/// Extra value of a combination that makes two threats at once: two fours, a four and an open
/// three, two open threes.
const DOUBLE_FOUR_BONUS: u16 = 1200;
const FOUR_THREE_BONUS: u16 = 800;
const THREE_THREE_BONUS: u16 = 400;
/// Class word layout: threat in bits 0..3, the renju flag in bit 3, the bonus value above (so
/// the value needs no second lookup).
const THREAT_BITS: u16 = 0b111;
const FORBIDDEN_BIT: u16 = 0b1000;
const BONUS_SHIFT: u16 = 4;

/// The category of each pattern: the weaker ones (no open two yet) are alike, so are open twos
/// and closed threes; every other pattern is its own category.
const CATEGORY: [usize; PATTERN_COUNT] = [0, 0, 0, 0, 1, 1, 2, 3, 4, 5, 6];
/// A pattern standing for each category.
const CATEGORY_PATTERN: [Pattern; 7] = [NONE, FLEX2, FLEX3, BLOCK4, FLEX4, FIVE, OVERLINE];
/// Number of category combinations.
const COMBINATIONS: usize = 7 * 7 * 7 * 7;
/// The bits of a word sum that hold the combination index.
const INDEX_MASK: u32 = 0xfff;
const _: () = assert!(COMBINATIONS <= INDEX_MASK as usize + 1);
/// Bit where the value starts in a pattern's word.
const VALUE_SHIFT: u32 = 16;

/// The shape of four patterns (one per direction).
#[inline]
pub fn shape(p: [Pattern; 4]) -> Shape {
    let sum = WORDS[0][usize::from(p[0])]
        + WORDS[1][usize::from(p[1])]
        + WORDS[2][usize::from(p[2])]
        + WORDS[3][usize::from(p[3])];
    let class = CLASSES[(sum & INDEX_MASK) as usize];
    let value = (sum >> VALUE_SHIFT) as i16 + (class >> BONUS_SHIFT) as i16;
    Shape {
        threat: (class & THREAT_BITS) as Threat,
        value,
        maybe_forbidden: class & FORBIDDEN_BIT != 0,
    }
}

/// Each direction's word of each pattern: the value above [`VALUE_SHIFT`], the category digit
/// (base 7, the direction's place) below.
///
/// A row has a word for every byte value, so a pattern indexes it without a bounds check.
static WORDS: [[u32; 256]; 4] = pattern_words();

const fn pattern_words() -> [[u32; 256]; 4] {
    let mut words = [[0; 256]; 4];
    let (mut dir, mut place) = (0, 1);
    while dir < 4 {
        let mut p = 0;
        while p < PATTERN_COUNT {
            let value = PATTERN_VALUE[p] as u32;
            words[dir][p] = value << VALUE_SHIFT | (CATEGORY[p] * place) as u32;
            p += 1;
        }
        dir += 1;
        place *= 7;
    }
    words
}

/// The class words behind [`shape`], indexed by the four categories in base 7 (the first
/// direction's in the lowest place); computed at compile time.
///
/// The table is padded to the next power of two so the masked index needs no bounds check.
static CLASSES: [u16; INDEX_MASK as usize + 1] = class_table();

const fn class_table() -> [u16; INDEX_MASK as usize + 1] {
    let mut table = [0; INDEX_MASK as usize + 1];
    let mut i = 0;
    while i < COMBINATIONS {
        let c = [i % 7, i / 7 % 7, i / 49 % 7, i / 343];
        let p = [
            CATEGORY_PATTERN[c[0]],
            CATEGORY_PATTERN[c[1]],
            CATEGORY_PATTERN[c[2]],
            CATEGORY_PATTERN[c[3]],
        ];
        table[i] = class_word(p);
        i += 1;
    }
    table
}

/// How many of the four patterns `p` are `pattern`.
const fn count(p: [Pattern; 4], pattern: Pattern) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < 4 {
        if p[i] == pattern {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The threat, bonus value and renju flag of one combination, packed.
const fn class_word(p: [Pattern; 4]) -> u16 {
    let fours = count(p, BLOCK4) + count(p, FLEX4);
    let threes = count(p, FLEX3);
    let threat = if count(p, FIVE) > 0 {
        WIN
    } else if count(p, FLEX4) > 0 || fours >= 2 {
        OPEN_FOUR
    } else if fours == 1 && threes > 0 {
        FOUR_THREE
    } else if fours == 1 {
        FOUR
    } else if threes >= 2 {
        THREE_THREE
    } else if threes == 1 {
        THREE
    } else if p[0] >= FLEX2 || p[1] >= FLEX2 || p[2] >= FLEX2 || p[3] >= FLEX2 {
        MINOR
    } else {
        QUIET
    };
    let bonus = match threat {
        OPEN_FOUR if count(p, FLEX4) == 0 => DOUBLE_FOUR_BONUS,
        FOUR_THREE => FOUR_THREE_BONUS,
        THREE_THREE => THREE_THREE_BONUS,
        _ => 0,
    };
    let maybe_forbidden = count(p, FIVE) == 0
        && (count(p, OVERLINE) > 0 || fours >= 2 || count(p, FLEX4) > 0 || threes >= 2);
    threat as u16 | if maybe_forbidden { FORBIDDEN_BIT } else { 0 } | bonus << BONUS_SHIFT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_has_its_own_class_and_value_sum() {
        let all = 0..PATTERN_COUNT as Pattern;
        for a in all.clone() {
            for b in all.clone() {
                for c in all.clone() {
                    for d in all.clone() {
                        let p = [a, b, c, d];
                        let class = class_word(p);
                        let s = shape(p);
                        assert_eq!(u16::from(s.threat), class & THREAT_BITS, "{p:?}");
                        assert_eq!(s.maybe_forbidden, class & FORBIDDEN_BIT != 0, "{p:?}");
                        let sum: i16 = p.iter().map(|&x| PATTERN_VALUE[usize::from(x)]).sum();
                        let bonus = (class >> BONUS_SHIFT) as i16;
                        assert_eq!(s.value, sum + bonus, "{p:?}");
                    }
                }
            }
        }
    }

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
