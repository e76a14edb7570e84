//! Drives the real `pbrain-gomoku` binary through the Gomocup protocol and the Yixin-Board
//! extensions, as a manager (Piskvork, Yixin-Board) would.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Brain {
    fn start() -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start pbrain-gomoku");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Brain { child, stdin, lines }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line that is not a MESSAGE, and how long it took.
    fn reply(&mut self) -> (String, Duration) {
        let started = Instant::now();
        loop {
            let line = self.lines.recv_timeout(Duration::from_secs(20)).expect("a reply");
            if !line.starts_with("MESSAGE") {
                return (line, started.elapsed());
            }
        }
    }

    fn ask(&mut self, text: &str) -> String {
        self.send(text);
        self.reply().0
    }

    fn messages_until_move(&mut self, text: &str) -> (Vec<String>, String) {
        self.send(text);
        let mut messages = Vec::new();
        loop {
            let line = self.lines.recv_timeout(Duration::from_secs(20)).expect("a reply");
            if line.starts_with("MESSAGE") {
                messages.push(line);
            } else {
                return (messages, line);
            }
        }
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "END");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
    }
}

fn parse_move(line: &str) -> (u8, u8) {
    let (x, y) = line.split_once(',').unwrap_or_else(|| panic!("not a move: {line:?}"));
    (x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

#[test]
fn a_whole_game_with_replies_inside_the_turn_time() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 200");
    brain.send("INFO timeout_match 100000");
    brain.send("INFO time_left 100000");
    brain.send("INFO rule 0");
    let mut board = [[0u8; 15]; 15];
    let (first, _) = brain.reply_after("BEGIN");
    let (x, y) = parse_move(&first);
    board[y as usize][x as usize] = 1;
    let mut slowest = Duration::ZERO;
    // Our side plays a simple scan of free points far from the brain's stones; the brain must
    // answer every TURN with a legal move inside the time.
    let mut mine =
        (0u8..15).flat_map(|y| (0u8..15).map(move |x| (x, y))).filter(|(x, y)| (x + y) % 3 == 0);
    for _ in 0..20 {
        let (mx, my) = mine.find(|&(x, y)| board[y as usize][x as usize] == 0).unwrap();
        board[my as usize][mx as usize] = 2;
        brain.send(&format!("TURN {mx},{my}"));
        let (line, took) = brain.reply();
        slowest = slowest.max(took);
        if line.starts_with("ERROR") {
            panic!("brain refused TURN: {line}");
        }
        let (x, y) = parse_move(&line);
        assert_eq!(board[y as usize][x as usize], 0, "brain played on a taken point {x},{y}");
        board[y as usize][x as usize] = 1;
        if five_for(&board, 1) {
            break;
        }
    }
    eprintln!("slowest reply at timeout_turn 200: {} ms", slowest.as_millis());
    // The brain aims at 190 ms; the slack is for a loaded test machine's scheduling (tests run
    // in parallel on two cores), while a brain that ignored the limit would think for seconds.
    assert!(slowest < Duration::from_millis(500), "slowest reply took {slowest:?}");
    assert!(five_for(&board, 1), "the brain should beat a scanning opponent");
}

impl Brain {
    fn reply_after(&mut self, text: &str) -> (String, Duration) {
        self.send(text);
        self.reply()
    }
}

fn five_for(board: &[[u8; 15]; 15], who: u8) -> bool {
    let at = |x: i32, y: i32| {
        (0..15).contains(&x) && (0..15).contains(&y) && board[y as usize][x as usize] == who
    };
    (0..15).any(|y| {
        (0..15).any(|x| {
            [(1, 0), (0, 1), (1, 1), (1, -1)]
                .iter()
                .any(|&(dx, dy)| (0..5).all(|k| at(x + k * dx, y + k * dy)))
        })
    })
}

#[test]
fn board_reports_progress_and_answers_with_a_move() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 300");
    brain.send("BOARD");
    for line in ["7,7,2", "8,8,1", "7,8,2", "9,9,1", "7,9,2"] {
        brain.send(line);
    }
    let (messages, answer) = brain.messages_until_move("DONE");
    // White (the brain) must stop the open three on column 7: at 7,6 or 7,10 (or 7,5/7,11).
    let (x, y) = parse_move(&answer);
    assert_eq!(x, 7, "brain answered {answer} instead of blocking the three");
    assert!([5, 6, 10, 11].contains(&y), "brain answered {answer}");
    assert!(messages.iter().any(|m| m.contains("depth") && m.contains("pv")), "{messages:?}");
}

#[test]
fn renju_forbidden_points_are_shown_and_never_played() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 4");
    brain.send("YXBOARD");
    // Black: 6,7 7,7 (row) and 8,5 8,6 (column): 8,7 is a double three for black.
    for line in ["6,7,1", "0,0,2", "7,7,1", "14,0,2", "8,5,1", "0,14,2", "8,6,1", "14,14,2"] {
        brain.send(line);
    }
    brain.send("DONE");
    assert_eq!(brain.ask("YXSHOWFORBID"), "FORBID 0807.");
    brain.send("INFO timeout_turn 300");
    // The brain plays black here (8 stones, its turn): it must not take 8,7.
    brain.send("YXBOARD");
    brain.send("DONE");
    brain.send("BOARD");
    for line in ["6,7,1", "0,0,2", "7,7,1", "14,0,2", "8,5,1", "0,14,2", "8,6,1", "14,14,2"] {
        brain.send(line);
    }
    let (_, answer) = brain.messages_until_move("DONE");
    assert_ne!(answer, "8,7");
    assert!(parse_move(&answer).0 < 15);
    brain.send("INFO rule 0");
    assert_eq!(brain.ask("YXSHOWFORBID"), "FORBID .");
}

#[test]
fn takeback_restart_and_about() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 100");
    let first = brain.reply_after("BEGIN").0;
    assert_eq!(brain.ask(&format!("TAKEBACK {first}")), "OK");
    assert!(brain.ask("TAKEBACK 3,3").starts_with("ERROR"), "nothing stands on 3,3");
    let again = brain.reply_after("BEGIN").0;
    assert_eq!(parse_move(&again).0, parse_move(&first).0);
    assert_eq!(brain.ask("RESTART"), "OK");
    let after_restart = brain.reply_after("BEGIN").0;
    assert!(parse_move(&after_restart).0 < 15);
    assert!(brain.ask("ABOUT").contains("name=\"Gomoku\""));
}

#[test]
fn malformed_lines_get_errors_and_the_brain_keeps_going() {
    let mut brain = Brain::start();
    for (line, expected) in [
        ("TURN 1,1", "ERROR"),
        ("START 4", "ERROR"),
        ("START 30", "ERROR"),
        ("RECTSTART 15,20", "ERROR"),
        ("START fifteen", "ERROR"),
        ("HELLO", "UNKNOWN"),
        ("\u{1b}[31m", "UNKNOWN"),
    ] {
        let reply = brain.ask(line);
        assert!(reply.starts_with(expected), "{line:?} got {reply:?}");
    }
    assert_eq!(brain.ask("RECTSTART 20,20"), "OK");
    for (line, expected) in [
        ("TURN 25,3", "ERROR"),
        ("TURN 3", "ERROR"),
        ("TURN -1,2", "ERROR"),
        ("INFO timeout_turn soon", "ERROR"),
        ("TAKEBACK 9,9", "ERROR"),
        ("DONE", "ERROR"),
    ] {
        let reply = brain.ask(line);
        assert!(reply.starts_with(expected), "{line:?} got {reply:?}");
    }
    brain.send("BOARD");
    brain.send("1,1,1");
    brain.send("not a stone");
    assert!(brain.ask("DONE").starts_with("ERROR"));
    brain.send("BOARD");
    brain.send("1,1,2");
    brain.send("1,1,1");
    assert!(brain.ask("DONE").starts_with("ERROR"), "a repeated stone is refused");
    brain.send("INFO timeout_turn 100");
    let reply = brain.ask("TURN 10,10");
    assert!(parse_move(&reply).0 < 20, "still plays after garbage: {reply}");
    assert!(brain.ask("TURN 10,10").starts_with("ERROR"), "occupied point");
}

#[test]
fn yxstop_ends_a_long_search_quickly() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 60000");
    brain.send("INFO max_depth 64");
    brain.send("TURN 7,7");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    brain.send("YXSTOP");
    let (line, _) = brain.reply();
    let took = sent.elapsed();
    assert!(parse_move(&line).0 < 15, "{line}");
    assert!(took < Duration::from_secs(2), "YXSTOP took {took:?}");
}

#[test]
fn renju_black_plays_a_legal_move_when_its_only_block_is_forbidden() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 4");
    brain.send("INFO timeout_turn 200");
    brain.send("BOARD");
    let moves = "7,7 9,7 5,5 8,8 10,8 8,9 8,10 9,9 7,9 9,8 9,6 9,11 9,10 10,7 11,6 6,11";
    for (ply, mv) in moves.split_whitespace().enumerate() {
        let own = if ply % 2 == 0 { 1 } else { 2 };
        brain.send(&format!("{mv},{own}"));
    }
    let (_, answer) = brain.messages_until_move("DONE");
    assert!(!answer.starts_with("ERROR"), "the brain gave up: {answer}");
    let (x, y) = parse_move(&answer);
    assert!(x < 15 && y < 15, "{answer}");
    assert!(!moves.split_whitespace().any(|m| m == answer), "{answer} is occupied");
    assert_ne!(answer, "7,10", "7,10 is forbidden for black");
}

#[test]
fn yxnbest_reports_distinct_candidates_then_answers_without_playing() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 400");
    brain.send("YXBOARD");
    // A middle-game position from the bench (h8 h9 f10 g9 i9 j10 j11 i11 h10 g11 g10 e10 g8 i8).
    let moves = [
        "7,7", "7,6", "5,5", "6,6", "8,6", "9,5", "9,4", "8,4", "7,5", "6,4", "6,5", "4,5", "6,7",
        "8,7",
    ];
    for (ply, mv) in moves.iter().enumerate() {
        brain.send(&format!("{mv},{}", if ply % 2 == 0 { 1 } else { 2 }));
    }
    brain.send("DONE");
    let (messages, answer) = brain.messages_until_move("YXNBEST 3");
    let last_depth = messages
        .iter()
        .filter_map(|m| m.strip_prefix("MESSAGE nbest "))
        .filter_map(|m| m.split_whitespace().nth(2)?.parse::<u32>().ok())
        .max()
        .expect("nbest lines");
    let candidates: Vec<String> = messages
        .iter()
        .filter(|m| m.contains(&format!("depth {last_depth} ")))
        .filter_map(|m| m.strip_prefix("MESSAGE nbest "))
        .filter_map(|m| m.split(" pv ").nth(1)?.split_whitespace().next().map(str::to_string))
        .collect();
    let mut distinct = candidates.clone();
    distinct.sort();
    distinct.dedup();
    assert!(candidates.len() >= 3, "{messages:?}");
    assert_eq!(distinct.len(), candidates.len(), "{candidates:?}");
    let (x, y) = parse_move(&answer);
    assert!(!moves.contains(&format!("{x},{y}").as_str()), "{answer} is occupied");
    // The answer is not played: the same position can be asked again.
    let (_, again) = brain.messages_until_move("YXNBEST 1");
    assert!(!again.starts_with("ERROR"), "{again}");
    assert_eq!(brain.ask("YXNBEST 0").split_whitespace().next(), Some("ERROR"));
}

/// Sends a SWAP2BOARD block with these stones and returns the answer.
fn swap2(brain: &mut Brain, stones: &[(u8, u8)]) -> String {
    brain.send("SWAP2BOARD");
    for (x, y) in stones {
        brain.send(&format!("{x},{y}"));
    }
    brain.reply_after("DONE").0
}

/// The points of an answer of moves `x,y x,y …`, checked to be on the board, free and distinct.
fn answered_points(answer: &str, taken: &[(u8, u8)]) -> Vec<(u8, u8)> {
    let points: Vec<(u8, u8)> = answer.split_whitespace().map(parse_move).collect();
    for (i, &(x, y)) in points.iter().enumerate() {
        assert!(x < 15 && y < 15, "{answer}: off the board");
        assert!(!taken.contains(&(x, y)), "{answer}: {x},{y} is taken");
        assert!(!points[..i].contains(&(x, y)), "{answer}: {x},{y} twice");
    }
    points
}

fn swap2_brain() -> Brain {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 300");
    brain.send("INFO rule 1");
    brain
}

#[test]
fn swap2board_without_stones_proposes_three_stones() {
    let mut brain = swap2_brain();
    let answer = swap2(&mut brain, &[]);
    let points = answered_points(&answer, &[]);
    assert_eq!(points.len(), 3, "{answer}");
    // The brain's board now holds them: white's fourth move comes next.
    let (x, y) = points[0];
    assert!(brain.ask(&format!("TAKEBACK {x},{y}")).starts_with("OK"));
}

#[test]
fn swap2board_with_three_stones_swaps_stays_or_adds_two() {
    let mut brain = swap2_brain();
    let openings: [&[(u8, u8)]; 3] = [
        &[(7, 7), (8, 7), (7, 9)],
        // Black's stones far apart in the corners: white stands well.
        &[(0, 0), (7, 7), (14, 14)],
        // Black's two stones side by side: black stands well.
        &[(7, 7), (0, 14), (8, 7)],
    ];
    let mut answers = Vec::new();
    for stones in openings {
        let answer = swap2(&mut brain, stones);
        if answer != "SWAP" {
            let count = answered_points(&answer, stones).len();
            assert!(count == 1 || count == 2, "{answer}");
        }
        answers.push(answer);
    }
    assert_eq!(answers[2], "SWAP", "the brain takes black when black stands well");
    assert_ne!(answers[1], "SWAP", "and keeps white when white does");
}

#[test]
fn swap2board_with_five_stones_swaps_or_plays_the_sixth() {
    let mut brain = swap2_brain();
    let white_ahead = [(0, 0), (7, 7), (14, 14), (8, 8), (0, 14)];
    let answer = swap2(&mut brain, &white_ahead);
    assert_eq!(answered_points(&answer, &white_ahead).len(), 1, "{answer}");
    let black_ahead = [(7, 7), (0, 0), (8, 8), (14, 0), (6, 6)];
    assert_eq!(swap2(&mut brain, &black_ahead), "SWAP");
    // The stones may come with a field, as some managers send them.
    brain.send("SWAP2BOARD");
    for (i, (x, y)) in white_ahead.iter().enumerate() {
        brain.send(&format!("{x},{y},{}", 2 - i % 2));
    }
    let answer = brain.reply_after("DONE").0;
    assert_eq!(answered_points(&answer, &white_ahead).len(), 1, "{answer}");
}

#[test]
fn swap2board_garbage_gets_an_error_and_changes_nothing() {
    let mut brain = swap2_brain();
    for stones in [&[(7u8, 7u8), (8, 8)][..], &[(7, 7), (8, 8), (7, 7)], &[(7, 7), (8, 8), (20, 3)]]
    {
        let answer = swap2(&mut brain, stones);
        assert!(answer.starts_with("ERROR"), "{stones:?} got {answer}");
    }
    brain.send("SWAP2BOARD");
    brain.send("7,7");
    brain.send("seven,eight");
    brain.send("9,9");
    assert!(brain.reply_after("DONE").0.starts_with("ERROR"));
    // None of that reached the board: the brain still opens an empty board.
    assert!(brain.ask("BEGIN").split(',').count() == 2);
    assert!(brain.ask("DONE").starts_with("ERROR"), "no block is open any more");
}

#[test]
fn with_two_threads_the_brain_still_blocks_and_answers_in_time() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO thread_num 2");
    brain.send("INFO timeout_turn 300");
    brain.send("BOARD");
    for line in ["7,7,2", "8,8,1", "7,8,2", "9,9,1", "7,9,2"] {
        brain.send(line);
    }
    let started = Instant::now();
    let (_, answer) = brain.messages_until_move("DONE");
    let (x, y) = parse_move(&answer);
    assert!(x == 7 && [5, 6, 10, 11].contains(&y), "brain answered {answer}");
    assert!(started.elapsed() < Duration::from_millis(2_000), "{:?}", started.elapsed());
    assert!(brain.ask("INFO thread_num many").starts_with("ERROR"));
}
