//! Keeping a [`State`]'s line keys and shapes up to date: a stone in or out of its
//! neighbours' keys, each changed point's patterns, combo and value recomputed from the
//! tables, and the counts, totals and network codes that follow from them.

use std::sync::OnceLock;

use super::super::nnue::NO_CODE;
use super::super::pattern::{COMBO_WEIGHT, Combo, POW3, combo_from_u8, combo_index, tables};
use super::eval::net_code;
use super::{NONE, State};
use crate::engine::gomoku::pos::{Pos, Stone};
use crate::engine::gomoku::rules;

impl State {
    /// Recomputes patterns, combo and value of point `i` for both colours from its keys.
    pub(super) fn refresh(&mut self, i: usize) {
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
    pub(super) fn account(&mut self, i: usize, sign: i32) {
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

    /// Takes `c`'s stone at `i` out of its neighbours' keys (the shapes come back from
    /// the undo entries).
    pub(super) fn unkey_lines(&mut self, i: usize, c: Stone) {
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
    pub(super) fn update_lines(&mut self, p: Pos, c: Stone) {
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
                self.undo.push(self.cells[j]);
                self.undo_at.push(j as u16);
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

    pub(super) fn update_near(&mut self, p: Pos, sign: i32) {
        static OFFSETS: OnceLock<Vec<(i32, i32)>> = OnceLock::new();
        let offsets = OFFSETS.get_or_init(|| super::super::params::Params::get().near_offsets());
        let size = self.size as i32;
        for &(dx, dy) in offsets {
            let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
            if x >= 0 && y >= 0 && x < size && y < size {
                let j = (y * size + x) as usize;
                self.near[j] = (self.near[j] as i32 + sign) as u8;
            }
        }
    }
}
