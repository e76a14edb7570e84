//! The protocol over this process's stdin and stdout: what `pbrain-gomoku` runs.
//!
//! A reader thread takes lines from stdin; `YXSTOP` and `END` also raise the stop flag at once so
//! a running search ends within milliseconds. The session handles the lines in order.

use super::{Flow, Session};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

/// Serves one Gomocup session on stdin/stdout until `END` or the end of input.
pub fn serve_stdio() {
    let stop = Arc::new(AtomicBool::new(false));
    let (lines, receiver) = mpsc::channel::<String>();
    let reader_stop = Arc::clone(&stop);
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            let word = line.trim().to_ascii_uppercase();
            if word == "YXSTOP" || word == "END" {
                reader_stop.store(true, Ordering::SeqCst);
            }
            if lines.send(line).is_err() {
                break;
            }
        }
        let _ = lines.send("END".to_string());
    });
    let mut session = Session::new();
    let stdout = std::io::stdout();
    for line in receiver {
        let is_stop = line.trim().eq_ignore_ascii_case("YXSTOP");
        let mut out = |reply: String| {
            let mut lock = stdout.lock();
            let _ = writeln!(lock, "{reply}");
            let _ = lock.flush();
        };
        if session.handle(&line, &stop, &mut out) == Flow::Exit {
            break;
        }
        if is_stop {
            stop.store(false, Ordering::SeqCst);
        }
    }
}
