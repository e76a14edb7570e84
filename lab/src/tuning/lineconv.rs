//! A depthwise 3 × 3 convolution over the line accumulators of neighbouring points (issue 59):
//! each channel of a point's accumulator is mixed with the same channel of its eight neighbours'
//! before the points are pooled, so the network sees what lies beside a point's four lines (its
//! neighbours' lines), as the public "mix" networks do after their line lookups.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Taps of the kernel: the point and its eight neighbours, row by row.
pub const TAPS: usize = 9;

/// The tap of the point itself.
const CENTRE: usize = 4;

/// No point at a tap (a stone, the edge, or an empty point far from every stone).
const NONE: u32 = u32::MAX;

/// The kernel (`TAPS × dims`, tap-major) and a bias per channel.
#[derive(Clone, Debug)]
pub struct Conv {
    /// The weight of each tap for each channel.
    pub kernel: Vec<f32>,
    /// A bias per channel.
    pub bias: Vec<f32>,
}

/// The index of the point at each tap of every point, [`NONE`] where there is none.
pub type Neighbours = Vec<[u32; TAPS]>;

impl Conv {
    /// A kernel that starts near the identity (the centre 1, the rest small and random).
    pub fn new(dims: usize, seed: u64) -> Conv {
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x9e37_79b9);
        let kernel = (0..TAPS * dims)
            .map(|i| if i / dims == CENTRE { 1.0 } else { rng.random_range(-0.05..0.05) })
            .collect();
        Conv { kernel, bias: vec![0.0; dims] }
    }

    /// The convolution's output before its clip: `acts` is `points × dims`, point-major.
    pub fn forward(&self, acts: &[f32], neighbours: &Neighbours) -> Vec<f32> {
        let d = self.bias.len();
        let mut out = Vec::with_capacity(acts.len());
        for taps in neighbours {
            let start = out.len();
            out.extend_from_slice(&self.bias);
            let o = &mut out[start..];
            for (t, &q) in taps.iter().enumerate().filter(|(_, &q)| q != NONE) {
                let a = &acts[q as usize * d..][..d];
                let k = &self.kernel[t * d..][..d];
                for j in 0..d {
                    o[j] += k[j] * a[j];
                }
            }
        }
        out
    }

    /// Given the loss's gradient along the output (`dout`, before the clip, `points × dims`),
    /// adds the kernel's and the bias's gradients to `grad` and returns the gradient along
    /// `acts`.
    pub fn backward(
        &self,
        acts: &[f32],
        neighbours: &Neighbours,
        dout: &[f32],
        grad: &mut Conv,
    ) -> Vec<f32> {
        let d = self.bias.len();
        let mut dacts = vec![0f32; acts.len()];
        for (p, taps) in neighbours.iter().enumerate() {
            let g = &dout[p * d..][..d];
            grad.bias.iter_mut().zip(g).for_each(|(b, g)| *b += g);
            for (t, &q) in taps.iter().enumerate().filter(|(_, &q)| q != NONE) {
                let q = q as usize;
                for j in 0..d {
                    grad.kernel[t * d + j] += g[j] * acts[q * d + j];
                    dacts[q * d + j] += g[j] * self.kernel[t * d + j];
                }
            }
        }
        dacts
    }

    /// A zero gradient of the same shape.
    pub fn zero_like(&self) -> Conv {
        Conv { kernel: vec![0.0; self.kernel.len()], bias: vec![0.0; self.bias.len()] }
    }
}

/// Every point's neighbours among `cells` (the points' places, at most 32 × 32).
pub fn neighbours(cells: &[(u8, u8)]) -> Neighbours {
    let mut grid = [[NONE; 32]; 32];
    for (i, &(x, y)) in cells.iter().enumerate() {
        grid[usize::from(y)][usize::from(x)] = i as u32;
    }
    let at = |x: i32, y: i32| {
        if (0..32).contains(&x) && (0..32).contains(&y) {
            grid[y as usize][x as usize]
        } else {
            NONE
        }
    };
    cells
        .iter()
        .map(|&(x, y)| {
            std::array::from_fn(|t| {
                at(i32::from(x) + (t % 3) as i32 - 1, i32::from(y) + (t / 3) as i32 - 1)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_the_points_around_and_none_elsewhere() {
        let cells = [(5, 5), (6, 5), (4, 4), (9, 9)];
        let n = neighbours(&cells);
        assert_eq!(n[0][CENTRE], 0);
        assert_eq!(n[0][5], 1, "east of (5, 5)");
        assert_eq!(n[0][0], 2, "north-west of (5, 5)");
        assert_eq!(n[1][3], 0, "west of (6, 5)");
        assert!(n[3].iter().enumerate().all(|(t, &q)| (t == CENTRE) == (q != NONE)));
    }

    #[test]
    fn the_identity_kernel_copies_and_a_neighbour_tap_adds() {
        let mut conv = Conv::new(2, 1);
        conv.kernel.iter_mut().for_each(|k| *k = 0.0);
        conv.kernel[CENTRE * 2] = 1.0;
        conv.kernel[CENTRE * 2 + 1] = 1.0;
        let cells = [(1, 1), (2, 1)];
        let acts = [0.5, 0.25, 1.0, 0.0];
        assert_eq!(conv.forward(&acts, &neighbours(&cells)), acts.to_vec());
        conv.kernel[5 * 2] = 2.0; // the east neighbour's first channel, twice
        assert_eq!(conv.forward(&acts, &neighbours(&cells))[0], 0.5 + 2.0);
    }
}
