//! The fast five and forbidden-point checks agree with the slow reference written from the rule
//! text, on many seeded random positions.

mod common;

use common::{reference, TestRng};
use gomoku::board::index_of;
use gomoku::{renju, Board, Color, Pos, Rule};

/// Random stones packed into a window so that lines, fours and threes are common.
fn random_position(rng: &mut TestRng) -> Board {
    let size = [15, 15, 15, 9, 20][rng.below(5) as usize];
    let mut board = Board::new(size).unwrap();
    let window = 5 + rng.below(u64::from(size.min(11) - 4)) as u8;
    let origin_x = rng.below(u64::from(size as u8 - window + 1)) as u8;
    let origin_y = rng.below(u64::from(size as u8 - window + 1)) as u8;
    let stones = rng.below(u64::from(window) * u64::from(window) * 3 / 5);
    let black_share = 40 + rng.below(45);
    for _ in 0..stones {
        let p = Pos::new(
            origin_x + rng.below(window.into()) as u8,
            origin_y + rng.below(window.into()) as u8,
        );
        if board.stone(p).is_none() {
            let color = if rng.below(100) < black_share { Color::Black } else { Color::White };
            board.place(p, color);
        }
    }
    board
}

#[test]
fn forbidden_points_agree_with_the_reference_on_100_000_positions() {
    let mut rng = TestRng(2026);
    let mut checked_points = 0u64;
    let mut forbidden_seen = [0u64; 3];
    for _ in 0..100_000 {
        let board = random_position(&mut rng);
        let mut scratch = board.clone();
        let empties: Vec<Pos> = board.empty_points().collect();
        for _ in 0..6 {
            let p = empties[rng.below(empties.len() as u64) as usize];
            let fast = renju::forbidden(&board, p);
            let slow = reference::forbidden(&mut scratch, p);
            assert_eq!(fast, slow, "at {p} on{board:?}");
            if let Some(kind) = fast {
                forbidden_seen[kind as usize] += 1;
            }
            checked_points += 1;
        }
        assert_eq!(scratch, board, "the reference restores the board");
    }
    assert_eq!(checked_points, 600_000);
    // The positions must really exercise every kind, or the agreement says little.
    assert!(forbidden_seen.iter().all(|&n| n > 200), "kinds seen: {forbidden_seen:?}");
}

#[test]
fn five_checks_agree_with_the_reference_on_100_000_positions() {
    let mut rng = TestRng(5);
    let mut wins_seen = 0u64;
    for _ in 0..100_000 {
        let board = random_position(&mut rng);
        let stones: Vec<Pos> = board.points().filter(|&p| board.stone(p).is_some()).collect();
        if stones.is_empty() {
            continue;
        }
        let p = stones[rng.below(stones.len() as u64) as usize];
        let color = board.stone(p).unwrap();
        for rule in Rule::ALL {
            let fast = rule.wins_at(&board, index_of(p), color);
            assert_eq!(fast, reference::wins(&board, rule, p), "{rule} at {p} on{board:?}");
            assert_eq!(fast, rule.winning_line(&board, p).is_some());
            wins_seen += u64::from(fast);
        }
        let empties: Vec<Pos> = board.empty_points().collect();
        if let Some(&q) = empties.get(rng.below(empties.len().max(1) as u64) as usize) {
            for rule in Rule::ALL {
                for color in Color::ALL {
                    let mut after = board.clone();
                    after.place(q, color);
                    let expected = reference::wins(&after, rule, q);
                    assert_eq!(rule.would_win_at(&board, index_of(q), color), expected);
                }
            }
        }
    }
    assert!(wins_seen > 1_000, "wins seen: {wins_seen}");
}
