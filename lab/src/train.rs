//! `gomoku train`: fits the evaluation's weights to `gomoku gen-data` records and writes the
//! weights file the engine embeds (`src/ai/weights/<rule>.txt`).

use crate::cli::TrainArgs;
use crate::gendata::{read_weights, write_atomically};
use crate::read_text;
use crate::tuning::comparison::{
    choice_samples_of, choice_scores, fit_net_with_choices, fit_temperature, ChoiceOptions,
    ChoiceSample,
};
use crate::tuning::data::{is_against_another_engine, our_colour, read_record_files};
use crate::tuning::features::{samples_of, weight_vector, Layout, Sample};
use crate::tuning::fit::{fit, fit_scale, fit_score_scale, loss, sigmoid, Options, DECIDED};
use crate::tuning::net::{fit_net, net_loss, net_spread, Net, NetOptions};
use gomoku::ai::net::NetTable;
use gomoku::ai::weights::{RuleWeights, Weights, COMBOS};
use gomoku::{Color, Rule};
use std::path::Path;

/// Fits a network of `hidden` units over the linear weights `prior` and reports its held-out
/// losses (against the results and against the fit's own target) as it goes.
#[allow(clippy::too_many_arguments)]
fn run_net(
    train: &[Sample],
    valid: &[Sample],
    prior: &[f64],
    hidden: usize,
    start: Option<&Path>,
    options: &Options,
    net_options: &NetOptions,
    choices: Option<&Choices>,
) -> Result<Net, String> {
    let on_results = Options { lambda: 1.0, ..*options };
    let mut net = match start {
        Some(path) => Net::of_table(prior, &NetTable::parse(&read_text(path)?)?)?,
        None => Net::start(prior, hidden, 1),
    };
    if let Some(choices) = choices {
        return run_net_with_choices(train, valid, prior, net, options, net_options, choices);
    }
    let report = |epoch: usize, net: &Net| {
        let (rms, median) = net_spread(valid, net);
        eprintln!(
            "net: epoch {epoch}: held-out loss {:.5} (results) {:.5} (target), train {:.5}; \
             values' spread {rms:.0} (root mean square), {median:.0} (median size)",
            net_loss(valid, net, &on_results),
            net_loss(valid, net, options),
            net_loss(&train[..train.len().min(20_000)], net, options),
        )
    };
    let entropy: f64 = valid
        .iter()
        .map(|s| {
            let t = sigmoid(f64::from(s.score) / options.scale).clamp(1e-9, 1.0 - 1e-9);
            -(t * t.ln() + (1.0 - t) * (1.0 - t).ln())
        })
        .sum::<f64>()
        / valid.len().max(1) as f64;
    eprintln!("net: the held-out targets' own entropy (the least loss against them) {entropy:.5}");
    report(0, &net);
    fit_net(train, &mut net, prior, options, net_options, 7, &mut |epoch, net| {
        if epoch % 5 == 0 {
            report(epoch, net)
        }
    });
    Ok(net)
}

/// The choices of comparison training ([`crate::tuning::comparison`]).
struct Choices {
    train: Vec<ChoiceSample>,
    valid: Vec<ChoiceSample>,
    weight: f64,
    temperature: Option<f64>,
}

/// The other engine's choices in the games of `files` (`--own-choices`: our engine's), every
/// `VALIDATION`-th game held out.
fn read_choices(
    files: &str,
    rule: Rule,
    layout: Layout,
    args: &TrainArgs,
) -> Result<Choices, String> {
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for path in files.split(',') {
        let (games, made) = read_record_files(path)?;
        if !made.first().is_some_and(|line| is_against_another_engine(line)) {
            return Err(format!("{path}: not games against another engine (--opponent)"));
        }
        for (n, record) in games.iter().enumerate() {
            let learn = if args.own_choices { our_colour(n) } else { !our_colour(n) };
            let samples = choice_samples_of(&record.moves, record.opening, learn, rule, layout);
            if n % VALIDATION == VALIDATION - 1 {
                valid.extend(samples)
            } else {
                train.extend(samples)
            }
        }
    }
    eprintln!("train: {} training and {} held-out choices", train.len(), valid.len());
    Ok(Choices { train, valid, weight: args.choice_weight, temperature: args.choice_temperature })
}

/// [`run_net`] with the choices' loss added, reporting both held out after every pass.
fn run_net_with_choices(
    train: &[Sample],
    valid: &[Sample],
    prior: &[f64],
    mut net: Net,
    options: &Options,
    net_options: &NetOptions,
    choices: &Choices,
) -> Result<Net, String> {
    let on_results = Options { lambda: 1.0, ..*options };
    let temperature = choices.temperature.unwrap_or_else(|| fit_temperature(&choices.train, &net));
    let report = |epoch: usize, net: &Net| {
        let (entropy, first) = choice_scores(&choices.valid, net, temperature);
        eprintln!(
            "net: epoch {epoch}: held-out loss {:.5} (results) {:.5} (target); choices: \
             cross-entropy {entropy:.4}, chosen first {:.1} % (temperature {temperature:.1})",
            net_loss(valid, net, &on_results),
            net_loss(valid, net, options),
            100.0 * first,
        )
    };
    report(0, &net);
    let choice = ChoiceOptions { weight: choices.weight, temperature };
    fit_net_with_choices(
        train,
        &choices.train,
        &mut net,
        prior,
        options,
        net_options,
        &choice,
        7,
        &mut |epoch, net| report(epoch, net),
    );
    Ok(net)
}

/// Every `VALIDATION`-th game is held out to measure the fit.
const VALIDATION: usize = 10;

/// `gomoku train --data FILE[,FILE…] --out FILE [--rule R] [--epochs N] [--lambda L] [--reg R]
/// [--rate R] [--prior hand|FILE] [--scale S] [--score-scale S|fit]`: several data files are read
/// as one list of games, in the order given; the fit starts from (and is pulled towards) the
/// prior weights, the hand-set ones unless a weights file is named; the scale (evaluation units
/// per unit of log-odds) is fitted to the prior on the data unless given. `--score-scale` says
/// the recorded scores are on another scale (another engine's, as `relabel --judge` writes
/// them; `fit`: the one under which they predict the results best) and converts them to ours.
pub fn run_train(args: &TrainArgs, command_line: &str) -> Result<(), String> {
    let rule = args.rule;
    let data = args.data.as_str();
    let out = args.out.as_path();
    let (records, made) = read_record_files(data)?;
    if args.pairs && args.rate != 0.0 {
        return Err("--pairs holds the linear weights: give --rate 0".into());
    }
    let layout = Layout { pairs: args.pairs, ..Layout::of(rule) };
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (n, record) in records.iter().enumerate() {
        let samples = samples_of(record, rule, layout);
        if n % VALIDATION == VALIDATION - 1 {
            valid.extend(samples)
        } else {
            train.extend(samples)
        }
    }
    let prior = prior_vector(layout, &args.prior)?;
    let scale = args.scale.unwrap_or_else(|| fit_scale(&train, &prior));
    if let Some(which) = args.score_scale.as_deref() {
        let from = match which {
            "fit" => fit_score_scale(&train),
            v => v
                .parse()
                .ok()
                .filter(|s: &f64| *s > 0.0 && s.is_finite())
                .ok_or(format!("bad --score-scale {v:?} (a positive number or fit)"))?,
        };
        eprintln!(
            "train: recorded scores at {from:.1} units per unit of log-odds, now at {scale:.1}"
        );
        rescale_scores(&mut train, from, scale);
        rescale_scores(&mut valid, from, scale);
    }
    let options =
        Options { scale, lambda: args.lambda, reg: args.reg, epochs: args.epochs, rate: args.rate };
    let on_results = Options { lambda: 1.0, ..options };
    if let (Some(hidden), Some(net_out)) = (args.hidden, args.net_out.as_deref()) {
        let net_options = NetOptions {
            batch: args.batch,
            input_rate: args.input_rate,
            decay: args.decay,
            output_rate: args.output_rate.unwrap_or(options.rate),
            anneal: args.anneal,
        };
        let start = args.net_start.as_deref();
        let choices = match args.choices.as_deref() {
            Some(files) => Some(read_choices(files, rule, layout, args)?),
            None => None,
        };
        let net = run_net(
            &train,
            &valid,
            &prior,
            hidden,
            start,
            &options,
            &net_options,
            choices.as_ref(),
        )?;
        let made = made.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(" and ");
        let header = format!(
            "Fitted by `gomoku train {}`\non {data}, made by {made}.\n{} training and {} held-out \
             positions; held-out cross-entropy against the results: linear alone {:.5}, with the \
             network {:.5}; against the target: {:.5}, {:.5}.",
            command_line,
            train.len(),
            valid.len(),
            loss(&valid, &prior, &on_results),
            net_loss(&valid, &net, &on_results),
            loss(&valid, &prior, &options),
            net_loss(&valid, &net, &options),
        );
        write_atomically(net_out, &net.to_text(&header)?)?;
        let weights = rule_weights_of(&net.linear, layout);
        return write_atomically(out, &weights.to_text(&header));
    }
    let before = loss(&valid, &prior, &on_results);
    eprintln!(
        "train: {} games, {} positions ({} held out), scale {scale:.1}, held-out loss {before:.5}",
        records.len(),
        train.len() + valid.len(),
        valid.len()
    );
    let fitted = fit(&train, &prior, &options, &mut |epoch, w| {
        if epoch % 50 == 0 {
            eprintln!("train: epoch {epoch}: held-out loss {:.5}", loss(&valid, w, &on_results));
        }
    });
    let after = loss(&valid, &fitted, &on_results);
    let header = header(data, &made, command_line, &train, &valid, scale, before, after);
    let weights = rule_weights_of(&fitted, layout);
    write_atomically(out, &weights.to_text(&header))?;
    eprintln!("train: held-out loss {before:.5} -> {after:.5}; wrote {}", out.display());
    Ok(())
}

/// The file's comment: the data files' own first lines, the command, and the fit's numbers.
#[allow(clippy::too_many_arguments)]
fn header(
    data: &str,
    made: &[String],
    command_line: &str,
    train: &[Sample],
    valid: &[Sample],
    scale: f64,
    before: f64,
    after: f64,
) -> String {
    let made = made.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(" and ");
    format!(
        "Fitted by `gomoku train {}`\non {data}, made by {made}.\n{} training and {} held-out \
         positions (every {VALIDATION}th game held out); scale {scale:.1} evaluation units per \
         unit of log-odds;\nheld-out cross-entropy against the results: prior values {before:.5}, \
         these {after:.5}.",
        command_line,
        train.len(),
        valid.len()
    )
}

/// The prior weights (`hand` or a weights file) as one vector in `layout`.
fn prior_vector(layout: Layout, which: &str) -> Result<Vec<f64>, String> {
    Ok(weight_vector(&read_weights(which)?, layout))
}

/// Fitted weights, rounded, as the engine's weights of both colours.
fn rule_weights_of(w: &[f64], layout: Layout) -> RuleWeights {
    let round = |x: f64| x.round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16;
    let set = |color: Color| {
        let base = layout.base(color);
        Weights {
            mover: (0..COMBOS).map(|k| round(w[base + k])).collect(),
            waiter: (0..COMBOS).map(|k| round(w[base + COMBOS + k])).collect(),
            threats: std::array::from_fn(|j| w[base + 2 * COMBOS + j].round() as i32),
        }
    };
    RuleWeights { sets: [set(Color::Black), set(Color::White)] }
}

/// Converts the samples' scores from `from` units per unit of log-odds to `to`; mates keep theirs.
fn rescale_scores(samples: &mut [Sample], from: f64, to: f64) {
    for sample in samples.iter_mut().filter(|s| s.score.abs() < DECIDED) {
        sample.score = (f64::from(sample.score) * to / from) as f32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_converted_to_our_scale_and_decided_ones_are_kept() {
        let sample = |score| Sample { features: vec![], result: 1.0, score };
        let mut samples = vec![sample(100.0), sample(-250.0), sample(20_000.0), sample(-29_990.0)];
        rescale_scores(&mut samples, 200.0, 1_000.0);
        let scores: Vec<f32> = samples.iter().map(|s| s.score).collect();
        assert_eq!(scores, [500.0, -1_250.0, 20_000.0, -29_990.0]);
    }
}
