//! A value network over line codes (issue 59, the first experiment): every line class has a row
//! of `dims` numbers; a point's four rows are summed with a bias and clipped to `0..=1` (the
//! accumulator an engine would keep up to date as stones come and go); optionally a depthwise
//! 3 × 3 convolution ([`super::lineconv`]) mixes each point's accumulator with its neighbours'
//! and is clipped again; the points' values are summed (scaled by 1/[`POOL`]) and a small layer
//! of `hidden` rectified units makes the log-odds that the side to move wins.
//!
//! Fitted by minibatch Adam on the cross-entropy against a target (the game's result blended
//! with the searched score, as [`super::fit`] does); the line rows get lazy (sparse) updates.

use super::adam::{Moments, Schedule, Step, Turn};
use super::lineconv::{neighbours, Conv, Neighbours};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The pooled sum is divided by this (about the number of points a middle game reads).
pub const POOL: f32 = 64.0;

/// One training position: its points' line classes and what it should predict.
#[derive(Clone, Debug)]
pub struct LineSample {
    /// Each point's four line classes.
    pub points: Vec<[u32; 4]>,
    /// Each point's place (x, y), read by the convolution.
    pub cells: Vec<(u8, u8)>,
    /// The probability to predict (result blended with the searched score).
    pub target: f32,
    /// The game's result for the side to move (1, 0.5, 0).
    pub result: f32,
    /// Log-odds the network's are added to (another evaluation's, when the network learns what
    /// it misses; else 0).
    pub base: f32,
}

/// The network's parameters.
#[derive(Clone, Debug)]
pub struct LineNet {
    /// Width of a line row and of the accumulator.
    pub dims: usize,
    /// Hidden units of the head.
    pub hidden: usize,
    /// `classes × dims`, class-major.
    pub rows: Vec<f32>,
    /// The accumulator's bias (`dims`).
    pub bias: Vec<f32>,
    /// The head's first layer, `hidden × dims`, unit-major.
    pub w1: Vec<f32>,
    /// Its biases (`hidden`).
    pub b1: Vec<f32>,
    /// The output weights (`hidden`).
    pub w2: Vec<f32>,
    /// The output bias.
    pub b2: f32,
    /// A depthwise 3 × 3 convolution between the clipped accumulators and the pool, if any.
    pub conv: Option<Conv>,
}

/// What the forward pass keeps for the backward one.
struct Trace {
    pre: Vec<f32>,
    /// The convolution's output before its clip (when there is one).
    mixed: Option<Vec<f32>>,
    neighbours: Neighbours,
    pooled: Vec<f32>,
    z: Vec<f32>,
}

impl LineNet {
    /// A network with small random rows and head weights drawn from `seed`.
    pub fn new(classes: usize, dims: usize, hidden: usize, seed: u64) -> LineNet {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut uniform =
            |n: usize, r: f32| -> Vec<f32> { (0..n).map(|_| rng.random_range(-r..r)).collect() };
        LineNet {
            dims,
            hidden,
            rows: uniform(classes * dims, 0.05),
            bias: vec![0.25; dims],
            w1: uniform(hidden * dims, (1.0 / dims as f32).sqrt()),
            b1: vec![0.1; hidden],
            w2: uniform(hidden, (1.0 / hidden as f32).sqrt()),
            b2: 0.0,
            conv: None,
        }
    }

    /// The same network with a convolution after the accumulators.
    pub fn with_conv(mut self, seed: u64) -> LineNet {
        self.conv = Some(Conv::new(self.dims, seed));
        self
    }

    /// The log-odds that the side to move wins in `sample`'s position.
    pub fn logit(&self, sample: &LineSample) -> f32 {
        sample.base + self.forward(sample).0
    }

    fn forward(&self, sample: &LineSample) -> (f32, Trace) {
        let d = self.dims;
        let points = &sample.points;
        let mut pre = vec![0f32; points.len() * d];
        for (p, classes) in points.iter().enumerate() {
            let a = &mut pre[p * d..(p + 1) * d];
            a.copy_from_slice(&self.bias);
            for &c in classes {
                let row = &self.rows[c as usize * d..][..d];
                a.iter_mut().zip(row).for_each(|(a, r)| *a += r);
            }
        }
        let (neighbours, mixed) = match &self.conv {
            Some(conv) => {
                let n = neighbours(&sample.cells);
                let acts: Vec<f32> = pre.iter().map(|a| a.clamp(0.0, 1.0)).collect();
                let mixed = conv.forward(&acts, &n);
                (n, Some(mixed))
            }
            None => (Vec::new(), None),
        };
        let mut pooled = vec![0f32; d];
        for (i, &a) in mixed.as_ref().unwrap_or(&pre).iter().enumerate() {
            pooled[i % d] += a.clamp(0.0, 1.0) / POOL;
        }
        let z: Vec<f32> = (0..self.hidden)
            .map(|k| {
                let w = &self.w1[k * d..][..d];
                let sum: f32 = w.iter().zip(&pooled).map(|(w, x)| w * x).sum();
                (sum + self.b1[k]).max(0.0)
            })
            .collect();
        let out = self.b2 + z.iter().zip(&self.w2).map(|(z, w)| z * w).sum::<f32>();
        (out, Trace { pre, mixed, neighbours, pooled, z })
    }

    /// Adds the gradient of the cross-entropy of `sample` (times `scale`) to `grad`; returns the
    /// sample's loss.
    fn backward(&self, sample: &LineSample, scale: f32, grad: &mut Gradient) -> f32 {
        let (out, trace) = self.forward(sample);
        let p = sigmoid(sample.base + out);
        let t = sample.target;
        let g = (p - t) * scale;
        let d = self.dims;
        grad.b2 += g;
        let mut dpooled = vec![0f32; d];
        for k in 0..self.hidden {
            grad.w2[k] += g * trace.z[k];
            if trace.z[k] <= 0.0 {
                continue;
            }
            let dz = g * self.w2[k];
            grad.b1[k] += dz;
            let w = &self.w1[k * d..][..d];
            for j in 0..d {
                grad.w1[k * d + j] += dz * trace.pooled[j];
                dpooled[j] += dz * w[j];
            }
        }
        let dpre = self.accumulator_gradient(&trace, &dpooled, grad);
        for (p, classes) in sample.points.iter().enumerate() {
            let da = &dpre[p * d..(p + 1) * d];
            grad.bias.iter_mut().zip(da).for_each(|(b, x)| *b += x);
            for &c in classes {
                let row = grad.row(c as usize, d);
                row.iter_mut().zip(da).for_each(|(r, x)| *r += x);
            }
        }
        cross_entropy(p, t)
    }

    /// The gradient along the accumulators before their clip, given the one along the pool
    /// (through the convolution, whose own gradient goes to `grad`, when there is one).
    fn accumulator_gradient(
        &self,
        trace: &Trace,
        dpooled: &[f32],
        grad: &mut Gradient,
    ) -> Vec<f32> {
        let d = self.dims;
        let inside = |x: f32| x > 0.0 && x < 1.0;
        let through_clip = |v: &[f32], g: &dyn Fn(usize) -> f32| -> Vec<f32> {
            v.iter().enumerate().map(|(i, &x)| if inside(x) { g(i) } else { 0.0 }).collect()
        };
        let from_pool = |i: usize| dpooled[i % d] / POOL;
        match (&self.conv, &trace.mixed, &mut grad.conv) {
            (Some(conv), Some(mixed), Some(gconv)) => {
                let acts: Vec<f32> = trace.pre.iter().map(|a| a.clamp(0.0, 1.0)).collect();
                let dmixed = through_clip(mixed, &from_pool);
                let dacts = conv.backward(&acts, &trace.neighbours, &dmixed, gconv);
                through_clip(&trace.pre, &|i| dacts[i])
            }
            _ => through_clip(&trace.pre, &from_pool),
        }
    }
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The cross-entropy of predicting `p` for the target `t`.
pub fn cross_entropy(p: f32, t: f32) -> f32 {
    let p = p.clamp(1e-7, 1.0 - 1e-7);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// A minibatch's gradient; the line rows only where the batch touched them.
struct Gradient {
    rows: std::collections::HashMap<usize, Vec<f32>>,
    bias: Vec<f32>,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    conv: Option<Conv>,
}

impl Gradient {
    fn zero(net: &LineNet) -> Gradient {
        Gradient {
            rows: std::collections::HashMap::new(),
            bias: vec![0.0; net.dims],
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.hidden],
            w2: vec![0.0; net.hidden],
            b2: 0.0,
            conv: net.conv.as_ref().map(Conv::zero_like),
        }
    }

    fn row(&mut self, class: usize, dims: usize) -> &mut Vec<f32> {
        self.rows.entry(class).or_insert_with(|| vec![0.0; dims])
    }
}

/// Fits `net` to `train`, calling `report(epoch, net)` after every pass.
pub fn fit_lines(
    net: &mut LineNet,
    train: &[LineSample],
    fit: &Schedule,
    report: &mut dyn FnMut(usize, &LineNet),
) {
    let mut moments = [
        Moments::new(net.rows.len()),
        Moments::new(net.dims),
        Moments::new(net.w1.len()),
        Moments::new(net.hidden),
        Moments::new(net.hidden),
        Moments::new(1),
        Moments::new(net.conv.as_ref().map_or(0, |c| c.kernel.len())),
        Moments::new(net.dims),
    ];
    fit.run(train.len(), &mut |turn| match turn {
        Turn::Batch(batch, t) => {
            let mut grad = Gradient::zero(net);
            for &i in batch {
                net.backward(&train[i], 1.0 / batch.len() as f32, &mut grad);
            }
            apply(net, &grad, &mut moments, fit.steps(t, train.len()));
        }
        Turn::Pass(pass) => report(pass, net),
    });
}

fn apply(net: &mut LineNet, grad: &Gradient, moments: &mut [Moments; 8], steps: (Step, Step)) {
    let d = net.dims;
    let (rows, plain) = steps;
    for (&class, g) in &grad.rows {
        moments[0].step(&mut net.rows, g, class * d, rows);
    }
    moments[1].step(&mut net.bias, &grad.bias, 0, plain);
    moments[2].step(&mut net.w1, &grad.w1, 0, plain);
    moments[3].step(&mut net.b1, &grad.b1, 0, plain);
    moments[4].step(&mut net.w2, &grad.w2, 0, plain);
    let mut b2 = [net.b2];
    moments[5].step(&mut b2, &[grad.b2], 0, plain);
    net.b2 = b2[0];
    if let (Some(conv), Some(g)) = (&mut net.conv, &grad.conv) {
        moments[6].step(&mut conv.kernel, &g.kernel, 0, plain);
        moments[7].step(&mut conv.bias, &g.bias, 0, plain);
    }
}

/// The mean cross-entropy of `net` on `samples`, against their results (`on_results`) or their
/// targets.
pub fn line_loss(net: &LineNet, samples: &[LineSample], on_results: bool) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(net.logit(s));
            f64::from(cross_entropy(p, if on_results { s.result } else { s.target }))
        })
        .sum();
    total / samples.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(points: Vec<[u32; 4]>, target: f32) -> LineSample {
        let cells = (0..points.len()).map(|i| ((i % 3) as u8, (i / 3) as u8)).collect();
        LineSample { points, cells, target, result: target, base: 0.0 }
    }

    /// The analytic gradient of every block matches finite differences of the loss.
    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        let mut net = LineNet::new(10, 4, 3, 7);
        net.bias = vec![0.5; 4];
        let s = sample(vec![[1, 2, 3, 4], [2, 2, 5, 9], [0, 7, 7, 1]], 0.8);
        let mut grad = Gradient::zero(&net);
        net.backward(&s, 1.0, &mut grad);
        let loss = |n: &LineNet| cross_entropy(sigmoid(n.logit(&s)), s.target);
        let h = 1e-3f32;
        let check = |analytic: f32, numeric: f32, what: &str| {
            assert!((analytic - numeric).abs() < 2e-3, "{what}: {analytic} vs {numeric}");
        };
        for j in 0..4 {
            let mut up = net.clone();
            up.rows[2 * 4 + j] += h;
            let mut down = net.clone();
            down.rows[2 * 4 + j] -= h;
            let numeric = (loss(&up) - loss(&down)) / (2.0 * h);
            check(grad.rows.get(&2).map_or(0.0, |r| r[j]), numeric, "row 2");
        }
        for k in 0..3 {
            let mut up = net.clone();
            up.w2[k] += h;
            let mut down = net.clone();
            down.w2[k] -= h;
            check(grad.w2[k], (loss(&up) - loss(&down)) / (2.0 * h), "w2");
        }
        let mut up = net.clone();
        up.w1[5] += h;
        let mut down = net.clone();
        down.w1[5] -= h;
        check(grad.w1[5], (loss(&up) - loss(&down)) / (2.0 * h), "w1");
    }

    /// With the convolution, the gradient of a line row, a kernel tap and the convolution's
    /// bias are the slopes of the loss.
    #[test]
    fn the_gradient_through_the_convolution_is_the_slope_of_the_loss() {
        let mut net = LineNet::new(10, 3, 2, 5).with_conv(5);
        net.bias = vec![0.4; 3];
        let s = sample(vec![[1, 2, 3, 4], [2, 2, 5, 9], [0, 7, 7, 1], [3, 3, 3, 8]], 0.7);
        let mut grad = Gradient::zero(&net);
        net.backward(&s, 1.0, &mut grad);
        let loss = |n: &LineNet| cross_entropy(sigmoid(n.logit(&s)), s.target);
        let h = 1e-3f32;
        let slope = |change: &dyn Fn(&mut LineNet, f32)| {
            let (mut up, mut down) = (net.clone(), net.clone());
            change(&mut up, h);
            change(&mut down, -h);
            (loss(&up) - loss(&down)) / (2.0 * h)
        };
        let gconv = grad.conv.as_ref().expect("a convolution's gradient");
        for j in 0..3 {
            let numeric = slope(&|n, e| n.rows[2 * 3 + j] += e);
            let analytic = grad.rows.get(&2).map_or(0.0, |r| r[j]);
            assert!((analytic - numeric).abs() < 2e-3, "row 2: {analytic} vs {numeric}");
            let numeric = slope(&|n, e| n.conv.as_mut().unwrap().kernel[3 + j] += e);
            let analytic = gconv.kernel[3 + j];
            assert!((analytic - numeric).abs() < 2e-3, "tap 1: {analytic} vs {numeric}");
            let numeric = slope(&|n, e| n.conv.as_mut().unwrap().bias[j] += e);
            let analytic = gconv.bias[j];
            assert!((analytic - numeric).abs() < 2e-3, "bias: {analytic} vs {numeric}");
        }
    }

    /// Positions whose lines say who wins are learned: a class that marks a win for the side to
    /// move, another a loss.
    #[test]
    fn a_fit_learns_which_lines_win() {
        let mut data = Vec::new();
        for i in 0..400u32 {
            let noise = [10 + i % 7, 20 + i % 5, 30 + i % 3];
            let winning = i % 2 == 0;
            let marker = if winning { 1 } else { 2 };
            let points = vec![[marker, noise[0], noise[1], noise[2]], [0, noise[2], 3, 4]];
            data.push(sample(points, if winning { 0.95 } else { 0.05 }));
        }
        let mut net = LineNet::new(40, 8, 4, 1);
        let before = line_loss(&net, &data, false);
        let fit = Schedule { decay: 0.0, batch: 32, rate: 0.01, epochs: 30, seed: 3, anneal: 1.0 };
        fit_lines(&mut net, &data, &fit, &mut |_, _| {});
        let after = line_loss(&net, &data, false);
        assert!(after < 0.3 && after < before - 0.3, "loss {before} -> {after}");
    }
}
