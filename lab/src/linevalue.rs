//! `gomoku line-value`: the first experiment of issue 59 — how well a value network over line
//! codes ([`crate::tuning::linenet`]) predicts held-out games, against the engine's own
//! evaluation (point patterns and the small network) on the same positions. Nothing is written;
//! the numbers go to `docs/strength-log.md`.

use crate::cli::LineValueArgs;
use crate::tuning::adam::Schedule;
use crate::tuning::data::{read_record_files, GameRecord, TRAINING_SIZE};
use crate::tuning::features::is_quiet;
use crate::tuning::fit::least_on_log_scale;
use crate::tuning::linenet::{cross_entropy, fit_lines, line_loss, sigmoid, LineNet, LineSample};
use crate::tuning::lines::LineCodes;
use gomoku::ai::eval::evaluate;
use gomoku::ai::Position;
use gomoku::board::{index_of, Board};
use gomoku::{Color, Rule};

/// Every `VALIDATION`-th game is held out (as `gomoku train` does).
const VALIDATION: usize = 10;

/// A position as both evaluations see it.
struct Seen {
    sample: LineSample,
    /// The engine's evaluation, for the side to move.
    engine: i32,
    /// The search's score of the move played, for the side to move.
    score: i32,
}

/// Runs the experiment.
pub fn run_line_value(args: &LineValueArgs) -> Result<(), String> {
    let (mut records, _) = read_record_files(&args.data)?;
    records.truncate(args.games.unwrap_or(usize::MAX));
    let codes = LineCodes::new(args.reach);
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (n, record) in records.iter().enumerate() {
        let seen = positions_of(record, args.rule, &codes);
        if n % VALIDATION == VALIDATION - 1 {
            valid.extend(seen)
        } else {
            train.extend(seen)
        }
    }
    let scale = least_on_log_scale(|s| engine_loss(&train, s, 1.0, s));
    let mut train = targets(train, scale, args.lambda, args.residual);
    let valid = targets(valid, scale, args.lambda, args.residual);
    eprintln!(
        "line-value: {} games, {} training and {} held-out positions, {} line classes",
        records.len(),
        train.len(),
        valid.len(),
        codes.classes()
    );
    let engine = |lambda| engine_loss(&valid, scale, lambda, scale);
    eprintln!(
        "line-value: the engine's evaluation (scale {scale:.1}): held-out loss {:.5} (results) \
         {:.5} (target)",
        engine(1.0),
        engine(args.lambda)
    );
    let samples: Vec<LineSample> = train.drain(..).map(|s| s.sample).collect();
    let held: Vec<LineSample> = valid.iter().map(|s| s.sample.clone()).collect();
    let mut net = LineNet::new(codes.classes(), args.dims, args.hidden, args.seed);
    if args.conv {
        net = net.with_conv(args.seed);
    }
    let fit = Schedule {
        decay: args.decay,
        batch: args.batch,
        rate: args.rate,
        epochs: args.epochs,
        seed: args.seed,
        anneal: args.anneal,
    };
    fit_lines(&mut net, &samples, &fit, &mut |epoch, net| {
        eprintln!(
            "line-value: epoch {epoch}: held-out loss {:.5} (results) {:.5} (target), train \
             {:.5} (target)",
            line_loss(net, &held, true),
            line_loss(net, &held, false),
            line_loss(net, &samples[..samples.len().min(20_000)], false),
        )
    });
    Ok(())
}

/// The quiet searched positions of a game, with the engine's evaluation of each.
fn positions_of(record: &GameRecord, rule: Rule, codes: &LineCodes) -> Vec<Seen> {
    let board = Board::new(u32::from(TRAINING_SIZE)).expect("a legal size");
    let mut pos = Position::new(&board, rule, Color::Black);
    let mut out = Vec::new();
    for (ply, &m) in record.moves.iter().enumerate() {
        if ply >= record.opening && is_quiet(&pos) {
            let me = pos.to_move();
            let (cells, points) = codes
                .located_points(pos.board(), me)
                .into_iter()
                .map(|(at, classes)| ((at.x, at.y), classes))
                .unzip();
            out.push(Seen {
                sample: LineSample {
                    points,
                    cells,
                    target: 0.0,
                    result: record.outcome.result_for(me) as f32,
                    base: 0.0,
                },
                engine: evaluate(&pos),
                score: record.scores[ply - record.opening],
            });
        }
        pos.play(index_of(m));
    }
    out
}

/// The samples with their targets: `lambda` × the result + the rest × the searched score's
/// prediction at `scale`; with `residual`, the engine's evaluation as the network's base.
fn targets(mut seen: Vec<Seen>, scale: f64, lambda: f64, residual: bool) -> Vec<Seen> {
    for s in &mut seen {
        if residual {
            s.sample.base = (f64::from(s.engine) / scale) as f32;
        }
        let searched = sigmoid((f64::from(s.score) / scale) as f32);
        s.sample.target = (lambda as f32) * s.sample.result + (1.0 - lambda as f32) * searched;
    }
    seen
}

/// The engine's mean cross-entropy at `scale` against `lambda` × result + the rest × the
/// searched score's prediction at `score_scale`.
fn engine_loss(seen: &[Seen], scale: f64, lambda: f64, score_scale: f64) -> f64 {
    let total: f64 = seen
        .iter()
        .map(|s| {
            let p = sigmoid((f64::from(s.engine) / scale) as f32);
            let searched = sigmoid((f64::from(s.score) / score_scale) as f32);
            let t = (lambda as f32) * s.sample.result + (1.0 - lambda as f32) * searched;
            f64::from(cross_entropy(p, t))
        })
        .sum();
    total / seen.len().max(1) as f64
}
