//! Piskvork `.psq` records: any bytes import or fail with a typed error, never a panic; whatever
//! imports exports to a record that imports to the same moves.
#![no_main]

use gomoku::game::ManualClock;
use gomoku::record::{export_psq, import_psq};
use gomoku::Settings;
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let settings = Settings::default();
    let Ok(game) = import_psq(data, settings.clone(), Arc::new(ManualClock::new())) else {
        return;
    };
    let text = export_psq(&game);
    let again = import_psq(text.as_bytes(), settings, Arc::new(ManualClock::new()))
        .expect("an exported record imports again");
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.board(), game.board());
});
