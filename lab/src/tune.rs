//! `gomoku tune`: tunes the selective search's numbers against another engine by SPSA
//! ([`crate::spsa`]). Both sides search a fixed number of nodes a move, so a busy machine
//! changes no game. Workers (one a core) play steps side by side, each against its own copy of
//! the opponent, so no core waits for another's game to end. The state file is rewritten
//! (atomically) after every step, so the run can be stopped at any time and carried on with the
//! same command.

use crate::cli::TuneArgs;
use crate::game_play::{play_game, points_for, GameEnd, TimeControl};
use crate::gendata::write_atomically;
use crate::player::{External, Internal, Player};
use crate::read_text;
use crate::spsa::{RunSettings, SpsaState, Step, TUNABLES};
use gomoku::ai::SearchParams;
use gomoku::{Color, Level};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// The turn time both sides are told: far more than their node budgets take (our Master also
/// stops at its own 5 s), so the nodes decide.
const TURN_MS: u64 = 10_000;

/// What the workers share: the run, where it is kept, and the step to stop before.
struct Run<'a> {
    args: &'a TuneArgs,
    openings: &'a [Vec<(i32, i32)>],
    state: Mutex<SpsaState>,
    last_step: u64,
    /// Set when a worker fails: the others stop after their step.
    failed: AtomicBool,
}

/// Runs the tuning for `--steps` more steps (or until stopped), then prints where it stands.
pub fn run_tune(args: &TuneArgs) -> Result<(), String> {
    let openings = crate::book(&args.openings, None)?;
    if openings.is_empty() {
        return Err(format!("{}: no openings", args.openings.display()));
    }
    let mut state = if args.state.exists() {
        SpsaState::from_text(&read_text(&args.state)?)?
    } else {
        SpsaState::default()
    };
    let settings = RunSettings {
        nodes: args.nodes,
        opponent_nodes: args.opponent_nodes,
        rate: args.rate,
        seed: args.seed,
    };
    state.go_on_with(settings).map_err(|e| format!("{}: {e}", args.state.display()))?;
    let run = Run {
        args,
        openings: &openings,
        last_step: state.iteration + args.steps,
        state: Mutex::new(state),
        failed: AtomicBool::new(false),
    };
    let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..args.workers).map(|_| scope.spawn(|| work(&run))).collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    });
    println!("{}", report(&lock(&run.state)));
    results.into_iter().collect()
}

/// One worker: steps until the run's last one is handed out (or another worker failed).
fn work(run: &Run<'_>) -> Result<(), String> {
    let result = work_steps(run);
    if result.is_err() {
        run.failed.store(true, Ordering::Relaxed);
    }
    result
}

fn work_steps(run: &Run<'_>) -> Result<(), String> {
    let args = run.args;
    let mut brain = opponent(args)?;
    loop {
        let step = {
            let mut state = lock(&run.state);
            if state.iteration >= run.last_step || run.failed.load(Ordering::Relaxed) {
                return Ok(());
            }
            state.begin(args.seed)
        };
        let points = play_step(args, &step, &mut brain, run.openings);
        let mut state = lock(&run.state);
        match points {
            Some([plus, minus]) => state.finish(&step, plus, minus, args.rate),
            None => {
                eprintln!("tune: step {} left out: the opponent failed", step.iteration);
                brain = opponent(args)?;
            }
        }
        write_atomically(&args.state, &state.to_text())?;
        if points.is_some() && state.pairs % args.report_every == 0 {
            println!("{}", report(&state));
        }
    }
}

/// The run's state, even if a worker panicked while holding it (its step is then lost, the
/// state itself is whole: it changes only in `begin` and `finish`).
fn lock<'s>(state: &'s Mutex<SpsaState>) -> std::sync::MutexGuard<'s, SpsaState> {
    state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The opponent, told its node budget.
fn opponent(args: &TuneArgs) -> Result<External, String> {
    External::new(&args.opponent).map(|b| b.with_max_nodes(args.opponent_nodes))
}

/// Plays a step's two games against `brain`, one after the other: our engine with each side's
/// numbers, from the step's opening with the step's colour (the book's openings in order, each
/// with both colours on consecutive steps). Which side plays first alternates every other
/// opening, so that whatever the brain keeps from one game to the next favours neither side.
/// `None` where the brain forfeited (it crashed, did not answer or played an illegal move).
fn play_step(
    args: &TuneArgs,
    step: &Step,
    brain: &mut External,
    openings: &[Vec<(i32, i32)>],
) -> Option<[f64; 2]> {
    let opening = &openings[(step.iteration as usize / 2) % openings.len()];
    let ours = if step.iteration % 2 == 0 { Color::Black } else { Color::White };
    let order = if step.iteration % 4 >= 2 { [1, 0] } else { [0, 1] };
    let mut points = [0.0; 2];
    for side in order {
        points[side] = play_one(args, step.sides[side], brain, opening, ours)?;
    }
    Some(points)
}

/// One game of our engine (`params`, `--nodes` a move) against `brain`; our points, or `None`
/// if the brain failed.
fn play_one(
    args: &TuneArgs,
    params: SearchParams,
    brain: &mut External,
    opening: &[(i32, i32)],
    ours: Color,
) -> Option<f64> {
    let mut engine = Internal::new(Level::Master, args.seed, None)
        .with_nodes(args.nodes)
        .with_search_params(params);
    let clock = TimeControl { move_ms: TURN_MS, match_ms: 0 };
    let (black, white): (&mut dyn Player, &mut dyn Player) = match ours {
        Color::Black => (&mut engine, brain),
        Color::White => (brain, &mut engine),
    };
    let (end, _) = play_game(black, white, opening, 15, args.rule, clock);
    match end {
        GameEnd::Forfeit(c) | GameEnd::Timeout(c) if c != ours => None,
        end => Some(points_for(end, ours)),
    }
}

/// One line: the step, the score of each side so far, and the numbers now — each with its
/// drift from the engine's numbers in units of what chance alone would give, where known.
fn report(state: &SpsaState) -> String {
    let games = (state.pairs as f64).max(1.0);
    let rate = state.settings.map_or(0.0, |s| s.rate);
    let noise = state.noise_in_steps(rate).filter(|&n| n > 0.0);
    let start = SpsaState::default().theta;
    let numbers: Vec<String> = TUNABLES
        .iter()
        .zip(state.theta.iter().zip(start))
        .map(|(t, (v, from))| match noise {
            Some(n) => format!("{} {v:.1} ({:+.1}σ)", t.name, (v - from) / t.step / n),
            None => format!("{} {v:.1}", t.name),
        })
        .collect();
    let noise = noise.map_or(String::new(), |n| format!(" | chance ±{n:.2} steps"));
    format!(
        "tune: step {} pairs {} plus {:.1} % minus {:.1} %{noise} | {}",
        state.iteration,
        state.pairs,
        100.0 * state.points[0] / games,
        100.0 * state.points[1] / games,
        numbers.join(", ")
    )
}
