//! Save files, `.psq` and move strings: round trips, every kind of bad input, and a hostile-input
//! storm that must never panic nor touch the game in play.

mod common;

use common::{at, game_with, play_all, two_people, TestRng};
use gomoku::game::ManualClock;
use gomoku::record::{
    export_moves, export_psq, import_moves, import_psq, load_save, parse_moves, save_to_string,
    RecordError, MAX_SAVE_BYTES,
};
use gomoku::{Color, Game, Mode, Rule, Settings};
use std::sync::Arc;

fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new())
}

fn sample_game() -> Game {
    let settings = Settings { mode: Mode::HumanVsAi, rule: Rule::Renju, ..Settings::default() };
    let (mut game, clock) = game_with(settings);
    for m in ["h8", "i9", "h9", "h10", "j8", "g10"] {
        clock.advance(321);
        game.play(at(m, 15)).unwrap();
    }
    game.undo().unwrap();
    game
}

#[test]
fn save_then_load_then_save_is_byte_identical() {
    let game = sample_game();
    let first = save_to_string(&game);
    let loaded = load_save(first.as_bytes(), clock()).unwrap();
    assert_eq!(loaded.board(), game.board());
    assert_eq!(loaded.moves(), game.moves());
    assert_eq!(loaded.redo_stack(), game.redo_stack());
    assert_eq!(loaded.settings(), game.settings());
    assert_eq!(save_to_string(&loaded), first);
}

#[test]
fn the_save_file_names_its_format_and_uses_human_notation() {
    let text = save_to_string(&sample_game());
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["format"], "gomoku-save");
    assert_eq!(value["version"], 3);
    assert_eq!(value["moves"][0]["at"], "h8");
    assert_eq!(value["redo"][0]["at"], "j8");
    assert_eq!(value["players"]["white"]["kind"], "ai");
    // The first stone starts the clocks: black's time is its second move's.
    assert_eq!(value["clocks"]["blackMs"], 321);
    assert_eq!(value["clocks"]["whiteMs"], 321 * 2);
}

fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
    let mut value: serde_json::Value =
        serde_json::from_str(&save_to_string(&sample_game())).unwrap();
    edit(&mut value);
    serde_json::to_vec(&value).unwrap()
}

/// A predicate on the error a bad file must get.
type ErrorCheck = fn(&RecordError) -> bool;

#[test]
fn each_kind_of_bad_save_gets_its_own_error() {
    let cases: Vec<(Vec<u8>, ErrorCheck)> = vec![
        (vec![b' '; MAX_SAVE_BYTES + 1], |e| matches!(e, RecordError::TooLarge { .. })),
        (vec![0xff, 0xfe, b'{'], |e| matches!(e, RecordError::NotUtf8)),
        (b"{\"format\": ".to_vec(), |e| matches!(e, RecordError::Malformed(_))),
        (b"[1,2,3]".to_vec(), |e| matches!(e, RecordError::NotASave)),
        (edited(|v| v["format"] = "chess".into()), |e| matches!(e, RecordError::NotASave)),
        (edited(|v| v["version"] = 4.into()), |e| matches!(e, RecordError::NewerVersion(4))),
        (
            edited(|v| {
                v["settings"]["timeControl"] = serde_json::json!({ "kind": "perMove", "moveMs": 5 })
            }),
            |e| matches!(e, RecordError::BadSettings(_)),
        ),
        (edited(|v| v["version"] = "1".into()), |e| matches!(e, RecordError::Malformed(_))),
        (edited(|v| v["moves"] = 7.into()), |e| matches!(e, RecordError::Malformed(_))),
        (edited(|v| v["settings"]["size"] = 30.into()), |e| {
            matches!(e, RecordError::BadSettings(_))
        }),
        (edited(|v| v["settings"]["names"]["black"] = "".into()), |e| {
            matches!(e, RecordError::BadSettings(_))
        }),
        (edited(|v| v["moves"][2]["at"] = "h8".into()), |e| {
            matches!(e, RecordError::BadMove { at_move: 3, .. })
        }),
        (edited(|v| v["moves"][1]["at"] = "z99".into()), |e| {
            matches!(e, RecordError::BadMove { at_move: 2, .. })
        }),
        (edited(|v| v["moves"][1]["at"] = "p3".into()), |e| {
            matches!(e, RecordError::BadMove { at_move: 2, .. })
        }),
        (edited(|v| v["redo"][0]["at"] = "h8".into()), |e| {
            matches!(e, RecordError::BadMove { at_move: 5, .. })
        }),
    ];
    for (i, (bytes, expected)) in cases.iter().enumerate() {
        match load_save(bytes, clock()) {
            Err(e) => assert!(expected(&e), "case {i}: unexpected error {e}"),
            Ok(_) => panic!("case {i} loaded"),
        }
    }
}

#[test]
fn moves_after_a_win_are_refused_with_their_number() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, "a1 a2 b1 b2 c1 c2 d1 d2 e1");
    let mut value: serde_json::Value = serde_json::from_str(&save_to_string(&game)).unwrap();
    value["moves"].as_array_mut().unwrap().push(serde_json::json!({"at": "o15", "ms": 0}));
    let err = load_save(&serde_json::to_vec(&value).unwrap(), clock()).unwrap_err();
    assert!(
        matches!(err, RecordError::BadMove { at_move: 10, ref reason } if reason.contains("over")),
        "{err}"
    );
}

#[test]
fn a_black_forbidden_move_in_a_renju_save_is_refused() {
    let (mut game, _) = game_with(two_people(Rule::Freestyle));
    play_all(&mut game, "h8 a1 i8 a3 j9 a5 j10 a7 j8");
    let mut value: serde_json::Value = serde_json::from_str(&save_to_string(&game)).unwrap();
    value["settings"]["rule"] = "renju".into();
    let err = load_save(&serde_json::to_vec(&value).unwrap(), clock()).unwrap_err();
    assert!(
        matches!(err, RecordError::BadMove { at_move: 9, ref reason } if reason.contains("double three")),
        "{err}"
    );
}

#[test]
fn psq_round_trips_with_one_based_coordinates_and_times() {
    let game = sample_game();
    let text = export_psq(&game);
    assert!(text.starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,321\n"), "{text}");
    let back = import_psq(text.as_bytes(), game.settings().clone(), clock()).unwrap();
    assert_eq!(back.moves(), game.moves());
    let with_trailer = format!("{text}pbrain-one.exe\npbrain-two.exe\n-1\n");
    assert_eq!(
        import_psq(with_trailer.as_bytes(), Settings::default(), clock()).unwrap().step(),
        4
    );
    assert!(matches!(
        import_psq(b"Piskvorky 15x15, 11:11, 0\n16,1,0\n", Settings::default(), clock()),
        Err(RecordError::BadMove { at_move: 1, .. })
    ));
    assert!(matches!(
        import_psq(b"hello", Settings::default(), clock()),
        Err(RecordError::Malformed(_))
    ));
    let big =
        import_psq(b"Piskvorky 20x20, 11:11, 0\n20,20,5\n", Settings::default(), clock()).unwrap();
    assert_eq!(big.settings().size, 20);
}

#[test]
fn move_strings_read_with_or_without_spaces() {
    assert_eq!(parse_moves("h8i9j10", 15).unwrap(), parse_moves(" h8 i9, j10\n", 15).unwrap());
    let game = import_moves(b"h8i9j10", two_people(Rule::Freestyle), clock()).unwrap();
    assert_eq!(export_moves(&game), "h8i9j10");
    assert_eq!(game.board().stone(at("j10", 15)), Some(Color::Black));
    assert!(matches!(parse_moves("h8 ?9", 15), Err(RecordError::BadMove { at_move: 2, .. })));
    assert!(matches!(
        import_moves(b"h8 h8", Settings::default(), clock()),
        Err(RecordError::BadMove { at_move: 2, .. })
    ));
}

/// Flips, deletes, duplicates and splices bytes of real records, and feeds pure garbage.
fn mutate(rng: &mut TestRng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut bytes = seeds[rng.below(seeds.len() as u64) as usize].clone();
    let tokens: [&[u8]; 12] = [
        b"{",
        b"}",
        b"[",
        b"]",
        b"\"",
        b",",
        b":",
        b"null",
        b"-1",
        b"1e999",
        b"\"version\": 3",
        b"\xff",
    ];
    for _ in 0..=rng.below(8) {
        let len = bytes.len().max(1) as u64;
        let at = rng.below(len) as usize;
        match rng.below(6) {
            0 if !bytes.is_empty() => {
                let at = at.min(bytes.len() - 1);
                bytes[at] ^= 1 << rng.below(8);
            }
            1 if !bytes.is_empty() => {
                let end = (at + rng.below(16) as usize).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            2 => {
                let token = tokens[rng.below(tokens.len() as u64) as usize];
                let at = at.min(bytes.len());
                bytes.splice(at..at, token.iter().copied());
            }
            3 => bytes = (0..rng.below(64)).map(|_| rng.below(256) as u8).collect(),
            4 if !bytes.is_empty() => {
                let at = at.min(bytes.len() - 1);
                let piece: Vec<u8> = bytes[at..(at + 24).min(bytes.len())].to_vec();
                bytes.splice(at..at, piece);
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

#[test]
fn a_hundred_thousand_hostile_inputs_never_panic_nor_touch_the_game() {
    let seeds = vec![
        save_to_string(&sample_game()).into_bytes(),
        export_psq(&sample_game()).into_bytes(),
        b"h8i9j10k11".to_vec(),
    ];
    let current = sample_game();
    let reference = save_to_string(&current);
    let mut rng = TestRng(99);
    let mut loaded_ok = 0;
    for _ in 0..100_000 {
        let bytes = mutate(&mut rng, &seeds);
        // The loader is a pure function: the game in play can only be replaced on success.
        let slot = load_save(&bytes, clock()).ok();
        loaded_ok += usize::from(slot.is_some());
        let _ = import_psq(&bytes, Settings::default(), clock());
        let _ = import_moves(&bytes, Settings::default(), clock());
    }
    assert_eq!(save_to_string(&current), reference);
    assert!(loaded_ok < 100_000);
}

#[test]
fn a_version_2_file_loads_untimed_and_is_written_back_as_version_3() {
    let v2 = edited(|v| v["version"] = 2.into());
    let game = load_save(&v2, clock()).expect("a version 2 file loads");
    assert!(!game.settings().time_control.is_timed());
    let resaved: serde_json::Value = serde_json::from_str(&save_to_string(&game)).unwrap();
    assert_eq!(resaved["version"], 3);
    assert!(resaved["settings"].get("timeControl").is_none(), "untimed: not written");
}
