//! Black's fifth moves as the opening AI sees them: the best few that may be offered together
//! (legal, no two symmetric), what offering N of them is worth, and how many to declare.
//!
//! White keeps the offered fifth move that is worst for black, so offering the N best is worth
//! the value of the N-th best; the player who declares N wants that as close to even as the
//! search can tell, so the other player has no good swap.

use super::judge::Judge;
use crate::board::Board;
use crate::color::Color;
use crate::opening::symmetry::equivalent;
use crate::pos::Pos;
use crate::renju;

/// A position before black's fifth move: the stones in order and the board they make.
pub struct BeforeFifth {
    /// The four stones, in the order placed.
    pub stones: Vec<(Pos, Color)>,
    /// The board.
    pub board: Board,
}

impl BeforeFifth {
    /// The position with one more stone.
    pub fn with(&self, p: Pos, color: Color) -> BeforeFifth {
        let mut board = self.board.clone();
        board.place(p, color);
        let mut stones = self.stones.clone();
        stones.push((p, color));
        BeforeFifth { stones, board }
    }

    /// Whether `p` may join `chosen` as an offered fifth move: empty, not forbidden to black,
    /// and not symmetric to any point already chosen.
    pub fn fits(&self, chosen: &[Pos], p: Pos) -> bool {
        let size = self.board.size();
        self.board.contains(p)
            && self.board.stone(p).is_none()
            && renju::forbidden(&self.board, p).is_none()
            && chosen.iter().all(|&q| q != p && !equivalent(&self.stones, size, p, q))
    }

    /// The best fifth moves the search finds in `lines` lines that may all be offered
    /// together, best first, with their values for black.
    pub fn best(&self, judge: &mut Judge<'_>, lines: usize) -> Vec<(Pos, i32)> {
        let mut chosen: Vec<(Pos, i32)> = Vec::new();
        for (p, value) in judge.lines(&self.board, Color::Black, lines) {
            let points: Vec<Pos> = chosen.iter().map(|c| c.0).collect();
            if self.fits(&points, p) {
                chosen.push((p, value));
            }
        }
        chosen
    }

    /// `n` fifth moves to offer: the best found first, then the points nearest the stones.
    pub fn offers(&self, best: &[(Pos, i32)], n: usize) -> Vec<Pos> {
        let mut chosen: Vec<Pos> = best.iter().map(|b| b.0).take(n).collect();
        let centre = Pos::centre(self.board.size());
        let mut rest: Vec<Pos> = self.board.empty_points().collect();
        rest.sort_by_key(|p| (p.x.abs_diff(centre.x).max(p.y.abs_diff(centre.y)), p.y, p.x));
        for p in rest {
            if chosen.len() >= n {
                break;
            }
            if self.fits(&chosen, p) {
                chosen.push(p);
            }
        }
        chosen
    }
}

/// What offering the `n` best fifth moves is worth to black: the value of the `n`-th best
/// (white keeps it); `None` when the search found fewer.
pub fn worth_of_offering(best: &[(Pos, i32)], n: usize) -> Option<i32> {
    n.checked_sub(1).and_then(|i| best.get(i)).map(|b| b.1)
}

/// The number of fifth moves (1 to `max`) that leaves the most even game: the smallest
/// |worth|, the smaller number on a tie; two when the search found nothing.
pub fn declaration(best: &[(Pos, i32)], max: u8) -> u8 {
    (1..=max)
        .filter_map(|n| worth_of_offering(best, usize::from(n)).map(|v| (v.abs(), n)))
        .min()
        .map_or(2.min(max), |(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declaration_evens_out_the_nth_best_fifth_move() {
        let best: Vec<(Pos, i32)> =
            [400, 300, 120, -20, -200].iter().map(|&v| (Pos::new(0, 0), v)).collect();
        assert_eq!(worth_of_offering(&best, 3), Some(120));
        assert_eq!(worth_of_offering(&best, 6), None);
        assert_eq!(declaration(&best, 8), 4, "|-20| is the most even");
        assert_eq!(declaration(&best, 2), 2, "capped by the rule");
        assert_eq!(declaration(&[], 8), 2);
    }
}
