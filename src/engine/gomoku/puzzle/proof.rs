//! The proof that a Gomoku puzzle's solution tree wins, on the rules core only (the board,
//! win lines and Renju's forbidden points; none of the AI's pattern tables and none of the
//! solver that built the tree).
//!
//! The tree wins when, from the puzzle position:
//! - every attacker move in it is legal, and one that ends the game (a five) is a leaf while
//!   every other has replies;
//! - at every defender turn, the defender has no five, and each legal defender move is either
//!   a reply in the tree (followed by a winning subtree) or *loses at once*: after it the
//!   attacker has a five point, or an open four: a legal move after which the attacker has
//!   two five points (or one the defender may not play) and the defender none.
//!
//! Why "loses at once" is enough: a five point of the attacker stays one whatever single
//! stone the defender adds elsewhere (the run through it is the attacker's stones), and
//! making five is always legal; after an open four the defender has no five and can take
//! one of the two five points only, so the attacker fives next move.

use crate::engine::gomoku::board::Board;
use crate::engine::gomoku::pos::{DIRECTIONS, Pos, Stone};
use crate::engine::gomoku::rules::{self, Rule};
use crate::engine::puzzle::{Node, ProofError, Reply};

pub(crate) struct Prover {
    board: Board,
    rule: Rule,
    line: Vec<Pos>,
    /// Defender turns checked (for statistics).
    pub(crate) turns: u64,
}

impl Prover {
    pub(crate) fn new(board: Board, rule: Rule) -> Prover {
        Prover {
            board,
            rule,
            line: Vec::new(),
            turns: 0,
        }
    }

    fn size(&self) -> usize {
        self.board.size()
    }

    fn fail(&self, reason: impl Into<String>) -> ProofError {
        let size = self.size();
        ProofError {
            line: self
                .line
                .iter()
                .map(|p| p.to_human(size))
                .collect::<Vec<_>>()
                .join(" "),
            reason: reason.into(),
        }
    }

    fn name(&self, p: Pos) -> String {
        p.to_human(self.size())
    }

    /// May `stone` play at `p` now?
    fn legal(&mut self, p: Pos, stone: Stone) -> bool {
        self.board.is_empty_at(p)
            && !(self.rule == Rule::Renju
                && stone == Stone::Black
                && rules::forbidden_in_place(&mut self.board, p).is_some())
    }

    /// Would `stone` at the empty point `p` win?
    fn wins_at(&self, p: Pos, stone: Stone) -> bool {
        self.board.is_empty_at(p) && rules::winning_line(&self.board, p, stone, self.rule).is_some()
    }

    fn five_points(&self, stone: Stone) -> Vec<Pos> {
        self.board
            .empty_points()
            .filter(|&p| self.wins_at(p, stone))
            .collect()
    }

    /// Five points of `stone` on the four lines through `c`, within five cells: the only
    /// points whose status a stone at `c` can change.
    fn five_points_near(&self, c: Pos, stone: Stone) -> Vec<Pos> {
        let mut out = Vec::new();
        for (dx, dy) in DIRECTIONS {
            for k in -5..=5 {
                if let Some(q) = c.offset(dx, dy, k, self.size())
                    && !out.contains(&q)
                    && self.wins_at(q, stone)
                {
                    out.push(q);
                }
            }
        }
        out
    }

    fn play(&mut self, p: Pos, stone: Stone) {
        self.board.place(p, stone);
        self.line.push(p);
    }

    fn take_back(&mut self) {
        let p = self.line.pop().expect("a move to take back");
        self.board.remove(p);
    }

    fn point(&self, p: Pos) -> Result<Pos, ProofError> {
        if p.on_board(self.size()) {
            Ok(p)
        } else {
            Err(self.fail(format!("{p:?} is not a point of the board")))
        }
    }

    /// Proves the attacker's subtree from `node` (attacker to move).
    pub(crate) fn attack(&mut self, node: &Node<Pos>, att: Stone) -> Result<(), ProofError> {
        let m = self.point(node.mv)?;
        if !self.legal(m, att) {
            return Err(self.fail(format!("the attacker cannot play {}", self.name(m))));
        }
        let five = self.wins_at(m, att);
        self.play(m, att);
        let r = if five {
            if node.replies.is_empty() {
                Ok(())
            } else {
                Err(self.fail("replies after a five"))
            }
        } else if node.replies.is_empty() {
            Err(self.fail("the line ends without a five"))
        } else {
            self.defend(&node.replies, att.opponent())
        };
        self.take_back();
        r
    }

    /// Defender `def` to move: every legal move is a reply of the tree or loses at once.
    fn defend(&mut self, replies: &[Reply<Pos>], def: Stone) -> Result<(), ProofError> {
        self.turns += 1;
        let att = def.opponent();
        if self.board.is_full() {
            return Err(self.fail("the board is full"));
        }
        if let Some(&f) = self.five_points(def).first() {
            return Err(self.fail(format!("the defender wins at {}", self.name(f))));
        }
        let att_fives = self.five_points(att);
        let mut open_fours: Option<Vec<Pos>> = None;
        let mut seen = 0;
        let points: Vec<Pos> = self.board.empty_points().collect();
        for d in points {
            if !self.legal(d, def) {
                continue;
            }
            let reply = replies.iter().find(|r| r.mv == d);
            if let Some(r) = reply {
                seen += 1;
                self.play(d, def);
                let res = self.attack(&r.next, att);
                self.take_back();
                res?;
                continue;
            }
            // Not in the tree: must lose at once.
            if att_fives.iter().any(|&f| f != d) {
                continue;
            }
            self.play(d, def);
            let new_fours = self.five_points_near(d, def);
            let lost = new_fours.is_empty() && {
                let cands = open_fours.get_or_insert_with(|| {
                    self.take_back();
                    let c = self.open_four_points(att, def);
                    self.play(d, def);
                    c
                });
                let cands = cands.clone();
                cands.into_iter().any(|m| self.open_four_now(m, att, def))
            };
            self.take_back();
            if !lost {
                return Err(self.fail(format!("the defence {} is not answered", self.name(d))));
            }
        }
        if seen != replies.len() {
            return Err(self.fail("a reply in the tree is not a legal defender move"));
        }
        Ok(())
    }

    /// Points where an attacker stone would leave two five points, or one the defender may
    /// not take (legality for the attacker is checked when one is used).
    fn open_four_points(&mut self, att: Stone, def: Stone) -> Vec<Pos> {
        let points: Vec<Pos> = self.board.empty_points().collect();
        points
            .into_iter()
            .filter(|&m| self.threatens_two(m, att, def))
            .collect()
    }

    fn threatens_two(&mut self, m: Pos, att: Stone, def: Stone) -> bool {
        self.play(m, att);
        let fives = self.five_points_near(m, att);
        let ok = fives.len() >= 2 || (fives.len() == 1 && !self.legal(fives[0], def));
        self.take_back();
        ok
    }

    /// Attacker to move, defender without a five point: is `m` a legal open four now?
    fn open_four_now(&mut self, m: Pos, att: Stone, def: Stone) -> bool {
        self.legal(m, att) && !self.wins_at(m, att) && self.threatens_two(m, att, def)
    }
}
