//! The evaluation of a [`State`]: the tables' value or the network's (its accumulators
//! rebuilt from scratch here; `lines` reports their changes move by move), and the
//! features the tables and the network are fitted to.

use super::super::nnue::{ACC, NO_CODE};
use super::super::pattern::{COMBO_COUNT, Combo, PATTERN_COUNT, pcode_at};
use super::{State, mix_of};

impl State {
    /// Recomputes the network's accumulators from scratch as the base of its stack.
    pub(super) fn net_rebase(&mut self) {
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
    pub fn evaluate_with(&self, p: &super::super::params::Params) -> i32 {
        self.evaluate_mixed(mix_of(p, self.rule))
    }

    fn evaluate_mixed(&self, mix: Option<f32>) -> i32 {
        let (me, opp) = (self.side.index(), self.side.opponent().index());
        let threat = || {
            let mask = super::super::pattern::threat_mask(|k, c| {
                self.counts[if k == 0 { me } else { opp }][c as usize] as u32
            });
            super::super::eval_table::TABLES[self.eval_set[me]].threat[mask] as i32
        };
        let tables = || {
            (self.totals[me][0] - self.totals[opp][1] + threat())
                / super::super::eval_table::EVAL_SCALE
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
    /// combination ([`super::super::pattern::pcode`]); forbidden points count nothing.
    pub fn eval_pcodes(&self) -> [Vec<u16>; 2] {
        let mut f = [
            vec![0u16; super::super::pattern::PCODE_COUNT],
            vec![0u16; super::super::pattern::PCODE_COUNT],
        ];
        let order = [self.side, self.side.opponent()];
        for i in 0..self.size * self.size {
            if !self.is_empty(i) {
                continue;
            }
            for (k, c) in order.into_iter().enumerate() {
                let s = &self.cells[i][c.index()];
                if s.combo != Combo::Forbidden {
                    f[k][super::super::pattern::pcode(s.pats)] += 1;
                }
            }
        }
        f
    }

    /// `c`'s four-pattern code at the empty point `i` (the one kept for the tables), `None`
    /// where `c` may not play it (the move policy's input).
    #[inline]
    pub fn pcode_at(&self, i: usize, c: crate::engine::gomoku::pos::Stone) -> Option<u16> {
        let s = &self.cells[i][c.index()];
        (s.combo != Combo::Forbidden).then(|| pcode_at(s.cidx as usize) as u16)
    }

    /// The network's accumulators, `[Black, White]` (the move policy's board input, tests).
    pub fn accumulators(&self) -> Option<[[i16; ACC]; 2]> {
        self.nn.borrow_mut().as_mut().map(|nn| *nn.current())
    }
}

/// A point's input to the network: its four-pattern code, none ([`NO_CODE`]) when
/// forbidden (as in `State::eval_pcodes`).
#[inline]
pub(super) fn net_code(combo: Combo, cidx: u16) -> u16 {
    if combo == Combo::Forbidden {
        NO_CODE
    } else {
        pcode_at(cidx as usize) as u16
    }
}
