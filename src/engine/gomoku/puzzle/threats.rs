//! The threat solver puzzles are found and built with: an AND-OR search over the AI's
//! incremental pattern board ([`State`]) by fours (VCF) or by threes and fours (VCT), with
//! fixed depth and node limits so that every answer is reproducible, and the solution tree
//! it proves. The tree is checked afterwards by `proof.rs`, which knows nothing of this file.
//!
//! Depth counts the attacker's moves, the final five included; the attacker's forced blocks
//! of the defender's fours do not count.

use std::collections::HashMap;

use crate::engine::gomoku::ai::pattern::{Combo, Pattern};
use crate::engine::gomoku::ai::state::State;
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::{Pos, Stone};
use crate::engine::puzzle::{Node, Reply};

/// The solver's limits for a win by fours: attacker moves (the five included) and nodes per
/// first move.
pub const VCF_DEPTH: u32 = 16;
pub const VCF_NODES: u64 = 20_000;
/// The solver's limits for a win by threes and fours.
pub const VCT_DEPTH: u32 = 8;
pub const VCT_NODES: u64 = 25_000;
/// Nodes each search may use while the tree is built (the proofs are in the table by then).
const BUILD_NODES: u64 = 20_000;
/// A solution tree larger than this many moves is not kept.
pub const MAX_TREE_MOVES: usize = 600;

#[derive(Copy, Clone, Default)]
struct Entry {
    /// Smallest depth proven to win (0: none).
    win: u8,
    /// Largest depth proven not to win (0: none).
    fail: u8,
}

/// The solver over one position. `threes` allows threes as attacking moves (VCT).
pub(crate) struct Threats {
    pub(crate) st: State,
    threes: bool,
    nodes: u64,
    limit: u64,
    aborted: bool,
    tt: HashMap<u64, Entry>,
}

/// What the root of a position holds for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RootAnalysis {
    /// Every first move the search tried (fours, then threes when allowed) and the fewest
    /// attacker moves (this one and the five included) it proved to win with, if any.
    pub(crate) tries: Vec<(Pos, Option<u32>)>,
}

impl RootAnalysis {
    pub(crate) fn winners(&self) -> Vec<(Pos, u32)> {
        self.tries
            .iter()
            .filter_map(|&(p, d)| d.map(|d| (p, d)))
            .collect()
    }
}

impl Threats {
    pub(crate) fn new(game: &Game, threes: bool) -> Threats {
        Threats {
            st: State::from_game(game),
            threes,
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            tt: HashMap::new(),
        }
    }

    fn size(&self) -> usize {
        self.st.size()
    }

    pub(crate) fn pos(&self, i: usize) -> Pos {
        Pos::from_index(i, self.size())
    }

    /// Gives the next search `nodes` more nodes.
    fn budget(&mut self, nodes: u64) {
        self.limit = self.nodes.saturating_add(nodes);
        self.aborted = false;
    }

    fn first_with(&self, c: Stone, combo: Combo) -> Option<usize> {
        let n = self.size() * self.size();
        (0..n).find(|&i| self.st.is_empty(i) && self.st.combo(i, c) == combo)
    }

    /// Would `c` make a four (or better) at the empty point `i`, judged line by line (a point
    /// forbidden to Black still counts: it may become a five point, and fives are allowed).
    fn four_point(&self, i: usize, c: Stone) -> bool {
        let combo = self.st.combo(i, c);
        combo >= Combo::Block4
            || (combo == Combo::Forbidden
                && (0..4).any(|d| self.st.line(i, c, d) >= Pattern::Block4))
    }

    /// The attacker's candidate moves, strongest first: fours, then (VCT) threes.
    fn attacks(&self, with_threes: bool) -> Vec<usize> {
        let me = self.st.side();
        let n = self.size() * self.size();
        let mut fours: Vec<usize> = (0..n)
            .filter(|&i| self.st.is_empty(i) && self.st.combo(i, me) >= Combo::Block4)
            .collect();
        fours.sort_by_key(|&i| (std::cmp::Reverse(self.st.value(i, me)), i));
        if with_threes {
            let mut threes: Vec<usize> = (0..n)
                .filter(|&i| {
                    let c = self.st.combo(i, me);
                    self.st.is_empty(i) && c >= Combo::Flex3 && c < Combo::Block4
                })
                .collect();
            threes.sort_by_key(|&i| (std::cmp::Reverse(self.st.value(i, me)), i));
            fours.extend(threes);
        }
        fours
    }

    /// Counts a node; true when the budget is spent (the search then returns "no win").
    fn tick(&mut self) -> bool {
        if !self.aborted {
            self.nodes += 1;
            self.aborted = self.nodes >= self.limit;
        }
        self.aborted
    }

    /// Attacker to move: a win within `depth` attacker moves?
    pub(crate) fn attack(&mut self, depth: u32) -> bool {
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.count(me, Combo::Five) > 0 {
            return depth >= 1;
        }
        if depth <= 1 || self.st.count(opp, Combo::Five) > 0 {
            return false;
        }
        if self.st.count(me, Combo::Flex4) > 0 {
            return true;
        }
        if self.tick() {
            return false;
        }
        let key = self.st.hash();
        let e = self.tt.get(&key).copied().unwrap_or_default();
        if e.win != 0 && u32::from(e.win) <= depth {
            return true;
        }
        if u32::from(e.fail) >= depth {
            return false;
        }
        let with_threes = self.threes && depth >= 3;
        let mut won = false;
        for m in self.attacks(with_threes) {
            self.st.make(self.pos(m));
            let r = self.defend(depth - 1);
            self.st.unmake();
            if r {
                won = true;
                break;
            }
            if self.aborted {
                return false;
            }
        }
        let e = self.tt.entry(key).or_default();
        if won {
            if e.win == 0 || u32::from(e.win) > depth {
                e.win = depth as u8;
            }
        } else if u32::from(e.fail) < depth {
            e.fail = depth as u8;
        }
        won
    }

    /// The defender's moves to examine after a threat, or the outcome when there is nothing
    /// to examine: `Err(true)` the attacker wins (with one more move), `Err(false)` not.
    fn defences(&mut self, depth: u32) -> Result<Vec<usize>, bool> {
        let def = self.st.side();
        let att = def.opponent();
        if self.st.count(def, Combo::Five) > 0 {
            return Err(false);
        }
        let fives = self.st.count(att, Combo::Five);
        if fives >= 2 {
            return Err(depth >= 1);
        }
        if fives == 1 {
            let f = self.first_with(att, Combo::Five).expect("a five point");
            if !self.st.playable(f) {
                return Err(depth >= 1);
            }
            return Ok(vec![f]);
        }
        if self.st.count(att, Combo::Flex4) == 0 {
            return Err(false); // no threat: the defender has a free move
        }
        if depth < 2 {
            return Err(false);
        }
        let n = self.size() * self.size();
        Ok((0..n)
            .filter(|&i| {
                self.st.playable(i) && (self.four_point(i, att) || self.four_point(i, def))
            })
            .collect())
    }

    /// Defender to move after the attacker's threat: does every defence lose?
    fn defend(&mut self, depth: u32) -> bool {
        if self.tick() {
            return false;
        }
        let defences = match self.defences(depth) {
            Ok(d) => d,
            Err(r) => return r,
        };
        for d in defences {
            self.st.make(self.pos(d));
            let r = self.after_defence(depth);
            self.st.unmake();
            if !r || self.aborted {
                return false;
            }
        }
        true
    }

    /// Attacker to move after defence; the defence may have been a four, which the attacker
    /// must block before the defender defends again.
    fn after_defence(&mut self, depth: u32) -> bool {
        match self.defender_four() {
            None => self.attack(depth),
            Some(None) => false,
            Some(Some(b)) => {
                if self.st.count(self.st.side(), Combo::Five) > 0 {
                    return depth >= 1; // cannot happen after a real defence; safe anyway
                }
                self.st.make(self.pos(b));
                let r = self.defend(depth);
                self.st.unmake();
                r
            }
        }
    }

    /// Attacker to move: `None` when the defender has no five point, `Some(Some(b))` the one
    /// block the attacker can make, `Some(None)` when it cannot block them all.
    fn defender_four(&mut self) -> Option<Option<usize>> {
        let att = self.st.side();
        let def = att.opponent();
        let n = self.st.count(def, Combo::Five);
        if n == 0 {
            return None;
        }
        if n >= 2 {
            return Some(None);
        }
        let b = self.first_with(def, Combo::Five).expect("a five point");
        Some(self.st.playable(b).then_some(b))
    }

    /// After a defence, attacker to move: does the defender lose at once (a five point for
    /// the attacker, or an open four the defender cannot meet with a four)?
    fn loses_at_once(&self) -> bool {
        let att = self.st.side();
        let def = att.opponent();
        self.st.count(att, Combo::Five) > 0
            || (self.st.count(def, Combo::Five) == 0 && self.st.count(att, Combo::Flex4) > 0)
    }

    /// Every first move (fours, then threes when allowed) with the fewest attacker moves it
    /// wins in, each within the depth and node limits of its own.
    pub(crate) fn analyse_root(&mut self, max_depth: u32, nodes: u64) -> RootAnalysis {
        let mut tries = Vec::new();
        for m in self.attacks(self.threes) {
            self.st.make(self.pos(m));
            self.budget(nodes);
            let mut found = None;
            for d in 1..max_depth {
                if self.defend(d) {
                    found = Some(d + 1);
                    break;
                }
                if self.aborted {
                    break;
                }
            }
            self.st.unmake();
            tries.push((self.pos(m), found));
        }
        RootAnalysis { tries }
    }

    /// Does the side to move win within `max_depth` attacker moves, `nodes` nodes?
    pub(crate) fn wins(&mut self, max_depth: u32, nodes: u64) -> Option<u32> {
        self.budget(nodes);
        for d in 1..=max_depth {
            if self.attack(d) {
                return Some(d);
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// Defender to move: does the attacker win against every defence within `max_depth`
    /// more attacker moves (`nodes` nodes)?
    pub(crate) fn defender_loses(&mut self, max_depth: u32, nodes: u64) -> bool {
        self.budget(nodes);
        for d in 1..=max_depth {
            if self.defend(d) {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        false
    }

    /// The fewest attacker moves in which the attacker to move wins, up to `depth` (known
    /// to win): shorter depths are tried within [`BUILD_NODES`] each.
    fn min_depth(&mut self, depth: u32) -> Option<u32> {
        for d in 1..depth {
            self.budget(BUILD_NODES);
            if self.attack(d) {
                return Some(d);
            }
        }
        self.budget(BUILD_NODES * 4);
        self.attack(depth).then_some(depth)
    }

    /// The solution tree of a first move `m` already proven to win within `depth` attacker
    /// moves (itself included).
    pub(crate) fn build_from(&mut self, m: Pos, depth: u32) -> Option<Node<Pos>> {
        let mut moves = 1;
        self.st.make(m);
        let replies = self.build_defend(depth - 1, &mut moves);
        self.st.unmake();
        Some(Node {
            mv: m,
            replies: replies?,
        })
    }

    /// The solution tree from the attacker to move, who wins within `depth`. Counts the moves
    /// it holds in `moves`; `None` past [`MAX_TREE_MOVES`] or if a proof does not repeat.
    pub(crate) fn build_attack(&mut self, depth: u32, moves: &mut usize) -> Option<Node<Pos>> {
        *moves += 1;
        if *moves > MAX_TREE_MOVES {
            return None;
        }
        let me = self.st.side();
        if let Some(f) = self.first_with(me, Combo::Five) {
            return Some(leaf(self.pos(f)));
        }
        let depth = self.min_depth(depth)?;
        let candidates = if self.st.count(me, Combo::Flex4) > 0 {
            vec![
                self.first_with(me, Combo::Flex4)
                    .expect("an open four point"),
            ]
        } else {
            self.attacks(self.threes && depth >= 3)
        };
        for m in candidates {
            self.st.make(self.pos(m));
            self.budget(BUILD_NODES * 4);
            let wins = self.defend(depth - 1);
            let tree = if wins {
                self.build_defend(depth - 1, moves)
            } else {
                None
            };
            self.st.unmake();
            if wins {
                return tree.map(|replies| Node {
                    mv: self.pos(m),
                    replies,
                });
            }
        }
        None
    }

    /// The defender's replies (hardest first) after a threat that wins within `depth`.
    fn build_defend(&mut self, depth: u32, moves: &mut usize) -> Option<Vec<Reply<Pos>>> {
        let def = self.st.side();
        let att = def.opponent();
        let defences = match self.defences(depth) {
            Ok(d) => d,
            Err(true) => {
                // Lost whatever the defender does: one representative reply (a block of a
                // five point when it can, else its first legal move), then the five.
                let n = self.size() * self.size();
                let d = (0..n)
                    .find(|&i| self.st.playable(i) && self.st.combo(i, att) == Combo::Five)
                    .or_else(|| (0..n).find(|&i| self.st.playable(i)))?;
                return self.reply(d, depth, moves).map(|r| vec![r]);
            }
            Err(false) => return None,
        };
        let mut replies = Vec::new();
        let mut first_lost = None;
        for &d in &defences {
            self.st.make(self.pos(d));
            let at_once = self.loses_at_once();
            self.st.unmake();
            if at_once {
                first_lost.get_or_insert(d);
                continue;
            }
            replies.push(self.reply(d, depth, moves)?);
        }
        if replies.is_empty() {
            replies.push(self.reply(first_lost?, depth, moves)?);
        }
        replies.sort_by_key(|r| std::cmp::Reverse((r.next.depth(), r.next.size())));
        Some(replies)
    }

    fn reply(&mut self, d: usize, depth: u32, moves: &mut usize) -> Option<Reply<Pos>> {
        *moves += 1;
        self.st.make(self.pos(d));
        let next = match self.defender_four() {
            None => self.build_attack(depth, moves),
            Some(None) => None,
            Some(Some(b)) => {
                *moves += 1;
                self.st.make(self.pos(b));
                let replies = self.build_defend(depth, moves);
                self.st.unmake();
                replies.map(|replies| Node {
                    mv: self.pos(b),
                    replies,
                })
            }
        };
        self.st.unmake();
        Some(Reply {
            mv: self.pos(d),
            next: next?,
        })
    }

    /// Side to move now.
    pub(crate) fn side(&self) -> Stone {
        self.st.side()
    }

    /// Whether `c` has a five point now.
    pub(crate) fn has_five_point(&self, c: Stone) -> bool {
        self.st.count(c, Combo::Five) > 0
    }

    /// The defences the solver examines after a threat (defender to move), when the threat
    /// leaves any.
    pub(crate) fn defence_points(&mut self) -> Vec<Pos> {
        let r = self.defences(VCT_DEPTH).unwrap_or_default();
        r.into_iter().map(|i| self.pos(i)).collect()
    }
}

fn leaf(p: Pos) -> Node<Pos> {
    Node {
        mv: p,
        replies: Vec::new(),
    }
}
