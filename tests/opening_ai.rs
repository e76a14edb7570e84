//! The opening AI: it completes every opening rule in every role with legal decisions, its
//! choices follow its own judgement, its proposals depend on the seed, and AI-vs-AI games through
//! each opening rule end normally.

use gomoku::ai::{Engine, Limits, Request};
use gomoku::board::index_of;
use gomoku::opening::ai::{OpeningAi, Turn};
use gomoku::opening::{Decision, Opening, OpeningRule, Phase, Role};
use gomoku::{renju, Color, Level, Pos, Rule};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use Decision::{Offer, Place, TakeBlack, TakeWhite};

/// The renju opening rules.
const RENJU_RULES: [OpeningRule; 4] =
    [OpeningRule::Rif, OpeningRule::Yamaguchi, OpeningRule::Soosorv8, OpeningRule::Taraguchi10];

/// An offer of these fifth moves.
fn offer(points: &[Pos]) -> Decision {
    Decision::offer(points).unwrap()
}

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

/// The move rule each opening rule is played under here.
fn move_rule(rule: OpeningRule) -> Rule {
    if rule.is_renju() {
        Rule::Renju
    } else {
        Rule::Freestyle
    }
}

/// A quick AI: six candidates, depth-4 searches.
fn quick_ai(rule: OpeningRule, seed: u64) -> OpeningAi {
    OpeningAi {
        search: Limits::depth(4),
        candidates: 6,
        ..OpeningAi::new(Level::Master, move_rule(rule), seed)
    }
}

fn after(rule: OpeningRule, decisions: &[Decision]) -> Opening {
    Opening::replay(rule, 15, decisions).unwrap()
}

/// One AI turn, applied decision by decision as the player whose turn it is; checks the turn
/// ends where it should and that its follow-up move is free.
fn play_turn(ai: &OpeningAi, opening: &mut Opening, engine: &mut Engine) -> Turn {
    let stop = AtomicBool::new(false);
    let me = opening.whose_turn();
    let turn = ai.play_turn(opening, engine, &stop).unwrap();
    assert!(!turn.decisions.is_empty(), "no decision in {:?}", opening.phase());
    for &d in &turn.decisions {
        opening.apply_by(me, d).unwrap_or_else(|e| panic!("{d} refused: {e}"));
    }
    assert!(opening.is_done() || opening.whose_turn() != me, "the turn stopped early");
    if let Some(next) = turn.then_play {
        assert!(opening.is_done() && opening.whose_turn() == me, "a follow-up out of turn");
        assert_eq!(opening.board().stone(next), None);
    }
    turn
}

/// Runs a whole opening with the AI in both roles; returns the phases it decided in.
fn run_opening(rule: OpeningRule, seed: u64) -> (Opening, Vec<Phase>) {
    let ai = quick_ai(rule, seed);
    let mut engine = Engine::new(8, seed);
    let mut opening = Opening::new(rule, 15).unwrap();
    let mut phases = Vec::new();
    while !opening.is_done() {
        phases.push(opening.phase());
        play_turn(&ai, &mut opening, &mut engine);
        assert!(phases.len() < 10, "the opening does not end");
    }
    (opening, phases)
}

#[test]
fn the_ai_completes_every_opening_rule_with_legal_decisions() {
    for rule in [OpeningRule::Swap1, OpeningRule::Swap2, OpeningRule::Rif] {
        for seed in 0..3 {
            let (opening, phases) = run_opening(rule, seed);
            assert_eq!(phases[0], Phase::OpenerPlacesThree { placed: 0 });
            assert!(opening.black_player().is_some());
            assert_eq!(opening.to_move(), Color::White);
            let stones = opening.stones().len();
            assert!(stones == 3 || stones == 5, "{rule}: {stones} stones");
            assert_eq!(
                stones == 5,
                rule == OpeningRule::Rif || phases.contains(&Phase::OpenerChooses)
            );
            // Replaying the decisions gives the same opening.
            assert_eq!(Opening::replay(rule, 15, opening.decisions()).unwrap(), opening);
        }
    }
}

/// Yamaguchi, Soosõrv-8 and Taraguchi-10 positions in each of their phases.
fn later_renju_cases() -> Vec<(OpeningRule, Vec<Decision>, Phase)> {
    let three = [Place(p(7, 7)), Place(p(7, 6)), Place(p(6, 8))];
    let with = |extra: &[Decision]| [&three[..], extra].concat();
    let taraguchi = [
        Place(p(7, 7)),
        TakeWhite,
        Place(p(8, 6)),
        TakeBlack,
        Place(p(6, 8)),
        TakeWhite,
        Place(p(9, 9)),
        TakeBlack,
    ];
    use OpeningRule::{Soosorv8, Taraguchi10, Yamaguchi};
    vec![
        (Yamaguchi, three.to_vec(), Phase::DeclareOffers),
        (Yamaguchi, with(&[Decision::Declare(3)]), Phase::ResponderChooses),
        (Yamaguchi, with(&[Decision::Declare(3), TakeWhite]), Phase::FourthMove),
        (Yamaguchi, with(&[Decision::Declare(3), TakeWhite, Place(p(8, 8))]), Phase::FifthOffers),
        (Soosorv8, with(&[TakeWhite, Place(p(8, 8))]), Phase::DeclareOffers),
        (Soosorv8, with(&[TakeWhite, Place(p(8, 8)), Decision::Declare(4)]), Phase::SwapChoice),
        (
            Soosorv8,
            with(&[TakeWhite, Place(p(8, 8)), Decision::Declare(4), TakeBlack]),
            Phase::FifthOffers,
        ),
        (
            Soosorv8,
            with(&[
                TakeWhite,
                Place(p(8, 8)),
                Decision::Declare(2),
                TakeBlack,
                offer(&[p(6, 6), p(9, 9)]),
            ]),
            Phase::WhiteKeepsFifth,
        ),
        (Taraguchi10, Vec::new(), Phase::PlaceInSquare { stone: 1 }),
        (Taraguchi10, taraguchi[..1].to_vec(), Phase::SwapChoice),
        (Taraguchi10, taraguchi[..2].to_vec(), Phase::PlaceInSquare { stone: 2 }),
        (Taraguchi10, taraguchi[..5].to_vec(), Phase::SwapChoice),
        (Taraguchi10, taraguchi[..6].to_vec(), Phase::PlaceInSquare { stone: 4 }),
        (Taraguchi10, taraguchi.to_vec(), Phase::FifthOrOffers),
        (Taraguchi10, [&taraguchi[..], &[Place(p(8, 8))]].concat(), Phase::SwapChoice),
    ]
}

#[test]
fn the_ai_completes_the_later_renju_rules_declaring_and_offering_as_the_rules_say() {
    for rule in [OpeningRule::Yamaguchi, OpeningRule::Soosorv8, OpeningRule::Taraguchi10] {
        for seed in 0..2 {
            let (opening, _) = run_opening(rule, seed);
            assert_eq!(opening.stones().len(), 5, "{rule}");
            assert_eq!(opening.stones()[0].0, Pos::centre(15));
            assert_eq!(opening.to_move(), Color::White);
            assert!(opening.black_player().is_some());
            if let Some(max) = rule.max_declared() {
                let n = opening.declared().expect("declared");
                assert!((1..=max).contains(&n), "{rule}: declared {n}");
                assert!(opening.decisions().iter().any(|d| matches!(d, Decision::Declare(_))));
            }
            // Every offer made had the number of fifth moves due.
            for d in opening.decisions() {
                if let Offer(offers) = d {
                    assert_eq!(Some(offers.len()), opening.offers_due(), "{rule}");
                }
            }
        }
    }
}

#[test]
fn the_ai_plays_every_phase_it_is_put_in() {
    let three = [Place(p(7, 7)), Place(p(8, 7)), Place(p(7, 9))];
    let rif_three = [Place(p(7, 7)), Place(p(7, 6)), Place(p(6, 8))];
    let cases: Vec<(OpeningRule, Vec<Decision>, Phase)> = vec![
        (OpeningRule::Swap1, vec![three[0]], Phase::OpenerPlacesThree { placed: 1 }),
        (OpeningRule::Swap2, three[..2].to_vec(), Phase::OpenerPlacesThree { placed: 2 }),
        (OpeningRule::Swap1, three.to_vec(), Phase::ResponderChooses),
        (OpeningRule::Swap2, three.to_vec(), Phase::ResponderChooses),
        (OpeningRule::Swap2, [&three[..], &[Place(p(8, 8))]].concat(), Phase::ResponderPlacesFifth),
        (
            OpeningRule::Swap2,
            [&three[..], &[Place(p(8, 8)), Place(p(6, 6))]].concat(),
            Phase::OpenerChooses,
        ),
        (OpeningRule::Rif, rif_three[..1].to_vec(), Phase::OpenerPlacesThree { placed: 1 }),
        (OpeningRule::Rif, rif_three.to_vec(), Phase::ResponderChooses),
        (OpeningRule::Rif, [&rif_three[..], &[TakeBlack]].concat(), Phase::FourthMove),
        (
            OpeningRule::Rif,
            [&rif_three[..], &[TakeWhite, Place(p(8, 8))]].concat(),
            Phase::FifthOffers,
        ),
        (
            OpeningRule::Rif,
            [&rif_three[..], &[TakeWhite, Place(p(8, 8)), offer(&[p(6, 6), p(9, 9)])]].concat(),
            Phase::WhiteKeepsFifth,
        ),
    ];
    let mut engine = Engine::new(8, 1);
    for (rule, decisions, phase) in [cases, later_renju_cases()].concat() {
        let mut opening = after(rule, &decisions);
        assert_eq!(opening.phase(), phase);
        let kept = opening.stones();
        play_turn(&quick_ai(rule, 5), &mut opening, &mut engine);
        assert_eq!(opening.stones()[..kept.len()], kept[..], "stones already placed stay");
    }
}

#[test]
fn different_seeds_give_different_opener_proposals() {
    let mut engine = Engine::new(8, 1);
    let stop = AtomicBool::new(false);
    for rule in [OpeningRule::Swap2, OpeningRule::Rif] {
        let opening = Opening::new(rule, 15).unwrap();
        let proposals: HashSet<Vec<Decision>> = (0..6)
            .map(|seed| quick_ai(rule, seed).play_turn(&opening, &mut engine, &stop).unwrap())
            .map(|turn| turn.decisions)
            .collect();
        assert!(proposals.len() >= 3, "{rule}: only {} different proposals", proposals.len());
    }
}

#[test]
fn the_same_seed_gives_the_same_turn() {
    let stop = AtomicBool::new(false);
    for rule in [OpeningRule::Swap2, OpeningRule::Rif] {
        let opening = Opening::new(rule, 15).unwrap();
        let ai = quick_ai(rule, 42);
        let first = ai.play_turn(&opening, &mut Engine::new(8, 1), &stop).unwrap();
        let mut busy = Engine::new(8, 9);
        let _ = quick_ai(rule, 7).play_turn(&opening, &mut busy, &stop).unwrap();
        assert_eq!(ai.play_turn(&opening, &mut busy, &stop).unwrap(), first);
    }
}

#[test]
fn choosers_take_the_colour_their_search_prefers() {
    let mut engine = Engine::new(8, 1);
    // Black's two stones touch and white's is far off: the responder swaps to black.
    let strong_black = [Place(p(7, 7)), Place(p(0, 14)), Place(p(8, 7))];
    let turn = play_turn(
        &quick_ai(OpeningRule::Swap1, 1),
        &mut after(OpeningRule::Swap1, &strong_black),
        &mut engine,
    );
    assert_eq!(turn.decisions, [TakeBlack]);
    // Black's stones in the corners, white's on the centre: the responder stays white and
    // names its fourth move.
    let weak_black = [Place(p(0, 0)), Place(p(7, 7)), Place(p(14, 14))];
    let turn = play_turn(
        &quick_ai(OpeningRule::Swap2, 1),
        &mut after(OpeningRule::Swap2, &weak_black),
        &mut engine,
    );
    assert_eq!(turn.decisions, [TakeWhite]);
    assert!(turn.then_play.is_some());
    // After swap2's two extra stones the opener picks the same way.
    let white_ahead =
        [Place(p(0, 0)), Place(p(7, 7)), Place(p(14, 14)), Place(p(8, 8)), Place(p(0, 14))];
    let mut opening = after(OpeningRule::Swap2, &white_ahead);
    let turn = play_turn(&quick_ai(OpeningRule::Swap2, 1), &mut opening, &mut engine);
    assert_eq!(turn.decisions, [TakeWhite]);
    assert_eq!(opening.black_player(), Some(Role::Responder));
    let black_ahead =
        [Place(p(7, 7)), Place(p(0, 0)), Place(p(8, 8)), Place(p(14, 0)), Place(p(6, 6))];
    let turn = play_turn(
        &quick_ai(OpeningRule::Swap2, 1),
        &mut after(OpeningRule::Swap2, &black_ahead),
        &mut engine,
    );
    assert_eq!(turn.decisions, [TakeBlack]);
}

#[test]
fn rif_white_keeps_the_fifth_move_worse_for_black() {
    // Black offers a move that makes an open three and one in the far corner: white keeps the
    // corner one.
    let decisions = [
        Place(p(7, 7)),
        Place(p(8, 6)),
        Place(p(7, 8)),
        TakeWhite,
        Place(p(10, 3)),
        offer(&[p(7, 9), p(14, 14)]),
    ];
    let mut engine = Engine::new(8, 1);
    let mut opening = after(OpeningRule::Rif, &decisions);
    let turn = play_turn(&quick_ai(OpeningRule::Rif, 3), &mut opening, &mut engine);
    assert_eq!(turn.decisions, [Decision::Keep(p(14, 14))]);
    assert!(turn.then_play.is_some(), "white names its sixth move");
}

#[test]
fn rif_black_offers_two_good_moves_near_the_stones() {
    let decisions = [Place(p(7, 7)), Place(p(8, 6)), Place(p(7, 8)), TakeWhite, Place(p(7, 9))];
    let mut engine = Engine::new(8, 1);
    let mut opening = after(OpeningRule::Rif, &decisions);
    let turn = play_turn(&quick_ai(OpeningRule::Rif, 3), &mut opening, &mut engine);
    let [Offer(offers)] = turn.decisions[..] else { panic!("{:?}", turn.decisions) };
    assert_eq!(offers.len(), 2);
    for &q in offers.points() {
        assert!(q.x.abs_diff(7) <= 3 && q.y.abs_diff(7) <= 3, "{q} is far from the stones");
    }
}

/// Plays a game on from a finished opening at a low level; returns the winner (None: a draw).
fn play_out(opening: &Opening, rule: Rule, seed: u64) -> Option<Color> {
    let mut board = opening.board().clone();
    let mut engines = [Engine::new(8, seed), Engine::new(8, seed + 1)];
    let stop = AtomicBool::new(false);
    let mut to_move = opening.to_move();
    loop {
        let limits = Limits::depth(2);
        let request = Request { board: &board, rule, to_move, level: Level::Medium, limits };
        let decision = engines[to_move.index()].think(&request, &stop, &mut |_| {}).unwrap();
        let at = decision.best;
        assert_eq!(board.stone(at), None);
        if rule == Rule::Renju && to_move == Color::Black {
            assert_eq!(renju::forbidden(&board, at), None, "black played a forbidden point");
        }
        board.place(at, to_move);
        if rule.wins_at(&board, index_of(at), to_move) {
            return Some(to_move);
        }
        if board.is_full() {
            return None;
        }
        to_move = !to_move;
    }
}

#[test]
fn ai_games_through_every_opening_rule_end_in_a_win_or_a_draw() {
    for rule in [[OpeningRule::Swap1, OpeningRule::Swap2].as_slice(), &RENJU_RULES].concat() {
        for seed in 0..2 {
            let (opening, _) = run_opening(rule, seed);
            // A win is a real five (checked as it is played), by a player the opening named.
            if let Some(winner) = play_out(&opening, move_rule(rule), seed) {
                assert!(opening.player_of(winner).is_some());
            }
        }
    }
}
