//! The opening rules' state machine: every path of swap1, swap2 and RIF, the refusals, undo and
//! replay.

use gomoku::opening::{Decision, Opening, OpeningError, OpeningRule, Phase, Role};
use gomoku::{Color, Pos};

use Decision::{Keep, Place, TakeBlack, TakeWhite};

/// An offer of these fifth moves.
fn offer(points: &[Pos]) -> Decision {
    Decision::offer(points).unwrap()
}

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

/// An opening with these decisions taken (each must be accepted).
fn after(rule: OpeningRule, decisions: &[Decision]) -> Opening {
    let mut opening = Opening::new(rule, 15).unwrap();
    for &d in decisions {
        opening.apply(d).unwrap_or_else(|e| panic!("{d}: {e}"));
    }
    opening
}

const THREE: [Decision; 3] = [Place(Pos::new(7, 7)), Place(Pos::new(8, 7)), Place(Pos::new(7, 9))];

/// A RIF opening after the three stones: D-type, black's third two below the centre.
const RIF_THREE: [Decision; 3] =
    [Place(Pos::new(7, 7)), Place(Pos::new(7, 6)), Place(Pos::new(7, 9))];

#[test]
fn no_opening_rule_is_over_at_once_with_the_opener_black() {
    let mut opening = Opening::new(OpeningRule::Free, 15).unwrap();
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Opener));
    assert_eq!(opening.to_move(), Color::Black);
    assert_eq!(opening.whose_turn(), Role::Opener);
    assert_eq!(opening.apply_by(Role::Opener, Place(p(7, 7))), Err(OpeningError::Finished));
}

#[test]
fn the_opener_places_black_white_black() {
    let mut opening = Opening::new(OpeningRule::Swap1, 15).unwrap();
    assert_eq!(opening.phase(), Phase::OpenerPlacesThree { placed: 0 });
    for (i, &d) in THREE.iter().enumerate() {
        assert_eq!(opening.whose_turn(), Role::Opener);
        assert_eq!(opening.to_move(), [Color::Black, Color::White, Color::Black][i]);
        opening.apply(d).unwrap();
    }
    assert_eq!(
        opening.stones(),
        vec![(p(7, 7), Color::Black), (p(8, 7), Color::White), (p(7, 9), Color::Black)]
    );
    assert_eq!(opening.phase(), Phase::ResponderChooses);
    assert_eq!(opening.whose_turn(), Role::Responder);
    assert_eq!(opening.black_player(), None);
}

#[test]
fn swap1_swap_gives_the_responder_black() {
    let opening = after(OpeningRule::Swap1, &[THREE[0], THREE[1], THREE[2], TakeBlack]);
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Responder));
    assert_eq!(opening.player_of(Color::White), Some(Role::Opener));
    assert_eq!(opening.to_move(), Color::White);
    assert_eq!(opening.whose_turn(), Role::Opener, "the opener, now white, plays move 4");
}

#[test]
fn swap1_stay_keeps_the_responder_white_to_move() {
    let opening = after(OpeningRule::Swap1, &[THREE[0], THREE[1], THREE[2], TakeWhite]);
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Opener));
    assert_eq!(opening.whose_turn(), Role::Responder);
    assert_eq!(opening.stones().len(), 3);
}

#[test]
fn swap1_refuses_a_fourth_stone_and_a_choice_during_the_three() {
    let mut opening = after(OpeningRule::Swap1, &THREE);
    let err = opening.apply(Place(p(9, 9))).unwrap_err();
    assert!(matches!(err, OpeningError::NotNow { phase: Phase::ResponderChooses, .. }), "{err}");
    let mut early = after(OpeningRule::Swap1, &THREE[..2]);
    assert!(matches!(early.apply(TakeBlack), Err(OpeningError::NotNow { .. })));
    assert_eq!(early.stones().len(), 2, "a refusal changes nothing");
}

#[test]
fn a_fourth_stone_by_the_opener_is_refused_under_swap2() {
    let mut opening = after(OpeningRule::Swap2, &THREE);
    assert_eq!(
        opening.apply_by(Role::Opener, Place(p(9, 9))),
        Err(OpeningError::NotYourTurn { expected: Role::Responder })
    );
    assert_eq!(opening.decisions().len(), 3);
    assert_eq!(opening.phase(), Phase::ResponderChooses);
}

#[test]
fn a_choice_out_of_turn_is_refused() {
    let mut opening = after(OpeningRule::Swap2, &THREE);
    assert_eq!(
        opening.legal_by(Role::Opener, &TakeBlack),
        Err(OpeningError::NotYourTurn { expected: Role::Responder })
    );
    assert_eq!(
        opening.apply_by(Role::Opener, TakeWhite),
        Err(OpeningError::NotYourTurn { expected: Role::Responder })
    );
    assert_eq!(opening.decisions().len(), 3);
    let mut choosing = after(OpeningRule::Swap2, &[THREE[0], THREE[1], THREE[2], Place(p(8, 8))]);
    assert_eq!(choosing.phase(), Phase::ResponderPlacesFifth);
    assert!(matches!(choosing.apply(TakeWhite), Err(OpeningError::NotNow { .. })));
    assert_eq!(
        choosing.apply_by(Role::Opener, Place(p(9, 9))),
        Err(OpeningError::NotYourTurn { expected: Role::Responder })
    );
}

#[test]
fn swap2_swap_gives_the_responder_black_and_the_opener_the_fourth_move() {
    let opening = after(OpeningRule::Swap2, &[THREE[0], THREE[1], THREE[2], TakeBlack]);
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Responder));
    assert_eq!(opening.to_move(), Color::White);
    assert_eq!(opening.whose_turn(), Role::Opener);
}

#[test]
fn swap2_stay_lets_the_responder_play_the_fourth_as_white() {
    let opening = after(OpeningRule::Swap2, &[THREE[0], THREE[1], THREE[2], TakeWhite]);
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Opener));
    assert_eq!(opening.to_move(), Color::White);
    assert_eq!(opening.whose_turn(), Role::Responder);
}

#[test]
fn swap2_two_more_stones_then_the_opener_picks_black() {
    let mut opening = after(OpeningRule::Swap2, &THREE);
    opening.apply_by(Role::Responder, Place(p(8, 8))).unwrap();
    assert_eq!(opening.phase(), Phase::ResponderPlacesFifth);
    assert_eq!(opening.to_move(), Color::Black);
    opening.apply_by(Role::Responder, Place(p(6, 6))).unwrap();
    assert_eq!(opening.phase(), Phase::OpenerChooses);
    assert_eq!(opening.whose_turn(), Role::Opener);
    assert_eq!(opening.stones()[3..], [(p(8, 8), Color::White), (p(6, 6), Color::Black)]);
    opening.apply_by(Role::Opener, TakeBlack).unwrap();
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Opener));
    assert_eq!(opening.to_move(), Color::White);
    assert_eq!(opening.whose_turn(), Role::Responder, "white (the responder) plays move 6");
}

#[test]
fn swap2_two_more_stones_then_the_opener_picks_white() {
    let decisions = [THREE[0], THREE[1], THREE[2], Place(p(8, 8)), Place(p(6, 6)), TakeWhite];
    let opening = after(OpeningRule::Swap2, &decisions);
    assert!(opening.is_done());
    assert_eq!(opening.black_player(), Some(Role::Responder));
    assert_eq!(opening.whose_turn(), Role::Opener, "the opener took white and plays move 6");
    assert_eq!(opening.stones().len(), 5);
}

#[test]
fn occupied_and_off_board_points_are_refused() {
    let mut opening = after(OpeningRule::Swap2, &THREE[..1]);
    assert_eq!(opening.apply(Place(p(7, 7))), Err(OpeningError::Occupied(p(7, 7))));
    assert_eq!(opening.apply(Place(p(15, 3))), Err(OpeningError::OffBoard(p(15, 3))));
    assert_eq!(opening.decisions(), &THREE[..1]);
}

#[test]
fn rif_first_stone_must_be_on_the_centre() {
    let mut opening = Opening::new(OpeningRule::Rif, 15).unwrap();
    assert_eq!(opening.apply(Place(p(6, 7))), Err(OpeningError::NotCentre(p(6, 7))));
    opening.apply(Place(p(7, 7))).unwrap();
    assert_eq!(opening.apply(Place(p(7, 5))), Err(OpeningError::NotNextToCentre(p(7, 5))));
    opening.apply(Place(p(8, 6))).unwrap();
    assert_eq!(opening.apply(Place(p(10, 7))), Err(OpeningError::OutsideOpenings(p(10, 7))));
    assert_eq!(opening.apply(Place(p(4, 4))), Err(OpeningError::OutsideOpenings(p(4, 4))));
    assert_eq!(opening.stones().len(), 2);
    opening.apply(Place(p(9, 9))).unwrap();
    assert_eq!(opening.phase(), Phase::ResponderChooses);
}

#[test]
fn rif_third_stone_anywhere_in_the_central_square_is_one_of_the_26() {
    let mut accepted = 0;
    for y in 0..15 {
        for x in 0..15 {
            let mut opening = after(OpeningRule::Rif, &RIF_THREE[..2]);
            let inside = (5..=9).contains(&x) && (5..=9).contains(&y);
            let result = opening.apply(Place(p(x, y)));
            if result.is_ok() {
                accepted += 1;
            }
            assert_eq!(result.is_ok(), inside && p(x, y) != p(7, 7) && p(x, y) != p(7, 6));
        }
    }
    assert_eq!(accepted, 23);
}

#[test]
fn rif_without_swap_white_plays_the_fourth_then_black_offers_and_white_keeps() {
    let mut opening = after(OpeningRule::Rif, &RIF_THREE);
    opening.apply_by(Role::Responder, TakeWhite).unwrap();
    assert_eq!(opening.black_player(), Some(Role::Opener));
    assert_eq!(opening.phase(), Phase::FourthMove);
    assert_eq!(opening.whose_turn(), Role::Responder);
    opening.apply_by(Role::Responder, Place(p(8, 8))).unwrap();
    assert_eq!(opening.phase(), Phase::FifthOffers);
    assert_eq!(opening.whose_turn(), Role::Opener);
    opening.apply_by(Role::Opener, offer(&[p(6, 8), p(9, 7)])).unwrap();
    assert_eq!(opening.phase(), Phase::WhiteKeepsFifth);
    assert_eq!(opening.offered().map(|o| o.points().to_vec()), Some(vec![p(6, 8), p(9, 7)]));
    assert_eq!(opening.stones().len(), 4, "offers are not stones yet");
    assert_eq!(opening.apply(Keep(p(1, 1))), Err(OpeningError::NotOffered(p(1, 1))));
    opening.apply_by(Role::Responder, Keep(p(9, 7))).unwrap();
    assert!(opening.is_done());
    assert_eq!(opening.stones().last(), Some(&(p(9, 7), Color::Black)));
    assert_eq!(opening.offered(), None);
    assert_eq!(opening.to_move(), Color::White);
    assert_eq!(opening.whose_turn(), Role::Responder, "white plays the sixth move");
}

#[test]
fn rif_with_swap_the_opener_plays_white_from_the_fourth_move() {
    let mut opening = after(OpeningRule::Rif, &RIF_THREE);
    opening.apply(TakeBlack).unwrap();
    assert_eq!(opening.black_player(), Some(Role::Responder));
    assert_eq!(opening.whose_turn(), Role::Opener, "white now, it plays the fourth");
    opening.apply(Place(p(6, 6))).unwrap();
    assert_eq!(opening.whose_turn(), Role::Responder, "black offers");
    opening.apply(offer(&[p(8, 9), p(9, 9)])).unwrap();
    assert_eq!(opening.whose_turn(), Role::Opener, "white keeps");
    opening.apply(Keep(p(8, 9))).unwrap();
    assert!(opening.is_done());
    assert_eq!(opening.whose_turn(), Role::Opener, "and plays the sixth");
}

#[test]
fn rif_refuses_symmetric_and_equal_fifth_offers() {
    // Black centre, white above, black two below: symmetric about the vertical line x = 7.
    let mut opening =
        after(OpeningRule::Rif, &[RIF_THREE[0], RIF_THREE[1], RIF_THREE[2], TakeWhite]);
    opening.apply(Place(p(7, 10))).unwrap();
    assert_eq!(
        opening.apply(offer(&[p(6, 8), p(8, 8)])),
        Err(OpeningError::SymmetricOffers(p(6, 8), p(8, 8)))
    );
    assert_eq!(opening.apply(offer(&[p(6, 8), p(6, 8)])), Err(OpeningError::SameOffers(p(6, 8))));
    assert_eq!(opening.apply(offer(&[p(7, 7), p(6, 8)])), Err(OpeningError::Occupied(p(7, 7))));
    assert_eq!(opening.phase(), Phase::FifthOffers);
    opening.apply(offer(&[p(6, 8), p(8, 9)])).unwrap();
    // Once the fourth stone breaks the symmetry, the mirrored pair is fine.
    let mut lopsided =
        after(OpeningRule::Rif, &[RIF_THREE[0], RIF_THREE[1], RIF_THREE[2], TakeWhite]);
    lopsided.apply(Place(p(9, 10))).unwrap();
    lopsided.apply(offer(&[p(6, 8), p(8, 8)])).unwrap();
}

#[test]
fn no_fifth_move_is_forbidden_with_two_black_stones_down() {
    // The renju check on black's stones is in place, but a forbidden shape needs at least five
    // black stones (double three) or six (overline): every empty point may be offered.
    let decisions = [Place(p(7, 7)), Place(p(8, 8)), Place(p(7, 5)), TakeWhite, Place(p(1, 1))];
    let opening = after(OpeningRule::Rif, &decisions);
    let far = p(14, 0);
    for fifth in opening.board().empty_points().filter(|&q| q != far) {
        assert_eq!(opening.legal(&offer(&[fifth, far])), Ok(()), "{fifth}");
    }
}

#[test]
fn nothing_is_legal_once_the_opening_is_over() {
    let mut opening = after(OpeningRule::Swap1, &[THREE[0], THREE[1], THREE[2], TakeWhite]);
    assert_eq!(opening.apply(TakeBlack), Err(OpeningError::Finished));
    assert_eq!(opening.apply(Place(p(1, 1))), Err(OpeningError::Finished));
}

#[test]
fn undo_steps_back_through_stones_choices_and_offers() {
    let decisions = [
        RIF_THREE[0],
        RIF_THREE[1],
        RIF_THREE[2],
        TakeBlack,
        Place(p(8, 8)),
        offer(&[p(6, 8), p(9, 7)]),
        Keep(p(6, 8)),
    ];
    let mut opening = after(OpeningRule::Rif, &decisions);
    let mut phases = Vec::new();
    for (i, &expected) in decisions.iter().enumerate().rev() {
        assert_eq!(opening.undo(), Some(expected));
        assert_eq!(opening.decisions(), &decisions[..i]);
        assert_eq!(opening, after(OpeningRule::Rif, &decisions[..i]));
        phases.push(opening.phase());
    }
    assert_eq!(opening.undo(), None);
    assert_eq!(opening.phase(), Phase::OpenerPlacesThree { placed: 0 });
    assert_eq!(phases[0], Phase::WhiteKeepsFifth);
    assert_eq!(phases[3], Phase::ResponderChooses);
    assert!(opening.stones().is_empty());
    assert_eq!(opening.black_player(), None);
}

#[test]
fn undo_of_a_colour_choice_forgets_who_is_black() {
    let mut opening = after(OpeningRule::Swap2, &[THREE[0], THREE[1], THREE[2], TakeBlack]);
    assert_eq!(opening.undo(), Some(TakeBlack));
    assert_eq!(opening.black_player(), None);
    assert_eq!(opening.phase(), Phase::ResponderChooses);
    opening.apply(TakeWhite).unwrap();
    assert_eq!(opening.black_player(), Some(Role::Opener));
}

#[test]
fn replay_of_the_decisions_equals_the_original() {
    let paths: [(OpeningRule, Vec<Decision>); 4] = [
        (OpeningRule::Swap1, vec![THREE[0], THREE[1], THREE[2], TakeBlack]),
        (
            OpeningRule::Swap2,
            vec![THREE[0], THREE[1], THREE[2], Place(p(8, 8)), Place(p(6, 6)), TakeWhite],
        ),
        (
            OpeningRule::Rif,
            vec![
                RIF_THREE[0],
                RIF_THREE[1],
                RIF_THREE[2],
                TakeWhite,
                Place(p(8, 8)),
                offer(&[p(6, 8), p(9, 7)]),
            ],
        ),
        (OpeningRule::Swap2, vec![THREE[0], THREE[1]]),
    ];
    for (rule, decisions) in paths {
        let original = after(rule, &decisions);
        let replayed = Opening::replay(rule, 15, original.decisions()).unwrap();
        assert_eq!(replayed, original);
        assert_eq!(replayed.stones(), original.stones());
        assert_eq!(replayed.phase(), original.phase());
    }
}

#[test]
fn replay_names_the_first_refused_decision() {
    let decisions = [THREE[0], THREE[1], THREE[2], TakeWhite, TakeBlack];
    let err = Opening::replay(OpeningRule::Swap1, 15, &decisions).unwrap_err();
    assert_eq!(err, OpeningError::InRecord { index: 4, cause: Box::new(OpeningError::Finished) });
    assert!(err.to_string().starts_with("opening decision 5:"), "{err}");
    assert!(matches!(Opening::new(OpeningRule::Swap1, 40), Err(OpeningError::BadSize(40))));
}

#[test]
fn an_opening_round_trips_through_json_and_bad_json_is_refused() {
    let decisions = [
        RIF_THREE[0],
        RIF_THREE[1],
        RIF_THREE[2],
        TakeWhite,
        Place(p(8, 8)),
        offer(&[p(6, 8), p(9, 7)]),
    ];
    let opening = after(OpeningRule::Rif, &decisions);
    let json = serde_json::to_string(&opening).unwrap();
    assert_eq!(
        json,
        r#"{"rule":"rif","size":15,"decisions":["place 7,7","place 7,6","place 7,9","white","place 8,8","offer 6,8 9,7"]}"#
    );
    let back: Opening = serde_json::from_str(&json).unwrap();
    assert_eq!(back, opening);
    let cheat = json.replace("place 7,7", "place 3,3");
    assert!(serde_json::from_str::<Opening>(&cheat).is_err());
    assert!(serde_json::from_str::<Opening>(&json.replace("\"white\"", "\"grey\"")).is_err());
}

#[test]
fn rule_names_and_decision_texts_parse_back() {
    for rule in OpeningRule::ALL {
        assert_eq!(rule.to_string().parse::<OpeningRule>(), Ok(rule));
    }
    assert_eq!("none".parse::<OpeningRule>(), Ok(OpeningRule::Free));
    assert_eq!("SWAP2".parse::<OpeningRule>(), Ok(OpeningRule::Swap2));
    assert!("soosorv".parse::<OpeningRule>().is_err());
    for d in [Place(p(0, 14)), TakeBlack, TakeWhite, offer(&[p(1, 2), p(3, 4)]), Keep(p(5, 6))] {
        assert_eq!(d.to_string().parse::<Decision>(), Ok(d));
    }
    for bad in ["", "place", "place 1", "offer", "offer 1,2 x", "keep 1,2 3,4", "swap", "declare x"]
    {
        assert!(bad.parse::<Decision>().is_err(), "{bad:?}");
    }
}
