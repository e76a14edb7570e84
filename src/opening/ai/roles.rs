//! What the AI decides in each phase of an opening.

use super::judge::{Judge, Verdict};
use super::propose::{three_stones, two_stones};
use super::OpeningAi;
use crate::color::Color;
use crate::opening::{Decision, Opening, OpeningRule, Phase};
use crate::pos::Pos;
use rand::rngs::SmallRng;

/// How many best fifth moves black looks at for its two offers.
const FIFTH_LINES: usize = 8;

/// Some decisions of one player and, when they end the opening with its move, that move.
#[derive(Default)]
pub struct Step {
    /// The decisions, in order.
    pub decisions: Vec<Decision>,
    /// The first normal move, when the decisions end the opening with this player to move.
    pub then_play: Option<Pos>,
}

impl Step {
    fn of(decisions: Vec<Decision>) -> Step {
        Step { decisions, then_play: None }
    }
}

/// The next decisions of the player whose turn it is.
pub fn decide(
    ai: &OpeningAi,
    opening: &Opening,
    judge: &mut Judge<'_>,
    rng: &mut SmallRng,
) -> Step {
    match opening.phase() {
        Phase::OpenerPlacesThree { .. } => {
            let candidates = three_stones(opening, ai.candidates, rng);
            Step::of(most_even_or_any(opening, candidates, judge))
        }
        Phase::ResponderChooses => respond(ai, opening, judge, rng),
        Phase::ResponderPlacesFifth => {
            let candidates = two_stones(opening, ai.candidates, None, rng);
            Step::of(most_even_or_any(opening, candidates, judge))
        }
        Phase::OpenerChooses => choose_colour(judge.judge(opening.board(), Color::White)),
        Phase::FourthMove => {
            let best = judge.judge(opening.board(), Color::White).best;
            Step::of(best.map_or_else(|| fallback(opening), |p| vec![Decision::Place(p)]))
        }
        Phase::FifthOffers => Step::of(offer_fifths(opening, judge).into_iter().collect()),
        Phase::WhiteKeepsFifth => keep_fifth(opening, judge),
        Phase::Done => Step::default(),
    }
}

/// The candidate whose position is the most even for the side to move after it, with that
/// |value|.
fn most_even(
    opening: &Opening,
    candidates: Vec<Vec<Decision>>,
    judge: &mut Judge<'_>,
) -> Option<(Vec<Decision>, i32)> {
    let mut best: Option<(Vec<Decision>, i32)> = None;
    for decisions in candidates {
        let mut scratch = opening.clone();
        if decisions.iter().any(|&d| scratch.apply(d).is_err()) {
            continue;
        }
        let cost = judge.judge(scratch.board(), scratch.to_move()).value.abs();
        if best.as_ref().is_none_or(|b| cost < b.1) {
            best = Some((decisions, cost));
        }
    }
    best
}

/// The most even candidate, or the first legal stone should there be none.
fn most_even_or_any(
    opening: &Opening,
    candidates: Vec<Vec<Decision>>,
    judge: &mut Judge<'_>,
) -> Vec<Decision> {
    most_even(opening, candidates, judge)
        .map_or_else(|| fallback(opening), |(decisions, _)| decisions)
}

/// The responder's choice: two more stones (swap2) when neither colour is clearly better and an
/// even five-stone position is found; otherwise white when white (to move) stands well, else black.
fn respond(ai: &OpeningAi, opening: &Opening, judge: &mut Judge<'_>, rng: &mut SmallRng) -> Step {
    let verdict = judge.judge(opening.board(), Color::White);
    if opening.rule() == OpeningRule::Swap2 && verdict.value.abs() <= ai.even_window {
        let candidates = two_stones(opening, ai.candidates, verdict.best, rng);
        if let Some((decisions, cost)) = most_even(opening, candidates, judge) {
            if cost <= ai.even_window {
                return Step::of(decisions);
            }
        }
    }
    if verdict.value < 0 {
        return Step::of(vec![Decision::TakeBlack]);
    }
    match (opening.rule(), verdict.best) {
        (OpeningRule::Rif, Some(fourth)) => {
            Step::of(vec![Decision::TakeWhite, Decision::Place(fourth)])
        }
        (_, best) => Step { decisions: vec![Decision::TakeWhite], then_play: best },
    }
}

/// The opener's colour after swap2's two extra stones: white (to move) when it stands well.
fn choose_colour(verdict: Verdict) -> Step {
    if verdict.value < 0 {
        Step::of(vec![Decision::TakeBlack])
    } else {
        Step { decisions: vec![Decision::TakeWhite], then_play: verdict.best }
    }
}

/// Black's two best fifth moves that are not symmetric to each other (then the points
/// nearest the centre, should the search offer too few).
fn offer_fifths(opening: &Opening, judge: &mut Judge<'_>) -> Option<Decision> {
    let lines = judge.lines(opening.board(), Color::Black, FIFTH_LINES);
    let mut moves: Vec<Pos> = lines.into_iter().map(|(p, _)| p).collect();
    moves.extend(points_by_distance(opening));
    moves.iter().enumerate().find_map(|(i, &a)| {
        moves[i + 1..]
            .iter()
            .map(|&b| Decision::Offer(a, b))
            .find(|offer| opening.legal(offer).is_ok())
    })
}

/// White keeps the offered fifth move that leaves it the better position, and names its sixth.
fn keep_fifth(opening: &Opening, judge: &mut Judge<'_>) -> Step {
    let Some((a, b)) = opening.offered() else { return Step::default() };
    let mut best: Option<(Pos, Verdict)> = None;
    for p in [a, b] {
        let mut scratch = opening.clone();
        if scratch.apply(Decision::Keep(p)).is_err() {
            continue;
        }
        let verdict = judge.judge(scratch.board(), Color::White);
        if best.is_none_or(|(_, v)| verdict.value > v.value) {
            best = Some((p, verdict));
        }
    }
    match best {
        Some((p, verdict)) => Step { decisions: vec![Decision::Keep(p)], then_play: verdict.best },
        None => Step::default(),
    }
}

/// Every empty point, nearest the centre first.
fn points_by_distance(opening: &Opening) -> Vec<Pos> {
    let c = Pos::centre(opening.size());
    let mut points: Vec<Pos> = opening.board().empty_points().collect();
    points.sort_by_key(|p| (p.x.abs_diff(c.x).max(p.y.abs_diff(c.y)), p.y, p.x));
    points
}

/// The first legal stone nearest the centre, when no candidate could be made.
fn fallback(opening: &Opening) -> Vec<Decision> {
    points_by_distance(opening)
        .into_iter()
        .map(Decision::Place)
        .find(|d| opening.legal(d).is_ok())
        .into_iter()
        .collect()
}
