//! Candidate stones for the placing decisions: the opener's three (random templates near the
//! centre, or the 26 renju openings), swap2's two extra stones and Taraguchi-10's stones in
//! their central squares. Every candidate
//! is checked against the opening's rules, and candidates symmetric to one another are kept once.

use crate::board::Board;
use crate::opening::symmetry::{canonical, renju_openings, transform, SYMMETRIES};
use crate::opening::{Decision, Opening, Phase};
use crate::pos::Pos;
use rand::rngs::SmallRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

/// How many tries each wanted candidate gets before the list is returned shorter.
const TRIES: usize = 40;

/// A random empty point within `radius` steps of `around` (excluding `around` unless
/// `or_itself`).
fn point_near(
    board: &Board,
    around: Pos,
    radius: u8,
    or_itself: bool,
    rng: &mut SmallRng,
) -> Option<Pos> {
    let r = i32::from(radius);
    for _ in 0..TRIES {
        let (dx, dy) = (rng.random_range(-r..=r), rng.random_range(-r..=r));
        if dx == 0 && dy == 0 && !or_itself {
            continue;
        }
        let (x, y) = (i32::from(around.x) + dx, i32::from(around.y) + dy);
        let size = i32::from(board.size());
        if x < 0 || y < 0 || x >= size || y >= size {
            continue;
        }
        let p = Pos::new(x as u8, y as u8);
        if board.stone(p).is_none() {
            return Some(p);
        }
    }
    None
}

/// A random empty point within `radius` of a random stone already on the board.
fn near_some_stone(opening: &Opening, radius: u8, rng: &mut SmallRng) -> Option<Pos> {
    let stones = opening.stones();
    let &(around, _) = stones.choose(rng)?;
    point_near(opening.board(), around, radius, false, rng)
}

/// Keeps `scratch`'s decisions after the first `from` if its position is new.
fn keep_if_new(
    scratch: &Opening,
    from: usize,
    seen: &mut Vec<Vec<(Pos, crate::Color)>>,
    out: &mut Vec<Vec<Decision>>,
) {
    let key = canonical(&scratch.stones(), scratch.size());
    if !seen.contains(&key) {
        seen.push(key);
        out.push(scratch.decisions()[from..].to_vec());
    }
}

/// Up to `n` ways to complete the opener's three stones, each the `Place` decisions still due.
pub fn three_stones(opening: &Opening, n: usize, rng: &mut SmallRng) -> Vec<Vec<Decision>> {
    if opening.rule().opens_with_26() {
        renju_three(opening, n, rng)
    } else {
        free_three(opening, n, rng)
    }
}

/// Random templates: black near the centre, white within two steps of it, black within three
/// steps of either.
fn free_three(opening: &Opening, n: usize, rng: &mut SmallRng) -> Vec<Vec<Decision>> {
    let from = opening.decisions().len();
    let (mut seen, mut out) = (Vec::new(), Vec::new());
    for _ in 0..n * TRIES {
        if out.len() >= n {
            break;
        }
        let mut scratch = opening.clone();
        while let Phase::OpenerPlacesThree { placed } = scratch.phase() {
            let point = match placed {
                0 => point_near(scratch.board(), Pos::centre(scratch.size()), 1, true, rng),
                1 => point_near(scratch.board(), scratch.stones()[0].0, 2, false, rng),
                _ => near_some_stone(&scratch, 3, rng),
            };
            if point.and_then(|p| scratch.apply(Decision::Place(p)).ok()).is_none() {
                break;
            }
        }
        if scratch.phase() == Phase::ResponderChooses {
            keep_if_new(&scratch, from, &mut seen, &mut out);
        }
    }
    out
}

/// The 26 renju openings in random orientations, those that continue the stones placed so far.
fn renju_three(opening: &Opening, n: usize, rng: &mut SmallRng) -> Vec<Vec<Decision>> {
    let size = opening.size();
    let mut images: Vec<[Pos; 3]> = renju_openings(size)
        .into_iter()
        .flat_map(|o| (0..SYMMETRIES).map(move |k| o.map(|p| transform(p, size, k))))
        .collect();
    images.shuffle(rng);
    let from = opening.decisions().len();
    let (mut seen, mut out) = (Vec::new(), Vec::new());
    for stones in images {
        if out.len() >= n {
            break;
        }
        let placed = opening.stones();
        if placed.iter().zip(stones).any(|(&(p, _), q)| p != q) {
            continue;
        }
        let mut scratch = opening.clone();
        let fits =
            stones[placed.len()..].iter().all(|&p| scratch.apply(Decision::Place(p)).is_ok());
        if fits && scratch.phase() == Phase::ResponderChooses {
            keep_if_new(&scratch, from, &mut seen, &mut out);
        }
    }
    out
}

/// Up to `n` ways to place swap2's extra stones (white fourth, then black fifth; or only the
/// fifth once the fourth is down), each within two steps of the stones. `hint`, a good white
/// fourth move, is tried first.
pub fn two_stones(
    opening: &Opening,
    n: usize,
    hint: Option<Pos>,
    rng: &mut SmallRng,
) -> Vec<Vec<Decision>> {
    let from = opening.decisions().len();
    let (mut seen, mut out) = (Vec::new(), Vec::new());
    for attempt in 0..n * TRIES {
        if out.len() >= n {
            break;
        }
        let mut scratch = opening.clone();
        while matches!(scratch.phase(), Phase::ResponderChooses | Phase::ResponderPlacesFifth) {
            let first = scratch.phase() == Phase::ResponderChooses;
            let point = match hint {
                Some(h) if first && attempt < n / 2 => Some(h),
                _ => near_some_stone(&scratch, 2, rng),
            };
            if point.and_then(|p| scratch.apply(Decision::Place(p)).ok()).is_none() {
                break;
            }
        }
        if scratch.phase() == Phase::OpenerChooses {
            keep_if_new(&scratch, from, &mut seen, &mut out);
        }
    }
    out
}

/// Up to `n` single stones for the current placing phase, each within `radius` of the centre
/// and accepted by the opening, no two giving symmetric positions; in random order.
pub fn stones_in_square(
    opening: &Opening,
    radius: u8,
    n: usize,
    rng: &mut SmallRng,
) -> Vec<Vec<Decision>> {
    let from = opening.decisions().len();
    let mut points: Vec<Pos> = opening
        .board()
        .empty_points()
        .filter(|&p| crate::opening::symmetry::near_centre(p, opening.size(), radius))
        .collect();
    points.shuffle(rng);
    let (mut seen, mut out) = (Vec::new(), Vec::new());
    for p in points {
        if out.len() >= n {
            break;
        }
        let mut scratch = opening.clone();
        if scratch.apply(Decision::Place(p)).is_ok() {
            keep_if_new(&scratch, from, &mut seen, &mut out);
        }
    }
    out
}
