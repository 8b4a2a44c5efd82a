//! What a brain plays: whether it accepts a board size and a rule ([`EngineClient::probe`]),
//! and the survey of every size and rule offered ([`EngineClient::survey`]).

use super::spec::{SETUP_TIMEOUT, rule_bits};
use super::{EngineClient, Fault, Refusal};
use crate::engine::gomoku::Rule;
use crate::protocol::manager::ManagerError;
use crate::protocol::rule_from_bits;

/// What a brain said about a rule or a board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Support {
    Accepted,
    /// It answered `ERROR` (or something other than `OK` to `START`): its words.
    Refused(String),
}

impl EngineClient {
    /// Whether the brain plays on a `size` board under `rule`: `START` must answer `OK`, and
    /// `INFO rule` must not answer `ERROR` (an `ABOUT` after it marks where its answer would
    /// be).
    pub fn probe(&mut self, size: usize, rule: Rule) -> Result<Support, Fault> {
        self.launch()?;
        self.started = None;
        let reply = self.command(&format!("START {size}"), SETUP_TIMEOUT)?;
        if !reply.eq_ignore_ascii_case("OK") {
            return Ok(Support::Refused(reply));
        }
        self.send(&format!("INFO rule {}", rule_bits(rule)))?;
        // Not drained first: an ERROR already waiting is the rule's answer.
        let asked = self.running()?.command("ABOUT", SETUP_TIMEOUT);
        let reply = match asked {
            Ok((reply, _)) => reply,
            Err(ManagerError::Timeout(t)) => return Err(self.fault(Fault::Time(t))),
            Err(e) => return Err(self.fault(Fault::Crash(e.to_string()))),
        };
        if reply.to_ascii_uppercase().starts_with("ERROR") {
            // The ABOUT's own reply is still to come.
            self.command_reply(SETUP_TIMEOUT)?;
            return Ok(Support::Refused(reply));
        }
        // A game still starts with START and the settings (the probe sent none of them).
        self.started = None;
        self.known.clear();
        Ok(Support::Accepted)
    }

    /// What the brain plays, of `sizes` and `rules` (`INFO rule` numbers): the sizes its
    /// `START` accepts, then the rules it does not refuse on the first of them (15 where it
    /// accepts 15). A brain that accepts no size is refused as a whole.
    pub fn survey(&mut self, sizes: &[u32], rules: &[u32]) -> Result<(Vec<u32>, Vec<u32>), Fault> {
        self.launch()?;
        let mut accepted_sizes = Vec::new();
        for &size in sizes {
            self.started = None;
            let reply = self.command(&format!("START {size}"), SETUP_TIMEOUT)?;
            if reply.eq_ignore_ascii_case("OK") {
                accepted_sizes.push(size);
            }
        }
        let Some(&size) = accepted_sizes
            .iter()
            .find(|&&s| s == 15)
            .or(accepted_sizes.first())
        else {
            return Err(self.fault(Fault::Refused {
                what: Refusal::Sizes(sizes.to_vec()),
                reply: "START".into(),
            }));
        };
        let mut accepted_rules = Vec::new();
        for &bits in rules {
            let rule = rule_from_bits(bits as u64).0;
            if self.probe(size as usize, rule)? == Support::Accepted {
                accepted_rules.push(bits);
            }
        }
        self.started = None;
        Ok((accepted_sizes, accepted_rules))
    }
}
