//! Splitting a byte stream into protocol lines.
//!
//! Managers differ in line ends (Piskvork on Windows sends CRLF, others LF, old Mac tools
//! CR), so any run of `\r` and `\n` ends a line and empty lines vanish. Lines stay bytes:
//! deciding what to do with text that is not UTF-8 is the brain's job, not the reader's.

use std::io::{self, BufRead};

/// Longest line kept, in bytes. The longest real command is far shorter; the cap only
/// keeps a stream without line ends from growing memory without bound.
pub const MAX_LINE: usize = 4096;

/// Iterator over the non-empty lines of a reader, split on `\r` or `\n`.
pub struct Lines<R> {
    inner: R,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    pub fn new(inner: R) -> Lines<R> {
        Lines {
            inner,
            buf: Vec::new(),
        }
    }

    /// Appends to the current line, dropping whatever goes past [`MAX_LINE`].
    fn keep(&mut self, bytes: &[u8]) {
        let room = MAX_LINE.saturating_sub(self.buf.len());
        self.buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Vec<u8>>;

    fn next(&mut self) -> Option<io::Result<Vec<u8>>> {
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if available.is_empty() {
                // End of input: a last line without a line end still counts.
                return (!self.buf.is_empty()).then(|| Ok(std::mem::take(&mut self.buf)));
            }
            match available.iter().position(|&b| b == b'\r' || b == b'\n') {
                Some(i) => {
                    let head = available[..i].to_vec();
                    self.inner.consume(i + 1);
                    self.keep(&head);
                    if !self.buf.is_empty() {
                        return Some(Ok(std::mem::take(&mut self.buf)));
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
        Lines::new(bytes).map(|l| l.unwrap()).collect()
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
        let lines: Vec<Vec<u8>> = Lines::new(slow).map(|l| l.unwrap()).collect();
        assert_eq!(lines, vec![b"ABOUT".to_vec(), b"RESTART".to_vec()]);
        let mut long = vec![b'x'; MAX_LINE * 3];
        long.extend_from_slice(b"\nEND\n");
        let lines = split(&long);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], b"END");
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
