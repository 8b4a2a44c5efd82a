//! The engine as a Gomocup (Piskvork protocol) brain: commands on stdin, replies on stdout.
//! The protocol itself lives in `gomoku::protocol`; this is only the I/O loop.

use std::io::{self, Write};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::Instant;

use gomoku::protocol::lines::{Line, Lines, is_interrupt};
use gomoku::protocol::{Brain, Control};

fn main() {
    let mut brain = Brain::new();
    let interrupts = brain.interrupt_handle();
    let (tx, rx) = mpsc::channel::<(Line, Instant)>();
    // Input is read on its own thread so that END, STOP and YXSTOP reach a running search
    // at once; the lines themselves are still handled in order by the main thread.
    std::thread::spawn(move || {
        for line in Lines::new(io::stdin().lock()) {
            let Ok(line) = line else { break };
            if matches!(&line, Line::Text(bytes) if is_interrupt(bytes)) {
                interrupts.fetch_add(1, Ordering::AcqRel);
            }
            if tx.send((line, Instant::now())).is_err() {
                break;
            }
        }
        // Input closed: the manager is gone, so a running search stops now, as on END (the
        // main loop then ends once the queue is empty).
        interrupts.fetch_add(1, Ordering::AcqRel);
    });
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // Ends at END, or when input closes (the manager is gone).
    for (line, received) in rx {
        let control = match line {
            Line::Text(bytes) => brain.handle_bytes(&bytes, received, &mut out),
            Line::TooLong { head, len } => brain.handle_too_long(&head, len, &mut out),
        };
        if out.flush().is_err() || control == Control::Exit {
            break;
        }
    }
}
