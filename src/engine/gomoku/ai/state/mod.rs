//! The board the search plays on: stones plus, for every empty point, the shape each colour
//! would make there in each line and in all four lines together, all kept up to date move
//! by move so that evaluation and move generation are table lookups.
//!
//! Here the board itself, its queries and make/unmake; the line keys and shapes' updates
//! are `lines`, the evaluation (tables and network) `eval`.

use super::nnue::{self, AccStack, Net};
use super::pattern::{COMBO_COUNT, Combo, Pattern, combo_from_u8, edge_key, slot_of, tables};
use crate::engine::gomoku::board::{Board, zobrist_side_key};
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::{DIRECTIONS, Pos, Stone};
use crate::engine::gomoku::rules::Rule;
use std::cell::RefCell;

mod eval;
mod lines;
#[cfg(test)]
mod tests;

/// Per-point data for one colour.
#[derive(Copy, Clone, Debug)]
struct Side {
    keys: [u32; 4],
    pats: [Pattern; 4],
    /// `combo_index(pats)`, kept up to date with the patterns: reading it back is cheaper
    /// than re-reading four freshly written bytes.
    cidx: u16,
    combo: Combo,
    value: i16,
    /// The point's share of the evaluation: `[0]` when this colour is to move, `[1]` when
    /// it is not (threats weigh more for the side that can play them first).
    eval: [i16; 2],
}

pub struct State {
    size: usize,
    rule: Rule,
    board: Board,
    side: Stone,
    /// `[point][colour]`
    cells: Vec<[Side; 2]>,
    /// Number of empty points with each combo, per colour.
    counts: [[u16; COMBO_COUNT]; 2],
    /// Sum of the points' evaluation shares over empty points, `[colour][to move or not]`.
    totals: [[i32; 2]; 2],
    /// Stones within two cells (Chebyshev distance): candidate moves have at least one.
    near: Vec<u8>,
    /// 0 empty, 1 Black, 2 White: the hot-path copy of the board.
    stones: Vec<u8>,
    /// Per colour, each point's combo (`Combo::None` where occupied): the compact copy that
    /// `points_with` scans, 32 points at a time, instead of the 64-byte cells.
    combos: [Vec<u8>; 2],
    /// `[point][direction][slot]`: the neighbour at each window slot (offsets -5..-1 are
    /// slots 0..4, +1..+5 slots 5..9), or `NONE` off the board. Saves the coordinate
    /// arithmetic and bounds checks of every update.
    nbr: Vec<[[u16; 10]; 4]>,
    moves: Vec<Pos>,
    /// Per colour: only exactly five wins (hot-path copy of the rule).
    exact: [bool; 2],
    /// Per colour: its evaluation set (`eval_table::table_index` with it to move).
    eval_set: [usize; 2],
    renju: bool,
    /// The learned evaluation when it is switched on (`Params::nnue`, a rule with a net): its
    /// accumulators, to which `account` and `update_lines` report the points whose codes
    /// change. In a cell because `evaluate` (`&self`) brings them up to date lazily.
    nn: RefCell<Option<AccStack>>,
    /// The heads that value each colour to move (`[Black, White]`) from the same
    /// accumulators, where given (`nnue::heads_for`); `nn`'s net values a colour without.
    nn_heads: [Option<&'static Net>; 2],
    /// The tables' share mixed into the network's value (`Params::nnue_mix_for` this rule),
    /// read once here rather than per evaluation: `None` leaves the network's value as is.
    nn_mix: Option<f32>,
    /// What `make` changed, so that `unmake` puts it back instead of recomputing it (the
    /// recomputation cost as much as the move itself, Renju's forbidden checks included).
    frames: Vec<Frame>,
    /// Both colours' data before the move for every empty point whose shape a move
    /// changed; each frame owns the entries from its `mark` on.
    undo: Vec<[Side; 2]>,
    /// The point of each `undo` entry. Apart from it so that a cell is copied straight
    /// onto the stack: an entry built as a `(point, data)` pair went through a temporary
    /// on the machine stack first (2-3% of the search's time, session 53).
    undo_at: Vec<u16>,
}

/// One `make`'s saved state.
struct Frame {
    mark: usize,
    counts: [[u16; COMBO_COUNT]; 2],
    totals: [[i32; 2]; 2],
}

const NONE: u16 = u16::MAX;

/// `p`'s share of the tables mixed into `rule`'s network value, or `None` for none.
fn mix_of(p: &super::params::Params, rule: Rule) -> Option<f32> {
    Some(p.nnue_mix_for(rule)).filter(|&mix| mix != 0.0)
}

impl State {
    /// The search board for `game`'s position and side to move.
    pub fn from_game(game: &Game) -> State {
        let on = super::params::Params::get().nnue_for(game.rule());
        let net = nnue::net_for(game.rule(), on);
        State::with_nets(game, net, nnue::heads_for(game.rule(), net))
    }

    /// [`State::from_game`] evaluating with `net` (`None`: the tables).
    pub fn with_net(game: &Game, net: Option<&'static Net>) -> State {
        State::with_nets(game, net, [None, None])
    }

    /// [`State::with_net`], with each colour to move valued by its head in `heads`
    /// (`[Black, White]`) where given (heads share `net`'s first layer:
    /// [`nnue::check_head`]).
    pub fn with_nets(
        game: &Game,
        net: Option<&'static Net>,
        heads: [Option<&'static Net>; 2],
    ) -> State {
        let size = game.size();
        let t = tables();
        let mut cells = Vec::with_capacity(size * size);
        for i in 0..size * size {
            let p = Pos::from_index(i, size);
            let mut keys = [0u32; 4];
            for (d, (dx, dy)) in DIRECTIONS.into_iter().enumerate() {
                let steps = |sx: i32, sy: i32| {
                    (1..=5)
                        .take_while(|&k| p.offset(sx, sy, k, size).is_some())
                        .count()
                };
                keys[d] = edge_key(steps(-dx, -dy), steps(dx, dy));
            }
            let side = Side {
                keys,
                pats: [Pattern::Dead; 4],
                cidx: 0,
                combo: Combo::None,
                value: 0,
                eval: [0; 2],
            };
            cells.push([side, side]);
        }
        let _ = t;
        let mut st = State {
            size,
            rule: game.rule(),
            board: Board::new(size).expect("size of a valid game"),
            side: Stone::Black,
            cells,
            counts: [[0; COMBO_COUNT]; 2],
            totals: [[0; 2]; 2],
            near: vec![0; size * size],
            stones: vec![0; size * size],
            combos: [vec![0; size * size], vec![0; size * size]],
            nbr: (0..size * size)
                .map(|i| {
                    let p = Pos::from_index(i, size);
                    let mut n = [[NONE; 10]; 4];
                    for (d, (dx, dy)) in DIRECTIONS.into_iter().enumerate() {
                        for off in (-5..=-1).chain(1..=5) {
                            if let Some(q) = p.offset(dx, dy, off, size) {
                                n[d][slot_of(off)] = q.index(size) as u16;
                            }
                        }
                    }
                    n
                })
                .collect(),
            moves: Vec::new(),
            exact: match game.rule() {
                Rule::Freestyle => [false, false],
                Rule::Standard => [true, true],
                Rule::Renju => [true, false],
            },
            eval_set: [Stone::Black, Stone::White]
                .map(|c| super::eval_table::table_index(game.rule(), c)),
            renju: game.rule() == Rule::Renju,
            nn: RefCell::new(net.map(AccStack::new)),
            nn_heads: heads.map(|h| h.filter(|_| net.is_some())),
            nn_mix: mix_of(super::params::Params::get(), game.rule()),
            frames: Vec::new(),
            undo: Vec::new(),
            undo_at: Vec::new(),
        };
        for i in 0..size * size {
            st.refresh(i);
            st.account(i, 1);
        }
        for mv in game.history() {
            st.side = mv.stone;
            st.make(mv.pos);
        }
        st.side = game.to_move();
        st.net_rebase();
        st
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether Black has forbidden points (Renju).
    #[inline]
    pub fn renju(&self) -> bool {
        self.renju
    }

    /// The point of the last move played, if any.
    #[inline]
    pub fn last_move_index(&self) -> Option<usize> {
        self.moves.last().map(|p| p.index(self.size))
    }

    /// The point of the move `back` moves before the last (0: the last), if any.
    pub fn recent_move_index(&self, back: usize) -> Option<usize> {
        let n = self.moves.len().checked_sub(back + 1)?;
        Some(self.moves[n].index(self.size))
    }

    #[inline]
    pub fn side(&self) -> Stone {
        self.side
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.board.hash()
            ^ match self.side {
                Stone::Black => 0,
                Stone::White => zobrist_side_key(),
            }
    }

    #[inline]
    pub fn is_empty(&self, i: usize) -> bool {
        self.stones[i] == 0
    }

    #[inline]
    pub fn combo(&self, i: usize, c: Stone) -> Combo {
        self.cells[i][c.index()].combo
    }

    /// `c`'s combo at the empty point `i` from its shapes alone, as if nothing were
    /// forbidden: a point forbidden to Black still ends or splits Black's lines, so it is
    /// where White blocks them.
    #[inline]
    pub fn shape_combo(&self, i: usize, c: Stone) -> Combo {
        let s = &self.cells[i][c.index()];
        if s.combo == Combo::Forbidden {
            combo_from_u8(
                tables()
                    .combo_at(self.eval_set[c.index()], s.cidx as usize)
                    .combo,
            )
        } else {
            s.combo
        }
    }

    #[inline]
    pub fn value(&self, i: usize, c: Stone) -> i16 {
        self.cells[i][c.index()].value
    }

    /// Move-picker score of the empty point `i` for `me` to play: its own shape and the
    /// opponent's shape it takes (`move_table`). A point forbidden to a colour has no shape
    /// for it, only the forbidden combo's score.
    #[inline]
    pub fn move_score(&self, i: usize, me: Stone) -> i32 {
        let t = tables();
        let part = |c: Stone, k: usize| {
            let s = &self.cells[i][c.index()];
            if s.combo == Combo::Forbidden {
                super::move_table::MOVE.combo[k][Combo::Forbidden as usize]
            } else {
                t.move_score_at(self.exact[c.index()], s.cidx as usize)[k] as i32
            }
        };
        part(me, 0) + part(me.opponent(), 1)
    }

    /// What the move picker's table sees of the empty point `i` for `c`: the index of its
    /// four line patterns ([`combo_index`]) and its combo; a point forbidden to `c` is only
    /// its combo (index 0).
    pub fn shape(&self, i: usize, c: Stone) -> [u16; 2] {
        let s = &self.cells[i][c.index()];
        if s.combo == Combo::Forbidden {
            [0, Combo::Forbidden as u16]
        } else {
            [s.cidx, s.combo as u16]
        }
    }

    #[inline]
    pub fn line(&self, i: usize, c: Stone, d: usize) -> Pattern {
        self.cells[i][c.index()].pats[d]
    }

    #[inline]
    pub fn near(&self, i: usize) -> bool {
        self.near[i] > 0
    }

    /// Empty points where `c` would make at least combo `at_least`.
    #[inline]
    pub fn count_at_least(&self, c: Stone, at_least: Combo) -> u32 {
        self.counts[c.index()][at_least as usize..]
            .iter()
            .map(|&n| n as u32)
            .sum()
    }

    #[inline]
    pub fn count(&self, c: Stone, combo: Combo) -> u32 {
        self.counts[c.index()][combo as usize] as u32
    }

    /// Plays the side to move at the empty point `p`.
    pub fn make(&mut self, p: Pos) {
        let c = self.side;
        let i = p.index(self.size);
        if let Some(nn) = self.nn.get_mut() {
            nn.push();
        }
        self.frames.push(Frame {
            mark: self.undo.len(),
            counts: self.counts,
            totals: self.totals,
        });
        self.account(i, -1);
        self.board.place(p, c);
        self.stones[i] = 1 + c.index() as u8;
        self.combos[0][i] = Combo::None as u8;
        self.combos[1][i] = Combo::None as u8;
        self.update_lines(p, c);
        self.update_near(p, 1);
        self.moves.push(p);
        self.side = c.opponent();
    }

    /// Takes back the last move: the keys by arithmetic, everything else from the frame.
    pub fn unmake(&mut self) {
        let p = self.moves.pop().expect("unmake with no move");
        let frame = self.frames.pop().expect("a frame for every move");
        let c = self.side.opponent();
        // The network's accumulators go back a level. Below the state's first position
        // they are recomputed.
        let rebase = self.nn.get_mut().as_mut().is_some_and(|nn| !nn.pop());
        let i = p.index(self.size);
        self.board.remove(p);
        self.stones[i] = 0;
        self.unkey_lines(i, c);
        for (j, saved) in self
            .undo_at
            .drain(frame.mark..)
            .zip(self.undo.drain(frame.mark..))
            .rev()
        {
            let j = j as usize;
            for (k, old) in saved.into_iter().enumerate() {
                // The keys are already back (`unkey_lines`); the rest is as it was.
                let cell = &mut self.cells[j][k];
                *cell = Side {
                    keys: cell.keys,
                    ..old
                };
                self.combos[k][j] = old.combo as u8;
            }
        }
        // The played point's own data never changed: its stone is not in its windows.
        for k in 0..2 {
            self.combos[k][i] = self.cells[i][k].combo as u8;
        }
        self.counts = frame.counts;
        self.totals = frame.totals;
        self.update_near(p, -1);
        self.side = c;
        if rebase {
            self.net_rebase();
        }
    }

    /// Passes the move (for threat searches that ask "what if the opponent did nothing").
    pub fn flip_side(&mut self) {
        self.side = self.side.opponent();
    }

    /// Whether the side to move may play at `i` (empty, and not forbidden for Black).
    #[inline]
    pub fn playable(&self, i: usize) -> bool {
        self.is_empty(i) && self.combos[self.side.index()][i] != Combo::Forbidden as u8
    }

    /// Points on the four lines through `p`, within four cells, where `c` would make `combo`
    /// or better: where a stone just played at `p` can have created new threats.
    pub fn points_near_with(&self, p: Pos, c: Stone, at_least: Combo, out: &mut Vec<usize>) {
        out.clear();
        for (dx, dy) in DIRECTIONS {
            for k in -4..=4 {
                if k == 0 {
                    continue;
                }
                if let Some(q) = p.offset(dx, dy, k, self.size) {
                    let i = q.index(self.size);
                    if self.is_empty(i) && self.cells[i][c.index()].combo >= at_least {
                        out.push(i);
                    }
                }
            }
        }
    }

    /// Points where `c` would make `combo` or better, in board order.
    pub fn points_with(&self, c: Stone, at_least: Combo, out: &mut Vec<usize>) {
        out.clear();
        if self.count_at_least(c, at_least) == 0 {
            return;
        }
        let at_least = at_least as u8;
        for (n, chunk) in self.combos[c.index()].chunks(32).enumerate() {
            // Threat points are few: most chunks are passed over with one vector compare.
            if chunk.iter().fold(0, |m, &b| m.max(b)) < at_least {
                continue;
            }
            for (k, &b) in chunk.iter().enumerate() {
                if b >= at_least {
                    out.push(n * 32 + k);
                }
            }
        }
    }
}
