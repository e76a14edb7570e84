//! A proven forced win for the side to move, by the threat solver alone: a five at once, a VCF
//! (continuous fours, with its whole line) or a VCT (fours and open threes, its first move and
//! length). What review shows as certain ("wins in 7"), unlike a search's score.

use super::position::Position;
use super::shape::WIN;
use super::vcf::Vcf;
use super::vct::Vct;
use crate::board::{pos_of, Board};
use crate::color::Color;
use crate::pos::Pos;
use crate::rule::Rule;
use std::sync::atomic::AtomicBool;

/// A forced win the threat solver proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreatWin {
    /// The winning line: for a five or a VCF the winner's moves and the forced replies
    /// alternating, to the five; for a VCT its first move.
    pub line: Vec<Pos>,
    /// The winner's moves to the five (the five included).
    pub moves: u32,
    /// Whether fours alone win (VCF); otherwise open threes are needed too (VCT).
    pub by_fours: bool,
}

/// How hard the solver tries on one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofLimits {
    /// Nodes of the VCF search.
    pub vcf_nodes: u64,
    /// Longest VCF, in the attacker's fours.
    pub max_fours: u32,
    /// Nodes of the VCT search (0: no VCT).
    pub vct_nodes: u64,
    /// Longest VCT, in the attacker's threats.
    pub max_threats: u32,
}

impl Default for ProofLimits {
    /// What review uses: every VCF the root search would find, and VCTs of up to seven threats
    /// within 30 000 nodes (a few milliseconds each).
    fn default() -> Self {
        ProofLimits { vcf_nodes: 200_000, max_fours: 24, vct_nodes: 30_000, max_threats: 7 }
    }
}

/// The forced win of `to_move` on `board` under `rule`, if the solver proves one within
/// `limits` (black never plays a forbidden point in renju). `stop` ends the search early.
pub fn threat_win(
    board: &Board,
    rule: Rule,
    to_move: Color,
    limits: ProofLimits,
    stop: &AtomicBool,
) -> Option<ThreatWin> {
    let mut pos = Position::new(board, rule, to_move);
    if pos.threat_count(to_move, WIN) > 0 {
        let five = pos.points().iter().copied().find(|&q| pos.shape(to_move, q).threat == WIN)?;
        return Some(ThreatWin { line: vec![pos_of(five)], moves: 1, by_fours: true });
    }
    let mut vcf = Vcf::new(limits.vcf_nodes, None, Some(stop));
    if let Some(line) = vcf.find(&mut pos, limits.max_fours) {
        let line = to_the_five(board, rule, to_move, line)?;
        let moves = line.len().div_ceil(2) as u32;
        return Some(ThreatWin {
            line: line.into_iter().map(pos_of).collect(),
            moves,
            by_fours: true,
        });
    }
    if limits.vct_nodes == 0 {
        return None;
    }
    let mut vct = Vct::new(limits.vct_nodes, None, Some(stop));
    let (first, threats) = vct.find(&mut pos, limits.max_threats)?;
    Some(ThreatWin { line: vec![pos_of(first)], moves: threats + 1, by_fours: false })
}

/// A VCF line played on to the five: it stops where the winner has a five point (or two, which
/// the defender cannot both block), so the block of one and the five are added.
fn to_the_five(
    board: &Board,
    rule: Rule,
    winner: Color,
    mut line: Vec<usize>,
) -> Option<Vec<usize>> {
    let mut pos = Position::new(board, rule, winner);
    for &q in &line {
        pos.play(q);
    }
    let five_points = |pos: &Position| -> Vec<usize> {
        pos.points().iter().copied().filter(|&q| pos.shape(winner, q).threat == WIN).collect()
    };
    if pos.to_move() != winner {
        let blocked = *five_points(&pos).first()?;
        line.push(blocked);
        pos.play(blocked);
    }
    line.push(*five_points(&pos).first()?);
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_boards::stones as board;

    fn prove(board: &Board, rule: Rule, to_move: Color) -> Option<ThreatWin> {
        threat_win(board, rule, to_move, ProofLimits::default(), &AtomicBool::new(false))
    }

    #[test]
    fn a_five_at_once_is_a_win_in_one() {
        let b = board(&[(3, 7), (4, 7), (5, 7), (6, 7)], &[(0, 0), (0, 2), (0, 4), (0, 6)]);
        let win = prove(&b, Rule::Freestyle, Color::Black).unwrap();
        assert_eq!(win.moves, 1);
        assert!(win.line == vec![Pos::new(7, 7)] || win.line == vec![Pos::new(2, 7)]);
    }

    #[test]
    fn a_vcf_comes_with_its_whole_line_and_the_defender_has_none() {
        // Black: a broken three on row 7 and a three on column 10 crossing at (10, 7): four,
        // block, four-four.
        let b = board(
            &[(7, 7), (8, 7), (9, 7), (10, 5), (10, 6), (10, 8)],
            &[(6, 7), (0, 0), (14, 0), (0, 14), (12, 12), (2, 12)],
        );
        let win = prove(&b, Rule::Freestyle, Color::Black).expect("black wins by fours");
        assert!(win.by_fours);
        assert_eq!(win.line.len() as u32, 2 * win.moves - 1, "{win:?}");
        let mut after = b.clone();
        for (i, &p) in win.line.iter().enumerate() {
            assert!(after.stone(p).is_none(), "{p} is free");
            after.place(p, if i % 2 == 0 { Color::Black } else { Color::White });
        }
        let last = *win.line.last().unwrap();
        assert!(Rule::Freestyle.wins_at(&after, crate::board::index_of(last), Color::Black));
        assert!(prove(&b, Rule::Freestyle, Color::White).is_none());
    }

    #[test]
    fn black_in_renju_is_not_proven_a_win_through_a_forbidden_point() {
        // Black's only "five" would be the overline 1..=7 at (5, 7): forbidden in renju.
        let b = board(
            &[(1, 7), (2, 7), (3, 7), (4, 7), (6, 7), (7, 7)],
            &[(0, 7), (2, 1), (4, 1), (6, 1), (8, 1), (10, 1)],
        );
        let black = prove(&b, Rule::Renju, Color::Black);
        assert!(black.as_ref().is_none_or(|w| !w.line.contains(&Pos::new(5, 7))), "{black:?}");
        let freestyle = prove(&b, Rule::Freestyle, Color::Black).unwrap();
        assert_eq!((freestyle.moves, freestyle.line[0]), (1, Pos::new(5, 7)));
    }
}
