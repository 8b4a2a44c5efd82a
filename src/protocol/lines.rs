//! Splitting a byte stream into protocol lines.
//!
//! Managers differ in line ends (Piskvork on Windows sends CRLF, others LF, old Mac tools
//! CR), so any run of `\r` and `\n` ends a line and empty lines vanish. Lines stay bytes:
//! deciding what to do with text that is not UTF-8 is the brain's job, not the reader's.

use std::io::{self, BufRead};

/// Longest line kept, in bytes. The longest real command is far shorter; the cap only
/// keeps a stream without line ends from growing memory without bound.
pub const MAX_LINE: usize = 4096;

/// One input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Text(Vec<u8>),
    /// Longer than [`MAX_LINE`]: its first bytes and its whole length. A reader must not
    /// act on the head as if it were the line (the rest could change its meaning).
    TooLong {
        head: Vec<u8>,
        len: usize,
    },
}

impl Line {
    /// The line's bytes (only the head of a line that was too long).
    pub fn bytes(&self) -> &[u8] {
        match self {
            Line::Text(b) => b,
            Line::TooLong { head, .. } => head,
        }
    }
}

/// Iterator over the non-empty lines of a reader, split on `\r` or `\n`.
pub struct Lines<R> {
    inner: R,
    buf: Vec<u8>,
    /// Length of the current line, counting the bytes not kept.
    len: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(inner: R) -> Lines<R> {
        Lines {
            inner,
            buf: Vec::new(),
            len: 0,
        }
    }

    /// Appends to the current line, dropping whatever goes past [`MAX_LINE`].
    fn keep(&mut self, bytes: &[u8]) {
        let room = MAX_LINE.saturating_sub(self.buf.len());
        self.buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.len = self.len.saturating_add(bytes.len());
    }

    /// The line gathered so far, if any, and a fresh start.
    fn take(&mut self) -> Option<Line> {
        let len = std::mem::take(&mut self.len);
        let bytes = std::mem::take(&mut self.buf);
        if len > MAX_LINE {
            Some(Line::TooLong { head: bytes, len })
        } else {
            (!bytes.is_empty()).then_some(Line::Text(bytes))
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if available.is_empty() {
                // End of input: a last line without a line end still counts.
                return self.take().map(Ok);
            }
            match available.iter().position(|&b| b == b'\r' || b == b'\n') {
                Some(i) => {
                    let head = available[..i].to_vec();
                    self.inner.consume(i + 1);
                    self.keep(&head);
                    if let Some(line) = self.take() {
                        return Some(Ok(line));
                    }
                }
                None => {
                    let all = available.to_vec();
                    self.inner.consume(all.len());
                    self.keep(&all);
                }
            }
        }
    }
}

/// Does this line ask a thinking brain to stop at once (`END`, `STOP`, `YXSTOP`)? The
/// binary's reader thread checks every line with it while the main thread may be thinking.
pub fn is_interrupt(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    t.eq_ignore_ascii_case(b"END")
        || t.eq_ignore_ascii_case(b"STOP")
        || t.eq_ignore_ascii_case(b"YXSTOP")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(bytes: &[u8]) -> Vec<Vec<u8>> {
        Lines::new(bytes)
            .map(|l| match l.unwrap() {
                Line::Text(b) => b,
                Line::TooLong { .. } => b"<too long>".to_vec(),
            })
            .collect()
    }

    #[test]
    fn any_line_end_and_no_empty_lines() {
        let lines = split(b"START 15\r\nINFO a 1\nBEGIN\rTURN 7,7\n\n\r\n\rEND");
        let want: Vec<&[u8]> = vec![b"START 15", b"INFO a 1", b"BEGIN", b"TURN 7,7", b"END"];
        assert_eq!(lines, want);
        assert!(split(b"").is_empty());
        assert!(split(b"\r\n\r\n").is_empty());
    }

    #[test]
    fn small_reads_and_long_lines() {
        // A reader that hands out one byte at a time still yields whole lines.
        let data = b"ABOUT\r\nRESTART\n".to_vec();
        let slow = io::BufReader::with_capacity(1, &data[..]);
        let lines: Vec<Vec<u8>> = Lines::new(slow)
            .map(|l| l.unwrap().bytes().to_vec())
            .collect();
        assert_eq!(lines, vec![b"ABOUT".to_vec(), b"RESTART".to_vec()]);
        let mut long = vec![b'x'; MAX_LINE * 3];
        long.extend_from_slice(b"\nEND\n");
        let lines: Vec<Line> = Lines::new(&long[..]).map(|l| l.unwrap()).collect();
        assert_eq!(lines.len(), 2);
        match &lines[0] {
            Line::TooLong { head, len } => {
                assert_eq!((head.len(), *len), (MAX_LINE, MAX_LINE * 3));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(lines[1], Line::Text(b"END".to_vec()));
        // A line of spaces past the cap is not an empty line: it is reported, so a command
        // after a megabyte of spaces gets an answer.
        let mut spaces = vec![b' '; 1 << 20];
        spaces.extend_from_slice(b"START 15\n");
        assert_eq!(split(&spaces), vec![b"<too long>".to_vec()]);
        // Exactly at the cap is still a line.
        let exact = vec![b'y'; MAX_LINE];
        assert_eq!(split(&exact), vec![exact.clone()]);
    }

    #[test]
    fn interrupts() {
        assert!(is_interrupt(b"END"));
        assert!(is_interrupt(b" yxstop "));
        assert!(is_interrupt(b"STOP"));
        assert!(!is_interrupt(b"ENDX"));
        assert!(!is_interrupt(b"TURN 1,1"));
    }
}
