//! The search's tunable numbers in one place, with the values matches chose. For tuning
//! runs they can be overridden without a rebuild: `GOMOKU_TUNE="lmr_div=1.9,rfp=60"` in the
//! brain's environment (unknown names are reported on stderr and ignored).

use std::sync::OnceLock;

use crate::engine::gomoku::Rule;

/// Logarithmic base of the late-move reduction, by depth and move number: scaled by
/// [`Params::lmr_div`] and shifted by [`Params::lmr_base`] in the search.
pub(super) fn lmr(depth: f32, n: usize) -> f32 {
    if depth < 1.0 || n < 2 {
        return 0.0;
    }
    depth.ln() * (n as f32).ln()
}

#[derive(Clone, Debug)]
pub struct Params {
    /// LMR: reduction = ln(depth) x ln(move number) / `lmr_div` + `lmr_base`.
    pub lmr_div: f32,
    pub lmr_base: f32,
    /// Extra reduction at expected cut nodes, and at non-PV nodes that are not improving.
    pub lmr_cut: f32,
    /// 1: killers keep their depth at cut nodes (no `lmr_cut`). Off: with `lmr_cut` 1.8 as
    /// Rapfi has it, -21 Elo over 400 self-play games.
    pub lmr_cut_killer: f32,
    pub lmr_not_improving: f32,
    /// Less reduction for a node that was on a principal variation, and for our threats.
    pub lmr_was_pv: f32,
    pub lmr_threat: f32,
    /// History divisor: history / `lmr_history` plies less (or more) reduction.
    pub lmr_history: f32,
    /// Reverse futility: cut when eval - `rfp` x (depth - improving) >= beta, below `rfp_depth`.
    pub rfp: f32,
    pub rfp_depth: f32,
    /// Razoring: below `razor_depth`, eval + `razor` + `razor_per_ply` x depth < alpha -> VCF only.
    pub razor: f32,
    pub razor_per_ply: f32,
    pub razor_depth: f32,
    /// Move-count pruning below `lmp_depth`. With `lmp_all` 1 (the default), as a tournament
    /// engine does it: every move tried counts, and after (3 + depth^`lmp_exp`) / (2 -
    /// improving) of them the rest are skipped, our fours never, our open threes only after
    /// `lmp_keep_three` times as many (0: like any move; 1: never). +23 Elo in self-play
    /// (keep_three 2 and 3, 400 games each); counting threes as any move gained more (+47)
    /// but lost a regression defence, never skipping them gained nothing (-9).
    /// With `lmp_all` 0 (before 2026-11-25, with `lmp_depth` 8): after `lmp_base` +
    /// `lmp_per_ply` x depth^2 quiet moves (twice as many improving); threats never count.
    pub lmp_base: f32,
    pub lmp_per_ply: f32,
    pub lmp_depth: f32,
    pub lmp_all: f32,
    pub lmp_exp: f32,
    pub lmp_keep_three: f32,
    /// Moves with no shape at all (no three or four for either side) skipped below this depth.
    pub noshape_depth: f32,
    /// Futility for single quiet moves: eval + base + per_ply x depth <= alpha, depth <= 3.
    pub fut_base: f32,
    pub fut_per_ply: f32,
    /// Aspiration window half-width at the first try.
    pub aspiration: f32,
    /// Fours the VCF quiescence may chain below a leaf.
    pub qvcf_depth: f32,
    /// Singular extension: from `se_depth`, a hash move whose score no other move comes
    /// within `se_margin` x depth of (searched at half depth) is extended one ply, two when
    /// the rest fall short by `se_double` more (non-PV); if the rest still reach beta, the
    /// node cuts off (multi-cut). Off (depth 100): from depth 6 it gained in self-play but
    /// lost a regression defence at its node budget, from depth 8 it gained nothing.
    pub se_depth: f32,
    pub se_margin: f32,
    pub se_double: f32,
    /// When the hash move is not singular but its score is above beta: its extension is
    /// -`se_neg` (searched that much shallower). With Rapfi's numbers (`se_depth` 6.65,
    /// `se_margin` 0.91, `se_neg` 1.5): +6 Elo over 400 games, not kept.
    pub se_neg: f32,
    /// Internal iterative reduction: a node from this depth on with no hash move is searched
    /// one ply shallower (its move order is a guess; the next iteration comes back with one).
    /// From depth 4: +26 Elo over 1,200 self-play games at 0.1 s (SPRT(0,15) accepted).
    pub iir_depth: f32,
    /// At a PV node whose hash move comes from a shallower search, the node is searched
    /// (depth - hash depth) x `iir_tt` plies shallower, at most `iir_tt_max`. Off (0): 0.28
    /// scored -9 Elo over 400 self-play games.
    pub iir_tt: f32,
    pub iir_tt_max: f32,
    /// 1: a late move whose reduced search beat alpha is re-searched one ply deeper when it
    /// beat alpha by far, one ply shallower when it barely beat the best so far. Off (0): -5
    /// Elo over 400 self-play games.
    pub lmr_ext: f32,
    /// Extension of the hash move (when no singular extension applies), at PV and other
    /// nodes. Off (0): Rapfi's 0.25 and 0.08 scored 48.5% over 358 self-play games.
    pub ttm_ext_pv: f32,
    pub ttm_ext_nonpv: f32,
    /// Fail-high reduction: at an expected cut node whose evaluation is `fh_base` +
    /// `fh_per_ply` x depth above beta, every move but a four is searched `fh_reduce`
    /// plies shallower. Off (0): 1 gained nothing over 800 self-play games at 0.1 s.
    pub fh_reduce: f32,
    pub fh_base: f32,
    pub fh_per_ply: f32,
    /// At a PV node, once a move raised alpha the rest are searched `alpha_reduce` plies
    /// shallower (from depth 2 to 12). Off (0): 1 scored 48.8% over 400 games.
    pub alpha_reduce: f32,
    /// 1: the pruning decisions use the hash entry's score where its bound says it is a
    /// better estimate than the static evaluation. Off (0): not yet screened.
    pub tt_refine: f32,
    /// A new iteration starts only before this share of the soft time limit: when the best
    /// move just changed, when it held for one or two iterations, and when it held longer.
    pub time_unstable: f32,
    /// Milliseconds of soft time limit from which the root's threat phases (our VCT, the
    /// check of the root moves against the opponent's) run; 0: `search::LONG_THINK` (900).
    /// 150 (both phases at 300 ms a move) scored no better against Rapfi (2026-11-25).
    pub long_think_ms: f32,
    pub time_settling: f32,
    pub time_stable: f32,
    /// History kept from one move's search to the next (Rapfi keeps it for the game):
    /// each entry times `hist_keep`, and the counter-moves too when it is above 0. Off (0):
    /// every search starts from zero; 0.5 scored +7 +/- 33 Elo over 400 self-play games at
    /// 0.1 s (SPRT(0,15) undecided, LLR -0.03), not kept.
    pub hist_keep: f32,
    /// 1 (the default): the pruning at a node (futility, razoring, move futility) stays on
    /// when the opponent has only four-three points, as Rapfi has it; it is switched off
    /// only against an open three or a four. 0: off against any four-three point too.
    /// Screened with `defend_b4f3`: +13 Elo over 800 self-play games at 0.1 s (+10 and
    /// +16 +/- 33), tactics and regression defences unchanged.
    pub prune_b4f3: f32,
    /// 1 (the default): against an opponent's four-three point (and no open three), only
    /// our fours and the points of that threat's two lines are searched (a superset of the
    /// defences).
    pub defend_b4f3: f32,
    /// 1 (the default): that set also takes the points that would make our block of the
    /// coming four a four of ours (a three of ours through the block point, one stone
    /// short), which win the tempo back: missing them, the search proved false wins for
    /// the attacker (three lost games). Self-play at 0.1 s, 400 games each: freestyle +9,
    /// Renju +11 +/- 33.
    pub b4f3_prep: f32,
    /// The root's VCF (before the main search) stops at this share of the time (0: no
    /// limit of its own) or after `root_vcf_nodes` nodes: with many fours on the board it
    /// took whole moves (418,000 nodes, 0.4 s, for nothing in a lost game's position) and
    /// the move was played with no search. 0.15 (the default): self-play at 0.1 s, 400
    /// games each, freestyle +19, Renju +14 +/- 33.
    pub root_vcf_share: f32,
    pub root_vcf_nodes: f32,
    /// Depth given back to the forced block of a four on top of its free ply: a four and
    /// its block then cost 1 - `block_ext` plies (Rapfi: 0.3).
    pub block_ext: f32,
    /// Less reduction for a continued attack: our three or four after our own three or
    /// four two plies before (Rapfi: 0.53). Off: with `block_ext` 0.3 (Rapfi's numbers
    /// together), -17 +/- 33 Elo over 400 self-play games.
    pub cont_attack: f32,
    /// More reduction, against an open three, for a move that takes no four point of the
    /// opponent's and lies far (more than 4) from its last move, and again from ours
    /// (Rapfi: 1.93 and 0.96).
    pub useless_def: f32,
    pub useless_def_self: f32,
    /// 1: against an open three, below the no-shape depth, such far moves are skipped.
    /// Off: with the two reductions above at Rapfi's numbers, +1 +/- 33 Elo over 400
    /// self-play games (on top of `defend_b4f3`).
    pub distract: f32,
    /// 1: the leaf VCF's first four is looked for only near our own last move (2 cells
    /// around it, 4 along its lines), as Rapfi's quiescence does; 0: anywhere. Off: with
    /// `qvcf_plain` 2, -5 +/- 33 Elo over 400 self-play games.
    pub qvcf_near: f32,
    /// From this leaf four on (0: never), a plain four (no other shape with it) is tried
    /// only after two fours with shapes (Rapfi: 2).
    pub qvcf_plain: f32,
    /// Delta pruning in the leaf VCF at a null window: a node whose evaluation is this far
    /// below alpha (less `qvcf_delta_ply` per four played, at least 768) gives up (0: off).
    /// Off: Rapfi's margins in our units (2500, 72) scored -10 +/- 34 Elo over 400 games.
    pub qvcf_delta: f32,
    pub qvcf_delta_ply: f32,
    /// Reverse-futility margin per ply under Renju (0: `rfp` for every rule). 80 (Rapfi's,
    /// against its 63 in freestyle; the default): +12 Elo over 400 Renju self-play games.
    pub rfp_renju: f32,
    /// LMR divisor under Renju (0: `lmr_div` for every rule). Renju self-play at 0.1 s,
    /// 400 games: 1.8 +16 and +6 +/- 33 in two screens (800 games about +11, undecided),
    /// 2.3 -10 +/- 33 (BENCHMARKS.md, "Session 27"): off.
    pub lmr_div_renju: f32,
    /// 1: a loss proven within the horizon does not end the search: a pruned search can
    /// find a false one, and the next iteration may find the defence (Rapfi iterates on).
    /// Off: -3 +/- 33 Elo over 400 self-play games at 0.1 s.
    pub loss_iterate: f32,
    /// 1: history in two channels per side, attacks (a three or better) and other moves
    /// (Rapfi's two), so that one kind's cut-offs do not reorder the other.
    pub hist_channels: f32,
    /// 1: a hash-table cut-off rewards its hash move as a searched cut-off would (killer,
    /// counter-move, history), as Rapfi does. Off: with `hist_channels` 1, 48.4% over 243
    /// self-play games (and 48.5% over 227 with `hist_keep` 0.5 too).
    pub tt_hist: f32,
    /// 1: a four-three wins statically also where the opponent has fours elsewhere, and for
    /// Renju's Black: each four-three point is played to see whether the forced block of
    /// its four makes a four of the opponent's (the only defence: our open four comes
    /// next), and, for Black, whether the three can still become an open four (its point
    /// may be forbidden). Rapfi's quick win check. 0: only against no four at all, never
    /// for Renju's Black.
    pub b43_check: f32,
    /// 1 (the default): where a point is forbidden to Renju's Black, its shapes still count
    /// for White's defence: the defence set against an open three takes such points on the
    /// three's line, and so do the VCT's defences. 0: a forbidden point is no shape, so
    /// White's search never blocked a three at Black's double-four point and could prove
    /// false losses (and Black's, false wins). Renju self-play at 0.1 s: +12 +/- 33 and
    /// more in a second run (BENCHMARKS.md, "Session 21").
    pub forbid_shapes: f32,
    /// With `forbid_shapes`, 1: a move at such a point is also tactical (not pruned as
    /// quiet). Off: -3 and -17 +/- 33 Elo in two 400-game Renju screens (it widens White's
    /// search wherever Black has forbidden points).
    pub forbid_tactical: f32,
    /// 1 (the default): freestyle positions are valued by freestyle's trained network
    /// (`nnue`) instead of the tables; 0: the tables. +39 +/- 22 Elo over 900 self-play
    /// games at 0.1 s, and +34 +/- 34 over 400 more on top of session 17's search changes
    /// (BENCHMARKS.md, "A learned evaluation").
    pub nnue: f32,
    /// The same for exactly five, on since the network's AVX2 code (session 19): +66 +/- 35
    /// over 362 self-play games at 0.1 s (SPRT H1 accepted; +16 +/- 39 over 281 before it).
    pub nnue_std: f32,
    /// The same for Renju, on since the network's AVX2 code (session 19): +28 +/- 34 over
    /// 400 self-play games (+3 +/- 34 before it), and about 37% against Rapfi's fitted
    /// tables where ours scored 29.5% (BENCHMARKS.md, "Session 19").
    pub nnue_renju: f32,
    /// 1 (the default): each rule's colour to move is valued through its own colour head
    /// (`nnue::heads_for`): the rule net's first layer, the layers after it refitted to
    /// that colour's positions of new self-play games. Self-play at 0.1 s, 400 games:
    /// Renju +43 +/- 34 (both heads; +35 White's alone, and +17 over one refitted head for
    /// both colours), freestyle +39 +/- 33; exactly five +17 and +30 +/- 33 in two screens
    /// on different openings (800 games: +23 +/- 23).
    pub nnue_heads: f32,
    /// Move candidates: the empty points within `cand_square` of a stone (Chebyshev
    /// distance; 2, a 5x5 square, the default) plus those up to `cand_line` cells from a
    /// stone along its eight lines (0: none beyond the square). Rapfi's default is a 7x7
    /// square and lines of 4 (`cand_square=3,cand_line=4`). Freestyle self-play at 0.1 s,
    /// 400 games: Rapfi's range -8 +/- 33, a 5x5 square with lines of 3 +0 +/- 33
    /// (BENCHMARKS.md, "Session 27"): the default stays.
    pub cand_square: f32,
    pub cand_line: f32,
    /// With freestyle's network on: the share (0..1) of the tables' evaluation mixed into
    /// the network's, `(1 - w) x net + w x tables`; 0: the network alone. 0.25 (the
    /// default): self-play at 0.1 s, 400 games each on three opening sets, +12, +37, +3
    /// (1,200 games about +17 +/- 19; BENCHMARKS.md, "Session 28"); at 1 s, 100 games,
    /// 53.5% (+24 +/- 68, "Session 29").
    pub nnue_mix: f32,
    /// The same for exactly five (0, off: at 0.25, +26 and +33 +/- 33 in two 400-game
    /// screens at 0.1 s, but 47.0% over 100 games at 1 s; BENCHMARKS.md, "Session 29").
    pub nnue_mix_std: f32,
    /// The same for Renju (0, off: +2 +/- 33 at 0.25 over 400 games).
    pub nnue_mix_renju: f32,
    /// With a network on: this multiple of the tables' threat term (their value of the
    /// kinds of four and three points on the board) added to the network's value; 0 (the
    /// default): none.
    pub nnue_threat: f32,
    /// With a network on: its value times this (1, the default). The pruning margins are
    /// in evaluation units, so this moves them against the network's confidence.
    pub nnue_scale: f32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            lmr_div: 2.0,
            lmr_base: 0.3,
            lmr_cut: 1.0,
            lmr_cut_killer: 0.0,
            lmr_not_improving: 0.7,
            lmr_was_pv: 1.0,
            lmr_threat: 1.0,
            lmr_history: 4000.0,
            rfp: 60.0,
            rfp_depth: 8.0,
            razor: 60.0,
            razor_per_ply: 60.0,
            razor_depth: 3.0,
            lmp_base: 3.0,
            lmp_per_ply: 0.5,
            lmp_depth: 100.0,
            lmp_all: 1.0,
            lmp_exp: 1.32,
            lmp_keep_three: 2.0,
            noshape_depth: 4.3,
            fut_base: 60.0,
            fut_per_ply: 90.0,
            aspiration: 30.0,
            qvcf_depth: 8.0,
            se_depth: 100.0,
            se_margin: 2.0,
            se_double: 30.0,
            se_neg: 0.0,
            iir_depth: 4.0,
            iir_tt: 0.0,
            iir_tt_max: 3.6,
            lmr_ext: 0.0,
            ttm_ext_pv: 0.0,
            ttm_ext_nonpv: 0.0,
            fh_reduce: 0.0,
            fh_base: -10.0,
            fh_per_ply: 15.0,
            alpha_reduce: 0.0,
            tt_refine: 0.0,
            time_unstable: 0.9,
            long_think_ms: 0.0,
            time_settling: 0.75,
            time_stable: 0.55,
            hist_keep: 0.0,
            prune_b4f3: 1.0,
            defend_b4f3: 1.0,
            b4f3_prep: 1.0,
            root_vcf_share: 0.15,
            root_vcf_nodes: 100_000.0,
            block_ext: 0.0,
            cont_attack: 0.0,
            useless_def: 0.0,
            useless_def_self: 0.0,
            distract: 0.0,
            qvcf_near: 0.0,
            qvcf_plain: 0.0,
            qvcf_delta: 0.0,
            qvcf_delta_ply: 60.0,
            rfp_renju: 80.0,
            lmr_div_renju: 0.0,
            loss_iterate: 0.0,
            hist_channels: 0.0,
            tt_hist: 0.0,
            b43_check: 0.0,
            forbid_shapes: 1.0,
            forbid_tactical: 0.0,
            nnue: 1.0,
            nnue_std: 1.0,
            nnue_renju: 1.0,
            nnue_heads: 1.0,
            cand_square: 2.0,
            cand_line: 0.0,
            nnue_mix: 0.25,
            nnue_mix_std: 0.0,
            nnue_mix_renju: 0.0,
            nnue_threat: 0.0,
            nnue_scale: 1.0,
        }
    }
}

impl Params {
    /// Whether `rule`'s positions are valued by its network (`nnue`, `nnue_std`,
    /// `nnue_renju`).
    pub fn nnue_for(&self, rule: Rule) -> bool {
        match rule {
            Rule::Freestyle => self.nnue > 0.0,
            Rule::Standard => self.nnue_std > 0.0,
            Rule::Renju => self.nnue_renju > 0.0,
        }
    }

    /// The share of the tables' value mixed into `rule`'s network value (`nnue_mix`,
    /// `nnue_mix_std`, `nnue_mix_renju`), within 0..1.
    pub fn nnue_mix_for(&self, rule: Rule) -> f32 {
        match rule {
            Rule::Freestyle => self.nnue_mix,
            Rule::Standard => self.nnue_mix_std,
            Rule::Renju => self.nnue_mix_renju,
        }
        .clamp(0.0, 1.0)
    }

    /// The offsets `(dx, dy)` of the points a stone makes move candidates (`cand_square`,
    /// `cand_line`), itself included.
    pub fn near_offsets(&self) -> Vec<(i32, i32)> {
        let sq = self.cand_square.clamp(1.0, 7.0) as i32;
        let line = self.cand_line.clamp(0.0, 7.0) as i32;
        let mut out = Vec::new();
        for dy in -sq.max(line)..=sq.max(line) {
            for dx in -sq.max(line)..=sq.max(line) {
                let in_square = dx.abs() <= sq && dy.abs() <= sq;
                let on_line =
                    (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && dx.abs().max(dy.abs()) <= line;
                if in_square || on_line {
                    out.push((dx, dy));
                }
            }
        }
        out
    }

    /// The defaults, with `GOMOKU_TUNE`'s overrides.
    pub fn get() -> &'static Params {
        static P: OnceLock<Params> = OnceLock::new();
        P.get_or_init(|| {
            let mut p = Params::default();
            if let Ok(spec) = std::env::var("GOMOKU_TUNE") {
                for item in spec.split(',').filter(|s| !s.trim().is_empty()) {
                    if let Err(e) = p.set(item) {
                        eprintln!("GOMOKU_TUNE: {e}");
                    }
                }
            }
            p
        })
    }

    /// Applies one `name=value`.
    pub fn set(&mut self, item: &str) -> Result<(), String> {
        let (name, value) = item
            .split_once('=')
            .ok_or_else(|| format!("'{item}' is not name=value"))?;
        let v: f32 = value
            .trim()
            .parse()
            .map_err(|_| format!("'{value}' is not a number (for {name})"))?;
        let slot = match name.trim() {
            "lmr_div" => &mut self.lmr_div,
            "lmr_base" => &mut self.lmr_base,
            "lmr_cut" => &mut self.lmr_cut,
            "lmr_cut_killer" => &mut self.lmr_cut_killer,
            "lmr_not_improving" => &mut self.lmr_not_improving,
            "lmr_was_pv" => &mut self.lmr_was_pv,
            "lmr_threat" => &mut self.lmr_threat,
            "lmr_history" => &mut self.lmr_history,
            "rfp" => &mut self.rfp,
            "rfp_depth" => &mut self.rfp_depth,
            "razor" => &mut self.razor,
            "razor_per_ply" => &mut self.razor_per_ply,
            "razor_depth" => &mut self.razor_depth,
            "lmp_base" => &mut self.lmp_base,
            "lmp_per_ply" => &mut self.lmp_per_ply,
            "lmp_depth" => &mut self.lmp_depth,
            "lmp_all" => &mut self.lmp_all,
            "lmp_exp" => &mut self.lmp_exp,
            "lmp_keep_three" => &mut self.lmp_keep_three,
            "noshape_depth" => &mut self.noshape_depth,
            "fut_base" => &mut self.fut_base,
            "fut_per_ply" => &mut self.fut_per_ply,
            "aspiration" => &mut self.aspiration,
            "qvcf_depth" => &mut self.qvcf_depth,
            "se_depth" => &mut self.se_depth,
            "se_margin" => &mut self.se_margin,
            "se_double" => &mut self.se_double,
            "se_neg" => &mut self.se_neg,
            "iir_depth" => &mut self.iir_depth,
            "iir_tt" => &mut self.iir_tt,
            "iir_tt_max" => &mut self.iir_tt_max,
            "lmr_ext" => &mut self.lmr_ext,
            "ttm_ext_pv" => &mut self.ttm_ext_pv,
            "ttm_ext_nonpv" => &mut self.ttm_ext_nonpv,
            "fh_reduce" => &mut self.fh_reduce,
            "fh_base" => &mut self.fh_base,
            "fh_per_ply" => &mut self.fh_per_ply,
            "alpha_reduce" => &mut self.alpha_reduce,
            "tt_refine" => &mut self.tt_refine,
            "time_unstable" => &mut self.time_unstable,
            "long_think_ms" => &mut self.long_think_ms,
            "time_settling" => &mut self.time_settling,
            "time_stable" => &mut self.time_stable,
            "hist_keep" => &mut self.hist_keep,
            "prune_b4f3" => &mut self.prune_b4f3,
            "defend_b4f3" => &mut self.defend_b4f3,
            "b4f3_prep" => &mut self.b4f3_prep,
            "root_vcf_share" => &mut self.root_vcf_share,
            "root_vcf_nodes" => &mut self.root_vcf_nodes,
            "block_ext" => &mut self.block_ext,
            "cont_attack" => &mut self.cont_attack,
            "useless_def" => &mut self.useless_def,
            "useless_def_self" => &mut self.useless_def_self,
            "distract" => &mut self.distract,
            "qvcf_near" => &mut self.qvcf_near,
            "qvcf_plain" => &mut self.qvcf_plain,
            "qvcf_delta" => &mut self.qvcf_delta,
            "qvcf_delta_ply" => &mut self.qvcf_delta_ply,
            "rfp_renju" => &mut self.rfp_renju,
            "lmr_div_renju" => &mut self.lmr_div_renju,
            "loss_iterate" => &mut self.loss_iterate,
            "hist_channels" => &mut self.hist_channels,
            "tt_hist" => &mut self.tt_hist,
            "b43_check" => &mut self.b43_check,
            "forbid_shapes" => &mut self.forbid_shapes,
            "forbid_tactical" => &mut self.forbid_tactical,
            "nnue" => &mut self.nnue,
            "nnue_std" => &mut self.nnue_std,
            "nnue_renju" => &mut self.nnue_renju,
            "nnue_heads" => &mut self.nnue_heads,
            "cand_square" => &mut self.cand_square,
            "cand_line" => &mut self.cand_line,
            "nnue_mix" => &mut self.nnue_mix,
            "nnue_mix_std" => &mut self.nnue_mix_std,
            "nnue_mix_renju" => &mut self.nnue_mix_renju,
            "nnue_threat" => &mut self.nnue_threat,
            "nnue_scale" => &mut self.nnue_scale,
            other => return Err(format!("unknown parameter '{other}'")),
        };
        *slot = v;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_ranges_have_their_shapes() {
        let mut p = Params::default();
        // The default: a 5x5 square.
        let d = p.near_offsets();
        assert_eq!(d.len(), 25);
        assert!(d.iter().all(|&(x, y)| x.abs() <= 2 && y.abs() <= 2));
        // Rapfi's: a 7x7 square and the fourth point of each of the eight lines.
        p.set("cand_square=3").unwrap();
        p.set("cand_line=4").unwrap();
        let r = p.near_offsets();
        assert_eq!(r.len(), 49 + 8);
        assert!(r.contains(&(4, -4)) && r.contains(&(0, 4)) && !r.contains(&(4, 1)));
    }

    #[test]
    fn overrides_parse_and_errors_name_the_item() {
        let mut p = Params::default();
        p.set("rfp=42.5").unwrap();
        assert_eq!(p.rfp, 42.5);
        assert!(p.set("rfp").unwrap_err().contains("name=value"));
        assert!(p.set("rfp=x").unwrap_err().contains("'x'"));
        assert!(p.set("nope=1").unwrap_err().contains("nope"));
    }

    /// The network is on by default for every rule, and each rule has its own switch.
    #[test]
    fn each_rule_has_its_own_network_switch() {
        let mut p = Params::default();
        for rule in Rule::ALL {
            assert!(p.nnue_for(rule), "{rule:?}");
        }
        p.set("nnue=0").unwrap();
        p.set("nnue_std=0").unwrap();
        assert!(!p.nnue_for(Rule::Freestyle));
        assert!(!p.nnue_for(Rule::Standard));
        assert!(p.nnue_for(Rule::Renju));
        p.set("nnue_renju=0").unwrap();
        assert!(!p.nnue_for(Rule::Renju));
        p.set("nnue_std=1").unwrap();
        assert!(p.nnue_for(Rule::Standard));
        assert!(!p.nnue_for(Rule::Freestyle));
    }
}
