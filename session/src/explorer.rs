//! The opening explorer as the page shows it: the 26 canonical openings by name, each with the
//! engine's shipped judgement (black's winning chance, white's best replies) under the rule
//! asked for, and the person's own results with it from the kept finished games.

use crate::storage::read_limited;
use crate::view::StoneView;
use gomoku::ai::Score;
use gomoku::game::Clock;
use gomoku::record::{self, MAX_SAVE_BYTES};
use gomoku::study::chances::percent;
use gomoku::study::explorer::{book, classify, OPENINGS};
use gomoku::{Color, Game, Mode, Outcome, Rule};
use serde::Serialize;
use std::path::PathBuf;
use std::sync::Arc;

/// Scores at or beyond this are the search's proven wins (see the lab's `score_value`).
const MATE: i32 = 20_000;

/// One of white's best replies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplyView {
    /// Column from the left (15 × 15 board, black's first stone on the centre).
    pub x: u8,
    /// Row from the top.
    pub y: u8,
    /// The score for white after the search (evaluation units).
    pub score: i32,
    /// Black's winning chance in % after this reply.
    pub black_chance: u8,
}

/// The person's games that began with an opening.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResultsView {
    /// Finished games kept.
    pub games: u32,
    /// Of them won by black.
    pub black_wins: u32,
    /// Won by white.
    pub white_wins: u32,
    /// Against the AI: won by the person.
    pub your_wins: u32,
    /// Against the AI: lost by the person.
    pub your_losses: u32,
}

/// One opening.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OpeningView {
    /// Index (0–25): what `play_opening` takes.
    pub index: usize,
    /// 1–13 within its kind.
    pub number: u8,
    /// Direct (white beside black) or indirect (diagonal).
    pub direct: bool,
    /// The Chinese name.
    pub name_zh: &'static str,
    /// The international (Japanese) name.
    pub name_ja: &'static str,
    /// Its meaning in English.
    pub name_en: &'static str,
    /// The three stones on a 15 × 15 board.
    pub stones: Vec<StoneView>,
    /// Black's winning chance in % with white to move (`None`: not in the book).
    pub black_chance: Option<u8>,
    /// White's best replies, best first.
    pub replies: Vec<ReplyView>,
    /// The person's results.
    pub mine: ResultsView,
}

/// The explorer under one rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExplorerView {
    /// The rule judged (freestyle's book serves standard too).
    pub rule: Rule,
    /// The 26 openings, direct ones first.
    pub openings: Vec<OpeningView>,
}

/// Black's chance in % when white, to move, scores `white_score`.
fn black_chance(white_score: i32, rule: Rule) -> u8 {
    let score = match white_score {
        s if s >= MATE => Score::WinIn(1),
        s if s <= -MATE => Score::LossIn(1),
        s => Score::Eval(s),
    };
    100 - percent(score, rule)
}

/// The explorer for `rule`, with the results of the person's games saved at `files`.
pub fn explorer(rule: Rule, files: &[PathBuf], clock: Arc<dyn Clock>) -> ExplorerView {
    let book = book(rule);
    let mut mine = vec![ResultsView::default(); OPENINGS.len()];
    for game in files.iter().filter_map(|f| read_game(f, clock.clone())) {
        count(&game, rule, &mut mine);
    }
    let openings = OPENINGS
        .iter()
        .enumerate()
        .map(|(index, o)| {
            let entry = book.iter().find(|e| e.index == index);
            let replies = entry.map_or_else(Vec::new, |e| {
                let reply = |&(p, score): &(gomoku::Pos, i32)| ReplyView {
                    x: p.x,
                    y: p.y,
                    score,
                    black_chance: black_chance(score, rule),
                };
                e.replies.iter().map(reply).collect()
            });
            let stones = o.stones(15);
            let stones = stones.iter().enumerate();
            OpeningView {
                index,
                number: o.number,
                direct: o.direct,
                name_zh: o.name_zh,
                name_ja: o.name_ja,
                name_en: o.name_en,
                stones: stones
                    .map(|(i, p)| StoneView { x: p.x, y: p.y, color: Color::at_ply(i) })
                    .collect(),
                black_chance: entry.map(|e| black_chance(e.score, rule)),
                replies,
                mine: mine[index].clone(),
            }
        })
        .collect();
    ExplorerView { rule, openings }
}

fn read_game(path: &std::path::Path, clock: Arc<dyn Clock>) -> Option<Game> {
    let bytes = read_limited(path, MAX_SAVE_BYTES).ok()??;
    record::load_save(&bytes, clock).ok()
}

/// Adds a finished game that began with one of the openings (and was played under `rule`, or
/// under freestyle or standard for freestyle's explorer) to its results.
fn count(game: &Game, rule: Rule, mine: &mut [ResultsView]) {
    let s = game.settings();
    let same_rule = (s.rule == Rule::Renju) == (rule == Rule::Renju);
    let moves: Vec<_> = game.moves().iter().map(|m| m.pos).collect();
    let Some(index) = classify(&moves).filter(|_| same_rule && game.setup().is_none()) else {
        return;
    };
    let winner = match game.outcome() {
        Outcome::Won { winner, .. } | Outcome::TimeOut { winner } => Some(*winner),
        Outcome::Draw => None,
        Outcome::Playing => return,
    };
    let r = &mut mine[index];
    r.games += 1;
    r.black_wins += u32::from(winner == Some(Color::Black));
    r.white_wins += u32::from(winner == Some(Color::White));
    if s.mode == Mode::HumanVsAi {
        r.your_wins += u32::from(winner == Some(s.human_color));
        r.your_losses += u32::from(winner == Some(!s.human_color));
    }
}
