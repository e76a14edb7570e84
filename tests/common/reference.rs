//! A slow, obviously-correct reference for fives and renju forbidden points, written straight
//! from the rule text with nothing but `Board::stone`, `place` and `remove`. The engine's fast
//! versions are checked against it.
//!
//! Vocabulary (RIF article 9, for black):
//! * five: exactly five black stones in an unbroken row; six or more is an overline.
//! * four: four black stones on a line such that adding one stone on that line makes a five;
//!   two fours are different when their four stones differ (so `.XXXX.` is one four and
//!   `X.XXX.X` with the middle just played is two).
//! * straight four: a four with two points that each make a five.
//! * three: three stones that one more stone on the line turns into a straight four, where that
//!   point is not forbidden and does not make a five.

use gomoku::{Board, Color, Forbidden, Pos, Rule};
use std::collections::BTreeSet;

const LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

fn step(p: Pos, (dx, dy): (i32, i32), k: i32) -> Option<Pos> {
    let x = i32::from(p.x) + dx * k;
    let y = i32::from(p.y) + dy * k;
    (0..22).contains(&x).then_some(())?;
    (0..22).contains(&y).then_some(())?;
    Some(Pos::new(x as u8, y as u8))
}

fn is(board: &Board, p: Option<Pos>, color: Color) -> bool {
    p.is_some_and(|p| board.contains(p) && board.stone(p) == Some(color))
}

fn is_empty(board: &Board, p: Option<Pos>) -> bool {
    p.is_some_and(|p| board.contains(p) && board.stone(p).is_none())
}

/// The length of the unbroken row of `color` through `p` on `line` (counting `p`).
pub fn row_length(board: &Board, p: Pos, line: (i32, i32), color: Color) -> usize {
    let mut n = 1;
    for sign in [1, -1] {
        let mut k = 1;
        while is(board, step(p, line, sign * k), color) {
            n += 1;
            k += 1;
        }
    }
    n
}

/// Whether the stone at `p` is part of a win for its colour under `rule`.
pub fn wins(board: &Board, rule: Rule, p: Pos) -> bool {
    let Some(color) = board.stone(p) else { return false };
    let overline_wins = match rule {
        Rule::Freestyle => true,
        Rule::Standard => false,
        Rule::Renju => color == Color::White,
    };
    LINES.iter().any(|&l| {
        let n = row_length(board, p, l, color);
        n == 5 || (n > 5 && overline_wins)
    })
}

fn black_five_at(board: &Board, p: Pos) -> bool {
    LINES.iter().any(|&l| row_length(board, p, l, Color::Black) == 5)
}

/// The fours through `p` on `line`: each as its set of four stones, with its five-making points.
fn fours_on_line(board: &mut Board, p: Pos, line: (i32, i32)) -> Vec<(BTreeSet<Pos>, Vec<Pos>)> {
    let mut fours: Vec<(BTreeSet<Pos>, Vec<Pos>)> = Vec::new();
    for k in -4..=4 {
        let Some(q) = step(p, line, k) else { continue };
        if !is_empty(board, Some(q)) {
            continue;
        }
        board.place(q, Color::Black);
        let five = (row_length(board, q, line, Color::Black) == 5)
            .then(|| five_stones(board, q, line))
            .filter(|stones| stones.contains(&p));
        board.remove(q);
        if let Some(mut stones) = five {
            stones.remove(&q);
            match fours.iter_mut().find(|(s, _)| *s == stones) {
                Some((_, points)) => points.push(q),
                None => fours.push((stones, vec![q])),
            }
        }
    }
    fours
}

fn five_stones(board: &Board, q: Pos, line: (i32, i32)) -> BTreeSet<Pos> {
    let mut stones = BTreeSet::from([q]);
    for sign in [1, -1] {
        let mut k = 1;
        while let Some(r) = step(q, line, sign * k).filter(|&r| is(board, Some(r), Color::Black)) {
            stones.insert(r);
            k += 1;
        }
    }
    stones
}

fn has_three_on_line(board: &mut Board, p: Pos, line: (i32, i32)) -> bool {
    (-4..=4).filter_map(|k| step(p, line, k)).any(|q| {
        if !is_empty(board, Some(q)) {
            return false;
        }
        board.place(q, Color::Black);
        let straight = fours_on_line(board, p, line)
            .iter()
            .any(|(s, points)| s.contains(&q) && points.len() == 2);
        let makes_five = black_five_at(board, q);
        board.remove(q);
        straight && !makes_five && forbidden(board, q).is_none()
    })
}

/// Black's forbidden kind at the empty point `p`, straight from the rule text.
pub fn forbidden(board: &mut Board, p: Pos) -> Option<Forbidden> {
    if !is_empty(board, Some(p)) {
        return None;
    }
    board.place(p, Color::Black);
    let verdict = classify(board, p);
    board.remove(p);
    verdict
}

fn classify(board: &mut Board, p: Pos) -> Option<Forbidden> {
    if black_five_at(board, p) {
        return None;
    }
    if LINES.iter().any(|&l| row_length(board, p, l, Color::Black) > 5) {
        return Some(Forbidden::Overline);
    }
    let fours: Vec<usize> = LINES.iter().map(|&l| fours_on_line(board, p, l).len()).collect();
    if fours.iter().sum::<usize>() >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    let threes = LINES
        .iter()
        .zip(&fours)
        .filter(|(&l, &f)| f == 0 && has_three_on_line(board, p, l))
        .count();
    (threes >= 2).then_some(Forbidden::DoubleThree)
}
