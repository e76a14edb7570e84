//! Puzzles from the person's own games: in the kept finished games and the autosave, the
//! positions where the person had a proven forced win and played a move that let it go
//! (found by the threat solver, as review's proof pass finds them). In a game against the AI
//! only the person's misses count; games between two AIs are skipped.

use crate::puzzles::{mine_id, Entry, Source};
use crate::storage::read_limited;
use gomoku::game::Clock;
use gomoku::record::{self, MAX_SAVE_BYTES};
use gomoku::study::catalogue::missed_wins;
use gomoku::{Game, Mode, Pos};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The puzzles missed in the games saved at `files` (unreadable files are skipped), newest
/// game first as `files` are; one puzzle per position, each game's first miss per person.
pub fn find(files: &[PathBuf], clock: Arc<dyn Clock>, stop: &AtomicBool) -> Vec<Entry> {
    let mut found: Vec<Entry> = Vec::new();
    for path in files {
        let Ok(Some(bytes)) = read_limited(path, MAX_SAVE_BYTES) else { continue };
        let Ok(game) = record::load_save(&bytes, clock.clone()) else { continue };
        for entry in misses_of(&game, stop) {
            if !found.iter().any(|e| e.id == entry.id) {
                found.push(entry);
            }
        }
    }
    found
}

/// The person's missed wins in `game`.
fn misses_of(game: &Game, stop: &AtomicBool) -> Vec<Entry> {
    let s = game.settings();
    if s.mode == Mode::AiVsAi || game.setup().is_some() {
        return Vec::new();
    }
    let moves: Vec<Pos> = game.moves().iter().map(|m| m.pos).collect();
    let played = game.timestamps().1;
    missed_wins(s.rule, s.size, &moves, stop)
        .into_iter()
        .filter(|(ply, _)| s.mode != Mode::HumanVsAi || game.color_at(*ply) == s.human_color)
        .map(|(ply, puzzle)| Entry {
            id: mine_id(s.rule, s.size, &moves, ply),
            puzzle,
            source: Source::Mine { played, move_number: ply + 1 },
        })
        .collect()
}
