//! Proof search by continuous fours (VCF): every line it finds is a forced win. The root
//! looks for one before the main search, and the VCT uses it at its attacking nodes.

use super::pattern::Combo;
use super::search::Searcher;

impl Searcher<'_> {
    /// Continuous fours for the side to move. Returns how many of our moves win (including
    /// the five), or `None`. Sound: every line it finds is a forced win.
    pub(super) fn vcf(&mut self, depth: u32) -> Option<u32> {
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.count(me, Combo::Five) > 0 {
            return Some(1);
        }
        if self.st.count(opp, Combo::Five) > 0 {
            return None;
        }
        if self.st.count(me, Combo::Flex4) > 0 {
            return Some(2);
        }
        if depth == 0 {
            return None;
        }
        let mut fours = Vec::new();
        self.st.points_with(me, Combo::Block4, &mut fours);
        fours.sort_by_key(|&i| std::cmp::Reverse(self.st.value(i, me)));
        for f in fours {
            if self.poll() {
                return None;
            }
            if let Some(n) = self.vcf_after_four(f, depth) {
                return Some(n);
            }
        }
        None
    }

    /// Plays our four at `f`, the forced block, and continues the VCF.
    fn vcf_after_four(&mut self, f: usize, depth: u32) -> Option<u32> {
        let opp = self.st.side().opponent();
        self.st.make(self.pos(f));
        self.tick();
        let me = opp.opponent();
        // The only five points we can have are the ones this four made (none existed).
        self.st
            .points_near_with(self.pos(f), me, Combo::Five, &mut self.buf);
        let result = match self.buf.len() {
            0 => None,
            1 => {
                let b = self.buf[0];
                if !self.st.playable(b) {
                    // Black cannot block on a forbidden point.
                    Some(2)
                } else {
                    self.st.make(self.pos(b));
                    self.tick();
                    let r = if self.st.count(opp, Combo::Five) > 0 {
                        None
                    } else {
                        self.vcf(depth - 1).map(|n| n + 1)
                    };
                    self.st.unmake();
                    r
                }
            }
            _ => Some(2),
        };
        self.st.unmake();
        result
    }

    pub(super) fn vcf_root(&mut self, depth: u32) -> Option<(usize, u32)> {
        let me = self.st.side();
        let mut fours = Vec::new();
        self.st.points_with(me, Combo::Block4, &mut fours);
        fours.retain(|&i| self.root_legal[i]);
        fours.sort_by_key(|&i| std::cmp::Reverse(self.st.value(i, me)));
        for f in fours {
            if self.poll() {
                return None;
            }
            if let Some(n) = self.vcf_after_four(f, depth) {
                return Some((f, n));
            }
        }
        None
    }
}
