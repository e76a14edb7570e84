//! `gomoku tune`: tunes the selective search's numbers against another engine by SPSA
//! ([`crate::spsa`]). Both sides search a fixed number of nodes a move, so a busy machine
//! changes no game; the two games of a step are played at once, each against its own copy of
//! the opponent. The state file is rewritten (atomically) after every step, so the run can be
//! stopped at any time and carried on with the same command.

use crate::cli::TuneArgs;
use crate::game_play::{play_game, points_for, GameEnd, TimeControl};
use crate::gendata::write_atomically;
use crate::player::{External, Internal, Player};
use crate::read_text;
use crate::spsa::{RunSettings, SpsaState, TUNABLES};
use gomoku::ai::SearchParams;
use gomoku::{Color, Level};

/// The turn time both sides are told: far more than their node budgets take (our Master also
/// stops at its own 5 s), so the nodes decide.
const TURN_MS: u64 = 10_000;

/// Runs the tuning for `--steps` steps (or until stopped), then prints where it stands.
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
    let mut brains = opponents(args)?;
    for _ in 0..args.steps {
        let directions = state.directions(args.seed);
        let opening = &openings[(state.iteration as usize / 2) % openings.len()];
        let ours = if state.iteration % 2 == 0 { Color::Black } else { Color::White };
        let sides = [state.pushed(&directions, 1.0), state.pushed(&directions, -1.0)];
        // The two copies of the opponent take turns with each side.
        let swap = state.iteration % 4 >= 2;
        if swap {
            brains.swap(0, 1);
        }
        let [plus, minus] = play_both(args, &sides, &mut brains, opening, ours);
        if swap {
            brains.swap(0, 1);
        }
        match (plus, minus) {
            (Some(plus), Some(minus)) => state.update(&directions, plus, minus, args.rate),
            _ => {
                eprintln!("tune: step {} left out: the opponent failed", state.iteration);
                brains = opponents(args)?;
                state.skip();
            }
        }
        write_atomically(&args.state, &state.to_text())?;
        if state.iteration % args.report_every == 0 {
            println!("{}", report(&state));
        }
    }
    println!("{}", report(&state));
    Ok(())
}

/// The two copies of the opponent, told their node budget.
fn opponents(args: &TuneArgs) -> Result<[External; 2], String> {
    let brain = || External::new(&args.opponent).map(|b| b.with_max_nodes(args.opponent_nodes));
    Ok([brain()?, brain()?])
}

/// Plays the step's two games at once: our engine with each side's numbers against its own
/// brain, from the same opening with the same colour. `None` where the brain forfeited (it
/// crashed, did not answer or played an illegal move): the step is then left out.
fn play_both(
    args: &TuneArgs,
    sides: &[SearchParams; 2],
    brains: &mut [External; 2],
    opening: &[(i32, i32)],
    ours: Color,
) -> [Option<f64>; 2] {
    let [first, second] = brains;
    std::thread::scope(|scope| {
        let games = [(sides[0], first), (sides[1], second)].map(|(params, brain)| {
            scope.spawn(move || play_one(args, params, brain, opening, ours))
        });
        games.map(|g| g.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
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

/// One line: the step, the score of each side so far, and the numbers now.
fn report(state: &SpsaState) -> String {
    let games = (state.pairs as f64).max(1.0);
    let numbers: Vec<String> =
        TUNABLES.iter().zip(&state.theta).map(|(t, v)| format!("{} {v:.1}", t.name)).collect();
    format!(
        "tune: step {} pairs {} plus {:.1} % minus {:.1} % | {}",
        state.iteration,
        state.pairs,
        100.0 * state.points[0] / games,
        100.0 * state.points[1] / games,
        numbers.join(", ")
    )
}
