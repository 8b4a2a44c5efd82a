//! Connect Four "win in N" puzzles: found and built with the exact solver; the tree's proof
//! needs only the position's move rules (every defence not in the tree allows a win at
//! once), the uniqueness the solver.

use super::{
    Kind, Node, ProofError, Puzzle, PuzzleGame, PuzzleMove, Refutation, Reply, TryResult, grade,
};
use crate::engine::connect4::solver::win_now_score;
use crate::engine::connect4::{BoardSize, Position, Solver};

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

pub(super) fn build(
    size: BoardSize,
    columns: &[usize],
    id: &str,
    solver: &mut Solver,
    max_n: u32,
) -> Option<Puzzle> {
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
        game: PuzzleGame::ConnectFour { size },
        moves: columns.iter().map(|&c| PuzzleMove::Column(c)).collect(),
        kind: Kind::WinIn(n),
        solution,
        difficulty: 1,
        rating: 0,
        tries: tries - 1,
        forbidden: false,
    };
    (puzzle.difficulty, puzzle.rating) = grade(&puzzle);
    prove(&puzzle).ok()?;
    Some(puzzle)
}

/// The tree after the attacker plays `c` from `p`, winning within `n` moves.
fn attack_from(
    solver: &mut Solver,
    p: Position,
    c: usize,
    n: u32,
    count: &mut usize,
) -> Option<Node> {
    *count += 1;
    if *count > MAX_TREE_MOVES {
        return None;
    }
    let mv = PuzzleMove::Column(c);
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
        replies.push(Reply {
            mv: PuzzleMove::Column(d),
            next,
        });
    }
    if replies.is_empty() {
        let d = representative?;
        let mut grand = child;
        grand.play_col(d);
        *count += 1;
        let next = attack_node(solver, grand, n - 1, count)?;
        replies.push(Reply {
            mv: PuzzleMove::Column(d),
            next,
        });
    }
    replies.sort_by_key(|r| std::cmp::Reverse((r.next.depth(), r.next.size())));
    Some(Node { mv, replies })
}

/// The attacker to move at `p` wins within `n` moves: the fastest winning column's tree.
fn attack_node(solver: &mut Solver, p: Position, n: u32, count: &mut usize) -> Option<Node> {
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
pub(super) fn prove(puzzle: &Puzzle) -> Result<(), ProofError> {
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
    fn attack(p: Position, node: &Node, n: u32, line: &mut Vec<usize>) -> Result<(), String> {
        let PuzzleMove::Column(c) = node.mv else {
            return Err("a point in a Connect Four tree".into());
        };
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
            match node.replies.iter().find(|r| r.mv == PuzzleMove::Column(d)) {
                Some(r) => {
                    line.push(d);
                    attack(grand, &r.next, n - 1, line)?;
                    line.pop();
                }
                None if grand.can_win_next() => {}
                None => return Err(format!("the defence in column {} is not answered", d + 1)),
            }
        }
        if node
            .replies
            .iter()
            .any(|r| !matches!(r.mv, PuzzleMove::Column(d) if child.can_play(d)))
        {
            return Err("a reply is not a legal move".into());
        }
        line.pop();
        Ok(())
    }
    let mut line = Vec::new();
    attack(p, &puzzle.solution, n, &mut line).map_err(|r| fail(&line, r))?;
    let PuzzleMove::Column(first) = puzzle.solution.mv else {
        return Err(fail(&[], "a point in a Connect Four tree".into()));
    };
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
pub(super) fn check(
    puzzle: &Puzzle,
    line: &[PuzzleMove],
    node: &Node,
    mv: PuzzleMove,
) -> TryResult {
    let illegal = |why: &str| TryResult::Wrong(Refutation::Illegal(why.into()));
    let PuzzleMove::Column(c) = mv else {
        return illegal("a point is not a Connect Four move");
    };
    let Ok(mut p) = puzzle.connect4_position() else {
        return illegal("the puzzle position is not legal");
    };
    for step in line {
        match *step {
            PuzzleMove::Column(d) if p.can_play(d) && !p.is_winning_move(d) => p.play_col(d),
            _ => return illegal("the line is not legal"),
        }
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
        return TryResult::Wrong(Refutation::CounterWin(vec![PuzzleMove::Column(w)]));
    }
    match solver.best_move(&child) {
        Some((d, score)) if score > 0 => {
            TryResult::Wrong(Refutation::CounterWin(vec![PuzzleMove::Column(d)]))
        }
        Some((d, _)) => TryResult::Wrong(Refutation::Defence(PuzzleMove::Column(d))),
        None => illegal("the board is full"),
    }
}
