//! What the evaluation sees of a position, as a sparse vector over the weights: how many empty
//! points of each pattern combination each side has (to move, waiting) and which threat terms
//! hold. The evaluation is the dot product of this vector with the weights.

use super::data::{GameRecord, TRAINING_SIZE};
use gomoku::ai::eval::threat_terms;
use gomoku::ai::net::{pair_class, pair_of, PAIRS};
use gomoku::ai::pattern::Pattern;
use gomoku::ai::shape::{QUIET, WIN};
use gomoku::ai::weights::{combo_of, RuleWeights, COMBOS, THREATS};
use gomoku::ai::Position;
use gomoku::board::{index_of, Board};
use gomoku::Color;
use gomoku::Rule;

/// Weights of one colour's set: the combinations to move, waiting, then the threat terms.
pub const PER_SET: usize = 2 * COMBOS + THREATS;

/// How the weights are laid out: one set for both colours, or one per colour (renju).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Whether black and white have sets of their own.
    pub per_colour: bool,
    /// Whether the network's pair features (both colours' threat classes at each empty point,
    /// see [`gomoku::ai::net`]) follow the sets, one block per set.
    pub pairs: bool,
}

impl Layout {
    /// The layout a rule is fitted with: per colour where the colours' rules differ.
    pub fn of(rule: Rule) -> Layout {
        Layout { per_colour: rule.has_forbidden_points(), pairs: false }
    }

    /// Number of weights of the sets.
    pub fn sets_count(self) -> usize {
        self.sets() * PER_SET
    }

    /// Number of weights.
    pub fn count(self) -> usize {
        self.sets_count() + if self.pairs { self.sets() * PAIRS } else { 0 }
    }

    /// Where the pair features of `color` (as the side to move) start, if there are any.
    pub fn pairs_base(self, color: Color) -> Option<usize> {
        let set = if self.per_colour { color.index() } else { 0 };
        self.pairs.then(|| self.sets_count() + set * PAIRS)
    }

    /// How many sets of weights there are: one per colour, or one shared.
    fn sets(self) -> usize {
        if self.per_colour {
            2
        } else {
            1
        }
    }

    /// Where `color`'s set starts.
    pub fn base(self, color: Color) -> usize {
        if self.per_colour {
            color.index() * PER_SET
        } else {
            0
        }
    }
}

/// One training position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Non-zero features: (weight index, value).
    pub features: Vec<(u32, f32)>,
    /// The game's result for the side to move (1, 0.5, 0).
    pub result: f32,
    /// The search score of the move played here, for the side to move.
    pub score: f32,
}

/// The features of `pos` (side to move as the position says).
pub fn features_of(pos: &Position, layout: Layout) -> Vec<(u32, f32)> {
    let me = pos.to_move();
    let mut dense = vec![0f32; layout.count()];
    for &q in pos.points() {
        if !pos.board().is_empty_at(q) {
            continue;
        }
        for color in [me, !me] {
            if is_forbidden(pos, color, q) {
                continue;
            }
            let patterns: [Pattern; 4] = std::array::from_fn(|d| pos.pattern(color, q, d));
            let k = combo_of(patterns);
            let (offset, sign) = if color == me { (0, 1.0) } else { (COMBOS, -1.0) };
            dense[layout.base(color) + offset + k] += sign;
        }
    }
    if let Some(base) = layout.pairs_base(me) {
        for &q in pos.points().iter().filter(|&&q| pos.board().is_empty_at(q)) {
            let pair = pair_of(pair_class(pos.shape(me, q)), pair_class(pos.shape(!me, q)));
            if pair != 0 {
                dense[base + pair] += 1.0;
            }
        }
    }
    for (j, present) in threat_terms(pos, me).into_iter().enumerate() {
        if present {
            dense[layout.base(me) + 2 * COMBOS + j] += 1.0;
        }
    }
    let nonzero = dense.iter().enumerate().filter(|(_, &v)| v != 0.0);
    nonzero.map(|(i, &v)| (i as u32, v)).collect()
}

/// Whether the empty point `q` is forbidden to `color` (black in renju): the position keeps it
/// as a quiet point that might be forbidden.
fn is_forbidden(pos: &Position, color: Color, q: usize) -> bool {
    let shape = pos.shape(color, q);
    color == Color::Black
        && pos.rule().has_forbidden_points()
        && shape.maybe_forbidden
        && shape.threat == QUIET
}

/// Whether the evaluation would be asked about this position: nobody can make five at once.
pub fn is_quiet(pos: &Position) -> bool {
    pos.threat_count(Color::Black, WIN) == 0 && pos.threat_count(Color::White, WIN) == 0
}

/// The training positions of a game: each searched position where nobody can make five at once.
pub fn samples_of(record: &GameRecord, rule: Rule, layout: Layout) -> Vec<Sample> {
    let board = Board::new(u32::from(TRAINING_SIZE)).expect("a legal size");
    let mut pos = Position::new(&board, rule, Color::Black);
    let mut out = Vec::new();
    for (ply, &m) in record.moves.iter().enumerate() {
        if ply >= record.opening && is_quiet(&pos) {
            out.push(Sample {
                features: features_of(&pos, layout),
                result: record.outcome.result_for(pos.to_move()) as f32,
                score: record.scores[ply - record.opening] as f32,
            });
        }
        pos.play(index_of(m));
    }
    out
}

/// A rule's weights (both colours) as one vector in `layout` (for a shared layout, black's set).
pub fn weight_vector(weights: &RuleWeights, layout: Layout) -> Vec<f64> {
    let mut w = vec![0.0; layout.count()];
    for color in Color::ALL.into_iter().rev() {
        let set = &weights.sets[color.index()];
        let base = layout.base(color);
        for k in 0..COMBOS {
            w[base + k] = f64::from(set.mover[k]);
            w[base + COMBOS + k] = f64::from(set.waiter[k]);
        }
        for j in 0..THREATS {
            w[base + 2 * COMBOS + j] = f64::from(set.threats[j]);
        }
    }
    w
}

/// The evaluation `weights` give a feature vector.
pub fn dot(features: &[(u32, f32)], weights: &[f64]) -> f64 {
    features.iter().map(|&(i, v)| f64::from(v) * weights[i as usize]).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku::ai::eval::evaluate;
    use gomoku::ai::evaluation::embedded_weights;
    use gomoku::ai::Evaluation;
    use gomoku::Pos;

    #[test]
    fn the_features_times_the_weights_are_the_evaluation() {
        let moves = [(7, 7), (8, 8), (7, 8), (6, 6), (7, 9), (9, 9), (8, 10), (6, 8), (5, 7)];
        for rule in Rule::ALL {
            let layout = Layout::of(rule);
            let weights = weight_vector(&embedded_weights(rule), layout);
            // The linear part alone (the network on top is checked in `super::net`).
            let board = Board::new(15).unwrap();
            let evaluation = Evaluation::embedded().with_network(rule, None);
            let mut pos =
                Position::with_evaluation(&board, rule, Color::Black, evaluation.rule(rule));
            for &(x, y) in &moves {
                pos.play(index_of(Pos::new(x, y)));
                if is_quiet(&pos) {
                    let value = dot(&features_of(&pos, layout), &weights);
                    assert_eq!(value as i32, evaluate(&pos), "{rule} after {x},{y}");
                }
            }
        }
    }
}
