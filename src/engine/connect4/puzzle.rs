//! Connect Four "win in N" puzzles, its side of the shared puzzle core ([`PuzzleRules`] for
//! [`BoardSize`]; a move is a 0-based column, written 1-based): found and built with the
//! exact solver; the tree's proof needs only the position's move rules (every defence not
//! in the tree allows a win at once), the uniqueness the solver.
//!
//! *Unique*: the first move is the only winning column at all (exact solver), and it wins
//! in exactly N moves of the winner.

use crate::engine::connect4::solver::win_now_score;
use crate::engine::connect4::{BoardSize, Position, Solver};
use crate::engine::puzzle::{
    Kind, Node, ProofError, Puzzle, PuzzleRules, Refutation, Reply, TryResult, grade, hint_window,
    log2_steps,
};

/// A Connect Four puzzle.
pub type Connect4Puzzle = Puzzle<BoardSize>;

impl PuzzleRules for BoardSize {
    const GAME: &'static str = "connect4";
    const GAME_SYNTAX: &'static str = "WIDTHxHEIGHT";
    type Move = usize;

    fn parse_game(words: &[&str]) -> Result<BoardSize, String> {
        let bad = || format!("board `{}` is not WIDTHxHEIGHT like 7x6", words.join(" "));
        let [dims] = words else {
            return Err(bad());
        };
        let Some((w, h)) = dims.split_once('x') else {
            return Err(bad());
        };
        let (Ok(w), Ok(h)) = (w.parse(), h.parse()) else {
            return Err(bad());
        };
        BoardSize::new(w, h).map_err(|e| e.to_string())
    }

    fn game_text(&self) -> String {
        format!("{}x{}", self.width(), self.height())
    }

    fn parse_move(&self, token: &str) -> Result<usize, String> {
        match token.parse::<usize>() {
            Ok(c) if (1..=self.width()).contains(&c) => Ok(c - 1),
            _ => Err(format!("`{token}` is not a column 1 to {}", self.width())),
        }
    }

    fn move_text(&self, c: usize) -> String {
        (c + 1).to_string()
    }

    /// The columns as one word of digits (`4453`).
    fn parse_position(&self, text: &str) -> Result<Vec<usize>, String> {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| self.parse_move(&c.to_string()))
            .collect()
    }

    fn position_separator(&self) -> &'static str {
        ""
    }

    fn parse_kind(&self, words: &[&str]) -> Result<Kind, String> {
        match words {
            ["win", k] => match k.parse::<u32>() {
                Ok(k) if k >= 1 => Ok(Kind::WinIn(k)),
                _ => Err(format!("`win {k}`: the number of moves must be 1 or more")),
            },
            _ => Err(format!(
                "kind `{}` is not `win N` (Connect Four)",
                words.join(" ")
            )),
        }
    }

    fn check_position(puzzle: &Connect4Puzzle) -> Result<(), String> {
        puzzle
            .connect4_position()
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn check_tree(puzzle: &Connect4Puzzle) -> Result<(), String> {
        let pos = puzzle
            .connect4_position()
            .map_err(|e| format!("the position: {e}"))?;
        walk_tree(pos, &puzzle.solution)
    }

    fn judge(
        puzzle: &Connect4Puzzle,
        line: &[usize],
        node: &Node<usize>,
        mv: usize,
    ) -> TryResult<usize> {
        check(puzzle, line, node, mv)
    }

    fn prove(puzzle: &Connect4Puzzle) -> Result<(), ProofError> {
        prove(puzzle)
    }

    /// Three adjacent columns.
    fn hint_area(&self, c: usize) -> (usize, usize) {
        let c0 = hint_window(c, c * 5 + 1, 3, self.width());
        (c0, (c0 + 2).min(self.width() - 1))
    }

    /// 10 per move of the winner beyond 2, `5 * floor(log2(tries + 1))` and
    /// `2 * floor(log2(tree moves))`.
    fn grade_points(p: &Connect4Puzzle) -> i64 {
        let n = match p.kind {
            Kind::WinIn(n) => i64::from(n),
            Kind::Vcf | Kind::Vct => i64::from(p.solution.depth()),
        };
        10 * (n - 2).max(0)
            + 5 * log2_steps(u64::from(p.tries) + 1)
            + 2 * log2_steps(p.solution.size() as u64)
    }
}

impl Puzzle<BoardSize> {
    /// The position, the attacker to move.
    pub fn connect4_position(&self) -> Result<Position, crate::engine::connect4::MoveError> {
        Position::from_columns(self.game, &self.moves)
    }
}

/// Every move of the tree is legal in turn and every leaf wins at once.
fn walk_tree(pos: Position, node: &Node<usize>) -> Result<(), String> {
    let c = node.mv;
    if !pos.can_play(c) {
        return Err(format!("column {} is full", c + 1));
    }
    let wins = pos.is_winning_move(c);
    if wins != node.replies.is_empty() {
        return Err(format!(
            "column {} {}",
            c + 1,
            if wins {
                "wins but has replies"
            } else {
                "is a leaf but does not win at once"
            }
        ));
    }
    let mut after = pos;
    after.play_col(c);
    for r in &node.replies {
        let d = r.mv;
        if !after.can_play(d) || after.is_winning_move(d) {
            return Err(format!("reply in column {} is full or wins", d + 1));
        }
        let mut next = after;
        next.play_col(d);
        walk_tree(next, &r.next)?;
    }
    Ok(())
}

/// Turns a Connect Four position (0-based columns from the empty board) into a "win in N"
/// puzzle for the side to move: `None` unless exactly one column wins, in 2 to `max_n` moves
/// of the winner. Solves every column exactly: fast in the middle game, slow near the
/// start of a game.
pub fn from_connect4(
    size: BoardSize,
    columns: &[usize],
    id: &str,
    max_n: u32,
) -> Option<Connect4Puzzle> {
    let mut solver = Solver::with_table_bits(size, 20);
    build(size, columns, id, &mut solver, max_n)
}

/// [`from_connect4`] with the caller's solver (kept from position to position: the
/// generator's entry).
pub fn build_connect4(
    columns: &[usize],
    id: &str,
    solver: &mut Solver,
    max_n: u32,
) -> Option<Connect4Puzzle> {
    build(solver.size(), columns, id, solver, max_n)
}

/// A Connect Four tree larger than this many moves is not kept.
const MAX_TREE_MOVES: usize = 400;

/// The exact score of the side to move after it plays `col` (not a winning move), from its
/// own point of view.
fn score_after(solver: &mut Solver, p: &Position, col: usize) -> i32 {
    let mut child = *p;
    child.play_col(col);
    if child.can_win_next() {
        -win_now_score(&child)
    } else {
        -solver.solve(&child)
    }
}

/// The winner's moves (the winning one included) of a win scored `score` from `p`.
fn moves_of(p: &Position, score: i32) -> u32 {
    (win_now_score(p) - score + 1) as u32
}

fn build(
    size: BoardSize,
    columns: &[usize],
    id: &str,
    solver: &mut Solver,
    max_n: u32,
) -> Option<Connect4Puzzle> {
    let p = Position::from_columns(size, columns).ok()?;
    if p.is_full() || p.can_win_next() {
        return None;
    }
    let order = size.centre_order();
    let mut winners = Vec::new();
    let mut tries = 0;
    for &c in &order {
        if !p.can_play(c) {
            continue;
        }
        let mut child = p;
        child.play_col(c);
        if !child.can_win_next() {
            tries += 1;
        }
        let s = score_after(solver, &p, c);
        if s > 0 {
            winners.push((c, s));
        }
    }
    let &[(first, score)] = winners.as_slice() else {
        return None;
    };
    let n = moves_of(&p, score);
    if !(2..=max_n).contains(&n) {
        return None;
    }
    let mut count = 0;
    let solution = attack_from(solver, p, first, n, &mut count)?;
    let mut puzzle = Puzzle {
        id: id.to_string(),
        game: size,
        moves: columns.to_vec(),
        kind: Kind::WinIn(n),
        solution,
        difficulty: 1,
        rating: 0,
        tries: tries - 1,
        forbidden: false,
    };
    (puzzle.difficulty, puzzle.rating) = grade(&puzzle);
    crate::engine::puzzle::prove(&puzzle).ok()?;
    Some(puzzle)
}

/// The tree after the attacker plays `c` from `p`, winning within `n` moves.
fn attack_from(
    solver: &mut Solver,
    p: Position,
    c: usize,
    n: u32,
    count: &mut usize,
) -> Option<Node<usize>> {
    *count += 1;
    if *count > MAX_TREE_MOVES {
        return None;
    }
    let mv = c;
    if p.is_winning_move(c) {
        return Some(Node {
            mv,
            replies: Vec::new(),
        });
    }
    let mut child = p;
    child.play_col(c);
    let mut replies = Vec::new();
    let mut representative = None;
    for d in child.size().centre_order() {
        if !child.can_play(d) {
            continue;
        }
        if child.is_winning_move(d) {
            return None;
        }
        let mut grand = child;
        grand.play_col(d);
        if grand.can_win_next() {
            representative.get_or_insert(d);
            continue;
        }
        *count += 1;
        let next = attack_node(solver, grand, n - 1, count)?;
        replies.push(Reply { mv: d, next });
    }
    if replies.is_empty() {
        let d = representative?;
        let mut grand = child;
        grand.play_col(d);
        *count += 1;
        let next = attack_node(solver, grand, n - 1, count)?;
        replies.push(Reply { mv: d, next });
    }
    replies.sort_by_key(|r| std::cmp::Reverse((r.next.depth(), r.next.size())));
    Some(Node { mv, replies })
}

/// The attacker to move at `p` wins within `n` moves: the fastest winning column's tree.
fn attack_node(solver: &mut Solver, p: Position, n: u32, count: &mut usize) -> Option<Node<usize>> {
    if n == 0 {
        return None;
    }
    let order = p.size().centre_order();
    if let Some(&c) = order
        .iter()
        .find(|&&c| p.can_play(c) && p.is_winning_move(c))
    {
        return attack_from(solver, p, c, n, count);
    }
    let best = order
        .iter()
        .filter(|&&c| p.can_play(c))
        .map(|&c| (c, score_after(solver, &p, c)))
        .max_by_key(|&(c, s)| (s, std::cmp::Reverse(order.iter().position(|&o| o == c))))?;
    if best.1 <= 0 || moves_of(&p, best.1) > n {
        return None;
    }
    attack_from(solver, p, best.0, n, count)
}

/// Proves a Connect Four puzzle: the tree wins within N moves against every defence (its
/// own rules only), the first move is the only winning column and wins in exactly N (the
/// exact solver), and `tries` counts the other columns that do not lose at once.
fn prove(puzzle: &Connect4Puzzle) -> Result<(), ProofError> {
    let fail = |line: &[usize], reason: String| ProofError {
        line: line.iter().map(|c| (c + 1).to_string()).collect(),
        reason,
    };
    let Kind::WinIn(n) = puzzle.kind else {
        return Err(fail(&[], "not a Connect Four kind".into()));
    };
    let p = puzzle
        .connect4_position()
        .map_err(|e| fail(&[], e.to_string()))?;
    if p.can_win_next() {
        return Err(fail(&[], "the position is won in one".into()));
    }
    fn attack(
        p: Position,
        node: &Node<usize>,
        n: u32,
        line: &mut Vec<usize>,
    ) -> Result<(), String> {
        let c = node.mv;
        if n == 0 {
            return Err("longer than the puzzle's N".into());
        }
        if !p.can_play(c) {
            return Err(format!("column {} is full", c + 1));
        }
        if p.is_winning_move(c) {
            return if node.replies.is_empty() {
                Ok(())
            } else {
                Err("replies after the win".into())
            };
        }
        if node.replies.is_empty() {
            return Err("the line ends without a win".into());
        }
        let mut child = p;
        child.play_col(c);
        line.push(c);
        if child.is_full() {
            return Err("the board is full".into());
        }
        for d in 0..child.width() {
            if !child.can_play(d) {
                continue;
            }
            if child.is_winning_move(d) {
                return Err(format!("the defender wins in column {}", d + 1));
            }
            let mut grand = child;
            grand.play_col(d);
            match node.replies.iter().find(|r| r.mv == d) {
                Some(r) => {
                    line.push(d);
                    attack(grand, &r.next, n - 1, line)?;
                    line.pop();
                }
                None if grand.can_win_next() => {}
                None => return Err(format!("the defence in column {} is not answered", d + 1)),
            }
        }
        if node.replies.iter().any(|r| !child.can_play(r.mv)) {
            return Err("a reply is not a legal move".into());
        }
        line.pop();
        Ok(())
    }
    let mut line = Vec::new();
    attack(p, &puzzle.solution, n, &mut line).map_err(|r| fail(&line, r))?;
    let first = puzzle.solution.mv;
    let mut solver = Solver::with_table_bits(p.size(), 20);
    let mut tries = 0;
    for c in 0..p.width() {
        if !p.can_play(c) {
            continue;
        }
        let s = score_after(&mut solver, &p, c);
        if c == first {
            if s <= 0 || moves_of(&p, s) != n {
                return Err(fail(
                    &[],
                    format!("the first move scores {s}, not a win in {n}"),
                ));
            }
        } else {
            if s > 0 {
                return Err(fail(&[], format!("column {} wins too", c + 1)));
            }
            let mut child = p;
            child.play_col(c);
            if !child.can_win_next() {
                tries += 1;
            }
        }
    }
    if tries != puzzle.tries {
        return Err(fail(&[], format!("{tries} tries, not {}", puzzle.tries)));
    }
    Ok(())
}

/// Judges a Connect Four move that is not the tree's.
fn check(
    puzzle: &Connect4Puzzle,
    line: &[usize],
    node: &Node<usize>,
    c: usize,
) -> TryResult<usize> {
    let illegal = |why: &str| TryResult::Wrong(Refutation::Illegal(why.into()));
    let Ok(mut p) = puzzle.connect4_position() else {
        return illegal("the puzzle position is not legal");
    };
    for step in line {
        let d = *step;
        if !p.can_play(d) || p.is_winning_move(d) {
            return illegal("the line is not legal");
        }
        p.play_col(d);
    }
    if !p.can_play(c) {
        return illegal("the column is full");
    }
    if p.is_winning_move(c) {
        return TryResult::Solved;
    }
    let mut solver = Solver::with_table_bits(p.size(), 20);
    let s = score_after(&mut solver, &p, c);
    if s > 0 && moves_of(&p, s) <= node.depth() {
        return TryResult::AlsoWins { main: node.mv };
    }
    let mut child = p;
    child.play_col(c);
    let order = child.size().centre_order();
    if let Some(&w) = order
        .iter()
        .find(|&&d| child.can_play(d) && child.is_winning_move(d))
    {
        return TryResult::Wrong(Refutation::CounterWin(vec![w]));
    }
    match solver.best_move(&child) {
        Some((d, score)) if score > 0 => TryResult::Wrong(Refutation::CounterWin(vec![d])),
        Some((d, _)) => TryResult::Wrong(Refutation::Defence(d)),
        None => illegal("the board is full"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::puzzle::{Hint, HintLevel, check_try, hint, parse, prove, solution_line};

    const CONNECT4: &str = include_str!("../../../assets/puzzles/connect4.txt");
    const GOMOKU: &str = include_str!("../../../assets/puzzles/gomoku.txt");

    /// Every shipped Connect Four puzzle is proven, the file round-trips, and Connect
    /// Four's reader passes over every block of Gomoku's file.
    #[test]
    fn every_shipped_puzzle_is_proven() {
        let set = parse::<BoardSize>(CONNECT4).unwrap_or_else(|e| panic!("connect4.txt: {e}"));
        assert!(set.puzzles.len() >= 20, "{}", set.puzzles.len());
        for p in &set.puzzles {
            prove(p).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        }
        crate::engine::puzzle::tests::round_trip::<BoardSize>(CONNECT4);
        let other = parse::<BoardSize>(GOMOKU).unwrap();
        assert!(
            other.puzzles.is_empty() && other.others >= 500,
            "{}",
            other.others
        );
    }

    #[test]
    fn connect_four_moves_are_checked_by_the_solver() {
        let size = BoardSize::STANDARD;
        let cols: Vec<usize> = "24574352425532255"
            .chars()
            .map(|c| c.to_digit(10).unwrap() as usize - 1)
            .collect();
        let p = from_connect4(size, &cols, "c4", 6).expect("a win in 2");
        assert_eq!(p.kind, Kind::WinIn(2));
        prove(&p).unwrap();
        let col = |c: usize| c;
        assert_eq!(p.solution.mv, col(3));
        let TryResult::Correct { reply } = check_try(&p, &[], col(3)).unwrap() else {
            panic!("correct");
        };
        let last = solution_line(&p, &[col(3), reply]).unwrap();
        assert_eq!(
            check_try(&p, &[col(3), reply], last[0]),
            Ok(TryResult::Solved)
        );
        for c in [0, 1, 2, 4, 5, 6] {
            match check_try(&p, &[], col(c)).unwrap() {
                TryResult::Wrong(Refutation::Defence(_) | Refutation::CounterWin(_)) => {}
                TryResult::Wrong(Refutation::Illegal(_))
                    if !p.connect4_position().unwrap().can_play(c) => {}
                other => panic!("column {}: {other:?}", c + 1),
            }
        }
        let Ok(Hint::Area { from: a, to: b }) = hint(&p, &[], HintLevel::Area) else {
            panic!("an area");
        };
        assert!(a <= 3 && 3 <= b && b - a == 2);
    }
}
