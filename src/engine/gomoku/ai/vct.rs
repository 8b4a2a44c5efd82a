//! Threat-space search by threes and fours (VCT) and the root's check of its candidates
//! against the opponent's threat wins. Each runs as a phase with a share of the time.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::SearchResult;
use super::pattern::Combo;
use super::search::{
    LEAF_VCF_DEPTH, PHASE_NODES, ROOT_THREAT_CANDIDATES, ROOT_THREAT_SHARE, ROOT_THREAT_VCT_DEPTH,
    ROOT_VCF_DEPTH, Searcher, WIN,
};

impl Searcher<'_> {
    /// Starts a threat-search phase limited to `share` of the soft time (from now) and to
    /// `nodes` more nodes; returns the limits to restore.
    pub(super) fn begin_phase(&mut self, share: f64, nodes: u64) -> (Option<Duration>, u64) {
        let saved = (self.hard, self.node_limit);
        let until = self.soft.map(|s| self.start.elapsed() + s.mul_f64(share));
        self.hard = match (until, self.hard) {
            (Some(s), Some(h)) => Some(s.min(h)),
            (s, h) => s.or(h),
        };
        // Under a node budget the phase gets the same share of what is left.
        let nodes = match self.node_limit {
            u64::MAX => nodes,
            limit => nodes.min((limit.saturating_sub(self.nodes) as f64 * share) as u64),
        };
        self.node_limit = self.node_limit.min(self.nodes.saturating_add(nodes));
        saved
    }

    /// Ends a phase: its running out of budget does not stop the search.
    pub(super) fn end_phase(&mut self, saved: (Option<Duration>, u64)) {
        (self.hard, self.node_limit) = saved;
        self.aborted = self.stop.load(Ordering::Relaxed)
            || self.nodes >= self.node_limit
            || self.hard.is_some_and(|h| self.start.elapsed() >= h);
    }

    /// Root moves after which the opponent wins by threats (VCF or VCT) are taken out of the
    /// search, as long as one move survives: the main search alone often meets such a line
    /// too late. Deeper threat sequences are tried while a share of the time lasts.
    pub(super) fn drop_root_losses(&mut self) {
        let mut cands = Vec::new();
        self.generate(0, None, false, &mut cands);
        cands.truncate(ROOT_THREAT_CANDIDATES);
        if cands.len() <= 1 {
            return;
        }
        let saved = self.begin_phase(ROOT_THREAT_SHARE, PHASE_NODES);
        let mut lost = vec![false; cands.len()];
        'deepen: for depth in 1..=ROOT_THREAT_VCT_DEPTH {
            for (k, &(_, m)) in cands.iter().enumerate() {
                if lost[k] {
                    continue;
                }
                self.st.make(self.pos(m));
                let opp_wins = if depth == 1 {
                    self.vcf(ROOT_VCF_DEPTH).is_some()
                } else {
                    self.vct_attack(depth)
                };
                self.st.unmake();
                if self.aborted {
                    break 'deepen;
                }
                lost[k] = opp_wins;
            }
            if lost.iter().all(|&l| l) {
                break;
            }
        }
        self.end_phase(saved);
        if lost.iter().all(|&l| l) {
            return; // every move loses: let the search find the longest defence
        }
        for (k, &(_, m)) in cands.iter().enumerate() {
            if lost[k] {
                self.root_legal[m] = false;
            }
        }
    }

    /// VCT at the root with a share of the time: a win by threes and fours.
    pub(super) fn vct_root(&mut self) -> Option<SearchResult> {
        // A third of the time when asked for (Master), a sixth otherwise.
        let saved = self.begin_phase(if self.vct { 1.0 / 3.0 } else { 1.0 / 6.0 }, PHASE_NODES);
        let me = self.st.side();
        let mut found = None;
        'outer: for depth in 2..=12u32 {
            let mut attacks = Vec::new();
            self.st.points_with(me, Combo::Flex3, &mut attacks);
            attacks.retain(|&i| self.root_legal[i]);
            attacks.sort_by_key(|&i| std::cmp::Reverse(self.st.value(i, me)));
            for a in attacks {
                if self.poll() {
                    break 'outer;
                }
                self.st.make(self.pos(a));
                let win = self.vct_defend(depth);
                self.st.unmake();
                if win && !self.aborted {
                    found =
                        Some(self.result(Some(a), WIN - (2 * depth as i32 + 1), depth, vec![a]));
                    break 'outer;
                }
            }
        }
        // Running out of the VCT share must not end the main search.
        self.end_phase(saved);
        found
    }

    /// Attacker to move: a win by threats within `depth` more threats?
    pub(super) fn vct_attack(&mut self, depth: u32) -> bool {
        if self.poll() {
            return false;
        }
        self.tick();
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.count(me, Combo::Five) > 0 {
            return true;
        }
        if self.st.count(opp, Combo::Five) > 0 {
            return false;
        }
        if self.st.count(me, Combo::Flex4) > 0 {
            return true;
        }
        if depth == 0 {
            return false;
        }
        if self.vcf(LEAF_VCF_DEPTH + 2).is_some() {
            return true;
        }
        let mut attacks = Vec::new();
        self.st.points_with(me, Combo::Flex3, &mut attacks);
        attacks.sort_by_key(|&i| std::cmp::Reverse(self.st.value(i, me)));
        attacks.truncate(16);
        for a in attacks {
            self.st.make(self.pos(a));
            let win = self.vct_defend(depth - 1);
            self.st.unmake();
            if win {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        false
    }

    /// Defender to move after a threat: does the attacker win against every defence?
    fn vct_defend(&mut self, depth: u32) -> bool {
        if self.poll() {
            return false;
        }
        self.tick();
        let def = self.st.side();
        let att = def.opponent();
        if self.st.count(def, Combo::Five) > 0 {
            return false;
        }
        let att_fives = self.st.count(att, Combo::Five);
        let mut defences = Vec::new();
        if att_fives >= 2 {
            return true;
        } else if att_fives == 1 {
            self.st.points_with(att, Combo::Five, &mut defences);
            if !self.st.playable(defences[0]) {
                return true;
            }
        } else if self.st.count_at_least(att, Combo::Flex4) > 0 {
            if self.st.count_at_least(def, Combo::Flex4) > 0 {
                return false; // an open four of our own outpaces the three
            }
            let n = self.st.size() * self.st.size();
            for i in 0..n {
                if self.st.playable(i)
                    && (self.attacker_combo(i, att) >= Combo::Block4
                        || self.st.combo(i, def) >= Combo::Block4)
                {
                    defences.push(i);
                }
            }
        } else {
            return false; // no threat on the board
        }
        for d in defences {
            self.st.make(self.pos(d));
            let att_wins = if self.st.count(def, Combo::Five) > 0 {
                // The defence was a four: the attacker must block, then defend again.
                self.st.points_with(def, Combo::Five, &mut self.buf);
                if self.buf.len() >= 2 || !self.st.playable(self.buf[0]) {
                    false
                } else {
                    let b = self.buf[0];
                    self.st.make(self.pos(b));
                    let r = self.vct_defend(depth);
                    self.st.unmake();
                    r
                }
            } else {
                self.vct_attack(depth)
            };
            self.st.unmake();
            if !att_wins || self.aborted {
                return false;
            }
        }
        true
    }
}
