//! How the session tells the page about changes it did not ask for (AI moves, analysis, hints).

use crate::view::{EvaluationView, GameView, PointView};
use gomoku::ai::{Analysis, PvLine, Score};
use gomoku::study::chances::percent;
use gomoku::Rule;
use serde::Serialize;

/// Progress of a running search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisEvent {
    /// The game generation the search belongs to.
    pub generation: u64,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Evaluation for the side to move (0 when a mate is known).
    pub score: i32,
    /// Plies to the end when known: positive when the side to move wins.
    pub mate: Option<i32>,
    /// The side to move's chance to win in percent (100 / 0 only when proven), when known:
    /// `None` for an external engine, whose scores are in its own units.
    pub chance: Option<u8>,
    /// Best line.
    pub pv: Vec<PointView>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Whether this search is a hint for a person.
    pub for_hint: bool,
    /// Analysis mode: the ply of the position analysed (its first `ply` moves), else `None`.
    pub ply: Option<usize>,
    /// Analysis mode: the best moves, best first, each with its score and line.
    pub lines: Vec<LineView>,
}

/// One candidate move of analysis mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineView {
    /// Evaluation for the side to move (0 when a mate is known).
    pub score: i32,
    /// Plies to the end when known: positive when the side to move wins.
    pub mate: Option<i32>,
    /// The side to move's chance to win in percent.
    pub chance: Option<u8>,
    /// The line, starting with the candidate.
    pub pv: Vec<PointView>,
}

/// Splits a search score into the page's `score` and `mate`.
fn score_and_mate(score: Score) -> (i32, Option<i32>) {
    match score {
        Score::Eval(v) => (v, None),
        Score::WinIn(n) => (0, Some(2 * n as i32 - 1)),
        Score::LossIn(n) => (0, Some(-2 * n as i32)),
    }
}

impl LineView {
    /// A candidate of a search under `rule`.
    pub fn of(line: &PvLine, rule: Rule) -> LineView {
        let (score, mate) = score_and_mate(line.score);
        let chance = Some(percent(line.score, rule));
        LineView { score, mate, chance, pv: line.pv.iter().map(|&p| p.into()).collect() }
    }
}

/// Progress of the evaluation graph: one more position evaluated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphEvent {
    /// The game generation the graph belongs to.
    pub generation: u64,
    /// The position: the first `ply` moves of the line.
    pub ply: usize,
    /// The number of positions in all (the line's length + 1).
    pub total: usize,
    /// Its evaluation.
    pub evaluation: EvaluationView,
}

impl AnalysisEvent {
    /// The event for an engine analysis under `rule`.
    pub fn new(a: &Analysis, generation: u64, for_hint: bool, rule: Rule) -> AnalysisEvent {
        let (score, mate) = score_and_mate(a.score);
        AnalysisEvent {
            generation,
            depth: a.depth,
            score,
            mate,
            chance: Some(percent(a.score, rule)),
            pv: a.pv.iter().map(|&p| p.into()).collect(),
            nodes: a.nodes,
            nps: a.nps,
            for_hint,
            ply: None,
            lines: Vec::new(),
        }
    }

    /// The event for analysis mode: the position's ply and every candidate line.
    pub fn for_analysis(a: &Analysis, generation: u64, ply: usize, rule: Rule) -> AnalysisEvent {
        let mut event = AnalysisEvent::new(a, generation, false, rule);
        event.ply = Some(ply);
        event.lines = if a.lines.is_empty() {
            let (score, mate, chance) = (event.score, event.mate, event.chance);
            vec![LineView { score, mate, chance, pv: event.pv.clone() }]
        } else {
            a.lines.iter().map(|line| LineView::of(line, rule)).collect()
        };
        event
    }
}

/// A suggested move for the person to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HintEvent {
    /// The game generation the hint belongs to.
    pub generation: u64,
    /// Column.
    pub x: u8,
    /// Row.
    pub y: u8,
    /// Human notation.
    pub notation: String,
    /// Evaluation.
    pub score: i32,
    /// Plies to the end when known.
    pub mate: Option<i32>,
    /// The chance to win in percent, when known.
    pub chance: Option<u8>,
    /// Depth searched.
    pub depth: u32,
    /// Best line.
    pub pv: Vec<PointView>,
}

/// Receives the session's unsolicited news.
pub trait Notifier: Send + Sync {
    /// The game changed without a command (the AI moved or a search ended).
    fn view(&self, view: &GameView);
    /// A search made progress.
    fn analysis(&self, event: &AnalysisEvent);
    /// A hint is ready.
    fn hint(&self, event: &HintEvent);
    /// An external engine failed (the message is for the person); the game is unchanged.
    fn engine_error(&self, message: &str);
    /// The evaluation graph made progress.
    fn graph(&self, _event: &GraphEvent) {}
}

/// A notifier that drops everything.
pub struct Silent;

impl Notifier for Silent {
    fn view(&self, _: &GameView) {}
    fn analysis(&self, _: &AnalysisEvent) {}
    fn hint(&self, _: &HintEvent) {}
    fn engine_error(&self, _: &str) {}
}
