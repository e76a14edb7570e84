//! A move policy over the cells of each point's lines (issue 59): every empty point near the
//! stones sums a row per line class (the cells `reach` deep on both sides of each of its four
//! lines, as the side to move sees them) into a clipped accumulator; a depthwise 3 × 3
//! convolution mixes each candidate's accumulator with its neighbours'; a linear read-out gives
//! the candidate's logit. Fitted by `gomoku line-policy --conv --out FILE` (the lab), which
//! writes the binary format read by [`LinePolicyNet::from_bytes`] and checks that these logits
//! are its own.
//!
//! The search does not use it yet: steering the order with a policy fitted to the moves played
//! measured weaker against Rapfi (docs/strength-log.md, 2026-12-05); this is the reader the next
//! attempt starts from.

use crate::board::{stone_code, Board, CELLS, DIRECTIONS, STRIDE};
use crate::Color;

/// The file's first four bytes.
const MAGIC: &[u8; 4] = b"GLP1";
/// Taps of the convolution: the point and its eight neighbours, row by row.
const TAPS: usize = 9;

/// A fitted policy.
#[derive(Clone, Debug)]
pub struct LinePolicyNet {
    reach: usize,
    dims: usize,
    class_of: Vec<u32>,
    rows: Vec<f32>,
    bias: Vec<f32>,
    kernel: Vec<f32>,
    conv_bias: Vec<f32>,
    out: Vec<f32>,
}

impl LinePolicyNet {
    /// Reads the lab's binary format: the magic, then `reach`, `dims` and the class count as
    /// little-endian `u32`, then little-endian `f32`s — the rows (class-major), the bias, the
    /// kernel (tap-major), the convolution's bias and the read-out.
    pub fn from_bytes(bytes: &[u8]) -> Result<LinePolicyNet, String> {
        let body = bytes.strip_prefix(MAGIC).ok_or("not a line policy (bad magic)")?;
        let word = |i: usize| -> Result<u32, String> {
            let b = body.get(4 * i..4 * i + 4).ok_or("line policy: truncated header")?;
            Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let (reach, dims, classes) = (word(0)? as usize, word(1)? as usize, word(2)? as usize);
        if !(1..=5).contains(&reach) || !(1..=256).contains(&dims) {
            return Err(format!("line policy: reach {reach} or width {dims} out of range"));
        }
        let class_of = class_table(reach);
        let expected = class_of.iter().max().map_or(0, |&m| m as usize + 1);
        if classes != expected {
            return Err(format!("line policy: {classes} classes, reach {reach} has {expected}"));
        }
        let floats: Vec<f32> = body[12..]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let sizes = [classes * dims, dims, TAPS * dims, dims, dims];
        if floats.len() != sizes.iter().sum::<usize>() || body[12..].len() % 4 != 0 {
            return Err("line policy: wrong length".into());
        }
        let mut rest = floats.as_slice();
        let mut take = |n: usize| {
            let (head, tail) = rest.split_at(n);
            rest = tail;
            head.to_vec()
        };
        Ok(LinePolicyNet {
            reach,
            dims,
            class_of,
            rows: take(sizes[0]),
            bias: take(sizes[1]),
            kernel: take(sizes[2]),
            conv_bias: take(sizes[3]),
            out: take(sizes[4]),
        })
    }

    /// The logit of each of `candidates` (empty points, raw indices) for `me` to move.
    pub fn logits(&self, board: &Board, me: Color, candidates: &[usize], out: &mut Vec<f32>) {
        let d = self.dims;
        let mut slot = vec![u32::MAX; CELLS];
        let mut acts: Vec<f32> = Vec::with_capacity(candidates.len() * 3 * d);
        for &c in candidates {
            slot[c] = self.push_accumulator(board, me, c, &mut acts);
        }
        out.clear();
        let mut features = vec![0f32; d];
        for &c in candidates {
            features.copy_from_slice(&self.conv_bias);
            for t in 0..TAPS {
                let q = (c + (t / 3) * STRIDE + t % 3).wrapping_sub(STRIDE + 1);
                let s = match slot.get(q) {
                    Some(&s) if s != u32::MAX => s,
                    Some(_) if board.code_at(q) == 0 && self.near_stones(board, q) => {
                        let s = self.push_accumulator(board, me, q, &mut acts);
                        slot[q] = s;
                        s
                    }
                    _ => continue,
                };
                let a = &acts[s as usize * d..][..d];
                let k = &self.kernel[t * d..][..d];
                for j in 0..d {
                    features[j] += k[j] * a[j];
                }
            }
            out.push(features.iter().zip(&self.out).map(|(f, o)| f.clamp(0.0, 1.0) * o).sum());
        }
    }

    /// Appends the clipped accumulator of the empty point `q`; returns its slot.
    fn push_accumulator(&self, board: &Board, me: Color, q: usize, acts: &mut Vec<f32>) -> u32 {
        let d = self.dims;
        let slot = acts.len() / d;
        acts.extend_from_slice(&self.bias);
        let a = &mut acts[slot * d..];
        for step in DIRECTIONS {
            let class = self.class_of[raw_code(board, q, step, me, self.reach) as usize];
            let row = &self.rows[class as usize * d..][..d];
            a.iter_mut().zip(row).for_each(|(a, r)| *a += r);
        }
        a.iter_mut().for_each(|a| *a = a.clamp(0.0, 1.0));
        slot as u32
    }

    /// Whether a stone lies within reach of `q` along one of its lines.
    fn near_stones(&self, board: &Board, q: usize) -> bool {
        DIRECTIONS.iter().any(|&step| {
            (1..=self.reach).any(|k| {
                [q.checked_sub(k * step), Some(q + k * step)]
                    .into_iter()
                    .flatten()
                    .any(|i| i < CELLS && matches!(board.code_at(i), 1 | 2))
            })
        })
    }
}

/// A cell in a line code: empty.
pub const EMPTY: u32 = 0;
/// A cell in a line code: a stone of the side to move.
pub const MINE: u32 = 1;
/// A cell in a line code: a stone of the other side.
pub const THEIRS: u32 = 2;
/// A cell in a line code: off the board.
pub const OFF_BOARD: u32 = 3;

/// The board's raw cell as the side to move `me` sees it.
fn cell_code(raw: u8, me: Color) -> u32 {
    match raw {
        0 => EMPTY,
        3 => OFF_BOARD,
        c if c == stone_code(me) => MINE,
        _ => THEIRS,
    }
}

/// The raw code of the line through the empty point `q` along `step`, seen by `me`: the cells
/// from `reach` behind to `reach` ahead (the point left out), two bits each, in the line's
/// order. Cells beyond the board's padding read as off the board.
pub fn raw_code(board: &Board, q: usize, step: usize, me: Color, reach: usize) -> u32 {
    let cell = |index: Option<usize>| {
        index.filter(|&i| i < CELLS).map_or(OFF_BOARD, |i| cell_code(board.code_at(i), me))
    };
    let mut code = 0;
    for k in 1..=reach {
        code |= cell(q.checked_sub(k * step)) << (2 * (reach - k));
        code |= cell(Some(q + k * step)) << (2 * (reach + k - 1));
    }
    code
}

/// The code of the same line read the other way.
pub fn mirror(code: u32, reach: usize) -> u32 {
    let cells = 2 * reach as u32;
    (0..cells).fold(0, |out, i| out | (((code >> (2 * i)) & 3) << (2 * (cells - 1 - i))))
}

/// Raw code → class for lines of `reach` cells a side: a line and its mirror image share a
/// class, numbered in the order of the smaller of the two codes.
pub fn class_table(reach: usize) -> Vec<u32> {
    let raw_codes = 1usize << (4 * reach);
    let mut class_of = vec![u32::MAX; raw_codes];
    let mut classes = 0;
    for code in 0..raw_codes as u32 {
        let canonical = code.min(mirror(code, reach)) as usize;
        if class_of[canonical] == u32::MAX {
            class_of[canonical] = classes;
            classes += 1;
        }
        class_of[code as usize] = class_of[canonical];
    }
    class_of
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::index_of;
    use crate::Pos;

    /// A file of reach 1 and width 1 whose only non-zero row is `class`'s, the kernel the
    /// identity and the read-out 1.
    fn file(class: usize) -> Vec<u8> {
        let classes = class_table(1).iter().max().map_or(0, |&m| m as usize + 1);
        let mut bytes = MAGIC.to_vec();
        for w in [1u32, 1, classes as u32] {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        let mut floats = vec![0f32; classes];
        floats[class] = 0.5;
        floats.push(0.0); // bias
        floats.extend((0..TAPS).map(|t| if t == 4 { 1.0 } else { 0.0 }));
        floats.extend([0.0, 1.0]); // the convolution's bias, the read-out
        floats.iter().for_each(|f| bytes.extend_from_slice(&f.to_le_bytes()));
        bytes
    }

    #[test]
    fn a_line_class_raises_the_logit_of_the_points_that_have_it() {
        let mut board = Board::new(15).unwrap();
        board.place(Pos::new(7, 7), Color::Black);
        // Reach 1, horizontal: an empty cell behind, the mover's stone ahead.
        let class_of = class_table(1);
        let mine_ahead = class_of[(1 << 2) as usize] as usize;
        let net = LinePolicyNet::from_bytes(&file(mine_ahead)).unwrap();
        let (beside, above, far) =
            (index_of(Pos::new(6, 7)), index_of(Pos::new(7, 6)), index_of(Pos::new(2, 2)));
        let mut logits = Vec::new();
        net.logits(&board, Color::Black, &[beside, above, far], &mut logits);
        // West of the stone: its horizontal line has the stone ahead; north of it, the vertical
        // line has it ahead too (the same class); the far point has nothing.
        assert_eq!(logits, vec![0.5, 0.5, 0.0]);
        net.logits(&board, Color::White, &[beside], &mut logits);
        assert_eq!(logits, vec![0.0], "for white the stone is the other side's");
    }

    #[test]
    fn hostile_files_are_refused() {
        let good = file(0);
        assert!(LinePolicyNet::from_bytes(&good).is_ok());
        assert!(LinePolicyNet::from_bytes(b"GLP0").is_err());
        assert!(LinePolicyNet::from_bytes(&good[..10]).is_err());
        assert!(LinePolicyNet::from_bytes(&good[..good.len() - 4]).is_err());
        let mut wide = good.clone();
        wide[8..12].copy_from_slice(&100_000u32.to_le_bytes());
        assert!(LinePolicyNet::from_bytes(&wide).is_err());
        let mut classes = good;
        classes[12..16].copy_from_slice(&7u32.to_le_bytes());
        assert!(LinePolicyNet::from_bytes(&classes).is_err());
    }
}
