//! Puzzle mode: the shipped threat puzzles and those found in the person's own games, the one
//! being played (the person attacks; the engine judges each move exactly and defends with its
//! most stubborn reply), and what the page is shown of them. The game the person was playing
//! is kept aside meanwhile and comes back when the puzzle is closed.

use crate::puzzle_progress::{PuzzleProgress, PuzzleRecord};
use crate::view::PointView;
use gomoku::study::catalogue::{self, Puzzle};
use gomoku::study::trainer::Miss;
use gomoku::{Color, Game, Pos, Rule};
use serde::Serialize;

/// Where a puzzle comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Source {
    /// The set shipped with the engine.
    Shipped,
    /// One of the person's games, where they missed this win.
    Mine {
        /// When the game was last changed (seconds since 1970).
        played: u64,
        /// The move number that missed the win.
        move_number: usize,
    },
}

/// A puzzle with its id and source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Stable id (`freestyle-12`, `renju-3`, `mine-<game>-<ply>`): progress is kept by it.
    pub id: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Where it comes from.
    pub source: Source,
}

/// The shipped puzzles: freestyle's set, then renju's; ids by rule and line number (1-based).
pub fn shipped() -> Vec<Entry> {
    [Rule::Freestyle, Rule::Renju]
        .into_iter()
        .flat_map(|rule| {
            catalogue::shipped(rule).into_iter().enumerate().map(move |(n, puzzle)| Entry {
                id: format!("{rule}-{}", n + 1),
                puzzle,
                source: Source::Shipped,
            })
        })
        .collect()
}

/// Where a puzzle in play stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The person's move is awaited.
    Playing,
    /// The person's last move is being judged.
    Judging,
    /// The last move threw the win away; retry takes it back.
    Wrong {
        /// Why.
        miss: Miss,
        /// The defence's reply that shows it, on the board.
        refutation: Option<Pos>,
    },
    /// Five in a row: solved.
    Solved,
}

/// The puzzle being played.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    /// Which.
    pub entry: Entry,
    /// The game to go back to.
    pub stashed: Game,
    /// Where it stands.
    pub status: Status,
    /// No wrong move and no hint yet.
    pub clean: bool,
    /// The point a hint showed, until the next move.
    pub hint: Option<Pos>,
    /// The moves of the game that are the position and the right moves and replies so far
    /// (retry goes back to them).
    pub good_plies: usize,
    /// The attacker's moves still needed after the defence's last reply, by the solver's line.
    pub moves_left: Option<u32>,
}

/// The puzzle in play as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleView {
    /// Its id.
    pub id: String,
    /// The rule.
    pub rule: Rule,
    /// The side the person plays.
    pub attacker: Color,
    /// Plies to the five along the solver's line from the start.
    pub plies: u32,
    /// The grade (3, 5, 7, 9 for 9+).
    pub grade: u32,
    /// `vcf` (fours alone) or `vct`.
    pub kind: &'static str,
    /// Where it comes from.
    pub source: Source,
    /// `playing`, `judging`, `wrong` or `solved`.
    pub status: &'static str,
    /// For `wrong`: why.
    pub miss: Option<Miss>,
    /// For `wrong`: the defence's refutation on the board.
    pub refutation: Option<PointView>,
    /// A hint's point, until the next move.
    pub hint: Option<PointView>,
    /// The attacker's moves still needed, once the attack has begun.
    pub moves_left: Option<u32>,
    /// The person's record on it.
    pub record: PuzzleRecord,
    /// Puzzles solved in a row at the first try.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// Unsolved puzzles of the same rule and grade after this one (for "next").
    pub remaining: usize,
}

impl PuzzleRun {
    /// The page's view of it, with the person's progress; `remaining`: see [`PuzzleView`].
    pub fn view(&self, progress: &PuzzleProgress, remaining: usize) -> PuzzleView {
        let puzzle = &self.entry.puzzle;
        let (status, miss, refutation) = match &self.status {
            Status::Playing => ("playing", None, None),
            Status::Judging => ("judging", None, None),
            Status::Wrong { miss, refutation } => ("wrong", Some(*miss), *refutation),
            Status::Solved => ("solved", None, None),
        };
        PuzzleView {
            id: self.entry.id.clone(),
            rule: puzzle.rule,
            attacker: puzzle.attacker(),
            plies: puzzle.plies,
            grade: puzzle.grade(),
            kind: if puzzle.by_fours { "vcf" } else { "vct" },
            source: self.entry.source.clone(),
            status,
            miss,
            refutation: refutation.map(PointView::from),
            hint: self.hint.map(PointView::from),
            moves_left: self.moves_left,
            record: progress.of(&self.entry.id),
            streak: progress.streak,
            best_streak: progress.best_streak,
            remaining,
        }
    }
}

/// One puzzle in the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    /// Its id.
    pub id: String,
    /// The rule.
    pub rule: Rule,
    /// The grade (3, 5, 7, 9 for 9+).
    pub grade: u32,
    /// `vcf` or `vct`.
    pub kind: &'static str,
    /// The side to play.
    pub attacker: Color,
    /// Where it comes from.
    pub source: Source,
    /// The person's record on it.
    pub record: PuzzleRecord,
}

/// How many puzzles of a rule and grade there are and how many are solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GradeView {
    /// The rule.
    pub rule: Rule,
    /// The grade.
    pub grade: u32,
    /// Puzzles.
    pub total: usize,
    /// Of them solved.
    pub solved: usize,
}

/// Every puzzle with the person's progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleList {
    /// Shipped ones first, then those from the person's games (newest game first).
    pub entries: Vec<EntryView>,
    /// Per rule and grade (shipped and own together).
    pub grades: Vec<GradeView>,
    /// Puzzles solved in a row at the first try.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// A problem with the progress file, reported once.
    pub notice: Option<String>,
}

/// The list of `entries` with `progress`.
pub fn list(entries: &[&Entry], progress: &PuzzleProgress, notice: Option<String>) -> PuzzleList {
    let views: Vec<EntryView> = entries
        .iter()
        .map(|e| EntryView {
            id: e.id.clone(),
            rule: e.puzzle.rule,
            grade: e.puzzle.grade(),
            kind: if e.puzzle.by_fours { "vcf" } else { "vct" },
            attacker: e.puzzle.attacker(),
            source: e.source.clone(),
            record: progress.of(&e.id),
        })
        .collect();
    let mut grades: Vec<GradeView> = Vec::new();
    for v in &views {
        let i = match grades.iter().position(|g| g.rule == v.rule && g.grade == v.grade) {
            Some(i) => i,
            None => {
                grades.push(GradeView { rule: v.rule, grade: v.grade, total: 0, solved: 0 });
                grades.len() - 1
            }
        };
        grades[i].total += 1;
        grades[i].solved += usize::from(v.record.solved);
    }
    grades.sort_by_key(|g| (g.rule.to_string(), g.grade));
    let (streak, best_streak) = (progress.streak, progress.best_streak);
    PuzzleList { entries: views, grades, streak, best_streak, notice }
}

/// The unsolved puzzles of `of`'s rule and grade after it in `entries`, then from the start.
pub fn unsolved_after<'a>(
    entries: &[&'a Entry],
    of: &Entry,
    progress: &PuzzleProgress,
) -> Vec<&'a Entry> {
    let at = entries.iter().position(|e| e.id == of.id).unwrap_or(0);
    let same = |e: &&Entry| {
        e.id != of.id
            && e.puzzle.rule == of.puzzle.rule
            && e.puzzle.grade() == of.puzzle.grade()
            && !progress.of(&e.id).solved
    };
    entries[at..].iter().chain(&entries[..at]).copied().filter(same).collect()
}

/// The id of the puzzle missed at `ply` in the game whose moves are `moves`.
pub fn mine_id(rule: Rule, size: u8, moves: &[Pos], ply: usize) -> String {
    format!("mine-{:016x}-{ply}", fingerprint(rule, size, moves))
}

/// A stable 64-bit fingerprint of a game's line (FNV-1a), for ids and archive file names.
pub fn fingerprint(rule: Rule, size: u8, moves: &[Pos]) -> u64 {
    let bytes = format!("{rule}{size}").into_bytes().into_iter();
    let stones = moves.iter().flat_map(|m| [m.x, m.y]);
    bytes
        .chain(stones)
        .fold(0xcbf2_9ce4_8422_2325, |hash, b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_list_has_stable_ids_and_counts_each_grade() {
        let entries = shipped();
        assert!(entries.len() >= 300);
        assert_eq!(entries[0].id, "freestyle-1");
        assert!(entries.iter().any(|e| e.id == "renju-1" && e.puzzle.rule == Rule::Renju));
        let mut progress = PuzzleProgress::default();
        progress.solved("freestyle-1", true);
        let refs: Vec<&Entry> = entries.iter().collect();
        let list = list(&refs, &progress, None);
        let total: usize = list.grades.iter().map(|g| g.total).sum();
        assert_eq!(total, entries.len());
        assert_eq!(list.grades.iter().map(|g| g.solved).sum::<usize>(), 1);
        let next = unsolved_after(&refs, &entries[0], &progress);
        assert!(next.iter().all(|e| e.puzzle.grade() == entries[0].puzzle.grade()));
        assert!(!next.iter().any(|e| e.id == "freestyle-1"));
    }

    #[test]
    fn fingerprints_tell_lines_apart() {
        let a = [Pos::new(7, 7), Pos::new(7, 8)];
        let b = [Pos::new(7, 8), Pos::new(7, 7)];
        assert_ne!(fingerprint(Rule::Renju, 15, &a), fingerprint(Rule::Renju, 15, &b));
        assert_ne!(fingerprint(Rule::Renju, 15, &a), fingerprint(Rule::Freestyle, 15, &a));
        assert_eq!(mine_id(Rule::Renju, 15, &a, 1), mine_id(Rule::Renju, 15, &a, 1));
    }
}
