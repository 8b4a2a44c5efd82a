//! The manager side of the protocol at the level of lines: starts a brain process and talks
//! to it through its stdin and stdout, with time limits. [`super::client`] builds the moves,
//! the checks and the faults on top of it.

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
    /// The last [`MESSAGES_KEPT`] `MESSAGE` and `DEBUG` lines (informational, not replies):
    /// a chatty brain must not grow memory without bound.
    pub messages: Vec<String>,
    /// Every line read so far, replies and messages.
    pub lines_read: u64,
    /// Least time between a reply and the next command: some brains print their move and
    /// only then leave their thinking state, and drop a command that arrives in between.
    pub settle: Duration,
    last_reply: Option<Instant>,
}

/// How many `MESSAGE`/`DEBUG` lines [`BrainProcess::messages`] keeps.
pub const MESSAGES_KEPT: usize = 256;

/// Lines read ahead of the manager: past this the reader thread waits, and so does a brain
/// that floods its output (it cannot fill memory).
const LINES_BUFFERED: usize = 1024;

/// One line from the brain and when it was read.
pub type Timed = (String, Instant);

impl BrainProcess {
    /// Starts the brain at `path` with piped stdin and stdout (stderr inherited).
    pub fn spawn(path: &Path) -> io::Result<BrainProcess> {
        BrainProcess::spawn_at(path, None)
    }

    /// Starts the brain at `path`; with `nice`, at that lower priority (on Unix), so that a
    /// brain thinking on every core leaves the interface responsive. Its working folder is
    /// the executable's own, where engines look for their weights and config files.
    pub fn spawn_at(path: &Path, nice: Option<i32>) -> io::Result<BrainProcess> {
        // Absolute, so that changing the working folder cannot change which file runs.
        let path = if path.is_relative() && path.components().count() > 1 {
            std::env::current_dir()?.join(path)
        } else {
            path.to_path_buf()
        };
        let mut command = Command::new(&path);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            command.current_dir(dir);
        }
        #[cfg(unix)]
        if let Some(nice) = nice {
            use std::os::unix::process::CommandExt;
            // SAFETY: setpriority is async-signal-safe and touches no memory of ours; it runs
            // in the child between fork and exec, so every thread the brain starts inherits it.
            unsafe {
                command.pre_exec(move || {
                    libc::setpriority(libc::PRIO_PROCESS, 0, nice);
                    Ok(())
                });
            }
        }
        #[cfg(not(unix))]
        let _ = nice;
        // A brain file just written (an engine copied in, a test's script) is "busy" while a
        // process forked elsewhere before its writer closed it still holds it: try again for
        // up to half a second.
        #[cfg(unix)]
        const BUSY: i32 = libc::ETXTBSY;
        #[cfg(not(unix))]
        const BUSY: i32 = i32::MIN;
        let mut tries = 0;
        let mut child = loop {
            match command.spawn() {
                Err(e) if e.raw_os_error() == Some(BUSY) && tries < 50 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(10));
                }
                spawned => break spawned?,
            }
        };
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout pipe"))?;
        let (tx, rx) = mpsc::sync_channel(LINES_BUFFERED);
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
            lines_read: 0,
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

    /// The next line of any kind, trimmed, within `timeout`. `MESSAGE` and `DEBUG` lines are
    /// also kept in [`BrainProcess::messages`].
    pub fn next_line(&mut self, timeout: Duration) -> Result<Timed, ManagerError> {
        match self.lines.recv_timeout(timeout) {
            Ok(Some((line, at))) => {
                self.lines_read += 1;
                let line = line.trim().to_string();
                if is_message(&line) {
                    if self.messages.len() >= 2 * MESSAGES_KEPT {
                        self.messages.drain(..MESSAGES_KEPT);
                    }
                    self.messages.push(line.clone());
                }
                Ok((line, at))
            }
            Ok(None) | Err(RecvTimeoutError::Disconnected) => Err(ManagerError::Closed),
            Err(RecvTimeoutError::Timeout) => Err(ManagerError::Timeout(timeout)),
        }
    }

    /// The next line of any kind read by `deadline`, waiting at most `most` for it:
    /// `Ok(None)` when that wait ends with the deadline still ahead, `Timeout` once it has
    /// passed with no line read in time. A line counts by when it was read, not by when
    /// this call looks at it: a manager thread starved of the CPU on a busy machine must not
    /// fault a brain that answered in time.
    pub fn line_by(
        &mut self,
        deadline: Instant,
        most: Duration,
    ) -> Result<Option<Timed>, ManagerError> {
        let now = Instant::now();
        let late = ManagerError::Timeout(Duration::ZERO);
        match self.next_line(most.min(deadline.saturating_duration_since(now))) {
            Ok((_, at)) if at > deadline => Err(late),
            Ok(line) => Ok(Some(line)),
            Err(ManagerError::Timeout(_)) if now >= deadline => Err(late),
            Err(ManagerError::Timeout(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The next reply line, skipping `MESSAGE` and `DEBUG` lines, and when it was read.
    pub fn reply(&mut self, timeout: Duration) -> Result<Timed, ManagerError> {
        let deadline = Instant::now() + timeout;
        loop {
            // Checked on every line: a brain that keeps printing messages must not hold
            // the wait open past its deadline.
            match self.line_by(deadline, timeout) {
                Ok(Some((line, _))) if is_message(&line) => continue,
                Ok(Some(line)) => return Ok(line),
                Ok(None) => continue,
                Err(ManagerError::Timeout(_)) => return Err(ManagerError::Timeout(timeout)),
                Err(e) => return Err(e),
            }
        }
    }

    /// Reads and drops every line already waiting (stray answers to `INFO` lines, a reply
    /// that came after its wait ended): nothing read before a command can be its answer.
    /// Returns how many non-message lines were dropped.
    pub fn drain_pending(&mut self) -> usize {
        let mut dropped = 0;
        while let Ok((line, _)) = self.next_line(Duration::ZERO) {
            if !is_message(&line) {
                dropped += 1;
            }
            if dropped > LINES_BUFFERED {
                break;
            }
        }
        dropped
    }

    /// Waits the settle time since the last reply (see [`BrainProcess::settle`]).
    pub fn wait_settled(&self) {
        if let Some(last) = self.last_reply {
            let ready = last + self.settle;
            let now = Instant::now();
            if ready > now {
                std::thread::sleep(ready - now);
            }
        }
    }

    /// Notes that a reply was read at `at` (the settle time counts from it).
    pub fn replied_at(&mut self, at: Instant) {
        self.last_reply = Some(at);
    }

    /// Sends a command and waits for its reply; also returns the latency from just before
    /// the write to the moment the reply was read.
    pub fn command(
        &mut self,
        line: &str,
        timeout: Duration,
    ) -> Result<(String, Duration), ManagerError> {
        self.wait_settled();
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

/// A `MESSAGE`, `DEBUG` or `INFO` line: information, never a reply.
pub fn is_message(line: &str) -> bool {
    let head = line.trim_start().as_bytes();
    let starts =
        |word: &[u8]| head.len() >= word.len() && head[..word.len()].eq_ignore_ascii_case(word);
    // INFO: Yixin Board's detail lines (`INFO show_detail`), which Rapfi prints while it
    // thinks; never a reply.
    starts(b"MESSAGE") || starts(b"DEBUG") || starts(b"INFO ")
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
