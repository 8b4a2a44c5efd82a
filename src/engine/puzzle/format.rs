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
//! The `game` line's first word names the game; the rest of that line and the moves are the
//! game's own text ([`PuzzleRules`]): Gomoku moves are human coordinates (`h8`), Connect Four
//! moves 1-based column digits.

use std::fmt::Write;

use super::{Kind, Node, Puzzle, PuzzleRules, PuzzleSet, Reply, grade};

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
    /// The game's word and the rest of the line.
    game: Option<(String, String, usize)>,
    position: Option<(String, usize)>,
    kind: Option<(String, usize)>,
    difficulty: Option<(u8, usize)>,
    rating: Option<(u32, usize)>,
    tries: Option<(u32, usize)>,
    forbidden: Option<(bool, usize)>,
    solution: Option<(String, usize)>,
}

/// Reads the puzzles of game `R` from a set. Every block is checked for its syntax; every
/// puzzle of `R` as far as reading goes: the position's moves are legal, the tree's moves
/// are legal in turn and each of its leaves wins at once, the grade and rating agree with
/// the puzzle's figures. (Whether the tree wins against every defence is
/// [`super::prove`]'s job.) Blocks of other games are counted in [`PuzzleSet::others`].
pub fn parse<R: PuzzleRules>(text: &str) -> Result<PuzzleSet<R>, ParseError> {
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
                let (word, rest) = value.split_once(char::is_whitespace).unwrap_or((value, ""));
                if word.is_empty() {
                    return err(n, "`game` needs the game's name");
                }
                b.game = Some((word.to_string(), rest.trim().to_string(), n));
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
    let mut puzzles = Vec::new();
    let mut others = 0;
    for b in blocks {
        let Some((word, _, _)) = &b.game else {
            return err(b.line, format!("puzzle {} has no `game` line", b.id));
        };
        if word == R::GAME {
            puzzles.push(finish(b)?);
        } else {
            others += 1;
        }
    }
    Ok(PuzzleSet {
        version,
        puzzles,
        others,
    })
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

struct TreeReader<'a, R> {
    toks: Vec<&'a str>,
    at: usize,
    line: usize,
    game: &'a R,
}

impl<'a, R: PuzzleRules> TreeReader<'a, R> {
    fn next(&mut self) -> Option<&'a str> {
        let t = self.toks.get(self.at).copied();
        self.at += 1;
        t
    }

    fn peek(&self) -> Option<&'a str> {
        self.toks.get(self.at).copied()
    }

    fn mv(&mut self) -> Result<R::Move, ParseError> {
        match self.next() {
            Some(t) if !matches!(t, "(" | ")" | "|") => {
                self.game.parse_move(t).or_else(|e| err(self.line, e))
            }
            Some(t) => err(self.line, format!("solution: a move expected, found `{t}`")),
            None => err(self.line, "solution: ends where a move is expected"),
        }
    }

    fn node(&mut self, depth: usize) -> Result<Node<R::Move>, ParseError> {
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

fn parse_tree<R: PuzzleRules>(
    game: &R,
    text: &str,
    line: usize,
) -> Result<Node<R::Move>, ParseError> {
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

/// A block of game `R` as a puzzle.
fn finish<R: PuzzleRules>(b: Block) -> Result<Puzzle<R>, ParseError> {
    let missing = |what: &str| err(b.line, format!("puzzle {} has no `{what}` line", b.id));
    let Some((_, rest, gline)) = &b.game else {
        return missing("game");
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let game = R::parse_game(&words).or_else(|e| {
        err(
            *gline,
            format!(
                "{e} (a {} game is `{} {}`)",
                R::GAME,
                R::GAME,
                R::GAME_SYNTAX
            ),
        )
    })?;
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
    let kind_words: Vec<&str> = kind.split_whitespace().collect();
    let kind = game.parse_kind(&kind_words).or_else(|e| err(kline, e))?;
    let moves = game.parse_position(&position).or_else(|e| err(pline, e))?;
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
    R::check_position(&puzzle).or_else(|e| err(pline, format!("position: {e}")))?;
    R::check_tree(&puzzle).or_else(|e| err(sline, format!("solution: {e}")))?;
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

fn write_node<R: PuzzleRules>(game: &R, node: &Node<R::Move>, out: &mut String) {
    out.push_str(&game.move_text(node.mv));
    if node.replies.is_empty() {
        return;
    }
    out.push('(');
    for (i, r) in node.replies.iter().enumerate() {
        if i > 0 {
            out.push('|');
        }
        out.push_str(&game.move_text(r.mv));
        out.push(' ');
        write_node(game, &r.next, out);
    }
    out.push(')');
}

/// The text of one puzzle's block.
pub fn write_puzzle<R: PuzzleRules>(p: &Puzzle<R>, out: &mut String) {
    let _ = writeln!(out, "puzzle {}", p.id);
    let _ = writeln!(out, "game {} {}", R::GAME, p.game.game_text());
    let moves: Vec<String> = p.moves.iter().map(|&m| p.game.move_text(m)).collect();
    let _ = writeln!(out, "position {}", moves.join(p.game.position_separator()));
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
pub fn write_set<R: PuzzleRules>(set: &PuzzleSet<R>, header: &[String]) -> String {
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
