//! What the AI decides in each phase of an opening.

use super::fifths::{declaration, worth_of_offering, BeforeFifth};
use super::judge::{Judge, Verdict};
use super::propose::{stones_in_square, three_stones, two_stones};
use super::OpeningAi;
use crate::color::Color;
use crate::opening::{Decision, Opening, OpeningRule, Phase, MAX_OFFERS};
use crate::pos::Pos;
use rand::rngs::SmallRng;

/// How many more lines than fifth moves due black's search looks at (some are symmetric to
/// others, or forbidden).
const SPARE_LINES: usize = 4;

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
        Phase::FifthOffers => {
            let due = opening.offers_due().unwrap_or(2);
            Step::of(offer_fifths(opening, judge, due).into_iter().collect())
        }
        Phase::WhiteKeepsFifth => keep_fifth(opening, judge),
        Phase::DeclareOffers => declare(opening, judge),
        Phase::SwapChoice => swap_choice(opening, judge),
        Phase::PlaceInSquare { stone } => {
            let candidates = stones_in_square(opening, stone - 1, ai.candidates, rng);
            Step::of(most_even_or_any(opening, candidates, judge))
        }
        Phase::FifthOrOffers => fifth_or_offers(ai, opening, judge, rng),
        Phase::Done => Step::default(),
    }
}

/// The position before black's fifth move: the opening's, or (with three stones, Yamaguchi)
/// after white's best fourth move.
fn before_fifth(opening: &Opening, judge: &mut Judge<'_>) -> BeforeFifth {
    let now = BeforeFifth { stones: opening.stones(), board: opening.board().clone() };
    if opening.stones().len() >= 4 {
        return now;
    }
    match judge.judge(opening.board(), Color::White).best {
        Some(fourth) => now.with(fourth, Color::White),
        None => now,
    }
}

/// Black's best fifth moves that may be offered together, enough for `n` offers.
fn best_fifths(position: &BeforeFifth, judge: &mut Judge<'_>, n: usize) -> Vec<(Pos, i32)> {
    position.best(judge, n + SPARE_LINES)
}

/// Yamaguchi, Soosõrv-8: the number of fifth moves that leaves the most even game.
fn declare(opening: &Opening, judge: &mut Judge<'_>) -> Step {
    let max = opening.rule().max_declared().unwrap_or(2);
    let position = before_fifth(opening, judge);
    let best = best_fifths(&position, judge, usize::from(max));
    Step::of(vec![Decision::Declare(declaration(&best, max))])
}

/// What the declared offers are worth to black (Yamaguchi, Soosõrv-8), when the search says.
fn declared_worth(opening: &Opening, judge: &mut Judge<'_>) -> Option<i32> {
    let n = usize::from(opening.declared()?);
    let position = before_fifth(opening, judge);
    worth_of_offering(&best_fifths(&position, judge, n), n)
}

/// A swap choice (Soosõrv-8's second, Taraguchi-10's): the colour the search prefers — by
/// the declared offers' worth under Soosõrv-8, by the side to move's value otherwise.
fn swap_choice(opening: &Opening, judge: &mut Judge<'_>) -> Step {
    if opening.rule() == OpeningRule::Soosorv8 {
        let worth = declared_worth(opening, judge).unwrap_or(0);
        let take = if worth >= 0 { Decision::TakeBlack } else { Decision::TakeWhite };
        return Step::of(vec![take]);
    }
    let to_move = opening.to_move();
    let verdict = judge.judge(opening.board(), to_move);
    let take_to_move = verdict.value >= 0;
    let take = match (to_move, take_to_move) {
        (Color::Black, true) | (Color::White, false) => Decision::TakeBlack,
        _ => Decision::TakeWhite,
    };
    Step { decisions: vec![take], then_play: verdict.best.filter(|_| take_to_move) }
}

/// Taraguchi-10's fifth move: ten offers when the tenth best fifth move is worth more to black
/// than the most even single fifth move (which the other player may then swap), else that one.
fn fifth_or_offers(
    ai: &OpeningAi,
    opening: &Opening,
    judge: &mut Judge<'_>,
    rng: &mut SmallRng,
) -> Step {
    let candidates = stones_in_square(opening, 4, ai.candidates, rng);
    let single = most_even(opening, candidates, judge);
    let position = before_fifth(opening, judge);
    let best = best_fifths(&position, judge, MAX_OFFERS);
    let tenth = worth_of_offering(&best, MAX_OFFERS);
    match single {
        Some((decisions, cost)) if tenth.is_none_or(|v| v <= -cost) => Step::of(decisions),
        _ => Step::of(Decision::offer(&position.offers(&best, MAX_OFFERS)).into_iter().collect()),
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
    // Yamaguchi: black's worth is that of the declared offers after white's best fourth move.
    let black_better = match declared_worth(opening, judge) {
        Some(worth) if opening.rule() == OpeningRule::Yamaguchi => worth > 0,
        _ => verdict.value < 0,
    };
    if black_better {
        return Step::of(vec![Decision::TakeBlack]);
    }
    match (opening.rule().opens_with_26(), verdict.best) {
        (true, Some(fourth)) => Step::of(vec![Decision::TakeWhite, Decision::Place(fourth)]),
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

/// Black's `due` best fifth moves, no two symmetric (then the points nearest the centre,
/// should the search find too few).
fn offer_fifths(opening: &Opening, judge: &mut Judge<'_>, due: usize) -> Option<Decision> {
    let position = BeforeFifth { stones: opening.stones(), board: opening.board().clone() };
    let best = best_fifths(&position, judge, due);
    Decision::offer(&position.offers(&best, due)).filter(|offer| opening.legal(offer).is_ok())
}

/// White keeps the offered fifth move that leaves it the better position, and names its sixth.
fn keep_fifth(opening: &Opening, judge: &mut Judge<'_>) -> Step {
    let Some(offers) = opening.offered() else { return Step::default() };
    let mut best: Option<(Pos, Verdict)> = None;
    for &p in offers.points() {
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
