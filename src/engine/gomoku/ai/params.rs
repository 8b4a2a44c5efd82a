//! The search's numbers in one place, with the values matches chose: named constants that
//! the search reads as they are in the build a player gets. In the developers' build
//! (feature `tools`) they can be overridden for tuning runs without a rebuild:
//! `GOMOKU_TUNE="lmr_div=1.9,rfp=60"` in the brain's environment (a field's name; unknown
//! names are reported on stderr and ignored). The switches that were off by default are
//! gone, with what their matches measured, in docs/benchmarks/removed-switches.md.

use crate::engine::gomoku::Rule;

/// Logarithmic base of the late-move reduction, by depth and move number: scaled by
/// [`LMR_DIV`] and shifted by [`LMR_BASE`] in the search.
pub(super) fn lmr(depth: f32, n: usize) -> f32 {
    if depth < 1.0 || n < 2 {
        return 0.0;
    }
    depth.ln() * (n as f32).ln()
}

/// LMR: reduction = ln(depth) x ln(move number) / `LMR_DIV` + `LMR_BASE`.
pub const LMR_DIV: f32 = 2.0;
pub const LMR_BASE: f32 = 0.3;
/// Extra reduction at expected cut nodes, and at non-PV nodes that are not improving.
pub const LMR_CUT: f32 = 1.0;
pub const LMR_NOT_IMPROVING: f32 = 0.7;
/// Less reduction for a node that was on a principal variation, and for our threats.
pub const LMR_WAS_PV: f32 = 1.0;
pub const LMR_THREAT: f32 = 1.0;
/// History divisor: history / `LMR_HISTORY` plies less (or more) reduction.
pub const LMR_HISTORY: f32 = 4000.0;
/// Reverse futility: cut when eval - `RFP` x (depth - improving) >= beta, below `RFP_DEPTH`.
pub const RFP: f32 = 60.0;
pub const RFP_DEPTH: f32 = 8.0;
/// Reverse-futility margin per ply under Renju (0: `RFP` for every rule). 80 (Rapfi's,
/// against its 63 in freestyle): +12 Elo over 400 Renju self-play games.
pub const RFP_RENJU: f32 = 80.0;
/// Razoring: below `RAZOR_DEPTH`, eval + `RAZOR` + `RAZOR_PER_PLY` x depth < alpha -> VCF
/// only.
pub const RAZOR: f32 = 60.0;
pub const RAZOR_PER_PLY: f32 = 60.0;
pub const RAZOR_DEPTH: f32 = 3.0;
/// Move-count pruning, as a tournament engine does it: every move tried counts, and after
/// (3 + depth^`LMP_EXP`) / (2 - improving) of them the rest are skipped, our fours never,
/// our open threes only after `LMP_KEEP_THREE` times as many (0: like any move; 1: never).
/// +23 Elo in self-play (keep_three 2 and 3, 400 games each); counting threes as any move
/// gained more (+47) but lost a regression defence, never skipping them gained nothing (-9).
pub const LMP_EXP: f32 = 1.32;
pub const LMP_KEEP_THREE: f32 = 2.0;
/// Moves with no shape at all (no three or four for either side) skipped below this depth.
pub const NOSHAPE_DEPTH: f32 = 4.3;
/// Futility for single quiet moves: eval + base + per_ply x depth <= alpha, depth <= 3.
pub const FUT_BASE: f32 = 60.0;
pub const FUT_PER_PLY: f32 = 90.0;
/// Aspiration window half-width at the first try.
pub const ASPIRATION: f32 = 30.0;
/// Fours the VCF quiescence may chain below a leaf.
pub const QVCF_DEPTH: f32 = 8.0;
/// Internal iterative reduction: a node from this depth on with no hash move is searched
/// one ply shallower (its move order is a guess; the next iteration comes back with one).
/// From depth 4: +26 Elo over 1,200 self-play games at 0.1 s (SPRT(0,15) accepted).
pub const IIR_DEPTH: f32 = 4.0;
/// A new iteration starts only before this share of the soft time limit: when the best
/// move just changed, when it held for one or two iterations, and when it held longer.
pub const TIME_UNSTABLE: f32 = 0.9;
pub const TIME_SETTLING: f32 = 0.75;
pub const TIME_STABLE: f32 = 0.55;
/// 1: the pruning at a node (futility, razoring, move futility) stays on when the opponent
/// has only four-three points, as Rapfi has it; it is switched off only against an open
/// three or a four. 0: off against any four-three point too. Screened with `DEFEND_B4F3`:
/// +13 Elo over 800 self-play games at 0.1 s (+10 and +16 +/- 33), tactics and regression
/// defences unchanged.
pub const PRUNE_B4F3: f32 = 1.0;
/// 1: against an opponent's four-three point (and no open three), only our fours and the
/// points of that threat's two lines are searched (a superset of the defences).
pub const DEFEND_B4F3: f32 = 1.0;
/// 1: that set also takes the points that would make our block of the coming four a four
/// of ours (a three of ours through the block point, one stone short), which win the tempo
/// back: missing them, the search proved false wins for the attacker (three lost games).
/// Self-play at 0.1 s, 400 games each: freestyle +9, Renju +11 +/- 33.
pub const B4F3_PREP: f32 = 1.0;
/// The root's VCF (before the main search) stops at this share of the time (0: no limit of
/// its own) or after `ROOT_VCF_NODES` nodes: with many fours on the board it took whole
/// moves (418,000 nodes, 0.4 s, for nothing in a lost game's position) and the move was
/// played with no search. 0.15: self-play at 0.1 s, 400 games each, freestyle +19, Renju
/// +14 +/- 33.
pub const ROOT_VCF_SHARE: f32 = 0.15;
pub const ROOT_VCF_NODES: f32 = 100_000.0;
/// 1: where a point is forbidden to Renju's Black, its shapes still count for White's
/// defence: the defence set against an open three takes such points on the three's line,
/// and so do the VCT's defences. 0: a forbidden point is no shape, so White's search never
/// blocked a three at Black's double-four point and could prove false losses (and Black's,
/// false wins). Renju self-play at 0.1 s: +12 +/- 33 and more in a second run
/// (docs/benchmarks/history.md, "Session 21").
pub const FORBID_SHAPES: f32 = 1.0;
/// 1: freestyle positions are valued by freestyle's trained network (`nnue`) instead of
/// the tables; 0: the tables. +39 +/- 22 Elo over 900 self-play games at 0.1 s, and
/// +34 +/- 34 over 400 more on top of session 17's search changes
/// (docs/benchmarks/history.md, "A learned evaluation").
pub const NNUE: f32 = 1.0;
/// The same for exactly five, on since the network's AVX2 code (session 19): +66 +/- 35
/// over 362 self-play games at 0.1 s (SPRT H1 accepted; +16 +/- 39 over 281 before it).
pub const NNUE_STD: f32 = 1.0;
/// The same for Renju, on since the network's AVX2 code (session 19): +28 +/- 34 over 400
/// self-play games (+3 +/- 34 before it), and about 37% against Rapfi's fitted tables where
/// ours scored 29.5% (docs/benchmarks/history.md, "Session 19").
pub const NNUE_RENJU: f32 = 1.0;
/// 1: each rule's colour to move is valued through its own colour head (`nnue::heads_for`):
/// the rule net's first layer, the layers after it refitted to that colour's positions of
/// new self-play games. Self-play at 0.1 s, 400 games: Renju +43 +/- 34 (both heads; +35
/// White's alone, and +17 over one refitted head for both colours), freestyle +39 +/- 33;
/// exactly five +17 and +30 +/- 33 in two screens on different openings (800 games:
/// +23 +/- 23).
pub const NNUE_HEADS: f32 = 1.0;
/// Move candidates: the empty points within this Chebyshev distance of a stone (2: a 5x5
/// square). Rapfi's 7x7 square (with lines of 4) scored -8 +/- 33 in freestyle self-play at
/// 0.1 s over 400 games (docs/benchmarks/history.md, "Session 27").
pub const CAND_SQUARE: f32 = 2.0;
/// With freestyle's network on: the share (0..1) of the tables' evaluation mixed into the
/// network's, `(1 - w) x net + w x tables`; 0: the network alone. 0.25: self-play at 0.1 s,
/// 400 games each on three opening sets, +12, +37, +3 (1,200 games about +17 +/- 19;
/// docs/benchmarks/history.md, "Session 28"); at 1 s, 100 games, 53.5% (+24 +/- 68;
/// docs/benchmarks/history.md, "Session 29"). The other rules' networks are not mixed
/// (exactly five at 0.25: 47.0% at 1 s; Renju: +2 +/- 33; docs/benchmarks/removed-switches.md).
pub const NNUE_MIX: f32 = 0.25;
/// With a move policy (`policy::for_rule`): a late move's reduction grows by
/// `POLICY_LMR_SCALE x (the best candidate's logit - its own) - POLICY_LMR_BIAS` plies,
/// within -1..3, at nodes of `POLICY_DEPTH` plies or more. 1 and 1.5 at 3 plies with the
/// float trial policy: -15% nodes to depth 13 and 53.7% (~+26 +/- 38) over 300 self-play
/// games at 0.1 s (docs/benchmarks/history.md, session 39).
pub const POLICY_LMR_SCALE: f32 = 1.0;
pub const POLICY_LMR_BIAS: f32 = 1.5;
pub const POLICY_DEPTH: f32 = 3.0;

/// The search's numbers as one value, each field the constant of its name in capitals
/// ([`Params::DEFAULT`]); [`Params::get`] gives the ones the search uses.
#[derive(Clone, Debug)]
pub struct Params {
    pub lmr_div: f32,
    pub lmr_base: f32,
    pub lmr_cut: f32,
    pub lmr_not_improving: f32,
    pub lmr_was_pv: f32,
    pub lmr_threat: f32,
    pub lmr_history: f32,
    pub rfp: f32,
    pub rfp_depth: f32,
    pub rfp_renju: f32,
    pub razor: f32,
    pub razor_per_ply: f32,
    pub razor_depth: f32,
    pub lmp_exp: f32,
    pub lmp_keep_three: f32,
    pub noshape_depth: f32,
    pub fut_base: f32,
    pub fut_per_ply: f32,
    pub aspiration: f32,
    pub qvcf_depth: f32,
    pub iir_depth: f32,
    pub time_unstable: f32,
    pub time_settling: f32,
    pub time_stable: f32,
    pub prune_b4f3: f32,
    pub defend_b4f3: f32,
    pub b4f3_prep: f32,
    pub root_vcf_share: f32,
    pub root_vcf_nodes: f32,
    pub forbid_shapes: f32,
    pub nnue: f32,
    pub nnue_std: f32,
    pub nnue_renju: f32,
    pub nnue_heads: f32,
    pub cand_square: f32,
    pub nnue_mix: f32,
    pub policy_lmr_scale: f32,
    pub policy_lmr_bias: f32,
    pub policy_depth: f32,
}

impl Params {
    /// The values the matches chose.
    pub const DEFAULT: Params = Params {
        lmr_div: LMR_DIV,
        lmr_base: LMR_BASE,
        lmr_cut: LMR_CUT,
        lmr_not_improving: LMR_NOT_IMPROVING,
        lmr_was_pv: LMR_WAS_PV,
        lmr_threat: LMR_THREAT,
        lmr_history: LMR_HISTORY,
        rfp: RFP,
        rfp_depth: RFP_DEPTH,
        rfp_renju: RFP_RENJU,
        razor: RAZOR,
        razor_per_ply: RAZOR_PER_PLY,
        razor_depth: RAZOR_DEPTH,
        lmp_exp: LMP_EXP,
        lmp_keep_three: LMP_KEEP_THREE,
        noshape_depth: NOSHAPE_DEPTH,
        fut_base: FUT_BASE,
        fut_per_ply: FUT_PER_PLY,
        aspiration: ASPIRATION,
        qvcf_depth: QVCF_DEPTH,
        iir_depth: IIR_DEPTH,
        time_unstable: TIME_UNSTABLE,
        time_settling: TIME_SETTLING,
        time_stable: TIME_STABLE,
        prune_b4f3: PRUNE_B4F3,
        defend_b4f3: DEFEND_B4F3,
        b4f3_prep: B4F3_PREP,
        root_vcf_share: ROOT_VCF_SHARE,
        root_vcf_nodes: ROOT_VCF_NODES,
        forbid_shapes: FORBID_SHAPES,
        nnue: NNUE,
        nnue_std: NNUE_STD,
        nnue_renju: NNUE_RENJU,
        nnue_heads: NNUE_HEADS,
        cand_square: CAND_SQUARE,
        nnue_mix: NNUE_MIX,
        policy_lmr_scale: POLICY_LMR_SCALE,
        policy_lmr_bias: POLICY_LMR_BIAS,
        policy_depth: POLICY_DEPTH,
    };

    /// Whether `rule`'s positions are valued by its network (`nnue`, `nnue_std`,
    /// `nnue_renju`).
    pub fn nnue_for(&self, rule: Rule) -> bool {
        match rule {
            Rule::Freestyle => self.nnue > 0.0,
            Rule::Standard => self.nnue_std > 0.0,
            Rule::Renju => self.nnue_renju > 0.0,
        }
    }

    /// The share of the tables' value mixed into `rule`'s network value, within 0..1: only
    /// freestyle's network is mixed (`nnue_mix`).
    pub fn nnue_mix_for(&self, rule: Rule) -> f32 {
        match rule {
            Rule::Freestyle => self.nnue_mix.clamp(0.0, 1.0),
            Rule::Standard | Rule::Renju => 0.0,
        }
    }

    /// The offsets `(dx, dy)` of the points a stone makes move candidates (`cand_square`),
    /// itself included.
    pub fn near_offsets(&self) -> Vec<(i32, i32)> {
        let sq = self.cand_square.clamp(1.0, 7.0) as i32;
        let mut out = Vec::new();
        for dy in -sq..=sq {
            for dx in -sq..=sq {
                out.push((dx, dy));
            }
        }
        out
    }

    /// The numbers the search uses: the constants, with `GOMOKU_TUNE`'s overrides in the
    /// developers' build.
    #[cfg(feature = "tools")]
    pub fn get() -> &'static Params {
        static P: std::sync::OnceLock<Params> = std::sync::OnceLock::new();
        P.get_or_init(|| {
            let mut p = Params::DEFAULT;
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

    /// The numbers the search uses: the constants.
    #[cfg(not(feature = "tools"))]
    #[inline(always)]
    pub fn get() -> &'static Params {
        &Params::DEFAULT
    }

    /// Applies one `name=value` (a `GOMOKU_TUNE` item).
    #[cfg(feature = "tools")]
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
            "lmr_not_improving" => &mut self.lmr_not_improving,
            "lmr_was_pv" => &mut self.lmr_was_pv,
            "lmr_threat" => &mut self.lmr_threat,
            "lmr_history" => &mut self.lmr_history,
            "rfp" => &mut self.rfp,
            "rfp_depth" => &mut self.rfp_depth,
            "razor" => &mut self.razor,
            "razor_per_ply" => &mut self.razor_per_ply,
            "razor_depth" => &mut self.razor_depth,
            "lmp_exp" => &mut self.lmp_exp,
            "lmp_keep_three" => &mut self.lmp_keep_three,
            "noshape_depth" => &mut self.noshape_depth,
            "fut_base" => &mut self.fut_base,
            "fut_per_ply" => &mut self.fut_per_ply,
            "aspiration" => &mut self.aspiration,
            "qvcf_depth" => &mut self.qvcf_depth,
            "iir_depth" => &mut self.iir_depth,
            "time_unstable" => &mut self.time_unstable,
            "time_settling" => &mut self.time_settling,
            "time_stable" => &mut self.time_stable,
            "prune_b4f3" => &mut self.prune_b4f3,
            "defend_b4f3" => &mut self.defend_b4f3,
            "b4f3_prep" => &mut self.b4f3_prep,
            "root_vcf_share" => &mut self.root_vcf_share,
            "root_vcf_nodes" => &mut self.root_vcf_nodes,
            "rfp_renju" => &mut self.rfp_renju,
            "forbid_shapes" => &mut self.forbid_shapes,
            "nnue" => &mut self.nnue,
            "nnue_std" => &mut self.nnue_std,
            "nnue_renju" => &mut self.nnue_renju,
            "nnue_heads" => &mut self.nnue_heads,
            "cand_square" => &mut self.cand_square,
            "nnue_mix" => &mut self.nnue_mix,
            "policy_lmr_scale" => &mut self.policy_lmr_scale,
            "policy_lmr_bias" => &mut self.policy_lmr_bias,
            "policy_depth" => &mut self.policy_depth,
            other => return Err(format!("unknown parameter '{other}'")),
        };
        *slot = v;
        Ok(())
    }
}

impl Default for Params {
    fn default() -> Params {
        Params::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_ranges_are_squares() {
        // The default: a 5x5 square.
        let d = Params::DEFAULT.near_offsets();
        assert_eq!(d.len(), 25);
        assert!(d.iter().all(|&(x, y)| x.abs() <= 2 && y.abs() <= 2));
        let wider = Params {
            cand_square: 3.0,
            ..Params::DEFAULT
        };
        assert_eq!(wider.near_offsets().len(), 49);
    }

    #[cfg(feature = "tools")]
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
        for rule in Rule::ALL {
            assert!(Params::DEFAULT.nnue_for(rule), "{rule:?}");
        }
        let p = Params {
            nnue: 0.0,
            nnue_std: 0.0,
            ..Params::DEFAULT
        };
        assert!(!p.nnue_for(Rule::Freestyle));
        assert!(!p.nnue_for(Rule::Standard));
        assert!(p.nnue_for(Rule::Renju));
        let p = Params {
            nnue_renju: 0.0,
            nnue_std: 1.0,
            ..p
        };
        assert!(!p.nnue_for(Rule::Renju));
        assert!(p.nnue_for(Rule::Standard));
        assert!(!p.nnue_for(Rule::Freestyle));
    }
}
