//! A small network on top of the linear evaluation (fitted by `gomoku train --hidden`): each of
//! [`HIDDEN`] units sums a row per point (by the point's pattern combination, for its colour as
//! the side to move and as the side waiting) and a row per threat term that holds, adds a bias,
//! clips the sum to `0..=ONE`, and the evaluation adds each unit's clipped value times its
//! output weight. The rows' sums are kept up to date by the position as the linear sums are.
//!
//! Where the colours' rules differ (renju: black's forbidden points) each colour has its own rows:
//! a colour's points use its rows, and the threat terms are the side to move's.
//!
//! Optionally a row per *pair* of classes an empty point has — the side to move's and the other
//! side's ([`PAIR_CLASS_NAMES`]: the threat classes, and "forbidden" for a point black may not
//! play) — sees what a point is worth to both sides at once (a point that makes my three and
//! blocks their four, or a point white can use because black may not take it), which the
//! per-colour combinations do not. Those rows are the side to move's set's; the pair of two quiet
//! classes has none.
//!
//! The file format, one item a line (`#` starts a comment):
//!
//! ```text
//! hidden 8                     # must be HIDDEN
//! bias 2048 2048 …             # per unit, in 1/ONE
//! output 120 -95 …             # per unit, evaluation units at a full unit
//! set black                    # optional: the rows below are black's (then `set white`)
//! combo F3 F2 B1 N m1 … m8 w1 … w8   # rows to move, then waiting, in 1/ONE
//! threat open_four t1 … t8
//! pair three four t1 … t8      # optional: the mover's class, the other's
//! ```
//!
//! Without `set` lines both colours share one set of rows; with them the file gives both.

use super::shape::{Shape, QUIET, THREAT_COUNT};
use super::weights::{combo_of, pattern_named, COMBOS, THREATS, THREAT_NAMES};
use crate::color::Color;

/// A point's class for the pair rows: its threat class (see [`super::shape`]), or
/// [`FORBIDDEN_CLASS`].
pub type PairClass = u8;

/// The pair class of a point black may not play (renju).
pub const FORBIDDEN_CLASS: PairClass = THREAT_COUNT as PairClass;

/// Number of pair classes: the threat classes and [`FORBIDDEN_CLASS`].
pub const PAIR_CLASSES: usize = THREAT_COUNT + 1;

/// The pair classes' names in the file, by class.
pub const PAIR_CLASS_NAMES: [&str; PAIR_CLASSES] = [
    "quiet",
    "minor",
    "three",
    "three_three",
    "four",
    "four_three",
    "open_four",
    "win",
    "forbidden",
];

/// Number of pair class pairs.
pub const PAIRS: usize = PAIR_CLASSES * PAIR_CLASSES;

/// The pair class of a point with shape `shape` for its colour: a forbidden point (kept as a
/// quiet shape marked as maybe forbidden) has a class of its own.
#[inline]
pub fn pair_class(shape: Shape) -> PairClass {
    if shape.maybe_forbidden && shape.threat == QUIET {
        FORBIDDEN_CLASS
    } else {
        shape.threat
    }
}

/// The pair number of a point whose pair classes are `mine` (the side to move's) and `theirs`.
#[inline]
pub fn pair_of(mine: PairClass, theirs: PairClass) -> usize {
    (usize::from(mine) * PAIR_CLASSES + usize::from(theirs)) % PAIRS
}

/// Hidden units.
pub const HIDDEN: usize = 8;
/// A unit's full value (its input weights and biases are in 1/ONE).
pub const ONE: i32 = 4096;
/// The combination number standing for "no value here" (a point the colour may not play, or a
/// stone): its rows are zero.
pub const NO_COMBO: u16 = COMBOS as u16;

/// One unit row per hidden unit.
pub type Row = [i32; HIDDEN];

/// One colour's rows (or both colours', when they share them).
#[derive(Clone, Debug, PartialEq)]
pub struct NetRows {
    /// By combination number (and [`NO_COMBO`], zero): `[to move, waiting]` rows.
    pub rows: Vec<[Row; 2]>,
    /// By threat term (the side to move's).
    pub threats: [Row; THREATS],
    /// By [`pair_of`] the point's classes, the side to move's first (zero unless the file
    /// gives them; the quiet pair's stays zero).
    pub pairs: Vec<Row>,
}

impl NetRows {
    fn zero() -> NetRows {
        NetRows {
            rows: vec![[[0; HIDDEN]; 2]; COMBOS + 1],
            threats: [[0; HIDDEN]; THREATS],
            pairs: vec![[0; HIDDEN]; PAIRS],
        }
    }
}

/// The network's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct NetTable {
    /// One set of rows shared by both colours, or black's then white's.
    sets: Vec<NetRows>,
    /// Per unit.
    pub bias: Row,
    /// Per unit, evaluation units.
    pub output: Row,
    /// Whether the file gives pair rows (else the position need not keep their sums).
    has_pairs: bool,
}

impl NetTable {
    /// Reads a network file.
    pub fn parse(text: &str) -> Result<NetTable, String> {
        let zero = [0; HIDDEN];
        let mut net =
            NetTable { sets: vec![NetRows::zero()], bias: zero, output: zero, has_pairs: false };
        let mut current = 0;
        let mut per_colour = false;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = || format!("network line {}: {raw:?}", n + 1);
            let numbers = |from: usize, count: usize| -> Result<Vec<i32>, String> {
                let values = words.get(from..).filter(|w| w.len() == count).ok_or_else(bad)?;
                values.iter().map(|w| w.parse().map_err(|_| bad())).collect()
            };
            let row = |v: &[i32]| -> Row { std::array::from_fn(|k| v[k]) };
            match words.first().copied() {
                None => {}
                Some("hidden") if words.len() == 2 && words[1] == HIDDEN.to_string() => {}
                Some("bias") => net.bias = row(&numbers(1, HIDDEN)?),
                Some("output") => net.output = row(&numbers(1, HIDDEN)?),
                Some("set") => {
                    current = match words.as_slice() {
                        ["set", "black"] if !per_colour => 0,
                        ["set", "white"] if per_colour && current == 0 => 1,
                        _ => return Err(bad()),
                    };
                    per_colour = true;
                    if current == 1 {
                        net.sets.push(NetRows::zero());
                    }
                }
                Some("combo") => {
                    let names = words.get(1..5).ok_or_else(bad)?;
                    let patterns: Option<Vec<_>> = names.iter().map(|w| pattern_named(w)).collect();
                    let p = patterns.ok_or_else(bad)?;
                    let v = numbers(5, 2 * HIDDEN)?;
                    net.sets[current].rows[combo_of([p[0], p[1], p[2], p[3]])] =
                        [row(&v[..HIDDEN]), row(&v[HIDDEN..])];
                }
                Some("threat") => {
                    let name = words.get(1).ok_or_else(bad)?;
                    let j = THREAT_NAMES.iter().position(|t| t == name).ok_or_else(bad)?;
                    net.sets[current].threats[j] = row(&numbers(2, HIDDEN)?);
                }
                Some("pair") => {
                    let class = |i: usize| {
                        let name = words.get(i)?;
                        PAIR_CLASS_NAMES.iter().position(|t| t == name).map(|c| c as PairClass)
                    };
                    let (mine, theirs) = (class(1).ok_or_else(bad)?, class(2).ok_or_else(bad)?);
                    if mine == 0 && theirs == 0 {
                        return Err(bad());
                    }
                    net.sets[current].pairs[pair_of(mine, theirs)] = row(&numbers(3, HIDDEN)?);
                    net.has_pairs = true;
                }
                _ => return Err(bad()),
            }
        }
        if per_colour && net.sets.len() != 2 {
            return Err("network: `set black` without `set white`".into());
        }
        Ok(net)
    }

    /// The rows `color`'s points and threat terms use.
    #[inline]
    pub fn rows_of(&self, color: Color) -> &NetRows {
        &self.sets[color.index().min(self.sets.len() - 1)]
    }

    /// Whether the file gives pair rows.
    #[inline]
    pub fn has_pairs(&self) -> bool {
        self.has_pairs
    }

    /// Whether each colour has rows of its own.
    pub fn is_per_colour(&self) -> bool {
        self.sets.len() == 2
    }

    /// The network's value for hidden sums `sums` (the rows' sums and bias, before clipping).
    #[inline]
    pub fn value(&self, sums: &Row) -> i32 {
        let mut total = 0i64;
        for (&sum, &output) in sums.iter().zip(&self.output) {
            total += i64::from(sum.clamp(0, ONE)) * i64::from(output);
        }
        (total / i64::from(ONE)) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::shape::OPEN_FOUR;

    #[test]
    fn a_network_reads_and_bad_lines_are_refused() {
        let eight = "1 2 3 4 5 6 7 8";
        let good = format!("hidden 8\nbias {eight}\noutput {eight}\nthreat open_four {eight}\n");
        let net = NetTable::parse(&good).unwrap();
        assert_eq!(net.output, [1, 2, 3, 4, 5, 6, 7, 8]);
        assert!(!net.is_per_colour());
        assert_eq!(net.rows_of(Color::Black), net.rows_of(Color::White));
        for bad in [
            "hidden 16".to_string(),
            "bias 1 2 3".to_string(),
            format!("output {eight} 9"),
            format!("combo F3 F2 B1 {eight} {eight}"),
            format!("combo F3 F2 B1 XX {eight} {eight}"),
            format!("threat nothing {eight}"),
            "hello".to_string(),
            "set white".to_string(),
            "set black".to_string(),
            "set black\nset white\nset black".to_string(),
            "set green".to_string(),
            format!("pair quiet quiet {eight}"),
            format!("pair three loud {eight}"),
            format!("pair three {eight}"),
            "pair three four 1 2".to_string(),
        ] {
            assert!(NetTable::parse(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn each_colour_reads_its_own_rows_after_set_lines() {
        let (a, b) = ("1 2 3 4 5 6 7 8", "9 9 9 9 9 9 9 9");
        let text =
            format!("hidden 8\nset black\nthreat open_four {a}\nset white\nthreat open_four {b}\n");
        let net = NetTable::parse(&text).unwrap();
        assert!(net.is_per_colour());
        let open_four = THREAT_NAMES.iter().position(|t| *t == "open_four").unwrap();
        assert_eq!(net.rows_of(Color::Black).threats[open_four], [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(net.rows_of(Color::White).threats[open_four], [9; HIDDEN]);
    }

    #[test]
    fn pair_rows_are_read_by_the_movers_class_first() {
        let row = "1 2 3 4 5 6 7 8";
        let without = NetTable::parse("hidden 8\n").unwrap();
        assert!(!without.has_pairs());
        let net = NetTable::parse(&format!("hidden 8\npair three four {row}\n")).unwrap();
        assert!(net.has_pairs());
        let pairs = &net.rows_of(Color::Black).pairs;
        assert_eq!(pairs[pair_of(2, 4)], [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(pairs[pair_of(4, 2)], [0; HIDDEN]);
        assert_eq!(pairs[pair_of(0, 0)], [0; HIDDEN]);
    }

    #[test]
    fn a_point_forbidden_to_black_has_a_pair_class_of_its_own() {
        let forbidden = Shape { threat: QUIET, value: 0, maybe_forbidden: true };
        assert_eq!(pair_class(forbidden), FORBIDDEN_CLASS);
        let open_four = Shape { threat: OPEN_FOUR, value: 0, maybe_forbidden: true };
        assert_eq!(pair_class(open_four), OPEN_FOUR);
        assert_eq!(pair_class(Shape { maybe_forbidden: false, ..forbidden }), QUIET);
        let row = "1 2 3 4 5 6 7 8";
        let net = NetTable::parse(&format!("hidden 8\npair four forbidden {row}\n")).unwrap();
        let pairs = &net.rows_of(Color::White).pairs;
        assert_eq!(pairs[pair_of(4, FORBIDDEN_CLASS)], [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(pairs.iter().filter(|r| **r != [0; HIDDEN]).count(), 1);
    }

    #[test]
    fn a_unit_counts_between_zero_and_one() {
        let mut net = NetTable::parse("hidden 8\noutput 100 0 0 0 0 0 0 0\n").unwrap();
        assert_eq!(net.value(&[-5, 0, 0, 0, 0, 0, 0, 0]), 0);
        assert_eq!(net.value(&[ONE / 2, 0, 0, 0, 0, 0, 0, 0]), 50);
        assert_eq!(net.value(&[3 * ONE, 0, 0, 0, 0, 0, 0, 0]), 100);
        net.output = [0; HIDDEN];
        assert_eq!(net.value(&[ONE; HIDDEN]), 0);
    }
}
