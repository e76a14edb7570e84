//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

pub mod reference;

use gomoku::game::{ManualClock, Settings};
use gomoku::{Game, Level, Mode, Notation, Pos, Rule};
use std::sync::Arc;

/// A game with a manual clock.
pub fn game_with(settings: Settings) -> (Game, ManualClock) {
    let clock = ManualClock::new();
    let game = Game::new(settings, Arc::new(clock.clone())).expect("valid settings");
    (game, clock)
}

/// Settings for a two-person game with this rule on a 15×15 board.
pub fn two_people(rule: Rule) -> Settings {
    Settings { rule, mode: Mode::HumanVsHuman, level: Level::Hard, ..Settings::default() }
}

/// The point at human notation `text` on a board of side `size`.
pub fn at(text: &str, size: u8) -> Pos {
    text.parse::<Notation>().expect("notation").to_pos(size).expect("on board")
}

/// Plays a list of points given in human notation.
pub fn play_all(game: &mut Game, moves: &str) {
    let size = game.settings().size;
    for m in moves.split_whitespace() {
        game.play(at(m, size)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// A small deterministic generator (SplitMix64) so tests need no extra crates.
pub struct TestRng(pub u64);

impl TestRng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}
