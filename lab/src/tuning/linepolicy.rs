//! A move policy over line codes (issue 59, the policy head's experiments): each point's four
//! line rows are summed with a bias and clipped to `0..=1` (the same accumulator as
//! [`super::linenet`]); optionally a depthwise 3 × 3 convolution ([`super::lineconv`]) mixes
//! each point's accumulator with its neighbours' (the empty points near the stones, candidates
//! or not) and is clipped again; a linear read-out of a candidate's features is its logit, and
//! a softmax over the candidates says how likely each is to be played. Fitted by minibatch Adam
//! on the cross-entropy of the moves played.

use super::adam::{Moments, Schedule, Turn};
use super::lineconv::{neighbours, Conv, Neighbours};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

/// A position's candidates, the points around them, and the candidate played.
#[derive(Clone, Debug)]
pub struct PolicySample {
    /// The four line classes of every point read: the candidates first, then the other empty
    /// points near the stones (read only by the convolution).
    pub points: Vec<[u32; 4]>,
    /// Each point's place (x, y), read by the convolution.
    pub cells: Vec<(u8, u8)>,
    /// How many of `points` are candidates.
    pub candidates: usize,
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
    /// A depthwise 3 × 3 convolution between the clipped accumulators and the read-out, if any.
    pub conv: Option<Conv>,
}

/// What the forward pass keeps for the backward one.
struct Trace {
    /// The accumulators before their clip (the candidates', or every point's with a
    /// convolution).
    pre: Vec<f32>,
    /// The convolution's output before its clip, and the points' neighbours.
    mixed: Option<(Vec<f32>, Neighbours)>,
    /// The candidates' features the read-out weighs (clipped).
    features: Vec<f32>,
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
            conv: None,
        }
    }

    /// The same policy with a convolution after the accumulators.
    pub fn with_conv(mut self, seed: u64) -> LinePolicy {
        self.conv = Some(Conv::new(self.dims, seed));
        self
    }

    /// The candidates' logits (each with its base added).
    pub fn logits(&self, sample: &PolicySample) -> Vec<f32> {
        let trace = self.forward(sample);
        self.read_out(sample, &trace)
    }

    fn read_out(&self, sample: &PolicySample, trace: &Trace) -> Vec<f32> {
        let d = self.dims;
        (0..sample.candidates)
            .map(|i| {
                let f = &trace.features[i * d..][..d];
                sample.base(i) + f.iter().zip(&self.out).map(|(f, o)| f * o).sum::<f32>()
            })
            .collect()
    }

    fn forward(&self, sample: &PolicySample) -> Trace {
        let d = self.dims;
        let read = if self.conv.is_some() { sample.points.len() } else { sample.candidates };
        let mut pre = Vec::with_capacity(read * d);
        for classes in &sample.points[..read] {
            let start = pre.len();
            pre.extend_from_slice(&self.bias);
            for &c in classes {
                let row = &self.rows[c as usize * d..][..d];
                pre[start..].iter_mut().zip(row).for_each(|(a, r)| *a += r);
            }
        }
        let clip = |v: &[f32]| v.iter().map(|a| a.clamp(0.0, 1.0)).collect::<Vec<f32>>();
        match &self.conv {
            Some(conv) => {
                let n = neighbours(&sample.cells);
                let mixed = conv.forward(&clip(&pre), &n);
                let features = clip(&mixed[..sample.candidates * d]);
                Trace { pre, mixed: Some((mixed, n)), features }
            }
            None => {
                let features = clip(&pre);
                Trace { pre, mixed: None, features }
            }
        }
    }

    /// Adds the gradient of `sample`'s cross-entropy (times `scale`) to `grad`.
    fn backward(&self, sample: &PolicySample, scale: f32, grad: &mut PolicyGradient) {
        let d = self.dims;
        let trace = self.forward(sample);
        let probs = softmax(&self.read_out(sample, &trace));
        let mut dfeatures = vec![0f32; sample.candidates * d];
        for (i, p) in probs.iter().enumerate() {
            let ds = (p - if i == sample.chosen { 1.0 } else { 0.0 }) * scale;
            for j in 0..d {
                grad.out[j] += ds * trace.features[i * d + j];
                dfeatures[i * d + j] = ds * self.out[j];
            }
        }
        let inside = |x: f32| x > 0.0 && x < 1.0;
        let dpre: Vec<f32> = match (&self.conv, &trace.mixed, &mut grad.conv) {
            (Some(conv), Some((mixed, n)), Some(gconv)) => {
                let mut dmixed = vec![0f32; mixed.len()];
                for (k, g) in dfeatures.iter().enumerate() {
                    dmixed[k] = if inside(mixed[k]) { *g } else { 0.0 };
                }
                let acts: Vec<f32> = trace.pre.iter().map(|a| a.clamp(0.0, 1.0)).collect();
                let dacts = conv.backward(&acts, n, &dmixed, gconv);
                trace.pre.iter().zip(dacts).map(|(&a, g)| if inside(a) { g } else { 0.0 }).collect()
            }
            _ => trace
                .pre
                .iter()
                .zip(&dfeatures)
                .map(|(&a, &g)| if inside(a) { g } else { 0.0 })
                .collect(),
        };
        for (p, classes) in sample.points.iter().enumerate().take(trace.pre.len() / d) {
            let da = &dpre[p * d..][..d];
            grad.bias.iter_mut().zip(da).for_each(|(b, x)| *b += x);
            for &c in classes {
                let row = grad.rows.entry(c as usize).or_insert_with(|| vec![0.0; d]);
                row.iter_mut().zip(da).for_each(|(r, x)| *r += x);
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
    conv: Option<Conv>,
}

impl PolicyGradient {
    fn zero(policy: &LinePolicy) -> PolicyGradient {
        let d = policy.dims;
        PolicyGradient {
            rows: HashMap::new(),
            bias: vec![0.0; d],
            out: vec![0.0; d],
            conv: policy.conv.as_ref().map(Conv::zero_like),
        }
    }
}

/// Fits `policy` to `train`, calling `report(epoch, policy)` after every pass.
pub fn fit_policy(
    policy: &mut LinePolicy,
    train: &[PolicySample],
    fit: &Schedule,
    report: &mut dyn FnMut(usize, &LinePolicy),
) {
    let d = policy.dims;
    let taps = policy.conv.as_ref().map_or(0, |c| c.kernel.len());
    let mut moments = [
        Moments::new(policy.rows.len()),
        Moments::new(d),
        Moments::new(d),
        Moments::new(taps),
        Moments::new(d),
    ];
    fit.run(train.len(), &mut |turn| match turn {
        Turn::Batch(batch, t) => {
            let mut grad = PolicyGradient::zero(policy);
            for &i in batch {
                policy.backward(&train[i], 1.0 / batch.len() as f32, &mut grad);
            }
            let (rows, plain) = fit.steps(t, train.len());
            for (&class, g) in &grad.rows {
                moments[0].step(&mut policy.rows, g, class * d, rows);
            }
            moments[1].step(&mut policy.bias, &grad.bias, 0, plain);
            moments[2].step(&mut policy.out, &grad.out, 0, plain);
            if let (Some(conv), Some(g)) = (&mut policy.conv, &grad.conv) {
                moments[3].step(&mut conv.kernel, &g.kernel, 0, plain);
                moments[4].step(&mut conv.bias, &g.bias, 0, plain);
            }
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
        let logits = policy.logits(s);
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

    fn sample(points: Vec<[u32; 4]>, candidates: usize, chosen: usize) -> PolicySample {
        let cells = (0..points.len()).map(|i| ((i % 4) as u8, (i / 4) as u8)).collect();
        PolicySample { points, cells, candidates, chosen, base: Vec::new() }
    }

    /// The analytic gradient of the rows, the read-out and (with one) the convolution matches
    /// finite differences; with a convolution, a point that is no candidate has a gradient too.
    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        for with_conv in [false, true] {
            let mut policy = LinePolicy::new(8, 3, 5);
            if with_conv {
                policy = policy.with_conv(5);
            }
            policy.bias = vec![0.5; 3];
            let mut s = sample(vec![[1, 2, 3, 4], [2, 5, 6, 0], [7, 7, 1, 3], [6, 6, 6, 5]], 3, 1);
            s.base = vec![0.3, -0.2, 0.1];
            let mut grad = PolicyGradient::zero(&policy);
            policy.backward(&s, 1.0, &mut grad);
            let loss = |p: &LinePolicy| policy_scores(p, std::slice::from_ref(&s), &[]).0 as f32;
            let h = 1e-3f32;
            let slope = |change: &dyn Fn(&mut LinePolicy, f32)| {
                let (mut up, mut down) = (policy.clone(), policy.clone());
                change(&mut up, h);
                change(&mut down, -h);
                (loss(&up) - loss(&down)) / (2.0 * h)
            };
            let close = |a: f32, n: f32, what: &str| {
                assert!((a - n).abs() < 2e-3, "{what} (conv {with_conv}): {a} vs {n}")
            };
            for j in 0..3 {
                let row = |class: usize| grad.rows.get(&class).map_or(0.0, |r| r[j]);
                close(row(7), slope(&|p, e| p.rows[7 * 3 + j] += e), "row 7");
                close(row(5), slope(&|p, e| p.rows[5 * 3 + j] += e), "row 5");
                close(grad.out[j], slope(&|p, e| p.out[j] += e), "out");
                if let Some(g) = &grad.conv {
                    let numeric = slope(&|p, e| p.conv.as_mut().unwrap().kernel[15 + j] += e);
                    close(g.kernel[15 + j], numeric, "tap 5");
                }
            }
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
                sample(points, 5, chosen)
            })
            .collect();
        let mut policy = LinePolicy::new(50, 8, 2);
        let fit = Schedule { batch: 16, rate: 0.01, decay: 0.0, epochs: 20, seed: 4, anneal: 1.0 };
        fit_policy(&mut policy, &data, &fit, &mut |_, _| {});
        let (entropy, tops) = policy_scores(&policy, &data, &[1]);
        assert!(tops[0] > 0.95 && entropy < 0.2, "top-1 {} entropy {entropy}", tops[0]);
    }

    /// A candidate is learned from what lies beside it: the chosen one is the only candidate
    /// with a telling point (no candidate) at its east, which only the convolution reads.
    #[test]
    fn the_convolution_reads_the_points_beside_a_candidate() {
        let data: Vec<PolicySample> = (0..300u32)
            .map(|i| {
                let chosen = (i % 3) as usize;
                // Candidates at (0, k), context at (1, k); every line alike but the context's.
                let mut points = vec![[10, 11, 12, 13]; 3];
                let mut cells: Vec<(u8, u8)> = (0..3).map(|k| (0, 3 * k as u8)).collect();
                for k in 0..3 {
                    points.push(if k == chosen { [1, 1, 1, 1] } else { [2, 2, 2, 2] });
                    cells.push((1, 3 * k as u8));
                }
                PolicySample { points, cells, candidates: 3, chosen, base: Vec::new() }
            })
            .collect();
        let fit = Schedule { batch: 16, rate: 0.02, decay: 0.0, epochs: 30, seed: 4, anneal: 1.0 };
        let mut plain = LinePolicy::new(20, 4, 2);
        fit_policy(&mut plain, &data, &fit, &mut |_, _| {});
        let mut mixing = LinePolicy::new(20, 4, 2).with_conv(2);
        fit_policy(&mut mixing, &data, &fit, &mut |_, _| {});
        let top1 = |p: &LinePolicy| policy_scores(p, &data, &[1]).1[0];
        assert!(top1(&plain) < 0.5, "without: {}", top1(&plain));
        assert!(top1(&mixing) > 0.95, "with: {}", top1(&mixing));
    }
}
