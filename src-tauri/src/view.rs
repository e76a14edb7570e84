//! The snapshot of a game that every command returns and the page draws (see `docs/ipc.md`).

use gomoku::game::Player;
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
    /// The AI level.
    pub level: Level,
    /// The external engine playing for the AI side, if one was chosen.
    pub engine: Option<EngineRef>,
}

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

/// Thinking time used by each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClocksView {
    /// Black's milliseconds.
    pub black_ms: u64,
    /// White's milliseconds.
    pub white_ms: u64,
}

/// Builds the snapshot of `game`.
pub fn view_of(game: &Game, generation: u64, ai_thinking: bool) -> GameView {
    let settings = game.settings();
    let size = settings.size;
    let moves: Vec<MoveView> = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, m)| MoveView {
            x: m.pos.x,
            y: m.pos.y,
            color: Color::at_ply(i),
            number: i + 1,
            notation: m.pos.to_notation(size).map(|n| n.to_string()).unwrap_or_default(),
        })
        .collect();
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
        clocks: ClocksView {
            black_ms: game.clock_ms(Color::Black),
            white_ms: game.clock_ms(Color::White),
        },
        can_undo: game.can_undo(),
        can_redo: game.can_redo(),
        ai_thinking,
        level: settings.level,
        engine: None,
    }
}

fn status_of(outcome: &Outcome) -> StatusView {
    match outcome {
        Outcome::Playing => StatusView::Playing,
        Outcome::Won { winner, line } => {
            StatusView::Won { winner: *winner, line: line.iter().map(|&p| p.into()).collect() }
        }
        Outcome::Draw => StatusView::Draw,
    }
}

fn player_view(game: &Game, color: Color) -> PlayerView {
    let Player { name, kind } = game.player(color);
    let level = (kind == gomoku::PlayerKind::Ai).then_some(game.settings().level);
    PlayerView { name, kind, level }
}

/// Whether the mode has an AI that moves by itself.
pub fn ai_moves_by_itself(mode: Mode) -> bool {
    matches!(mode, Mode::HumanVsAi | Mode::AiVsAi)
}
