//! Fitting the learned candidate order ([`gomoku::ai::policy`]): the free positions where a chosen
//! player moved, what the model sees of each candidate point, and a softmax regression of the
//! point chosen (Adam, full batch, an L2 pull towards zero).

use gomoku::ai::policy::{distance, PolicyWeights, DISTANCES};
use gomoku::ai::shape::{OPEN_FOUR, THREE, THREE_THREE, WIN};
use gomoku::ai::weights::{combo_of, COMBOS};
use gomoku::ai::{hand_order, Position};
use gomoku::board::{index_of, Board};
use gomoku::Color;
use gomoku::Pos;
use gomoku::Rule;

/// What the model sees of one candidate point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointFeatures {
    /// The mover's combination number at the point.
    pub mover: u16,
    /// The opponent's combination number at the point.
    pub opponent: u16,
    /// Distance class to the last move.
    pub near_last: u8,
    /// Distance class to the mover's previous move.
    pub near_own: u8,
    /// Whether the point makes a threat.
    pub tactical: bool,
    /// `ln(1 + hand-set order)`.
    pub log_order: f32,
}

/// A free position's candidates and the one the player chose.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Every candidate (the points near stones).
    pub points: Vec<PointFeatures>,
    /// Which of them was played.
    pub chosen: usize,
}

/// The choices `learn` made in a `rule` game of `moves` (15×15), after the first `opening`
/// moves: positions with no five to make or block and no open three to answer (where the
/// search's order is free), whose move was among the candidates.
pub fn choices_of_game(moves: &[Pos], opening: usize, learn: Color, rule: Rule) -> Vec<Choice> {
    let mut out = Vec::new();
    visit_choices(moves, opening, learn, rule, &mut |_, choice, _| out.push(choice.clone()));
    out
}

/// Calls `visit` with each choice [`choices_of_game`] finds, the position it was made in and
/// its candidates' board indices (in the choice's order).
pub fn visit_choices(
    moves: &[Pos],
    opening: usize,
    learn: Color,
    rule: Rule,
    visit: &mut dyn FnMut(&Position, &Choice, &[usize]),
) {
    let board = Board::new(15).expect("15 is a legal size");
    let mut pos = Position::new(&board, rule, Color::Black);
    for (k, &m) in moves.iter().enumerate() {
        let index = index_of(m);
        if k >= opening.max(2) && pos.to_move() == learn && is_free(&pos) {
            if let Some((choice, indices)) = choice_at(&pos, index) {
                visit(&pos, &choice, &indices);
            }
        }
        if !pos.board().is_empty_at(index) {
            break;
        }
        pos.play(index);
    }
}

/// The choice of `played` among the candidates of `pos` (a free position), or `None` if it is
/// not one of them.
pub fn choice_in(pos: &Position, played: usize) -> Option<Choice> {
    choice_at(pos, played).map(|(choice, _)| choice)
}

/// Whether `pos` has no five to make or block and no open three to answer.
pub fn is_free(pos: &Position) -> bool {
    let (me, opp) = (pos.to_move(), !pos.to_move());
    pos.threat_count(me, WIN) == 0
        && pos.threat_count(opp, WIN) == 0
        && !pos.has_threat_at_least(opp, OPEN_FOUR)
}

fn choice_at(pos: &Position, played: usize) -> Option<(Choice, Vec<usize>)> {
    let (me, opp) = (pos.to_move(), !pos.to_move());
    let (last, own) = pos.last_two();
    let mut points = Vec::new();
    let mut indices = Vec::new();
    let mut chosen = None;
    pos.for_each_empty_near_stones(|q| {
        indices.push(q);
        let combo = |c: Color| combo_of([0, 1, 2, 3].map(|d| pos.pattern(c, q, d))) as u16;
        let near = |m: Option<usize>| m.map_or(DISTANCES - 1, |m| distance(q, m)) as u8;
        if q == played {
            chosen = Some(points.len());
        }
        points.push(PointFeatures {
            mover: combo(me),
            opponent: combo(opp),
            near_last: near(last),
            near_own: near(own),
            tactical: pos.shape(me, q).threat >= THREE || pos.shape(opp, q).threat >= THREE_THREE,
            log_order: (1.0 + hand_order(pos, q).max(0) as f32).ln(),
        });
    });
    chosen.map(|chosen| (Choice { points, chosen }, indices))
}

/// How to fit.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Full-batch Adam steps.
    pub steps: usize,
    /// Adam's step size, in logits.
    pub rate: f64,
    /// Strength of the L2 pull of every term but `log_order` towards zero.
    pub reg: f64,
}

const MOVER: usize = 1;
const OPPONENT: usize = MOVER + COMBOS;
const NEAR_LAST: usize = OPPONENT + COMBOS;
const NEAR_OWN: usize = NEAR_LAST + DISTANCES;
const TACTICAL: usize = NEAR_OWN + DISTANCES;
const PARAMS: usize = TACTICAL + 1;

fn logit(w: &[f64], p: &PointFeatures) -> f64 {
    w[0] * f64::from(p.log_order)
        + w[MOVER + usize::from(p.mover)]
        + w[OPPONENT + usize::from(p.opponent)]
        + w[NEAR_LAST + usize::from(p.near_last)]
        + w[NEAR_OWN + usize::from(p.near_own)]
        + if p.tactical { w[TACTICAL] } else { 0.0 }
}

/// The logits `weights` give each of a choice's points.
pub fn order_logits(choice: &Choice, weights: &PolicyWeights) -> Vec<f64> {
    let w = flatten(weights);
    choice.points.iter().map(|p| logit(&w, p)).collect()
}

/// The softmax probabilities of a choice's points under `w`.
fn probabilities(w: &[f64], choice: &Choice) -> Vec<f64> {
    let logits: Vec<f64> = choice.points.iter().map(|p| logit(w, p)).collect();
    let top = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exps: Vec<f64> = logits.iter().map(|l| (l - top).exp()).collect();
    let sum: f64 = exps.iter().sum();
    exps.into_iter().map(|e| e / sum).collect()
}

/// The mean cross-entropy of the chosen points under `weights`.
pub fn cross_entropy(choices: &[Choice], weights: &PolicyWeights) -> f64 {
    let w = flatten(weights);
    let total: f64 = choices.iter().map(|c| -probabilities(&w, c)[c.chosen].max(1e-12).ln()).sum();
    total / choices.len().max(1) as f64
}

/// How often the chosen point ranks within the first `k` of the model's order (ties count
/// against it), for each `k` in `ks`.
pub fn top_k(choices: &[Choice], weights: &PolicyWeights, ks: &[usize]) -> Vec<f64> {
    let w = flatten(weights);
    let ranks: Vec<usize> = choices
        .iter()
        .map(|c| {
            let chosen = logit(&w, &c.points[c.chosen]);
            let better = c
                .points
                .iter()
                .enumerate()
                .filter(|&(i, p)| i != c.chosen && logit(&w, p) >= chosen);
            better.count()
        })
        .collect();
    let n = ranks.len().max(1) as f64;
    ks.iter().map(|&k| ranks.iter().filter(|&&r| r < k).count() as f64 / n).collect()
}

/// Fits the weights to `choices`, starting from the hand-set order alone.
pub fn fit(choices: &[Choice], options: &FitOptions) -> PolicyWeights {
    let mut w = flatten(&PolicyWeights::neutral());
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    let n = choices.len().max(1) as f64;
    for step in 1..=options.steps {
        let mut grad = vec![0.0; PARAMS];
        for choice in choices {
            for (i, (p, prob)) in choice.points.iter().zip(probabilities(&w, choice)).enumerate() {
                let g = (prob - if i == choice.chosen { 1.0 } else { 0.0 }) / n;
                grad[0] += g * f64::from(p.log_order);
                grad[MOVER + usize::from(p.mover)] += g;
                grad[OPPONENT + usize::from(p.opponent)] += g;
                grad[NEAR_LAST + usize::from(p.near_last)] += g;
                grad[NEAR_OWN + usize::from(p.near_own)] += g;
                if p.tactical {
                    grad[TACTICAL] += g;
                }
            }
        }
        adam_step(&mut w, &grad, &mut m, &mut v, step, options);
    }
    unflatten(&w)
}

fn adam_step(
    w: &mut [f64],
    grad: &[f64],
    m: &mut [f64],
    v: &mut [f64],
    step: usize,
    options: &FitOptions,
) {
    let (b1, b2) = (0.9f64, 0.999f64);
    for i in 0..w.len() {
        let g = grad[i] + if i == 0 { 0.0 } else { options.reg * w[i] };
        m[i] = b1 * m[i] + (1.0 - b1) * g;
        v[i] = b2 * v[i] + (1.0 - b2) * g * g;
        let m_hat = m[i] / (1.0 - b1.powi(step as i32));
        let v_hat = v[i] / (1.0 - b2.powi(step as i32));
        w[i] -= options.rate * m_hat / (v_hat.sqrt() + 1e-8);
    }
}

fn flatten(w: &PolicyWeights) -> Vec<f64> {
    let mut out = vec![w.log_order];
    out.extend(&w.mover);
    out.extend(&w.opponent);
    out.extend(w.near_last);
    out.extend(w.near_own);
    out.push(w.tactical);
    out
}

fn unflatten(w: &[f64]) -> PolicyWeights {
    let array = |start: usize| -> [f64; DISTANCES] { std::array::from_fn(|i| w[start + i]) };
    PolicyWeights {
        log_order: w[0],
        mover: w[MOVER..OPPONENT].to_vec(),
        opponent: w[OPPONENT..NEAR_LAST].to_vec(),
        near_last: array(NEAR_LAST),
        near_own: array(NEAR_OWN),
        tactical: w[TACTICAL],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[(u8, u8)]) -> Vec<Pos> {
        list.iter().map(|&(x, y)| Pos::new(x, y)).collect()
    }

    #[test]
    fn only_the_learned_colours_free_moves_become_choices() {
        // Black's 7,7 8,8 6,6 …; white answers. After the opening of 3, white's moves count.
        let game = moves(&[(7, 7), (8, 7), (7, 8), (8, 8), (6, 6), (9, 9), (10, 10), (8, 6)]);
        let white = choices_of_game(&game, 3, Color::White, Rule::Freestyle);
        assert_eq!(white.len(), 3);
        let black = choices_of_game(&game, 3, Color::Black, Rule::Freestyle);
        assert_eq!(black.len(), 2);
        for c in white.iter().chain(&black) {
            assert!(c.chosen < c.points.len());
        }
    }

    #[test]
    fn a_forced_block_is_not_a_choice() {
        // White's 6,9 is free; by white's 10,7 black has an open three (7,7 8,7 9,7) to answer.
        let game = moves(&[(7, 7), (6, 8), (8, 7), (6, 9), (9, 7), (10, 7)]);
        let white = choices_of_game(&game, 0, Color::White, Rule::Freestyle);
        assert_eq!(white.len(), 1);
        assert!(white[0].points.len() > 10);
    }

    #[test]
    fn fitting_learns_a_player_who_always_plays_next_to_the_last_move() {
        // Synthetic choices: the chosen point is the one at distance 1 from the last move,
        // although its hand-set order is the lowest.
        let point = |near_last: u8, log_order: f32| PointFeatures {
            mover: 0,
            opponent: 0,
            near_last,
            near_own: 3,
            tactical: false,
            log_order,
        };
        let choice =
            Choice { points: vec![point(3, 3.0), point(2, 2.5), point(1, 1.0)], chosen: 2 };
        let choices = vec![choice; 20];
        let options = FitOptions { steps: 200, rate: 0.05, reg: 1e-4 };
        let before = cross_entropy(&choices, &PolicyWeights::neutral());
        let w = fit(&choices, &options);
        assert!(cross_entropy(&choices, &w) < before / 4.0);
        assert_eq!(top_k(&choices, &w, &[1]), vec![1.0]);
        assert_eq!(top_k(&choices, &PolicyWeights::neutral(), &[1, 3]), vec![0.0, 1.0]);
    }
}
