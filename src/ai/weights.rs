//! The evaluation's weights: a value for every combination of a point's four line patterns, once
//! for the side to move and once for the side waiting, plus a few threat terms — fitted to game
//! outcomes by the lab's `gomoku train` and embedded from `weights/<rule>.txt` (see
//! [`super::evaluation`]).
//!
//! The text format, one item a line (`#` starts a comment, which records how the file was made):
//!
//! ```text
//! set both                      # the weights below: for both colours, or `black` / `white`
//! combo F3 F2 B1 N 130 115      # four patterns (any order), value to move, value waiting
//! threat open_four 2000         # a threat term (see THREAT_NAMES)
//! ```
//! A set that a file does not give, or a combination it leaves out, keeps the hand-set values
//! the engine had before the weights were fitted ([`Weights::hand`]).

use super::pattern::{Pattern, PATTERN_COUNT};
use super::shape;
use std::sync::OnceLock;

/// Number of unordered combinations of four patterns.
pub const COMBOS: usize = 1001;
/// Number of direction-ordered pattern quadruples.
pub const QUADS: usize = PATTERN_COUNT.pow(4);
/// Number of threat terms.
pub const THREATS: usize = 5;
/// The threat terms' names, in the order of [`Weights::threats`].
pub const THREAT_NAMES: [&str; THREATS] =
    ["open_four", "four_three", "three_three", "their_open_fours", "their_doubles"];
/// Pattern names in the weights files, by pattern value.
pub const PATTERN_NAMES: [&str; PATTERN_COUNT] =
    ["N", "B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "F5", "OL"];

/// One colour's weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of a point's combination for the side to move, by combination number.
    pub mover: Vec<i16>,
    /// Value of a point's combination for the side waiting (subtracted), by combination number.
    pub waiter: Vec<i16>,
    /// The threat terms, named by [`THREAT_NAMES`].
    pub threats: [i32; THREATS],
}

impl Weights {
    /// The hand-set values: a point's shape value to move, nine tenths of it waiting, and the
    /// threat bonuses of the hand-written evaluation.
    pub fn hand() -> Weights {
        let values: Vec<i16> = combinations().iter().map(|&p| shape::shape(p).value).collect();
        Weights {
            waiter: values.iter().map(|&v| (i32::from(v) * 9 / 10) as i16).collect(),
            mover: values,
            threats: [2_000, 1_500, 800, -300, -600],
        }
    }
}

/// The weights of a rule for both colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleWeights {
    /// By colour index (black, white).
    pub sets: [Weights; 2],
}

impl RuleWeights {
    /// Reads a weights file; sets and combinations it does not give keep the hand values.
    pub fn parse(text: &str) -> Result<RuleWeights, String> {
        let mut sets = [Weights::hand(), Weights::hand()];
        let mut which: Vec<usize> = vec![0, 1];
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = || format!("weights line {}: {raw:?}", n + 1);
            match words.as_slice() {
                [] => {}
                ["set", "both"] => which = vec![0, 1],
                ["set", "black"] => which = vec![0],
                ["set", "white"] => which = vec![1],
                ["combo", a, b, c, d, mover, waiter] => {
                    let patterns = [a, b, c, d].map(|name| pattern_named(name));
                    let [Some(a), Some(b), Some(c), Some(d)] = patterns else { return Err(bad()) };
                    let k = combo_of([a, b, c, d]);
                    let (mover, waiter) = (mover.parse().map_err(|_| bad())?, waiter.parse());
                    let waiter = waiter.map_err(|_| bad())?;
                    for &s in &which {
                        sets[s].mover[k] = mover;
                        sets[s].waiter[k] = waiter;
                    }
                }
                ["threat", name, value] => {
                    let j = THREAT_NAMES.iter().position(|t| t == name).ok_or_else(bad)?;
                    let value = value.parse().map_err(|_| bad())?;
                    for &s in &which {
                        sets[s].threats[j] = value;
                    }
                }
                _ => return Err(bad()),
            }
        }
        Ok(RuleWeights { sets })
    }

    /// The weights as a file, after `header` (comment lines); one set if both colours agree.
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            out.push_str(&format!("# {line}\n"));
        }
        let shared = self.sets[0] == self.sets[1];
        let names: &[&str] = if shared { &["both"] } else { &["black", "white"] };
        for (s, name) in names.iter().enumerate() {
            out.push_str(&format!("set {name}\n"));
            let w = &self.sets[s];
            for (k, p) in combinations().iter().enumerate() {
                let [a, b, c, d] = p.map(|x| PATTERN_NAMES[usize::from(x)]);
                out.push_str(&format!("combo {a} {b} {c} {d} {} {}\n", w.mover[k], w.waiter[k]));
            }
            for (name, value) in THREAT_NAMES.iter().zip(w.threats) {
                out.push_str(&format!("threat {name} {value}\n"));
            }
        }
        out
    }
}

/// The pattern of a name in [`PATTERN_NAMES`].
pub fn pattern_named(name: &str) -> Option<Pattern> {
    PATTERN_NAMES.iter().position(|&n| n == name).map(|p| p as Pattern)
}

/// Every combination once, patterns in descending order, numbered as [`combo_of`] numbers them.
pub fn combinations() -> &'static [[Pattern; 4]] {
    static ALL: OnceLock<Vec<[Pattern; 4]>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Vec::with_capacity(COMBOS);
        for a in 0..PATTERN_COUNT as Pattern {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        all.push([a, b, c, d]);
                    }
                }
            }
        }
        all
    })
}

/// The index of a direction-ordered quadruple in a [`PointTable`].
#[inline]
pub fn quad_index(p: [Pattern; 4]) -> usize {
    let n = PATTERN_COUNT;
    ((usize::from(p[3]) * n + usize::from(p[2])) * n + usize::from(p[1])) * n + usize::from(p[0])
}

/// The combination number of four patterns in any order.
pub fn combo_of(p: [Pattern; 4]) -> usize {
    static NUMBERS: OnceLock<Vec<u16>> = OnceLock::new();
    let numbers = NUMBERS.get_or_init(|| {
        let mut numbers = vec![0u16; QUADS];
        for (k, &c) in combinations().iter().enumerate() {
            for order in permutations(c) {
                numbers[quad_index(order)] = k as u16;
            }
        }
        numbers
    });
    usize::from(numbers[quad_index(p)])
}

/// Every ordering of four patterns (with repeats where patterns repeat).
fn permutations(p: [Pattern; 4]) -> Vec<[Pattern; 4]> {
    let mut out = Vec::with_capacity(24);
    for i in 0..4 {
        for j in (0..4).filter(|&j| j != i) {
            for k in (0..4).filter(|&k| k != i && k != j) {
                out.push([p[i], p[j], p[k], p[6 - i - j - k]]);
            }
        }
    }
    out
}

/// A colour's values of every direction-ordered quadruple, to move and waiting: what the search
/// adds up incrementally.
pub struct PointTable {
    /// By [`quad_index`] (both facts of a quadruple side by side: the search reads them
    /// together).
    pub quads: Box<[Quad; QUADS]>,
    /// The threat terms.
    pub threats: [i32; THREATS],
}

/// What the evaluation knows of one direction-ordered quadruple of patterns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Quad {
    /// `[to move, waiting]`.
    pub values: [i16; 2],
    /// The combination number.
    pub combo: u16,
}

impl PointTable {
    /// The table of one colour's weights.
    pub fn of(w: &Weights) -> PointTable {
        let quads: Vec<Quad> = (0..QUADS)
            .map(|q| {
                let p = [q % 11, q / 11 % 11, q / 121 % 11, q / 1331].map(|x| x as Pattern);
                let k = combo_of(p);
                Quad { values: [w.mover[k], w.waiter[k]], combo: k as u16 }
            })
            .collect();
        let quads = quads.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!());
        PointTable { quads, threats: w.threats }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::pattern::{BLOCK1, FLEX2, FLEX3, FLEX4, NONE};

    #[test]
    fn every_ordering_of_a_combination_has_its_number() {
        assert_eq!(combinations().len(), COMBOS);
        let k = combo_of([FLEX3, NONE, FLEX2, BLOCK1]);
        assert_eq!(combinations()[k], [FLEX3, FLEX2, BLOCK1, NONE]);
        for order in permutations([FLEX3, NONE, FLEX2, BLOCK1]) {
            assert_eq!(combo_of(order), k);
        }
        assert_ne!(combo_of([FLEX4, NONE, NONE, NONE]), combo_of([FLEX3, NONE, NONE, NONE]));
    }

    #[test]
    fn weights_read_back_as_written() {
        let mut weights = RuleWeights { sets: [Weights::hand(), Weights::hand()] };
        weights.sets[1].mover[17] = -5;
        weights.sets[0].threats[2] = 123;
        let text = weights.to_text("made by a test");
        assert!(text.starts_with("# made by a test\n"));
        assert_eq!(RuleWeights::parse(&text), Ok(weights));
    }

    #[test]
    fn a_file_without_a_set_keeps_the_hand_values_and_bad_lines_are_refused() {
        let parsed = RuleWeights::parse("# nothing\nset white\nthreat open_four 7\n").unwrap();
        assert_eq!(parsed.sets[0], Weights::hand());
        assert_eq!(parsed.sets[1].threats[0], 7);
        for bad in ["combo F3 F2 B1 50 60", "combo F3 F2 B1 XX 1 2", "threat nothing 1", "set red"]
        {
            assert!(RuleWeights::parse(bad).is_err(), "{bad}");
        }
    }
}
