//! The eight symmetries of a square board (rotations and reflections about its middle), and
//! what they say about positions: which symmetries keep a position, whether two moves are
//! equivalent in it, and the 26 canonical renju openings.

use crate::color::Color;
use crate::pos::Pos;

/// The number of symmetries of a square board.
pub const SYMMETRIES: u8 = 8;

/// The image of `p` under symmetry `k` (0..8; 0 is the identity) on a board of side `size`.
pub fn transform(p: Pos, size: u8, k: u8) -> Pos {
    let m = size - 1;
    let (x, y) = if k & 4 != 0 { (p.y, p.x) } else { (p.x, p.y) };
    let x = if k & 1 != 0 { m - x } else { x };
    let y = if k & 2 != 0 { m - y } else { y };
    Pos::new(x, y)
}

/// The symmetries that map the stones onto themselves, colours included (always the identity).
pub fn keeping(stones: &[(Pos, Color)], size: u8) -> Vec<u8> {
    (0..SYMMETRIES)
        .filter(|&k| stones.iter().all(|&(p, c)| stones.contains(&(transform(p, size, k), c))))
        .collect()
}

/// Whether `a` and `b` are the same move up to a symmetry that keeps the position: some
/// symmetry of the stones maps `a` onto `b`.
pub fn equivalent(stones: &[(Pos, Color)], size: u8, a: Pos, b: Pos) -> bool {
    keeping(stones, size).into_iter().any(|k| transform(a, size, k) == b)
}

/// The smallest image of the stones under the eight symmetries, sorted: equal for positions
/// that are symmetric to each other.
pub fn canonical(stones: &[(Pos, Color)], size: u8) -> Vec<(Pos, Color)> {
    (0..SYMMETRIES)
        .map(|k| {
            let mut image: Vec<(Pos, Color)> =
                stones.iter().map(|&(p, c)| (transform(p, size, k), c)).collect();
            image.sort();
            image
        })
        .min()
        .unwrap_or_default()
}

/// Whether `p` lies within `radius` steps of the centre of a board of side `size` (the square
/// of side `2 * radius + 1` around it).
pub fn near_centre(p: Pos, size: u8, radius: u8) -> bool {
    let c = Pos::centre(size);
    p.x.abs_diff(c.x) <= radius && p.y.abs_diff(c.y) <= radius
}

/// The 26 canonical renju openings, one representative each: black on the centre, white
/// touching it (directly above: the 13 direct openings; diagonally: the 13 indirect ones),
/// black's second stone in the central 5×5 square. Each is `[black, white, black]`.
pub fn renju_openings(size: u8) -> Vec<[Pos; 3]> {
    let c = Pos::centre(size);
    let whites = [Pos::new(c.x, c.y - 1), Pos::new(c.x + 1, c.y - 1)];
    let mut seen = Vec::new();
    let mut openings = Vec::new();
    for white in whites {
        for y in c.y - 2..=c.y + 2 {
            for x in c.x - 2..=c.x + 2 {
                let third = Pos::new(x, y);
                if third == c || third == white {
                    continue;
                }
                let stones = [(c, Color::Black), (white, Color::White), (third, Color::Black)];
                let key = canonical(&stones, size);
                if !seen.contains(&key) {
                    seen.push(key);
                    openings.push([c, white, third]);
                }
            }
        }
    }
    openings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_are_distinct_and_keep_the_board() {
        let p = Pos::new(1, 3);
        let images: Vec<Pos> = (0..SYMMETRIES).map(|k| transform(p, 15, k)).collect();
        for (i, a) in images.iter().enumerate() {
            assert!(a.is_on(15));
            assert!(!images[i + 1..].contains(a), "{images:?}");
        }
        assert_eq!(transform(p, 15, 0), p);
    }

    #[test]
    fn there_are_26_renju_openings() {
        let openings = renju_openings(15);
        assert_eq!(openings.len(), 26);
        let direct = openings.iter().filter(|o| o[1].x == 7).count();
        assert_eq!(direct, 13);
    }

    #[test]
    fn mirror_moves_are_equivalent_only_when_the_position_allows() {
        let c = Pos::centre(15);
        let stones = [(c, Color::Black), (Pos::new(7, 6), Color::White)];
        assert!(equivalent(&stones, 15, Pos::new(6, 8), Pos::new(8, 8)));
        assert!(!equivalent(&stones, 15, Pos::new(7, 8), Pos::new(8, 8)));
        let lopsided =
            [(c, Color::Black), (Pos::new(8, 6), Color::White), (Pos::new(9, 9), Color::Black)];
        assert!(!equivalent(&lopsided, 15, Pos::new(6, 8), Pos::new(8, 8)));
    }
}
