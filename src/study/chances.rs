//! Winning chances: what a search score means to a person. A score `v` for the side to move
//! becomes the chance `σ(v / s)` that it wins, with the scale `s` fitted to the results of our
//! own games (`gomoku calibrate` in the lab, on self-play records of Master at 20 000 nodes a
//! move; predicted against observed over held-out games in `docs/strength-log.md`). A proven
//! result is certain: a win in N is 100 %, a loss in N is 0 %.

use crate::ai::Score;
use crate::rule::Rule;

/// Evaluation units per unit of log-odds in freestyle (and standard): fitted by `gomoku
/// calibrate --data selfplay-freestyle-s101.txt` over 1 253 games (31 802 positions).
pub const FREESTYLE_SCALE: f64 = 3375.0;
/// The same for renju, over 1 013 renju games (21 158 positions).
pub const RENJU_SCALE: f64 = 3678.0;

/// The scale of `rule`'s scores.
pub fn scale(rule: Rule) -> f64 {
    match rule {
        Rule::Freestyle | Rule::Standard => FREESTYLE_SCALE,
        Rule::Renju => RENJU_SCALE,
    }
}

/// The side to move's chance to win (0 to 1) when the search says `score` under `rule`.
pub fn winning_chance(score: Score, rule: Rule) -> f64 {
    match score {
        Score::WinIn(_) => 1.0,
        Score::LossIn(_) => 0.0,
        Score::Eval(v) => 1.0 / (1.0 + (-f64::from(v) / scale(rule)).exp()),
    }
}

/// The chance in whole percent as a person reads it: never 0 or 100 unless proven.
pub fn percent(score: Score, rule: Rule) -> u8 {
    match score {
        Score::WinIn(_) => 100,
        Score::LossIn(_) => 0,
        Score::Eval(_) => (winning_chance(score, rule) * 100.0).round().clamp(1.0, 99.0) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_an_even_chance_and_more_is_better() {
        assert_eq!(winning_chance(Score::Eval(0), Rule::Freestyle), 0.5);
        let chances: Vec<f64> = [-9000, -3000, -500, 0, 500, 3000, 9000]
            .iter()
            .map(|&v| winning_chance(Score::Eval(v), Rule::Renju))
            .collect();
        assert!(chances.windows(2).all(|w| w[0] < w[1]), "{chances:?}");
        let (up, down) = (
            winning_chance(Score::Eval(800), Rule::Standard),
            winning_chance(Score::Eval(-800), Rule::Standard),
        );
        assert!((up + down - 1.0).abs() < 1e-12, "the two sides' chances add up to one");
    }

    #[test]
    fn only_a_proof_is_certain() {
        assert_eq!(percent(Score::WinIn(3), Rule::Freestyle), 100);
        assert_eq!(percent(Score::LossIn(2), Rule::Freestyle), 0);
        assert_eq!(percent(Score::Eval(19_999), Rule::Freestyle), 99);
        assert_eq!(percent(Score::Eval(-19_999), Rule::Renju), 1);
        assert_eq!(percent(Score::Eval(0), Rule::Renju), 50);
        // One scale unit is e : 1 odds, about 73 %.
        assert_eq!(percent(Score::Eval(FREESTYLE_SCALE as i32), Rule::Freestyle), 73);
    }
}
