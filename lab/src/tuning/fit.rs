//! Logistic regression of game outcomes on the evaluation ("Texel tuning"): the evaluation `e`
//! of a position predicts the side to move's result as `σ(e / scale)`; the weights are moved by
//! Adam to lower the cross-entropy against a target that blends the game's result with the
//! searched score, and held near the hand-set values by an L2 term (rare combinations keep them).

use super::features::{dot, Sample};

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// How to fit.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Evaluation units per unit of log-odds.
    pub scale: f64,
    /// Weight of the game's result in the target (the rest is the searched score's prediction).
    pub lambda: f64,
    /// Strength of the pull towards the prior weights.
    pub reg: f64,
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's step size, in evaluation units.
    pub rate: f64,
}

/// What a sample should predict: the result blended with the searched score.
pub(crate) fn target(sample: &Sample, options: &Options) -> f64 {
    let searched = sigmoid(f64::from(sample.score) / options.scale);
    options.lambda * f64::from(sample.result) + (1.0 - options.lambda) * searched
}

/// The mean cross-entropy of the predictions against the targets (`lambda` 1: the results).
pub fn loss(samples: &[Sample], weights: &[f64], options: &Options) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(dot(&s.features, weights) / options.scale).clamp(1e-9, 1.0 - 1e-9);
            let t = target(s, options);
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale under which `weights` predict the results best (golden-section search).
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let options = |scale| Options { scale, lambda: 1.0, reg: 0.0, epochs: 0, rate: 0.0 };
    least_on_log_scale(|scale| loss(samples, weights, &options(scale)))
}

/// Scores at least this large are mates (or the search's cap) and say nothing about a scale.
pub const DECIDED: f32 = 20_000.0;

/// The scale under which the samples' recorded scores predict their results best: the units
/// of another engine's evaluation per unit of log-odds (golden-section search).
pub fn fit_score_scale(samples: &[Sample]) -> f64 {
    let open: Vec<&Sample> = samples.iter().filter(|s| s.score.abs() < DECIDED).collect();
    let cross_entropy = |scale: f64| {
        let total: f64 = open
            .iter()
            .map(|s| {
                let p = sigmoid(f64::from(s.score) / scale).clamp(1e-9, 1.0 - 1e-9);
                let r = f64::from(s.result);
                -(r * p.ln() + (1.0 - r) * (1.0 - p).ln())
            })
            .sum();
        total / open.len().max(1) as f64
    };
    least_on_log_scale(cross_entropy)
}

/// The scale in 10..20 000 where `f` is least, by golden-section search on its logarithm.
pub(crate) fn least_on_log_scale(f: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (10.0f64.ln(), 20_000.0f64.ln());
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - golden * (hi - lo);
        let b = lo + golden * (hi - lo);
        if f(a.exp()) < f(b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Fits weights starting from (and held near) `prior`; `on_epoch` hears each epoch's number
/// and the weights after it.
pub fn fit(
    samples: &[Sample],
    prior: &[f64],
    options: &Options,
    on_epoch: &mut dyn FnMut(usize, &[f64]),
) -> Vec<f64> {
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let mut weights = prior.to_vec();
    let mut m = vec![0.0; prior.len()];
    let mut v = vec![0.0; prior.len()];
    let n = samples.len().max(1) as f64;
    for epoch in 1..=options.epochs {
        let mut gradient = vec![0.0; prior.len()];
        for s in samples {
            let p = sigmoid(dot(&s.features, &weights) / options.scale);
            let error = (p - target(s, options)) / (options.scale * n);
            for &(i, x) in &s.features {
                gradient[i as usize] += error * f64::from(x);
            }
        }
        for i in 0..weights.len() {
            let g = gradient[i] + 2.0 * options.reg * (weights[i] - prior[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(epoch as i32));
            weights[i] -= options.rate * m_hat / (v_hat.sqrt() + epsilon);
        }
        on_epoch(epoch, &weights);
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples where feature 0 present means a win and feature 1 a loss.
    fn separable() -> Vec<Sample> {
        let mut out = Vec::new();
        for i in 0..200 {
            let (feature, result) = if i % 2 == 0 { (0, 1.0) } else { (1, 0.0) };
            out.push(Sample { features: vec![(feature, 1.0)], result, score: 0.0 });
        }
        out
    }

    #[test]
    fn fitting_learns_which_feature_wins_and_lowers_the_loss() {
        let samples = separable();
        let options = Options { scale: 100.0, lambda: 1.0, reg: 0.0, epochs: 300, rate: 5.0 };
        let prior = [0.0, 0.0];
        let fitted = fit(&samples, &prior, &options, &mut |_, _| {});
        assert!(fitted[0] > 200.0 && fitted[1] < -200.0, "{fitted:?}");
        assert!(loss(&samples, &fitted, &options) < loss(&samples, &prior, &options) / 3.0);
    }

    #[test]
    fn the_prior_holds_a_weight_the_data_does_not_move() {
        let samples = separable();
        let options = Options { scale: 100.0, lambda: 1.0, reg: 1e-3, epochs: 200, rate: 5.0 };
        let prior = [0.0, 0.0, 42.0];
        let fitted = fit(&samples, &prior, &options, &mut |_, _| {});
        assert!((fitted[2] - 42.0).abs() < 1e-6);
    }

    #[test]
    fn the_fitted_scale_matches_how_the_results_were_drawn() {
        // Evaluations 0..=400 whose win rates follow σ(e / 200).
        let mut samples = Vec::new();
        for e in (0..=400).step_by(40) {
            let wins = (sigmoid(f64::from(e) / 200.0) * 100.0).round() as usize;
            for i in 0..100 {
                let result = if i < wins { 1.0 } else { 0.0 };
                samples.push(Sample { features: vec![(0, e as f32)], result, score: 0.0 });
            }
        }
        let scale = fit_scale(&samples, &[1.0]);
        assert!((scale - 200.0).abs() < 15.0, "{scale}");
    }

    #[test]
    fn the_fitted_score_scale_matches_how_the_results_were_drawn_and_skips_mates() {
        // Scores -600..=600 whose win rates follow σ(score / 150), and lost games scored as mates.
        let mut samples = Vec::new();
        for score in (-600..=600).step_by(100) {
            let wins = (sigmoid(f64::from(score) / 150.0) * 100.0).round() as usize;
            for i in 0..100 {
                let result = if i < wins { 1.0 } else { 0.0 };
                samples.push(Sample { features: vec![], result, score: score as f32 });
            }
        }
        for _ in 0..300 {
            samples.push(Sample { features: vec![], result: 0.0, score: 29_990.0 });
        }
        let scale = fit_score_scale(&samples);
        assert!((scale - 150.0).abs() < 12.0, "{scale}");
    }
}
