//! `connect4-solve`: scores per line, errors for malformed lines without stopping, exit 0.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> (String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_connect4-solve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start connect4-solve");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait for connect4-solve");
    (
        String::from_utf8(out.stdout).expect("utf-8 output"),
        out.status.success(),
    )
}

#[test]
fn scores_and_errors_line_by_line() {
    let input = "4455\n44455554221\n12a4\n448\n3333333\n1122334\n5554224333234511764415115\r\n";
    let (out, ok) = run(&[], input);
    assert!(ok, "exit status");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert_eq!(lines[0], "4455 18");
    assert_eq!(lines[1], "44455554221 -15");
    assert!(
        lines[2].starts_with("12a4 ERROR ") && lines[2].contains("move 3"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("448 ERROR ") && lines[3].contains("out of range"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].starts_with("3333333 ERROR ") && lines[4].contains("full"),
        "{}",
        lines[4]
    );
    assert!(
        lines[5].starts_with("1122334 ERROR ") && lines[5].contains("four"),
        "{}",
        lines[5]
    );
    // Test_L2_R1 line 1; the CR of a CRLF line is ignored.
    assert_eq!(lines[6], "5554224333234511764415115 4");
}

#[test]
fn weak_mode_prints_signs() {
    let (out, ok) = run(&["--weak"], "4455\n44455554221\nx\n");
    assert!(ok);
    assert_eq!(
        out.lines().collect::<Vec<_>>()[..2],
        ["4455 1", "44455554221 -1"]
    );
    assert!(out.lines().nth(2).is_some_and(|l| l.starts_with("x ERROR")));
}

#[test]
fn seven_by_seven() {
    // Column 1 takes seven stones on 7x7 and the eighth is an error; on 7x6 the seventh is.
    let input = "1212121\n11111111\n445566\n";
    let (out, ok) = run(&["--width", "7", "--height", "7"], input);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("1212121 ERROR") && lines[0].contains("four"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("11111111 ERROR") && lines[1].contains("move 8"),
        "{out}"
    );
    // A win with the 4th stone when 6 are down: (49 + 1 - 6) / 2.
    assert_eq!(lines[2], "445566 22");
    let (out, _) = run(&[], "1111111\n");
    assert!(
        out.starts_with("1111111 ERROR") && out.contains("move 7"),
        "{out}"
    );
}

#[test]
fn bad_options_fail_with_usage() {
    let (_, ok) = run(&["--width", "12"], "");
    assert!(!ok);
    let (_, ok) = run(&["--bogus"], "");
    assert!(!ok);
}
