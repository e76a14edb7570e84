//! Makes the suite's positions from self-play games, checked only by the slow solver.
//!
//! The engine plays games against itself from the 26 canonical openings, as
//! `gomoku selfplay --level L --seed S --rule R` does (one engine seeded `S + game` plays both
//! sides). Every position of every game is then given to the slow solver:
//! * a *VCF position*: the side to move has a shortest VCF of 3..=20 moves and the opponent has
//!   no five;
//! * a *defend candidate*: the opponent has a four or an open three (see [`solver::threat`]) and
//!   the side to move has no five and no VCF of at most 20 moves.
//!
//! A spread of VCF lengths and a mix of defend positions are then chosen, the defend positions'
//! good defences are computed by brute force, and the two files are written.
//!
//! Besides the engine's levels, the games may be played by the *quiet* player of
//! [`quiet`](super::quiet), which never makes a threat and steers towards long VCFs: games
//! between real players rarely leave a shortest VCF longer than 14 on the board (none in 320 000
//! positions of engine self-play), the quiet player's games do.
//!
//! Settings (environment variables): `TACTICS_RULES` (default `freestyle,renju`),
//! `TACTICS_LEVELS` (`easy,medium,hard`; also `master` and `quiet`), `TACTICS_SEEDS` (`1,2`), `TACTICS_TIME` (ms per move,
//! `100`), `TACTICS_DUMP` (a file to write every candidate to), `TACTICS_FROM` (comma-separated
//! dump files to choose from instead of playing games), `TACTICS_WRITE=1` (write the
//! suite files; otherwise they are only printed).

use super::quiet;
use super::solver::{self, Solver};
use super::suite::{self, format_case, SIZE};
use super::{DEFENCE_DEPTH, MAX_VCF, MIN_VCF};
use gomoku::ai::{Engine, Limits, Request};
use gomoku::{Board, Color, Level, Pos, Rule};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::AtomicBool;

/// Solver nodes allowed per position while scanning games (positions beyond it are noted and
/// searched again with [`RECHECK_BUDGET`] when the candidates are read back from a dump).
const SCAN_BUDGET: u64 = 60_000;
/// Solver nodes allowed for a position the scan could not decide.
const RECHECK_BUDGET: u64 = 3_000_000;
/// Solver nodes allowed for computing one position's good defences.
const DEFENCE_BUDGET: u64 = 2_000_000;
/// How many VCF positions to take from each length band (all of the longest band are kept).
const BANDS: [(u32, u32, usize); 4] = [(3, 5, 15), (6, 9, 18), (10, 14, 20), (15, 20, 40)];
/// How many defend positions to keep of each threat: fours and open threes.
const DEFEND_TARGET: [(&str, usize); 2] = [("four", 6), ("three", 16)];
/// Defend positions with more good defences than this are not kept (the threat is too loose).
const MAX_GOOD_DEFENCES: usize = 12;

/// Who plays both sides of a generated game.
#[derive(Clone, Copy, Debug)]
enum Player {
    /// The engine at a level, with the generator's time per move.
    Engine(Level),
    /// The quiet player of [`quiet`]: random moves that never make a threat.
    Quiet,
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Engine(level) => write!(f, "{level}"),
            Player::Quiet => f.write_str("quiet"),
        }
    }
}

impl std::str::FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        match s {
            "quiet" => Ok(Player::Quiet),
            level => level.parse().map(Player::Engine).map_err(|_| format!("player {s:?}")),
        }
    }
}

/// Where a position comes from.
#[derive(Clone, Debug)]
struct Source {
    rule: Rule,
    level: Player,
    seed: u64,
    game: usize,
    ply: usize,
}

impl Source {
    fn game_key(&self) -> String {
        format!("{} {} {} {}", self.rule, self.level, self.seed, self.game)
    }

    fn describe(&self) -> String {
        let Source { level, seed, game, ply, .. } = self;
        format!("selfplay {level} seed {seed} game {game} ply {ply}")
    }
}

/// A position the scan kept: its moves, the side to move, and the VCF length or threat kind.
#[derive(Clone, Debug)]
struct Found {
    source: Source,
    moves: Vec<Pos>,
    side: Color,
    what: Finding,
}

/// What the slow solver found in a position.
#[derive(Clone, Debug)]
enum Finding {
    /// The solver ran out of budget.
    OverBudget,
    /// The side to move has a shortest VCF of this length.
    Vcf(u32),
    /// The opponent threatens (`four` or `three`) and the side to move has no VCF.
    Threat(&'static str),
}

/// A comma-separated environment setting, or its default.
fn setting(name: &str, default: &str) -> Vec<String> {
    let value = std::env::var(name).unwrap_or_else(|_| default.to_string());
    value.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

/// The canonical openings: offsets from the centre, black first.
fn openings() -> Vec<Vec<(i32, i32)>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/lab/openings/canonical26.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    lines
        .map(|l| {
            let n: Vec<i32> = l.split(',').map(|t| t.trim().parse().expect("number")).collect();
            n.chunks(2).map(|c| (c[0], c[1])).collect()
        })
        .collect()
}

/// Plays one self-play game from `opening`; stops at a five, a full board or an illegal move.
fn play_game(
    rule: Rule,
    player: Player,
    seed: u64,
    opening: &[(i32, i32)],
    move_ms: u64,
) -> Vec<Pos> {
    let centre = i32::from(SIZE / 2);
    let moves: Vec<Pos> = opening
        .iter()
        .map(|&(dx, dy)| Pos::new((centre + dx) as u8, (centre + dy) as u8))
        .collect();
    let board = suite::board_after(&moves);
    match player {
        Player::Engine(level) => play_engine_game(rule, level, seed, moves, board, move_ms),
        Player::Quiet => quiet::play(rule, seed, moves, board),
    }
}

/// Continues the game after `moves` with the engine at `level` playing both sides.
fn play_engine_game(
    rule: Rule,
    level: Level,
    seed: u64,
    mut moves: Vec<Pos>,
    mut board: Board,
    move_ms: u64,
) -> Vec<Pos> {
    let mut engine = Engine::new(32, seed);
    let stop = AtomicBool::new(false);
    while !board.is_full() {
        let to_move = Color::at_ply(moves.len());
        let limits = Limits::per_move(move_ms);
        let request = Request { board: &board, rule, to_move, level, limits };
        let Some(decision) = engine.think(&request, &stop, &mut |_| {}) else { break };
        let p = decision.best;
        if !solver::is_legal(&board, rule, p, to_move) {
            break;
        }
        board.place(p, to_move);
        moves.push(p);
        if rule.wins_at(&board, gomoku::board::index_of(p), to_move) {
            break;
        }
    }
    moves
}

/// What the slow solver finds in the position after `moves`, searching at most `budget` nodes.
fn classify(rule: Rule, moves: &[Pos], budget: u64) -> Option<(Color, Finding)> {
    let mut board = suite::board_after(moves);
    let side = Color::at_ply(moves.len());
    let five = |b: &Board, c: Color| !solver::winning_points(b, rule, c).is_empty();
    if five(&board, side) {
        return None;
    }
    let mut solver = Solver::with_budget(rule, budget);
    // Most positions have no VCF: one search to the full length settles them faster than the
    // iterative deepening of `shortest`.
    let shortest = match solver.wins_within(&mut board, side, MAX_VCF) {
        Ok(true) => solver.shortest(&mut board, side, MAX_VCF),
        Ok(false) => Ok(None),
        Err(e) => Err(e),
    };
    let Ok(shortest) = shortest else {
        return Some((side, Finding::OverBudget));
    };
    match shortest {
        Some(n) if n >= MIN_VCF && !five(&board, !side) => Some((side, Finding::Vcf(n))),
        Some(_) => None,
        None => solver::threat(&mut board, rule, !side).map(|t| (side, Finding::Threat(t))),
    }
}

/// Scans every position of one game.
fn scan_game(source: &Source, moves: &[Pos], found: &mut Vec<Found>) {
    for ply in 3..moves.len() {
        if let Some((side, what)) = classify(source.rule, &moves[..ply], SCAN_BUDGET) {
            let source = Source { ply, ..source.clone() };
            found.push(Found { source, moves: moves[..ply].to_vec(), side, what });
        }
    }
}

/// A stable pseudo-random order key, so that choices spread over games without favouring the
/// first ones.
fn shuffle_key(f: &Found) -> u64 {
    let text = f.source.describe() + f.source.rule.name();
    text.bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// Picks up to `count` positions, round-robin over the lengths, at most one per game.
fn pick_band(
    vcf: &[&Found],
    lo: u32,
    hi: u32,
    count: usize,
    used: &mut HashSet<String>,
) -> Vec<Found> {
    let mut by_length: BTreeMap<u32, Vec<&Found>> = BTreeMap::new();
    for f in vcf {
        if let Finding::Vcf(n) = f.what {
            if (lo..=hi).contains(&n) {
                by_length.entry(n).or_default().push(f);
            }
        }
    }
    by_length.values_mut().for_each(|v| v.sort_by_key(|f| shuffle_key(f)));
    let mut picked = Vec::new();
    while picked.len() < count && by_length.values().any(|v| !v.is_empty()) {
        for list in by_length.values_mut() {
            while let Some(f) = list.pop() {
                let key = format!("{} {}", f.source.game_key(), lo);
                if used.insert(key) {
                    picked.push(f.clone());
                    break;
                }
            }
            if picked.len() == count {
                break;
            }
        }
    }
    picked
}

/// The chosen VCF positions as suite lines, shortest first.
fn choose_vcf(found: &[Found]) -> Vec<String> {
    let vcf: Vec<&Found> = found.iter().filter(|f| matches!(f.what, Finding::Vcf(_))).collect();
    let mut used = HashSet::new();
    let mut picked: Vec<(u32, String)> = Vec::new();
    for (lo, hi, count) in BANDS {
        for f in pick_band(&vcf, lo, hi, count, &mut used) {
            let Finding::Vcf(n) = f.what else { continue };
            let line =
                format_case(f.source.rule, &f.moves, f.side, &n.to_string(), &f.source.describe());
            picked.push((n, line));
        }
    }
    picked.sort();
    picked.into_iter().map(|(_, l)| l).collect()
}

/// The chosen defend positions as suite lines, with their good defences computed by brute force.
fn choose_defend(found: &[Found]) -> Vec<String> {
    let mut lines = Vec::new();
    for (kind, target) in DEFEND_TARGET {
        let mut candidates: Vec<&Found> =
            found.iter().filter(|f| matches!(f.what, Finding::Threat(k) if k == kind)).collect();
        candidates.sort_by_key(|f| shuffle_key(f));
        let mut used = HashSet::new();
        let mut kept = 0;
        for f in candidates {
            if kept == target || !used.insert(f.source.game_key()) {
                continue;
            }
            let mut solver = Solver::with_budget(f.source.rule, DEFENCE_BUDGET);
            let mut board = suite::board_after(&f.moves);
            let good = solver::good_defences(&mut solver, &mut board, f.side, DEFENCE_DEPTH);
            let Ok(good) = good else { continue };
            if good.is_empty() || good.len() > MAX_GOOD_DEFENCES {
                continue;
            }
            let source = format!("{} ({kind})", f.source.describe());
            lines.push(format_case(f.source.rule, &f.moves, f.side, &suite::names(&good), &source));
            kept += 1;
            eprintln!("defend {kept}/{target} {kind}: {} good defences", good.len());
        }
    }
    lines
}

/// The header of the VCF file.
pub const VCF_HEADER: &str = "\
# Tactics suite: forced wins by continuous fours (VCF), from self-play games.
#
# One position per line:   RULE MOVES SIDE LENGTH # SOURCE
#   RULE    freestyle, standard or renju
#   MOVES   the game so far on a 15x15 board in human notation (column letter from a, row number
#           from the bottom), black first, without separators: h8i9j10...
#   SIDE    the side to move (black or white); it has a VCF, the opponent has no five
#   LENGTH  the shortest VCF of SIDE in SIDE's own moves, counting the move that makes five
#   SOURCE  the game: `gomoku selfplay --level L --seed S --rule RULE`, game G (0-based opening
#           number, engine seed S+G), position after PLY moves (the engine's moves depend on
#           timing and on its version, so a replay need not give the same game); `selfplay
#           quiet`: the opening continued by the quiet player of tests/tactics/quiet.rs (seed
#           S+G), which never makes a four or an open three and prefers moves leaving it a long
#           VCF
#
# Lengths are computed by the slow solver in tests/tactics/solver.rs, not by the engine.
# Written by `cargo test --release --test tactics -- --ignored generate_tactics_positions`.
";

/// The header of the defend file.
pub const DEFEND_HEADER: &str = "\
# Tactics suite: threats that must be answered, from self-play games.
#
# One position per line:   RULE MOVES SIDE DEFENCES # SOURCE (THREAT)
#   RULE, MOVES, SIDE, SOURCE as in vcf.txt; SIDE has no five and no VCF of at most 20 moves
#   THREAT    `four`: the opponent has one winning point; `three`: the opponent has none, but a
#             move giving it two (an open four or a double four)
#   DEFENCES  every good defence, comma-separated: a legal move M of SIDE after which the
#             opponent has no five, no move giving it two winning points while SIDE has none, and
#             no VCF of at most 30 moves (brute force over all legal moves with the slow solver
#             in tests/tactics/solver.rs). A four of SIDE that only delays counts as good.
#
# Written by `cargo test --release --test tactics -- --ignored generate_tactics_positions`.
";

/// Plays the games (or reads the candidates of earlier runs), chooses the positions and writes
/// (or prints) the files.
pub fn run() {
    let mut found = match std::env::var("TACTICS_FROM") {
        Ok(files) => files.split(',').flat_map(|f| read_dump(f.trim())).collect(),
        Err(_) => play_and_scan(),
    };
    recheck(&mut found);
    let vcf = choose_vcf(&found);
    let defend = choose_defend(&found);
    write("vcf.txt", VCF_HEADER, &vcf);
    write("defend.txt", DEFEND_HEADER, &defend);
}

/// Searches again, with a larger budget, the positions the scan could not decide.
fn recheck(found: &mut Vec<Found>) {
    for f in found.iter_mut().filter(|f| matches!(f.what, Finding::OverBudget)) {
        if let Some((_, what)) = classify(f.source.rule, &f.moves, RECHECK_BUDGET) {
            eprintln!("recheck {} {}: {what:?}", f.source.rule, f.source.describe());
            f.what = what;
        }
    }
    found.retain(|f| !matches!(f.what, Finding::OverBudget));
}

/// Plays every configured game and scans its positions.
fn play_and_scan() -> Vec<Found> {
    let rules: Vec<Rule> = setting("TACTICS_RULES", "freestyle,renju")
        .iter()
        .map(|r| r.parse().expect("rule"))
        .collect();
    let levels: Vec<Player> = setting("TACTICS_LEVELS", "easy,medium,hard")
        .iter()
        .map(|l| l.parse().expect("level or quiet"))
        .collect();
    let seeds: Vec<u64> =
        setting("TACTICS_SEEDS", "1,2").iter().map(|s| s.parse().expect("seed")).collect();
    let move_ms: u64 = setting("TACTICS_TIME", "100")[0].parse().expect("time");
    let openings = openings();
    let mut found = Vec::new();
    append_dump(&[], true);
    for &rule in &rules {
        for &level in &levels {
            for &seed in &seeds {
                for (game, opening) in openings.iter().enumerate() {
                    let moves = play_game(rule, level, seed + game as u64, opening, move_ms);
                    let source = Source { rule, level, seed, game, ply: 0 };
                    let before = found.len();
                    scan_game(&source, &moves, &mut found);
                    append_dump(&found[before..], false);
                    report_progress(&source, moves.len(), &found);
                }
            }
        }
    }
    found
}

/// Reads the candidates an earlier run wrote with `TACTICS_DUMP`.
fn read_dump(path: &str) -> Vec<Found> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| parse_found(l).unwrap_or_else(|| panic!("bad dump line {l:?}")))
        .collect()
}

/// One dump line back into a candidate.
fn parse_found(line: &str) -> Option<Found> {
    let case = suite::parse_case(line).ok()?;
    let (_, source) = line.split_once('#')?;
    let words: Vec<&str> = source.split_whitespace().collect();
    let ["selfplay", level, "seed", seed, "game", game, "ply", ply] = words[..] else {
        return None;
    };
    let what = match case.answer.as_str() {
        "four" => Finding::Threat("four"),
        "three" => Finding::Threat("three"),
        "over" => Finding::OverBudget,
        n => Finding::Vcf(n.parse().ok()?),
    };
    let source = Source {
        rule: case.rule,
        level: level.parse().ok()?,
        seed: seed.parse().ok()?,
        game: game.parse().ok()?,
        ply: ply.parse().ok()?,
    };
    Some(Found { source, moves: case.moves, side: case.side, what })
}

/// One progress line per game: the VCF length histogram so far.
fn report_progress(source: &Source, plies: usize, found: &[Found]) {
    let mut lengths: BTreeMap<u32, usize> = BTreeMap::new();
    let (mut threats, mut over) = (0, 0);
    for f in found {
        match f.what {
            Finding::Vcf(n) => *lengths.entry(n).or_default() += 1,
            Finding::Threat(_) => threats += 1,
            Finding::OverBudget => over += 1,
        }
    }
    let game = source.game_key();
    eprintln!("{game} ({plies} plies): vcf {lengths:?}, threats {threats}, over budget {over}");
}

/// Adds candidates to the file named by `TACTICS_DUMP`, if set (emptying it first if `start`),
/// game by game so that an interrupted run keeps what it found.
fn append_dump(found: &[Found], start: bool) {
    let Ok(path) = std::env::var("TACTICS_DUMP") else { return };
    let mut out = String::new();
    for f in found {
        let answer = match f.what {
            Finding::Vcf(n) => n.to_string(),
            Finding::Threat(t) => t.to_string(),
            Finding::OverBudget => "over".to_string(),
        };
        let _ = writeln!(
            out,
            "{}",
            format_case(f.source.rule, &f.moves, f.side, &answer, &f.source.describe())
        );
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(!start)
        .write(true)
        .truncate(start)
        .open(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    file.write_all(out.as_bytes()).unwrap_or_else(|e| panic!("{path}: {e}"));
}

/// Writes a suite file when `TACTICS_WRITE=1`, else prints it.
fn write(file: &str, header: &str, lines: &[String]) {
    let text = format!("{header}\n{}\n", lines.join("\n"));
    if std::env::var("TACTICS_WRITE").is_ok_and(|v| v == "1") {
        let path = suite::data_path(file);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("create tests/data/tactics");
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        eprintln!("wrote {} positions to {}", lines.len(), path.display());
    } else {
        println!("==> {file}\n{text}");
    }
}
