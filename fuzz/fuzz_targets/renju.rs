//! Renju forbidden points: on any position the engine's fast check agrees with the slow
//! reference written from the rule text (`tests/common/reference.rs`) around the last stone.
#![no_main]

#[allow(dead_code)]
#[path = "../../tests/common/reference.rs"]
mod reference;

use gomoku::{renju, Board, Color, Pos};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&head, stones)) = data.split_first() else { return };
    let size = 5 + head % 18;
    let mut board = Board::new(u32::from(size)).unwrap();
    let cells = u16::from(size) * u16::from(size);
    let mut last = None;
    for pair in stones.chunks_exact(2) {
        let index = u16::from_le_bytes([pair[0], pair[1] & 0x7f]) % cells;
        let pos = Pos::new((index % u16::from(size)) as u8, (index / u16::from(size)) as u8);
        if board.stone(pos).is_none() {
            let color = if pair[1] & 0x80 == 0 { Color::Black } else { Color::White };
            board.place(pos, color);
            last = Some(pos);
        }
    }
    // The slow reference is checked at the empty neighbours of the last stone placed: few
    // points an input keeps the run fast, and the fuzzer learns to build shapes around them.
    let Some(last) = last else { return };
    let mut scratch = board.clone();
    for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        let (x, y) = (i32::from(last.x) + dx, i32::from(last.y) + dy);
        if x < 0 || y < 0 || x >= i32::from(size) || y >= i32::from(size) {
            continue;
        }
        let p = Pos::new(x as u8, y as u8);
        if board.stone(p).is_some() {
            continue;
        }
        let fast = renju::forbidden(&board, p);
        let slow = reference::forbidden(&mut scratch, p);
        assert_eq!(fast, slow, "at {p} on{board:?}");
    }
    assert_eq!(scratch, board, "the reference restores the board");
});
