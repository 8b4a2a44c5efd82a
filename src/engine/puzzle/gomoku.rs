//! Gomoku's puzzles: checking a try against the threat solver, proving a tree, and building
//! a puzzle from a position (the generator's and a review's missed win).

use crate::engine::gomoku::ai::pattern::{Combo, Pattern};
use crate::engine::gomoku::ai::state::State;
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::{Pos, Stone};
use crate::engine::gomoku::rules::Rule;

use super::{
    Kind, Node, ProofError, Puzzle, PuzzleGame, PuzzleMove, Refutation, TryResult, VCF_DEPTH,
    VCF_NODES, VCT_DEPTH, VCT_NODES, grade, proof, threats,
};

/// [`check_try`](super::check_try) for a move that is not the tree's: by the threat solver.
pub(super) fn check(
    puzzle: &Puzzle,
    line: &[PuzzleMove],
    node: &Node,
    mv: PuzzleMove,
) -> TryResult {
    let illegal = |why: String| TryResult::Wrong(Refutation::Illegal(why));
    let PuzzleMove::Point(m) = mv else {
        return illegal("a column is not a Gomoku move".into());
    };
    let Ok(mut game) = puzzle.gomoku_game() else {
        return illegal("the puzzle position is not legal".into());
    };
    for step in line {
        let PuzzleMove::Point(p) = *step else {
            return illegal("a column is not a Gomoku move".into());
        };
        if game.play(p).is_err() {
            return illegal("the line is not legal".into());
        }
    }
    if let Err(e) = game.play(m) {
        return illegal(e.to_string());
    }
    if game.outcome().is_over() {
        return TryResult::Solved;
    }
    let threes = puzzle.kind == Kind::Vct;
    let (depth, nodes) = limits(puzzle.kind);
    let defender = game.to_move();
    // The defender's own five first.
    let mut t = threats::Threats::new(&game, threes);
    if let Some(f) = five_point(&t.st, defender) {
        return TryResult::Wrong(Refutation::CounterWin(vec![PuzzleMove::Point(f)]));
    }
    if t.defender_loses(depth, nodes) {
        return TryResult::AlsoWins { main: node.mv };
    }
    // A defence after which the attacker has no win.
    let attacker_wins_after = |d: Pos| {
        let mut g = game.clone();
        if g.play(d).is_err() {
            return true;
        }
        threats::Threats::new(&g, threes)
            .wins(depth, nodes)
            .is_some()
    };
    for d in t.defence_points() {
        if !attacker_wins_after(d) {
            return TryResult::Wrong(Refutation::Defence(PuzzleMove::Point(d)));
        }
    }
    // Not a threat: the defender may win by fours, or take the key point.
    let mut own = threats::Threats::new(&game, false);
    if let Some(n) = own.wins(VCF_DEPTH, VCF_NODES) {
        let mut moves = 0;
        let line = if n == 1 {
            five_point(&own.st, defender).map(|f| vec![PuzzleMove::Point(f)])
        } else {
            own.build_attack(n, &mut moves).map(|tree| tree.main_line())
        };
        if let Some(l) = line {
            return TryResult::Wrong(Refutation::CounterWin(l));
        }
    }
    if let PuzzleMove::Point(key) = node.mv
        && game.check_move(key).is_ok()
        && !attacker_wins_after(key)
    {
        return TryResult::Wrong(Refutation::Defence(node.mv));
    }
    // The defender's most natural moves: the points the attacker would like most.
    let att = defender.opponent();
    let mut cands: Vec<usize> = (0..t.st.size() * t.st.size())
        .filter(|&i| t.st.playable(i) && t.st.near(i))
        .collect();
    cands.sort_by_key(|&i| std::cmp::Reverse(t.st.move_score(i, att)));
    for i in cands.into_iter().take(12) {
        let d = t.pos(i);
        if !attacker_wins_after(d) {
            return TryResult::Wrong(Refutation::Defence(PuzzleMove::Point(d)));
        }
    }
    TryResult::Wrong(Refutation::Defence(node.mv))
}

/// Does the side to move make fours in two lines at `p`?
fn double_four(st: &State, p: Pos) -> bool {
    let i = p.index(st.size());
    (0..4)
        .filter(|&d| st.line(i, st.side(), d) >= Pattern::Block4)
        .count()
        >= 2
}

fn limits(kind: Kind) -> (u32, u64) {
    match kind {
        Kind::Vct => (VCT_DEPTH, VCT_NODES),
        _ => (VCF_DEPTH, VCF_NODES),
    }
}

fn five_point(st: &State, c: Stone) -> Option<Pos> {
    let n = st.size() * st.size();
    (0..n)
        .find(|&i| st.is_empty(i) && st.combo(i, c) == Combo::Five)
        .map(|i| Pos::from_index(i, st.size()))
}

/// [`prove`](super::prove)'s Gomoku part: the tree on the rules core, the solver's unique
/// first move, the tries, and whether a forbidden point matters.
pub(super) fn prove(puzzle: &Puzzle, rule: Rule) -> Result<(), ProofError> {
    let fail = |reason: String| ProofError {
        line: String::new(),
        reason,
    };
    let game = puzzle.gomoku_game().map_err(|e| fail(e.to_string()))?;
    if game.outcome().is_over() {
        return Err(fail("the game is over".into()));
    }
    let att = game.to_move();
    let mut prover = proof::Prover::new(game.board().clone(), rule);
    // The defender has no five to play first (checked at every defender turn, and
    // here for the start).
    let defender_five = game.board().empty_points().any(|p| {
        crate::engine::gomoku::rules::winning_line(game.board(), p, att.opponent(), rule).is_some()
    });
    if defender_five {
        return Err(fail("the defender has a four on the board".into()));
    }
    prover.attack(&puzzle.solution, att)?;
    let built = analyse_gomoku(&game, puzzle.kind == Kind::Vct, false);
    let PuzzleMove::Point(first) = puzzle.solution.mv else {
        return Err(fail("a column in a Gomoku tree".into()));
    };
    match built {
        Some(v) if v.kind == puzzle.kind && v.first == first => {
            if v.tries != puzzle.tries {
                return Err(fail(format!("{} tries, not {}", v.tries, puzzle.tries)));
            }
        }
        Some(v) => {
            return Err(fail(format!(
                "the solver's unique win is {} ({})",
                v.first.to_human(game.size()),
                v.kind.describe()
            )));
        }
        None => return Err(fail("the first move is not the only win".into())),
    }
    if rule == Rule::Renju || puzzle.forbidden {
        let f = forbidden_matters(&game, &puzzle.solution);
        if f != puzzle.forbidden {
            return Err(fail(format!("forbidden should be {f}")));
        }
    }

    Ok(())
}

/// The solver's verdict on a Gomoku position: `(kind, unique first move, other tries)`
/// when the side to move has a unique win by fours, or (`vct`) else a unique win by threes
/// and fours; `None` otherwise (no win, several first moves, a five to play or to stop).
///
/// With `quick`, one search from the root (within the same limits as one first move) must
/// find the win before every first move is examined: a filter for the generator, which
/// only ever rejects more.
fn analyse_gomoku(game: &Game, vct: bool, quick: bool) -> Option<Verdict> {
    let mut t = threats::Threats::new(game, false);
    let me = t.side();
    if t.has_five_point(me) || t.has_five_point(me.opponent()) {
        return None;
    }
    if quick && t.wins(VCF_DEPTH, VCF_NODES).is_none() {
        if !vct {
            return None;
        }
        let mut v = threats::Threats::new(game, true);
        v.wins(VCT_DEPTH, QUICK_VCT_NODES)?;
    }
    let roots = t.analyse_root(VCF_DEPTH, VCF_NODES);
    let winners = roots.winners();
    let kind = match winners.len() {
        1 => Kind::Vcf,
        0 if vct => {
            t = threats::Threats::new(game, true);
            let roots = t.analyse_root(VCT_DEPTH, VCT_NODES);
            let winners = roots.winners();
            if winners.len() != 1 {
                return None;
            }
            return Some(Verdict {
                kind: Kind::Vct,
                first: winners[0].0,
                len: winners[0].1,
                tries: roots.tries.len() as u32 - 1,
                threats: t,
            });
        }
        _ => return None,
    };
    Some(Verdict {
        kind,
        first: winners[0].0,
        len: winners[0].1,
        tries: roots.tries.len() as u32 - 1,
        threats: t,
    })
}

/// The generator's filter: nodes of its one VCT search from the root.
const QUICK_VCT_NODES: u64 = 6_000;

/// A unique win found by [`analyse_gomoku`], with the solver that found it.
struct Verdict {
    kind: Kind,
    first: Pos,
    /// Attacker moves of the win (the first and the five included).
    len: u32,
    /// Other first moves tried.
    tries: u32,
    threats: threats::Threats,
}

/// Builds a Gomoku puzzle from a position: the side to move must have a unique first move
/// winning by fours (or, with `vct`, by threes and fours), with at least `min_len` attacker
/// moves in the main line, and the tree must pass [`prove`](super::prove)'s tree check. (The
/// generator's entry; [`from_gomoku`] is this with threes and `min_len` 2.)
pub fn build_gomoku(game: &Game, id: &str, vct: bool, min_len: u32) -> Option<Puzzle> {
    if game.outcome().is_over() {
        return None;
    }
    // The position is stored as moves from Black: the history must alternate.
    let alternating = game.history().iter().enumerate().all(|(i, m)| {
        m.stone
            == if i % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            }
    });
    if !alternating
        || game.to_move()
            != if game.ply().is_multiple_of(2) {
                Stone::Black
            } else {
                Stone::White
            }
    {
        return None;
    }
    let Verdict {
        kind,
        first,
        len,
        tries,
        threats: mut t,
    } = analyse_gomoku(game, vct, true)?;
    // A win in two is a puzzle only as a double four (an open four from an open three on the
    // board is not).
    if len < min_len || (len == 2 && !double_four(&t.st, first)) {
        return None;
    }
    let solution = t.build_from(first, len)?;
    let (rule, size) = (game.rule(), game.size());
    let mut prover = proof::Prover::new(game.board().clone(), rule);
    prover.attack(&solution, game.to_move()).ok()?;
    let forbidden = rule == Rule::Renju && forbidden_matters(game, &solution);
    let mut p = Puzzle {
        id: id.to_string(),
        game: PuzzleGame::Gomoku { rule, size },
        moves: game
            .history()
            .iter()
            .map(|m| PuzzleMove::Point(m.pos))
            .collect(),
        kind,
        solution,
        difficulty: 1,
        rating: 0,
        tries,
        forbidden,
    };
    (p.difficulty, p.rating) = grade(&p);
    Some(p)
}

/// Turns a Gomoku position (a game review's missed win, say) into a puzzle for the side to
/// move: `None` unless it has a win by fours, or by threes and fours, whose first move is
/// unique (module docs), and more than a five or an open four from a three on the board
/// (a double four at least). The
/// position must be a game played from the empty board (moves alternating from Black).
/// Takes up to about a second.
pub fn from_gomoku(game: &Game, id: &str) -> Option<Puzzle> {
    build_gomoku(game, id, true, 2)
}

/// Renju: does a forbidden point matter in the tree? White attacking: at a Black turn, a
/// point Black would need to stop a four (or to meet a three) is forbidden. Black attacking:
/// at a Black turn, a point where Black would make a four or an open three is forbidden.
fn forbidden_matters(game: &Game, tree: &Node) -> bool {
    fn black_turn(st: &State, attacker: Stone) -> bool {
        let n = st.size() * st.size();
        (0..n).any(|i| {
            st.is_empty(i)
                && st.combo(i, Stone::Black) == Combo::Forbidden
                && if attacker == Stone::White {
                    st.combo(i, Stone::White) >= Combo::Block4
                        || (0..4).any(|d| st.line(i, Stone::White, d) >= Pattern::Block4)
                } else {
                    (0..4).any(|d| st.line(i, Stone::Black, d) >= Pattern::Flex3)
                }
        })
    }
    fn walk(st: &mut State, node: &Node, attacker: Stone) -> bool {
        if st.side() == Stone::Black && black_turn(st, attacker) {
            return true;
        }
        let PuzzleMove::Point(m) = node.mv else {
            return false;
        };
        st.make(m);
        let mut found = false;
        for r in &node.replies {
            if st.side() == Stone::Black && black_turn(st, attacker) {
                found = true;
                break;
            }
            let PuzzleMove::Point(d) = r.mv else { continue };
            st.make(d);
            found = walk(st, &r.next, attacker);
            st.unmake();
            if found {
                break;
            }
        }
        st.unmake();
        found
    }
    if game.rule() != Rule::Renju {
        return false;
    }
    let mut st = State::from_game(game);
    walk(&mut st, tree, game.to_move())
}
