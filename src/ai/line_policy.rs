//! A learned move policy over the cells of each candidate's four lines (issue 59): every line
//! class ([`super::line_codes`]) has a row of small integers; a point's four rows and a bias
//! are summed and clipped to `0..=ONE` (the accumulator), and a read-out of it is a logit the
//! candidate order adds to its own ([`super::policy`]). Fitted by `gomoku line-policy --out`.
//!
//! The file format, one item a line (`#` starts a comment):
//!
//! ```text
//! line_policy reach 4 dims 8   # cells read on each side of a point; the accumulator's width
//! bias 1024 …                  # per dimension, in 1/ONE
//! out 3120 …                   # per dimension, logits per full unit, in 1/ONE
//! row 17 12 -40 …              # a line class and its row, in 1/ONE (classes not listed: zero)
//! ```

use super::line_codes::LineCodes;
use crate::board::Board;
use crate::color::Color;

/// A full unit of the accumulator (the rows, the bias and the read-out are in 1/ONE).
pub const ONE: i32 = 4096;

/// The largest accumulator a file may ask for.
const MAX_DIMS: usize = 64;

/// A line policy's parameters.
#[derive(Clone, Debug)]
pub struct LinePolicy {
    codes: LineCodes,
    dims: usize,
    rows: Vec<i32>,
    bias: Vec<i32>,
    out: Vec<f32>,
}

impl LinePolicy {
    /// Reads a line policy file.
    pub fn parse(text: &str) -> Result<LinePolicy, String> {
        let mut policy: Option<LinePolicy> = None;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = || format!("line policy line {}: {raw:?}", n + 1);
            let Some(&first) = words.first() else { continue };
            if first == "line_policy" {
                policy = Some(header(&words).ok_or_else(bad)?);
                continue;
            }
            let p = policy.as_mut().ok_or_else(bad)?;
            let numbers = |from: usize| -> Result<Vec<i32>, String> {
                let values = words.get(from..).filter(|w| w.len() == p.dims).ok_or_else(bad)?;
                values.iter().map(|w| w.parse().map_err(|_| bad())).collect()
            };
            match first {
                "bias" => p.bias = numbers(1)?,
                "out" => p.out = numbers(1)?.into_iter().map(|v| v as f32 / ONE as f32).collect(),
                "row" => {
                    let class: usize = words.get(1).and_then(|w| w.parse().ok()).ok_or_else(bad)?;
                    if class >= p.codes.classes() {
                        return Err(bad());
                    }
                    let values = numbers(2)?;
                    p.rows[class * p.dims..(class + 1) * p.dims].copy_from_slice(&values);
                }
                _ => return Err(bad()),
            }
        }
        policy.ok_or_else(|| "a line policy file needs its `line_policy` line".to_string())
    }

    /// The logit of the empty point `q` (a board index) for `me`, the side to move.
    #[inline]
    pub fn logit(&self, board: &Board, q: usize, me: Color) -> f32 {
        let classes = self.codes.classes_at(board, q, me);
        let d = self.dims;
        let mut total = 0f32;
        for j in 0..d {
            let a =
                self.bias[j] + classes.iter().map(|&c| self.rows[c as usize * d + j]).sum::<i32>();
            total += a.clamp(0, ONE) as f32 * self.out[j];
        }
        total / ONE as f32
    }
}

/// A policy of the header's reach and width, all zero; `None` for a bad header.
fn header(words: &[&str]) -> Option<LinePolicy> {
    let [_, "reach", reach, "dims", dims] = words else { return None };
    let (reach, dims): (usize, usize) = (reach.parse().ok()?, dims.parse().ok()?);
    if !(1..=4).contains(&reach) || !(1..=MAX_DIMS).contains(&dims) {
        return None;
    }
    let codes = LineCodes::new(reach);
    let rows = vec![0; codes.classes() * dims];
    Some(LinePolicy { codes, dims, rows, bias: vec![0; dims], out: vec![0.0; dims] })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::index_of;
    use crate::pos::Pos;

    #[test]
    fn a_policy_reads_and_bad_files_are_refused() {
        let good = "line_policy reach 2 dims 2\nbias 1024 0\nout 4096 -4096\nrow 3 10 20\n";
        let p = LinePolicy::parse(good).unwrap();
        assert_eq!(p.rows[6..8], [10, 20]);
        for bad in [
            "bias 1 2",
            "line_policy reach 9 dims 2",
            "line_policy reach 2 dims 2\nbias 1 2 3",
            "line_policy reach 2 dims 2\nrow 999999 1 2",
            "line_policy reach 2 dims 2\nrow x 1 2",
            "line_policy reach 2 dims 2\nhello 1 2",
        ] {
            assert!(LinePolicy::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_logit_reads_the_points_lines() {
        // One dimension: 0.5 from the bias, +0.25 for a line with the mover's stone next to the
        // point; the read-out 2 logits a unit.
        let codes = LineCodes::new(1);
        let mut board = Board::new(15).unwrap();
        board.place(Pos::new(7, 7), Color::Black);
        let q = index_of(Pos::new(8, 7));
        let mine = codes.classes_at(&board, q, Color::Black)[0];
        let text = format!("line_policy reach 1 dims 1\nbias 2048\nout 8192\nrow {mine} 1024\n");
        let p = LinePolicy::parse(&text).unwrap();
        assert!((p.logit(&board, q, Color::Black) - 1.5).abs() < 1e-6);
        assert!((p.logit(&board, q, Color::White) - 1.0).abs() < 1e-6);
    }
}
