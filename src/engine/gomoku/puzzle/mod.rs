//! Gomoku's puzzles: "win by fours" (VCF) and "win by threes and fours" (VCT) under
//! freestyle, exactly five and Renju. Its side of the shared puzzle core ([`PuzzleRules`]
//! for [`Variant`]): checking a try against the threat solver (`threats.rs`), proving a tree
//! on the rules core alone (`proof.rs`), and building a puzzle from a position (the
//! generator's and a review's missed win).
//!
//! *Unique*: for a VCF puzzle, the solution's first move is the only four after which the
//! attacker wins by fours within the solver's limits ([`VCF_DEPTH`] attacker moves,
//! [`VCF_NODES`] nodes per first move); for a VCT puzzle, no four wins by fours (same
//! limits) and the first move is the only four or three after which the attacker wins by
//! threes and fours within [`VCT_DEPTH`] attacker moves and [`VCT_NODES`] nodes per first
//! move.

mod proof;
mod threats;

#[cfg(test)]
mod tests;

use crate::engine::gomoku::ai::pattern::{Combo, Pattern};
use crate::engine::gomoku::ai::state::State;
use crate::engine::gomoku::game::{Game, GameBuildError};
use crate::engine::gomoku::pos::{Pos, Stone};
use crate::engine::gomoku::rules::Rule;
use crate::engine::gomoku::{MAX_SIZE, MIN_SIZE};
use crate::engine::puzzle::{
    Kind, Node, ProofError, Puzzle, PuzzleRules, Refutation, TryResult, grade, hint_window,
    log2_steps,
};

pub use threats::{VCF_DEPTH, VCF_NODES, VCT_DEPTH, VCT_NODES};

/// A Gomoku puzzle's variant: its rule and board size (`game gomoku renju 15`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub rule: Rule,
    pub size: usize,
}

/// A Gomoku puzzle.
pub type GomokuPuzzle = Puzzle<Variant>;

/// The rule's word on the `game` line.
fn rule_word(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "freestyle",
        Rule::Standard => "exact5",
        Rule::Renju => "renju",
    }
}

impl PuzzleRules for Variant {
    const GAME: &'static str = "gomoku";
    const GAME_SYNTAX: &'static str = "RULE SIZE";
    type Move = Pos;

    fn parse_game(words: &[&str]) -> Result<Variant, String> {
        let [rule, size] = words else {
            return Err(format!("`{}` is not a rule and a size", words.join(" ")));
        };
        let rule = Rule::ALL
            .into_iter()
            .find(|&r| rule_word(r) == *rule)
            .ok_or_else(|| format!("rule `{rule}` is not freestyle, exact5 or renju"))?;
        let size = size
            .parse()
            .ok()
            .filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s))
            .ok_or_else(|| format!("board size `{size}` is not {MIN_SIZE} to {MAX_SIZE}"))?;
        Ok(Variant { rule, size })
    }

    fn game_text(&self) -> String {
        format!("{} {}", rule_word(self.rule), self.size)
    }

    fn parse_move(&self, token: &str) -> Result<Pos, String> {
        Pos::from_human(token, self.size).map_err(|e| e.to_string())
    }

    fn move_text(&self, m: Pos) -> String {
        m.to_human(self.size)
    }

    fn parse_kind(&self, words: &[&str]) -> Result<Kind, String> {
        match words {
            ["vcf"] => Ok(Kind::Vcf),
            ["vct"] => Ok(Kind::Vct),
            _ => Err(format!("kind `{}` is not vcf or vct", words.join(" "))),
        }
    }

    fn check_position(puzzle: &GomokuPuzzle) -> Result<(), String> {
        let game = puzzle.gomoku_game().map_err(|e| e.to_string())?;
        if game.outcome().is_over() {
            return Err("the game is already over".into());
        }
        Ok(())
    }

    fn check_tree(puzzle: &GomokuPuzzle) -> Result<(), String> {
        let mut g = puzzle
            .gomoku_game()
            .map_err(|e| format!("the position: {e}"))?;
        walk_tree(&mut g, &puzzle.solution)
    }

    fn judge(puzzle: &GomokuPuzzle, line: &[Pos], node: &Node<Pos>, mv: Pos) -> TryResult<Pos> {
        check(puzzle, line, node, mv)
    }

    fn prove(puzzle: &GomokuPuzzle) -> Result<(), ProofError> {
        prove(puzzle)
    }

    fn hint_area(&self, p: Pos) -> (Pos, Pos) {
        let (x, y, size) = (p.x as usize, p.y as usize, self.size);
        let x0 = hint_window(x, x * 7 + y * 3, 5, size);
        let y0 = hint_window(y, y * 7 + x * 3 + 2, 5, size);
        let x1 = (x0 + 4).min(size - 1);
        let y1 = (y0 + 4).min(size - 1);
        (Pos::new(x0 as u8, y0 as u8), Pos::new(x1 as u8, y1 as u8))
    }

    /// 6 per attacker move of the main line beyond 2 (the five included), 5 per doubling
    /// of the other tries (`5 * floor(log2(tries + 1))`), 4 when Renju forbidden points
    /// matter, and for VCT `4 + 2 * floor(log2(tree moves))`.
    fn grade_points(p: &GomokuPuzzle) -> i64 {
        let len = i64::from(p.solution.depth());
        let mut pts = 6 * (len - 2).max(0)
            + 5 * log2_steps(u64::from(p.tries) + 1)
            + if p.forbidden { 4 } else { 0 };
        if p.kind == Kind::Vct {
            pts += 4 + 2 * log2_steps(p.solution.size() as u64);
        }
        pts
    }
}

impl Puzzle<Variant> {
    /// The position as a game, the attacker to move.
    pub fn gomoku_game(&self) -> Result<Game, GameBuildError> {
        Game::from_moves(self.game.size, self.game.rule, &self.moves)
    }
}

/// Every move of the tree is legal in turn and every leaf wins at once.
fn walk_tree(g: &mut Game, node: &Node<Pos>) -> Result<(), String> {
    let m = node.mv;
    let size = g.size();
    if let Err(e) = g.play(m) {
        return Err(format!("{} cannot be played: {e}", m.to_human(size)));
    }
    let over = g.outcome().is_over();
    if over != node.replies.is_empty() {
        g.undo();
        return Err(format!(
            "{} {}",
            m.to_human(size),
            if over {
                "ends the game but has replies"
            } else {
                "is a leaf but does not win at once"
            }
        ));
    }
    for r in &node.replies {
        let d = r.mv;
        if let Err(e) = g.play(d) {
            g.undo();
            return Err(format!("reply {} cannot be played: {e}", d.to_human(size)));
        }
        let res = walk_tree(g, &r.next);
        g.undo();
        if res.is_err() {
            g.undo();
            return res;
        }
    }
    g.undo();
    Ok(())
}

/// [`PuzzleRules::judge`] for Gomoku: a move that is not the tree's, by the threat solver.
fn check(puzzle: &GomokuPuzzle, line: &[Pos], node: &Node<Pos>, m: Pos) -> TryResult<Pos> {
    let illegal = |why: String| TryResult::Wrong(Refutation::Illegal(why));
    let Ok(mut game) = puzzle.gomoku_game() else {
        return illegal("the puzzle position is not legal".into());
    };
    for &p in line {
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
        return TryResult::Wrong(Refutation::CounterWin(vec![f]));
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
            return TryResult::Wrong(Refutation::Defence(d));
        }
    }
    // Not a threat: the defender may win by fours, or take the key point.
    let mut own = threats::Threats::new(&game, false);
    if let Some(n) = own.wins(VCF_DEPTH, VCF_NODES) {
        let mut moves = 0;
        let line = if n == 1 {
            five_point(&own.st, defender).map(|f| vec![f])
        } else {
            own.build_attack(n, &mut moves).map(|tree| tree.main_line())
        };
        if let Some(l) = line {
            return TryResult::Wrong(Refutation::CounterWin(l));
        }
    }
    if game.check_move(node.mv).is_ok() && !attacker_wins_after(node.mv) {
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
            return TryResult::Wrong(Refutation::Defence(d));
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

/// [`PuzzleRules::prove`] for Gomoku: the tree on the rules core, the solver's unique first
/// move, the tries, and whether a forbidden point matters.
fn prove(puzzle: &GomokuPuzzle) -> Result<(), ProofError> {
    let rule = puzzle.game.rule;
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
    let first = puzzle.solution.mv;
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
/// moves in the main line, and the tree must pass the proof's tree check. (The generator's
/// entry; [`from_gomoku`] is this with threes and `min_len` 2.)
pub fn build_gomoku(game: &Game, id: &str, vct: bool, min_len: u32) -> Option<GomokuPuzzle> {
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
        game: Variant { rule, size },
        moves: game.history().iter().map(|m| m.pos).collect(),
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
pub fn from_gomoku(game: &Game, id: &str) -> Option<GomokuPuzzle> {
    build_gomoku(game, id, true, 2)
}

/// Renju: does a forbidden point matter in the tree? White attacking: at a Black turn, a
/// point Black would need to stop a four (or to meet a three) is forbidden. Black attacking:
/// at a Black turn, a point where Black would make a four or an open three is forbidden.
fn forbidden_matters(game: &Game, tree: &Node<Pos>) -> bool {
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
    fn walk(st: &mut State, node: &Node<Pos>, attacker: Stone) -> bool {
        if st.side() == Stone::Black && black_turn(st, attacker) {
            return true;
        }
        st.make(node.mv);
        let mut found = false;
        for r in &node.replies {
            if st.side() == Stone::Black && black_turn(st, attacker) {
                found = true;
                break;
            }
            st.make(r.mv);
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
