//! The threat puzzles shipped with the engine (`src/study/puzzles/*.txt`, made by the lab's
//! `gomoku puzzles`): every one reads and is a legal position; a sample is solved again and must
//! give the recorded answers exactly (the solver is deterministic); the set mixes its grades.

use gomoku::ai::ProofLimits;
use gomoku::record::parse_moves;
use gomoku::study::puzzle::solve;
use gomoku::{Board, Color, Pos, Rule};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

/// One puzzle line: the position, the winning first moves, the plies, fours alone or not.
struct Puzzle {
    rule: Rule,
    moves: Vec<Pos>,
    answers: Vec<Pos>,
    plies: u32,
    by_fours: bool,
}

fn puzzles(file: &str) -> Vec<Puzzle> {
    let path = format!("{}/src/study/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(parse).collect()
}

fn parse(line: &str) -> Puzzle {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [head, answers, plies, kind] = fields[..] else { panic!("four fields: {line}") };
    let (rule, position) = head.split_once(' ').unwrap_or_else(|| panic!("{line}"));
    Puzzle {
        rule: rule.parse().unwrap(),
        moves: parse_moves(position, 15).unwrap(),
        answers: answers.split(' ').map(|a| parse_moves(a, 15).unwrap()[0]).collect(),
        plies: plies.parse().unwrap(),
        by_fours: kind == "vcf",
    }
}

fn board_of(p: &Puzzle) -> Board {
    let mut board = Board::new(15).unwrap();
    for (i, &m) in p.moves.iter().enumerate() {
        assert!(board.stone(m).is_none(), "a legal position");
        board.place(m, Color::at_ply(i));
    }
    board
}

#[test]
fn every_puzzle_reads_and_a_sample_solves_to_its_answers() {
    for (file, rule) in [("freestyle.txt", Rule::Freestyle), ("renju.txt", Rule::Renju)] {
        let all = puzzles(file);
        assert!(all.len() >= 100, "{file}: {} puzzles", all.len());
        for (n, p) in all.iter().enumerate() {
            assert_eq!(p.rule, rule, "{file} #{n}");
            assert!((1..=2).contains(&p.answers.len()), "{file} #{n}");
            let board = board_of(p);
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
