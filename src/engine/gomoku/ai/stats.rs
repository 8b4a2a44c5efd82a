//! Where a search spends its nodes: the counts `bench` prints per part of the search.

/// Where a search spent its nodes (main thread), by the part of the search that visited them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeStats {
    /// Alpha-beta nodes of the main search.
    pub main: u64,
    /// VCF nodes below the main search's leaves.
    pub leaf_vcf: u64,
    /// VCF nodes spent asking whether the opponent threatens a VCF (defence sets). Zero
    /// since the main search answers threats by the patterns' defence sets instead; the
    /// column stays so that `bench` figures compare with earlier ones.
    pub threat_vcf: u64,
    /// Threat-space nodes by threes and fours (root VCT, in-tree probes, root loss check).
    pub vct: u64,
    /// The root's own VCF before the main search.
    pub root_vcf: u64,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cat {
    Main,
    LeafVcf,
    Vct,
    RootVcf,
}

impl NodeStats {
    pub(crate) fn add(&mut self, cat: Cat) {
        match cat {
            Cat::Main => self.main += 1,
            Cat::LeafVcf => self.leaf_vcf += 1,
            Cat::Vct => self.vct += 1,
            Cat::RootVcf => self.root_vcf += 1,
        }
    }

    pub fn total(&self) -> u64 {
        self.main + self.leaf_vcf + self.threat_vcf + self.vct + self.root_vcf
    }
}
