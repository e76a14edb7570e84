//! `gomoku line-policy`: the policy head's first experiment (issue 59) — how well a policy over
//! line codes ([`crate::tuning::linepolicy`]) predicts the moves of held-out freestyle games,
//! against the engine's learned candidate order (`--baseline`, the embedded
//! `order-freestyle.txt`) on the same positions and candidates. Nothing is written; the numbers
//! go to `docs/strength-log.md` (the engine that used such a policy in its order is in the
//! history: commit 7b9ef2b, measured weaker).

use crate::cli::LinePolicyArgs;
use crate::read_text;
use crate::tuning::adam::Schedule;
use crate::tuning::data::{is_against_another_engine, our_colour, read_record_files};
use crate::tuning::linepolicy::{fit_policy, policy_scores, LinePolicy, PolicySample};
use crate::tuning::lines::LineCodes;
use crate::tuning::order::{cross_entropy, order_logits, top_k, visit_choices, Choice};
use gomoku::ai::linepolicy::LinePolicyNet;
use gomoku::ai::policy::PolicyWeights;
use gomoku::ai::Position;
use gomoku::board::pos_of;
use gomoku::board::Board;
use gomoku::{Color, Rule};

/// Every `VALIDATION`-th game is held out.
const VALIDATION: usize = 10;

/// The ranks the agreement is counted at.
const TOPS: [usize; 3] = [1, 3, 6];

/// Runs the experiment.
pub fn run_line_policy(args: &LinePolicyArgs) -> Result<(), String> {
    let baseline = PolicyWeights::parse(&read_text(&args.baseline)?)
        .map_err(|e| format!("{}: {e}", args.baseline.display()))?;
    let mut records = Vec::new();
    for path in args.data.split(',') {
        let (games, made) = read_record_files(path)?;
        let against = made.first().is_some_and(|line| is_against_another_engine(line));
        for (n, record) in games.into_iter().enumerate() {
            let colours = match (args.opponent_only, against) {
                (false, _) => Color::ALL.to_vec(),
                (true, true) => vec![!our_colour(n)],
                (true, false) => continue,
            };
            records.push((record, colours));
        }
    }
    records.truncate(args.games.unwrap_or(usize::MAX));
    let codes = LineCodes::new(args.reach);
    let (mut train, mut valid, mut valid_choices) = (Vec::new(), Vec::new(), Vec::new());
    let mut checks: Vec<Check> = Vec::new();
    for (n, (record, colours)) in records.iter().enumerate() {
        let held = n % VALIDATION == VALIDATION - 1;
        for &learn in colours {
            visit_choices(
                &record.moves,
                record.opening,
                learn,
                Rule::Freestyle,
                &mut |pos, choice, indices| {
                    let (points, cells) = points_read(&codes, pos, indices, args.conv);
                    let base = if args.residual {
                        order_logits(choice, &baseline).into_iter().map(|l| l as f32).collect()
                    } else {
                        Vec::new()
                    };
                    let candidates = indices.len();
                    let chosen = choice.chosen;
                    let sample = PolicySample { points, cells, candidates, chosen, base };
                    if held && checks.len() < CHECKS {
                        checks.push(Check {
                            board: pos.board().clone(),
                            me: pos.to_move(),
                            indices: indices.to_vec(),
                            sample: PolicySample { base: Vec::new(), ..sample.clone() },
                        });
                    }
                    if held {
                        valid.push(sample);
                        valid_choices.push(choice.clone());
                    } else {
                        train.push(sample);
                    }
                },
            );
        }
    }
    eprintln!(
        "line-policy: {} games, {} training and {} held-out choices, {} line classes",
        records.len(),
        train.len(),
        valid.len(),
        codes.classes()
    );
    eprintln!(
        "line-policy: the engine's order: held-out {}",
        baseline_line(&valid_choices, &baseline)
    );
    let mut policy = LinePolicy::new(codes.classes(), args.dims, args.seed);
    if args.conv {
        policy = policy.with_conv(args.seed);
    }
    let fit = Schedule {
        batch: args.batch,
        rate: args.rate,
        decay: args.decay,
        epochs: args.epochs,
        seed: args.seed,
        anneal: args.anneal,
    };
    fit_policy(&mut policy, &train, &fit, &mut |epoch, policy| {
        let (entropy, tops) = policy_scores(policy, &valid, &TOPS);
        let (train_entropy, _) = policy_scores(policy, &train[..train.len().min(20_000)], &[]);
        let last = scores_line(entropy, &tops);
        eprintln!(
            "line-policy: epoch {epoch}: held-out {last}, train cross-entropy {train_entropy:.4}"
        );
    });
    if let Some(path) = &args.out {
        let bytes = policy_bytes(&policy, args.reach, codes.classes())?;
        std::fs::write(path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        let worst = engine_disagreement(&policy, &bytes, &checks)?;
        eprintln!(
            "line-policy: wrote {} ({} bytes); the engine's logits differ from the lab's by at \
             most {worst:.2e} on {} held-out positions",
            path.display(),
            bytes.len(),
            checks.len()
        );
    }
    Ok(())
}

/// How many held-out positions check the engine's reading of the written policy.
const CHECKS: usize = 300;

/// A held-out position kept to check the engine's reading of the written policy.
struct Check {
    board: Board,
    me: Color,
    indices: Vec<usize>,
    sample: PolicySample,
}

/// The policy in the engine's format ([`LinePolicyNet::from_bytes`]).
fn policy_bytes(policy: &LinePolicy, reach: usize, classes: usize) -> Result<Vec<u8>, String> {
    let conv = policy.conv.as_ref().ok_or("--out needs --conv (the engine reads a convolution)")?;
    let mut bytes = b"GLP1".to_vec();
    for word in [reach, policy.dims, classes] {
        bytes.extend_from_slice(&(word as u32).to_le_bytes());
    }
    for block in [&policy.rows, &policy.bias, &conv.kernel, &conv.bias, &policy.out] {
        block.iter().for_each(|f| bytes.extend_from_slice(&f.to_le_bytes()));
    }
    Ok(bytes)
}

/// The largest difference between the engine's logits (read from `bytes`) and the lab's.
fn engine_disagreement(policy: &LinePolicy, bytes: &[u8], checks: &[Check]) -> Result<f32, String> {
    let net = LinePolicyNet::from_bytes(bytes)?;
    let mut worst = 0f32;
    let mut engine = Vec::new();
    for check in checks {
        net.logits(&check.board, check.me, &check.indices, &mut engine);
        let lab = policy.logits(&check.sample);
        worst = engine.iter().zip(&lab).map(|(a, b)| (a - b).abs()).fold(worst, f32::max);
    }
    Ok(worst)
}

/// The classes and places of the points a sample reads: the candidates (`indices`), then — for
/// a convolution (`context`) — the other empty points near the stones.
fn points_read(
    codes: &LineCodes,
    pos: &Position,
    indices: &[usize],
    context: bool,
) -> (Vec<[u32; 4]>, Vec<(u8, u8)>) {
    let me = pos.to_move();
    let mut points: Vec<[u32; 4]> =
        indices.iter().map(|&q| codes.classes_at(pos.board(), q, me)).collect();
    let mut cells: Vec<(u8, u8)> = indices
        .iter()
        .map(|&q| {
            let at = pos_of(q);
            (at.x, at.y)
        })
        .collect();
    if context {
        for (at, classes) in codes.located_points(pos.board(), me) {
            if !cells.contains(&(at.x, at.y)) {
                points.push(classes);
                cells.push((at.x, at.y));
            }
        }
    }
    (points, cells)
}

fn baseline_line(choices: &[Choice], weights: &PolicyWeights) -> String {
    scores_line(cross_entropy(choices, weights), &top_k(choices, weights, &TOPS))
}

fn scores_line(entropy: f64, tops: &[f64]) -> String {
    format!(
        "cross-entropy {entropy:.4}, top-1 {:.1} %, top-3 {:.1} %, top-6 {:.1} %",
        100.0 * tops[0],
        100.0 * tops[1],
        100.0 * tops[2]
    )
}
