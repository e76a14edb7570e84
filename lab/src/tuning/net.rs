//! Fitting the small network on top of the linear evaluation (see [`gomoku::ai::net`]): hidden
//! units, each a clipped-linear function (`clamp(h, 0, 1)`) of the same sparse features the
//! linear evaluation weighs, their weighted sum added to the linear value.
//!
//! Fitted by minibatch Adam on the same cross-entropy as [`super::fit`], starting from the linear
//! weights and small random input weights; the linear weights may be held where they are (a
//! step size of zero), so that the network learns only what they miss.

use super::features::{Sample, PER_SET};
use super::fit::{sigmoid, target, Options};
use gomoku::ai::net::{NetTable, HIDDEN, ONE, PAIRS, PAIR_CLASSES, PAIR_CLASS_NAMES};
use gomoku::ai::weights::{combinations, COMBOS, PATTERN_NAMES, THREAT_NAMES};
use gomoku::Color;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The network's parameters.
#[derive(Clone, Debug)]
pub struct Net {
    /// The linear weights, one per feature (evaluation units).
    pub linear: Vec<f64>,
    /// Hidden units.
    pub hidden: usize,
    /// Input weights, feature-major: `input[i * hidden + k]` (activation units).
    pub input: Vec<f64>,
    /// Hidden biases.
    pub bias: Vec<f64>,
    /// Output weights of the hidden units (evaluation units).
    pub output: Vec<f64>,
}

impl Net {
    /// A network with `hidden` units whose value is about `linear`'s (output weights ±100 in
    /// turn, so that units' values cancel while their inputs are near zero; small random input
    /// weights drawn from `seed`).
    pub fn start(linear: &[f64], hidden: usize, seed: u64) -> Net {
        let mut rng = SmallRng::seed_from_u64(seed);
        let input = (0..linear.len() * hidden).map(|_| rng.random_range(-0.002..0.002)).collect();
        Net {
            linear: linear.to_vec(),
            hidden,
            input,
            bias: vec![0.5; hidden],
            output: (0..hidden).map(|k| if k % 2 == 0 { 100.0 } else { -100.0 }).collect(),
        }
    }

    /// The network of the engine's file `table` over the linear weights `linear` (one or two
    /// sets of features, as [`Net::to_text`] writes them).
    pub fn of_table(linear: &[f64], table: &NetTable) -> Result<Net, String> {
        let (sets, pairs) = sets_of(linear.len())
            .ok_or(format!("{} linear weights are not one or two sets", linear.len()))?;
        if (sets == 2) != table.is_per_colour() {
            return Err("the network's sets do not match the rule's features".into());
        }
        let one = f64::from(ONE);
        let mut input = vec![0.0; linear.len() * HIDDEN];
        let mut put = |feature: usize, row: &[i32; HIDDEN]| {
            let at = feature * HIDDEN;
            for (x, &w) in input[at..at + HIDDEN].iter_mut().zip(row) {
                *x = f64::from(w) / one;
            }
        };
        for (set, color) in Color::ALL.iter().take(sets).enumerate() {
            let rows = table.rows_of(*color);
            let base = set * PER_SET;
            for (k, [to_move, waiting]) in rows.rows[..COMBOS].iter().enumerate() {
                put(base + k, to_move);
                put(base + COMBOS + k, waiting);
            }
            for (j, row) in rows.threats.iter().enumerate() {
                put(base + 2 * COMBOS + j, row);
            }
            if pairs {
                for (pair, row) in rows.pairs.iter().enumerate().skip(1) {
                    put(sets * PER_SET + set * PAIRS + pair, row);
                }
            }
        }
        Ok(Net {
            linear: linear.to_vec(),
            hidden: HIDDEN,
            input,
            bias: table.bias.iter().map(|&b| f64::from(b) / one).collect(),
            output: table.output.iter().map(|&o| f64::from(o)).collect(),
        })
    }

    /// The hidden pre-activations for `features`.
    pub(crate) fn pre(&self, features: &[(u32, f32)], out: &mut [f64]) {
        out.copy_from_slice(&self.bias);
        for &(i, x) in features {
            let row = &self.input[i as usize * self.hidden..][..self.hidden];
            for (o, a) in out.iter_mut().zip(row) {
                *o += f64::from(x) * a;
            }
        }
    }

    /// The linear part of the value.
    pub(crate) fn linear_value(&self, features: &[(u32, f32)]) -> f64 {
        features.iter().map(|&(i, x)| f64::from(x) * self.linear[i as usize]).sum()
    }

    /// The value of a position with these `features`.
    pub fn value(&self, features: &[(u32, f32)]) -> f64 {
        self.value_with_hidden(features, &mut vec![0.0; self.hidden])
    }

    /// The value of a position with these `features`, leaving the hidden pre-activations in
    /// `h` (for the gradient).
    pub(crate) fn value_with_hidden(&self, features: &[(u32, f32)], h: &mut [f64]) -> f64 {
        self.pre(features, h);
        self.linear_value(features)
            + h.iter().zip(&self.output).map(|(h, u)| h.clamp(0.0, 1.0) * u).sum::<f64>()
    }
}

impl Net {
    /// The network as the engine's file (see [`gomoku::ai::net`]), after `header` (comment
    /// lines); the features laid out as one shared set (to move, waiting, threats) or as one
    /// such set per colour (renju), written as `set black` / `set white` sections.
    pub fn to_text(&self, header: &str) -> Result<String, String> {
        let (sets, pairs) = sets_of(self.linear.len())
            .filter(|_| self.hidden == HIDDEN)
            .ok_or(format!("the engine reads {HIDDEN} hidden units over one or two sets"))?;
        let pairs_base = |set: usize| pairs.then_some(sets * PER_SET + set * PAIRS);
        let one = f64::from(ONE);
        let mut out: String = header.lines().map(|l| format!("# {l}\n")).collect();
        out += &format!(
            "hidden {HIDDEN}\nbias {}\noutput {}\n",
            scaled(&self.bias, one),
            scaled(&self.output, 1.0)
        );
        if sets == 1 {
            out += &self.set_text(0, pairs_base(0));
        } else {
            for color in Color::ALL {
                out += &format!("set {}\n", color.name());
                out += &self.set_text(color.index() * PER_SET, pairs_base(color.index()));
            }
        }
        Ok(out)
    }

    /// The rows of the set of features from `base` on (and of its pair features from
    /// `pairs_base` on, if any), as the engine's file lines.
    fn set_text(&self, base: usize, pairs_base: Option<usize>) -> String {
        let one = f64::from(ONE);
        let row = |i: usize| &self.input[(base + i) * HIDDEN..][..HIDDEN];
        let mut out = String::new();
        for (k, p) in combinations().iter().enumerate() {
            let [a, b, c, d] = p.map(|x| PATTERN_NAMES[usize::from(x)]);
            out += &format!(
                "combo {a} {b} {c} {d} {} {}\n",
                scaled(row(k), one),
                scaled(row(COMBOS + k), one)
            );
        }
        for (j, name) in THREAT_NAMES.iter().enumerate() {
            out += &format!("threat {name} {}\n", scaled(row(2 * COMBOS + j), one));
        }
        if let Some(base) = pairs_base {
            let row = |i: usize| &self.input[(base + i) * HIDDEN..][..HIDDEN];
            for (pair, [mine, theirs]) in pair_names().enumerate().skip(1) {
                out += &format!("pair {mine} {theirs} {}\n", scaled(row(pair), one));
            }
        }
        out
    }
}

/// The number of sets (1 or 2) and whether pair features follow them, for `len` features.
fn sets_of(len: usize) -> Option<(usize, bool)> {
    (1..=2).find_map(|sets| {
        (len == sets * PER_SET)
            .then_some((sets, false))
            .or((len == sets * (PER_SET + PAIRS)).then_some((sets, true)))
    })
}

/// The classes' names of each pair, by pair number.
fn pair_names() -> impl Iterator<Item = [&'static str; 2]> {
    (0..PAIRS).map(|p| [PAIR_CLASS_NAMES[p / PAIR_CLASSES], PAIR_CLASS_NAMES[p % PAIR_CLASSES]])
}

/// `v` times `by`, rounded, as space-separated integers.
fn scaled(v: &[f64], by: f64) -> String {
    let ints: Vec<String> = v.iter().map(|x| ((x * by).round() as i64).to_string()).collect();
    ints.join(" ")
}

/// The mean cross-entropy of the network's predictions against the targets.
pub fn net_loss(samples: &[Sample], net: &Net, options: &Options) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(net.value(&s.features) / options.scale).clamp(1e-9, 1.0 - 1e-9);
            let t = target(s, options);
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// How widely the network's values spread over `samples`, in evaluation units: their root mean
/// square and their median size (the upper one of an even count). The search's margins (static
/// cut, fail-high, razoring) are in these units, so a network whose values spread wider prunes
/// more with the same margins.
pub fn net_spread(samples: &[Sample], net: &Net) -> (f64, f64) {
    let mut sizes: Vec<f64> = samples.iter().map(|s| net.value(&s.features).abs()).collect();
    let rms = (sizes.iter().map(|v| v * v).sum::<f64>() / sizes.len().max(1) as f64).sqrt();
    sizes.sort_by(f64::total_cmp);
    (rms, sizes.get(sizes.len() / 2).copied().unwrap_or(0.0))
}

/// Adam's running moments for one parameter vector.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    rate: f64,
    /// Each parameter's share of the rate (1 unless set).
    shares: Vec<f64>,
}

impl Adam {
    fn new(len: usize, rate: f64) -> Adam {
        Adam { m: vec![0.0; len], v: vec![0.0; len], rate, shares: vec![1.0; len] }
    }

    /// One step at `factor` times the step size.
    fn step(&mut self, params: &mut [f64], grad: &[f64], t: i32, factor: f64) {
        let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
        let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
        let rate = self.rate * factor;
        for i in 0..params.len() {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * grad[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * grad[i] * grad[i];
            params[i] -= rate * self.shares[i] * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + eps);
        }
    }
}

/// How the network is fitted besides [`Options`].
#[derive(Clone, Copy, Debug)]
pub struct NetOptions {
    /// Samples per Adam step.
    pub batch: usize,
    /// Adam's step size for the input weights and biases (activation units).
    pub input_rate: f64,
    /// L2 pull of the input and output weights towards zero.
    pub decay: f64,
    /// Adam's step size for the output weights (evaluation units).
    pub output_rate: f64,
    /// The network's step sizes at the last step, as a fraction of the first's (linear in
    /// between; 1 keeps them constant). The linear weights' step is not changed.
    pub anneal: f64,
}

impl NetOptions {
    /// The factor on the network's step sizes at step `t` (from 1) of `steps`.
    fn step_factor(&self, t: usize, steps: usize) -> f64 {
        if self.anneal == 1.0 || steps <= 1 {
            return 1.0;
        }
        1.0 - (1.0 - self.anneal) * (t - 1) as f64 / (steps - 1) as f64
    }
}

/// One minibatch's gradient of the loss over every parameter of a [`Net`].
pub(crate) struct Gradient {
    linear: Vec<f64>,
    input: Vec<f64>,
    bias: Vec<f64>,
    output: Vec<f64>,
    /// The hidden units' share of the last value's gradient (a buffer).
    dh: Vec<f64>,
}

impl Gradient {
    /// A zero gradient for `net`.
    pub(crate) fn zero(net: &Net) -> Gradient {
        let d = net.hidden;
        Gradient {
            linear: vec![0.0; net.linear.len()],
            input: vec![0.0; net.input.len()],
            bias: vec![0.0; d],
            output: vec![0.0; d],
            dh: vec![0.0; d],
        }
    }

    /// Adds `g` times the gradient of the value of `features`, whose hidden pre-activations
    /// are `h` (as [`Net::pre`] gives them).
    pub(crate) fn add(&mut self, net: &Net, features: &[(u32, f32)], h: &[f64], g: f64) {
        let d = net.hidden;
        for (k, &h) in h.iter().enumerate().take(d) {
            self.output[k] += g * h.clamp(0.0, 1.0);
            self.dh[k] = if h > 0.0 && h < 1.0 { g * net.output[k] } else { 0.0 };
            self.bias[k] += self.dh[k];
        }
        for &(i, x) in features {
            let i = i as usize;
            self.linear[i] += g * f64::from(x);
            let row = &mut self.input[i * d..][..d];
            for (r, dh) in row.iter_mut().zip(&self.dh) {
                *r += dh * f64::from(x);
            }
        }
    }
}

/// Adam's state for every parameter of a [`Net`], and the steps it has taken.
pub(crate) struct NetAdam {
    linear: Adam,
    output: Adam,
    input: Adam,
    bias: Adam,
    t: i32,
    steps: usize,
}

impl NetAdam {
    /// Adam for `net`, to take `steps` steps; `samples` set each input weight's share of the
    /// step (a feature present many times over takes steps that much smaller).
    pub(crate) fn new(
        net: &Net,
        samples: &[Sample],
        options: &Options,
        net_options: &NetOptions,
        steps: usize,
    ) -> NetAdam {
        let d = net.hidden;
        let mut input = Adam::new(net.input.len(), net_options.input_rate);
        // A feature present many times over (the empty points far from every stone) moves a
        // unit that many times as far per step: its input weights take steps that much smaller.
        let mut largest = vec![1.0f64; net.linear.len()];
        for s in samples {
            for &(i, x) in &s.features {
                largest[i as usize] = largest[i as usize].max(f64::from(x.abs()));
            }
        }
        for (i, l) in largest.iter().enumerate() {
            input.shares[i * d..][..d].fill(1.0 / l);
        }
        NetAdam {
            linear: Adam::new(net.linear.len(), options.rate),
            output: Adam::new(d, net_options.output_rate),
            input,
            bias: Adam::new(d, net_options.input_rate),
            t: 0,
            steps,
        }
    }

    /// One step along `grad` (the pulls towards `prior` and towards zero added here).
    pub(crate) fn step(
        &mut self,
        net: &mut Net,
        mut grad: Gradient,
        prior: &[f64],
        options: &Options,
        net_options: &NetOptions,
    ) {
        for ((g, w), p) in grad.linear.iter_mut().zip(&net.linear).zip(prior) {
            *g += 2.0 * options.reg * (w - p);
        }
        for (g, w) in grad.input.iter_mut().zip(&net.input) {
            *g += 2.0 * net_options.decay * w;
        }
        self.t += 1;
        let (t, factor) = (self.t, net_options.step_factor(self.t as usize, self.steps));
        self.linear.step(&mut net.linear, &grad.linear, t, 1.0);
        if net.hidden > 0 {
            self.output.step(&mut net.output, &grad.output, t, factor);
            self.input.step(&mut net.input, &grad.input, t, factor);
            self.bias.step(&mut net.bias, &grad.bias, t, factor);
        }
    }
}

/// Adds the value loss's gradient over the samples `batch` (indices into `samples`) to `grad`,
/// each sample's share a `1 / batch.len()`.
pub(crate) fn add_value_gradient(
    grad: &mut Gradient,
    net: &Net,
    samples: &[Sample],
    batch: &[usize],
    options: &Options,
    h: &mut [f64],
) {
    let n = batch.len() as f64;
    for &j in batch {
        let s = &samples[j];
        let value = net.value_with_hidden(&s.features, h);
        let g = (sigmoid(value / options.scale) - target(s, options)) / (options.scale * n);
        grad.add(net, &s.features, h, g);
    }
}

/// Shuffles `order` in place (Fisher–Yates).
pub(crate) fn shuffle(order: &mut [usize], rng: &mut SmallRng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
}

/// Fits `net` to `samples` (shuffled each epoch with `seed`); the linear weights are pulled
/// towards `prior` as in [`super::fit::fit`]. `on_epoch` hears each epoch's number.
pub fn fit_net(
    samples: &[Sample],
    net: &mut Net,
    prior: &[f64],
    options: &Options,
    net_options: &NetOptions,
    seed: u64,
    on_epoch: &mut dyn FnMut(usize, &Net),
) {
    let steps = options.epochs * samples.len().div_ceil(net_options.batch.max(1));
    let mut adam = NetAdam::new(net, samples, options, net_options, steps);
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut h = vec![0.0; net.hidden];
    for epoch in 1..=options.epochs {
        shuffle(&mut order, &mut rng);
        for batch in order.chunks(net_options.batch.max(1)) {
            let mut grad = Gradient::zero(net);
            add_value_gradient(&mut grad, net, samples, batch, options, &mut h);
            adam.step(net, grad, prior, options, net_options);
        }
        on_epoch(epoch, net);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuning::features::{features_of, is_quiet, weight_vector, Layout};
    use gomoku::ai::eval::{evaluate, threat_terms};
    use gomoku::ai::evaluation::embedded_weights;
    use gomoku::ai::net::{pair_class, NetTable, FORBIDDEN_CLASS};
    use gomoku::ai::Evaluation;
    use gomoku::ai::Position;
    use gomoku::board::{index_of, Board};
    use gomoku::Color;
    use gomoku::Pos;
    use gomoku::Rule;

    /// A network for `rule` whose units are far from zero and from each other.
    fn lively_net(rule: Rule) -> Net {
        lively_net_of(Layout::of(rule), rule)
    }

    /// [`lively_net`] over the features of `layout`.
    fn lively_net_of(layout: Layout, rule: Rule) -> Net {
        let linear = weight_vector(&embedded_weights(rule), layout);
        let mut net = Net::start(&linear, HIDDEN, 3);
        let mut rng = SmallRng::seed_from_u64(5);
        for a in net.input.iter_mut() {
            *a = rng.random_range(-0.2..0.2);
        }
        for (k, (b, u)) in net.bias.iter_mut().zip(net.output.iter_mut()).enumerate() {
            *b = 0.2 + 0.1 * k as f64;
            *u = 300.0 - 70.0 * k as f64;
        }
        net
    }

    #[test]
    fn the_engine_evaluates_a_network_file_as_the_fit_does() {
        engine_matches_fit(Rule::Freestyle, false);
    }

    #[test]
    fn the_engine_evaluates_pair_rows_as_the_fit_does() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let layout = Layout { pairs: true, ..Layout::of(rule) };
            let text = lively_net_of(layout, rule).to_text("a test").unwrap();
            assert!(text.contains("\npair three quiet ") && text.contains("\npair four three "));
            engine_matches_fit(rule, true);
        }
    }

    #[test]
    fn the_spread_is_the_values_root_mean_square_and_median_size() {
        // Hidden units that never fire: the value is the linear part, 100 per unit of feature.
        let net = Net {
            linear: vec![100.0],
            hidden: 1,
            input: vec![0.0],
            bias: vec![-1.0],
            output: vec![1.0],
        };
        let sample = |x: f32| Sample { features: vec![(0, x)], result: 0.5, score: 0.0 };
        let samples = [sample(-3.0), sample(1.0), sample(1.0), sample(5.0)];
        let (rms, median) = net_spread(&samples, &net);
        assert!((rms - 300.0).abs() < 1e-9, "{rms}");
        assert!((median - 300.0).abs() < 1e-9, "{median}");
        assert_eq!(net_spread(&[], &net), (0.0, 0.0));
    }

    #[test]
    fn annealed_steps_shrink_linearly_to_the_fraction_asked() {
        let options =
            NetOptions { batch: 1, input_rate: 1.0, decay: 0.0, output_rate: 1.0, anneal: 0.1 };
        assert_eq!(options.step_factor(1, 11), 1.0);
        assert!((options.step_factor(6, 11) - 0.55).abs() < 1e-12);
        assert!((options.step_factor(11, 11) - 0.1).abs() < 1e-12);
        let constant = NetOptions { anneal: 1.0, ..options };
        assert_eq!(constant.step_factor(11, 11), 1.0);
    }

    #[test]
    fn the_engine_evaluates_a_renju_network_with_rows_per_colour_as_the_fit_does() {
        let text = lively_net(Rule::Renju).to_text("a test").unwrap();
        assert!(text.contains("set black") && text.contains("set white"));
        engine_matches_fit(Rule::Renju, false);
    }

    /// A short game the tests play.
    const GAME: [(u8, u8); 9] =
        [(7, 7), (8, 8), (7, 8), (6, 6), (7, 9), (9, 9), (8, 10), (6, 8), (5, 7)];

    /// A renju game in which black's point (9, 7) becomes a double three (forbidden) after
    /// seven moves, white's other stones far away, and white then takes it.
    const FORBIDDEN_GAME: [(u8, u8); 9] =
        [(7, 7), (2, 2), (8, 7), (2, 12), (9, 8), (12, 2), (9, 9), (9, 7), (3, 7)];

    #[test]
    fn a_point_forbidden_to_black_counts_in_the_pairs_as_the_fit_counts_it() {
        let layout = Layout { pairs: true, ..Layout::of(Rule::Renju) };
        let mut pos = Position::new(&Board::new(15).unwrap(), Rule::Renju, Color::Black);
        for &(x, y) in &FORBIDDEN_GAME[..7] {
            pos.play(index_of(Pos::new(x, y)));
        }
        let point = index_of(Pos::new(9, 7));
        assert_eq!(pair_class(pos.shape(Color::Black, point)), FORBIDDEN_CLASS);
        let base = layout.pairs_base(Color::White).unwrap();
        let forbidden = usize::from(FORBIDDEN_CLASS);
        let is_forbidden_pair = |f: usize| f >= base && (f - base) % PAIR_CLASSES == forbidden;
        let features = features_of(&pos, layout);
        assert_eq!(features.iter().filter(|f| is_forbidden_pair(f.0 as usize)).count(), 1);
        // Only the forbidden pairs' rows, so that no unit saturates and a stale row shows.
        let mut net = lively_net_of(layout, Rule::Renju);
        for (i, inputs) in net.input.chunks_mut(HIDDEN).enumerate() {
            let pair = i.checked_sub(layout.sets_count()).map(|p| p % PAIRS);
            if !pair.is_some_and(|p| p / PAIR_CLASSES == forbidden || p % PAIR_CLASSES == forbidden)
            {
                inputs.fill(0.0);
            }
        }
        engine_matches_fit_in(Rule::Renju, layout, &net, &FORBIDDEN_GAME);
    }

    /// Plays a short game of `rule` and compares the engine's evaluation with a lively
    /// network's file on top to the fit's value of the same network, position by position.
    fn engine_matches_fit(rule_name: Rule, pairs: bool) {
        let layout = Layout { pairs, ..Layout::of(rule_name) };
        engine_matches_fit_in(rule_name, layout, &lively_net_of(layout, rule_name), &GAME);
    }

    /// [`engine_matches_fit`] for the network `net` over the game `moves`.
    fn engine_matches_fit_in(rule_name: Rule, layout: Layout, net: &Net, moves: &[(u8, u8)]) {
        let text = net.to_text("a test").unwrap();
        let table = NetTable::parse(&text).unwrap();
        assert_eq!(table.has_pairs(), layout.pairs);
        let evaluation = Evaluation::embedded().with_network(rule_name, Some(table));
        let board = Board::new(15).unwrap();
        let rule = evaluation.rule(rule_name);
        let mut pos = Position::with_evaluation(&board, rule_name, Color::Black, rule);
        let mut units_used = 0;
        for (n, &(x, y)) in moves.iter().enumerate() {
            pos.play(index_of(Pos::new(x, y)));
            if n == 4 {
                pos.undo();
                pos.play(index_of(Pos::new(x, y)));
            }
            if !is_quiet(&pos) {
                continue;
            }
            let features = features_of(&pos, layout);
            let pair_features = features.iter().filter(|f| f.0 as usize >= layout.sets_count());
            assert_eq!(pair_features.count() > 0, layout.pairs);
            let (fitted, engine) = (net.value(&features), f64::from(evaluate(&pos)));
            let linear = net.linear_value(&features);
            units_used += usize::from((fitted - linear).abs() > 50.0);
            assert!((fitted - engine).abs() < 8.0, "after {x},{y}: fit {fitted}, engine {engine}");
            assert_same_hidden_inputs(net, &features, &pos, (x, y));
        }
        assert!(units_used > 0, "the test's network changed no evaluation");
    }

    /// Asserts that the engine's hidden units' inputs in `pos` (after the move `at`) are the
    /// fit's, unit by unit and before clipping, so that a stale row shows even in a unit that
    /// the clip holds at 0 or 1 (the value alone would not tell).
    fn assert_same_hidden_inputs(net: &Net, features: &[(u32, f32)], pos: &Position, at: (u8, u8)) {
        let me = pos.to_move();
        let engine = pos.net_hidden_inputs(me, &threat_terms(pos, me)).expect("a network");
        let mut fitted = vec![0.0; net.hidden];
        net.pre(features, &mut fitted);
        // The file rounds each row and the bias to 1/ONE: the sums may differ by that much per
        // feature counted, while a row of the lively networks (±0.2 a unit) is far larger.
        let counted = 1.0 + features.iter().map(|&(_, x)| f64::from(x).abs()).sum::<f64>();
        let rounding = counted * 0.5 / f64::from(ONE);
        for (k, (&e, f)) in engine.iter().zip(&fitted).enumerate() {
            let e = f64::from(e) / f64::from(ONE);
            assert!((e - f).abs() <= rounding, "after {at:?}, unit {k}: fit {f}, engine {e}");
        }
    }

    #[test]
    fn a_network_read_back_from_its_file_values_positions_as_before() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let net = lively_net(rule);
            let table = NetTable::parse(&net.to_text("a test").unwrap()).unwrap();
            let back = Net::of_table(&net.linear, &table).unwrap();
            assert_eq!(back.input.len(), net.input.len());
            let mut pos = Position::new(&Board::new(15).unwrap(), rule, Color::Black);
            for (x, y) in [(7, 7), (8, 8), (7, 8), (6, 6), (7, 9)] {
                pos.play(index_of(Pos::new(x, y)));
                let features = features_of(&pos, Layout::of(rule));
                let (before, after) = (net.value(&features), back.value(&features));
                assert!((before - after).abs() < 2.0, "{rule:?} {x},{y}: {before} vs {after}");
            }
        }
        let freestyle = lively_net(Rule::Freestyle);
        let renju_table = NetTable::parse(&lively_net(Rule::Renju).to_text("").unwrap()).unwrap();
        assert!(Net::of_table(&freestyle.linear, &renju_table).is_err());
    }

    #[test]
    fn fitting_a_network_lowers_the_loss_on_what_a_line_cannot_fit() {
        // Results decided by the product of two features: no weighted sum fits them.
        let mut samples = Vec::new();
        for i in 0..400 {
            let (a, b) = (i % 2, i / 2 % 2);
            let result = if a == b { 1.0 } else { 0.0 };
            let features = vec![(0, a as f32), (1, b as f32), (2, 1.0)];
            samples.push(Sample { features, result, score: 0.0 });
        }
        let options = Options { scale: 100.0, lambda: 1.0, reg: 0.0, epochs: 300, rate: 5.0 };
        let net_options =
            NetOptions { batch: 50, input_rate: 0.02, decay: 0.0, output_rate: 5.0, anneal: 1.0 };
        let prior = [0.0; 3];
        let mut line = Net::start(&prior, 0, 1);
        fit_net(&samples, &mut line, &prior, &options, &net_options, 1, &mut |_, _| {});
        let mut net = Net::start(&prior, 4, 1);
        fit_net(&samples, &mut net, &prior, &options, &net_options, 1, &mut |_, _| {});
        let line_loss = net_loss(&samples, &line, &options);
        let fitted_loss = net_loss(&samples, &net, &options);
        assert!(line_loss > 0.6, "a line cannot fit it: {line_loss}");
        assert!(fitted_loss < 0.2, "the network should: {fitted_loss}");
    }
}
