//! `gomoku calibrate`: how the engine's scores turn into winning chances. Every position of a
//! set of game records (after the opening, not yet decided) pairs the search's score for the side
//! to move with that side's result; the scale `s` of `P(win) = σ(score / s)` is fitted on nine
//! games in ten, and the tenth are held out to check it: predicted against observed, bin by bin.

use crate::cli::CalibrateArgs;
use crate::tuning::data::{read_record_files, GameRecord};
use crate::tuning::fit::{least_on_log_scale, sigmoid, DECIDED};
use gomoku::Color;

/// Every `HELD_OUT`-th game is held out to check the fit.
const HELD_OUT: usize = 10;

/// One position: the side to move's score and its result (1, ½, 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// The search's score for the side to move.
    pub score: f64,
    /// The side to move's result.
    pub result: f64,
}

/// `gomoku calibrate --data FILE[,FILE…] [--bins N] [--games N]`.
pub fn run_calibrate(args: &CalibrateArgs) -> Result<(), String> {
    let (mut records, _) = read_record_files(&args.data)?;
    records.truncate(args.games.unwrap_or(records.len()));
    let (fit_on, held_out) = split(&records)?;
    let scale = fit_scale(&fit_on);
    println!(
        "calibrate: {} games, {} positions fitted, {} held out; scale {scale:.1} evaluation units \
         per unit of log-odds; held-out cross-entropy {:.4} (a coin: {:.4})",
        records.len(),
        fit_on.len(),
        held_out.len(),
        cross_entropy(&held_out, scale),
        cross_entropy(&held_out, f64::INFINITY),
    );
    println!("predicted   positions   mean predicted   observed");
    for bin in bins(&held_out, scale, args.bins.max(1)) {
        println!(
            "{:>3}–{:>3} %   {:>9}   {:>13.1} %   {:>6.1} %",
            bin.from, bin.to, bin.count, bin.predicted, bin.observed
        );
    }
    Ok(())
}

/// The positions of nine games in ten to fit on, and of every tenth to check the fit.
///
/// # Errors
/// Too few games to do either.
pub fn split(records: &[GameRecord]) -> Result<(Vec<Point>, Vec<Point>), String> {
    let (mut fit_on, mut held_out) = (Vec::new(), Vec::new());
    for (n, record) in records.iter().enumerate() {
        let points = points_of(record);
        if n % HELD_OUT == HELD_OUT - 1 {
            held_out.extend(points)
        } else {
            fit_on.extend(points)
        }
    }
    if fit_on.is_empty() || held_out.is_empty() {
        return Err("calibrate needs at least ten games with undecided positions".into());
    }
    Ok((fit_on, held_out))
}

/// The undecided positions of a game after its opening.
pub fn points_of(record: &GameRecord) -> Vec<Point> {
    record
        .scores
        .iter()
        .enumerate()
        .filter(|(_, &score)| (score.abs() as f32) < DECIDED)
        .map(|(i, &score)| {
            let to_move = Color::at_ply(record.opening + i);
            Point { score: f64::from(score), result: record.outcome.result_for(to_move) }
        })
        .collect()
}

/// The scale under which the scores predict the results best.
pub fn fit_scale(points: &[Point]) -> f64 {
    least_on_log_scale(|scale| cross_entropy(points, scale))
}

/// The mean cross-entropy of `σ(score / scale)` against the results (an infinite scale: ½).
pub fn cross_entropy(points: &[Point], scale: f64) -> f64 {
    let total: f64 = points
        .iter()
        .map(|p| {
            let q = sigmoid(p.score / scale).clamp(1e-9, 1.0 - 1e-9);
            -(p.result * q.ln() + (1.0 - p.result) * (1.0 - q).ln())
        })
        .sum();
    total / points.len().max(1) as f64
}

/// One bin of predicted chances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    /// Lower bound, percent.
    pub from: u32,
    /// Upper bound, percent.
    pub to: u32,
    /// Positions whose prediction falls here.
    pub count: usize,
    /// Their mean prediction, percent.
    pub predicted: f64,
    /// Their mean result, percent.
    pub observed: f64,
}

/// The positions in `count` equal bins of predicted chance.
pub fn bins(points: &[Point], scale: f64, count: usize) -> Vec<Bin> {
    let mut sums = vec![(0usize, 0.0f64, 0.0f64); count];
    for p in points {
        let q = sigmoid(p.score / scale);
        let slot = ((q * count as f64) as usize).min(count - 1);
        sums[slot].0 += 1;
        sums[slot].1 += q;
        sums[slot].2 += p.result;
    }
    let width = 100 / count as u32;
    sums.iter()
        .enumerate()
        .map(|(i, &(n, q, r))| Bin {
            from: i as u32 * width,
            to: if i + 1 == count { 100 } else { (i as u32 + 1) * width },
            count: n,
            predicted: if n == 0 { 0.0 } else { 100.0 * q / n as f64 },
            observed: if n == 0 { 0.0 } else { 100.0 * r / n as f64 },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuning::data::Outcome;
    use gomoku::Pos;

    #[test]
    fn positions_pair_the_movers_score_with_the_movers_result() {
        let moves = (0..5).map(|i| Pos::new(i, 0)).collect();
        let record = GameRecord {
            outcome: Outcome::Won(Color::Black),
            opening: 2,
            moves,
            scores: vec![300, -250, 20_000],
        };
        let points = points_of(&record);
        assert_eq!(points.len(), 2, "a decided score is left out");
        assert_eq!(points[0], Point { score: 300.0, result: 1.0 }, "ply 2: black to move, won");
        assert_eq!(points[1], Point { score: -250.0, result: 0.0 }, "ply 3: white to move, lost");
    }

    #[test]
    fn the_fitted_scale_is_the_one_the_results_were_drawn_with() {
        // Results drawn as the expected value of σ(score / 400): a perfect calibration at 400.
        let points: Vec<Point> = (-40..=40)
            .map(|k| {
                let score = f64::from(k) * 50.0;
                Point { score, result: sigmoid(score / 400.0) }
            })
            .collect();
        let scale = fit_scale(&points);
        assert!((scale - 400.0).abs() < 1.0, "{scale}");
        let table = bins(&points, scale, 10);
        for bin in table.iter().filter(|b| b.count > 0) {
            assert!((bin.predicted - bin.observed).abs() < 0.5, "{bin:?}");
        }
        assert_eq!(table.iter().map(|b| b.count).sum::<usize>(), points.len());
        assert!(cross_entropy(&points, scale) < cross_entropy(&points, f64::INFINITY));
    }
}
