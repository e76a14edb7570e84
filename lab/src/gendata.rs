//! `gomoku gen-data`: self-play games for fitting the evaluation, written as game records.
//!
//! Each game starts from a few random stones near the centre (so that games differ) and is then
//! played by Master with a fixed node budget per move, which makes every game a function of the
//! seed and the weights it plays with (`--weights hand|embedded|FILE`, and `--net
//! embedded|none|FILE` for the network on top: the embedded one with the embedded weights,
//! none with others, unless named): the same command writes
//! the same file on any machine, however many threads.
//!
//! With `--opponent CMD --opponent-time MS` the games are matches instead: Master (still at the
//! fixed node budget, and still searching every position for its recorded score) against an
//! external Gomocup brain given `MS` a move, our engine black in even games and white in odd
//! ones. The brain's moves depend on its clock, so such a file is not reproducible move for move.
//! With `--opponent-both` as well, the brain plays both colours (games between equals, whose
//! results say who stood better rather than who is stronger); Master still scores every position.

use crate::cli::{GenDataArgs, WeightsArgs};
use crate::player::{External, Player};
use crate::tuning::data::{our_colour, GameRecord, Outcome};
use gomoku::ai::net::NetTable;
use gomoku::ai::weights::{RuleWeights, Weights};
use gomoku::ai::{Engine, Evaluation, Limits, Request, Score};
use gomoku::board::index_of;
use gomoku::{Board, Color, Level, Pos, Rule};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Board size of the generated games.
pub const SIZE: u8 = crate::tuning::data::TRAINING_SIZE;

/// What to generate.
struct Plan {
    rule: Rule,
    games: usize,
    nodes: u64,
    seed: u64,
    /// An external brain to play against, and its time a move.
    opponent: Option<(String, u64)>,
    /// Whether that brain plays both colours (Master only scores the positions).
    opponent_both: bool,
    /// The evaluation Master plays with.
    evaluation: Evaluation,
}

/// `gomoku gen-data --rule R --games N --nodes N --seed S --threads T --out FILE`.
pub fn run_gen_data(args: &GenDataArgs) -> Result<(), String> {
    let plan = Plan {
        rule: args.rule,
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        opponent: args.opponent.as_ref().map(|command| (command.clone(), args.opponent_time)),
        opponent_both: args.opponent_both,
        evaluation: evaluation_of(args.rule, &args.weights)?,
    };
    let threads = args.threads.max(1);
    let weights = &args.weights.weights;
    let out = &args.out;
    let against = match &plan.opponent {
        Some((command, ms)) => format!(" --opponent {command:?} --opponent-time {ms}"),
        None => String::new(),
    } + if plan.opponent_both { " --opponent-both" } else { "" }
        + &args.weights.net.as_ref().map(|n| format!(" --net {n}")).unwrap_or_default();
    let header = format!(
        "# gomoku gen-data --rule {} --games {} --nodes {} --seed {} --weights {weights}{against}\n",
        plan.rule, plan.games, plan.nodes, plan.seed
    );
    let out = out.display().to_string();
    let mut sink =
        if args.resume { Sink::resume(&out, &header)? } else { Sink::create(&out, &header)? };
    generate(&plan, threads, &mut sink)?;
    sink.finish()
}

/// Where the records go as the games end: appended in game order to `OUT.partial` (so a long
/// run's finished games are on disk), which becomes `OUT` once every game is written.
pub struct Sink {
    out: String,
    partial: String,
    file: std::io::BufWriter<std::fs::File>,
    /// Finished games not yet written because an earlier game is still being played.
    waiting: std::collections::BTreeMap<usize, Option<GameRecord>>,
    next_to_write: usize,
}

impl Sink {
    /// A sink writing to `OUT.partial` (after `header`), renamed to `out` by [`Sink::finish`].
    pub fn create(out: &str, header: &str) -> Result<Sink, String> {
        let partial = format!("{out}.partial");
        let file = std::fs::File::create(&partial).map_err(|e| format!("{partial}: {e}"))?;
        let mut sink = Sink {
            out: out.to_string(),
            partial,
            file: std::io::BufWriter::new(file),
            waiting: Default::default(),
            next_to_write: 0,
        };
        sink.write(header)?;
        Ok(sink)
    }

    /// A sink carrying on `OUT.partial` as an earlier run with the same `header` left it: its
    /// complete lines are kept (one game each), a torn last line is cut, and the next game to
    /// write is the first one missing. Only for runs that leave no game out (self-play).
    pub fn resume(out: &str, header: &str) -> Result<Sink, String> {
        let partial = format!("{out}.partial");
        let text = std::fs::read_to_string(&partial).map_err(|e| format!("{partial}: {e}"))?;
        let complete = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
        if complete.lines().next() != Some(header.trim_end()) {
            return Err(format!("{partial} was not written by this command ({})", header.trim()));
        }
        let games = complete.lines().count() - 1;
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(&partial)
            .map_err(|e| format!("{partial}: {e}"))?;
        file.set_len(complete.len() as u64).map_err(|e| format!("{partial}: {e}"))?;
        let mut file = std::io::BufWriter::new(file);
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0)).map_err(|e| format!("{partial}: {e}"))?;
        eprintln!("resuming {partial} after {games} games");
        Ok(Sink {
            out: out.to_string(),
            partial,
            file,
            waiting: Default::default(),
            next_to_write: games,
        })
    }

    fn write(&mut self, text: &str) -> Result<(), String> {
        self.file.write_all(text.as_bytes()).map_err(|e| format!("{}: {e}", self.partial))
    }

    /// Takes game `n`'s record and writes every record now due, in game order.
    /// `None`: game `n` was abandoned (its opponent failed) and is left out.
    fn add(&mut self, n: usize, record: Option<GameRecord>) -> Result<(), String> {
        self.waiting.insert(n, record);
        while let Some(record) = self.waiting.remove(&self.next_to_write) {
            if let Some(record) = record {
                self.write(&(record.to_line() + "\n"))?;
            }
            self.next_to_write += 1;
        }
        self.file.flush().map_err(|e| format!("{}: {e}", self.partial))
    }

    /// How many games it has taken (written or waiting).
    fn received(&self) -> usize {
        self.next_to_write + self.waiting.len()
    }

    /// Makes records `first..count` (`first`: the games already written) on `threads` threads, each thread with its own state from
    /// `start`, and takes each as it is made (`make` returns `None` for a game left out).
    /// Reports progress every 100 games as `what: done/count games`; the first write error
    /// stops the writing and is returned.
    pub fn fill<S>(
        &mut self,
        what: &str,
        count: usize,
        threads: usize,
        start: impl Fn() -> S + Sync,
        make: impl Fn(&mut S, usize) -> Option<GameRecord> + Sync,
    ) -> Result<(), String> {
        let next = AtomicUsize::new(self.next_to_write);
        let shared = Mutex::new((self, Ok(())));
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut state = start();
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= count {
                            break;
                        }
                        let record = make(&mut state, n);
                        let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                        let (sink, status) = &mut *guard;
                        if status.is_ok() {
                            *status = sink.add(n, record);
                        }
                        if sink.received() % 100 == 0 {
                            eprintln!("{what}: {}/{count} games", sink.received());
                        }
                    }
                });
            }
        });
        shared.into_inner().unwrap_or_else(|e| e.into_inner()).1
    }

    /// Makes the finished file `OUT` (synced, then renamed over any old one).
    pub fn finish(self) -> Result<(), String> {
        let file = self.file.into_inner().map_err(|e| format!("{}: {e}", self.partial))?;
        file.sync_all().map_err(|e| format!("{}: {e}", self.partial))?;
        std::fs::rename(&self.partial, &self.out).map_err(|e| format!("{}: {e}", self.out))
    }
}

/// The evaluation to play `rule` with: the hand-set weights (`hand`), the embedded ones
/// (`embedded`) or a weights file's.
///
/// The network on top of them (the rule's own) is the embedded one with the embedded weights
/// and none with others, unless `--net` names one: `embedded`, `none` or a network file.
pub fn evaluation_of(rule: Rule, args: &WeightsArgs) -> Result<Evaluation, String> {
    let which = args.weights.as_str();
    let mut evaluation = Evaluation::embedded();
    if which != "embedded" {
        evaluation = evaluation.with_weights(rule, &read_weights(which)?);
    }
    let net = args.net.as_deref().unwrap_or(if which == "embedded" { "embedded" } else { "none" });
    Ok(match net {
        "embedded" => evaluation,
        "none" => evaluation.with_network(rule, None),
        path => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let table = NetTable::parse(&text).map_err(|e| format!("{path}: {e}"))?;
            evaluation.with_network(rule, Some(table))
        }
    })
}

/// The hand-set weights (`hand`) or those of a weights file, for both colours.
pub fn read_weights(which: &str) -> Result<RuleWeights, String> {
    match which {
        "hand" => Ok(RuleWeights { sets: [Weights::hand(), Weights::hand()] }),
        path => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            RuleWeights::parse(&text)
        }
    }
}

/// Writes `text` to `path` through a temporary file and a rename.
pub fn write_atomically(path: &std::path::Path, text: &str) -> Result<(), String> {
    let temporary = path.with_extension("tmp");
    let shown = |p: &std::path::Path| p.display().to_string();
    std::fs::write(&temporary, text).map_err(|e| format!("{}: {e}", shown(&temporary)))?;
    std::fs::rename(&temporary, path).map_err(|e| format!("{}: {e}", shown(path)))
}

/// Plays the plan's games on `threads` threads, handing each record to `sink` as it ends.
fn generate(plan: &Plan, threads: usize, sink: &mut Sink) -> Result<(), String> {
    let fresh = || plan.opponent.as_ref().and_then(|(command, _)| External::new(command).ok());
    sink.fill("gen-data", plan.games, threads, fresh, |opponent, n| {
        match play_one(plan, n, opponent.as_mut()) {
            Ok(record) => Some(record),
            Err(message) => {
                eprintln!("gen-data: game {n} left out: {message}");
                *opponent = fresh();
                None
            }
        }
    })
}

/// Game `n` of the plan: a random opening, then Master against itself (or the opponent).
fn play_one(
    plan: &Plan,
    n: usize,
    mut opponent: Option<&mut External>,
) -> Result<GameRecord, String> {
    if plan.opponent.is_some() && opponent.is_none() {
        return Err("the brain's client could not be made".into());
    }
    let game_seed = plan.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ n as u64;
    let mut rng = SmallRng::seed_from_u64(game_seed);
    let mut engine = Engine::with_evaluation(4, game_seed, plan.evaluation.clone());
    let (mut board, mut moves) = balanced_opening(plan.rule, &mut rng, &mut engine);
    let opening = moves.len();
    let limits = Limits { nodes: Some(plan.nodes), ..Limits::default() };
    let stop = AtomicBool::new(false);
    let mut scores = Vec::new();
    let mut outcome = Outcome::Draw;
    let ours = our_colour(n);
    if let (Some(brain), Some((_, ms))) = (opponent.as_deref_mut(), &plan.opponent) {
        brain.new_game(SIZE, plan.rule, *ms, 0)?;
    }
    while !board.is_full() {
        let to_move = Color::at_ply(moves.len());
        let request =
            Request { board: &board, rule: plan.rule, to_move, level: Level::Master, limits };
        let Some(decision) = engine.think(&request, &stop, &mut |_| {}) else { break };
        scores.push(score_value(decision.analysis.score));
        let best = match opponent.as_deref_mut() {
            Some(brain) if to_move != ours || plan.opponent_both => {
                brain_move(brain, &board, &moves, to_move)?
            }
            _ => decision.best,
        };
        board.place(best, to_move);
        moves.push(best);
        if plan.rule.wins_at(&board, index_of(best), to_move) {
            outcome = Outcome::Won(to_move);
            break;
        }
    }
    Ok(GameRecord { outcome, opening, moves, scores })
}

/// The external brain's move, refused unless it is on an empty point of the board.
fn brain_move(
    brain: &mut External,
    board: &Board,
    moves: &[Pos],
    to_move: Color,
) -> Result<Pos, String> {
    let m = brain.choose(board, moves, to_move)?;
    let on_board = m.x < SIZE && m.y < SIZE;
    if !on_board || board.stone(m).is_some() {
        return Err(format!("the brain played {},{} (not an empty point)", m.x, m.y));
    }
    Ok(m)
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
pub fn score_value(score: Score) -> i32 {
    match score {
        Score::Eval(v) => v.clamp(-20_000, 20_000),
        Score::WinIn(_) => 20_000,
        Score::LossIn(_) => -20_000,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(n: u8) -> GameRecord {
        let moves = vec![Pos::new(7, 7), Pos::new(n, 0)];
        GameRecord { outcome: Outcome::Draw, opening: 2, moves, scores: vec![] }
    }

    #[test]
    fn records_reach_the_partial_file_in_game_order_and_the_finished_file_at_the_end() {
        let dir = std::env::temp_dir().join(format!("gen-data-sink-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("games.txt");
        let out_str = out.to_str().unwrap();
        let partial = dir.join("games.txt.partial");
        let mut sink = Sink::create(out_str, "# header\n").unwrap();
        sink.add(1, Some(record(1))).unwrap();
        let lines = |path: &std::path::Path| std::fs::read_to_string(path).unwrap().lines().count();
        assert_eq!(lines(&partial), 1, "game 1 waits for game 0");
        sink.add(0, Some(record(0))).unwrap();
        assert_eq!(lines(&partial), 3, "both written once game 0 is in");
        assert!(!out.exists(), "the finished file appears only at the end");
        sink.finish().unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(!partial.exists());
        let games = crate::tuning::data::read_records(&text).unwrap();
        assert_eq!(games, vec![record(0), record(1)]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_resumed_sink_keeps_the_complete_games_cuts_a_torn_line_and_refuses_another_header() {
        let dir = std::env::temp_dir().join(format!("gen-data-resume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("games.txt");
        let out_str = out.to_str().unwrap();
        let partial = dir.join("games.txt.partial");
        let torn = format!("# header\n{}\n{}", record(0).to_line(), "1 2 7,7 3");
        std::fs::write(&partial, torn).unwrap();
        assert!(Sink::resume(out_str, "# other\n").is_err());
        let mut sink = Sink::resume(out_str, "# header\n").unwrap();
        assert_eq!(sink.next_to_write, 1, "one complete game kept");
        sink.fill("test", 3, 1, || (), |_, n| Some(record(n as u8))).unwrap();
        sink.finish().unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let games = crate::tuning::data::read_records(&text).unwrap();
        assert_eq!(games, vec![record(0), record(1), record(2)]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
