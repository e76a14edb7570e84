//! Over a thousand self-play renju games, black never plays a forbidden point (and the engine
//! always has a legal move to offer until the game ends).

use gomoku::ai::{Engine, Limits, Request};
use gomoku::board::index_of;
use gomoku::{renju, Board, Color, Level, Pos, Rule};
use std::sync::atomic::AtomicBool;

/// Plays one game from a seeded, slightly random opening; returns (plies, black forbidden moves).
fn self_play(engine: &mut Engine, seed: u64) -> (usize, usize) {
    let mut board = Board::new(15).unwrap();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    board.place(Pos::new(7, 7), Color::Black);
    let neighbours = [(6, 6), (7, 6), (8, 6), (6, 7), (8, 7), (6, 8), (7, 8), (8, 8)];
    let (x, y) = neighbours[next(8) as usize];
    board.place(Pos::new(x, y), Color::White);
    let stop = AtomicBool::new(false);
    let (mut plies, mut forbidden_played) = (2, 0);
    let mut to_move = Color::Black;
    while plies < 225 {
        let level = [Level::Easy, Level::Medium][next(2) as usize];
        let request = Request {
            board: &board,
            rule: Rule::Renju,
            to_move,
            level,
            // Depth 1 keeps a thousand games quick; legality comes from move generation anyway.
            limits: Limits { depth: Some(1), ..Limits::default() },
        };
        let Some(decision) = engine.think(&request, &stop, &mut |_| {}) else {
            let legal = board
                .empty_points()
                .any(|q| to_move == Color::White || renju::forbidden(&board, q).is_none());
            assert!(!legal, "no move offered although a legal one exists");
            break;
        };
        let p = decision.best;
        assert!(board.contains(p) && board.stone(p).is_none(), "illegal point {p}");
        if to_move == Color::Black && renju::forbidden(&board, p).is_some() {
            forbidden_played += 1;
        }
        board.place(p, to_move);
        plies += 1;
        if Rule::Renju.wins_at(&board, index_of(p), to_move) {
            break;
        }
        to_move = !to_move;
    }
    (plies, forbidden_played)
}

#[test]
fn black_never_plays_a_forbidden_point_in_a_thousand_games() {
    const GAMES: u64 = 1_000;
    let mut engine = Engine::new(8, 2026);
    let mut total_plies = 0;
    for seed in 0..GAMES {
        let (plies, forbidden) = self_play(&mut engine, seed);
        assert_eq!(forbidden, 0, "game {seed}: black played {forbidden} forbidden points");
        total_plies += plies;
    }
    assert!(total_plies > 20_000, "games are real games: {total_plies} plies in all");
}
