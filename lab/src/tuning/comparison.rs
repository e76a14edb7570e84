//! Comparison training of the evaluation (the "Bonanza method" of computer shogi): besides
//! predicting the games' scores, the network learns to rank a strong player's move first
//! among the positions each candidate move leads to. A free position's candidates become a
//! softmax over `−value(child) / temperature` (each child valued by the side to move there,
//! the opponent), and the cross-entropy of the move played is added to the value loss.
//!
//! The search compares sibling positions by their values; the value loss alone only asks each
//! position's value to predict its own result.

use super::features::{features_of, is_quiet, Layout, Sample};
use super::fit::{least_on_log_scale, Options};
use super::net::{add_value_gradient, shuffle, Gradient, Net, NetAdam, NetOptions};
use super::order::visit_choices;
use gomoku::Pos;
use gomoku::{Color, Rule};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// A choice between the positions the candidate moves lead to.
#[derive(Clone, Debug)]
pub struct ChoiceSample {
    /// The features of each child position (the side to move there is the opponent).
    pub children: Vec<Vec<(u32, f32)>>,
    /// Which child the player chose.
    pub chosen: usize,
}

/// How much the choices weigh in the fit and how sharp their softmax is.
#[derive(Clone, Copy, Debug)]
pub struct ChoiceOptions {
    /// The choices' loss is added to the value loss times this.
    pub weight: f64,
    /// Evaluation units per unit of logit.
    pub temperature: f64,
}

/// The choices `learn` made in a game of `moves` after its `opening`: its free positions whose
/// chosen child is quiet (no five to make at once), each quiet child a candidate.
pub fn choice_samples_of(
    moves: &[Pos],
    opening: usize,
    learn: Color,
    rule: Rule,
    layout: Layout,
) -> Vec<ChoiceSample> {
    let mut out = Vec::new();
    visit_choices(moves, opening, learn, rule, &mut |pos, choice, indices| {
        let mut child = pos.clone();
        let (mut children, mut chosen) = (Vec::new(), None);
        for (n, &q) in indices.iter().enumerate() {
            child.play(q);
            if is_quiet(&child) {
                if n == choice.chosen {
                    chosen = Some(children.len());
                }
                children.push(features_of(&child, layout));
            }
            child.undo();
        }
        if let Some(chosen) = chosen.filter(|_| children.len() > 1) {
            out.push(ChoiceSample { children, chosen });
        }
    });
    out
}

/// Each child's logit for the chooser, `−value / temperature`, into `logits`; each child's
/// hidden pre-activations into `hidden` (child-major).
fn child_logits(
    net: &Net,
    sample: &ChoiceSample,
    temperature: f64,
    logits: &mut Vec<f64>,
    hidden: &mut Vec<f64>,
) {
    let d = net.hidden;
    logits.clear();
    hidden.resize(sample.children.len() * d, 0.0);
    for (c, features) in sample.children.iter().enumerate() {
        let value = net.value_with_hidden(features, &mut hidden[c * d..][..d]);
        logits.push(-value / temperature);
    }
}

/// Turns `logits` into probabilities in place.
fn softmax(logits: &mut [f64]) {
    let top = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    logits.iter_mut().for_each(|z| *z = (*z - top).exp());
    let sum: f64 = logits.iter().sum();
    logits.iter_mut().for_each(|p| *p /= sum);
}

/// The mean cross-entropy of the choices made and how often the chosen child has the highest
/// logit.
pub fn choice_scores(samples: &[ChoiceSample], net: &Net, temperature: f64) -> (f64, f64) {
    let (mut logits, mut hidden) = (Vec::new(), Vec::new());
    let (mut entropy, mut first) = (0.0, 0usize);
    for s in samples {
        child_logits(net, s, temperature, &mut logits, &mut hidden);
        let best = (0..logits.len()).max_by(|&a, &b| logits[a].total_cmp(&logits[b]));
        first += usize::from(best == Some(s.chosen));
        softmax(&mut logits);
        entropy -= logits[s.chosen].max(1e-12).ln();
    }
    let n = samples.len().max(1) as f64;
    (entropy / n, first as f64 / n)
}

/// The temperature under which `net`'s values predict the choices best.
pub fn fit_temperature(samples: &[ChoiceSample], net: &Net) -> f64 {
    least_on_log_scale(|t| choice_scores(samples, net, t).0)
}

/// Adds the choices' loss gradient over `batch` (indices into `samples`), times `weight` and
/// each choice's share a `1 / batch.len()`, to `grad`.
fn add_choice_gradient(
    grad: &mut Gradient,
    net: &Net,
    samples: &[ChoiceSample],
    batch: &[usize],
    choice: &ChoiceOptions,
) {
    let (mut probs, mut hidden) = (Vec::new(), Vec::new());
    let d = net.hidden;
    let share = choice.weight / batch.len().max(1) as f64;
    for &j in batch {
        let s = &samples[j];
        child_logits(net, s, choice.temperature, &mut probs, &mut hidden);
        softmax(&mut probs);
        for (c, features) in s.children.iter().enumerate() {
            // d(−ln p_chosen)/d logit_c = p_c − [c chosen]; d logit_c / d value_c = −1 / T.
            let wanted = if c == s.chosen { 1.0 } else { 0.0 };
            let g = -(probs[c] - wanted) / choice.temperature * share;
            grad.add(net, features, &hidden[c * d..][..d], g);
        }
    }
}

/// Fits `net` to the value `samples` and to the `choices` together: each step takes a batch
/// of samples and the matching share of the choices (both shuffled each epoch with `seed`).
#[allow(clippy::too_many_arguments)]
pub fn fit_net_with_choices(
    samples: &[Sample],
    choices: &[ChoiceSample],
    net: &mut Net,
    prior: &[f64],
    options: &Options,
    net_options: &NetOptions,
    choice: &ChoiceOptions,
    seed: u64,
    on_epoch: &mut dyn FnMut(usize, &Net),
) {
    let batches = samples.len().div_ceil(net_options.batch.max(1)).max(1);
    let choice_batch = choices.len().div_ceil(batches).max(1);
    let mut adam = NetAdam::new(net, samples, options, net_options, options.epochs * batches);
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut choice_order: Vec<usize> = (0..choices.len()).collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut h = vec![0.0; net.hidden];
    for epoch in 1..=options.epochs {
        shuffle(&mut order, &mut rng);
        shuffle(&mut choice_order, &mut rng);
        let mut choice_batches = choice_order.chunks(choice_batch);
        for batch in order.chunks(net_options.batch.max(1)) {
            let mut grad = Gradient::zero(net);
            add_value_gradient(&mut grad, net, samples, batch, options, &mut h);
            if let Some(picked) = choice_batches.next() {
                add_choice_gradient(&mut grad, net, choices, picked, choice);
            }
            adam.step(net, grad, prior, options, net_options);
        }
        on_epoch(epoch, net);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A choice between two children of one feature each: feature 0 in the chosen child.
    fn choice(chosen_first: bool) -> ChoiceSample {
        let (a, b) = (vec![(0, 1.0)], vec![(1, 1.0)]);
        let children = if chosen_first { vec![a, b] } else { vec![b, a] };
        ChoiceSample { children, chosen: usize::from(!chosen_first) }
    }

    #[test]
    fn the_fit_learns_to_value_the_chosen_child_lower_for_the_opponent() {
        let mut net = Net::start(&[0.0, 0.0], 2, 1);
        let choices: Vec<ChoiceSample> = (0..64).map(|i| choice(i % 2 == 0)).collect();
        let (before, _) = choice_scores(&choices, &net, 100.0);
        assert!((before - 2f64.ln()).abs() < 0.05, "two equal children: {before}");
        // No value samples to speak of: one whose gradient is zero (its target is its value).
        let samples = vec![Sample { features: vec![], result: 0.5, score: 0.0 }; 4];
        let options = Options { scale: 100.0, lambda: 0.0, reg: 0.0, epochs: 200, rate: 5.0 };
        let net_options =
            NetOptions { batch: 1, input_rate: 0.01, decay: 0.0, output_rate: 5.0, anneal: 1.0 };
        let weights = ChoiceOptions { weight: 1.0, temperature: 100.0 };
        let prior = [0.0, 0.0];
        fit_net_with_choices(
            &samples,
            &choices,
            &mut net,
            &prior,
            &options,
            &net_options,
            &weights,
            3,
            &mut |_, _| {},
        );
        let (after, first_after) = choice_scores(&choices, &net, 100.0);
        assert!(after < 0.2, "the chosen child should stand out: {after}");
        assert_eq!(first_after, 1.0);
        // The opponent, to move in the chosen child, finds it worse than the other.
        assert!(net.value(&[(0, 1.0)]) < net.value(&[(1, 1.0)]));
    }

    #[test]
    fn choices_are_the_quiet_children_of_free_positions() {
        let moves: Vec<Pos> =
            [(7, 7), (8, 8), (7, 8), (6, 6), (9, 9), (10, 4)].map(|(x, y)| Pos::new(x, y)).to_vec();
        let layout = Layout::of(Rule::Freestyle);
        let samples = choice_samples_of(&moves, 2, Color::Black, Rule::Freestyle, layout);
        // Black chose at moves 3 and 5 (the opening's two stones excluded).
        assert_eq!(samples.len(), 2);
        for s in &samples {
            assert!(s.children.len() > 10 && s.chosen < s.children.len());
            assert!(s.children.iter().all(|f| !f.is_empty()));
        }
    }
}
