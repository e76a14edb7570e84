//! A move policy over line codes (issue 59, the policy head's first experiment): each candidate
//! point's four line rows are summed with a bias and clipped to `0..=1` (the same accumulator as
//! [`super::linenet`]), a linear read-out of it is the point's logit, and a softmax over the
//! candidates says how likely each is to be played. Fitted by minibatch Adam on the
//! cross-entropy of the moves played.

use super::adam::{Moments, Schedule, Turn};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

/// A position's candidates and the one played.
#[derive(Clone, Debug)]
pub struct PolicySample {
    /// Each candidate's four line classes.
    pub points: Vec<[u32; 4]>,
    /// Which candidate was played.
    pub chosen: usize,
    /// Logits the policy's are added to (another order's, when the policy learns what it
    /// misses), one a candidate; empty for none.
    pub base: Vec<f32>,
}

impl PolicySample {
    fn base(&self, i: usize) -> f32 {
        self.base.get(i).copied().unwrap_or(0.0)
    }
}

/// The policy's parameters.
#[derive(Clone, Debug)]
pub struct LinePolicy {
    /// Width of a line row.
    pub dims: usize,
    /// `classes × dims`, class-major.
    pub rows: Vec<f32>,
    /// The accumulator's bias (`dims`).
    pub bias: Vec<f32>,
    /// The read-out (`dims`).
    pub out: Vec<f32>,
}

impl LinePolicy {
    /// A policy with small random rows and read-out drawn from `seed`.
    pub fn new(classes: usize, dims: usize, seed: u64) -> LinePolicy {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut uniform =
            |n: usize, r: f32| -> Vec<f32> { (0..n).map(|_| rng.random_range(-r..r)).collect() };
        LinePolicy {
            dims,
            rows: uniform(classes * dims, 0.05),
            bias: vec![0.25; dims],
            out: uniform(dims, 0.5),
        }
    }

    /// The accumulator of a point before clipping.
    fn accumulate(&self, classes: &[u32; 4]) -> Vec<f32> {
        let d = self.dims;
        let mut a = self.bias.clone();
        for &c in classes {
            let row = &self.rows[c as usize * d..][..d];
            a.iter_mut().zip(row).for_each(|(a, r)| *a += r);
        }
        a
    }

    /// The logit of a point.
    pub fn logit(&self, classes: &[u32; 4]) -> f32 {
        let a = self.accumulate(classes);
        a.iter().zip(&self.out).map(|(a, o)| a.clamp(0.0, 1.0) * o).sum()
    }

    /// Adds the gradient of `sample`'s cross-entropy (times `scale`) to `grad`.
    fn backward(&self, sample: &PolicySample, scale: f32, grad: &mut PolicyGradient) {
        let d = self.dims;
        let pre: Vec<Vec<f32>> = sample.points.iter().map(|c| self.accumulate(c)).collect();
        let logits: Vec<f32> = pre
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let own: f32 = a.iter().zip(&self.out).map(|(a, o)| a.clamp(0.0, 1.0) * o).sum();
                sample.base(i) + own
            })
            .collect();
        let probs = softmax(&logits);
        for (i, (a, classes)) in pre.iter().zip(&sample.points).enumerate() {
            let ds = (probs[i] - if i == sample.chosen { 1.0 } else { 0.0 }) * scale;
            let mut da = vec![0f32; d];
            for j in 0..d {
                grad.out[j] += ds * a[j].clamp(0.0, 1.0);
                if a[j] > 0.0 && a[j] < 1.0 {
                    da[j] = ds * self.out[j];
                }
            }
            grad.bias.iter_mut().zip(&da).for_each(|(b, x)| *b += x);
            for &c in classes {
                let row = grad.rows.entry(c as usize).or_insert_with(|| vec![0.0; d]);
                row.iter_mut().zip(&da).for_each(|(r, x)| *r += x);
            }
        }
    }
}

/// A softmax.
fn softmax(logits: &[f32]) -> Vec<f32> {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exps: Vec<f32> = logits.iter().map(|l| (l - top).exp()).collect();
    let sum: f32 = exps.iter().sum();
    exps.into_iter().map(|e| e / sum).collect()
}

/// A minibatch's gradient; the line rows only where the batch touched them.
struct PolicyGradient {
    rows: HashMap<usize, Vec<f32>>,
    bias: Vec<f32>,
    out: Vec<f32>,
}

/// Fits `policy` to `train`, calling `report(epoch, policy)` after every pass.
pub fn fit_policy(
    policy: &mut LinePolicy,
    train: &[PolicySample],
    fit: &Schedule,
    report: &mut dyn FnMut(usize, &LinePolicy),
) {
    let d = policy.dims;
    let mut moments = [Moments::new(policy.rows.len()), Moments::new(d), Moments::new(d)];
    fit.run(train.len(), &mut |turn| match turn {
        Turn::Batch(batch, t) => {
            let mut grad =
                PolicyGradient { rows: HashMap::new(), bias: vec![0.0; d], out: vec![0.0; d] };
            for &i in batch {
                policy.backward(&train[i], 1.0 / batch.len() as f32, &mut grad);
            }
            let (rows, plain) = fit.steps(t, train.len());
            for (&class, g) in &grad.rows {
                moments[0].step(&mut policy.rows, g, class * d, rows);
            }
            moments[1].step(&mut policy.bias, &grad.bias, 0, plain);
            moments[2].step(&mut policy.out, &grad.out, 0, plain);
        }
        Turn::Pass(pass) => report(pass, policy),
    });
}

/// The mean cross-entropy of the moves played, and how often the move played ranks within the
/// first `k` (ties count against it) for each `k` in `ks`.
pub fn policy_scores(
    policy: &LinePolicy,
    samples: &[PolicySample],
    ks: &[usize],
) -> (f64, Vec<f64>) {
    let mut entropy = 0.0;
    let mut ranks = Vec::with_capacity(samples.len());
    for s in samples {
        let logits: Vec<f32> =
            s.points.iter().enumerate().map(|(i, c)| s.base(i) + policy.logit(c)).collect();
        entropy -= f64::from(softmax(&logits)[s.chosen].max(1e-12).ln());
        let chosen = logits[s.chosen];
        ranks.push(
            logits.iter().enumerate().filter(|&(i, &l)| i != s.chosen && l >= chosen).count(),
        );
    }
    let n = samples.len().max(1) as f64;
    let tops = ks.iter().map(|&k| ranks.iter().filter(|&&r| r < k).count() as f64 / n).collect();
    (entropy / n, tops)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The analytic gradient of the rows and the read-out matches finite differences.
    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        let mut policy = LinePolicy::new(8, 3, 5);
        policy.bias = vec![0.5; 3];
        let s = PolicySample {
            points: vec![[1, 2, 3, 4], [2, 5, 6, 0], [7, 7, 1, 3]],
            chosen: 1,
            base: vec![0.3, -0.2, 0.1],
        };
        let mut grad =
            PolicyGradient { rows: HashMap::new(), bias: vec![0.0; 3], out: vec![0.0; 3] };
        policy.backward(&s, 1.0, &mut grad);
        let loss = |p: &LinePolicy| policy_scores(p, std::slice::from_ref(&s), &[]).0 as f32;
        let h = 1e-3f32;
        for j in 0..3 {
            let (mut up, mut down) = (policy.clone(), policy.clone());
            up.rows[7 * 3 + j] += h;
            down.rows[7 * 3 + j] -= h;
            let numeric = (loss(&up) - loss(&down)) / (2.0 * h);
            let analytic = grad.rows.get(&7).map_or(0.0, |r| r[j]);
            assert!((analytic - numeric).abs() < 2e-3, "row 7: {analytic} vs {numeric}");
            let (mut up, mut down) = (policy.clone(), policy.clone());
            up.out[j] += h;
            down.out[j] -= h;
            let numeric = (loss(&up) - loss(&down)) / (2.0 * h);
            assert!((grad.out[j] - numeric).abs() < 2e-3, "out: {} vs {numeric}", grad.out[j]);
        }
    }

    /// A point whose line says "play here" is learned to rank first.
    #[test]
    fn a_fit_learns_the_point_to_play() {
        let data: Vec<PolicySample> = (0..300u32)
            .map(|i| {
                let noise = |k: u32| [10 + (i + k) % 5, 20 + (i * k) % 4, 30 + k % 3, 40];
                let mut points: Vec<[u32; 4]> = (0..5).map(noise).collect();
                let chosen = (i % 5) as usize;
                points[chosen][3] = 1; // the telling line
                PolicySample { points, chosen, base: Vec::new() }
            })
            .collect();
        let mut policy = LinePolicy::new(50, 8, 2);
        let fit = Schedule { batch: 16, rate: 0.01, decay: 0.0, epochs: 20, seed: 4, anneal: 1.0 };
        fit_policy(&mut policy, &data, &fit, &mut |_, _| {});
        let (entropy, tops) = policy_scores(&policy, &data, &[1]);
        assert!(tops[0] > 0.95 && entropy < 0.2, "top-1 {} entropy {entropy}", tops[0]);
    }
}
