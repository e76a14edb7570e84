//! Move strings (`h8i9j10`, `h8 i9`, …): any text under any rule and board size imports or fails
//! with a typed error, never a panic; whatever imports exports to a string that imports to the
//! same moves.
#![no_main]

use gomoku::game::ManualClock;
use gomoku::record::{export_moves, import_moves};
use gomoku::{Rule, Settings};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let Some((&head, text)) = data.split_first() else { return };
    let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][usize::from(head % 3)];
    let size = 5 + (head / 3) % 18;
    let settings = Settings { rule, size, ..Settings::default() };
    let Ok(game) = import_moves(text, settings.clone(), Arc::new(ManualClock::new())) else {
        return;
    };
    let exported = export_moves(&game);
    let again = import_moves(exported.as_bytes(), settings, Arc::new(ManualClock::new()))
        .expect("an exported move string imports again");
    assert_eq!(again.moves(), game.moves());
});
