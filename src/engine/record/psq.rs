//! Piskvork PSQ game files.
//!
//! The format, as Piskvork writes it:
//!
//! ```text
//! Piskvorky 20x20, 11:11, 0     width x height, the two players' levels (0 = human), and
//! 10,10,0                       which player (0 or 1) moved first; then one move a line:
//! 11,10,1532                    x,y 1-based from the top-left, thinking time in ms
//! pbrain-one.exe                optionally the two players (player 0, player 1)
//! pbrain-two.exe
//! -1                            an end code
//! ```
//!
//! Reading is strict about the header and about anything that looks like a move line (starts
//! with a number and has a comma), and liberal after the moves: the first other line ends
//! them, and what follows is only searched for the two player names. Colours alternate from
//! Black. PSQ stores no rule, result, date or comments.

use std::fmt::Write as _;

use super::{Format, GameRecord, Loc, MAX_RECORD_BYTES, RecordError, RecordMove, clip};
use crate::engine::gomoku::pos::{MAX_SIZE, MIN_SIZE, Pos, Stone};
use crate::engine::gomoku::rules::Rule;

/// Reads a PSQ text, replaying the moves under `rule` (PSQ does not record the rule).
pub fn parse(text: &str, rule: Rule) -> Result<GameRecord, RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge {
            limit: MAX_RECORD_BYTES,
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(RecordError::Empty);
    }
    let mut lines = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .peekable();

    // Leading blank lines are tolerated; the first text line is the header.
    let (header_no, header) = loop {
        match lines.next() {
            Some((_, l)) if l.trim().is_empty() => continue,
            Some(x) => break x,
            None => return Err(RecordError::Empty),
        }
    };
    let (size, first_player) = parse_header(header, Loc::line(header_no))?;

    let mut record = GameRecord::new(size, rule);
    let mut locs = Vec::new();
    let mut stone = Stone::Black;
    while let Some(&(no, line)) = lines.peek() {
        let t = line.trim();
        if !looks_like_move(t) {
            break;
        }
        lines.next();
        let at = Loc::line(no);
        let (pos, time) = parse_move(t, at, size)?;
        record.moves.push(RecordMove {
            pos,
            stone,
            comment: None,
            time_ms: Some(time),
            time_left_ms: None,
        });
        locs.push(at);
        stone = stone.opponent();
    }

    // The end section: Piskvork writes player 0's and player 1's names, then an end code.
    let mut names = Vec::new();
    for (_, line) in lines {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if t.parse::<i64>().is_ok() {
            break;
        }
        names.push(t);
    }
    if let [p0, p1] = names.as_slice() {
        let (b, w) = if first_player == 0 {
            (p0, p1)
        } else {
            (p1, p0)
        };
        record.black = b.to_string();
        record.white = w.to_string();
    }

    record.replay(&[], &locs)?;
    Ok(record)
}

/// A move line starts with a number (or a sign) and has a comma; anything else ends the moves.
fn looks_like_move(t: &str) -> bool {
    t.contains(',')
        && t.bytes()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == b'-' || c == b'+')
}

/// A decimal integer of at most 10 digits with an optional sign.
fn int(s: &str) -> Option<i64> {
    let s = s.trim();
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || digits.len() > 10 || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `Piskvorky WxH, A:B, F`: returns the side and which player moved first.
fn parse_header(line: &str, at: Loc) -> Result<(usize, u8), RecordError> {
    let bad = |problem: String| RecordError::PsqHeader { at, problem };
    let form = || {
        bad(format!(
            "expected 'Piskvorky WxH, A:B, F' (like 'Piskvorky 15x15, 0:0, 0'), found '{}'",
            clip(line)
        ))
    };
    let rest = line
        .trim_end()
        .strip_prefix("Piskvorky ")
        .ok_or_else(form)?;
    let parts: Vec<&str> = rest.split(',').collect();
    let [dims, levels, first] = parts.as_slice() else {
        return Err(form());
    };
    let (w, h) = dims.trim().split_once('x').ok_or_else(form)?;
    let (w, h) = (int(w).ok_or_else(form)?, int(h).ok_or_else(form)?);
    let (l0, l1) = levels.trim().split_once(':').ok_or_else(form)?;
    let (l0, l1) = (int(l0).ok_or_else(form)?, int(l1).ok_or_else(form)?);
    if l0 < 0 || l1 < 0 {
        return Err(form());
    }
    let first = match first.trim() {
        "0" => 0,
        "1" => 1,
        _ => return Err(form()),
    };
    if w != h {
        return Err(bad(format!(
            "board {w}x{h} is not square; only square boards are supported"
        )));
    }
    if !(MIN_SIZE as i64..=MAX_SIZE as i64).contains(&w) {
        return Err(bad(format!(
            "board size {w} is not supported (use {MIN_SIZE} to {MAX_SIZE})"
        )));
    }
    Ok((w as usize, first))
}

/// `x,y,time` with 1-based coordinates.
fn parse_move(t: &str, at: Loc, size: usize) -> Result<(Pos, u32), RecordError> {
    let bad = |problem| RecordError::PsqMove {
        at,
        text: clip(t),
        problem,
    };
    let parts: Vec<&str> = t.split(',').collect();
    let [x, y, time] = parts.as_slice() else {
        return Err(bad("is not a move line 'x,y,time'"));
    };
    let (Some(x), Some(y), Some(time)) = (int(x), int(y), int(time)) else {
        return Err(bad("is not a move line 'x,y,time' of whole numbers"));
    };
    if x < 1 || y < 1 || x > size as i64 || y > size as i64 {
        return Err(RecordError::PsqOffBoard { at, x, y, size });
    }
    let time = u32::try_from(time).map_err(|_| bad("has a time that is negative or too large"))?;
    Ok((Pos::new((x - 1) as u8, (y - 1) as u8), time))
}

/// A name that reads back as itself from the end section.
fn writable_name(name: &str) -> bool {
    !name.is_empty()
        && name.trim() == name
        && !name.contains(['\n', '\r'])
        && !looks_like_move(name)
        && name.parse::<i64>().is_err()
}

/// Writes `record` as PSQ after checking that it replays.
///
/// Setup stones become the first moves, Black and White alternating, as Piskvork stores
/// openings; that needs as many black stones as white (or one more) and must replay as
/// moves. Player names are written when both fit on a line of their own.
pub fn write(record: &GameRecord) -> Result<String, RecordError> {
    record.to_game()?;
    let unrepresentable = |problem: String| RecordError::Unrepresentable {
        format: Format::Psq,
        problem,
    };

    let mut seq: Vec<RecordMove> = Vec::with_capacity(record.setup.len() + record.moves.len());
    if !record.setup.is_empty() {
        let blacks: Vec<Pos> = record
            .setup
            .iter()
            .filter(|s| s.1 == Stone::Black)
            .map(|s| s.0)
            .collect();
        let whites: Vec<Pos> = record
            .setup
            .iter()
            .filter(|s| s.1 == Stone::White)
            .map(|s| s.0)
            .collect();
        if blacks.len() != whites.len() && blacks.len() != whites.len() + 1 {
            return Err(unrepresentable(format!(
                "its {} black and {} white setup stones cannot be written as alternating moves",
                blacks.len(),
                whites.len()
            )));
        }
        for (i, &b) in blacks.iter().enumerate() {
            seq.push(RecordMove::new(b, Stone::Black));
            if let Some(&w) = whites.get(i) {
                seq.push(RecordMove::new(w, Stone::White));
            }
        }
    }
    seq.extend(record.moves.iter().cloned());
    let as_moves = GameRecord {
        setup: Vec::new(),
        moves: seq,
        ..GameRecord::new(record.size, record.rule)
    };
    if !record.setup.is_empty() {
        as_moves.to_game().map_err(|e| {
            unrepresentable(format!(
                "its setup stones do not replay as alternating moves ({e})"
            ))
        })?;
    }

    let n = record.size;
    let mut out = format!("Piskvorky {n}x{n}, 0:0, 0\n");
    for m in &as_moves.moves {
        let _ = writeln!(
            out,
            "{},{},{}",
            m.pos.x as usize + 1,
            m.pos.y as usize + 1,
            m.time_ms.unwrap_or(0)
        );
    }
    if writable_name(&record.black) && writable_name(&record.white) {
        let _ = writeln!(out, "{}\n{}", record.black, record.white);
    }
    out.push_str("-1\n");
    Ok(out)
}
