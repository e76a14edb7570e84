//! The AI: line patterns, evaluation, threat-space search and alpha-beta search.
//!
//! [`Engine::think`] is the one entry point: a position, a level, limits, a stop flag and a
//! progress callback in; a move and its analysis out. It never plays a random move: a search that
//! is stopped early returns the best move of the deepest finished iteration.

mod budget;
mod defence;
mod doubles;
pub mod eval;
pub mod evaluation;
mod keyed;
mod leaf_memo;
mod level;
mod limits;
pub mod linepolicy;
mod lines;
mod movegen;
pub mod net;
pub mod observer;
pub mod pattern;
pub mod policy;
pub mod position;
mod proof;
mod quick_vcf;
mod score;
mod search;
mod selectivity;
pub mod shape;
#[cfg(test)]
pub(crate) mod test_boards;
mod tt;
mod vcf;
mod vct;
pub mod weights;
mod window;

pub use evaluation::{Evaluation, RuleEvaluation};
pub use level::LevelConfig;
pub use limits::Limits;
pub use movegen::hand_order;
pub use observer::LeafObserver;
pub use position::Position;
pub use proof::{threat_win, ProofLimits, ThreatWin};
pub use score::Score;
pub use selectivity::SearchParams;
use selectivity::Selectivity;

use crate::board::{pos_of, Board};
use crate::color::Color;
use crate::level::Level;
use crate::pos::Pos;
use crate::rule::Rule;
use movegen::{generate, generate_any_legal, History};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use search::{Control, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::Table;

/// What the AI thinks of a position, reported while it searches and with its final move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// The principal variation, starting with the move to play.
    pub pv: Vec<Pos>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search began.
    pub elapsed_ms: u64,
    /// With [`Limits::multi_pv`] above 1: the best moves found at `depth`, best first, each with
    /// its score and line (the first is the move to play); otherwise empty.
    pub lines: Vec<PvLine>,
}

/// One candidate of a multi-PV search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// The score for the side to move after this candidate's line.
    pub score: Score,
    /// The line, starting with the candidate move.
    pub pv: Vec<Pos>,
}

/// A chosen move with the analysis behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The move to play.
    pub best: Pos,
    /// The analysis when the search ended.
    pub analysis: Analysis,
}

/// What to search.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The stones.
    pub board: &'a Board,
    /// The rule in force.
    pub rule: Rule,
    /// The side to find a move for.
    pub to_move: Color,
    /// The level to play at.
    pub level: Level,
    /// Limits on top of the level's own.
    pub limits: Limits,
}

/// Builds the shared tables the AI fills on first use (line patterns, each rule's fitted
/// weights, the reduction table). Idempotent and cheap after the first call.
fn build_shared_tables() {
    let size = 15;
    let Ok(mut board) = Board::new(size) else { return };
    let centre = Pos::centre(size as u8);
    board.place(centre, Color::Black);
    board.place(Pos::new(centre.x + 1, centre.y + 1), Color::White);
    for rule in Rule::ALL {
        let mut pos = Position::new(&board, rule, Color::Black);
        let mut list = Vec::new();
        generate(&mut pos, &mut list);
        if let Some(first) = list.first() {
            pos.play(first.index);
            eval::evaluate(&pos);
            pos.undo();
        }
    }
}

/// The AI with its memory (hash table, history) kept between moves.
pub struct Engine {
    tt: Table,
    history: History,
    rng: SmallRng,
    /// Search threads (1: the deterministic single-thread search).
    threads: usize,
    /// The evaluation's parameters.
    evaluation: Evaluation,
    /// Told of every leaf the searches evaluate (the lab's sampler), if any.
    leaf_observer: Option<Arc<dyn LeafObserver>>,
    /// The selective search's numbers.
    selectivity: Selectivity,
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` MiB and a random seed from `seed`,
    /// evaluating with the embedded parameters.
    pub fn new(hash_mb: usize, seed: u64) -> Engine {
        Engine::with_evaluation(hash_mb, seed, Evaluation::embedded())
    }

    /// Like [`Engine::new`], evaluating with `evaluation`.
    pub fn with_evaluation(hash_mb: usize, seed: u64, evaluation: Evaluation) -> Engine {
        Engine {
            tt: Table::new(hash_mb),
            history: History::new(),
            rng: SmallRng::seed_from_u64(seed),
            threads: 1,
            evaluation,
            leaf_observer: None,
            selectivity: Selectivity::default(),
        }
    }

    /// Searches selectively with `params` instead of the engine's own numbers (the lab's
    /// tuning tries others).
    pub fn set_search_params(&mut self, params: SearchParams) {
        self.selectivity = Selectivity::new(params);
    }

    /// Tells `observer` of every leaf the engine's searches evaluate statically from now on.
    pub fn set_leaf_observer(&mut self, observer: Option<Arc<dyn LeafObserver>>) {
        self.leaf_observer = observer;
    }

    /// Searches with `threads` threads (at least 1): helpers search the same position beside
    /// the main search and share its table (Lazy SMP); the main search's result is played. One
    /// thread keeps searches deterministic at a fixed depth.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Takes the hash table's memory and builds the tables the AI fills on first use, so that
    /// the first move of a game is searched in its whole time (about 40 ms of a 200 ms move
    /// went to touching a fresh table's pages). Call it before a clock starts.
    pub fn prepare(&mut self) {
        self.tt.allocate();
        build_shared_tables();
    }

    /// Forgets all stored search results.
    pub fn clear_hash(&mut self) {
        self.tt.clear();
        self.history = History::new();
    }

    /// Resizes the hash table to `hash_mb` MiB (clearing it).
    pub fn resize_hash(&mut self, hash_mb: usize) {
        self.tt = Table::new(hash_mb);
    }

    /// Finds a move. Returns `None` only when the side to move has no legal move at all.
    /// `on_info` is called after every finished iteration.
    pub fn think(
        &mut self,
        request: &Request<'_>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Analysis),
    ) -> Option<Decision> {
        let started = Instant::now();
        let config = LevelConfig::of(request.level);
        let rule_evaluation = self.evaluation.rule(request.rule);
        let without_network;
        let rule_evaluation = if config.network {
            rule_evaluation
        } else {
            without_network = rule_evaluation.without_network();
            &without_network
        };
        let mut pos = Position::with_evaluation(
            request.board,
            request.rule,
            request.to_move,
            rule_evaluation,
        );
        let mut list = Vec::new();
        generate(&mut pos, &mut list);
        if list.is_empty() {
            // Every sensible reply is forbidden (renju): the game is lost, but a legal move is due.
            generate_any_legal(&mut pos, &mut list);
        }
        let root_moves: Vec<usize> = list.iter().map(|c| c.index).collect();
        let first = *root_moves.first()?;
        if root_moves.len() == 1 {
            let analysis = self.quick_analysis(&mut pos, first, started);
            on_info(&analysis);
            return Some(Decision { best: pos_of(first), analysis });
        }
        let limits = merged_limits(request.limits, &config);
        let observer = self.leaf_observer.clone();
        let control = Control {
            stop,
            deadline: limits.move_time.map(|t| started + t),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            observer: observer.as_deref(),
        };
        // Nodes of threat searches that found nothing still count as searched.
        let mut proof_nodes = 0;
        let cap = request.limits.nodes.unwrap_or(u64::MAX);
        // Searches to a fixed depth or node count (tests, benchmarks, data generation) stay the
        // bare search, and their threat searches end on their node budgets only: the same on a
        // busy or a cold machine.
        let fixed = request.limits.depth.is_some() || request.limits.nodes.is_some();
        let threats = ThreatLimits { cap, timed: !fixed, started };
        let proven = match self.root_vcf(&mut pos, config.vcf_fours, &control, &threats) {
            RootVcf::Win(decision) => Some(decision),
            // Threes are tried only once fours alone are known not to win: a VCF the root search
            // could not finish is left to the main search and its leaf VCFs.
            RootVcf::NoneWithin(nodes) => {
                proof_nodes = nodes;
                root_vct(&mut pos, config.vct_threats, &control, &threats, &mut proof_nodes)
            }
            RootVcf::Unknown(nodes) => {
                proof_nodes = nodes;
                None
            }
        };
        if let Some(decision) = proven {
            on_info(&decision.analysis);
            return Some(decision);
        }
        self.tt.new_search();
        self.history.age();
        // Play only: analysis (several lines) and fixed searches stay the bare search.
        let defends = config.defends && limits.multi_pv <= 1 && !fixed;
        // The last tenth of the move's time is kept for the defence check (which mostly ends at
        // once: then the move is played early).
        let full_deadline = control.deadline;
        let control = match limits.move_time {
            Some(t) if defends => Control { deadline: Some(started + t * 9 / 10), ..control },
            _ => control,
        };
        let helpers = Helpers {
            count: self.threads - 1,
            observer: observer.as_deref(),
            pos: pos.clone(),
            root_moves: root_moves.clone(),
            limits,
            deadline: control.deadline,
            pruning: config.pruning,
            selectivity: &self.selectivity,
            started,
        };
        let tt = &self.tt;
        let mut searcher =
            Searcher::new(pos, tt, &mut self.history, control, config.pruning, &self.selectivity);
        searcher.nodes = proof_nodes;
        let driver = Deepening {
            multi_pv: limits.multi_pv.max(1),
            root_moves,
            first_depth: 1,
            max_depth: limits.depth.unwrap_or(64),
            started,
        };
        let (best, mut analysis, order) = helpers.beside(tt, || driver.run(&mut searcher, on_info));
        debug_assert_eq!(searcher.pos.ply(), 0, "the search leaves its position at the root");
        let safe = (defends && !score::is_mate(raw_of(analysis.score)))
            .then(|| defence::first_safe(&mut searcher.pos, &order, full_deadline, stop))
            .flatten();
        let best = match safe {
            Some(safe) if safe != best => {
                analysis.pv = vec![pos_of(safe)];
                safe
            }
            _ => best,
        };
        let best = if config.noise > 0 && !score::is_mate(raw_of(analysis.score)) {
            let scored = searcher.score_each_root_move(analysis.depth.max(1) as i32);
            pick_with_noise(&scored, best, &config, &mut self.rng)
        } else {
            best
        };
        let analysis = with_totals(analysis, searcher.nodes, started);
        Some(Decision { best: pos_of(best), analysis })
    }

    fn quick_analysis(&mut self, pos: &mut Position, only: usize, started: Instant) -> Analysis {
        let raw = if pos.threat_count(pos.to_move(), shape::WIN) > 0 {
            score::win_in(1)
        } else {
            eval::evaluate(pos)
        };
        analysis_of(1, raw, &[only], 1, started)
    }

    fn root_vcf(
        &mut self,
        pos: &mut Position,
        max_fours: u32,
        control: &Control<'_>,
        bounds: &ThreatLimits,
    ) -> RootVcf {
        if max_fours == 0 {
            return RootVcf::NoneWithin(0);
        }
        // A tenth of the move's time: the main search and its leaf VCFs do the rest.
        let (budget, deadline) = bounds.budget_and_deadline(control, ROOT_VCF_SHARE, 200_000);
        let mut vcf = vcf::Vcf::new(budget, deadline, Some(control.stop));
        let Some(line) = vcf.find(pos, max_fours) else {
            let nodes = vcf.budget.nodes;
            return if vcf.budget.exhausted() {
                RootVcf::Unknown(nodes)
            } else {
                RootVcf::NoneWithin(nodes)
            };
        };
        let plies = line.len() + usize::from(line.len() % 2 == 0);
        let analysis = analysis_of(
            plies as u32,
            score::win_in(plies),
            &line,
            vcf.budget.nodes,
            bounds.started,
        );
        RootVcf::Win(Decision { best: pos_of(line[0]), analysis })
    }
}

/// What bounds the root threat searches besides their share of the move's time.
struct ThreatLimits {
    /// The caller's node limit (`max_node`).
    cap: u64,
    /// Whether a share of the move's time also ends them (not in fixed searches).
    timed: bool,
    /// When the move's search began.
    started: Instant,
}

impl ThreatLimits {
    /// A threat search's node budget and deadline when it may take `1 / share_divisor` of the
    /// move's time (`untimed_budget` nodes when the move has no deadline). The node budget
    /// (about what this machine searches in that time) keeps a fast machine's move time from
    /// changing the answer; the deadline keeps a slow one within its time (in play).
    ///
    /// Under the caller's node limit (`max_node`) the budget is the same share of that limit
    /// as play gives it of the nodes a move searches: half a node a microsecond of its share of
    /// the time, where the main search visits about a million a second, so `limit / (2 ·
    /// share_divisor)`. A threat search thus takes from a fixed-node move what it takes from a
    /// timed one, not the whole budget (at 50 000 nodes it once took 18 % of a move's nodes on
    /// average, over half of them in a tenth of the moves).
    fn budget_and_deadline(
        &self,
        control: &Control<'_>,
        share_divisor: u32,
        untimed_budget: u64,
    ) -> (u64, Option<Instant>) {
        let share = control.deadline.map(|d| (d - self.started) / share_divisor);
        let budget = if self.cap < u64::MAX {
            (self.cap / (2 * u64::from(share_divisor))).clamp(1, 200_000)
        } else {
            share.map_or(untimed_budget, |t| (t.as_micros() as u64 / 2).clamp(500, 200_000))
        };
        (budget, self.deadline(share))
    }

    /// The deadline of a threat search given `share` of the move's time, if it has one.
    fn deadline(&self, share: Option<Duration>) -> Option<Instant> {
        share.filter(|_| self.timed).map(|t| self.started + t)
    }
}

/// What the root VCF search found.
enum RootVcf {
    /// A win: play its first move.
    Win(Decision),
    /// No VCF within the length searched (after this many nodes).
    NoneWithin(u64),
    /// The search gave up on its time or node share (after this many nodes).
    Unknown(u64),
}

/// A win by continuous threats (fours and open threes) for the side to move, searched in a small
/// share of the move's time (its node budget alone in fixed searches, which stay deterministic).
fn root_vct(
    pos: &mut Position,
    max_threats: u32,
    control: &Control<'_>,
    bounds: &ThreatLimits,
    spent: &mut u64,
) -> Option<Decision> {
    if max_threats == 0 {
        return None;
    }
    let (budget, deadline) = bounds.budget_and_deadline(control, ROOT_VCT_SHARE, 50_000);
    let mut vct = vct::Vct::new(budget, deadline, Some(control.stop));
    let found = vct.find(pos, max_threats);
    *spent += vct.budget.nodes;
    let (first, threats) = found?;
    let plies = 2 * threats as usize - 1;
    let analysis =
        analysis_of(plies as u32, score::win_in(plies), &[first], vct.budget.nodes, bounds.started);
    Some(Decision { best: pos_of(first), analysis })
}

/// The root VCF search may take up to this fraction (1/N) of the move's time, and the root VCT
/// search up to [`ROOT_VCT_SHARE`]: in most positions they find nothing, and the main search
/// (which may start iterations until its deadline) makes better use of the time. Measured in
/// self-play (see the README's strength notes).
const ROOT_VCF_SHARE: u32 = 10;
/// The root VCT search's fraction (1/N) of the move's time.
const ROOT_VCT_SHARE: u32 = 16;

/// The level's limits combined with the caller's (the stricter of each).
fn merged_limits(limits: Limits, config: &LevelConfig) -> Limits {
    let level_time = Duration::from_millis(config.max_time_ms);
    Limits {
        move_time: Some(limits.move_time.map_or(level_time, |t| t.min(level_time))),
        depth: Some(limits.depth.map_or(config.max_depth, |d| d.min(config.max_depth))),
        nodes: match (limits.nodes, config.max_nodes) {
            (limit, 0) => limit,
            (None, own) => Some(own),
            (Some(limit), own) => Some(limit.min(own)),
        },
        multi_pv: limits.multi_pv,
    }
}

fn analysis_of(depth: u32, raw: i32, pv: &[usize], nodes: u64, started: Instant) -> Analysis {
    let elapsed = started.elapsed();
    let micros = elapsed.as_micros().max(1) as u64;
    Analysis {
        depth,
        score: Score::from_raw(raw),
        pv: pv.iter().map(|&i| pos_of(i)).collect(),
        nodes,
        nps: nodes.saturating_mul(1_000_000) / micros,
        elapsed_ms: elapsed.as_millis() as u64,
        lines: Vec::new(),
    }
}

/// The final analysis: the last finished iteration's result with every node searched (an
/// unfinished last iteration included) and the time spent.
fn with_totals(analysis: Analysis, nodes: u64, started: Instant) -> Analysis {
    let finished = analysis_of(analysis.depth, 0, &[], nodes, started);
    Analysis { nodes, nps: finished.nps, elapsed_ms: finished.elapsed_ms, ..analysis }
}

/// The most search threads an engine runs.
pub const MAX_THREADS: usize = 64;

/// The helper threads of a parallel search: each searches the same position on its own
/// (its own history and killers; odd helpers start one iteration deeper, so they spread over
/// the depths), sharing only the table, until the main search ends.
struct Helpers<'o> {
    count: usize,
    observer: Option<&'o dyn LeafObserver>,
    pos: Position,
    root_moves: Vec<usize>,
    limits: Limits,
    deadline: Option<Instant>,
    pruning: selectivity::Pruning,
    selectivity: &'o Selectivity,
    started: Instant,
}

impl Helpers<'_> {
    /// Runs `main` with the helpers searching beside it; they stop when it returns.
    fn beside<T>(self, tt: &Table, main: impl FnOnce() -> T) -> T {
        if self.count == 0 {
            return main();
        }
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            for i in 1..=self.count {
                let (done, pos, root_moves) = (&done, self.pos.clone(), self.root_moves.clone());
                let (limits, deadline, pruning, started, observer) =
                    (self.limits, self.deadline, self.pruning, self.started, self.observer);
                let selectivity = self.selectivity;
                scope.spawn(move || {
                    let control = Control {
                        stop: done,
                        deadline,
                        node_limit: limits.nodes.unwrap_or(u64::MAX),
                        observer,
                    };
                    let mut history = History::new();
                    let mut searcher =
                        Searcher::new(pos, tt, &mut history, control, pruning, selectivity);
                    let driver = Deepening {
                        multi_pv: 1,
                        root_moves,
                        first_depth: 1 + (i % 2) as u32,
                        max_depth: limits.depth.unwrap_or(64),
                        started,
                    };
                    driver.run(&mut searcher, &mut |_| {});
                });
            }
            let result = main();
            done.store(true, std::sync::atomic::Ordering::SeqCst);
            result
        })
    }
}

/// Iterative deepening over the root moves.
struct Deepening {
    /// How many best moves to report.
    multi_pv: usize,
    root_moves: Vec<usize>,
    /// The first iteration's depth.
    first_depth: u32,
    max_depth: u32,
    started: Instant,
}

impl Deepening {
    /// Runs iterations until a limit; returns the best move and its analysis.
    fn run(
        mut self,
        s: &mut Searcher<'_>,
        on_info: &mut dyn FnMut(&Analysis),
    ) -> (usize, Analysis, Vec<usize>) {
        let mut best = self.root_moves[0];
        let mut analysis = analysis_of(0, 0, &[best], 0, self.started);
        // The window is centred on the last score of the same parity (with the hand-set
        // evaluation scores alternated with the depth; the fitted one shows no such bias).
        let mut finished: Vec<i32> = Vec::new();
        let mut scores = Vec::new();
        for depth in self.first_depth as i32..=self.max_depth as i32 {
            let previous = finished.len().checked_sub(2).map_or(0, |i| finished[i]);
            let (score, mv) = self.aspiration(s, depth, previous, &mut scores);
            if s.aborted() {
                // With several lines wanted, a cut iteration cannot give them all: the last
                // finished depth stands.
                let improved = s.improved_root_move().filter(|_| self.multi_pv <= 1);
                if let Some((better, raw)) = improved {
                    best = better;
                    analysis = analysis_of(depth as u32, raw, &s.root_pv(), s.nodes, self.started);
                    on_info(&analysis);
                }
                break;
            }
            let previous_best = std::mem::replace(&mut best, mv);
            finished.push(score);
            let mut scored: Vec<(usize, i32)> =
                self.root_moves.iter().copied().zip(scores.iter().copied()).collect();
            scored.sort_by_key(|s| std::cmp::Reverse(s.1));
            self.root_moves = scored
                .iter()
                .map(|&(m, _)| m)
                .chain(self.root_moves.iter().skip(scored.len()).copied())
                .collect();
            let mut pv = s.root_pv();
            if pv.is_empty() {
                pv.push(mv);
            }
            let mut this_depth = analysis_of(depth as u32, score, &pv, s.nodes, self.started);
            if self.multi_pv > 1 {
                this_depth.lines = self.other_lines(s, depth, (score, pv));
                this_depth.nodes = s.nodes;
                if s.aborted() && !analysis.lines.is_empty() {
                    // The time ran out among this depth's other lines: the last depth whose
                    // lines were all searched stands.
                    best = previous_best;
                    break;
                }
            }
            analysis = this_depth;
            on_info(&analysis);
            if search::mate_within(score, depth) {
                break;
            }
        }
        let order = std::iter::once(best)
            .chain(self.root_moves.iter().copied().filter(|&m| m != best))
            .collect();
        (best, analysis, order)
    }

    /// The best move's line and, for multi-PV, the next best moves at `depth`: each the best of
    /// the root moves not yet listed, searched with a full window in a way that leaves the
    /// table and the move ordering as they were (so the main search is not changed by them).
    fn other_lines(
        &self,
        s: &mut Searcher<'_>,
        depth: i32,
        best: (i32, Vec<usize>),
    ) -> Vec<PvLine> {
        let line = |raw: i32, pv: &[usize]| PvLine {
            score: Score::from_raw(raw),
            pv: pv.iter().map(|&i| pos_of(i)).collect(),
        };
        let mut lines = vec![line(best.0, &best.1)];
        let mut listed = vec![best.1[0]];
        while lines.len() < self.multi_pv {
            let rest: Vec<usize> =
                self.root_moves.iter().copied().filter(|m| !listed.contains(m)).collect();
            if rest.is_empty() {
                break;
            }
            let Some((raw, pv)) = s.search_aside(&rest, depth) else { break };
            listed.push(pv[0]);
            // The main search, reducing the other moves, found none better than its choice; a
            // full-width look at one may still score it higher. The list stays in the order
            // played first: a candidate never shows above the move the engine plays.
            let shown = raw.min(best.0);
            let previous = lines.last().map_or(shown, |l: &PvLine| raw_of(l.score));
            lines.push(line(shown.min(previous), &pv));
        }
        lines
    }

    fn aspiration(
        &self,
        s: &mut Searcher<'_>,
        depth: i32,
        previous: i32,
        scores: &mut Vec<i32>,
    ) -> (i32, usize) {
        let mut window = 80;
        let (mut alpha, mut beta) = if depth >= 4 && !score::is_mate(previous) {
            (previous - window, previous + window)
        } else {
            (-score::INFINITY, score::INFINITY)
        };
        loop {
            let (score, mv) = s.search_root(&self.root_moves, depth, alpha, beta, scores);
            if s.aborted() || (score > alpha && score < beta) {
                return (score, mv);
            }
            window *= 4;
            if score <= alpha {
                alpha = (score - window).max(-score::INFINITY);
            } else {
                beta = (score + window).min(score::INFINITY);
            }
            if window > 5_000 {
                alpha = -score::INFINITY;
                beta = score::INFINITY;
            }
        }
    }
}

/// Lower levels pick at random among the best few root moves that are close to the best score,
/// never among moves that lose to a forced line or miss a forced win.
fn pick_with_noise(
    scored: &[(usize, i32)],
    best: usize,
    config: &LevelConfig,
    rng: &mut SmallRng,
) -> usize {
    if config.noise == 0 || scored.is_empty() || score::is_mate(scored[0].1) {
        return best;
    }
    let top = scored[0].1;
    let pool: Vec<usize> = scored
        .iter()
        .take(config.choices)
        .filter(|(_, s)| !score::is_mate(*s) && top - s <= config.noise)
        .map(|&(m, _)| m)
        .collect();
    if pool.is_empty() {
        return best;
    }
    pool[rng.random_range(0..pool.len())]
}

/// The raw score of a reported score (mate scores as raw mate distances).
fn raw_of(score: Score) -> i32 {
    match score {
        Score::Eval(v) => v,
        Score::WinIn(n) => score::win_in(2 * n as usize - 1),
        Score::LossIn(n) => score::loss_in(2 * n as usize),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threat_searches_get_a_deadline_in_play_only() {
        let started = Instant::now();
        let share = Some(Duration::from_millis(300));
        let play = ThreatLimits { cap: u64::MAX, timed: true, started };
        let fixed = ThreatLimits { timed: false, ..play };
        assert_eq!(play.deadline(share), Some(started + Duration::from_millis(300)));
        assert_eq!(fixed.deadline(share), None);
        assert_eq!(play.deadline(None), None);
    }

    #[test]
    fn under_a_node_limit_threat_searches_take_their_share_of_it_not_all_of_it() {
        let started = Instant::now();
        let stop = AtomicBool::new(false);
        let control = Control {
            stop: &stop,
            deadline: Some(started + Duration::from_millis(200)),
            node_limit: 100_000,
            observer: None,
        };
        let fixed = ThreatLimits { cap: 100_000, timed: false, started };
        assert_eq!(fixed.budget_and_deadline(&control, ROOT_VCF_SHARE, 200_000), (5_000, None));
        assert_eq!(fixed.budget_and_deadline(&control, ROOT_VCT_SHARE, 50_000), (3_125, None));
        let tiny = ThreatLimits { cap: 1, ..fixed };
        assert_eq!(tiny.budget_and_deadline(&control, ROOT_VCF_SHARE, 200_000).0, 1);
        // In play: half a node a microsecond of the share of the time (20 ms of 200 ms).
        let play = ThreatLimits { cap: u64::MAX, timed: true, started };
        let (budget, deadline) = play.budget_and_deadline(&control, ROOT_VCF_SHARE, 200_000);
        assert_eq!((budget, deadline), (10_000, Some(started + Duration::from_millis(20))));
    }
}
