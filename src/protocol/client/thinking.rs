//! Reading a brain's `MESSAGE` lines for what they say about its search (depth, evaluation,
//! best move).

/// An evaluation as a brain reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Its own scale (Rapfi's and ours: about 100 for an open three).
    Score(i32),
    /// A win for the side to move in this many moves (`+M5`).
    Win(u32),
    /// A loss in this many moves (`-M5`).
    Loss(u32),
}

/// What a brain's `MESSAGE` line says about its search, where it says it: Rapfi's and
/// Yixin's `depth 12-20 ev 35 n 1.2M ... pv h8 i9`, ours `depth 10 score 35 ... pv h8`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    pub depth: Option<u32>,
    pub eval: Option<Eval>,
    /// The first move of its line, as printed ("h8" or "7,7").
    pub best: Option<String>,
}

/// Reads a `MESSAGE` line for [`Thinking`]; `None` when it says nothing of the kind.
pub fn thinking(line: &str) -> Option<Thinking> {
    let mut words = line.split_whitespace();
    if !words.next()?.eq_ignore_ascii_case("MESSAGE") {
        return None;
    }
    let words: Vec<&str> = words.collect();
    let after = |key: &[&str]| {
        words
            .iter()
            .position(|w| key.iter().any(|k| w.eq_ignore_ascii_case(k)))
            .and_then(|i| words.get(i + 1).copied())
    };
    let depth = after(&["depth"]).and_then(depth_word);
    let eval = after(&["ev", "eval", "score"]).and_then(eval_word);
    let best = after(&["pv", "bestline", "best"]).map(str::to_string);
    let t = Thinking { depth, eval, best };
    (t != Thinking::default()).then_some(t)
}

/// An evaluation as brains print it: `35`, `-120`, `+M7` (a win in 7), `-M4` (a loss).
pub(super) fn eval_word(e: &str) -> Option<Eval> {
    let mate = |s: &str| s.trim_start_matches(['M', 'm']).parse::<u32>().ok();
    if let Some(m) = e.strip_prefix("+M").or_else(|| e.strip_prefix('M')) {
        mate(m).map(Eval::Win)
    } else if let Some(m) = e.strip_prefix("-M") {
        mate(m).map(Eval::Loss)
    } else {
        e.parse::<i32>().ok().map(Eval::Score)
    }
}

/// The number at the start of a depth as brains print it (`12` of Rapfi's `12-20`).
pub(super) fn depth_word(d: &str) -> Option<u32> {
    let digits: String = d.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_lines_of_several_engines() {
        let rapfi = thinking("MESSAGE depth 12-20 ev 35 n 1.2M n/ms 900 tm 1320 pv h8 i9 j10");
        assert_eq!(
            rapfi,
            Some(Thinking {
                depth: Some(12),
                eval: Some(Eval::Score(35)),
                best: Some("h8".into())
            })
        );
        let ours = thinking("MESSAGE depth 10 score -120 nodes 5000 nps 1 time 3 pv g7");
        assert_eq!(ours.as_ref().and_then(|t| t.eval), Some(Eval::Score(-120)));
        assert_eq!(
            thinking("MESSAGE depth 9 ev +M7 pv h8").and_then(|t| t.eval),
            Some(Eval::Win(7))
        );
        assert_eq!(
            thinking("MESSAGE depth 9 ev -M4").and_then(|t| t.eval),
            Some(Eval::Loss(4))
        );
        assert_eq!(thinking("MESSAGE hello there"), None);
        assert_eq!(thinking("DEBUG depth 3"), None);
        assert_eq!(thinking("MESSAGE depth"), None);
    }
}
