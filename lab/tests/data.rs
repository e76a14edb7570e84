//! The training data kept in the repository (`lab/data/`, see its README) reads as game records,
//! and the winning-chance scales the engine ships are the ones `gomoku calibrate` fits on it.

use gomoku::study::chances::{FREESTYLE_SCALE, RENJU_SCALE};
use gomoku_lab::calibrate::{fit_scale, split};
use gomoku_lab::tuning::data::{read_records, GameRecord};

fn records(file: &str) -> Vec<GameRecord> {
    let path = format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read_records(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The scale `gomoku calibrate --games N` fits on the file's first `games` games.
fn fitted(file: &str, games: usize) -> f64 {
    let mut all = records(file);
    assert!(all.len() >= games, "{file} holds {} games, the fit used {games}", all.len());
    all.truncate(games);
    let (fit_on, _) = split(&all).unwrap();
    fit_scale(&fit_on)
}

#[test]
fn the_shipped_chance_scales_are_fitted_on_the_shipped_games() {
    assert_eq!(fitted("selfplay-freestyle-s101.txt", 1253).round(), FREESTYLE_SCALE);
    assert_eq!(fitted("selfplay-renju-s201.txt", 1013).round(), RENJU_SCALE);
}

#[test]
fn every_kept_game_ends_as_recorded() {
    for file in ["selfplay-freestyle-s101.txt", "selfplay-renju-s201.txt"] {
        for (n, game) in records(file).iter().enumerate() {
            assert_eq!(game.scores.len(), game.moves.len() - game.opening, "{file} game {n}");
        }
    }
}
