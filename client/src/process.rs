//! A Gomocup engine as a child process, never trusted: every read has a deadline, lines and the
//! output of one exchange have size limits, and the process is killed when dropped. On Linux it
//! is started through `setpriv --pdeathsig KILL` so the kernel ends it if the app itself dies.

use super::ExternalError;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::Instant;

/// The longest line an engine may send (a MESSAGE with a long PV fits many times over).
pub const MAX_LINE: usize = 64 * 1024;
/// The most output one exchange (one command and its answer) may produce.
pub const MAX_EXCHANGE: usize = 4 * 1024 * 1024;

/// A line from the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// `MESSAGE …`: something to show (search progress).
    Message(String),
    /// Any other line: an answer.
    Answer(String),
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// Bytes read since the last command.
    exchanged: usize,
    /// What the engine is, for messages.
    pub label: String,
}

impl EngineProcess {
    /// Starts `path` with `args` (inside a tokio runtime).
    ///
    /// # Errors
    /// [`ExternalError::Spawn`] when it cannot be started.
    pub fn spawn(path: &Path, args: &[String]) -> Result<EngineProcess, ExternalError> {
        let mut command = guarded_command(path);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| ExternalError::Spawn(e.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(ExternalError::Spawn("no pipes to the engine".into()));
        };
        let label =
            path.file_name().map_or_else(|| "engine".into(), |n| n.to_string_lossy().into());
        Ok(EngineProcess { child, stdin, stdout: BufReader::new(stdout), exchanged: 0, label })
    }

    /// The operating system's id of the engine process (for tests).
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// Sends one line and starts a new exchange (its output is counted afresh).
    ///
    /// # Errors
    /// [`ExternalError::Crashed`] when the engine no longer reads.
    pub async fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        self.exchanged = 0;
        let write = async {
            self.stdin.write_all(line.as_bytes()).await?;
            self.stdin.write_all(b"\n").await?;
            self.stdin.flush().await
        };
        match tokio::time::timeout(Duration::from_secs(2), write).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(self.crashed().await),
            Err(_) => Err(ExternalError::Timeout("accepting input".into())),
        }
    }

    /// The next line before `deadline`.
    ///
    /// # Errors
    /// A timeout, a crash (end of output), a line over [`MAX_LINE`] or an exchange over
    /// [`MAX_EXCHANGE`].
    pub async fn read_line(
        &mut self,
        deadline: Instant,
        what: &str,
    ) -> Result<Line, ExternalError> {
        let mut bytes = Vec::new();
        loop {
            let buffer = match tokio::time::timeout_at(deadline, self.stdout.fill_buf()).await {
                Err(_) => return Err(ExternalError::Timeout(what.into())),
                Ok(Err(_)) => return Err(self.crashed().await),
                Ok(Ok(buffer)) => buffer,
            };
            if buffer.is_empty() {
                return Err(self.crashed().await);
            }
            let (taken, done) = match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => (end + 1, true),
                None => (buffer.len(), false),
            };
            bytes.extend_from_slice(&buffer[..taken]);
            self.stdout.consume(taken);
            self.exchanged += taken;
            if bytes.len() > MAX_LINE {
                return Err(ExternalError::Flood(format!("a line longer than {MAX_LINE} bytes")));
            }
            if self.exchanged > MAX_EXCHANGE {
                return Err(ExternalError::Flood(format!(
                    "more than {MAX_EXCHANGE} bytes of output"
                )));
            }
            if done {
                return Ok(classify(&bytes));
            }
        }
    }

    /// Reads until an answer (MESSAGE lines go to `on_message`).
    ///
    /// # Errors
    /// As [`EngineProcess::read_line`].
    pub async fn answer(
        &mut self,
        deadline: Instant,
        what: &str,
        on_message: &mut dyn FnMut(&str),
    ) -> Result<String, ExternalError> {
        loop {
            match self.read_line(deadline, what).await? {
                Line::Message(text) => on_message(&text),
                Line::Answer(text) if text.is_empty() || is_chatter(&text) => {}
                Line::Answer(text) => return Ok(text),
            }
        }
    }

    /// Asks the engine to end (`END`), then kills it if it is still there after `grace`.
    pub async fn shut_down(mut self, grace: Duration) {
        let _ = tokio::time::timeout(Duration::from_millis(200), async {
            let _ = self.stdin.write_all(b"END\n").await;
            let _ = self.stdin.flush().await;
        })
        .await;
        if tokio::time::timeout(grace, self.child.wait()).await.is_err() {
            let _ = self.child.kill().await;
        }
    }

    /// The engine's exit, as an error (waiting a moment for its status).
    async fn crashed(&mut self) -> ExternalError {
        let status = tokio::time::timeout(Duration::from_millis(300), self.child.wait()).await;
        let how = match status {
            Ok(Ok(status)) => status.to_string(),
            _ => "stopped answering".into(),
        };
        ExternalError::Crashed(how)
    }
}

/// A line as text (lossy), without its line ending, sorted into MESSAGE or answer.
fn classify(bytes: &[u8]) -> Line {
    let text = String::from_utf8_lossy(bytes).trim().to_string();
    match text.strip_prefix("MESSAGE") {
        Some(rest) => Line::Message(rest.trim().to_string()),
        None => Line::Answer(text),
    }
}

/// Lines an engine may print besides answers: debug output and Yixin-style extras.
fn is_chatter(text: &str) -> bool {
    let word = text.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
    matches!(word.as_str(), "DEBUG" | "UNKNOWN" | "FORBID" | "SUGGEST")
}

/// The command that starts an engine: on Linux under `setpriv --pdeathsig KILL` when available,
/// so the engine dies with the app even if the app is killed; elsewhere the engine itself.
fn guarded_command(path: &Path) -> Command {
    #[cfg(target_os = "linux")]
    {
        let setpriv = std::path::PathBuf::from("/usr/bin/setpriv");
        if setpriv.exists() {
            let mut command = Command::new(setpriv);
            command.arg("--pdeathsig").arg("KILL").arg("--").arg(path);
            return command;
        }
    }
    Command::new(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_sorted_into_messages_and_answers() {
        assert_eq!(classify(b"MESSAGE depth 3 ev 12\r\n"), Line::Message("depth 3 ev 12".into()));
        assert_eq!(classify(b"7,7\n"), Line::Answer("7,7".into()));
        assert_eq!(classify(&[0xff, b'O', b'K', b'\n']), Line::Answer("\u{fffd}OK".into()));
        assert!(is_chatter("DEBUG something") && is_chatter("unknown x"));
        assert!(!is_chatter("OK") && !is_chatter("7,7"));
    }
}
