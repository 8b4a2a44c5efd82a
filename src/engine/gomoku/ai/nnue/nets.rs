//! Which network a rule's search uses: the committed nets and colour heads, or in the
//! developers' build the trial files named by `GOMOKU_NNUE*`, each read once.

use std::sync::OnceLock;

use super::{
    FREESTYLE, FREESTYLE_BLACK, FREESTYLE_WHITE, Net, RENJU, RENJU_BLACK, RENJU_WHITE, STANDARD,
    STANDARD_BLACK, STANDARD_WHITE,
};
use crate::engine::gomoku::Rule;

/// The committed network file of `rule` and its name, if one is shipped (a rule without
/// one keeps the tables).
pub fn built_in(rule: Rule) -> Option<(&'static [u8], &'static str)> {
    match rule {
        Rule::Freestyle => Some((FREESTYLE, "nnue/freestyle.bin (built in)")),
        Rule::Renju => Some((RENJU, "nnue/renju.bin (built in)")),
        Rule::Standard => Some((STANDARD, "nnue/standard.bin (built in)")),
    }
}

/// The committed colour heads of `rule` (`[Black, White]`) and their names, where shipped.
pub fn built_in_heads(rule: Rule) -> [Option<(&'static [u8], &'static str)>; 2] {
    match rule {
        Rule::Freestyle => [
            Some((FREESTYLE_BLACK, "nnue/freestyle_black.bin (built in)")),
            Some((FREESTYLE_WHITE, "nnue/freestyle_white.bin (built in)")),
        ],
        Rule::Renju => [
            Some((RENJU_BLACK, "nnue/renju_black.bin (built in)")),
            Some((RENJU_WHITE, "nnue/renju_white.bin (built in)")),
        ],
        Rule::Standard => [
            Some((STANDARD_BLACK, "nnue/standard_black.bin (built in)")),
            Some((STANDARD_WHITE, "nnue/standard_white.bin (built in)")),
        ],
    }
}

/// Reads the network of every rule whose switch is on (`Params::nnue_for`), and its
/// colour heads where given, so that the first search does not pay for them.
pub fn load_nets() {
    let p = super::super::params::Params::get();
    for rule in Rule::ALL {
        heads_for(rule, net_for(rule, p.nnue_for(rule)));
    }
}

/// The network the search uses for `rule` when the switch (`Params::nnue`) is `on`: in the
/// developers' build the file named by `GOMOKU_NNUE` (for every rule: a trial net), else
/// the rule's committed one. `None` when the switch is off, when the rule has no network, or, said once on
/// stderr, when it does not load: the search then keeps the tables.
pub fn net_for(rule: Rule, on: bool) -> Option<&'static Net> {
    static NETS: [OnceLock<Option<Net>>; 3] = [const { OnceLock::new() }; 3];
    if !on {
        return None;
    }
    NETS[rule_slot(rule)]
        .get_or_init(|| {
            let loaded = match trial_file("GOMOKU_NNUE") {
                Some(path) => read_net(&path),
                None => {
                    let (bytes, name) = built_in(rule)?;
                    Net::from_bytes(bytes, name)
                }
            };
            loaded
                .map_err(|e| eprintln!("nnue: {e}; evaluating with the tables"))
                .ok()
        })
        .as_ref()
}

/// The index of `rule` in the per-rule caches of nets, heads and policies.
pub(in crate::engine::gomoku::ai) fn rule_slot(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
    }
}

/// The trial weights file named by the environment variable `var` (`GOMOKU_NNUE*`), read
/// only in the developers' build: the game a player builds keeps its committed nets.
#[cfg(feature = "tools")]
fn trial_file(var: &str) -> Option<String> {
    std::env::var(var).ok()
}

#[cfg(not(feature = "tools"))]
fn trial_file(_: &str) -> Option<String> {
    None
}

/// A trial weights file (`GOMOKU_NNUE*`), read and quantized; errors name the file.
fn read_net(path: &str) -> Result<Net, String> {
    std::fs::read(path)
        .map_err(|e| format!("{path}: {e}"))
        .and_then(|b| Net::from_bytes(&b, path))
}

/// Checks that `head` can value positions from `base`'s accumulators: the same first
/// layer (W1 and b1, integer), so that only the layers after it differ. `name`: the head's
/// file, for the error.
pub fn check_head(base: &Net, head: &Net, name: &str) -> Result<(), String> {
    if head.w1 != base.w1 || head.b1 != base.b1 {
        return Err(format!(
            "{name}: its first layer (W1, b1) is not the rule net's; train it with --init \
             on that net and --freeze-w1"
        ));
    }
    Ok(())
}

/// The heads that value positions with each colour to move (`[Black, White]`), where
/// given: in the developers' build the net files named by `GOMOKU_NNUE_BLACK` and
/// `GOMOKU_NNUE_WHITE` (trials, for every rule with a net), else, with `Params::nnue_heads` on, the rule's committed ones
/// ([`built_in_heads`]). Each must share the rule net's first layer ([`check_head`]), so
/// both colours read the same accumulators through their own hidden and output layers: a
/// rule's positions differ by colour (Renju's forbidden points are Black's only) while the
/// input says only whose turn it is. `None` for a colour without one, or, said once on
/// stderr, whose file does not load or match: the rule net values it (a trial head
/// matches one rule's net; the other rules say so and go on without it).
pub fn heads_for(rule: Rule, base: Option<&'static Net>) -> [Option<&'static Net>; 2] {
    static HEADS: [[OnceLock<Option<Net>>; 2]; 3] = [const { [const { OnceLock::new() }; 2] }; 3];
    let Some(base) = base else {
        return [None, None];
    };
    let slot = rule_slot(rule);
    let built_in = built_in_heads(rule);
    let on = super::super::params::Params::get().nnue_heads > 0.0;
    [("GOMOKU_NNUE_BLACK", 0), ("GOMOKU_NNUE_WHITE", 1)].map(|(var, c)| {
        HEADS[slot][c]
            .get_or_init(|| {
                let loaded = match trial_file(var) {
                    Some(path) => read_net(&path).map(|n| (n, path)),
                    None => {
                        let (bytes, name) = built_in[c].filter(|_| on)?;
                        Net::from_bytes(bytes, name).map(|n| (n, name.to_string()))
                    }
                };
                loaded
                    .and_then(|(head, name)| check_head(base, &head, &name).map(|()| head))
                    .map_err(|e| eprintln!("nnue: {e}; the {rule:?} net values this colour"))
                    .ok()
            })
            .as_ref()
    })
}
