//! The puzzle-set text format (docs/puzzles.md): a `puzzles <version>` header, then one
//! block per puzzle of `key value` lines starting with `puzzle <id>`. `#` starts a comment
//! line; blank lines are ignored.
//!
//! ```text
//! puzzles 1
//! puzzle fs-0001
//! game gomoku freestyle 15
//! position h8 h9 i9 g7 j10
//! kind vcf
//! difficulty 2
//! rating 1210
//! tries 3
//! forbidden no
//! solution k11(l12 g8(f7 ...))
//! ```
//!
//! A solution tree: `node := move [ "(" reply { "|" reply } ")" ]`, `reply := move node`.
//! Gomoku moves are human coordinates (`h8`), Connect Four moves 1-based column digits.

use std::fmt::Write;

use super::{Kind, Node, Puzzle, PuzzleGame, PuzzleMove, PuzzleSet, Reply, grade};
use crate::engine::connect4::{BoardSize, Position};
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::Pos;
use crate::engine::gomoku::rules::Rule;

/// The version this code writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// Why a puzzle-set text could not be read: the line (1-based) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError {
        line,
        message: message.into(),
    })
}

/// The fields of one block as read, before they make a puzzle.
#[derive(Default)]
struct Block {
    id: String,
    line: usize,
    game: Option<(PuzzleGame, usize)>,
    position: Option<(String, usize)>,
    kind: Option<(String, usize)>,
    difficulty: Option<(u8, usize)>,
    rating: Option<(u32, usize)>,
    tries: Option<(u32, usize)>,
    forbidden: Option<(bool, usize)>,
    solution: Option<(String, usize)>,
}

/// Reads a puzzle set. Every puzzle is checked as far as reading goes: the position's moves
/// are legal, the tree's moves are legal in turn and each of its leaves wins at once, the
/// grade and rating agree with the puzzle's figures. (Whether the tree wins against every
/// defence is [`super::prove`]'s job.)
pub fn parse(text: &str) -> Result<PuzzleSet, ParseError> {
    let mut version = None;
    let mut blocks: Vec<Block> = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let n = k + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = match line.split_once(char::is_whitespace) {
            Some((k, v)) => (k, v.trim()),
            None => (line, ""),
        };
        if version.is_none() {
            if key != "puzzles" {
                return err(n, "the file must start with `puzzles <version>`");
            }
            let v: u32 = value
                .parse()
                .or_else(|_| err(n, format!("`{value}` is not a version number")))?;
            if v != FORMAT_VERSION {
                return err(
                    n,
                    format!(
                        "version {v} is not supported (this program reads version {FORMAT_VERSION})"
                    ),
                );
            }
            version = Some(v);
            continue;
        }
        if key == "puzzle" {
            if value.is_empty() || value.contains(char::is_whitespace) {
                return err(n, "`puzzle` needs an id of one word");
            }
            if blocks.iter().any(|b| b.id == value) {
                return err(n, format!("puzzle id `{value}` is used twice"));
            }
            blocks.push(Block {
                id: value.to_string(),
                line: n,
                ..Block::default()
            });
            continue;
        }
        let Some(b) = blocks.last_mut() else {
            return err(n, format!("`{key}` before the first `puzzle` line"));
        };
        let dup = |present: bool| {
            if present {
                err(n, format!("`{key}` given twice in puzzle {}", b.id))
            } else {
                Ok(())
            }
        };
        match key {
            "game" => {
                dup(b.game.is_some())?;
                b.game = Some((parse_game(value, n)?, n));
            }
            "position" => {
                dup(b.position.is_some())?;
                b.position = Some((value.to_string(), n));
            }
            "kind" => {
                dup(b.kind.is_some())?;
                b.kind = Some((value.to_string(), n));
            }
            "difficulty" => {
                dup(b.difficulty.is_some())?;
                let d: u8 = value
                    .parse()
                    .ok()
                    .filter(|d| (1..=5).contains(d))
                    .map_or_else(|| err(n, format!("difficulty `{value}` is not 1 to 5")), Ok)?;
                b.difficulty = Some((d, n));
            }
            "rating" => {
                dup(b.rating.is_some())?;
                let r = value
                    .parse()
                    .or_else(|_| err(n, format!("rating `{value}` is not a number")))?;
                b.rating = Some((r, n));
            }
            "tries" => {
                dup(b.tries.is_some())?;
                let t = value
                    .parse()
                    .or_else(|_| err(n, format!("tries `{value}` is not a number")))?;
                b.tries = Some((t, n));
            }
            "forbidden" => {
                dup(b.forbidden.is_some())?;
                let f = match value {
                    "yes" => true,
                    "no" => false,
                    _ => return err(n, format!("forbidden must be `yes` or `no`, not `{value}`")),
                };
                b.forbidden = Some((f, n));
            }
            "solution" => {
                dup(b.solution.is_some())?;
                b.solution = Some((value.to_string(), n));
            }
            _ => return err(n, format!("unknown key `{key}`")),
        }
    }
    let Some(version) = version else {
        return err(text.lines().count().max(1), "no `puzzles <version>` header");
    };
    let puzzles = blocks
        .into_iter()
        .map(finish)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(PuzzleSet { version, puzzles })
}

fn parse_game(value: &str, n: usize) -> Result<PuzzleGame, ParseError> {
    let words: Vec<&str> = value.split_whitespace().collect();
    match words.as_slice() {
        ["gomoku", rule, size] => {
            let rule = match *rule {
                "freestyle" => Rule::Freestyle,
                "exact5" => Rule::Standard,
                "renju" => Rule::Renju,
                _ => {
                    return err(
                        n,
                        format!("rule `{rule}` is not freestyle, exact5 or renju"),
                    );
                }
            };
            let size: usize = size
                .parse()
                .ok()
                .filter(|s| {
                    (crate::engine::gomoku::MIN_SIZE..=crate::engine::gomoku::MAX_SIZE).contains(s)
                })
                .map_or_else(|| err(n, format!("board size `{size}` is not 5 to 25")), Ok)?;
            Ok(PuzzleGame::Gomoku { rule, size })
        }
        ["connect4", dims] => {
            let bad = || err(n, format!("board `{dims}` is not WIDTHxHEIGHT like 7x6"));
            let Some((w, h)) = dims.split_once('x') else {
                return bad();
            };
            let (Ok(w), Ok(h)) = (w.parse(), h.parse()) else {
                return bad();
            };
            match BoardSize::new(w, h) {
                Ok(size) => Ok(PuzzleGame::ConnectFour { size }),
                Err(e) => err(n, e.to_string()),
            }
        }
        _ => err(
            n,
            format!("game `{value}` is not `gomoku RULE SIZE` or `connect4 WxH`"),
        ),
    }
}

fn parse_move(game: &PuzzleGame, token: &str, n: usize) -> Result<PuzzleMove, ParseError> {
    match game {
        PuzzleGame::Gomoku { size, .. } => match Pos::from_human(token, *size) {
            Ok(p) => Ok(PuzzleMove::Point(p)),
            Err(e) => err(n, e.to_string()),
        },
        PuzzleGame::ConnectFour { size } => match token.parse::<usize>() {
            Ok(c) if (1..=size.width()).contains(&c) => Ok(PuzzleMove::Column(c - 1)),
            _ => err(
                n,
                format!("`{token}` is not a column 1 to {}", size.width()),
            ),
        },
    }
}

/// Splits a solution into tokens: moves, `(`, `|` and `)`.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let special = matches!(c, '(' | ')' | '|');
        if special || c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push(&text[s..i]);
            }
            if special {
                out.push(&text[i..i + 1]);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(&text[s..]);
    }
    out
}

struct TreeReader<'a> {
    toks: Vec<&'a str>,
    at: usize,
    line: usize,
    game: &'a PuzzleGame,
}

impl<'a> TreeReader<'a> {
    fn next(&mut self) -> Option<&'a str> {
        let t = self.toks.get(self.at).copied();
        self.at += 1;
        t
    }

    fn peek(&self) -> Option<&'a str> {
        self.toks.get(self.at).copied()
    }

    fn mv(&mut self) -> Result<PuzzleMove, ParseError> {
        match self.next() {
            Some(t) if !matches!(t, "(" | ")" | "|") => parse_move(self.game, t, self.line),
            Some(t) => err(self.line, format!("solution: a move expected, found `{t}`")),
            None => err(self.line, "solution: ends where a move is expected"),
        }
    }

    fn node(&mut self, depth: usize) -> Result<Node, ParseError> {
        if depth > 400 {
            return err(self.line, "solution: nested too deep");
        }
        let mv = self.mv()?;
        let mut replies = Vec::new();
        if self.peek() == Some("(") {
            self.at += 1;
            loop {
                let r = self.mv()?;
                let next = self.node(depth + 1)?;
                replies.push(Reply { mv: r, next });
                match self.next() {
                    Some("|") => continue,
                    Some(")") => break,
                    Some(t) => {
                        return err(
                            self.line,
                            format!("solution: `|` or `)` expected, found `{t}`"),
                        );
                    }
                    None => return err(self.line, "solution: a `(` is not closed"),
                }
            }
        }
        Ok(Node { mv, replies })
    }
}

fn parse_tree(game: &PuzzleGame, text: &str, line: usize) -> Result<Node, ParseError> {
    let mut r = TreeReader {
        toks: tokens(text),
        at: 0,
        line,
        game,
    };
    let node = r.node(0)?;
    if let Some(t) = r.peek() {
        return err(line, format!("solution: `{t}` after the end of the tree"));
    }
    Ok(node)
}

fn parse_kind(game: &PuzzleGame, value: &str, n: usize) -> Result<Kind, ParseError> {
    let words: Vec<&str> = value.split_whitespace().collect();
    match (game, words.as_slice()) {
        (PuzzleGame::Gomoku { .. }, ["vcf"]) => Ok(Kind::Vcf),
        (PuzzleGame::Gomoku { .. }, ["vct"]) => Ok(Kind::Vct),
        (PuzzleGame::ConnectFour { .. }, ["win", k]) => match k.parse::<u32>() {
            Ok(k) if k >= 1 => Ok(Kind::WinIn(k)),
            _ => err(
                n,
                format!("`win {k}`: the number of moves must be 1 or more"),
            ),
        },
        (PuzzleGame::Gomoku { .. }, _) => err(n, format!("kind `{value}` is not vcf or vct")),
        (PuzzleGame::ConnectFour { .. }, _) => {
            err(n, format!("kind `{value}` is not `win N` (Connect Four)"))
        }
    }
}

fn finish(b: Block) -> Result<Puzzle, ParseError> {
    let missing = |what: &str| err(b.line, format!("puzzle {} has no `{what}` line", b.id));
    let Some((game, _)) = b.game else {
        return missing("game");
    };
    let Some((position, pline)) = b.position.clone() else {
        return missing("position");
    };
    let Some((kind, kline)) = b.kind.clone() else {
        return missing("kind");
    };
    let Some((solution, sline)) = b.solution.clone() else {
        return missing("solution");
    };
    let Some((difficulty, dline)) = b.difficulty else {
        return missing("difficulty");
    };
    let Some((rating, rline)) = b.rating else {
        return missing("rating");
    };
    let (tries, _) = b.tries.unwrap_or((0, b.line));
    let (forbidden, _) = b.forbidden.unwrap_or((false, b.line));
    let kind = parse_kind(&game, &kind, kline)?;
    let moves = match game {
        PuzzleGame::Gomoku { .. } => position
            .split_whitespace()
            .map(|t| parse_move(&game, t, pline))
            .collect::<Result<Vec<_>, _>>()?,
        PuzzleGame::ConnectFour { .. } => position
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| parse_move(&game, &c.to_string(), pline))
            .collect::<Result<Vec<_>, _>>()?,
    };
    let solution = parse_tree(&game, &solution, sline)?;
    let puzzle = Puzzle {
        id: b.id.clone(),
        game,
        moves,
        kind,
        solution,
        difficulty,
        rating,
        tries,
        forbidden,
    };
    check_position(&puzzle, pline)?;
    check_tree(&puzzle, sline)?;
    let (d, r) = grade(&puzzle);
    if d != difficulty {
        return err(
            dline,
            format!("difficulty {difficulty} does not match the puzzle's figures (they give {d})"),
        );
    }
    if r != rating {
        return err(
            rline,
            format!("rating {rating} does not match the puzzle's figures (they give {r})"),
        );
    }
    Ok(puzzle)
}

fn check_position(p: &Puzzle, line: usize) -> Result<(), ParseError> {
    match &p.game {
        PuzzleGame::Gomoku { .. } => {
            let game = p
                .gomoku_game()
                .or_else(|e| err(line, format!("position: {e}")))?;
            if game.outcome().is_over() {
                return err(line, "position: the game is already over");
            }
        }
        PuzzleGame::ConnectFour { .. } => {
            p.connect4_position()
                .or_else(|e| err(line, format!("position: {e}")))?;
        }
    }
    Ok(())
}

/// Every move of the tree is legal in turn and every leaf wins at once.
fn check_tree(p: &Puzzle, line: usize) -> Result<(), ParseError> {
    fn walk_gomoku(g: &mut Game, node: &Node, line: usize) -> Result<(), ParseError> {
        let PuzzleMove::Point(m) = node.mv else {
            return err(line, "solution: a column in a Gomoku tree");
        };
        let size = g.size();
        if let Err(e) = g.play(m) {
            return err(
                line,
                format!("solution: {} cannot be played: {e}", m.to_human(size)),
            );
        }
        let over = g.outcome().is_over();
        if over != node.replies.is_empty() {
            g.undo();
            return err(
                line,
                format!(
                    "solution: {} {}",
                    m.to_human(size),
                    if over {
                        "ends the game but has replies"
                    } else {
                        "is a leaf but does not win at once"
                    }
                ),
            );
        }
        for r in &node.replies {
            let PuzzleMove::Point(d) = r.mv else {
                g.undo();
                return err(line, "solution: a column in a Gomoku tree");
            };
            if let Err(e) = g.play(d) {
                g.undo();
                return err(
                    line,
                    format!("solution: reply {} cannot be played: {e}", d.to_human(size)),
                );
            }
            let res = walk_gomoku(g, &r.next, line);
            g.undo();
            if res.is_err() {
                g.undo();
                return res;
            }
        }
        g.undo();
        Ok(())
    }
    fn walk_c4(pos: Position, node: &Node, line: usize) -> Result<(), ParseError> {
        let PuzzleMove::Column(c) = node.mv else {
            return err(line, "solution: a point in a Connect Four tree");
        };
        if !pos.can_play(c) {
            return err(line, format!("solution: column {} is full", c + 1));
        }
        let wins = pos.is_winning_move(c);
        if wins != node.replies.is_empty() {
            return err(
                line,
                format!(
                    "solution: column {} {}",
                    c + 1,
                    if wins {
                        "wins but has replies"
                    } else {
                        "is a leaf but does not win at once"
                    }
                ),
            );
        }
        let mut after = pos;
        after.play_col(c);
        for r in &node.replies {
            let PuzzleMove::Column(d) = r.mv else {
                return err(line, "solution: a point in a Connect Four tree");
            };
            if !after.can_play(d) || after.is_winning_move(d) {
                return err(
                    line,
                    format!("solution: reply in column {} is full or wins", d + 1),
                );
            }
            let mut next = after;
            next.play_col(d);
            walk_c4(next, &r.next, line)?;
        }
        Ok(())
    }
    match &p.game {
        PuzzleGame::Gomoku { .. } => {
            let mut g = p
                .gomoku_game()
                .or_else(|e| err(line, format!("position: {e}")))?;
            walk_gomoku(&mut g, &p.solution, line)
        }
        PuzzleGame::ConnectFour { .. } => {
            let pos = p
                .connect4_position()
                .or_else(|e| err(line, format!("position: {e}")))?;
            walk_c4(pos, &p.solution, line)
        }
    }
}

fn move_text(game: &PuzzleGame, m: PuzzleMove) -> String {
    match (game, m) {
        (PuzzleGame::Gomoku { size, .. }, PuzzleMove::Point(p)) => p.to_human(*size),
        (_, PuzzleMove::Column(c)) => (c + 1).to_string(),
        (_, PuzzleMove::Point(p)) => format!("{},{}", p.x, p.y),
    }
}

fn write_node(game: &PuzzleGame, node: &Node, out: &mut String) {
    out.push_str(&move_text(game, node.mv));
    if node.replies.is_empty() {
        return;
    }
    out.push('(');
    for (i, r) in node.replies.iter().enumerate() {
        if i > 0 {
            out.push('|');
        }
        out.push_str(&move_text(game, r.mv));
        out.push(' ');
        write_node(game, &r.next, out);
    }
    out.push(')');
}

/// The text of one puzzle's block.
pub fn write_puzzle(p: &Puzzle, out: &mut String) {
    let _ = writeln!(out, "puzzle {}", p.id);
    let _ = match &p.game {
        PuzzleGame::Gomoku { rule, size } => {
            let rule = match rule {
                Rule::Freestyle => "freestyle",
                Rule::Standard => "exact5",
                Rule::Renju => "renju",
            };
            writeln!(out, "game gomoku {rule} {size}")
        }
        PuzzleGame::ConnectFour { size } => {
            writeln!(out, "game connect4 {}x{}", size.width(), size.height())
        }
    };
    let sep = match p.game {
        PuzzleGame::Gomoku { .. } => " ",
        PuzzleGame::ConnectFour { .. } => "",
    };
    let moves: Vec<String> = p.moves.iter().map(|&m| move_text(&p.game, m)).collect();
    let _ = writeln!(out, "position {}", moves.join(sep));
    let _ = match p.kind {
        Kind::Vcf => writeln!(out, "kind vcf"),
        Kind::Vct => writeln!(out, "kind vct"),
        Kind::WinIn(n) => writeln!(out, "kind win {n}"),
    };
    let _ = writeln!(out, "difficulty {}", p.difficulty);
    let _ = writeln!(out, "rating {}", p.rating);
    let _ = writeln!(out, "tries {}", p.tries);
    let _ = writeln!(out, "forbidden {}", if p.forbidden { "yes" } else { "no" });
    let mut tree = String::new();
    write_node(&p.game, &p.solution, &mut tree);
    let _ = writeln!(out, "solution {tree}");
}

/// The whole set as text, with `header` lines written as comments first.
pub fn write_set(set: &PuzzleSet, header: &[String]) -> String {
    let mut out = String::new();
    for h in header {
        let _ = writeln!(out, "# {h}");
    }
    let _ = writeln!(out, "puzzles {}", set.version);
    for p in &set.puzzles {
        out.push('\n');
        write_puzzle(p, &mut out);
    }
    out
}
