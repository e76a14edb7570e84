//! Asking an external brain for its swap2 decisions with `SWAP2BOARD`, and reading its answer.
//!
//! The stones go as `x,y,field` lines (1 for the brain's side to move — white —, 2 for the
//! other): the Gomocup page shows bare `x,y` lines, but Rapfi reads the block like `BOARD` and
//! refuses stones without a field, and brains that follow the page read `x,y` from either.

use crate::player::External;
use gomoku::opening::ai::Turn;
use gomoku::opening::{Decision, Opening, OpeningRule, Phase};
use gomoku::{Color, Pos};

/// The brain's decisions in `opening`, which must be a swap2 opening at one of its decisions.
pub fn ask(brain: &mut External, opening: &Opening) -> Result<Turn, String> {
    if opening.rule() != OpeningRule::Swap2 {
        return Err(format!("external brains play only the swap2 opening, not {}", opening.rule()));
    }
    let mut text = String::from("SWAP2BOARD\n");
    for (p, color) in opening.stones() {
        text.push_str(&format!("{},{},{}\n", p.x, p.y, if color == Color::White { 1 } else { 2 }));
    }
    text.push_str("DONE\n");
    brain.send(&text)?;
    let answer = brain.reply(brain.answer_time())?;
    read_answer(opening.phase(), &answer)
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
