//! A learned refinement of the candidate order: how much likelier a player is to choose a
//! point than its hand-set order says, from the point's pattern combination for each side and
//! its distance to the last two moves — fitted by `gomoku fit-order` (softmax regression) to the
//! moves chosen in games against a stronger engine, and embedded from `weights/order-<rule>.txt`.
//!
//! The model's logit of a point is `log_order · ln(1 + order) + terms`; the search keeps the
//! hand-set scale (killers, history and threat bonuses are on it) and orders by
//! `(1 + order) · exp(terms / log_order)`, which ranks the points as the logits do.
//!
//! The text format, one item a line (`#` starts a comment):
//!
//! ```text
//! log_order 1.43                # coefficient of ln(1 + hand-set order)
//! combo F3 F2 B1 N 0.52 -0.10   # four patterns (any order): mover's term, opponent's term
//! near_last 1 0.51              # Chebyshev distance (1–6, 6 meaning 6 or more) to the last move
//! near_own 1 0.25               # … to the mover's own previous move
//! tactical -0.67                # a point that makes a threat (the search never prunes it)
//! ```

use super::pattern::{Pattern, PATTERN_COUNT};
use super::weights::{combinations, combo_of, pattern_named, COMBOS, PATTERN_NAMES, QUADS};
use crate::board::pos_of;

/// Distance classes: 0 (unused: the point itself is taken) to 6 (six or more).
pub const DISTANCES: usize = 7;

/// The fitted terms, in logits.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyWeights {
    /// Coefficient of `ln(1 + hand-set order)`.
    pub log_order: f64,
    /// The mover's term by combination number.
    pub mover: Vec<f64>,
    /// The opponent's term (the same point's combination for the side waiting).
    pub opponent: Vec<f64>,
    /// By Chebyshev distance to the last move.
    pub near_last: [f64; DISTANCES],
    /// By Chebyshev distance to the mover's previous move.
    pub near_own: [f64; DISTANCES],
    /// For a point that makes a threat.
    pub tactical: f64,
}

impl PolicyWeights {
    /// The plain hand-set order: every term zero.
    pub fn neutral() -> PolicyWeights {
        PolicyWeights {
            log_order: 1.0,
            mover: vec![0.0; COMBOS],
            opponent: vec![0.0; COMBOS],
            near_last: [0.0; DISTANCES],
            near_own: [0.0; DISTANCES],
            tactical: 0.0,
        }
    }

    /// Reads a weights file; terms it does not give stay zero.
    pub fn parse(text: &str) -> Result<PolicyWeights, String> {
        let mut w = PolicyWeights::neutral();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = || format!("order weights line {}: {raw:?}", n + 1);
            let num = |s: &str| s.parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(bad);
            let dist = |s: &str| s.parse::<usize>().ok().filter(|&d| d < DISTANCES).ok_or_else(bad);
            match words.as_slice() {
                [] => {}
                ["log_order", v] => w.log_order = num(v)?,
                ["tactical", v] => w.tactical = num(v)?,
                ["near_last", d, v] => w.near_last[dist(d)?] = num(v)?,
                ["near_own", d, v] => w.near_own[dist(d)?] = num(v)?,
                ["combo", a, b, c, d, mover, opponent] => {
                    let patterns = [a, b, c, d].map(|name| pattern_named(name));
                    let [Some(a), Some(b), Some(c), Some(d)] = patterns else { return Err(bad()) };
                    let k = combo_of([a, b, c, d]);
                    (w.mover[k], w.opponent[k]) = (num(mover)?, num(opponent)?);
                }
                _ => return Err(bad()),
            }
        }
        if w.log_order <= 0.0 {
            return Err("order weights: log_order must be positive".into());
        }
        Ok(w)
    }

    /// The weights as a file, after `header` (comment lines).
    pub fn to_text(&self, header: &str) -> String {
        let mut out: String = header.lines().map(|l| format!("# {l}\n")).collect();
        out.push_str(&format!("log_order {:.6}\ntactical {:.6}\n", self.log_order, self.tactical));
        for d in 1..DISTANCES {
            out.push_str(&format!("near_last {d} {:.6}\n", self.near_last[d]));
            out.push_str(&format!("near_own {d} {:.6}\n", self.near_own[d]));
        }
        for (k, p) in combinations().iter().enumerate() {
            let [a, b, c, d] = p.map(|x| PATTERN_NAMES[usize::from(x)]);
            out.push_str(&format!(
                "combo {a} {b} {c} {d} {:.6} {:.6}\n",
                self.mover[k], self.opponent[k]
            ));
        }
        out
    }
}

/// The terms as the search uses them: divided by `log_order`, by direction-ordered quadruple.
pub struct Policy {
    mover: Vec<f32>,
    opponent: Vec<f32>,
    near_last: [f32; DISTANCES],
    near_own: [f32; DISTANCES],
    tactical: f32,
}

impl Policy {
    /// The search's tables of `w`.
    pub fn of(w: &PolicyWeights) -> Policy {
        let scaled = |v: f64| (v / w.log_order) as f32;
        let by_quad = |terms: &[f64]| -> Vec<f32> {
            (0..QUADS)
                .map(|q| {
                    let mut p = [0 as Pattern; 4];
                    for (i, slot) in p.iter_mut().enumerate() {
                        *slot = (q / PATTERN_COUNT.pow(i as u32) % PATTERN_COUNT) as Pattern;
                    }
                    scaled(terms[combo_of(p)])
                })
                .collect()
        };
        Policy {
            mover: by_quad(&w.mover),
            opponent: by_quad(&w.opponent),
            near_last: w.near_last.map(scaled),
            near_own: w.near_own.map(scaled),
            tactical: scaled(w.tactical),
        }
    }

    /// The hand-set `order` of the mover's candidate `q` refined by the learned terms; `quads`
    /// are the point's pattern quadruples for the mover and the opponent (as
    /// `Position::quad` gives them), `recent` the last two moves, when known, as
    /// `Position::last_two` gives them (read once per node by the caller).
    #[inline]
    pub fn refine(
        &self,
        quads: (usize, usize),
        q: usize,
        order: i32,
        tactical: bool,
        recent: (Option<usize>, Option<usize>),
    ) -> i32 {
        let mut terms = self.mover[quads.0] + self.opponent[quads.1];
        let (last, own) = recent;
        if let Some(m) = last {
            terms += self.near_last[distance(q, m)];
        }
        if let Some(m) = own {
            terms += self.near_own[distance(q, m)];
        }
        if tactical {
            terms += self.tactical;
        }
        ((1.0 + order.max(0) as f32) * terms.exp()).min(1.0e9) as i32
    }
}

/// The Chebyshev distance between two raw indices, capped at 6.
pub fn distance(a: usize, b: usize) -> usize {
    let (pa, pb) = (pos_of(a), pos_of(b));
    usize::from(pa.x.abs_diff(pb.x).max(pa.y.abs_diff(pb.y))).min(DISTANCES - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::position::Position;
    use crate::board::{index_of, Board};
    use crate::color::Color;
    use crate::pos::Pos;
    use crate::rule::Rule;

    fn quads(pos: &Position, q: usize) -> (usize, usize) {
        let me = pos.to_move();
        (pos.quad(me, q), pos.quad(!me, q))
    }

    fn position(moves: &[(u8, u8)]) -> Position {
        let board = Board::new(15).unwrap();
        let mut pos = Position::new(&board, Rule::Freestyle, Color::Black);
        for &(x, y) in moves {
            pos.play(index_of(Pos::new(x, y)));
        }
        pos
    }

    #[test]
    fn neutral_weights_keep_the_hand_set_ranking() {
        let pos = position(&[(7, 7), (8, 8), (6, 8)]);
        let policy = Policy::of(&PolicyWeights::neutral());
        let mut points = Vec::new();
        pos.for_each_empty_near_stones(|q| points.push(q));
        let hand = |q: usize| crate::ai::hand_order(&pos, q);
        for &a in &points {
            for &b in &points {
                let (ra, rb) = (
                    policy.refine(quads(&pos, a), a, hand(a), false, pos.last_two()),
                    policy.refine(quads(&pos, b), b, hand(b), false, pos.last_two()),
                );
                assert_eq!(hand(a).cmp(&hand(b)), ra.cmp(&rb));
            }
        }
    }

    #[test]
    fn a_term_for_nearness_to_the_last_move_raises_the_points_beside_it() {
        // 11,11 beside the last move (12,12) ranks below 3,3 (beside black's own stone) by hand.
        let pos = position(&[(2, 2), (12, 12)]);
        let (near, far) = (index_of(Pos::new(11, 11)), index_of(Pos::new(3, 3)));
        let hand = |q: usize| crate::ai::hand_order(&pos, q);
        let mut w = PolicyWeights::neutral();
        w.near_last[1] = 1.0;
        let policy = Policy::of(&w);
        assert!(
            policy.refine(quads(&pos, near), near, hand(near), false, pos.last_two())
                > policy.refine(quads(&pos, far), far, hand(far), false, pos.last_two())
        );
        w.near_last[1] = -1.0;
        let policy = Policy::of(&w);
        assert!(
            policy.refine(quads(&pos, near), near, hand(near), false, pos.last_two())
                < policy.refine(quads(&pos, far), far, hand(far), false, pos.last_two())
        );
    }

    #[test]
    fn weights_survive_a_round_trip_through_text() {
        let mut w = PolicyWeights::neutral();
        w.log_order = 1.5;
        w.mover[17] = 0.25;
        w.opponent[900] = -1.125;
        w.near_last[2] = 0.5;
        w.near_own[6] = -0.75;
        w.tactical = -0.5;
        assert_eq!(PolicyWeights::parse(&w.to_text("made by a test")), Ok(w));
    }

    #[test]
    fn bad_lines_are_refused() {
        for text in ["combo F3 F2 B1 0.1 0.2", "near_last 7 0.1", "log_order 0", "tactical x"] {
            assert!(PolicyWeights::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn the_embedded_freestyle_policy_parses() {
        let text = include_str!("weights/order-freestyle.txt");
        let w = PolicyWeights::parse(text).expect("embedded order weights");
        assert!(w.mover.iter().any(|&v| v != 0.0));
    }
}
