//! The AI's contract: it completes its five, blocks the opponent's four, answers an open three,
//! respects a stop flag, is deterministic at a fixed depth, and reports analysis as it goes.

use gomoku::ai::{Engine, Limits, Request, Score};
use gomoku::diagram::parse_diagram;
use gomoku::{Color, Level, Pos, Rule};
use std::sync::atomic::{AtomicBool, Ordering};

fn decide(text: &str, to_move: Color, level: Level, limits: Limits) -> (Pos, Score, Vec<u32>) {
    let diagram = parse_diagram(text).unwrap();
    let mut engine = Engine::new(16, 7);
    let request = Request { board: &diagram.board, rule: Rule::Freestyle, to_move, level, limits };
    let mut depths = Vec::new();
    let decision =
        engine.think(&request, &AtomicBool::new(false), &mut |a| depths.push(a.depth)).unwrap();
    (decision.best, decision.analysis.score, depths)
}

fn marked(text: &str) -> Vec<Pos> {
    parse_diagram(text).unwrap().marked('*')
}

const OWN_FOUR_AND_THEIR_FOUR: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . O O O O * . . .
    . . . . . . . . .
    . X X X X ! . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn every_level_completes_its_own_five_first() {
    for level in Level::ALL {
        let (best, score, _) =
            decide(OWN_FOUR_AND_THEIR_FOUR, Color::Black, level, Limits::per_move(200));
        let five = parse_diagram(OWN_FOUR_AND_THEIR_FOUR).unwrap().marked('!');
        assert!(five.contains(&best) || best == Pos::new(0, 4), "{level}: played {best}");
        assert_eq!(score, Score::WinIn(1), "{level}");
    }
}

const BLOCK_THE_FOUR: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . O O O O * . . .
    . . . . . . . . .
    . . X . X . . . .
    . . . X . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn every_level_blocks_a_four() {
    for level in Level::ALL {
        let (best, _, _) = decide(BLOCK_THE_FOUR, Color::Black, level, Limits::per_move(200));
        let blocks = [marked(BLOCK_THE_FOUR), vec![Pos::new(0, 2)]].concat();
        assert!(blocks.contains(&best), "{level}: played {best}");
    }
}

const OPEN_THREE: &str = "
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . * O O O * . . . .
    . . . . . . . . . . .
    . . . . X . . . . . .
    . . . . . X . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .";

#[test]
fn an_open_three_is_answered_at_its_ends() {
    for level in [Level::Medium, Level::Hard, Level::Master] {
        let (best, _, _) = decide(OPEN_THREE, Color::Black, level, Limits::per_move(300));
        // Black has only a two: it must stop the open three (the ends or the far points).
        let defences = [marked(OPEN_THREE), vec![Pos::new(1, 3), Pos::new(7, 3)]].concat();
        assert!(defences.contains(&best), "{level}: played {best}");
    }
}

#[test]
fn a_fixed_depth_search_is_deterministic_and_reports_every_iteration() {
    let text = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . O . . . . . .
        . . . X X O . . . . .
        . . . . X O . . . . .
        . . . . X . . . . . .
        . . . . O . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .";
    let diagram = parse_diagram(text).unwrap();
    let run = || {
        let mut engine = Engine::new(16, 1);
        let request = Request {
            board: &diagram.board,
            rule: Rule::Freestyle,
            to_move: Color::Black,
            level: Level::Master,
            limits: Limits::depth(6),
        };
        let mut depths = Vec::new();
        let d =
            engine.think(&request, &AtomicBool::new(false), &mut |a| depths.push(a.depth)).unwrap();
        (d.best, d.analysis.nodes, depths)
    };
    let (first, second) = (run(), run());
    assert_eq!(first, second, "same position, same depth: same move and node count");
    assert_eq!(first.2, (1..=6).collect::<Vec<u32>>(), "one report per iteration");
}

#[test]
fn a_raised_stop_flag_still_returns_a_sensible_move() {
    let diagram = parse_diagram(BLOCK_THE_FOUR).unwrap();
    let mut engine = Engine::new(16, 1);
    let stop = AtomicBool::new(false);
    stop.store(true, Ordering::SeqCst);
    let request = Request {
        board: &diagram.board,
        rule: Rule::Freestyle,
        to_move: Color::Black,
        level: Level::Master,
        limits: Limits::default(),
    };
    let decision = engine.think(&request, &stop, &mut |_| {}).unwrap();
    let blocks = [marked(BLOCK_THE_FOUR), vec![Pos::new(0, 2)]].concat();
    assert!(
        blocks.contains(&decision.best),
        "even when stopped at once it blocks: {}",
        decision.best
    );
}

#[test]
fn the_empty_board_opens_in_the_centre() {
    let board = gomoku::Board::new(15).unwrap();
    let mut engine = Engine::new(4, 1);
    let request = Request {
        board: &board,
        rule: Rule::Renju,
        to_move: Color::Black,
        level: Level::Easy,
        limits: Limits::per_move(50),
    };
    let decision = engine.think(&request, &AtomicBool::new(false), &mut |_| {}).unwrap();
    assert_eq!(decision.best, Pos::new(7, 7));
}

/// The fixed middle-game positions of `gomoku bench`.
const BENCH_POSITIONS: &str = include_str!("../benches/positions.txt");

#[test]
fn a_node_limit_bounds_the_whole_search_threat_searches_included() {
    let mut most = 0;
    for line in BENCH_POSITIONS.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let moves = gomoku::record::parse_moves(line, 15).unwrap();
        let mut board = gomoku::Board::new(15).unwrap();
        for (ply, &p) in moves.iter().enumerate() {
            board.place(p, Color::at_ply(ply));
        }
        for limit in [1, 200] {
            let mut engine = Engine::new(4, 3);
            let request = Request {
                board: &board,
                rule: Rule::Freestyle,
                to_move: Color::at_ply(moves.len()),
                level: Level::Master,
                limits: Limits { nodes: Some(limit), ..Limits::default() },
            };
            let decision = engine.think(&request, &AtomicBool::new(false), &mut |_| {}).unwrap();
            let nodes = decision.analysis.nodes;
            most = most.max(nodes);
            // The main search checks its limits every 1 024 nodes (its first iteration runs to
            // such checks); the threat searches stop at the limit itself.
            assert!(nodes <= limit + 8_192, "{line} limit {limit}: {nodes} nodes searched");
            assert!(board.stone(decision.best).is_none());
        }
    }
    assert!(most > 0);
}

/// The bench positions as boards with the side to move.
fn bench_boards() -> Vec<(gomoku::Board, Color)> {
    BENCH_POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let moves = gomoku::record::parse_moves(line, 15).unwrap();
            let mut board = gomoku::Board::new(15).unwrap();
            for (ply, &p) in moves.iter().enumerate() {
                board.place(p, Color::at_ply(ply));
            }
            (board, Color::at_ply(moves.len()))
        })
        .collect()
}

fn fixed_depth(
    board: &gomoku::Board,
    to_move: Color,
    depth: u32,
    multi_pv: usize,
) -> gomoku::ai::Decision {
    let mut engine = Engine::new(16, 5);
    let request = Request {
        board,
        rule: Rule::Freestyle,
        to_move,
        level: Level::Master,
        limits: Limits { multi_pv, ..Limits::depth(depth) },
    };
    engine.think(&request, &AtomicBool::new(false), &mut |_| {}).unwrap()
}

fn raw_order(score: Score) -> i64 {
    match score {
        Score::WinIn(n) => 1_000_000 - i64::from(n),
        Score::LossIn(n) => -1_000_000 + i64::from(n),
        Score::Eval(v) => i64::from(v),
    }
}

#[test]
fn multi_pv_gives_distinct_ordered_moves_led_by_the_single_pv_best() {
    let mut positions_with_three = 0;
    for (board, to_move) in bench_boards() {
        let single = fixed_depth(&board, to_move, 6, 1);
        let multi = fixed_depth(&board, to_move, 6, 3);
        assert!(single.analysis.lines.is_empty(), "one best move: no lines");
        assert_eq!(multi.best, single.best, "the best move is the single-PV one");
        assert_eq!(multi.analysis.score, single.analysis.score);
        let lines = &multi.analysis.lines;
        if lines.is_empty() {
            // A forced line (or a single sensible reply) was answered before the main search.
            continue;
        }
        assert_eq!(lines[0].pv[0], multi.best, "the first line is the move played");
        let firsts: Vec<Pos> = lines.iter().map(|l| l.pv[0]).collect();
        let mut unique = firsts.clone();
        unique.sort_by_key(|p| (p.x, p.y));
        unique.dedup();
        assert_eq!(unique.len(), firsts.len(), "distinct candidates: {firsts:?}");
        for pair in lines.windows(2) {
            assert!(raw_order(pair[0].score) >= raw_order(pair[1].score), "ordered: {lines:?}");
        }
        for line in lines {
            assert!(board.stone(line.pv[0]).is_none());
        }
        positions_with_three += usize::from(lines.len() == 3);
    }
    assert!(positions_with_three >= 15, "only {positions_with_three} positions gave three lines");
}

#[test]
fn a_parallel_search_finds_the_same_forced_move_and_one_thread_stays_deterministic() {
    // White must stop black's open three on column h: at h7 or h11.
    let at = |n: &str| n.parse::<gomoku::Notation>().unwrap().to_pos(15).unwrap();
    let mut board = gomoku::Board::new(15).unwrap();
    for (i, n) in ["h8", "i9", "h9", "i10", "h10"].iter().enumerate() {
        board.place(at(n), if i % 2 == 0 { Color::Black } else { Color::White });
    }
    let limits = Limits::depth(6);
    let request = Request {
        board: &board,
        rule: Rule::Freestyle,
        to_move: Color::White,
        level: Level::Master,
        limits,
    };
    let stop = AtomicBool::new(false);
    let single = |seed| Engine::new(8, seed).think(&request, &stop, &mut |_| {}).unwrap();
    let (a, b) = (single(1), single(1));
    assert_eq!(
        (a.best, a.analysis.nodes),
        (b.best, b.analysis.nodes),
        "one thread: the same search"
    );
    let mut parallel = Engine::new(8, 1);
    parallel.set_threads(2);
    let p = parallel.think(&request, &stop, &mut |_| {}).unwrap();
    let blocks = [at("h7"), at("h11"), at("h6"), at("h12")];
    assert!(blocks.contains(&a.best), "{:?}", a.best);
    assert!(blocks.contains(&p.best), "two threads: {:?}", p.best);
}
