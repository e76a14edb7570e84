//! Match statistics: the Elo difference a score means, its 95 % interval, and a sequential
//! probability ratio test (SPRT) that stops a match once one hypothesis is clearly favoured.
//! Both use the normal approximation of the per-game score (win 1, draw ½, loss 0) that
//! tournament tools use for engine testing.

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game (0 to 1), `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = f64::from(self.games());
        (n > 0.0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n)
    }

    /// The variance of one game's score around the mean.
    fn variance(&self, mean: f64) -> f64 {
        let n = f64::from(self.games());
        let part = |count: u32, value: f64| f64::from(count) * (value - mean).powi(2);
        (part(self.wins, 1.0) + part(self.draws, 0.5) + part(self.losses, 0.0)) / n
    }

    /// The Elo difference and the half-width of its 95 % interval; `None` while the interval is
    /// unbounded (no games, or all won or all lost).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let mean = self.score()?;
        let spread = 1.959_964 * (self.variance(mean) / f64::from(self.games())).sqrt();
        let (low, high) = (mean - spread, mean + spread);
        if low <= 0.0 || high >= 1.0 {
            return None;
        }
        let elo = elo_of(mean)?;
        Some((elo, (elo_of(high)? - elo_of(low)?) / 2.0))
    }
}

/// The Elo difference that an expected score means.
pub fn elo_of(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

/// The expected score of an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Keep playing.
    Continue,
    /// The difference is at least `elo1` (H1 accepted).
    Better,
    /// The difference is at most `elo0` (H0 accepted).
    NotBetter,
}

/// A sequential test of H0: Elo = `elo0` against H1: Elo = `elo1`, with error rates `alpha`
/// (accepting H1 wrongly) and `beta` (accepting H0 wrongly).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

impl Sprt {
    /// The log-likelihood ratio of H1 over H0 for these games (0 before a variance exists).
    pub fn llr(&self, tally: &Tally) -> f64 {
        let Some(mean) = tally.score() else { return 0.0 };
        let variance = tally.variance(mean);
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        f64::from(tally.games()) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The verdict for these games.
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::Better
        } else if llr <= lower {
            Verdict::NotBetter
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero_elo_with_a_shrinking_interval() {
        let few = Tally { wins: 10, draws: 0, losses: 10 };
        let many = Tally { wins: 100, draws: 0, losses: 100 };
        let (elo, margin_few) = few.elo().unwrap();
        let (_, margin_many) = many.elo().unwrap();
        assert!(elo.abs() < 1e-9);
        assert!(margin_many < margin_few / 3.0, "{margin_few} vs {margin_many}");
        assert!(
            (margin_many - 49.0).abs() < 2.0,
            "200 decisive games: about ±49 Elo, got {margin_many}"
        );
    }

    #[test]
    fn scores_and_elo_convert_both_ways() {
        assert!((elo_of(0.75).unwrap() - 190.85).abs() < 0.01);
        assert!((score_of(190.85) - 0.75).abs() < 1e-4);
        assert_eq!(elo_of(1.0), None);
        assert_eq!(Tally::default().elo(), None);
        assert_eq!(Tally { wins: 5, draws: 0, losses: 0 }.elo(), None, "unbounded");
    }

    #[test]
    fn the_sprt_accepts_a_clear_gain_and_rejects_a_clear_loss() {
        let sprt = Sprt { elo0: 0.0, elo1: 20.0, alpha: 0.05, beta: 0.05 };
        assert_eq!(sprt.verdict(&Tally { wins: 60, draws: 0, losses: 40 }), Verdict::Continue);
        assert_eq!(sprt.verdict(&Tally { wins: 400, draws: 50, losses: 250 }), Verdict::Better);
        assert_eq!(sprt.verdict(&Tally { wins: 250, draws: 50, losses: 400 }), Verdict::NotBetter);
        let (lower, upper) = sprt.bounds();
        assert!((upper - 2.944).abs() < 0.01 && (lower + 2.944).abs() < 0.01);
    }
}
