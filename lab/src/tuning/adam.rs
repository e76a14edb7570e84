//! Adam with decoupled weight decay, for the lab's small networks (f32, a block of parameters
//! at a time, sparse blocks updated only where their gradient is), and a seeded shuffle.

use rand::rngs::SmallRng;
use rand::Rng;

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

/// Fisher–Yates with our own generator (the same order for the same seed on every machine).
pub(crate) fn shuffle(order: &mut [usize], rng: &mut SmallRng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
}
