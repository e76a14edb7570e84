//! The snapshot of a game that every command returns and the page draws (see `docs/ipc.md`).

use gomoku::game::{mistakes, proof_flags, Evaluation, Move, Player, ProofFlag};
use gomoku::study::chances::percent;
use gomoku::{Color, Forbidden, Game, Level, Mode, Outcome, Pos, Rule};
use serde::Serialize;

/// Everything the page shows about the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    /// Bumps on every change of the game.
    pub generation: u64,
    /// Board side.
    pub size: u8,
    /// The rule.
    pub rule: Rule,
    /// Black's first stone must be on the centre.
    pub centre_first: bool,
    /// Who plays whom.
    pub mode: Mode,
    /// Every stone in play order.
    pub moves: Vec<MoveView>,
    /// The colour to move.
    pub side_to_move: Color,
    /// Playing, won or drawn.
    pub status: StatusView,
    /// Black's forbidden points when black is to move in renju.
    pub forbidden: Vec<ForbiddenView>,
    /// Both players.
    pub players: PlayersView,
    /// Thinking time used by each side.
    pub clocks: ClocksView,
    /// Whether undo would do something.
    pub can_undo: bool,
    /// Whether redo would do something.
    pub can_redo: bool,
    /// The last stone played.
    pub last_move: Option<MoveView>,
    /// A search (AI move or hint) is running.
    pub ai_thinking: bool,
    /// Analysis mode's search is running (see `analyze`).
    pub analysing: bool,
    /// The evaluation graph is being computed.
    pub evaluating: bool,
    /// The person is reviewing an earlier position: the AI waits.
    pub reviewing: bool,
    /// The undone moves redo would replay, the next one first (numbers continue the moves').
    pub redo: Vec<MoveView>,
    /// The line the last divergent move dropped, if one is kept.
    pub variation: Option<VariationView>,
    /// The position set up by hand that the moves start from, if any.
    pub setup: Option<SetupView>,
    /// The evaluation of each position of the line (moves, then redo), ply 0 first, as far as
    /// computed.
    pub evaluations: Vec<EvaluationView>,
    /// The move numbers of the biggest mistakes (by the evaluations), biggest first.
    pub mistakes: Vec<usize>,
    /// The puzzle in play, if any (the board shows its position).
    pub puzzle: Option<crate::puzzles::PuzzleView>,
    /// The moves that threw away a proven win or walked into one (the most serious mistakes),
    /// in move order.
    pub proof_flags: Vec<ProofFlagView>,
    /// The opening rule's phase and stones, when the game has an opening rule.
    pub opening: Option<OpeningView>,
    /// The AI level.
    pub level: Level,
    /// The external engine playing for the AI side, if one was chosen.
    pub engine: Option<EngineRef>,
}

/// A kept variation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VariationView {
    /// The number of moves both lines share.
    pub from_ply: usize,
    /// Its moves (numbered from `from_ply + 1`).
    pub moves: Vec<MoveView>,
}

/// A set-up position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SetupView {
    /// Its stones.
    pub stones: Vec<StoneView>,
    /// Who moved first from it.
    pub to_move: Color,
}

/// A stone of a set-up position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct StoneView {
    /// Column from the left.
    pub x: u8,
    /// Row from the top.
    pub y: u8,
    /// Its colour.
    pub color: Color,
}

/// The evaluation of one position from black's point of view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationView {
    /// Score for black.
    pub score: i32,
    /// Plies to a known win: positive when black wins (0: the game is won there).
    pub mate: Option<i32>,
    /// Black's chance to win in percent (100 / 0 only when proven).
    pub black_chance: u8,
    /// The engine's best move there.
    pub best: Option<PointView>,
    /// The side to move's forced win there, proven by the threat solver.
    pub win: Option<WinView>,
}

/// A proven forced win of the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WinView {
    /// The winner's moves to the five.
    pub moves: u32,
    /// Whether fours alone win (VCF) or threes are needed too (VCT).
    pub by_fours: bool,
    /// The winning line to draw (for a VCT its first move).
    pub line: Vec<PointView>,
}

/// A move that threw away a proven win, or walked into one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProofFlagView {
    /// The move (1-based ply of the line).
    pub ply: usize,
    /// `missedWin` or `walkedIntoLoss`.
    pub kind: &'static str,
    /// The moves of the win concerned.
    pub moves: u32,
}

impl ProofFlagView {
    fn of(ply: usize, flag: ProofFlag) -> ProofFlagView {
        let (kind, moves) = match flag {
            ProofFlag::MissedWin { moves } => ("missedWin", moves),
            ProofFlag::WalkedIntoLoss { moves } => ("walkedIntoLoss", moves),
        };
        ProofFlagView { ply, kind, moves }
    }
}

impl EvaluationView {
    /// The view of an evaluation of a game under `rule`.
    pub fn of(e: &Evaluation, rule: gomoku::Rule) -> EvaluationView {
        let black_chance = match e.mate {
            Some(m) if m > 0 || (m == 0 && e.score > 0) => 100,
            Some(_) => 0,
            None => percent(gomoku::ai::Score::Eval(e.score), rule),
        };
        let win = e.win.as_ref().map(|w| WinView {
            moves: w.moves,
            by_fours: w.by_fours,
            line: w.line.iter().map(|&p| p.into()).collect(),
        });
        EvaluationView {
            score: e.score,
            mate: e.mate,
            black_chance,
            best: e.best.map(Into::into),
            win,
        }
    }
}

/// A game's opening: where it stands and what it placed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OpeningView {
    /// The opening rule.
    pub rule: gomoku::opening::OpeningRule,
    /// What is decided next (`{ "phase": "openerPlacesThree", "placed": 1 }`, …, `done`).
    pub phase: gomoku::opening::Phase,
    /// Who decides now (`opener` or `responder`), `null` once the opening is over.
    pub turn: Option<gomoku::opening::Role>,
    /// Whether a person or the AI decides now.
    pub decider: Option<gomoku::PlayerKind>,
    /// The stones the opening placed, numbered from 1.
    pub stones: Vec<MoveView>,
    /// The fifth moves offered, while white chooses.
    pub offered: Vec<PointView>,
    /// Yamaguchi, Soosõrv-8: the number of fifth moves declared, once declared.
    pub declared: Option<u8>,
    /// How many fifth moves black offers (RIF 2, as declared, Taraguchi-10 10), once known.
    pub offers_due: Option<usize>,
    /// The most fifth moves that may be declared (Yamaguchi 10, Soosõrv-8 8).
    pub max_declared: Option<u8>,
    /// The decisions so far, as text (`place 7,7`, `black`, `white`, `declare 3`, `offer …`,
    /// `keep …`).
    pub decisions: Vec<String>,
    /// Who took each decision (`opener` or `responder`), in the same order.
    pub deciders: Vec<gomoku::opening::Role>,
    /// Who took black, once decided.
    pub black: Option<gomoku::opening::Role>,
}

fn opening_view(game: &Game) -> Option<OpeningView> {
    let o = game.opening()?;
    let size = game.settings().size;
    let turn = game.opening_turn();
    Some(OpeningView {
        rule: o.rule(),
        phase: o.phase(),
        turn,
        decider: turn.map(|r| game.kind_of_role(r)),
        stones: o
            .stones()
            .iter()
            .enumerate()
            .map(|(i, &(p, color))| MoveView {
                x: p.x,
                y: p.y,
                color,
                number: i + 1,
                notation: p.to_notation(size).map(|n| n.to_string()).unwrap_or_default(),
            })
            .collect(),
        offered: o
            .offered()
            .map(|offers| offers.points().iter().map(|&p| p.into()).collect())
            .unwrap_or_default(),
        declared: o.declared(),
        offers_due: o.offers_due(),
        max_declared: o.rule().max_declared(),
        decisions: o.decisions().iter().map(ToString::to_string).collect(),
        deciders: o.history().map(|(role, _)| role).collect(),
        black: o.black_player(),
    })
}

/// How many mistakes the review marks.
const MISTAKES_SHOWN: usize = 3;

/// An external engine named in a view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EngineRef {
    /// Its id in the engine list.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// One stone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// Column from the left.
    pub x: u8,
    /// Row from the top.
    pub y: u8,
    /// Its colour.
    pub color: Color,
    /// 1-based move number.
    pub number: usize,
    /// Human notation, e.g. `h8`.
    pub notation: String,
}

/// A point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PointView {
    /// Column from the left.
    pub x: u8,
    /// Row from the top.
    pub y: u8,
}

impl From<Pos> for PointView {
    fn from(p: Pos) -> Self {
        PointView { x: p.x, y: p.y }
    }
}

/// How the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "camelCase")]
pub enum StatusView {
    /// Still being played.
    Playing,
    /// Someone made five.
    Won {
        /// The winner.
        winner: Color,
        /// The winning line.
        line: Vec<PointView>,
    },
    /// Full board.
    Draw,
    /// A player's time ran out.
    TimeOut {
        /// The winner.
        winner: Color,
    },
}

/// A forbidden point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ForbiddenView {
    /// Column from the left.
    pub x: u8,
    /// Row from the top.
    pub y: u8,
    /// Why.
    pub kind: Forbidden,
}

/// Both players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayersView {
    /// Black.
    pub black: PlayerView,
    /// White.
    pub white: PlayerView,
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Nickname or the AI's name.
    pub name: String,
    /// `human` or `ai`.
    pub kind: gomoku::PlayerKind,
    /// The AI's level (AI players only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
}

/// Thinking time used by each side, and under a time control what each clock shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClocksView {
    /// Black's milliseconds.
    pub black_ms: u64,
    /// White's milliseconds.
    pub white_ms: u64,
    /// The time control (`{"kind": "none"}` when untimed).
    pub control: gomoku::game::TimeControl,
    /// Under a time control: black's clock.
    pub black: Option<TimedClockView>,
    /// Under a time control: white's clock.
    pub white: Option<TimedClockView>,
    /// The clocks are paused.
    pub paused: bool,
    /// A fallen flag only warns.
    pub flag_warns: bool,
}

/// A clock under a time control, as of when the view was made (the page counts down from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TimedClockView {
    /// What the clock shows: the main time left, or in byo-yomi once it is spent the running
    /// period's time, in milliseconds.
    pub shown_ms: u64,
    /// Byo-yomi periods left (0 otherwise).
    pub periods: u32,
    /// Time until the flag falls, in milliseconds.
    pub left_ms: u64,
    /// Its flag fell (in a game where that only warns).
    pub flag_fallen: bool,
}

impl ClocksView {
    /// The clocks of `game` now.
    pub fn of(game: &Game) -> ClocksView {
        let timed = |color: Color| {
            let (shown_ms, periods) = game.shown_clock(color)?;
            let left_ms = game.time_left_ms(color)?;
            let flag_fallen = game.flags_fallen().contains(&color);
            Some(TimedClockView { shown_ms, periods, left_ms, flag_fallen })
        };
        ClocksView {
            black_ms: game.clock_ms(Color::Black),
            white_ms: game.clock_ms(Color::White),
            control: game.settings().time_control,
            black: timed(Color::Black),
            white: timed(Color::White),
            paused: game.is_paused(),
            flag_warns: game.settings().flag_warns,
        }
    }
}

/// Builds the snapshot of `game`.
pub fn view_of(game: &Game, generation: u64, ai_thinking: bool) -> GameView {
    let settings = game.settings();
    let size = settings.size;
    let moves = move_views(game, game.moves(), 0);
    let redo: Vec<Move> = game.redo_stack().iter().rev().copied().collect();
    let evaluations = game.evaluations();
    GameView {
        generation,
        size,
        rule: settings.rule,
        centre_first: settings.centre_first,
        mode: settings.mode,
        last_move: moves.last().cloned(),
        moves,
        side_to_move: game.side_to_move(),
        status: status_of(game.outcome()),
        forbidden: game
            .forbidden_points()
            .into_iter()
            .map(|(p, kind)| ForbiddenView { x: p.x, y: p.y, kind })
            .collect(),
        players: PlayersView {
            black: player_view(game, Color::Black),
            white: player_view(game, Color::White),
        },
        clocks: ClocksView::of(game),
        can_undo: game.can_undo(),
        can_redo: game.can_redo(),
        ai_thinking,
        analysing: false,
        evaluating: false,
        reviewing: false,
        redo: move_views(game, &redo, game.moves().len()),
        variation: game.variation().map(|v| VariationView {
            from_ply: v.from_ply,
            moves: move_views(game, &v.moves, v.from_ply),
        }),
        setup: game.setup().map(|s| SetupView {
            stones: s
                .stones
                .iter()
                .map(|&(p, color)| StoneView { x: p.x, y: p.y, color })
                .collect(),
            to_move: s.to_move,
        }),
        evaluations: evaluations
            .iter()
            .map(|e| EvaluationView::of(e, game.settings().rule))
            .collect(),
        mistakes: mistakes(evaluations, |ply| game.color_at(ply - 1), MISTAKES_SHOWN),
        puzzle: None,
        proof_flags: proof_flags(evaluations, &game.line(), |ply| game.color_at(ply - 1))
            .into_iter()
            .map(|(ply, flag)| ProofFlagView::of(ply, flag))
            .collect(),
        opening: opening_view(game),
        level: settings.level,
        engine: None,
    }
}

/// Views of `moves`, the first being ply `first` of the line (numbered after any opening stones).
fn move_views(game: &Game, moves: &[Move], first: usize) -> Vec<MoveView> {
    let size = game.settings().size;
    let placed = game.opening().map_or(0, |o| o.stones().len());
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| MoveView {
            x: m.pos.x,
            y: m.pos.y,
            color: game.color_at(first + i),
            number: placed + first + i + 1,
            notation: m.pos.to_notation(size).map(|n| n.to_string()).unwrap_or_default(),
        })
        .collect()
}

fn status_of(outcome: &Outcome) -> StatusView {
    match outcome {
        Outcome::Playing => StatusView::Playing,
        Outcome::Won { winner, line } => {
            StatusView::Won { winner: *winner, line: line.iter().map(|&p| p.into()).collect() }
        }
        Outcome::Draw => StatusView::Draw,
        Outcome::TimeOut { winner } => StatusView::TimeOut { winner: *winner },
    }
}

fn player_view(game: &Game, color: Color) -> PlayerView {
    let Player { name, kind } = game.player(color);
    let level = (kind == gomoku::PlayerKind::Ai).then_some(game.settings().level);
    PlayerView { name, kind, level }
}
