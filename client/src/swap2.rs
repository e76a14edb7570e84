//! Asking an external brain for its swap2 decisions with `SWAP2BOARD`, and reading its answer.
//!
//! The stones go as `x,y,field` lines (1 for the brain's side to move — white —, 2 for the
//! other): the Gomocup page shows bare `x,y` lines, but Rapfi reads the block like `BOARD` and
//! refuses stones without a field, and brains that follow the page read `x,y` from either.

use crate::brain::ExternalBrain;
use crate::ExternalError;
use gomoku::opening::ai::Turn;
use gomoku::opening::{Decision, Opening, OpeningRule, Phase};
use gomoku::{Color, Pos};
use std::time::Duration;

/// Why a swap2 decision could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Error {
    /// The opening is not swap2, or an answer that means nothing in the opening's phase.
    Bad(String),
    /// The engine failed.
    Engine(ExternalError),
}

impl std::fmt::Display for Swap2Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Swap2Error::Bad(why) => f.write_str(why),
            Swap2Error::Engine(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Swap2Error {}

/// The engine's decisions in `opening`, which must be a swap2 opening at one of its decisions;
/// the engine must have been started for the board ([`ExternalBrain::new_game`]).
///
/// # Errors
/// [`Swap2Error::Bad`] for another opening or an answer that does not fit the phase,
/// [`Swap2Error::Engine`] when the engine fails or takes longer than `within`.
pub fn ask(brain: &ExternalBrain, opening: &Opening, within: Duration) -> Result<Turn, Swap2Error> {
    if opening.rule() != OpeningRule::Swap2 {
        return Err(Swap2Error::Bad(format!(
            "external brains play only the swap2 opening, not {}",
            opening.rule()
        )));
    }
    let answer = brain.exchange(swap2_lines(opening), within).map_err(Swap2Error::Engine)?;
    read_answer(opening.phase(), &answer).map_err(Swap2Error::Bad)
}

/// The `SWAP2BOARD … DONE` block of the opening's stones.
fn swap2_lines(opening: &Opening) -> Vec<String> {
    let mut lines = vec!["SWAP2BOARD".to_string()];
    for (p, color) in opening.stones() {
        lines.push(format!("{},{},{}", p.x, p.y, if color == Color::White { 1 } else { 2 }));
    }
    lines.push("DONE".to_string());
    lines
}

/// The decisions an answer means in `phase`.
pub fn read_answer(phase: Phase, answer: &str) -> Result<Turn, String> {
    let bad = || format!("bad SWAP2BOARD answer {answer:?} in phase {phase:?}");
    if answer.trim().eq_ignore_ascii_case("SWAP") {
        return match phase {
            Phase::ResponderChooses | Phase::OpenerChooses => {
                Ok(Turn { decisions: vec![Decision::TakeBlack], then_play: None })
            }
            _ => Err(bad()),
        };
    }
    let points: Vec<Pos> =
        answer.split_whitespace().map(str::parse).collect::<Result<_, _>>().map_err(|_| bad())?;
    let places = |points: &[Pos]| points.iter().map(|&p| Decision::Place(p)).collect();
    match (phase, points.as_slice()) {
        (Phase::OpenerPlacesThree { placed: 0 }, [_, _, _]) => {
            Ok(Turn { decisions: places(&points), then_play: None })
        }
        (Phase::ResponderChooses, [_, _]) => {
            Ok(Turn { decisions: places(&points), then_play: None })
        }
        (Phase::ResponderChooses | Phase::OpenerChooses, [next]) => {
            Ok(Turn { decisions: vec![Decision::TakeWhite], then_play: Some(*next) })
        }
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_map_to_decisions_by_phase() {
        let three = read_answer(Phase::OpenerPlacesThree { placed: 0 }, "7,7 8,7 7,9").unwrap();
        assert_eq!(three.decisions.len(), 3);
        let swap = read_answer(Phase::ResponderChooses, "SWAP").unwrap();
        assert_eq!(swap.decisions, [Decision::TakeBlack]);
        let stay = read_answer(Phase::ResponderChooses, "8,8").unwrap();
        assert_eq!(
            (stay.decisions, stay.then_play),
            (vec![Decision::TakeWhite], Some(Pos::new(8, 8)))
        );
        let two = read_answer(Phase::ResponderChooses, "8,8 6,6").unwrap();
        assert_eq!(
            two.decisions,
            [Decision::Place(Pos::new(8, 8)), Decision::Place(Pos::new(6, 6))]
        );
        let sixth = read_answer(Phase::OpenerChooses, "9,9").unwrap();
        assert_eq!(sixth.then_play, Some(Pos::new(9, 9)));
        for (phase, bad) in [
            (Phase::OpenerChooses, "8,8 6,6"),
            (Phase::OpenerPlacesThree { placed: 0 }, "SWAP"),
            (Phase::ResponderChooses, "ERROR no"),
            (Phase::ResponderChooses, ""),
        ] {
            assert!(read_answer(phase, bad).is_err(), "{bad:?}");
        }
    }
}
