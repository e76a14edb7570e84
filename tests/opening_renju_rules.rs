//! The later renju opening rules — Yamaguchi, Soosõrv-8, Taraguchi-10 — on the opening state
//! machine: every path (who decides, which colour each player ends with, the stones) and every
//! refusal, which changes nothing.

use gomoku::opening::{Decision, Opening, OpeningError, OpeningRule, Phase, Role};
use gomoku::{Color, Pos};

use Decision::{Declare, Keep, Place, TakeBlack, TakeWhite};

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

fn offer(points: &[Pos]) -> Decision {
    Decision::offer(points).unwrap()
}

/// An opening with these decisions taken (each must be accepted).
fn after(rule: OpeningRule, decisions: &[Decision]) -> Opening {
    let mut opening = Opening::new(rule, 15).unwrap();
    for &d in decisions {
        opening.apply(d).unwrap_or_else(|e| panic!("{d}: {e}"));
    }
    opening
}

/// Asserts `decision` is refused with `error` and leaves the opening as it was.
fn refused(opening: &mut Opening, decision: Decision, error: OpeningError) {
    let before = opening.clone();
    assert_eq!(opening.apply(decision), Err(error), "{decision}");
    assert_eq!(*opening, before, "a refused {decision} changed the opening");
}

/// A direct opening: black on the centre, white above it, black below-left (asymmetric).
const THREE: [Decision; 3] = [Place(Pos::new(7, 7)), Place(Pos::new(7, 6)), Place(Pos::new(6, 8))];

/// `n` fifth moves that are legal and not symmetric after THREE and a white fourth on 8,8.
fn fifths(n: usize) -> Vec<Pos> {
    [
        p(5, 5),
        p(9, 9),
        p(4, 10),
        p(10, 4),
        p(3, 3),
        p(11, 11),
        p(2, 12),
        p(12, 2),
        p(1, 1),
        p(13, 13),
    ][..n]
        .to_vec()
}

#[test]
fn yamaguchi_declares_with_the_three_stones_then_the_swap_then_that_many_offers() {
    let mut opening = after(OpeningRule::Yamaguchi, &THREE);
    assert_eq!(opening.phase(), Phase::DeclareOffers);
    assert_eq!(opening.whose_turn(), Role::Opener);
    assert_eq!(opening.offers_due(), None);
    refused(&mut opening, Declare(0), OpeningError::BadDeclaration { declared: 0, max: 10 });
    refused(&mut opening, Declare(11), OpeningError::BadDeclaration { declared: 11, max: 10 });
    refused(
        &mut opening,
        TakeBlack,
        OpeningError::NotNow { phase: Phase::DeclareOffers, decision: TakeBlack },
    );
    opening.apply_by(Role::Opener, Declare(3)).unwrap();
    assert_eq!(opening.declared(), Some(3));
    assert_eq!(opening.phase(), Phase::ResponderChooses);
    assert_eq!(
        opening.apply_by(Role::Opener, TakeBlack),
        Err(OpeningError::NotYourTurn { expected: Role::Responder })
    );
    opening.apply_by(Role::Responder, TakeBlack).unwrap(); // the swap
    assert_eq!(opening.phase(), Phase::FourthMove);
    assert_eq!(opening.whose_turn(), Role::Opener, "the opener is white now");
    opening.apply(Place(p(8, 8))).unwrap();
    assert_eq!(opening.phase(), Phase::FifthOffers);
    assert_eq!(opening.whose_turn(), Role::Responder);
    assert_eq!(opening.offers_due(), Some(3));
    refused(&mut opening, offer(&fifths(2)), OpeningError::WrongOfferCount { given: 2, due: 3 });
    opening.apply(offer(&fifths(3))).unwrap();
    assert_eq!(opening.phase(), Phase::WhiteKeepsFifth);
    assert_eq!(opening.whose_turn(), Role::Opener);
    refused(&mut opening, Keep(p(3, 3)), OpeningError::NotOffered(p(3, 3)));
    opening.apply(Keep(p(4, 10))).unwrap();
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Responder));
    assert_eq!(opening.stones().len(), 5);
    assert_eq!(opening.stones()[4], (p(4, 10), Color::Black));
    assert_eq!(opening.to_move(), Color::White);
    assert_eq!(opening.whose_turn(), Role::Opener);
}

#[test]
fn yamaguchi_may_declare_a_single_fifth_move() {
    let mut opening = after(
        OpeningRule::Yamaguchi,
        &[&THREE[..], &[Declare(1), TakeWhite, Place(p(8, 8))]].concat(),
    );
    opening.apply(offer(&[p(9, 9)])).unwrap();
    opening.apply(Keep(p(9, 9))).unwrap();
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Opener));
}

#[test]
fn soosorv8_white_declares_with_the_fourth_move_and_black_may_swap_again() {
    let mut opening = after(OpeningRule::Soosorv8, &THREE);
    assert_eq!(opening.phase(), Phase::ResponderChooses, "no declaration with the three");
    refused(
        &mut opening,
        Declare(2),
        OpeningError::NotNow { phase: Phase::ResponderChooses, decision: Declare(2) },
    );
    opening.apply(TakeWhite).unwrap(); // the responder stays white
    opening.apply_by(Role::Responder, Place(p(8, 8))).unwrap();
    assert_eq!(opening.phase(), Phase::DeclareOffers);
    assert_eq!(opening.whose_turn(), Role::Responder, "white declares");
    refused(&mut opening, Declare(9), OpeningError::BadDeclaration { declared: 9, max: 8 });
    opening.apply(Declare(8)).unwrap();
    assert_eq!(opening.phase(), Phase::SwapChoice);
    assert_eq!(opening.whose_turn(), Role::Opener, "black may swap");
    refused(
        &mut opening,
        Place(p(9, 9)),
        OpeningError::NotNow { phase: Phase::SwapChoice, decision: Place(p(9, 9)) },
    );
    opening.apply_by(Role::Opener, TakeWhite).unwrap(); // black swaps: the opener takes white
    assert_eq!(opening.black_player(), Some(Role::Responder));
    assert_eq!(opening.phase(), Phase::FifthOffers);
    assert_eq!(opening.whose_turn(), Role::Responder, "the new black offers");
    assert_eq!(opening.offers_due(), Some(8));
    refused(
        &mut opening,
        offer(&[p(5, 5), p(9, 9), p(4, 10), p(10, 4), p(3, 3), p(11, 11), p(2, 12), p(5, 5)]),
        OpeningError::SameOffers(p(5, 5)),
    );
    opening.apply(offer(&fifths(8))).unwrap();
    assert_eq!(opening.whose_turn(), Role::Opener, "white keeps one");
    opening.apply(Keep(p(12, 2))).unwrap();
    assert!(opening.is_done());
    assert_eq!(opening.whose_turn(), Role::Opener, "white plays the sixth");
}

#[test]
fn soosorv8_offers_must_not_be_symmetric() {
    // Centre, white above, black two below: symmetric about the vertical line.
    let symmetric = [Place(p(7, 7)), Place(p(7, 6)), Place(p(7, 9))];
    let mut opening = after(
        OpeningRule::Soosorv8,
        &[&symmetric[..], &[TakeWhite, Place(p(7, 5)), Declare(2), TakeBlack]].concat(),
    );
    refused(
        &mut opening,
        offer(&[p(6, 8), p(8, 8)]),
        OpeningError::SymmetricOffers(p(6, 8), p(8, 8)),
    );
    opening.apply(offer(&[p(6, 8), p(7, 8)])).unwrap();
}

#[test]
fn the_26_openings_bind_yamaguchi_and_soosorv8() {
    for rule in [OpeningRule::Yamaguchi, OpeningRule::Soosorv8] {
        let mut opening = Opening::new(rule, 15).unwrap();
        refused(&mut opening, Place(p(6, 6)), OpeningError::NotCentre(p(6, 6)));
        opening.apply(Place(p(7, 7))).unwrap();
        refused(&mut opening, Place(p(9, 7)), OpeningError::NotNextToCentre(p(9, 7)));
        opening.apply(Place(p(8, 7))).unwrap();
        refused(&mut opening, Place(p(10, 7)), OpeningError::OutsideOpenings(p(10, 7)));
    }
}

/// Taraguchi-10 to the fifth move: no swap is taken, so the opener stays black.
const TARAGUCHI_FOUR: [Decision; 8] = [
    Place(Pos::new(7, 7)),
    TakeWhite,
    Place(Pos::new(8, 6)),
    TakeBlack,
    Place(Pos::new(6, 8)),
    TakeWhite,
    Place(Pos::new(9, 9)),
    TakeBlack,
];

#[test]
fn taraguchi10_each_stone_in_its_square_and_a_swap_after_each() {
    let mut opening = Opening::new(OpeningRule::Taraguchi10, 15).unwrap();
    let squares = [(1, p(8, 8)), (3, p(9, 7)), (5, p(10, 7)), (7, p(11, 7))];
    for (i, &(side, outside)) in squares.iter().enumerate() {
        let stone = i as u8 + 1;
        assert_eq!(opening.phase(), Phase::PlaceInSquare { stone });
        let error = if stone == 1 {
            OpeningError::NotCentre(outside)
        } else {
            OpeningError::NotInSquare { point: outside, side }
        };
        refused(&mut opening, Place(outside), error);
        opening.apply(TARAGUCHI_FOUR[2 * i]).unwrap();
        assert_eq!(opening.phase(), Phase::SwapChoice);
        let placed_by = opening.player_of(Color::at_ply(i)).unwrap_or(Role::Opener);
        assert_ne!(opening.whose_turn(), placed_by, "the other player may swap");
        opening.apply(TARAGUCHI_FOUR[2 * i + 1]).unwrap();
    }
    assert_eq!(opening.phase(), Phase::FifthOrOffers);
    assert_eq!(opening.whose_turn(), Role::Opener);
    assert_eq!(opening.black_player(), Some(Role::Opener));
}

#[test]
fn taraguchi10_swaps_move_the_colours_and_the_turn() {
    // The responder swaps after the first stone: it is black now and the opener places white.
    let mut opening = after(OpeningRule::Taraguchi10, &[Place(p(7, 7)), TakeBlack]);
    assert_eq!(opening.black_player(), Some(Role::Responder));
    assert_eq!(opening.whose_turn(), Role::Opener);
    opening.apply(Place(p(7, 6))).unwrap();
    // The responder (black) may swap back after white's stone.
    assert_eq!(opening.whose_turn(), Role::Responder);
    opening.apply(TakeWhite).unwrap();
    assert_eq!(opening.black_player(), Some(Role::Opener));
    assert_eq!(opening.whose_turn(), Role::Opener, "black places the third stone");
}

#[test]
fn taraguchi10_a_single_fifth_in_the_9x9_square_then_a_last_swap() {
    let mut opening = after(OpeningRule::Taraguchi10, &TARAGUCHI_FOUR);
    refused(&mut opening, Place(p(12, 7)), OpeningError::NotInSquare { point: p(12, 7), side: 9 });
    opening.apply(Place(p(11, 11))).unwrap();
    assert_eq!(opening.phase(), Phase::SwapChoice);
    assert_eq!(opening.whose_turn(), Role::Responder, "white may swap");
    opening.apply(TakeBlack).unwrap();
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Responder));
    assert_eq!(opening.to_move(), Color::White);
    assert_eq!(opening.whose_turn(), Role::Opener, "the opener, white now, plays the sixth");
}

#[test]
fn taraguchi10_or_ten_fifth_moves_anywhere_and_white_keeps_one() {
    let mut opening = after(OpeningRule::Taraguchi10, &TARAGUCHI_FOUR);
    let ten = [
        p(0, 0),
        p(14, 14),
        p(0, 14),
        p(14, 0),
        p(1, 0),
        p(0, 1),
        p(13, 14),
        p(2, 5),
        p(5, 2),
        p(12, 12),
    ];
    refused(&mut opening, offer(&ten[..9]), OpeningError::WrongOfferCount { given: 9, due: 10 });
    opening.apply(offer(&ten)).unwrap();
    assert_eq!(opening.phase(), Phase::WhiteKeepsFifth);
    assert_eq!(opening.offered().unwrap().points(), &ten);
    assert_eq!(opening.whose_turn(), Role::Responder);
    opening.apply(Keep(p(14, 0))).unwrap();
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Opener));
    assert_eq!(opening.whose_turn(), Role::Responder);
}

#[test]
fn stones_and_offers_go_on_empty_points_of_the_board() {
    // (Before the fifth move black has two stones: no forbidden shape can arise yet.)
    let mut opening = after(OpeningRule::Taraguchi10, &TARAGUCHI_FOUR);
    refused(&mut opening, Place(p(8, 6)), OpeningError::Occupied(p(8, 6)));
    let mut ten: Vec<Pos> = (0..10).map(|i| p(i, 0)).collect();
    ten[9] = p(15, 3);
    refused(&mut opening, offer(&ten), OpeningError::OffBoard(p(15, 3)));
    ten[9] = p(9, 9);
    refused(&mut opening, offer(&ten), OpeningError::Occupied(p(9, 9)));
}

#[test]
fn the_later_rules_need_an_11_board_and_replay_from_their_decisions() {
    assert_eq!(
        Opening::new(OpeningRule::Taraguchi10, 9),
        Err(OpeningError::BoardTooSmall { rule: OpeningRule::Taraguchi10, min: 11 })
    );
    let decisions = [&TARAGUCHI_FOUR[..], &[Place(p(11, 11)), TakeWhite]].concat();
    let opening = after(OpeningRule::Taraguchi10, &decisions);
    let json = serde_json::to_string(&opening).unwrap();
    let back: Opening = serde_json::from_str(&json).unwrap();
    assert_eq!(back, opening);
    let roles: Vec<Role> = opening.history().map(|(role, _)| role).collect();
    assert_eq!(roles[..3], [Role::Opener, Role::Responder, Role::Responder]);
    for (text, decision) in
        [("declare 4", Declare(4)), ("offer 1,1 2,2 3,3", offer(&[p(1, 1), p(2, 2), p(3, 3)]))]
    {
        assert_eq!(text.parse::<Decision>().unwrap(), decision);
        assert_eq!(decision.to_string(), text);
    }
    assert!("declare".parse::<Decision>().is_err());
    assert!("offer".parse::<Decision>().is_err());
    assert!("offer 1,1 2,2 3,3 4,4 5,5 6,6 7,7 8,8 9,9 10,10 11,11".parse::<Decision>().is_err());
    let mut undo = opening.clone();
    assert_eq!(undo.undo(), Some(TakeWhite));
    assert_eq!(undo.phase(), Phase::SwapChoice);
}
