//! A short VCF for the search's leaves, played on the line masks alone.
//!
//! A leaf VCF asks one question (can the side to move win by fours within a few nodes?) many
//! thousand times a second, and a full move of [`Position`] (every pattern, shape and sum of the
//! points around it) costs far more than the question needs. Here a four and its block only set
//! bits in the line masks, and the four-and-five facts the search needs are read from the
//! patterns of single line windows: a point's pattern in a direction says how many five points a
//! stone there makes along it (a four one, an open four two). Black's forbidden points in renju
//! depend on more than one line: when white attacks, its stones and black's blocks are mirrored
//! on the board, so that a four whose block is forbidden to black wins; black's wins, found
//! with forbidden fours played as legal, are checked by the full search
//! ([`QuickVcf::wins_are_wins`]).

use super::budget::Budget;
use super::lines::{cell_at_bit, Lines};
use super::pattern::{Pattern, BLOCK4, FIVE, FLEX4};
use super::position::Position;
use super::shape::FOUR;
use super::window::{patterns, PairTable};
use crate::board::Board;
use crate::color::Color;
use crate::renju;
use crate::rule::Rule;

/// A VCF search over line masks with a node budget; its buffers are kept between searches.
pub struct QuickVcf {
    /// Attacker nodes visited by the last search, and its limit.
    pub budget: Budget<'static>,
    /// The candidate four points of every attacker node on the current line, each node's
    /// behind its parent's.
    fours: Vec<usize>,
}

/// The stones by line and the rule's pattern tables: enough to play fours and blocks.
struct LineBoard<'p> {
    lines: &'p mut Lines,
    tables: [&'static PairTable; 2],
    /// The board, kept in step with the lines when white attacks in renju, where a block may be
    /// forbidden to black.
    forbidding: Option<&'p mut Board>,
}

impl Default for QuickVcf {
    fn default() -> Self {
        QuickVcf { budget: Budget::new(0, None, None), fours: Vec::new() }
    }
}

impl QuickVcf {
    /// Whether every win the quick search finds for `attacker` under `rule` is one. Where no
    /// point is ever forbidden it decides exactly what the full search decides. In renju
    /// white's fours are never forbidden, and a four whose block is forbidden to black wins
    /// (a block that makes black five is never forbidden), so for white it decides as the full
    /// search does too. For black in renju it plays forbidden fours as well: it finds every win
    /// the full search finds (within its budget) and some that are none.
    pub fn wins_are_wins(rule: Rule, attacker: Color) -> bool {
        rule != Rule::Renju || attacker == Color::White
    }

    /// Whether the side to move wins by a VCF of at most `max_fours` fours, visiting at most
    /// `budget` attacker nodes (counted by a [`Budget`]: the last one gives up); a win is one
    /// only where [`QuickVcf::wins_are_wins`]. The side to move must have no five to make, nor
    /// the opponent one. The position is left as it was.
    pub fn wins(&mut self, pos: &mut Position, max_fours: u32, budget: u64) -> bool {
        let attacker = pos.to_move();
        self.budget.restart(budget);
        self.fours.clear();
        pos.append_points_with_threat(attacker, FOUR, &mut self.fours);
        self.fours.sort_by_key(|&q| std::cmp::Reverse(pos.shape(attacker, q).value));
        let end = self.fours.len();
        let rule = pos.rule();
        let (lines, tables, stones) = pos.lines_and_tables();
        let forbidding =
            (rule.has_forbidden_points() && attacker == Color::White).then_some(stones);
        let mut board = LineBoard { lines, tables, forbidding };
        self.attack(&mut board, attacker, max_fours, 0, end)
    }

    /// The attacker is to move; its candidate fours are `self.fours[start..end]`, and the
    /// defender has no five to make.
    fn attack(
        &mut self,
        board: &mut LineBoard<'_>,
        attacker: Color,
        fours_left: u32,
        start: usize,
        end: usize,
    ) -> bool {
        if fours_left == 0 {
            return false;
        }
        if self.budget.spend() {
            return false;
        }
        for i in start..end {
            let q = self.fours[i];
            if !board.is_empty(q) {
                continue;
            }
            let (fives, four_dir) = board.fives_made(q, attacker);
            if fives >= 2 {
                // An open four or two fours: one block cannot stop both fives.
                return true;
            }
            if fives == 0 {
                continue;
            }
            board.place(q, attacker);
            // The four's five point is on the one line where it was made.
            let Some(block) = board.five_point_along(q, four_dir, attacker) else {
                board.remove(q, attacker);
                continue;
            };
            if board.is_forbidden_to_black(block) {
                // Black may not block: the five comes.
                board.remove(q, attacker);
                return true;
            }
            // The fives the block makes for the defender (it had none to make before).
            let counter = board.fives_made(block, !attacker);
            board.place(block, !attacker);
            let next = self.fours.len();
            self.push_next_fours(board, attacker, q, (block, counter), start..end);
            let won = next < self.fours.len()
                && self.attack(board, attacker, fours_left - 1, next, self.fours.len());
            self.fours.truncate(next);
            board.remove(block, !attacker);
            board.remove(q, attacker);
            if won {
                return true;
            }
        }
        false
    }

    /// After the attacker's four on `q` and the defender's block on `block` (which made
    /// `counter` five points for the defender, the last along its direction), the attacker's candidate fours for the next
    /// node: the one that also stops the defender's five, else the fours made along `q`'s lines
    /// and those of `previous` still standing.
    fn push_next_fours(
        &mut self,
        board: &LineBoard<'_>,
        attacker: Color,
        q: usize,
        (block, counter): (usize, (u32, usize)),
        previous: std::ops::Range<usize>,
    ) {
        match counter {
            (0, _) => {}
            (1, dir) => {
                let answer = board.five_point_along(block, dir, !attacker);
                if let Some(answer) = answer.filter(|&a| board.is_four_point(a, attacker)) {
                    self.fours.push(answer);
                }
                return;
            }
            // Two fives to stop: the attack is over.
            _ => return,
        }
        let next = self.fours.len();
        for dir in 0..4 {
            board.for_each_empty_near(q, dir, |r| {
                if is_four(board.pattern(r, dir, attacker)) && !self.fours[next..].contains(&r) {
                    self.fours.push(r);
                }
            });
        }
        for i in previous {
            let p = self.fours[i];
            if board.is_empty(p)
                && !self.fours[next..].contains(&p)
                && board.is_four_point(p, attacker)
            {
                self.fours.push(p);
            }
        }
    }
}

/// How many five points a stone makes along a line where its pattern is `p`.
fn fives_along(p: Pattern) -> u32 {
    match p {
        FLEX4 => 2,
        BLOCK4 => 1,
        _ => 0,
    }
}

fn is_four(p: Pattern) -> bool {
    p == BLOCK4 || p == FLEX4
}

impl LineBoard<'_> {
    fn place(&mut self, q: usize, color: Color) {
        self.lines.place(q, color);
        if let Some(board) = self.forbidding.as_deref_mut() {
            board.place_at(q, color);
        }
    }

    fn remove(&mut self, q: usize, color: Color) {
        self.lines.remove(q, color);
        if let Some(board) = self.forbidding.as_deref_mut() {
            board.remove_at(q);
        }
    }

    /// Whether black may not play the empty point `q` (only checked when white attacks in
    /// renju).
    fn is_forbidden_to_black(&mut self, q: usize) -> bool {
        self.forbidding.as_deref_mut().is_some_and(|board| renju::forbidden_at(board, q).is_some())
    }

    fn is_empty(&self, q: usize) -> bool {
        let (w, bit) = self.lines.line(q, 0);
        (w.black | w.white) >> bit & 1 == 0
    }

    /// `color`'s pattern at the empty point `q` along direction `dir`.
    fn pattern(&self, q: usize, dir: usize, color: Color) -> Pattern {
        let (w, bit) = self.lines.line(q, dir);
        let w = w.around(bit);
        patterns(self.tables, w.black, w.white)[color.index()]
    }

    /// Whether a stone of `color` on the empty point `q` makes a four (or more) on some line.
    fn is_four_point(&self, q: usize, color: Color) -> bool {
        (0..4).any(|d| is_four(self.pattern(q, d, color)))
    }

    /// How many five points a stone of `color` on the empty point `q` makes, and the last
    /// direction along which it makes one (where a single five point lies).
    fn fives_made(&self, q: usize, color: Color) -> (u32, usize) {
        (0..4).fold((0, 0), |(fives, last), dir| match fives_along(self.pattern(q, dir, color)) {
            0 => (fives, last),
            made => (fives + made, dir),
        })
    }

    /// The first point within four steps of `q` along direction `dir` where `color` makes five.
    fn five_point_along(&self, q: usize, dir: usize, color: Color) -> Option<usize> {
        let mut found = None;
        self.for_each_empty_near(q, dir, |r| {
            if found.is_none() && self.pattern(r, dir, color) == FIVE {
                found = Some(r);
            }
        });
        found
    }

    /// Calls `f` with each empty point within four steps of `q` along direction `dir`.
    fn for_each_empty_near(&self, q: usize, dir: usize, mut f: impl FnMut(usize)) {
        let (w, bit) = self.lines.line(q, dir);
        let mut empty = !(w.black | w.white) & 0x1ff << (bit - 4);
        while empty != 0 {
            let r_bit = empty.trailing_zeros();
            empty &= empty - 1;
            f(cell_at_bit(q, dir, bit, r_bit));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::shape::WIN;
    use crate::ai::test_boards::sample_boards;
    use crate::ai::vcf::Vcf;

    /// Where both searches finish, the quick one on the line masks wins exactly where the full
    /// one does (long searches, so that neither stops at its length), and leaves the position
    /// as it found it.
    #[test]
    fn wins_exactly_where_the_full_vcf_does() {
        const BUDGET: u64 = 100_000;
        let (mut compared, mut won) = (0, 0);
        let mut quick = QuickVcf::default();
        for (name, board) in sample_boards() {
            for rule in [Rule::Freestyle, Rule::Standard] {
                for side in Color::ALL {
                    let mut pos = Position::new(&board, rule, side);
                    if pos.has_threat_at_least(side, WIN) || pos.has_threat_at_least(!side, WIN) {
                        continue;
                    }
                    let (hash, lines) = (pos.hash(), pos.lines_and_tables().0.clone());
                    let wins = quick.wins(&mut pos, 30, BUDGET);
                    assert!(pos.hash() == hash && *pos.lines_and_tables().0 == lines, "{name}");
                    let mut full = Vcf::new(BUDGET, None, None);
                    let proof = full.find(&mut pos, 30);
                    if quick.budget.exhausted() || full.budget.exhausted() {
                        continue;
                    }
                    compared += 1;
                    won += usize::from(wins);
                    assert_eq!(wins, proof.is_some(), "{name}, {side:?} {rule:?}");
                }
            }
        }
        assert!(compared >= 5_000 && won >= 1_000, "too few cases: {compared} compared, {won} won");
    }

    /// Each sample position with `side` to move in renju and no five to make for either side
    /// that both searches decide: its name, the quick search's answer and the full one's.
    fn renju_answers(side: Color) -> Vec<(String, bool, bool)> {
        const BUDGET: u64 = 100_000;
        let mut quick = QuickVcf::default();
        let mut answers = Vec::new();
        for (name, board) in sample_boards() {
            let mut pos = Position::new(&board, Rule::Renju, side);
            if pos.has_threat_at_least(Color::White, WIN)
                || pos.has_threat_at_least(Color::Black, WIN)
            {
                continue;
            }
            let hash = pos.hash();
            let wins = quick.wins(&mut pos, 30, BUDGET);
            assert_eq!(pos.hash(), hash, "{name}");
            let mut full = Vcf::new(BUDGET, None, None);
            let proof = full.find(&mut pos, 30);
            if !quick.budget.exhausted() && !full.budget.exhausted() {
                answers.push((name, wins, proof.is_some()));
            }
        }
        answers
    }

    /// In renju, for white: the quick search wins exactly where the full one does (a four whose
    /// block is forbidden to black is a win for both), and the position is left as it was.
    #[test]
    fn wins_for_white_in_renju_exactly_where_the_full_vcf_does() {
        let answers = renju_answers(Color::White);
        for (name, quick, full) in &answers {
            assert_eq!(quick, full, "{name}");
        }
        let won = answers.iter().filter(|(_, quick, _)| *quick).count();
        let compared = answers.len();
        assert!(compared >= 1_000 && won >= 100, "too few cases: {compared} compared, {won} won");
    }

    /// White's four whose only block is a double three for black wins in renju (black may
    /// not block), and only there.
    #[test]
    fn a_four_whose_block_is_forbidden_wins_for_white_in_renju() {
        let mut board = crate::Board::new(15).unwrap();
        let at = |x, y| crate::Pos::new(x, y);
        // Black's (7,7) is a double three; white's diagonal four (11,11) would need black to
        // block there (and (6,6) keeps white's four on (7,7) from being open).
        for p in [at(5, 7), at(6, 7), at(7, 5), at(7, 6), at(12, 12), at(6, 6), at(2, 12)] {
            board.place(p, Color::Black);
        }
        for p in [at(8, 8), at(9, 9), at(10, 10), at(0, 14), at(14, 0), at(14, 14)] {
            board.place(p, Color::White);
        }
        assert!(renju::forbidden(&board, at(7, 7)).is_some());
        let mut quick = QuickVcf::default();
        for (rule, wins) in [(Rule::Renju, true), (Rule::Freestyle, false), (Rule::Standard, false)]
        {
            let mut pos = Position::new(&board, rule, Color::White);
            let hash = pos.hash();
            assert_eq!(quick.wins(&mut pos, 5, 1_000), wins, "{rule:?}");
            assert_eq!(pos.hash(), hash, "{rule:?}: the position is left as it was");
            assert_eq!(Vcf::new(1_000, None, None).find(&mut pos, 5).is_some(), wins, "{rule:?}");
        }
    }

    /// In renju, for black: every win the full search finds, the quick one finds too (it also
    /// plays forbidden fours, so some of its wins are none).
    #[test]
    fn finds_every_win_for_black_in_renju_that_the_full_vcf_finds() {
        let answers = renju_answers(Color::Black);
        let (mut won, mut false_wins) = (0, 0);
        for (name, quick, full) in &answers {
            assert!(*quick || !full, "{name}: a win the quick search does not see");
            won += usize::from(*full);
            false_wins += usize::from(*quick && !full);
        }
        let compared = answers.len();
        assert!(compared >= 1_000 && won >= 100, "too few cases: {compared} compared, {won} won");
        assert!(false_wins * 5 <= won, "{false_wins} wins that are none against {won}");
    }
}
