//! `gomoku puzzles`: threat puzzles drawn from game records. In each game the positions (after
//! the opening) where the side to move has a forced win of two moves or more are found, and the
//! one whose length is nearest the game's target grade (3, 5, 7 or 9+ plies in turn, so the set
//! mixes them) is solved with every winning first move (`gomoku::study::puzzle`); it becomes a
//! puzzle when one or two first moves win. One puzzle a line:
//!
//! ```text
//! freestyle h8h9i8j9j8i7 | g8 k8 | 3 | vcf
//! ```
//! the rule, the position as a move string, the winning first moves, the plies to the five along
//! the solver's line, and whether fours alone win (`vcf`) or threes are needed (`vct`).

use crate::cli::PuzzlesArgs;
use crate::gendata::write_atomically;
use crate::read_text;
use crate::tuning::data::{read_records, GameRecord};
use gomoku::ai::{threat_win, ProofLimits};
use gomoku::study::catalogue::{Puzzle, MAX_ANSWERS, PUZZLE_SIZE as SIZE};
use gomoku::study::puzzle::solve;
use gomoku::{Board, Color, Rule};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The grades aimed at in turn, in plies to the five.
const GRADES: [u32; 4] = [3, 5, 7, 9];

/// `gomoku puzzles --data FILE --rule R --out FILE [--max N] [--threads T]`.
pub fn run_puzzles(args: &PuzzlesArgs) -> Result<(), String> {
    let records = read_records(&read_text(&args.data)?)?;
    let found = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                if n >= records.len() || found.lock().map_or(true, |f| f.len() >= args.max) {
                    break;
                }
                if let Some(line) = puzzle_of(&records[n], args.rule, GRADES[n % GRADES.len()]) {
                    if let Ok(mut f) = found.lock() {
                        f.push((n, line));
                    }
                }
            });
        }
    });
    let mut found = found.into_inner().map_err(|_| "a puzzle thread failed")?;
    found.sort();
    found.truncate(args.max);
    let header = format!(
        "# gomoku puzzles --data {} --rule {} --max {}: {} puzzles\n",
        args.data.display(),
        args.rule,
        args.max,
        found.len()
    );
    let text = header + &found.iter().map(|(_, l)| format!("{l}\n")).collect::<String>();
    write_atomically(&args.out, &text)?;
    eprintln!("puzzles: {} from {} games", found.len(), records.len());
    Ok(())
}

/// The game's puzzle nearest `grade` plies, if it has one.
pub fn puzzle_of(record: &GameRecord, rule: Rule, grade: u32) -> Option<String> {
    let never = AtomicBool::new(false);
    let mut board = Board::new(15).ok()?;
    let mut best: Option<(u32, usize, Board)> = None;
    for (ply, &m) in record.moves.iter().enumerate() {
        let to_move = Color::at_ply(ply);
        if ply >= record.opening {
            if let Some(win) = threat_win(&board, rule, to_move, ProofLimits::default(), &never) {
                let plies = 2 * win.moves - 1;
                let miss = plies.abs_diff(grade) + u32::from(plies < grade);
                if win.moves >= 2 && best.as_ref().is_none_or(|b| miss < b.0) {
                    best = Some((miss, ply, board.clone()));
                }
            }
        }
        board.place(m, to_move);
    }
    let (_, ply, board) = best?;
    let solution = solve(&board, rule, Color::at_ply(ply), ProofLimits::default(), &never)?;
    let answers = solution.first_moves.len();
    (1..=MAX_ANSWERS)
        .contains(&answers)
        .then(|| Puzzle::new(rule, SIZE, record.moves[..ply].to_vec(), &solution).to_line())
}
