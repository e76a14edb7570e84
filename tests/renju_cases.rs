//! The renju forbidden-point suite: the specification of black's forbidden points (RIF rules,
//! article 9) written as board diagrams, one case per file in `tests/data/renju/`.
//!
//! # Case file format
//!
//! ```text
//! # 01-double-three-basic (15x15)          <- comment header: what the case shows and why
//! #                                           (at least one `#` line, before the board)
//! #    abcdefghijklmno                      <- column letters, inside a comment
//! 15   ...............   15                 <- one row per line, top row first; the row
//! ..                                            numbers are ignored by the parser
//! 10   .......X.......   10
//!  9   .......X.......   9
//!  8   .....XX3.......   8                  <- h8 is a double three
//! ..
//! ```
//!
//! The board is read by [`gomoku::diagram::parse_diagram`]: `X` black, `O` white, `.` empty, and
//! any other character is a *mark* on an empty point. Rows are written WITHOUT spaces between the
//! points, because the parser drops whitespace-separated number tokens (row numbers) and would
//! drop a lone `3` too. Marks:
//!
//! | mark | meaning for the point                                                              |
//! |------|------------------------------------------------------------------------------------|
//! | `3`  | forbidden for black: double three                                                  |
//! | `4`  | forbidden for black: double four                                                   |
//! | `6`  | forbidden for black: overline (also checked: the stone really makes 6+ in a row)   |
//! | `5`  | black makes exactly five there: a renju win, never forbidden                       |
//! | `W`  | white wins there under renju (five or more)                                        |
//! | `!`  | called out as allowed: nothing special (same as `.`)                               |
//!
//! Every point is checked, marked or not: the forbidden points reported by
//! [`gomoku::renju::forbidden_points`] must be EXACTLY the `3`/`4`/`6` marks with their kinds, the
//! points where `Rule::Renju.would_win_at(.., Black)` holds exactly the `5` marks, and those where
//! `Rule::Renju.would_win_at(.., White)` holds exactly the `W` marks. So an unmarked empty point is
//! asserted to be allowed for black and a win for nobody.
//!
//! Each case file has its own `#[test]` (listed in the `cases!` macro below);
//! `case_files_match_the_list` makes sure no file in the directory is left out. The remaining
//! tests check the winning conditions of the three rule sets (freestyle, standard, renju) on
//! small inline boards.

use gomoku::board::index_of;
use gomoku::diagram::{parse_diagram, to_diagram};
use gomoku::renju::{forbidden, forbidden_points};
use gomoku::{Board, Color, Forbidden, Pos, Rule};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// How many case files the suite must at least hold.
const MIN_CASES: usize = 40;

fn case_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data").join("renju")
}

/// The `.txt` files of the case directory, sorted by name.
fn case_file_names() -> Vec<String> {
    let dir = case_dir();
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the case directory {}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .map(|entry| entry.expect("directory entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".txt"))
        .collect();
    names.sort();
    names
}

/// Points are sorted in reading order (top row first, then left to right), like the engine's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Key(u8, u8);

fn key(p: Pos) -> Key {
    Key(p.y, p.x)
}

fn pos(k: Key) -> Pos {
    Pos::new(k.1, k.0)
}

/// Human notation (`h8`) of a point.
fn name(board: &Board, p: Pos) -> String {
    p.to_notation(board.size()).map_or_else(|| p.to_string(), |n| n.to_string())
}

fn kind_mark(kind: Forbidden) -> char {
    match kind {
        Forbidden::DoubleThree => '3',
        Forbidden::DoubleFour => '4',
        Forbidden::Overline => '6',
    }
}

fn mark_kind(mark: char) -> Option<Forbidden> {
    match mark {
        '3' => Some(Forbidden::DoubleThree),
        '4' => Some(Forbidden::DoubleFour),
        '6' => Some(Forbidden::Overline),
        _ => None,
    }
}

/// What a case file states, or what the engine says, about every empty point.
#[derive(Debug, Default, PartialEq, Eq)]
struct Verdict {
    forbidden: BTreeMap<Key, Forbidden>,
    black_fives: BTreeSet<Key>,
    white_wins: BTreeSet<Key>,
}

impl Verdict {
    /// The expectation drawn in a case file.
    fn expected(marks: &[(Pos, char)]) -> Result<Verdict, String> {
        let mut v = Verdict::default();
        for &(p, mark) in marks {
            match mark {
                '3' | '4' | '6' => {
                    v.forbidden.insert(key(p), mark_kind(mark).expect("forbidden mark"));
                }
                '5' => {
                    v.black_fives.insert(key(p));
                }
                'W' => {
                    v.white_wins.insert(key(p));
                }
                '!' => {}
                other => return Err(format!("unknown mark {other:?} at {p} (use 3 4 6 5 W !)")),
            }
        }
        Ok(v)
    }

    /// What the engine says.
    fn actual(board: &Board) -> Verdict {
        let mut v = Verdict::default();
        for (p, kind) in forbidden_points(board) {
            v.forbidden.insert(key(p), kind);
        }
        for p in board.empty_points() {
            if Rule::Renju.would_win_at(board, index_of(p), Color::Black) {
                v.black_fives.insert(key(p));
            }
            if Rule::Renju.would_win_at(board, index_of(p), Color::White) {
                v.white_wins.insert(key(p));
            }
        }
        v
    }

    /// The marks to draw for this verdict. A point that is both forbidden and a five (which the
    /// spec never allows) is drawn with its forbidden kind; the difference list names both.
    fn marks(&self) -> Vec<(Pos, char)> {
        let mut all: BTreeMap<Key, char> = BTreeMap::new();
        for &k in &self.white_wins {
            all.insert(k, 'W');
        }
        for &k in &self.black_fives {
            all.insert(k, '5');
        }
        for (&k, &kind) in &self.forbidden {
            all.insert(k, kind_mark(kind));
        }
        all.into_iter().map(|(k, c)| (pos(k), c)).collect()
    }

    /// A short description of one point, for the difference list.
    fn describe(&self, k: Key) -> String {
        let mut parts = Vec::new();
        if let Some(kind) = self.forbidden.get(&k) {
            parts.push(format!("forbidden ({kind})"));
        }
        if self.black_fives.contains(&k) {
            parts.push("black five".to_string());
        }
        if self.white_wins.contains(&k) {
            parts.push("white wins".to_string());
        }
        if parts.is_empty() {
            "allowed, no win".to_string()
        } else {
            parts.join(" + ")
        }
    }

    fn points(&self) -> BTreeSet<Key> {
        let mut all: BTreeSet<Key> = self.forbidden.keys().copied().collect();
        all.extend(&self.black_fives);
        all.extend(&self.white_wins);
        all
    }
}

/// The first comment line of a case (its title), for messages.
fn title(text: &str) -> &str {
    text.lines().find(|l| l.starts_with('#')).map_or("", |l| l.trim_start_matches('#').trim())
}

/// Checks one case file; `Err` holds the full report.
fn check_case(file: &str) -> Result<(), String> {
    let path = case_dir().join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{file}: cannot read: {e}"))?;
    if !text.trim_start().starts_with('#') {
        return Err(format!(
            "{file}: a case starts with a `#` comment header saying what it shows"
        ));
    }
    let diagram = parse_diagram(&text).map_err(|e| format!("{file}: {e}"))?;
    let board = &diagram.board;
    let expected = Verdict::expected(&diagram.marks).map_err(|e| format!("{file}: {e}"))?;
    let actual = Verdict::actual(board);

    let mut problems: Vec<String> = Vec::new();
    for k in expected.points().union(&actual.points()) {
        let (e, a) = (expected.describe(*k), actual.describe(*k));
        if e != a {
            problems.push(format!("{}: expected {e}, engine says {a}", name(board, pos(*k))));
        }
    }
    problems.extend(consistency_problems(board));
    problems.extend(win_problems(board, &expected));
    if problems.is_empty() {
        return Ok(());
    }
    let mut report = format!("\n=== {file}: {}\n", title(&text));
    for p in &problems {
        let _ = writeln!(report, "  - {p}");
    }
    let _ =
        write!(report, "expected (marks from the file):\n{}", to_diagram(board, &diagram.marks));
    let _ = write!(report, "engine:\n{}", to_diagram(board, &actual.marks()));
    Err(report)
}

/// `forbidden_points` must agree with `forbidden` point by point, list every point once, in
/// reading order, and never name an occupied point.
fn consistency_problems(board: &Board) -> Vec<String> {
    let mut problems = Vec::new();
    let list = forbidden_points(board);
    let keys: Vec<Key> = list.iter().map(|&(p, _)| key(p)).collect();
    if keys.windows(2).any(|w| w[0] >= w[1]) {
        problems.push("forbidden_points is not in reading order (or repeats a point)".to_string());
    }
    let listed: BTreeMap<Key, Forbidden> = list.iter().map(|&(p, f)| (key(p), f)).collect();
    for p in board.points() {
        let single = forbidden(board, p);
        if board.stone(p).is_some() {
            if single.is_some() || listed.contains_key(&key(p)) {
                problems.push(format!("{}: occupied point reported as forbidden", name(board, p)));
            }
        } else if single != listed.get(&key(p)).copied() {
            problems.push(format!(
                "{}: forbidden() says {single:?} but forbidden_points says {:?}",
                name(board, p),
                listed.get(&key(p))
            ));
        }
    }
    problems
}

/// Plays the marked winning / overline points and checks the resulting lines.
fn win_problems(board: &Board, expected: &Verdict) -> Vec<String> {
    let mut problems = Vec::new();
    let mut play = |k: Key, color: Color, check: &dyn Fn(&Board, Pos) -> Option<String>| {
        let p = pos(k);
        if board.stone(p).is_some() {
            return;
        }
        let mut after = board.clone();
        after.place(p, color);
        if let Some(problem) = check(&after, p) {
            problems.push(format!("{}: {problem}", name(board, p)));
        }
    };
    for &k in &expected.black_fives {
        play(k, Color::Black, &|b, p| match Rule::Renju.winning_line(b, p) {
            Some(line) if line.len() == 5 && line.contains(&p) => None,
            other => Some(format!("black five expected, renju winning_line is {other:?}")),
        });
    }
    for &k in &expected.white_wins {
        play(k, Color::White, &|b, p| match Rule::Renju.winning_line(b, p) {
            Some(line) if line.len() >= 5 && line.contains(&p) => None,
            other => Some(format!("white win expected, renju winning_line is {other:?}")),
        });
    }
    for (&k, &kind) in &expected.forbidden {
        if kind != Forbidden::Overline {
            continue;
        }
        // An overline point: black gets six or more in a row, which wins nothing in renju or
        // standard, but is a line of 6+ under freestyle.
        play(k, Color::Black, &|b, p| {
            let free = Rule::Freestyle.winning_line(b, p);
            if Rule::Renju.winning_line(b, p).is_some()
                || Rule::Standard.winning_line(b, p).is_some()
            {
                Some("overline expected, but black has a winning line under renju/standard".into())
            } else if free.as_ref().is_none_or(|l| l.len() < 6) {
                Some(format!("overline expected, but freestyle's line is {free:?}"))
            } else {
                None
            }
        });
    }
    problems
}

macro_rules! cases {
    ($($test:ident => $file:literal,)*) => {
        /// Every case file, as listed in this test file.
        const CASE_FILES: &[&str] = &[$($file),*];
        $(
            #[test]
            fn $test() {
                if let Err(report) = check_case($file) {
                    panic!("{report}");
                }
            }
        )*
    };
}

cases! {
    case_01_double_three_basic => "01-double-three-basic.txt",
    case_02_double_three_row_and_backslash => "02-double-three-row-and-backslash.txt",
    case_03_double_three_row_and_slash => "03-double-three-row-and-slash.txt",
    case_04_double_three_column_and_backslash => "04-double-three-column-and-backslash.txt",
    case_05_double_three_column_and_slash => "05-double-three-column-and-slash.txt",
    case_06_double_three_both_diagonals => "06-double-three-both-diagonals.txt",
    case_07_double_three_both_split => "07-double-three-both-split.txt",
    case_08_x_x_x_is_not_a_three => "08-x.x.x-is-not-a-three.txt",
    case_09_x_gap_gap_xx_is_not_a_three => "09-x..xx-is-not-a-three.txt",
    case_10_three_blocked_by_adjacent_white => "10-three-blocked-by-adjacent-white.txt",
    case_11_three_blocked_at_distance_one => "11-three-blocked-at-distance-one.txt",
    case_12_three_with_white_two_away => "12-three-with-white-two-away.txt",
    case_13_three_between_whites_at_distance => "13-three-between-whites-at-distance.txt",
    case_14_split_three_and_white_stones => "14-split-three-and-white-stones.txt",
    case_15_wall_three_touching_edge_is_dead => "15-wall-three-touching-edge-is-dead.txt",
    case_16_wall_three_one_space_from_edge_is_live =>
        "16-wall-three-one-space-from-edge-is-live.txt",
    case_17_wall_and_white_kill_the_three => "17-wall-and-white-kill-the-three.txt",
    case_18_wall_split_three_at_edge_is_dead => "18-wall-split-three-at-edge-is-dead.txt",
    case_19_short_diagonal_cannot_hold_a_three => "19-short-diagonal-cannot-hold-a-three.txt",
    case_20_six_point_diagonal_holds_a_three => "20-six-point-diagonal-holds-a-three.txt",
    case_21_three_whose_extension_makes_overline => "21-three-whose-extension-makes-overline.txt",
    case_22_three_with_overline_on_both_sides => "22-three-with-overline-on-both-sides.txt",
    case_23_extension_point_is_an_overline_point => "23-extension-point-is-an-overline-point.txt",
    case_24_extension_point_makes_double_four => "24-extension-point-makes-double-four.txt",
    case_25_recursive_extension_is_double_three => "25-recursive-extension-is-double-three.txt",
    case_26_recursive_two_levels_forbidden_again => "26-recursive-two-levels-forbidden-again.txt",
    case_27_open_three_with_one_bad_extension =>
        "27-open-three-with-one-bad-extension-is-still-a-three.txt",
    case_28_open_three_with_both_extensions_forbidden =>
        "28-open-three-with-both-extensions-forbidden.txt",
    case_29_double_four_two_lines => "29-double-four-two-lines.txt",
    case_30_double_four_one_line_x_xxx_x => "30-double-four-one-line-x.xxx.x.txt",
    case_31_double_four_one_line_xx_xx_xx => "31-double-four-one-line-xx.xx.xx.txt",
    case_32_double_four_one_line_xxx_x_xxx => "32-double-four-one-line-xxx.x.xxx.txt",
    case_33_second_four_must_contain_the_move => "33-second-four-must-contain-the-move.txt",
    case_34_four_three_is_allowed => "34-four-three-is-allowed.txt",
    case_35_four_three_three_is_forbidden => "35-four-three-three-is-forbidden.txt",
    case_36_straight_four_counts_once => "36-straight-four-counts-once.txt",
    case_37_five_with_double_four_wins => "37-five-with-double-four-wins.txt",
    case_38_five_with_double_three_wins => "38-five-with-double-three-wins.txt",
    case_39_five_with_overline_in_another_line_wins =>
        "39-five-with-overline-in-another-line-wins.txt",
    case_40_overline_next_to_a_five => "40-overline-next-to-a-five.txt",
    case_41_longer_overlines => "41-longer-overlines.txt",
    case_42_white_overline_wins_black_overline_does_not =>
        "42-white-overline-wins-black-overline-does-not.txt",
    case_43_white_shapes_are_never_forbidden => "43-white-shapes-are-never-forbidden.txt",
    case_44_extension_that_makes_a_five_is_not_a_three =>
        "44-extension-that-makes-a-five-is-not-a-three.txt",
    case_45_four_completed_only_by_overline_is_no_four =>
        "45-four-completed-only-by-overline-is-no-four.txt",
    case_46_tiny_board_has_no_threes => "46-tiny-board-has-no-threes.txt",
    case_47_tiny_board_double_four => "47-tiny-board-double-four.txt",
    case_48_largest_board_22x22 => "48-largest-board-22x22.txt",
    case_49_x_xx_x_is_not_a_three => "49-x.xx.x-is-not-a-three.txt",
    case_50_edge_points_are_never_double_three => "50-edge-points-are-never-double-three.txt",
    case_51_recursive_two_levels_all_double_threes =>
        "51-recursive-two-levels-all-double-threes.txt",
}

/// Every file in the directory has its own test above, every listed file exists, and there are
/// enough of them. Files missing from the list are still checked here, so none is skipped.
#[test]
fn case_files_match_the_list() {
    let on_disk = case_file_names();
    assert!(
        on_disk.len() >= MIN_CASES,
        "only {} renju case files, expected at least {MIN_CASES}",
        on_disk.len()
    );
    let listed: BTreeSet<&str> = CASE_FILES.iter().copied().collect();
    assert_eq!(listed.len(), CASE_FILES.len(), "a case file is listed twice");
    let mut problems = Vec::new();
    for file in &on_disk {
        if !listed.contains(file.as_str()) {
            problems
                .push(format!("{file} has no #[test]: add it to cases! in tests/renju_cases.rs"));
            if let Err(report) = check_case(file) {
                problems.push(report);
            }
        }
    }
    for file in CASE_FILES {
        if !on_disk.iter().any(|f| f == file) {
            problems.push(format!("{file} is listed but missing from {}", case_dir().display()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// ------------------------------------------------------------------------------------------------
// Winning conditions of the three rule sets, on small inline boards.

fn board(text: &str) -> Board {
    parse_diagram(text).expect("inline diagram").board
}

fn at(board: &Board, notation: &str) -> Pos {
    notation.parse::<gomoku::Notation>().expect("notation").to_pos(board.size()).expect("on board")
}

/// Six in a row, a4..f4 on an 8x8 board, in the given colour.
fn six_in_a_row(stone: char) -> Board {
    board(
        &"\
        ........\n\
        ........\n\
        ........\n\
        ........\n\
        SSSSSS..\n\
        ........\n\
        ........\n\
        ........\n"
            .replace('S', &stone.to_string()),
    )
}

#[test]
fn a_white_overline_wins_in_freestyle_and_renju_but_not_in_standard() {
    let b = six_in_a_row('O');
    let p = at(&b, "c4");
    assert_eq!(Rule::Freestyle.winning_line(&b, p).map(|l| l.len()), Some(6));
    assert_eq!(Rule::Renju.winning_line(&b, p).map(|l| l.len()), Some(6));
    assert_eq!(Rule::Standard.winning_line(&b, p), None);
}

#[test]
fn a_black_overline_wins_only_in_freestyle() {
    let b = six_in_a_row('X');
    let p = at(&b, "c4");
    assert_eq!(Rule::Freestyle.winning_line(&b, p).map(|l| l.len()), Some(6));
    assert_eq!(Rule::Standard.winning_line(&b, p), None);
    assert_eq!(Rule::Renju.winning_line(&b, p), None);
}

#[test]
fn exactly_five_wins_for_both_colours_under_every_rule() {
    for stone in ['X', 'O'] {
        let b = board(
            &"\
            ........\n\
            .S......\n\
            ..S.....\n\
            ...S....\n\
            ....S...\n\
            .....S..\n\
            ........\n\
            ........\n"
                .replace('S', &stone.to_string()),
        );
        let p = at(&b, "d5");
        for rule in Rule::ALL {
            let line = rule.winning_line(&b, p);
            assert_eq!(line.map(|l| l.len()), Some(5), "{stone} five under {rule}");
        }
    }
}

#[test]
fn filling_the_gap_of_a_six_wins_or_not_by_rule_and_colour() {
    // XXX.XX in row 6 and OOO.OO in row 3; the gaps are d6 and d3.
    let b = board(
        "........\n\
         ........\n\
         XXX.XX..\n\
         ........\n\
         ........\n\
         OOO.OO..\n\
         ........\n\
         ........\n",
    );
    let (black_gap, white_gap) = (index_of(at(&b, "d6")), index_of(at(&b, "d3")));
    assert!(Rule::Freestyle.would_win_at(&b, black_gap, Color::Black));
    assert!(!Rule::Standard.would_win_at(&b, black_gap, Color::Black));
    assert!(!Rule::Renju.would_win_at(&b, black_gap, Color::Black));
    assert!(Rule::Freestyle.would_win_at(&b, white_gap, Color::White));
    assert!(!Rule::Standard.would_win_at(&b, white_gap, Color::White));
    assert!(Rule::Renju.would_win_at(&b, white_gap, Color::White));
    // In renju the black gap is an overline point; the white shape makes nothing forbidden.
    assert_eq!(forbidden(&b, at(&b, "d6")), Some(Forbidden::Overline));
    assert_eq!(forbidden_points(&b), vec![(at(&b, "d6"), Forbidden::Overline)]);
}

#[test]
fn only_renju_has_forbidden_points() {
    assert!(Rule::Renju.has_forbidden_points());
    assert!(!Rule::Standard.has_forbidden_points());
    assert!(!Rule::Freestyle.has_forbidden_points());
}

#[test]
fn forbidden_is_none_on_stones_and_off_the_board() {
    // d4 is a double three for black; the stones around it and points off the board are not.
    let b = board(
        "........\n\
         ........\n\
         ...X....\n\
         ...X....\n\
         .XX.....\n\
         ........\n\
         ........\n\
         ........\n",
    );
    assert_eq!(forbidden(&b, at(&b, "d4")), Some(Forbidden::DoubleThree));
    for stone in ["b4", "c4", "d5", "d6"] {
        assert_eq!(forbidden(&b, at(&b, stone)), None, "{stone} holds a stone");
    }
    assert_eq!(forbidden(&b, Pos::new(8, 3)), None);
    assert_eq!(forbidden(&b, Pos::new(3, 21)), None);
}

#[test]
fn a_white_stone_on_the_point_is_not_forbidden_and_black_shapes_are_unchanged() {
    // The same double-three shape, with the point taken by white: nothing is forbidden there.
    let b = board(
        "........\n\
         ........\n\
         ...X....\n\
         ...X....\n\
         .XXO....\n\
         ........\n\
         ........\n\
         ........\n",
    );
    assert_eq!(forbidden(&b, at(&b, "d4")), None);
    assert!(forbidden_points(&b).is_empty(), "{:?}", forbidden_points(&b));
}
