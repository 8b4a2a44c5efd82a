//! The board the search plays on: stones plus, for every empty point, the shape each colour
//! would make there in each line and in all four lines together, all kept up to date move
//! by move so that evaluation and move generation are table lookups.

use super::nnue::{self, ACC, AccStack, NO_CODE, Net};
use super::pattern::{
    COMBO_COUNT, COMBO_WEIGHT, Combo, PATTERN_COUNT, POW3, Pattern, combo_from_u8, combo_index,
    edge_key, pcode_at, slot_of, tables,
};
use crate::engine::gomoku::board::{Board, zobrist_side_key};
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::{DIRECTIONS, Pos, Stone};
use crate::engine::gomoku::rules::{self, Rule};
use std::cell::RefCell;
use std::sync::OnceLock;

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
    /// `(point, both colours' data before the move)` for every empty point whose shape a
    /// move changed; each frame owns the entries from its `mark` on.
    undo: Vec<(u16, [Side; 2])>,
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

    /// Recomputes the network's accumulators from scratch as the base of its stack.
    fn net_rebase(&mut self) {
        let Some(nn) = self.nn.get_mut() else {
            return;
        };
        let net = nn.net();
        let mut acc = [net.b1; 2];
        for i in 0..self.size * self.size {
            if self.stones[i] != 0 {
                continue;
            }
            for (c, a) in acc.iter_mut().enumerate() {
                let s = &self.cells[i][c];
                net.replace(a, NO_CODE, net_code(s.combo, s.cidx));
            }
        }
        nn.reset(acc);
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

    /// Static evaluation for the side to move. With a network loaded: the network's value
    /// (the side to move's colour head where the rule has one), with the tables' share read
    /// when the board was built mixed in (in freestyle a quarter of the tables' value). Without one: the tables' value, i.e. the side to move's point
    /// shares less the opponent's as the side waiting, plus the threat table's value for the
    /// kinds of threat points on the board (tables fitted to game results, `eval_table`).
    pub fn evaluate(&self) -> i32 {
        self.evaluate_mixed(self.nn_mix)
    }

    /// [`State::evaluate`] under the parameters `p` (`nnue_mix` mixes the tables into a
    /// network's value; the tables' value ignores it).
    pub fn evaluate_with(&self, p: &super::params::Params) -> i32 {
        self.evaluate_mixed(mix_of(p, self.rule))
    }

    fn evaluate_mixed(&self, mix: Option<f32>) -> i32 {
        let (me, opp) = (self.side.index(), self.side.opponent().index());
        let threat = || {
            let mask = super::pattern::threat_mask(|k, c| {
                self.counts[if k == 0 { me } else { opp }][c as usize] as u32
            });
            super::eval_table::TABLES[self.eval_set[me]].threat[mask] as i32
        };
        let tables = || {
            (self.totals[me][0] - self.totals[opp][1] + threat()) / super::eval_table::EVAL_SCALE
        };
        if let Some(nn) = self.nn.borrow_mut().as_mut() {
            let net = self.nn_heads[me].unwrap_or_else(|| nn.net());
            let acc = nn.current();
            let v = net.evaluate(&acc[me], &acc[opp]);
            let Some(mix) = mix else {
                return v;
            };
            let mut v = v as f32;
            if mix > 0.0 {
                v += mix * (tables() as f32 - v);
            }
            // Well inside the search's win scores whatever the mix.
            return (v as i32).clamp(-20_000, 20_000);
        }
        tables()
    }

    /// What the evaluation is made of, for fitting it: per colour (the side to move first),
    /// how many empty points make each line pattern in some direction (counted once per
    /// direction) and each combo. Forbidden points count nothing, as in the evaluation.
    pub fn eval_features(&self) -> [[u32; PATTERN_COUNT + COMBO_COUNT]; 2] {
        let mut f = [[0u32; PATTERN_COUNT + COMBO_COUNT]; 2];
        let order = [self.side, self.side.opponent()];
        for i in 0..self.size * self.size {
            if !self.is_empty(i) {
                continue;
            }
            for (k, c) in order.into_iter().enumerate() {
                let s = &self.cells[i][c.index()];
                if s.combo == Combo::Forbidden {
                    continue;
                }
                for p in s.pats {
                    f[k][p as usize] += 1;
                }
                f[k][PATTERN_COUNT + s.combo as usize] += 1;
            }
        }
        f
    }

    /// Per colour (the side to move first), how many empty points make each four-pattern
    /// combination ([`super::pattern::pcode`]); forbidden points count nothing.
    pub fn eval_pcodes(&self) -> [Vec<u16>; 2] {
        let mut f = [
            vec![0u16; super::pattern::PCODE_COUNT],
            vec![0u16; super::pattern::PCODE_COUNT],
        ];
        let order = [self.side, self.side.opponent()];
        for i in 0..self.size * self.size {
            if !self.is_empty(i) {
                continue;
            }
            for (k, c) in order.into_iter().enumerate() {
                let s = &self.cells[i][c.index()];
                if s.combo != Combo::Forbidden {
                    f[k][super::pattern::pcode(s.pats)] += 1;
                }
            }
        }
        f
    }

    /// Recomputes patterns, combo and value of point `i` for both colours from its keys.
    fn refresh(&mut self, i: usize) {
        let t = tables();
        for c in [Stone::Black, Stone::White] {
            let exact = self.exact[c.index()];
            let s = &mut self.cells[i][c.index()];
            for d in 0..4 {
                s.pats[d] = t.line(exact, s.keys[d]);
            }
            s.cidx = combo_index(s.pats) as u16;
        }
        self.recombine(i);
    }

    /// Recomputes combo and value of point `i` for both colours from its line patterns.
    #[inline]
    fn recombine(&mut self, i: usize) {
        let t = tables();
        for k in 0..2 {
            let s = &mut self.cells[i][k];
            let e = t.combo_at(self.eval_set[k], s.cidx as usize);
            s.combo = combo_from_u8(e.combo);
            s.value = e.value;
            s.eval = e.eval;
            // Only Black under Renju has forbidden points; the table flags the few shapes
            // that need the exact (recursive) check.
            if e.suspicious && self.renju && k == 0 {
                let p = Pos::from_index(i, self.size);
                if self.board.is_empty_at(p)
                    && rules::forbidden_in_place(&mut self.board, p).is_some()
                {
                    let s = &mut self.cells[i][k];
                    s.combo = Combo::Forbidden;
                    s.value = 0;
                    s.eval = [0; 2];
                }
            }
            self.combos[k][i] = self.cells[i][k].combo as u8;
        }
    }

    /// Adds (`sign` 1) or removes (-1) point `i`'s combos and values from the totals.
    #[inline]
    fn account(&mut self, i: usize, sign: i32) {
        for c in 0..2 {
            let s = self.cells[i][c];
            self.counts[c][s.combo as usize] =
                (self.counts[c][s.combo as usize] as i32 + sign) as u16;
            self.totals[c][0] += sign * s.eval[0] as i32;
            self.totals[c][1] += sign * s.eval[1] as i32;
            if let Some(nn) = self.nn.get_mut() {
                let code = net_code(s.combo, s.cidx);
                let (old, new) = if sign > 0 {
                    (NO_CODE, code)
                } else {
                    (code, NO_CODE)
                };
                nn.record(c, old, new);
            }
        }
    }

    /// The network's accumulators, `[Black, White]` (for tests).
    pub fn accumulators(&self) -> Option<[[i16; ACC]; 2]> {
        self.nn.borrow_mut().as_mut().map(|nn| *nn.current())
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
        for (j, saved) in self.undo.drain(frame.mark..).rev() {
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

    /// Takes `c`'s stone at `i` out of its neighbours' keys (the shapes come back from
    /// the undo entries).
    fn unkey_lines(&mut self, i: usize, c: Stone) {
        let mine = c.index();
        for d in 0..4 {
            for slot in 0..10 {
                let j = self.nbr[i][d][slot];
                if j == NONE {
                    continue;
                }
                let delta = POW3[9 - slot];
                let cell = &mut self.cells[j as usize];
                cell[mine].keys[d] -= delta;
                cell[1 - mine].keys[d] -= 2 * delta;
            }
        }
    }

    /// Puts `c`'s new stone at `p` into its neighbours' keys and brings the shapes of the
    /// empty ones up to date, saving what changes for `unmake`.
    fn update_lines(&mut self, p: Pos, c: Stone) {
        let i = p.index(self.size);
        let mine = c.index();
        let theirs = 1 - mine;
        let exact = self.exact;
        let t = tables();
        let mut dt = [[0i32; 2]; 2];
        for (d, w) in COMBO_WEIGHT.into_iter().enumerate() {
            for slot in 0..10 {
                let j = self.nbr[i][d][slot];
                if j == NONE {
                    continue;
                }
                let j = j as usize;
                // `p` sits in the mirrored slot of `j`'s window.
                let delta = POW3[9 - slot];
                let cell = &mut self.cells[j];
                cell[mine].keys[d] += delta;
                cell[theirs].keys[d] += 2 * delta;
                if self.stones[j] != 0 {
                    // An occupied point keeps its shapes as they were when it was played:
                    // moves are unmade in order, so it is emptied on that same board.
                    continue;
                }
                // Only this direction changed: two line lookups, and the combos only
                // when a shape really changed (most far cells keep theirs).
                let pm = t.line(exact[mine], cell[mine].keys[d]);
                let pt = t.line(exact[theirs], cell[theirs].keys[d]);
                if pm == cell[mine].pats[d] && pt == cell[theirs].pats[d] {
                    continue;
                }
                // Totals are summed in a local: read-modify-write of the same field over and
                // over would chain every update through memory.
                let before = [
                    (self.cells[j][0].combo, self.cells[j][0].eval),
                    (self.cells[j][1].combo, self.cells[j][1].eval),
                ];
                let before_cidx = [self.cells[j][0].cidx, self.cells[j][1].cidx];
                self.undo.push((j as u16, self.cells[j]));
                let cell = &mut self.cells[j];
                cell[mine].cidx =
                    (cell[mine].cidx as i32 + (pm as i32 - cell[mine].pats[d] as i32) * w) as u16;
                cell[theirs].cidx = (cell[theirs].cidx as i32
                    + (pt as i32 - cell[theirs].pats[d] as i32) * w)
                    as u16;
                cell[mine].pats[d] = pm;
                cell[theirs].pats[d] = pt;
                self.recombine(j);
                for (k, &(combo, eval)) in before.iter().enumerate() {
                    let side = &self.cells[j][k];
                    // Most updates keep the combo (usually None): skip the count update
                    // rather than chain -1/+1 on the same counter through memory.
                    if side.combo != combo {
                        self.counts[k][combo as usize] -= 1;
                        self.counts[k][side.combo as usize] += 1;
                    }
                    dt[k][0] += side.eval[0] as i32 - eval[0] as i32;
                    dt[k][1] += side.eval[1] as i32 - eval[1] as i32;
                    if let Some(nn) = self.nn.get_mut() {
                        nn.record(
                            k,
                            net_code(combo, before_cidx[k]),
                            net_code(side.combo, side.cidx),
                        );
                    }
                }
            }
        }
        for (total, d) in self.totals.iter_mut().zip(dt) {
            total[0] += d[0];
            total[1] += d[1];
        }
    }

    fn update_near(&mut self, p: Pos, sign: i32) {
        static OFFSETS: OnceLock<Vec<(i32, i32)>> = OnceLock::new();
        let offsets = OFFSETS.get_or_init(|| super::params::Params::get().near_offsets());
        let size = self.size as i32;
        for &(dx, dy) in offsets {
            let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
            if x >= 0 && y >= 0 && x < size && y < size {
                let j = (y * size + x) as usize;
                self.near[j] = (self.near[j] as i32 + sign) as u8;
            }
        }
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

/// A point's input to the network: its four-pattern code, none ([`NO_CODE`]) when
/// forbidden (as in `State::eval_pcodes`).
#[inline]
fn net_code(combo: Combo, cidx: u16) -> u16 {
    if combo == Combo::Forbidden {
        NO_CODE
    } else {
        pcode_at(cidx as usize) as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;
    use rand::{RngExt, SeedableRng};

    /// The parameters with `mix` the tables' share in a network's value.
    fn mixed(mix: f32) -> super::super::params::Params {
        super::super::params::Params {
            nnue_mix: mix,
            ..super::super::params::Params::DEFAULT
        }
    }

    /// No share of the tables mixed into a network's value: its own.
    fn net_alone() -> super::super::params::Params {
        mixed(0.0)
    }

    /// Plays a random legal move; `None` when there is none or the game has ended.
    fn play_random(game: &mut Game, rng: &mut StdRng) -> Option<Pos> {
        let legal: Vec<Pos> = game
            .board()
            .empty_points()
            .filter(|&p| game.check_move(p).is_ok())
            .collect();
        let &p = legal.choose(rng)?;
        (!game.play(p).unwrap().is_over()).then_some(p)
    }

    /// Everything `make` and `unmake` keep up to date equals `fresh`'s.
    fn assert_same(st: &State, fresh: &State, what: &str) {
        assert_eq!(st.totals, fresh.totals, "{what}");
        assert_eq!(st.counts, fresh.counts, "{what}");
        assert_eq!(st.hash(), fresh.hash(), "{what}");
        assert_eq!(st.stones, fresh.stones, "{what}");
        assert_eq!(st.near, fresh.near, "{what}");
        assert_eq!(st.combos, fresh.combos, "{what}");
        for i in 0..225 {
            for c in 0..2 {
                let (a, b) = (&st.cells[i][c], &fresh.cells[i][c]);
                assert_eq!(a.keys, b.keys, "{what} point {i}");
                if st.stones[i] == 0 {
                    // An occupied point keeps the shapes it had when it was played.
                    assert_eq!(
                        (a.pats, a.cidx, a.combo, a.value, a.eval),
                        (b.pats, b.cidx, b.combo, b.value, b.eval),
                        "{what} point {i} colour {c}"
                    );
                }
            }
        }
    }

    /// Incremental updates agree with a state built from scratch after random play, and
    /// unmaking move by move gives back each earlier position exactly.
    #[test]
    fn incremental_matches_scratch() {
        let mut rng = StdRng::seed_from_u64(7);
        for rule in Rule::ALL {
            let mut game = Game::new(15, rule).unwrap();
            let mut st = State::from_game(&game);
            for _ in 0..80 {
                let Some(p) = play_random(&mut game, &mut rng) else {
                    break;
                };
                st.make(p);
                assert_eq!(st.hash(), game.hash());
                assert_same(&st, &State::from_game(&game), &format!("{rule:?} make"));
            }
            while st.ply() > 0 {
                st.unmake();
                game.undo().unwrap();
                assert_same(&st, &State::from_game(&game), &format!("{rule:?} unmake"));
            }
            assert_eq!(game.history().len(), 0);
        }
    }

    /// With a colour's head, positions with that colour to move are valued by it and the
    /// others by the rule net (or the other colour's head), all from the same
    /// accumulators; each head differs from the net on the way.
    #[test]
    fn a_colour_head_values_its_colour_to_move() {
        let base_f = nnue::random_net(21);
        let leak = |f: &nnue::FloatNet| -> &'static Net {
            Box::leak(Box::new(Net::quantize(f, "test").unwrap()))
        };
        let net = leak(&base_f);
        let (black, white) = (
            leak(&nnue::random_head(&base_f, 22)),
            leak(&nnue::random_head(&base_f, 24)),
        );
        let mut rng = StdRng::seed_from_u64(23);
        for rule in Rule::ALL {
            for heads in [
                [None, Some(white)],
                [Some(black), None],
                [Some(black), Some(white)],
            ] {
                let mut game = Game::new(15, rule).unwrap();
                let mut st = State::with_nets(&game, Some(net), heads);
                let mut differ = [false; 2];
                for _ in 0..40 {
                    let Some(p) = play_random(&mut game, &mut rng) else {
                        break;
                    };
                    st.make(p);
                    let acc = st.accumulators().unwrap();
                    let (me, opp) = (st.side().index(), st.side().opponent().index());
                    let by = |n: &Net| n.evaluate(&acc[me], &acc[opp]);
                    let expected = by(heads[me].unwrap_or(net));
                    assert_eq!(
                        st.evaluate_with(&net_alone()),
                        expected,
                        "{rule:?} ply {}",
                        st.ply()
                    );
                    differ[me] |= expected != by(net);
                }
                assert_eq!(differ, heads.map(|h| h.is_some()), "{rule:?}");
                // Without a net there are no heads either: the tables value both colours.
                let tables = State::with_nets(&game, None, heads);
                assert!(tables.accumulators().is_none());
                assert_eq!(tables.evaluate(), State::with_net(&game, None).evaluate());
            }
        }
    }

    /// The network's accumulators, brought up to date lazily after random makes and
    /// unmakes (checked after some of them only, so that several levels catch up at once),
    /// equal ones recomputed from `eval_pcodes`, and the evaluation is the network's; also
    /// when unmaking below a state's first position.
    #[test]
    fn nnue_accumulators_follow_make_and_unmake() {
        let net: &'static Net = Box::leak(Box::new(
            Net::quantize(&nnue::random_net(9), "random").unwrap(),
        ));
        let mut rng = StdRng::seed_from_u64(13);
        for rule in Rule::ALL {
            let mut game = Game::new(15, rule).unwrap();
            let mut st = State::with_net(&game, Some(net));
            let check = |st: &State| {
                let pc = st.eval_pcodes();
                let sparse = super::super::nnue::sparse;
                let (me, opp) = (
                    net.accumulate(&sparse(&pc[0])),
                    net.accumulate(&sparse(&pc[1])),
                );
                let acc = st.accumulators().unwrap();
                let side = st.side().index();
                assert_eq!(acc[side], me, "{rule:?} ply {}", st.ply());
                assert_eq!(acc[1 - side], opp, "{rule:?} ply {}", st.ply());
                assert_eq!(st.evaluate_with(&net_alone()), net.evaluate(&me, &opp));
            };
            for _ in 0..60 {
                // Now and then take back a few moves, then play on.
                if rng.random_range(0..4) == 0 {
                    for _ in 0..rng.random_range(1..=3usize).min(st.ply()) {
                        st.unmake();
                        game.undo();
                        if rng.random_range(0..3) == 0 {
                            check(&st);
                        }
                    }
                }
                let Some(p) = play_random(&mut game, &mut rng) else {
                    break;
                };
                st.make(p);
                if rng.random_range(0..3) == 0 {
                    check(&st);
                }
            }
            check(&st);
            // A state built in the middle of the game, taken back to the start.
            let mut mid = State::with_net(&game, Some(net));
            while mid.ply() > 0 {
                mid.unmake();
                check(&mid);
            }
            while st.ply() > 0 {
                st.unmake();
            }
            check(&st);
            let fresh = State::with_net(&Game::new(15, rule).unwrap(), Some(net));
            assert_eq!(st.accumulators(), fresh.accumulators());
        }
    }

    /// The network's value under `nnue_mix`: moved toward the tables' value by the mix's
    /// share (all the way at 1); the tables' value ignores it.
    #[test]
    fn network_value_mixes_with_the_tables_by_its_share() {
        let mut rng = StdRng::seed_from_u64(29);
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        let net = nnue::net_for(Rule::Freestyle, true).expect("freestyle has a net");
        let mut differ = 0;
        for _ in 0..30 {
            let st = State::with_net(&game, Some(net));
            let tables = State::with_net(&game, None);
            let p0 = net_alone();
            let (v, t) = (st.evaluate_with(&p0), tables.evaluate_with(&p0));
            assert_eq!(tables.evaluate_with(&mixed(0.5)), t);
            assert_eq!(st.evaluate_with(&mixed(1.0)), t);
            let half = st.evaluate_with(&mixed(0.5));
            assert!(
                (half - (v + t) / 2).abs() <= 1,
                "{half} not between {v} and {t}"
            );
            differ += (v != t) as u32;
            if play_random(&mut game, &mut rng).is_none() {
                break;
            }
        }
        assert!(differ > 10, "the net and tables never differed: {differ}");
    }

    /// With the switch on, a position of a rule with a committed net (all three now) is
    /// valued by it: the integer evaluation within 0.05 logit of the float net's output (the
    /// trainer measured at most 0.037 held out), and not the tables' value; a rule without
    /// one keeps the tables (no accumulators, the tables' value); with the switch off, no
    /// rule has a net.
    #[test]
    fn nnue_switch_picks_the_rules_net() {
        use super::nnue::FloatNet;
        let mut rng = StdRng::seed_from_u64(17);
        let alone = net_alone();
        for rule in Rule::ALL {
            assert!(nnue::net_for(rule, false).is_none());
            let float = nnue::built_in(rule).map(|(b, name)| FloatNet::from_bytes(b, name));
            assert_eq!(nnue::net_for(rule, true).is_some(), float.is_some());
            let mut game = Game::new(15, rule).unwrap();
            let mut differ = 0;
            for _ in 0..40 {
                let st = State::with_net(&game, nnue::net_for(rule, true));
                let tables = State::with_net(&game, None);
                match &float {
                    None => {
                        assert!(st.accumulators().is_none());
                        assert_eq!(st.evaluate(), tables.evaluate());
                    }
                    Some(f) => {
                        let f = f.as_ref().unwrap();
                        let pc = st.eval_pcodes();
                        let sparse = super::super::nnue::sparse;
                        let y = f.forward([&sparse(&pc[0]), &sparse(&pc[1])]).y;
                        let want = (y * f.k).clamp(-10_000.0, 10_000.0);
                        let got = st.evaluate_with(&alone) as f32;
                        assert!(
                            (got - want).abs() <= 0.05 * f.k + 1.0,
                            "{rule:?} ply {}: {got} vs {want}",
                            st.ply()
                        );
                        differ += usize::from(st.evaluate_with(&alone) != tables.evaluate());
                    }
                }
                if play_random(&mut game, &mut rng).is_none() {
                    break;
                }
            }
            // The net, not the tables, valued the positions.
            assert!(float.is_none() || differ > 10, "{rule:?}: {differ}");
        }
    }

    /// The evaluation is exactly the model `tune fit` fits: the tables applied to the
    /// features `eval_features` and `eval_pcodes` report, plus the threat table at the mask
    /// of the combo counts, in random positions of every rule and for either side to move.
    #[test]
    fn evaluation_is_the_fitted_model_of_the_features() {
        use super::super::eval_table::{EVAL_SCALE, table};
        use super::super::pattern::{PCODE_COUNT, threat_mask};
        let mut rng = StdRng::seed_from_u64(11);
        let mut masks = std::collections::HashSet::new();
        for rule in Rule::ALL {
            for _ in 0..6 {
                let mut game = Game::new(15, rule).unwrap();
                for _ in 0..40 {
                    // The tables, also where the network is switched on.
                    let st = State::with_net(&game, None);
                    // The set of the rule and the side to move values both sides.
                    let eval = table(rule, game.to_move());
                    let f = st.eval_features();
                    let pc = st.eval_pcodes();
                    let count = |k: usize, c: Combo| f[k][PATTERN_COUNT + c as usize];
                    let mask = threat_mask(count);
                    masks.insert(mask);
                    let mut v = eval.threat[mask] as i32;
                    for k in 0..2 {
                        let sign = if k == 0 { 1 } else { -1 };
                        let (lines, combos) = f[k].split_at(PATTERN_COUNT);
                        let dot = |w: &[i32], x: &[u32]| -> i32 {
                            w.iter().zip(x).map(|(&a, &b)| a * b as i32).sum()
                        };
                        let pcodes: i32 = (eval.pcode[k].iter().zip(&pc[k]))
                            .map(|(&a, &b)| a as i32 * b as i32)
                            .sum();
                        assert_eq!(combos.len(), COMBO_COUNT);
                        assert_eq!(pc[k].len(), PCODE_COUNT);
                        v += sign
                            * (dot(&eval.line[k], lines) + dot(&eval.combo[k], combos) + pcodes);
                    }
                    assert_eq!(st.evaluate(), v / EVAL_SCALE, "{rule:?} ply {}", game.ply());
                    if play_random(&mut game, &mut rng).is_none() {
                        break;
                    }
                }
            }
        }
        // The positions had threats of several kinds, not just an empty mask.
        assert!(masks.len() >= 8, "{masks:?}");
    }

    /// The threat mask names the side to move's threats in its low bits, the other side's
    /// in its high bits.
    #[test]
    fn threat_mask_sorts_threats_by_side() {
        use super::super::pattern::threat_mask;
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        // Black: an open two on row 7; White: a three against the edge on row 0.
        for (x, y) in [(6, 7), (0, 0), (7, 7), (1, 0), (12, 12), (2, 0)] {
            game.play(Pos::new(x, y)).unwrap();
        }
        // Black to move: it has open-three points (its two); White has four points on row 0
        // (a three at the edge is closed: a four needs (3,0) and then (4,0)).
        let st = State::from_game(&game);
        let mask = threat_mask(|k, c| {
            let side = if k == 0 { Stone::Black } else { Stone::White };
            st.count(side, c)
        });
        assert_ne!(mask & 0b1100, 0, "black's three points: {mask:b}");
        assert_ne!(mask & 0b110_0000, 0, "white's four points: {mask:b}");
        assert_eq!(mask & 0b11, 0, "black has no four point: {mask:b}");
        assert_eq!(
            mask & 0b1_1001_0000,
            0,
            "white has no three point: {mask:b}"
        );
    }

    /// The move picker's scores put our open four above blocking the opponent's open three,
    /// and that above a point with no shape.
    #[test]
    fn move_scores_rank_threats() {
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        for (x, y) in [(7, 7), (2, 12), (8, 7), (3, 12), (9, 7), (4, 12)] {
            game.play(Pos::new(x, y)).unwrap();
        }
        let st = State::from_game(&game);
        let score = |x, y| st.move_score(Pos::new(x, y).index(15), Stone::Black);
        assert!(
            score(10, 7) > score(5, 12),
            "{} {}",
            score(10, 7),
            score(5, 12)
        );
        assert!(
            score(5, 12) > score(12, 2),
            "{} {}",
            score(5, 12),
            score(12, 2)
        );
    }
}
