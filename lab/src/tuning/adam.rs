//! Adam with decoupled weight decay, for the lab's small networks (f32, a block of parameters
//! at a time, sparse blocks updated only where their gradient is), and a seeded shuffle.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Adam's moments for one block of parameters.
#[derive(Clone)]
pub(crate) struct Moments {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Moments {
    pub(crate) fn new(n: usize) -> Moments {
        Moments { m: vec![0.0; n], v: vec![0.0; n] }
    }

    /// One Adam step of `params[from..]` along `grad` (bias-corrected for step `t`), each
    /// parameter first shrunk by `decay` × `rate` of itself (decoupled weight decay).
    pub(crate) fn step(&mut self, params: &mut [f32], grad: &[f32], from: usize, step: Step) {
        let Step { rate, t, decay } = step;
        let (b1, b2) = (0.9f32, 0.999f32);
        let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
        for (i, &g) in grad.iter().enumerate() {
            let j = from + i;
            self.m[j] = b1 * self.m[j] + (1.0 - b1) * g;
            self.v[j] = b2 * self.v[j] + (1.0 - b2) * g * g;
            params[j] -=
                rate * (decay * params[j] + (self.m[j] / c1) / ((self.v[j] / c2).sqrt() + 1e-8));
        }
    }
}

/// One optimiser step's settings.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    pub(crate) rate: f32,
    pub(crate) t: i32,
    pub(crate) decay: f32,
}

/// How a small network is fitted: minibatch Adam over shuffled passes of the data.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    /// Positions a step.
    pub batch: usize,
    /// Adam's step size.
    pub rate: f32,
    /// Weight decay of the line rows (per unit of step size).
    pub decay: f32,
    /// Passes over the data.
    pub epochs: usize,
    /// Seed of the shuffles.
    pub seed: u64,
    /// The step size at the last step, as a fraction of the first (1: constant); the steps
    /// shrink linearly in between.
    pub anneal: f32,
}

/// What [`Schedule::run`] asks of the fit next.
pub(crate) enum Turn<'a> {
    /// A step on these samples (their indices), the `t`-th step of the fit.
    Batch(&'a [usize], i32),
    /// A pass over the data (counted from 1) has ended.
    Pass(usize),
}

impl Schedule {
    /// Walks `samples` samples in shuffled minibatches, pass after pass, handing each turn to
    /// `on`.
    pub(crate) fn run(&self, samples: usize, on: &mut dyn FnMut(Turn)) {
        let mut rng = SmallRng::seed_from_u64(self.seed);
        let mut order: Vec<usize> = (0..samples).collect();
        let mut t = 0;
        for pass in 1..=self.epochs {
            shuffle(&mut order, &mut rng);
            for batch in order.chunks(self.batch.max(1)) {
                t += 1;
                on(Turn::Batch(batch, t));
            }
            on(Turn::Pass(pass));
        }
    }

    /// The step of the `t`-th batch of a fit to `samples` samples, for the line rows (with
    /// weight decay) and for the other parameters (without).
    pub(crate) fn steps(&self, t: i32, samples: usize) -> (Step, Step) {
        let total = self.epochs * samples.div_ceil(self.batch.max(1));
        let done = if total > 1 { (t - 1) as f32 / (total - 1) as f32 } else { 0.0 };
        let rate = self.rate * (1.0 - (1.0 - self.anneal) * done.clamp(0.0, 1.0));
        let rows = Step { rate, t, decay: self.decay };
        (rows, Step { decay: 0.0, ..rows })
    }
}

/// Fisher–Yates with our own generator (the same order for the same seed on every machine).
fn shuffle(order: &mut [usize], rng: &mut SmallRng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The step size falls linearly from the first step's to `anneal` of it at the last.
    #[test]
    fn annealed_steps_fall_from_the_rate_to_its_fraction() {
        let fit = Schedule { batch: 10, rate: 0.5, decay: 0.1, epochs: 2, seed: 1, anneal: 0.2 };
        // 95 samples: 10 batches a pass, 20 steps.
        let rate = |t| fit.steps(t, 95).0.rate;
        assert!((rate(1) - 0.5).abs() < 1e-6);
        assert!((rate(20) - 0.1).abs() < 1e-6);
        assert!(rate(10) < rate(9) && rate(10) > rate(20));
        let (rows, plain) = fit.steps(5, 95);
        assert_eq!((rows.decay, plain.decay), (0.1, 0.0));
        let constant = Schedule { anneal: 1.0, ..fit };
        assert!((constant.steps(20, 95).0.rate - 0.5).abs() < 1e-6);
    }
}
