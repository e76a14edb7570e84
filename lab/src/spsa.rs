//! SPSA (simultaneous perturbation stochastic approximation) over the selective search's
//! numbers: each step moves every number at once by a random ± its own step, plays a game with
//! the numbers pushed one way and one with them pushed the other way (the same opening, colour
//! and opponent), and moves every number towards the side that scored more. The state is a
//! small text file, so a tuning run survives being stopped and goes on over many sessions.

use gomoku::ai::SearchParams;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

/// One number the tuning moves.
pub struct Tunable {
    /// Its name in the state file.
    pub name: &'static str,
    /// How far a step pushes it each way (SPSA's `c`).
    pub step: f64,
    /// The least value it may take.
    pub min: f64,
    /// The greatest value it may take.
    pub max: f64,
    get: fn(&SearchParams) -> i32,
    set: fn(&mut SearchParams, i32),
}

macro_rules! tunable {
    ($field:ident, $step:expr, $min:expr, $max:expr) => {
        Tunable {
            name: stringify!($field),
            step: $step,
            min: $min,
            max: $max,
            get: |p| p.$field,
            set: |p, v| p.$field = v,
        }
    };
}

/// The numbers tuned, with their steps (each about what a single experiment would have tried)
/// and bounds. The depths are left alone: a step of one ply is too coarse for this method.
pub const TUNABLES: [Tunable; 8] = [
    tunable!(static_cut_margin, 40.0, 100.0, 1200.0),
    tunable!(fail_high_margin, 15.0, 20.0, 400.0),
    tunable!(razor_margin, 20.0, 0.0, 500.0),
    tunable!(singular_margin, 3.0, 1.0, 60.0),
    tunable!(late_move_base, 30.0, 100.0, 600.0),
    tunable!(late_move_scale, 4.0, 10.0, 80.0),
    tunable!(reduction_base, 15.0, 0.0, 150.0),
    tunable!(reduction_scale, 10.0, 40.0, 200.0),
];

/// How a run plays its games: a run goes on only with the settings it was begun with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunSettings {
    /// Our nodes a move.
    pub nodes: u64,
    /// The opponent's nodes a move.
    pub opponent_nodes: u64,
    /// How far a step moves the numbers.
    pub rate: f64,
    /// Seed of the steps' directions.
    pub seed: u64,
}

/// A step being played: handed out by [`SpsaState::begin`], counted by [`SpsaState::finish`].
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Its number (which also picks its opening and our colour).
    pub iteration: u64,
    /// ±1 per number.
    pub directions: Vec<f64>,
    /// The numbers pushed up, and down.
    pub sides: [SearchParams; 2],
}

/// Where a tuning run stands.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaState {
    /// How its games are played (`None` in a file written before the settings were kept).
    pub settings: Option<RunSettings>,
    /// Steps handed out.
    pub iteration: u64,
    /// Steps finished: game pairs counted (a pair an opponent failed in, or that was being
    /// played when the run stopped, is not).
    pub pairs: u64,
    /// Points of the games played with the numbers pushed up, and down.
    pub points: [f64; 2],
    /// The sum of `(plus − minus)²` over the last `spread_pairs` counted pairs (a file written
    /// before it was kept has fewer than `pairs`): with no gradient at all, each number's drift
    /// is a random walk of `rate · √spread` of its steps ([`SpsaState::noise_in_steps`]).
    pub spread: f64,
    /// The pairs `spread` sums over.
    pub spread_pairs: u64,
    /// The current numbers, in [`TUNABLES`]' order (not rounded).
    pub theta: Vec<f64>,
}

impl Default for SpsaState {
    fn default() -> Self {
        SpsaState::from_params(&SearchParams::default())
    }
}

impl SpsaState {
    /// A fresh run starting from `params`.
    pub fn from_params(params: &SearchParams) -> SpsaState {
        let theta = TUNABLES.iter().map(|t| f64::from((t.get)(params))).collect();
        SpsaState {
            settings: None,
            iteration: 0,
            pairs: 0,
            points: [0.0; 2],
            spread: 0.0,
            spread_pairs: 0,
            theta,
        }
    }

    /// Takes up the run with `settings`: those of a fresh run (or of a file that kept none)
    /// are recorded, and a run begun with other settings is refused, so that no run mixes two.
    ///
    /// # Errors
    /// The run was begun with other settings.
    pub fn go_on_with(&mut self, settings: RunSettings) -> Result<(), String> {
        match self.settings {
            Some(kept) if kept != settings => Err(format!(
                "the run was begun with {kept:?}; go on with the same settings or start another \
                 state file"
            )),
            _ => {
                self.settings = Some(settings);
                Ok(())
            }
        }
    }

    /// The step's random directions (±1 per number), a function of `seed` and the iteration.
    pub fn directions(&self, seed: u64) -> Vec<f64> {
        let mut rng =
            SmallRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.iteration);
        TUNABLES.iter().map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 }).collect()
    }

    /// The search's numbers pushed by `sign` (±1) along `directions`, rounded and kept in
    /// bounds.
    pub fn pushed(&self, directions: &[f64], sign: f64) -> SearchParams {
        self.params_at(|i, t| self.theta[i] + sign * t.step * directions[i])
    }

    /// The current numbers, rounded: what the run would keep if it stopped now.
    pub fn current(&self) -> SearchParams {
        self.params_at(|i, _| self.theta[i])
    }

    fn params_at(&self, value: impl Fn(usize, &Tunable) -> f64) -> SearchParams {
        let mut params = SearchParams::default();
        for (i, t) in TUNABLES.iter().enumerate() {
            (t.set)(&mut params, value(i, t).clamp(t.min, t.max).round() as i32);
        }
        params
    }

    /// Hands out the next step: its number, its random directions and the two sides' numbers
    /// (pushed up and down from the numbers now). Steps may be played side by side: each moves
    /// the numbers as they stand when it finishes ([`SpsaState::finish`]); one that never
    /// finishes (an opponent failed, or the run was stopped) is simply not counted.
    pub fn begin(&mut self, seed: u64) -> Step {
        let directions = self.directions(seed);
        let sides = [self.pushed(&directions, 1.0), self.pushed(&directions, -1.0)];
        let step = Step { iteration: self.iteration, directions, sides };
        self.iteration += 1;
        step
    }

    /// Counts a finished step: `plus` and `minus` are the points its pushed-up and pushed-down
    /// sides scored (same opening, colour and opponent); each number moves `rate · step ·
    /// (plus − minus)` along the step's direction.
    pub fn finish(&mut self, step: &Step, plus: f64, minus: f64, rate: f64) {
        for (i, t) in TUNABLES.iter().enumerate() {
            let moved = self.theta[i] + rate * t.step * (plus - minus) * step.directions[i];
            self.theta[i] = moved.clamp(t.min, t.max);
        }
        self.pairs += 1;
        self.points[0] += plus;
        self.points[1] += minus;
        self.spread += (plus - minus).powi(2);
        self.spread_pairs += 1;
    }

    /// How far, in its own steps, chance alone would have moved each number by now (one
    /// standard deviation, were the scores blind to the numbers): a drift well beyond it is a
    /// gradient. Where `spread` covers only the later pairs, their mean stands for the earlier
    /// ones; `None` before any.
    pub fn noise_in_steps(&self, rate: f64) -> Option<f64> {
        (self.spread_pairs > 0)
            .then(|| rate * (self.spread / self.spread_pairs as f64 * self.pairs as f64).sqrt())
    }

    /// The state as its file holds it: one `name value` line each.
    pub fn to_text(&self) -> String {
        let mut text = String::from("# gomoku tune: SPSA over the selective search's numbers\n");
        if let Some(s) = self.settings {
            text += &format!("nodes {}\nopponent_nodes {}\n", s.nodes, s.opponent_nodes);
            text += &format!("rate {}\nseed {}\n", s.rate, s.seed);
        }
        text += &format!("iteration {}\npairs {}\n", self.iteration, self.pairs);
        text += &format!("plus_points {}\nminus_points {}\n", self.points[0], self.points[1]);
        text += &format!("spread {}\nspread_pairs {}\n", self.spread, self.spread_pairs);
        for (t, v) in TUNABLES.iter().zip(&self.theta) {
            text += &format!("{} {v}\n", t.name);
        }
        text
    }

    /// Reads a state file written by [`SpsaState::to_text`]; a number it lacks keeps the
    /// engine's value, and one out of its bounds is brought within them.
    ///
    /// # Errors
    /// A line that is not `name value` with a known name and a finite number, a name given
    /// twice, or a counter that is not a whole number.
    pub fn from_text(text: &str) -> Result<SpsaState, String> {
        let values = named_values(text)?;
        let mut state = SpsaState::default();
        let counter = |name: &str| match values.get(name) {
            None => Ok(None),
            Some(&v) if v >= 0.0 && v.fract() == 0.0 => Ok(Some(v as u64)),
            Some(v) => Err(format!("tune state: {name} must be a whole number, not {v}")),
        };
        state.iteration = counter("iteration")?.unwrap_or(0);
        state.pairs = counter("pairs")?.unwrap_or(0);
        state.points = [values.get("plus_points"), values.get("minus_points")]
            .map(|v| v.copied().unwrap_or(0.0));
        state.spread = values.get("spread").copied().unwrap_or(0.0);
        state.spread_pairs = counter("spread_pairs")?.unwrap_or(0);
        if let (Some(nodes), Some(opponent_nodes), Some(&rate), Some(seed)) =
            (counter("nodes")?, counter("opponent_nodes")?, values.get("rate"), counter("seed")?)
        {
            state.settings = Some(RunSettings { nodes, opponent_nodes, rate, seed });
        }
        const KNOWN: [&str; 10] = [
            "iteration",
            "pairs",
            "plus_points",
            "minus_points",
            "spread",
            "spread_pairs",
            "nodes",
            "opponent_nodes",
            "rate",
            "seed",
        ];
        for (name, &value) in values.iter().filter(|(n, _)| !KNOWN.contains(&n.as_str())) {
            let i = TUNABLES
                .iter()
                .position(|t| t.name == name)
                .ok_or_else(|| format!("tune state: unknown number {name:?}"))?;
            state.theta[i] = value.clamp(TUNABLES[i].min, TUNABLES[i].max);
        }
        Ok(state)
    }
}

/// The `name value` lines of a state file (blank lines and `#` comments skipped).
fn named_values(text: &str) -> Result<BTreeMap<String, f64>, String> {
    let mut values = BTreeMap::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let (Some(name), Some(value), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!("tune state: expected `name value`, not {line:?}"));
        };
        let value: f64 = value
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| format!("tune state: bad number in {line:?}"))?;
        if values.insert(name.to_string(), value).is_some() {
            return Err(format!("tune state: {name} is given twice"));
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_run_starts_from_the_engine_and_pushes_each_number_by_its_step() {
        let state = SpsaState::default();
        assert_eq!(state.current(), SearchParams::default());
        let up = vec![1.0; TUNABLES.len()];
        let pushed = state.pushed(&up, 1.0);
        let base = SearchParams::default();
        assert_eq!(pushed.static_cut_margin, base.static_cut_margin + 40);
        assert_eq!(pushed.reduction_scale, base.reduction_scale + 10);
        assert_eq!(state.pushed(&up, -1.0).late_move_scale, base.late_move_scale - 4);
    }

    #[test]
    fn directions_are_signs_that_change_from_step_to_step() {
        let mut state = SpsaState::default();
        let first = state.directions(7);
        assert!(first.iter().all(|d| d.abs() == 1.0));
        assert_eq!(first, state.directions(7));
        let others: Vec<_> = (1..20)
            .map(|k| {
                state.iteration = k;
                state.directions(7)
            })
            .collect();
        assert!(others.iter().any(|d| *d != first));
    }

    #[test]
    fn a_step_is_handed_out_once_and_moves_the_numbers_along_its_own_directions() {
        let mut state = SpsaState::default();
        let (first, second) = (state.begin(5), state.begin(5));
        assert_eq!((first.iteration, second.iteration, state.iteration), (0, 1, 2));
        assert_eq!(first.sides, [1.0, -1.0].map(|sign| state.pushed(&first.directions, sign)));
        // The second step finishes first; the first then moves the numbers as they stand.
        state.finish(&second, 1.0, 0.0, 0.5);
        let between = state.theta.clone();
        state.finish(&first, 0.0, 1.0, 0.5);
        for (i, t) in TUNABLES.iter().enumerate() {
            let expected = between[i] - 0.5 * t.step * first.directions[i];
            assert!((state.theta[i] - expected).abs() < 1e-9, "{}", t.name);
        }
        assert_eq!((state.pairs, state.points), (2, [1.0, 1.0]));
        assert_eq!((state.spread, state.spread_pairs), (2.0, 2));
        assert_eq!(state.noise_in_steps(0.5), Some(0.5 * 2f64.sqrt()));
        assert_eq!(SpsaState::default().noise_in_steps(0.5), None);
    }

    /// A noiseless game: the side nearer a hidden optimum (in steps) scores more.
    fn points(params: &SearchParams, optimum: &[f64]) -> f64 {
        let distance: f64 = TUNABLES
            .iter()
            .zip(optimum)
            .map(|(t, o)| ((f64::from((t.get)(params)) - o) / t.step).powi(2))
            .sum();
        1.0 / (1.0 + distance)
    }

    #[test]
    fn steps_move_the_numbers_towards_what_scores_more() {
        let mut state = SpsaState::default();
        let optimum: Vec<f64> =
            TUNABLES.iter().zip(&state.theta).map(|(t, v)| v + 3.0 * t.step).collect();
        let far = |s: &SpsaState| {
            TUNABLES
                .iter()
                .zip(&s.theta)
                .zip(&optimum)
                .map(|((t, v), o)| ((v - o) / t.step).abs())
                .sum::<f64>()
        };
        let before = far(&state);
        // Two steps at a time, as two workers play them: each finishes against numbers the
        // other has moved meanwhile.
        for _ in 0..1500 {
            let steps = [state.begin(1), state.begin(1)];
            for step in &steps {
                let [plus, minus] = step.sides.map(|side| points(&side, &optimum));
                state.finish(step, plus, minus, 2.0);
            }
        }
        assert!(far(&state) < before / 3.0, "{} -> {}", before, far(&state));
        assert_eq!((state.iteration, state.pairs), (3000, 3000));
    }

    #[test]
    fn a_run_goes_on_only_with_the_settings_it_was_begun_with() {
        let settings = RunSettings { nodes: 50_000, opponent_nodes: 50_000, rate: 0.02, seed: 1 };
        let mut state = SpsaState::default();
        assert_eq!(state.go_on_with(settings), Ok(()));
        assert_eq!(state.settings, Some(settings));
        assert_eq!(state.go_on_with(settings), Ok(()));
        assert!(state.go_on_with(RunSettings { nodes: 30_000, ..settings }).is_err());
        assert!(state.go_on_with(RunSettings { rate: 0.01, ..settings }).is_err());
        assert_eq!(state.settings, Some(settings));
    }

    #[test]
    fn the_state_file_round_trips_and_refuses_what_it_does_not_know() {
        let mut state = SpsaState::default();
        let step = state.begin(1);
        state.finish(&step, 1.0, 0.5, 0.1);
        state.begin(1);
        assert_eq!((state.iteration, state.pairs), (2, 1));
        assert_eq!(SpsaState::from_text(&state.to_text()).unwrap(), state);
        state.settings =
            Some(RunSettings { nodes: 50_000, opponent_nodes: 40_000, rate: 0.02, seed: 3 });
        let read = SpsaState::from_text(&state.to_text()).unwrap();
        assert_eq!(read, state);
        assert!(SpsaState::from_text("bogus_margin 3\n").is_err());
        assert!(SpsaState::from_text("static_cut_margin lots\n").is_err());
        assert!(SpsaState::from_text("static_cut_margin NaN\n").is_err());
        assert!(SpsaState::from_text("razor_margin 3\nrazor_margin 4\n").is_err());
        assert!(SpsaState::from_text("iteration 2.5\n").is_err());
        assert!(SpsaState::from_text("pairs -1\n").is_err());
        let partial = SpsaState::from_text("iteration 5\nstatic_cut_margin 5000\n").unwrap();
        assert_eq!(partial.iteration, 5);
        assert_eq!(partial.current().static_cut_margin, 1200);
        assert_eq!(partial.current().razor_margin, SearchParams::default().razor_margin);
    }
}
