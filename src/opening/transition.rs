//! What each decision does in each phase of each opening rule: the stone it places, the phase
//! it leads to and the choices it fixes, or why it is refused.

use super::decision::{Decision, Offers, Phase, Role};
use super::error::OpeningError;
use super::rule::{OpeningRule, MAX_OFFERS};
use super::state::Opening;
use super::symmetry::{equivalent, near_centre};
use crate::color::Color;
use crate::pos::Pos;
use crate::renju;

/// The colours of the opener's three stones.
pub(super) const THREE: [Color; 3] = [Color::Black, Color::White, Color::Black];

/// Taraguchi-10: how many fifth moves black offers instead of placing one.
pub const TARAGUCHI_OFFERS: usize = MAX_OFFERS;

/// What one decision does.
pub(super) struct Effect {
    /// The stone it places.
    pub stone: Option<(Pos, Color)>,
    /// The phase after it.
    pub phase: Phase,
    /// Who plays black after it (tentatively, until the opening is over).
    pub black: Option<Role>,
    /// The fifth moves on offer after it.
    pub offered: Option<Offers>,
    /// The number of fifth moves declared after it.
    pub declared: Option<u8>,
}

/// What `decision` would do in `opening` now, or why it is refused.
pub(super) fn effect(opening: &Opening, decision: Decision) -> Result<Effect, OpeningError> {
    use Decision::{Declare, Keep, Offer, Place, TakeBlack, TakeWhite};
    let rule = opening.rule();
    let stay = |phase| Effect {
        stone: None,
        phase,
        black: opening.black_player(),
        offered: None,
        declared: opening.declared(),
    };
    let take = |decider: Role, phase| {
        let black = if decision == TakeBlack { decider } else { !decider };
        Ok(Effect { black: Some(black), ..stay(phase) })
    };
    match (opening.phase(), decision) {
        (Phase::Done, _) => Err(OpeningError::Finished),
        (Phase::OpenerPlacesThree { placed }, Place(p)) => opener_stone(opening, placed, p),
        (Phase::ResponderChooses, TakeBlack | TakeWhite) => {
            let phase = if rule.opens_with_26() { Phase::FourthMove } else { Phase::Done };
            take(Role::Responder, phase)
        }
        (Phase::ResponderChooses, Place(p)) if rule == OpeningRule::Swap2 => {
            stone(opening, p, Color::White, Phase::ResponderPlacesFifth)
        }
        (Phase::ResponderPlacesFifth, Place(p)) => {
            stone(opening, p, Color::Black, Phase::OpenerChooses)
        }
        (Phase::OpenerChooses, TakeBlack | TakeWhite) => take(Role::Opener, Phase::Done),
        (Phase::FourthMove, Place(p)) => {
            let next = if rule == OpeningRule::Soosorv8 {
                Phase::DeclareOffers
            } else {
                Phase::FifthOffers
            };
            stone(opening, p, Color::White, next)
        }
        (Phase::DeclareOffers, Declare(n)) => {
            declare(opening, n).map(|phase| Effect { declared: Some(n), ..stay(phase) })
        }
        (Phase::SwapChoice, TakeBlack | TakeWhite) => {
            take(opening.whose_turn(), after_swap(rule, opening.stones().len()))
        }
        (Phase::PlaceInSquare { stone: number }, Place(p)) => {
            in_square(opening, p, number)?;
            let color = Color::at_ply(usize::from(number) - 1);
            stone(opening, p, color, Phase::SwapChoice)
        }
        (Phase::FifthOrOffers, Place(p)) => {
            in_square(opening, p, 5)?;
            stone(opening, p, Color::Black, Phase::SwapChoice)
        }
        (Phase::FifthOrOffers, Offer(offers)) => {
            check_offers(opening, offers, TARAGUCHI_OFFERS)?;
            Ok(Effect { offered: Some(offers), ..stay(Phase::WhiteKeepsFifth) })
        }
        (Phase::FifthOffers, Offer(offers)) => {
            check_offers(opening, offers, opening.offers_due().unwrap_or(2))?;
            Ok(Effect { offered: Some(offers), ..stay(Phase::WhiteKeepsFifth) })
        }
        (Phase::WhiteKeepsFifth, Keep(p)) => match opening.offered() {
            Some(offers) if offers.points().contains(&p) => {
                stone(opening, p, Color::Black, Phase::Done)
            }
            _ => Err(OpeningError::NotOffered(p)),
        },
        (phase, decision) => Err(OpeningError::NotNow { phase, decision }),
    }
}

/// The phase after a swap choice with `stones` on the board.
fn after_swap(rule: OpeningRule, stones: usize) -> Phase {
    match (rule, stones) {
        (OpeningRule::Taraguchi10, 1..=3) => Phase::PlaceInSquare { stone: stones as u8 + 1 },
        (OpeningRule::Taraguchi10, 4) => Phase::FifthOrOffers,
        (OpeningRule::Soosorv8, _) => Phase::FifthOffers,
        _ => Phase::Done,
    }
}

/// A declaration of `n` fifth moves: the phase after it, or why it is refused.
fn declare(opening: &Opening, n: u8) -> Result<Phase, OpeningError> {
    let max = opening.rule().max_declared().unwrap_or(0);
    if n == 0 || n > max {
        return Err(OpeningError::BadDeclaration { declared: n, max });
    }
    Ok(if opening.rule() == OpeningRule::Yamaguchi {
        Phase::ResponderChooses
    } else {
        Phase::SwapChoice
    })
}

/// The opener's stone number `placed + 1`, with the 26 openings' limits on where it may go.
fn opener_stone(opening: &Opening, placed: u8, p: Pos) -> Result<Effect, OpeningError> {
    let size = opening.size();
    if opening.rule().opens_with_26() && p.is_on(size) {
        match placed {
            0 if p != Pos::centre(size) => return Err(OpeningError::NotCentre(p)),
            1 if !near_centre(p, size, 1) => return Err(OpeningError::NotNextToCentre(p)),
            2 if !near_centre(p, size, 2) => return Err(OpeningError::OutsideOpenings(p)),
            _ => {}
        }
    }
    let phase = match (placed, opening.rule()) {
        (0 | 1, _) => Phase::OpenerPlacesThree { placed: placed + 1 },
        (_, OpeningRule::Yamaguchi) => Phase::DeclareOffers,
        _ => Phase::ResponderChooses,
    };
    stone(opening, p, THREE[usize::from(placed)], phase)
}

/// Taraguchi-10: stone `number` must lie in the central square of side `2 * number - 1`.
fn in_square(opening: &Opening, p: Pos, number: u8) -> Result<(), OpeningError> {
    let size = opening.size();
    if !p.is_on(size) || near_centre(p, size, number - 1) {
        return Ok(());
    }
    if number == 1 {
        return Err(OpeningError::NotCentre(p));
    }
    Err(OpeningError::NotInSquare { point: p, side: 2 * number - 1 })
}

/// A stone of `color` at `p`, then `phase`.
fn stone(opening: &Opening, p: Pos, color: Color, phase: Phase) -> Result<Effect, OpeningError> {
    check_point(opening, p, color)?;
    Ok(Effect {
        stone: Some((p, color)),
        phase,
        black: opening.black_player(),
        offered: None,
        declared: opening.declared(),
    })
}

/// Whether a stone of `color` may go on `p`: on the board, empty, and (renju, black) not on a
/// forbidden point. Swap1 and swap2 place at most three black stones, too few for any
/// forbidden shape, so only the renju openings check them.
fn check_point(opening: &Opening, p: Pos, color: Color) -> Result<(), OpeningError> {
    let board = opening.board();
    if !board.contains(p) {
        return Err(OpeningError::OffBoard(p));
    }
    if board.stone(p).is_some() {
        return Err(OpeningError::Occupied(p));
    }
    if opening.rule().is_renju() && color == Color::Black {
        if let Some(why) = renju::forbidden(board, p) {
            return Err(OpeningError::Forbidden(p, why));
        }
    }
    Ok(())
}

/// `due` different, legal fifth moves, no two of them symmetric to each other.
fn check_offers(opening: &Opening, offers: Offers, due: usize) -> Result<(), OpeningError> {
    if offers.len() != due {
        return Err(OpeningError::WrongOfferCount { given: offers.len(), due });
    }
    let points = offers.points();
    let stones = opening.stones();
    for (i, &a) in points.iter().enumerate() {
        check_point(opening, a, Color::Black)?;
        for &b in &points[i + 1..] {
            if a == b {
                return Err(OpeningError::SameOffers(a));
            }
            if equivalent(&stones, opening.size(), a, b) {
                return Err(OpeningError::SymmetricOffers(a, b));
            }
        }
    }
    Ok(())
}
