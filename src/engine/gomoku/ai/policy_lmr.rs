//! The search's use of the move policy (`policy`): at nodes deep enough for its cost, the
//! policy's logits of the node's candidates, and a late move's reduction that grows as its
//! logit falls below the best candidate's ("policy based reduction", Engine IV). The
//! ordering stays the tables' and the history's: the policy in their place, or added to
//! them, saved no nodes (docs/benchmarks/history.md, session 39).

use super::params::Params;
use super::policy::{code_at, net::LOGIT_SCALE, recent_bucket, trunk};
use super::search::Searcher;

impl Searcher<'_> {
    /// Whether a node of `depth` plies reads the policy (`policy_depth`).
    #[inline]
    pub(super) fn wants_policy(&self, depth: f32) -> bool {
        self.policy.is_some() && depth >= self.p().policy_depth
    }

    /// The policy's pass over ply `ply`'s candidates (empty, near, playable points): their
    /// logit gaps for [`Searcher::policy_reduction`]. Nothing without the value network's
    /// accumulators (the tables-only search).
    pub(super) fn policy_pass(&mut self, ply: usize) {
        let Some(line) = self.policy.as_mut() else {
            return;
        };
        let Some(slot) = line.fresh.get_mut(ply) else {
            return;
        };
        *slot = false;
        let Some(trunk) = trunk(&self.st) else {
            return;
        };
        let (st, size) = (&self.st, self.st.size());
        let (me, opp) = (st.side(), st.side().opponent());
        let recent = [st.recent_move_index(0), st.recent_move_index(1)];
        line.points.clear();
        line.codes.clear();
        line.recent.clear();
        for i in 0..size * size {
            if st.near(i) && st.playable(i) {
                line.points.push(i);
                line.codes.push([code_at(st, i, me), code_at(st, i, opp)]);
                line.recent.push(recent.map(|m| recent_bucket(i, m, size)));
            }
        }
        line.logits.clear();
        line.logits.resize(line.points.len(), 0);
        let head = line.net.head(&trunk);
        line.net
            .logits(&head, &line.codes, &line.recent, &mut line.logits);
        let best = line.logits.iter().copied().max().unwrap_or(0);
        let gap = &mut line.gap[ply];
        for (&i, &l) in line.points.iter().zip(&line.logits) {
            gap[i] = l - best;
        }
        line.fresh[ply] = true;
    }

    /// The policy's share of the late move `m`'s reduction at ply `ply`, in plies:
    /// `policy_lmr_scale x (the best logit - m's, in nats) - policy_lmr_bias`, within
    /// -1..3; 0 where the ply has no fresh pass.
    #[inline]
    pub(super) fn policy_reduction(&self, ply: usize, m: usize) -> f32 {
        let Some(line) = &self.policy else {
            return 0.0;
        };
        if !line.fresh.get(ply).copied().unwrap_or(false) {
            return 0.0;
        }
        let p: &Params = self.p();
        let gap = -(line.gap[ply][m] as f32) / LOGIT_SCALE as f32;
        (gap * p.policy_lmr_scale - p.policy_lmr_bias).clamp(-1.0, 3.0)
    }
}
