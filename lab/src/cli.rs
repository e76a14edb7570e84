//! The command line of `gomoku`, the lab's tool: one typed argument struct per subcommand
//! (clap derive), so every subcommand has `--help` and an unknown or misspelt flag is refused.

use clap::{Args, Parser, Subcommand};
use gomoku::{Level, Rule};
#[cfg(test)]
use std::path::Path;
use std::path::PathBuf;

/// The balanced freestyle book in the repository (292 openings).
pub const FREESTYLE_BOOK: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/openings/freestyle-balanced.txt");
/// The 26 canonical openings in the repository.
pub const CANONICAL_BOOK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/openings/canonical26.txt");

/// Benchmarks, matches, data generation and training for the Gomoku engine.
#[derive(Parser, Debug)]
#[command(name = "gomoku", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Search speed over fixed middle-game positions (node-count signature at a fixed depth).
    Bench(BenchArgs),
    /// Five and forbidden checks per second, play + undo time.
    Perf,
    /// A match between two players from an openings book (or an opening rule).
    Match(MatchArgs),
    /// Self-play games printed as move strings.
    Selfplay(SelfplayArgs),
    /// Self-play records (or games against a brain) for fitting the evaluation.
    GenData(GenDataArgs),
    /// Fits the evaluation's weights (and optionally the network) to records.
    Train(TrainArgs),
    /// Tunes the selective search's numbers against another engine by SPSA, at fixed nodes.
    Tune(TuneArgs),
    /// Experiment: a value network over line codes against the engine's evaluation.
    LineValue(LineValueArgs),
    /// Experiment: a move policy over line codes against the engine's learned order.
    LinePolicy(LinePolicyArgs),
    /// The same records, scored again by a deeper search or by another engine.
    Relabel(RelabelArgs),
    /// Fits the learned candidate order to one player's moves in match logs.
    FitOrder(FitOrderArgs),
    /// The decisive errors of lost games, found by a judge engine.
    Blunders(BlundersArgs),
    /// How often we play the judge's move in a position set written by `blunders`.
    Agree(AgreeArgs),
    /// Fits how the engine's scores turn into winning chances, and checks it on held-out games.
    Calibrate(CalibrateArgs),
    /// In the games A lost, the proven wins A had and did not take.
    MissedWins(MissedWinsArgs),
    /// Two match runs on the same openings compared opening by opening (paired difference).
    Compare(CompareArgs),
    /// Threat puzzles (solved, one or two winning first moves) drawn from game records.
    Puzzles(PuzzlesArgs),
    /// The opening explorer's book: the engine's judgement of the 26 canonical openings.
    ExplorerBook(ExplorerBookArgs),
    /// Runs the engine as a Gomocup brain on stdin/stdout (what `pbrain-gomoku` does).
    Pbrain,
}

/// `gomoku bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search every position to this depth (default 8 unless --time is given).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search every position for this many milliseconds instead (the depth reached is reported).
    #[arg(long)]
    pub time: Option<u64>,
    /// A candidate order file (`fit-order` output) instead of the embedded one.
    #[arg(long)]
    pub order: Option<PathBuf>,
    /// The rule the positions are searched by.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// The transposition table's size in MiB (the brain's default: 64).
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
}

/// Which leaves of a match's internal players to sample for fitting the evaluation.
#[derive(Args, Debug, Clone)]
pub struct LeafArgs {
    /// Append every N-th leaf our searches evaluate to this file (as game records).
    #[arg(long)]
    pub leaves: Option<PathBuf>,
    /// Keep every N-th leaf.
    #[arg(long, default_value_t = 3000)]
    pub leaf_every: u64,
}

/// `gomoku match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// First player: a level (easy|medium|hard|master, optionally :dN for a fixed depth and
    /// :tN for N threads) or cmd:"shell command" for an external brain.
    pub a: String,
    /// Second player, as the first.
    pub b: String,
    /// Milliseconds a move.
    #[arg(long, default_value_t = 200)]
    pub time: u64,
    /// Milliseconds a game per side (0: no match clock).
    #[arg(long, default_value_t = 0)]
    pub match_time: u64,
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// The openings book (offsets from the centre, one opening a line).
    #[arg(long, default_value = CANONICAL_BOOK)]
    pub openings: PathBuf,
    /// Games to play (default 100; with a book, its openings × 2 cut to this).
    #[arg(long)]
    pub games: Option<usize>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Stop early by a sequential test: elo0,elo1[,alpha,beta].
    #[arg(long)]
    pub sprt: Option<String>,
    /// The first player searches this many nodes a move (an external brain is told so by
    /// `INFO max_node`); with a generous `--time`, the games no longer depend on the machine.
    #[arg(long)]
    pub nodes_a: Option<u64>,
    /// The second player's nodes a move, as `--nodes-a`.
    #[arg(long)]
    pub nodes_b: Option<u64>,
    /// An opening rule played from the empty board instead of the book: none|swap1|swap2|rif.
    #[arg(long, default_value = "none")]
    pub opening_rule: String,
    /// Sampling of our players' leaves.
    #[command(flatten)]
    pub leaves: LeafArgs,
}

/// `gomoku selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// The level.
    #[arg(long, default_value_t = Level::Hard)]
    pub level: Level,
    /// A fixed depth.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Milliseconds a move.
    #[arg(long, default_value_t = 100)]
    pub time: u64,
    /// Plies printed per game at most.
    #[arg(long, default_value_t = 400)]
    pub plies: usize,
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// The openings book.
    #[arg(long, default_value = CANONICAL_BOOK)]
    pub openings: PathBuf,
    /// Seed of the first game.
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
}

/// Which evaluation a data tool plays with.
#[derive(Args, Debug, Clone)]
pub struct WeightsArgs {
    /// Linear weights: hand, embedded or a weights file.
    #[arg(long, default_value = "embedded")]
    pub weights: String,
    /// The network on top: embedded, none or a network file (default: embedded with the
    /// embedded weights, none with others).
    #[arg(long)]
    pub net: Option<String>,
}

/// `gomoku gen-data`.
#[derive(Args, Debug)]
pub struct GenDataArgs {
    /// Where the records go (written as OUT.partial while games are played).
    #[arg(long)]
    pub out: PathBuf,
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// Games to play.
    #[arg(long, default_value_t = 2000)]
    pub games: usize,
    /// Nodes a move (a fixed budget: the games are a function of the seed and the weights).
    #[arg(long, default_value_t = 8000)]
    pub nodes: u64,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (games played at once).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// The evaluation to play with.
    #[command(flatten)]
    pub weights: WeightsArgs,
    /// An external brain to play against (shell command).
    #[arg(long)]
    pub opponent: Option<String>,
    /// The brain's milliseconds a move.
    #[arg(long, default_value_t = 100)]
    pub opponent_time: u64,
    /// The brain plays both colours (our search only scores the positions).
    #[arg(long, requires = "opponent")]
    pub opponent_both: bool,
    /// Carries on an interrupted run: keeps the finished games of OUT.partial (written by the
    /// same command) and plays the rest.
    #[arg(long, conflicts_with = "opponent")]
    pub resume: bool,
}

/// `gomoku tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The opponent: a Gomocup brain's shell command that understands `INFO max_node`.
    #[arg(long)]
    pub opponent: String,
    /// The run's state: read if it exists (the run goes on), rewritten after every step.
    #[arg(long)]
    pub state: PathBuf,
    /// More steps to hand out (two games each) before stopping.
    #[arg(long, default_value_t = 1000)]
    pub steps: u64,
    /// Our nodes a move.
    #[arg(long, default_value_t = 30_000)]
    pub nodes: u64,
    /// The opponent's nodes a move.
    #[arg(long, default_value_t = 30_000)]
    pub opponent_nodes: u64,
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// The openings book (each opening played with both colours on consecutive steps).
    #[arg(long, default_value = FREESTYLE_BOOK)]
    pub openings: PathBuf,
    /// How far a step moves the numbers, in their own steps per point of difference.
    #[arg(long, default_value_t = 0.01)]
    pub rate: f64,
    /// Seed of the steps' directions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A progress line every this many steps counted.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..))]
    pub report_every: u64,
    /// Steps played side by side (one a core: each plays its two games one after the other).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub workers: u64,
}

/// `gomoku line-policy` (an experiment of issue 59).
#[derive(Args, Debug)]
pub struct LinePolicyArgs {
    /// Freestyle record files, comma-separated, read as one list of games.
    #[arg(long)]
    pub data: String,
    /// Only the first N games.
    #[arg(long)]
    pub games: Option<usize>,
    /// The engine's learned order to compare with.
    #[arg(long, default_value = "src/ai/weights/order-freestyle.txt")]
    pub baseline: PathBuf,
    /// The policy learns what the engine's order misses (its logits are added to it).
    #[arg(long)]
    pub residual: bool,
    /// Cells read on each side of a point along a line (1–6).
    #[arg(long, default_value_t = 4)]
    pub reach: usize,
    /// Width of a line row (the accumulator).
    #[arg(long, default_value_t = 32)]
    pub dims: usize,
    /// Passes over the data.
    #[arg(long, default_value_t = 4)]
    pub epochs: usize,
    /// Positions a step.
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.003)]
    pub rate: f32,
    /// Weight decay of the line rows (per unit of step size).
    #[arg(long, default_value_t = 0.0)]
    pub decay: f32,
    /// Seed of the first weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The last step's size as a fraction of the first (1: constant steps).
    #[arg(long, default_value_t = 1.0)]
    pub anneal: f32,
    /// A depthwise 3 × 3 convolution mixes each point's accumulator with its neighbours'.
    #[arg(long)]
    pub conv: bool,
    /// Writes the fitted policy (with `--conv`) in the engine's binary format.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Learns only the external brain's moves, from the files of games against one (their first
    /// line names `--opponent`; the brain is white in a file's even games, black in odd ones).
    #[arg(long)]
    pub opponent_only: bool,
}

/// `gomoku line-value` (an experiment of issue 59).
#[derive(Args, Debug)]
pub struct LineValueArgs {
    /// Record files, comma-separated, read as one list of games.
    #[arg(long)]
    pub data: String,
    /// The rule the games were played under.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// Only the first N games.
    #[arg(long)]
    pub games: Option<usize>,
    /// Cells read on each side of a point along a line (1–6).
    #[arg(long, default_value_t = 4)]
    pub reach: usize,
    /// Width of a line row (the accumulator).
    #[arg(long, default_value_t = 32)]
    pub dims: usize,
    /// Hidden units of the head.
    #[arg(long, default_value_t = 16)]
    pub hidden: usize,
    /// Passes over the data.
    #[arg(long, default_value_t = 6)]
    pub epochs: usize,
    /// Positions a step.
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.002)]
    pub rate: f32,
    /// Weight decay of the line rows (per unit of step size).
    #[arg(long, default_value_t = 0.0)]
    pub decay: f32,
    /// Weight of the results against the search scores in the target.
    #[arg(long, default_value_t = 0.7)]
    pub lambda: f64,
    /// Seed of the first weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The last step's size as a fraction of the first (1: constant steps).
    #[arg(long, default_value_t = 1.0)]
    pub anneal: f32,
    /// The network learns what the engine's evaluation misses (its log-odds are added to it).
    #[arg(long)]
    pub residual: bool,
    /// A depthwise 3 × 3 convolution mixes each point's accumulator with its neighbours'.
    #[arg(long)]
    pub conv: bool,
}

/// `gomoku train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Record files, comma-separated, read as one list of games.
    #[arg(long)]
    pub data: String,
    /// Where the fitted weights go.
    #[arg(long)]
    pub out: PathBuf,
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// Passes over the data.
    #[arg(long, default_value_t = 400)]
    pub epochs: usize,
    /// Weight of the search scores against the results (0: scores only, 1: results only).
    #[arg(long, default_value_t = 0.7)]
    pub lambda: f64,
    /// Pull towards the prior.
    #[arg(long, default_value_t = 1e-9)]
    pub reg: f64,
    /// Step size (0 holds the linear weights).
    #[arg(long, default_value_t = 2.0)]
    pub rate: f64,
    /// The prior weights: hand or a weights file.
    #[arg(long, default_value = "hand")]
    pub prior: String,
    /// Evaluation units per unit of log-odds (fitted to the prior on the data unless given).
    #[arg(long)]
    pub scale: Option<f64>,
    /// The recorded scores' scale (a positive number, or fit) when they are another engine's.
    #[arg(long)]
    pub score_scale: Option<String>,
    /// Fit a network of this many hidden units on top (needs --net-out).
    #[arg(long, requires = "net_out")]
    pub hidden: Option<usize>,
    /// Where the network goes.
    #[arg(long)]
    pub net_out: Option<PathBuf>,
    /// Start the network from this network file (e.g. the embedded one) instead of small random
    /// weights: `--epochs 0` reports its held-out losses on the data, more epochs fine-tune it.
    #[arg(long, requires = "hidden")]
    pub net_start: Option<PathBuf>,
    /// The network's minibatch size.
    #[arg(long, default_value_t = 1024)]
    pub batch: usize,
    /// The network's input step size.
    #[arg(long, default_value_t = 0.002)]
    pub input_rate: f64,
    /// The network's output step size (default: --rate).
    #[arg(long)]
    pub output_rate: Option<f64>,
    /// The network's weight decay.
    #[arg(long, default_value_t = 0.0)]
    pub decay: f64,
    /// The fraction of the network's step sizes left at the last step: they shrink linearly
    /// from the first step to it (1 keeps them constant).
    #[arg(long, default_value_t = 1.0)]
    pub anneal: f64,
    /// Give the network pair rows too (both colours' threat classes at each empty point; the
    /// linear weights must be held: --rate 0).
    #[arg(long, requires = "hidden")]
    pub pairs: bool,
    /// Record files of games against another engine, comma-separated: the network also learns
    /// to rank that engine's moves first among the positions each candidate leads to
    /// (comparison training; every tenth game held out).
    #[arg(long, requires = "hidden")]
    pub choices: Option<String>,
    /// How much the choices' cross-entropy weighs against the value loss.
    #[arg(long, default_value_t = 1.0)]
    pub choice_weight: f64,
    /// Evaluation units per unit of the choices' logits (fitted to the starting network on the
    /// training choices unless given).
    #[arg(long)]
    pub choice_temperature: Option<f64>,
    /// Learn our own engine's choices in those games (its search's moves) instead of the other
    /// engine's.
    #[arg(long)]
    pub own_choices: bool,
}

/// `gomoku relabel`.
#[derive(Args, Debug)]
pub struct RelabelArgs {
    /// The records to score again.
    #[arg(long)]
    pub data: PathBuf,
    /// Where the rescored records go.
    #[arg(long)]
    pub out: PathBuf,
    /// Nodes of our search per position (default 100 000).
    #[arg(long, conflicts_with = "judge")]
    pub nodes: Option<u64>,
    /// Score with this external brain instead (its units).
    #[arg(long)]
    pub judge: Option<String>,
    /// The judge's milliseconds a position.
    #[arg(long, default_value_t = 40)]
    pub judge_time: u64,
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Only the first N records.
    #[arg(long)]
    pub games: Option<usize>,
    /// Linear weights of our search: hand, embedded or a weights file.
    #[arg(long, conflicts_with = "judge", default_value = "embedded")]
    pub weights: String,
    /// The network on top: embedded, none or a network file.
    #[arg(long, conflicts_with = "judge")]
    pub net: Option<String>,
}

/// `gomoku fit-order`.
#[derive(Args, Debug)]
pub struct FitOrderArgs {
    /// The book the logged games started from (with match logs).
    #[arg(long, required_unless_present = "records")]
    pub openings: Option<PathBuf>,
    /// Record files (`gen-data` output), comma-separated, instead of match logs.
    #[arg(long, conflicts_with_all = ["openings", "logs"])]
    pub records: Option<String>,
    /// The rule the games were played by.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// Whose moves are learned: first, second (a log's A or B), black, white or both colours.
    #[arg(long, value_parser = ["first", "second", "black", "white", "both"])]
    pub learn: String,
    /// Where the order's weights go.
    #[arg(long)]
    pub out: PathBuf,
    /// Gradient steps.
    #[arg(long, default_value_t = 300)]
    pub steps: usize,
    /// Step size.
    #[arg(long, default_value_t = 0.05)]
    pub rate: f64,
    /// Regularisation.
    #[arg(long, default_value_t = 1e-4)]
    pub reg: f64,
    /// Learn the moves that cut off the engine's searches of the records' positions (this many
    /// nodes a search) instead of the moves played.
    #[arg(long, requires = "records")]
    pub from_search: Option<u64>,
    /// With --from-search: of the records' games, every N-th is searched.
    #[arg(long, default_value_t = 1)]
    pub game_every: usize,
    /// With --from-search: a game's positions searched, every N plies after the opening.
    #[arg(long, default_value_t = 4)]
    pub every_ply: usize,
    /// With --from-search: of the cut-offs deep enough, every N-th is kept.
    #[arg(long, default_value_t = 8)]
    pub sample_every: u64,
    /// With --from-search: the least remaining depth of a kept cut-off's node.
    #[arg(long, default_value_t = 2)]
    pub min_depth: i32,
    /// With --from-search: the order the searching engine uses (default: the embedded one).
    #[arg(long)]
    pub search_order: Option<PathBuf>,
    /// Match logs (`gomoku match` output).
    #[arg(required_unless_present = "records")]
    pub logs: Vec<PathBuf>,
}

/// `gomoku blunders`.
#[derive(Args, Debug)]
pub struct BlundersArgs {
    /// A match log (`gomoku match` output).
    #[arg(long)]
    pub log: PathBuf,
    /// The judge: a shell command starting a Gomocup brain.
    #[arg(long)]
    pub judge: String,
    /// Where the positions go.
    #[arg(long)]
    pub out: PathBuf,
    /// The book the match played.
    #[arg(long, default_value = FREESTYLE_BOOK)]
    pub openings: PathBuf,
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// The judge's milliseconds a position.
    #[arg(long, default_value_t = 500)]
    pub time: u64,
    /// Only the first N lost games.
    #[arg(long)]
    pub max_games: Option<usize>,
    /// Every quiet position of the lost games, instead of the decisive errors.
    #[arg(long)]
    pub every_move: bool,
}

/// `gomoku puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// Game records (`gen-data` output).
    #[arg(long)]
    pub data: PathBuf,
    /// The rule the games were played under.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// Where the puzzles go.
    #[arg(long)]
    pub out: PathBuf,
    /// The most puzzles.
    #[arg(long, default_value_t = 400)]
    pub max: usize,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// `gomoku explorer-book`.
#[derive(Args, Debug)]
pub struct ExplorerBookArgs {
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// Where the book goes (`src/study/openings/<rule>.txt`).
    #[arg(long)]
    pub out: PathBuf,
    /// Nodes searched for each opening (a fixed budget: the book is a function of the engine).
    #[arg(long, default_value_t = 3_000_000)]
    pub nodes: u64,
    /// White's best replies kept per opening.
    #[arg(long, default_value_t = 3)]
    pub replies: usize,
}

/// `gomoku compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The baseline's match logs, comma-separated; `LOG@OFFSET` adds OFFSET to a log's opening
    /// numbers (a run over part of the book).
    #[arg(long, value_delimiter = ',', required = true)]
    pub base: Vec<String>,
    /// The candidate's match logs, as the baseline's.
    #[arg(long, value_delimiter = ',', required = true)]
    pub new: Vec<String>,
    /// Also compare each part of this many openings (0: the whole only).
    #[arg(long, default_value_t = 50)]
    pub part: usize,
    /// The logs of each side are several runs of one engine: a game logged more than once is
    /// averaged (colour by colour, opening by opening) instead of refused.
    #[arg(long)]
    pub pool: bool,
}

/// `gomoku missed-wins`.
#[derive(Args, Debug)]
pub struct MissedWinsArgs {
    /// A match log (`gomoku match` output).
    #[arg(long)]
    pub log: PathBuf,
    /// The book the match played.
    #[arg(long, default_value = CANONICAL_BOOK)]
    pub openings: PathBuf,
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
}

/// `gomoku calibrate`.
#[derive(Args, Debug)]
pub struct CalibrateArgs {
    /// Record files (`gen-data` output), comma-separated.
    #[arg(long)]
    pub data: String,
    /// Bins of predicted chance in the held-out table.
    #[arg(long, default_value_t = 10)]
    pub bins: usize,
    /// Only the first N games (all by default).
    #[arg(long)]
    pub games: Option<usize>,
}

/// `gomoku agree`.
#[derive(Args, Debug)]
pub struct AgreeArgs {
    /// Positions written by `gomoku blunders`.
    #[arg(long)]
    pub positions: PathBuf,
    /// Our level.
    #[arg(long, default_value_t = Level::Master)]
    pub level: Level,
    /// Our milliseconds a position.
    #[arg(long, default_value_t = 200)]
    pub time: u64,
    /// The rule.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// A judge (shell command) that says how much worse our moves are.
    #[arg(long)]
    pub judge: Option<String>,
    /// The judge's milliseconds a position.
    #[arg(long, default_value_t = 300)]
    pub judge_time: u64,
    /// A file that keeps the judge's answers between runs.
    #[arg(long, requires = "judge")]
    pub cache: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("gomoku").chain(args.iter().copied()))
    }

    #[test]
    fn a_misspelt_or_unknown_flag_is_refused() {
        let error = parse(&["bench", "--dpeth", "10"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::UnknownArgument);
        assert!(parse(&["gen-data", "--out", "x", "--gamez", "3"]).is_err());
        assert!(parse(&["bench", "--depth", "ten"]).is_err(), "a bad number is refused");
        assert!(parse(&["bench", "--depth", "10"]).is_ok());
    }

    #[test]
    fn options_that_need_another_are_refused_without_it() {
        let error = parse(&["gen-data", "--out", "x", "--opponent-both"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::MissingRequiredArgument);
        assert!(parse(&["relabel", "--data", "a", "--out", "b", "--judge", "j", "--nodes", "5"])
            .is_err());
        assert!(parse(&["train", "--data", "a", "--out", "b", "--hidden", "8"]).is_err());
    }

    #[test]
    fn defaults_point_inside_the_repository() {
        let Command::Match(args) = parse(&["match", "master", "hard"]).unwrap().command else {
            panic!("a match")
        };
        assert!(args.openings.exists(), "{}", args.openings.display());
        assert_eq!((args.time, args.rule), (200, Rule::Freestyle));
        assert_eq!((args.nodes_a, args.nodes_b), (None, None), "timed unless told otherwise");
        assert!(Path::new(FREESTYLE_BOOK).exists());
    }

    #[test]
    fn a_match_gives_each_player_its_own_node_budget() {
        let line = ["match", "master", "cmd:brain", "--nodes-a", "50000", "--nodes-b", "20000"];
        let Command::Match(args) = parse(&line).unwrap().command else { panic!("a match") };
        assert_eq!((args.nodes_a, args.nodes_b), (Some(50_000), Some(20_000)));
    }

    #[test]
    fn every_subcommand_has_help() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
        for sub in Cli::command().get_subcommands() {
            assert!(sub.get_about().is_some(), "{} has no help text", sub.get_name());
        }
    }
}
