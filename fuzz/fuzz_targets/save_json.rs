//! Save files: any bytes load or fail with a typed error, never a panic; whatever loads saves
//! again to a file that loads to the same game and saves to the same bytes.
#![no_main]

use gomoku::game::ManualClock;
use gomoku::record::{load_save, save_to_string};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = load_save(data, Arc::new(ManualClock::new())) else { return };
    let saved = save_to_string(&game);
    let again = load_save(saved.as_bytes(), Arc::new(ManualClock::new()))
        .expect("a saved game loads again");
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.redo_stack(), game.redo_stack());
    assert_eq!(again.settings(), game.settings());
    assert_eq!(again.board(), game.board());
    assert_eq!(save_to_string(&again), saved);
});
