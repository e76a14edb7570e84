//! Two match runs compared opening by opening: a baseline and a candidate that played the same
//! book against the same opponent. Each opening's two games (one per colour) give the candidate's
//! score minus the baseline's there; their mean, with its standard error, is the comparison.
//! Pairing by opening takes the openings' own spread out of the error (some openings are lost
//! by either engine), so it is smaller than the difference of two unpaired scores.
//!
//! A run is one or more `gomoku match` logs; a log of a part of the book is given as
//! `LOG@OFFSET`, the offset added to its opening numbers (`part-101-150.log@100`). A game logged
//! twice is refused (a forgotten offset would lay one part over another) unless the logs are
//! pooled: several runs of one engine, each opening's games averaged colour by colour.

use crate::arena::parse_result_line;
use crate::cli::CompareArgs;
use std::collections::BTreeMap;

/// One player's points on one opening, by colour index (black, white): one entry per logged
/// game (several when runs are pooled, none where that game is not in the logs).
pub type OpeningScores = [Vec<f64>; 2];

/// A run's games: points of the logged player by opening number (1-based, offsets applied).
pub type Run = BTreeMap<usize, OpeningScores>;

/// The mean of paired differences and its standard error, in points of score (0–100).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paired {
    /// Openings with both colours in both runs.
    pub openings: usize,
    /// Mean difference, candidate minus baseline, in percentage points.
    pub mean: f64,
    /// Standard error of the mean (`None` below two openings).
    pub error: Option<f64>,
}

/// `gomoku compare`: prints both runs' scores, the paired difference and its parts.
pub fn run_compare(args: &CompareArgs) -> Result<(), String> {
    let base = read_run(&args.base, args.pool)?;
    let new = read_run(&args.new, args.pool)?;
    println!("base: {}", describe(&base));
    println!("new:  {}", describe(&new));
    let all = paired(&base, &new, 1..=usize::MAX);
    println!("paired: {}", describe_paired(&all));
    if args.part > 0 {
        let last = base.keys().chain(new.keys()).max().copied().unwrap_or(0);
        for start in (1..=last).step_by(args.part) {
            let end = (start + args.part - 1).min(last);
            let part = paired(&base, &new, start..=end);
            if let (Some(e), true) = (part.error, part.openings > 0) {
                println!(
                    "  openings {start}–{end}: {:+.1} ± {e:.1} ({})",
                    part.mean, part.openings
                );
            }
        }
    }
    Ok(())
}

/// Reads the logs of one run (each `LOG` or `LOG@OFFSET`); a game logged twice is an error
/// unless `pool`.
pub fn read_run(specs: &[String], pool: bool) -> Result<Run, String> {
    let mut run = Run::new();
    for spec in specs {
        let (path, offset) = match spec.rsplit_once('@') {
            Some((path, offset)) => {
                let offset = offset.parse().map_err(|_| format!("bad offset in {spec:?}"))?;
                (path, offset)
            }
            None => (spec.as_str(), 0),
        };
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        add_log(&mut run, &text, offset, pool).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(run)
}

/// Adds the games of one log to `run`, their opening numbers moved by `offset`; a game already
/// in `run` is an error unless `pool` (then nothing is added).
pub fn add_log(run: &mut Run, text: &str, offset: usize, pool: bool) -> Result<(), String> {
    let mut games = Vec::new();
    for line in text.lines() {
        if let Some((opening, colour, points)) = parse_result_line(line)? {
            let opening = opening + offset;
            let logged = run.get(&opening).is_some_and(|s| !s[colour.index()].is_empty());
            if logged && !pool {
                return Err(format!("opening {opening} as {colour} logged twice"));
            }
            games.push((opening, colour, points));
        }
    }
    for (opening, colour, points) in games {
        run.entry(opening).or_default()[colour.index()].push(points);
    }
    Ok(())
}

/// The mean of a colour's games on one opening, `None` if it has none.
fn mean(points: &[f64]) -> Option<f64> {
    (!points.is_empty()).then(|| points.iter().sum::<f64>() / points.len() as f64)
}

/// The paired difference (candidate minus baseline) over the openings in `range` that both
/// runs played with both colours.
pub fn paired(base: &Run, new: &Run, range: std::ops::RangeInclusive<usize>) -> Paired {
    let both = |s: &OpeningScores| mean(&s[0]).zip(mean(&s[1])).map(|(a, b)| a + b);
    let diffs: Vec<f64> = base
        .range(range)
        .filter_map(|(opening, b)| Some(both(new.get(opening)?)? - both(b)?))
        .map(|d| 100.0 * d / 2.0)
        .collect();
    let n = diffs.len();
    let mean = if n == 0 { 0.0 } else { diffs.iter().sum::<f64>() / n as f64 };
    let error = (n >= 2).then(|| {
        let variance = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        (variance / n as f64).sqrt()
    });
    Paired { openings: n, mean, error }
}

/// A run's games, wins, draws, losses and score.
fn describe(run: &Run) -> String {
    let points: Vec<f64> = run.values().flatten().flatten().copied().collect();
    let count = |p: f64| points.iter().filter(|&&x| x == p).count();
    let total: f64 = points.iter().sum();
    let share = if points.is_empty() { 0.0 } else { 100.0 * total / points.len() as f64 };
    let pooled =
        if run.values().flatten().any(|games| games.len() > 1) { " (runs pooled)" } else { "" };
    format!(
        "{} games, +{} ={} -{}, {share:.1} %{pooled}",
        points.len(),
        count(1.0),
        count(0.5),
        count(0.0)
    )
}

fn describe_paired(p: &Paired) -> String {
    match p.error {
        Some(e) => format!(
            "{:+.1} ± {e:.1} points over {} openings × 2 (one standard error; 95 %: {:+.1} to {:+.1})",
            p.mean,
            p.openings,
            p.mean - 1.96 * e,
            p.mean + 1.96 * e
        ),
        None => format!("{:+.1} points over {} openings × 2", p.mean, p.openings),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(opening: usize, colour: &str, end: &str) -> String {
        format!("opening {opening:3} pb as {colour}: {end} after 30 moves  [pb: +1 =0 -0] h8i9\n")
    }

    #[test]
    fn offsets_place_a_part_of_the_book_and_a_game_logged_twice_is_refused() {
        let mut run = Run::new();
        add_log(&mut run, &line(1, "black", "Won(Black)"), 100, false).unwrap();
        assert_eq!(run.get(&101), Some(&[vec![1.0], vec![]]));
        let twice = format!("{}{}", line(2, "white", "Draw"), line(1, "black", "Draw"));
        assert!(add_log(&mut run, &twice, 100, false).is_err());
        assert_eq!(run.len(), 1, "a refused log adds nothing");
        assert_eq!(run.get(&101), Some(&[vec![1.0], vec![]]), "the run keeps the first game");
    }

    #[test]
    fn the_paired_difference_uses_openings_both_runs_played_with_both_colours() {
        let log = |ends: &[(&str, &str)]| {
            let mut run = Run::new();
            let text: String = ends
                .iter()
                .enumerate()
                .flat_map(|(i, (b, w))| [line(i + 1, "black", b), line(i + 1, "white", w)])
                .collect();
            add_log(&mut run, &text, 0, false).unwrap();
            run
        };
        let base = log(&[("Won(Black)", "Won(Black)"), ("Won(White)", "Won(Black)")]);
        let mut new = log(&[("Won(Black)", "Won(White)"), ("Won(Black)", "Won(Black)")]);
        // Opening 1: base 1 point, new 2 (+50); opening 2: base 0, new 1 (+50).
        let p = paired(&base, &new, 1..=usize::MAX);
        assert_eq!((p.openings, p.mean, p.error), (2, 50.0, Some(0.0)));
        new.get_mut(&2).unwrap()[1].clear();
        let p = paired(&base, &new, 1..=usize::MAX);
        assert_eq!((p.openings, p.mean, p.error), (1, 50.0, None));
        assert_eq!(paired(&base, &new, 2..=2).openings, 0);
    }

    #[test]
    fn the_standard_error_is_that_of_the_mean_difference() {
        let mut base = Run::new();
        let mut new = Run::new();
        // Differences of +100, 0 and -50 points: mean 16.7, sample deviation 76.4.
        for (opening, (b, n)) in [(0.0, 2.0), (1.0, 1.0), (1.0, 0.0)].into_iter().enumerate() {
            base.insert(opening + 1, [vec![b / 2.0], vec![b / 2.0]]);
            new.insert(opening + 1, [vec![n / 2.0], vec![n / 2.0]]);
        }
        let p = paired(&base, &new, 1..=3);
        assert!((p.mean - 50.0 / 3.0).abs() < 1e-9);
        let deviation =
            ((100.0f64 - p.mean).powi(2) + p.mean.powi(2) + (-50.0 - p.mean).powi(2)) / 2.0;
        assert!((p.error.unwrap() - (deviation / 3.0).sqrt()).abs() < 1e-9);
    }

    #[test]
    fn pooled_runs_average_each_opening_colour_by_colour() {
        let mut base = Run::new();
        let first = format!("{}{}", line(1, "black", "Won(Black)"), line(1, "white", "Won(Black)"));
        let second = format!("{}{}", line(1, "black", "Won(White)"), line(1, "white", "Draw"));
        add_log(&mut base, &first, 0, true).unwrap();
        add_log(&mut base, &second, 0, true).unwrap();
        assert_eq!(base.get(&1), Some(&[vec![1.0, 0.0], vec![0.0, 0.5]]));
        // The baseline's opening is worth 0.5 + 0.25 of 2 points; the candidate's 1 of 2.
        let mut new = Run::new();
        add_log(&mut new, &first, 0, false).unwrap();
        let p = paired(&base, &new, 1..=1);
        assert_eq!((p.openings, p.mean), (1, 12.5));
    }
}
