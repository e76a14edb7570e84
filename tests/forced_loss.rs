//! A lost position still gets a legal move: in renju, when white's four can only be blocked on a
//! point forbidden to black, black has lost but must play, and the engine answers with a legal
//! move at every level instead of giving up.

use gomoku::ai::{Engine, Limits, Request, Score};
use gomoku::renju;
use gomoku::{Board, Color, Level, Pos, Rule};
use std::sync::atomic::AtomicBool;

/// Moves in protocol coordinates (x,y), black first; black is to move after them and white's
/// four `9,7 9,8 9,9 9,10`... is blocked only at `7,10`, a forbidden point for black.
const WHITE_FOUR_ON_FORBIDDEN: &str =
    "7,7 9,7 5,5 8,8 10,8 8,9 8,10 9,9 7,9 9,8 9,6 9,11 9,10 10,7 11,6 6,11";

fn board_of(moves: &str) -> Board {
    let mut board = Board::new(15).unwrap();
    for (ply, mv) in moves.split_whitespace().enumerate() {
        let (x, y) = mv.split_once(',').unwrap();
        board.place(Pos::new(x.parse().unwrap(), y.parse().unwrap()), Color::at_ply(ply));
    }
    board
}

#[test]
fn the_only_block_is_forbidden_in_the_test_position() {
    let board = board_of(WHITE_FOUR_ON_FORBIDDEN);
    let block = Pos::new(7, 10);
    assert!(renju::forbidden(&board, block).is_some(), "7,10 should be forbidden for black");
    let mut with_block = board.clone();
    with_block.place(block, Color::Black);
    let white_fives = with_block
        .empty_points()
        .filter(|&p| {
            Rule::Renju.would_win_at(&with_block, gomoku::board::index_of(p), Color::White)
        })
        .count();
    assert_eq!(white_fives, 0, "7,10 should be white's only five point");
}

#[test]
fn every_level_plays_a_legal_move_when_every_block_is_forbidden() {
    let board = board_of(WHITE_FOUR_ON_FORBIDDEN);
    for level in Level::ALL {
        let mut engine = Engine::new(16, 3);
        let request = Request {
            board: &board,
            rule: Rule::Renju,
            to_move: Color::Black,
            level,
            limits: Limits::per_move(100),
        };
        let decision = engine
            .think(&request, &AtomicBool::new(false), &mut |_| {})
            .unwrap_or_else(|| panic!("{level}: no move although legal moves exist"));
        let best = decision.best;
        assert!(board.stone(best).is_none(), "{level}: {best} is occupied");
        assert!(renju::forbidden(&board, best).is_none(), "{level}: {best} is forbidden");
        assert!(
            matches!(decision.analysis.score, Score::LossIn(_)),
            "{level}: a lost position scored {:?}",
            decision.analysis.score
        );
    }
}
