//! `gomoku gen-data`: self-play games for fitting the evaluation, written as game records.
//!
//! Each game starts from a few random stones near the centre (so that games differ) and is then
//! played by Master with a fixed node budget per move, which makes every game a function of the
//! seed and the weights it plays with (`--weights hand|embedded|FILE`): the same command writes
//! the same file on any machine, however many threads.

use crate::option;
use gomoku::ai::weights::{self, RuleWeights, Weights};
use gomoku::ai::{Engine, Limits, Request, Score};
use gomoku::board::index_of;
use gomoku::tuning::data::{GameRecord, Outcome};
use gomoku::{Board, Color, Level, Pos, Rule};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Board size of the generated games.
const SIZE: u8 = 15;

/// What to generate.
struct Plan {
    rule: Rule,
    games: usize,
    nodes: u64,
    seed: u64,
}

/// `gomoku gen-data --rule R --games N --nodes N --seed S --threads T --out FILE`.
pub fn run_gen_data(args: &[String]) -> Result<(), String> {
    let plan = Plan {
        rule: option(args, "--rule").unwrap_or("freestyle").parse().map_err(|e| format!("{e}"))?,
        games: number(args, "--games", 2000)? as usize,
        nodes: number(args, "--nodes", 8000)?,
        seed: number(args, "--seed", 1)?,
    };
    let threads = number(args, "--threads", 2)?.max(1) as usize;
    let weights = option(args, "--weights").unwrap_or("embedded");
    install_weights(plan.rule, weights)?;
    let out = option(args, "--out").ok_or("gen-data needs --out FILE")?;
    let records = generate(&plan, threads);
    let mut text = format!(
        "# gomoku gen-data --rule {} --games {} --nodes {} --seed {} --weights {weights}\n",
        plan.rule, plan.games, plan.nodes, plan.seed
    );
    for record in &records {
        text.push_str(&record.to_line());
        text.push('\n');
    }
    write_atomically(out, &text)
}

/// Plays with the hand-set weights (`hand`), the embedded ones (`embedded`) or a weights file.
fn install_weights(rule: Rule, which: &str) -> Result<(), String> {
    let weights = match which {
        "embedded" => return Ok(()),
        "hand" => RuleWeights { sets: [Weights::hand(), Weights::hand()] },
        path => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            RuleWeights::parse(&text)?
        }
    };
    weights::install(rule, weights)
}

/// A numeric option with a default.
fn number(args: &[String], name: &str, default: u64) -> Result<u64, String> {
    option(args, name).map_or(Ok(default), |v| v.parse().map_err(|_| format!("bad {name} {v:?}")))
}

/// Writes `text` to `path` through a temporary file and a rename.
pub fn write_atomically(path: &str, text: &str) -> Result<(), String> {
    let temporary = format!("{path}.tmp");
    std::fs::write(&temporary, text).map_err(|e| format!("{temporary}: {e}"))?;
    std::fs::rename(&temporary, path).map_err(|e| format!("{path}: {e}"))
}

/// Plays the plan's games on `threads` threads; the records come back in game order.
fn generate(plan: &Plan, threads: usize) -> Vec<GameRecord> {
    let next = AtomicUsize::new(0);
    let done = Mutex::new(vec![None; plan.games]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                if n >= plan.games {
                    break;
                }
                let record = play_one(plan, n);
                let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
                done[n] = Some(record);
                let finished = done.iter().filter(|r| r.is_some()).count();
                if finished % 100 == 0 {
                    eprintln!("gen-data: {finished}/{} games", plan.games);
                }
            });
        }
    });
    let done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.into_iter().flatten().collect()
}

/// Game `n` of the plan: a random opening, then Master against itself.
fn play_one(plan: &Plan, n: usize) -> GameRecord {
    let game_seed = plan.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ n as u64;
    let mut rng = SmallRng::seed_from_u64(game_seed);
    let mut engine = Engine::new(4, game_seed);
    let (mut board, mut moves) = balanced_opening(plan.rule, &mut rng, &mut engine);
    let opening = moves.len();
    let limits = Limits { nodes: Some(plan.nodes), ..Limits::default() };
    let stop = AtomicBool::new(false);
    let mut scores = Vec::new();
    let mut outcome = Outcome::Draw;
    while !board.is_full() {
        let to_move = Color::at_ply(moves.len());
        let request =
            Request { board: &board, rule: plan.rule, to_move, level: Level::Master, limits };
        let Some(decision) = engine.think(&request, &stop, &mut |_| {}) else { break };
        scores.push(score_value(decision.analysis.score));
        board.place(decision.best, to_move);
        moves.push(decision.best);
        if plan.rule.wins_at(&board, index_of(decision.best), to_move) {
            outcome = Outcome::Won(to_move);
            break;
        }
    }
    GameRecord { outcome, opening, moves, scores }
}

/// A random opening that a short search judges near even (within [`BALANCE`] for the side to
/// move); after [`OPENING_TRIES`] tries the last one drawn is taken as it is.
fn balanced_opening(rule: Rule, rng: &mut SmallRng, engine: &mut Engine) -> (Board, Vec<Pos>) {
    let stop = AtomicBool::new(false);
    let limits = Limits { nodes: Some(OPENING_NODES), ..Limits::default() };
    let mut tries = 0;
    loop {
        let mut board = Board::new(u32::from(SIZE)).expect("15 is a legal size");
        let moves = random_opening(rng, &mut board);
        tries += 1;
        let to_move = Color::at_ply(moves.len());
        let request = Request { board: &board, rule, to_move, level: Level::Master, limits };
        let even = engine
            .think(&request, &stop, &mut |_| {})
            .is_some_and(|d| matches!(d.analysis.score, Score::Eval(v) if v.abs() <= BALANCE));
        if even || tries == OPENING_TRIES {
            engine.clear_hash();
            return (board, moves);
        }
    }
}

/// How far from even (evaluation units) an opening may be judged.
const BALANCE: i32 = 250;
/// Nodes of the search that judges an opening.
const OPENING_NODES: u64 = 3000;
/// Openings drawn at most per game.
const OPENING_TRIES: usize = 30;

/// Two to five stones (black first) on distinct points within three steps of the centre.
fn random_opening(rng: &mut SmallRng, board: &mut Board) -> Vec<Pos> {
    let count = rng.random_range(2..=5);
    let centre = i32::from(SIZE / 2);
    let mut moves = Vec::with_capacity(count);
    while moves.len() < count {
        let x = centre + rng.random_range(-3..=3);
        let y = centre + rng.random_range(-3..=3);
        let p = Pos::new(x as u8, y as u8);
        if board.stone(p).is_none() {
            board.place(p, Color::at_ply(moves.len()));
            moves.push(p);
        }
    }
    moves
}

/// A search score as one number for the side to move (mates as ±20 000).
fn score_value(score: Score) -> i32 {
    match score {
        Score::Eval(v) => v.clamp(-20_000, 20_000),
        Score::WinIn(_) => 20_000,
        Score::LossIn(_) => -20_000,
    }
}
