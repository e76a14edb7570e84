//! The `pbrain` protocol: any lines, fed to a session, get replies of one line each and never
//! a panic. Searches are kept tiny (the limits and a 1 MiB hash are set first and lines that
//! would raise them are dropped), so the fuzzer spends its time on the parser and the session's
//! bookkeeping.
#![no_main]

use gomoku::protocol::{Flow, Session};
use libfuzzer_sys::fuzz_target;
use std::sync::atomic::AtomicBool;

/// INFO keys whose values could make a search long; the line parser target covers their text.
const SLOW_KEYS: [&str; 6] =
    ["timeout_turn", "timeout_match", "time_left", "max_node", "max_depth", "max_memory"];

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut session = Session::new();
    let stop = AtomicBool::new(false);
    let mut out = |line: String| {
        assert!(!line.contains('\n') && !line.contains('\r'), "a reply spans lines: {line:?}");
    };
    let setup = ["INFO max_memory 4194304", "INFO timeout_turn 1", "INFO max_node 64", "INFO max_depth 2"];
    for setup in setup {
        session.handle(setup, &stop, &mut out);
    }
    for line in text.lines() {
        let lower = line.to_ascii_lowercase();
        if lower.trim_start().starts_with("info") && SLOW_KEYS.iter().any(|k| lower.contains(k)) {
            continue;
        }
        if session.handle(line, &stop, &mut out) == Flow::Exit {
            break;
        }
    }
});
