//! The threat puzzles shipped with the engine (`src/study/puzzles/*.txt`, made by the lab's
//! `gomoku puzzles`): every one reads and is a legal position; a sample is solved again and must
//! give the recorded answers exactly (the solver is deterministic); the set mixes its grades,
//! and renju's has white wins that rest on black's forbidden points.

use gomoku::ai::ProofLimits;
use gomoku::study::catalogue::{shipped, Puzzle};
use gomoku::study::puzzle::solve;
use gomoku::{Color, Rule};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

/// The puzzles of a shipped file, every line read (a line the catalogue would skip fails here).
fn puzzles(file: &str) -> Vec<Puzzle> {
    let path = format!("{}/src/study/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    lines.map(|l| Puzzle::parse(l).unwrap_or_else(|e| panic!("{file}: {e}"))).collect()
}

#[test]
fn every_puzzle_reads_and_a_sample_solves_to_its_answers() {
    for (file, rule) in [("freestyle.txt", Rule::Freestyle), ("renju.txt", Rule::Renju)] {
        let all = puzzles(file);
        assert!(all.len() >= 100, "{file}: {} puzzles", all.len());
        for (n, p) in all.iter().enumerate() {
            assert_eq!(p.rule, rule, "{file} #{n}");
            assert!((1..=2).contains(&p.answers.len()), "{file} #{n}");
            let board = p.board().unwrap();
            assert_eq!(shipped(rule)[n], *p, "{file} #{n}: the catalogue reads it alike");
            if n % 25 != 0 {
                continue;
            }
            let to_move = Color::at_ply(p.moves.len());
            let solved =
                solve(&board, rule, to_move, ProofLimits::default(), &AtomicBool::new(false))
                    .unwrap_or_else(|| panic!("{file} #{n}: no win"));
            assert_eq!(solved.first_moves, p.answers, "{file} #{n}");
            assert_eq!((solved.plies(), solved.by_fours), (p.plies, p.by_fours), "{file} #{n}");
        }
    }
}

#[test]
fn the_set_mixes_short_and_long_wins_by_fours_and_by_threes() {
    let all: Vec<Puzzle> = ["freestyle.txt", "renju.txt"].iter().flat_map(|f| puzzles(f)).collect();
    assert!(all.len() >= 300, "{} puzzles", all.len());
    let mut grades = BTreeMap::new();
    for p in &all {
        *grades.entry(p.plies.min(9)).or_insert(0) += 1;
    }
    for grade in [3, 5, 7, 9] {
        assert!(grades.get(&grade).is_some_and(|&n| n >= 10), "grade {grade}: {grades:?}");
    }
    assert!(all.iter().any(|p| p.by_fours) && all.iter().any(|p| !p.by_fours));
}

#[test]
fn some_renju_puzzles_are_won_because_black_cannot_defend_on_a_forbidden_point() {
    let never = AtomicBool::new(false);
    let traps: Vec<Puzzle> = puzzles("renju.txt")
        .into_iter()
        .filter(|p| p.attacker() == Color::White)
        .filter(|p| {
            // The same position where black may play anywhere: no forced win for white.
            let board = p.board().unwrap();
            let free = gomoku::ai::threat_win(
                &board,
                Rule::Freestyle,
                Color::White,
                ProofLimits::default(),
                &never,
            );
            free.is_none()
        })
        .collect();
    // 23 in the shipped set.
    assert!(traps.len() >= 15, "{} renju puzzles rest on black's forbidden points", traps.len());
}
