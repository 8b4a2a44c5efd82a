//! The manager side of the protocol: drives a brain process through its stdin and stdout.
//! Used by the `pbrain-match` tool and the process tests.

use std::io::{self, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::lines::Lines;

/// What went wrong talking to a brain.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ManagerError {
    /// Writing to the brain failed (it has exited or closed its input).
    #[error("cannot write to the brain: {0}")]
    Write(String),
    /// No reply within the allowed time.
    #[error("no reply within {} ms", .0.as_millis())]
    Timeout(Duration),
    /// The brain closed its output.
    #[error("the brain closed its output")]
    Closed,
}

/// A running brain.
pub struct BrainProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Output lines with the time each was read; `None` at end of output.
    lines: Receiver<Option<(String, Instant)>>,
    /// `MESSAGE` and `DEBUG` lines seen so far (informational, not replies).
    pub messages: Vec<String>,
    /// Least time between a reply and the next command: some brains print their move and
    /// only then leave their thinking state, and drop a command that arrives in between.
    pub settle: Duration,
    last_reply: Option<Instant>,
}

impl BrainProcess {
    /// Starts the brain at `path` with piped stdin and stdout (stderr inherited).
    pub fn spawn(path: &Path) -> io::Result<BrainProcess> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout pipe"))?;
        let (tx, rx) = mpsc::channel();
        // A reader thread so that waiting for a reply can time out.
        std::thread::spawn(move || {
            for line in Lines::new(BufReader::new(stdout)) {
                let Ok(line) = line else { break };
                // A brain's over-long line is kept as its head (it is only shown or rejected).
                let text = String::from_utf8_lossy(line.bytes()).into_owned();
                if tx.send(Some((text, Instant::now()))).is_err() {
                    return;
                }
            }
            let _ = tx.send(None);
        });
        Ok(BrainProcess {
            child,
            stdin,
            lines: rx,
            messages: Vec::new(),
            settle: Duration::ZERO,
            last_reply: None,
        })
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), ManagerError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| ManagerError::Write("input closed".into()))?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|e| ManagerError::Write(e.to_string()))
    }

    /// Sends bytes as they are (tests of line ends and encodings).
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<(), ManagerError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| ManagerError::Write("input closed".into()))?;
        stdin
            .write_all(bytes)
            .and_then(|_| stdin.flush())
            .map_err(|e| ManagerError::Write(e.to_string()))
    }

    /// The next reply line, skipping `MESSAGE` and `DEBUG` lines, and when it was read.
    pub fn reply(&mut self, timeout: Duration) -> Result<(String, Instant), ManagerError> {
        let deadline = Instant::now() + timeout;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(Some((line, at))) => {
                    let upper = line.trim_start().to_ascii_uppercase();
                    if upper.starts_with("MESSAGE") || upper.starts_with("DEBUG") {
                        self.messages.push(line);
                        continue;
                    }
                    return Ok((line.trim().to_string(), at));
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => return Err(ManagerError::Closed),
                Err(RecvTimeoutError::Timeout) => return Err(ManagerError::Timeout(timeout)),
            }
        }
    }

    /// Sends a command and waits for its reply; also returns the latency from just before
    /// the write to the moment the reply was read.
    pub fn command(
        &mut self,
        line: &str,
        timeout: Duration,
    ) -> Result<(String, Duration), ManagerError> {
        if let Some(last) = self.last_reply {
            let ready = last + self.settle;
            let now = Instant::now();
            if ready > now {
                std::thread::sleep(ready - now);
            }
        }
        let sent = Instant::now();
        self.send(line)?;
        let (reply, at) = self.reply(timeout)?;
        self.last_reply = Some(at);
        Ok((reply, at.saturating_duration_since(sent)))
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends `END`, waits up to `grace` for the process to exit, kills it otherwise.
    /// Returns whether it exited on its own.
    pub fn quit(mut self, grace: Duration) -> bool {
        let _ = self.send("END");
        self.close_input(grace)
    }

    /// Closes the brain's input without `END` (a manager that went away), waits up to
    /// `grace` for the process to exit, kills it otherwise. Returns whether it exited.
    pub fn close_input(mut self, grace: Duration) -> bool {
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }
}

impl Drop for BrainProcess {
    fn drop(&mut self) {
        // Never leave a brain running behind us.
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
