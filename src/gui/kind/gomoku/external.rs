//! Gomoku with an external engine (its [`GameEngines`] capability): what an added engine is
//! asked about and may play, the move request through the protocol client, its `MESSAGE`
//! lines read for the thinking line, and a fault turned into the message that names the
//! engine and what it did.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{BOARD_SIZES, Gomoku, any_level, opening_rule, point, rule_title};
use crate::engine::gomoku::ai::Level;
use crate::engine::gomoku::opening::OpeningRule;
use crate::engine::gomoku::{Game, Pos, Rule};
use crate::engine::review::Outlook;
use crate::gui::kind::{
    AnyGame, Candidate, EngineSeat, GameEngines, Move, Options, Progress, SearchInfo,
    SearchRequest, candidate,
};
use crate::gui::msg::{Arg, Msg};
use crate::protocol::client::{
    Eval, Fault, IllegalKind, Limit, NBest, Refusal, engine_point, rule_bits, thinking,
};

/// The lines an engine that reports several is asked for (the built-in analysis shows three).
const ANALYSIS_LINES: usize = 3;

impl GameEngines for Gomoku {
    fn variants(&self) -> (Vec<u32>, Vec<u32>) {
        (
            Rule::ALL.iter().map(|&r| rule_bits(r)).collect(),
            BOARD_SIZES.iter().map(|&s| s as u32).collect(),
        )
    }

    fn rule_name(&self, bits: u32) -> Option<Msg> {
        Rule::ALL
            .iter()
            .find(|&&r| rule_bits(r) == bits)
            .map(|&r| rule_title(r))
    }

    fn accepts(&self, options: &Options, rules: &[u32], sizes: &[u32]) -> bool {
        let rule = Rule::ALL[options.get("rule").copied().unwrap_or(0) as usize % Rule::ALL.len()];
        let size = options.get("size").copied().unwrap_or(15);
        rules.contains(&rule_bits(rule)) && sizes.contains(&size)
    }

    fn stand_in(&self, options: &Options) -> Option<(&'static str, &'static str)> {
        match opening_rule(options) {
            OpeningRule::None => None,
            // SWAP2BOARD asks these rules' questions of an engine that knows it.
            OpeningRule::Swap | OpeningRule::Swap2 => {
                Some(("opening", "setup-engine-opening-asked"))
            }
            _ => Some(("opening", "setup-engine-opening")),
        }
    }

    fn prepare(&self, game: &AnyGame, seat: &EngineSeat) {
        let Some(game) = game.downcast_ref::<Game>() else {
            return;
        };
        // A fault shows at its first move, which asks again.
        if let Err(fault) = seat.client().prepare(game) {
            bevy::log::warn!("{} did not start: {fault}", seat.name);
        }
    }

    fn search(
        &self,
        game: &AnyGame,
        seat: &EngineSeat,
        request: &SearchRequest,
        stop: &AtomicBool,
        progress: Progress,
    ) -> SearchInfo {
        match game.downcast_ref::<Game>() {
            Some(game) => search(game, seat, request, stop, progress),
            None => SearchInfo::unanswered(request.level, "engine-not-this-game"),
        }
    }

    fn analyse(
        &self,
        game: &AnyGame,
        seat: &EngineSeat,
        stop: &AtomicBool,
        report: &mut dyn FnMut(u32, Vec<Candidate<Move>>),
    ) -> Result<(), Msg> {
        let Some(game) = game.downcast_ref::<Game>() else {
            return Ok(());
        };
        analyse(game, seat, stop, &mut |depth, top| {
            report(depth, top.into_iter().map(candidate::<Game>).collect())
        })
    }
}

/// What a brain did wrong, in the player's language: a phrase that follows the engine's name
/// ("did not answer within 7.0 s"), with no stop of its own, for the sentences that say what
/// came of it (a forfeit, no analysis, not added). `size` is the board's, for the points
/// the brain played. The system's or the brain's own words (why it could not start, what it
/// answered) stay as they are; the log has the English whole ([`Fault`]'s `Display`).
pub fn fault_reason(fault: &Fault, size: usize) -> Msg {
    // A point on the board as the board names it ("h8"), else as the brain wrote it.
    let point = |reply: &str| {
        Pos::from_gomocup(reply, size).map_or_else(|_| reply.to_string(), |p| p.to_human(size))
    };
    match fault {
        Fault::Start(error) => Msg::key("fault-start").with("error", error.clone()),
        Fault::Crash(_) => Msg::key("fault-crash"),
        Fault::Time(t) => Msg::key("fault-time").with("seconds", Arg::fixed(t.as_secs_f64(), 1)),
        Fault::NotAMove(reply) => Msg::key("fault-not-a-move").with("reply", reply.clone()),
        Fault::Illegal { reply, kind, .. } => Msg::key(match kind {
            IllegalKind::OffBoard => "fault-off-board",
            IllegalKind::Taken => "fault-taken",
            IllegalKind::Forbidden => "fault-forbidden",
            IllegalKind::GameOver => "fault-after-the-end",
        })
        .with("point", point(reply)),
        Fault::Flood(lines) => Msg::key("fault-flood").with("lines", *lines),
        Fault::Refused {
            what: Refusal::Sizes(sizes),
            ..
        } => Msg::key("fault-refused-sizes").with(
            "sizes",
            sizes
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        Fault::Refused {
            what: Refusal::Board(n),
            reply,
        } => Msg::key("fault-refused-board")
            .with("size", *n)
            .with("reply", reply.clone()),
        Fault::Refused {
            what: Refusal::Command(command),
            reply,
        } => Msg::key("fault-refused-command")
            .with("command", command.to_string())
            .with("reply", reply.clone()),
    }
}

fn outlook(eval: Eval) -> Outlook {
    match eval {
        Eval::Score(v) => Outlook::Eval(v),
        Eval::Win(n) => Outlook::Win(n),
        Eval::Loss(n) => Outlook::Loss(n),
    }
}

/// The engine's time for its move: its own time per move without a clock; with one, the
/// clock's time for this move or for the game, less a margin for the answer to reach the
/// board (the clock is read when the move is on it).
fn limit(request: &SearchRequest) -> Limit {
    let Some(budget) = request.clock else {
        return Limit::Turn;
    };
    let share = budget.usable();
    if budget.per_move {
        Limit::Move(share)
    } else {
        Limit::Left(share)
    }
}

/// The engine's analysis of `game` for the side to move, in its own time per move: the best
/// move of each `MESSAGE` that names one (with its depth and evaluation), then its answer.
pub fn analyse(
    game: &Game,
    seat: &EngineSeat,
    stop: &AtomicBool,
    report: &mut dyn FnMut(u32, Vec<Candidate<Pos>>),
) -> Result<(), Msg> {
    if game.outcome().is_over() {
        return Ok(());
    }
    if seat.nbest == NBest::Lines {
        return analyse_lines(game, seat, stop, report);
    }
    let (mut depth, mut eval) = (0, Outlook::Unknown);
    let mut client = seat.client();
    let answer = client.think(game, Limit::Turn, stop, &mut |line| {
        let Some(t) = thinking(line) else { return };
        depth = t.depth.unwrap_or(depth);
        eval = t.eval.map_or(eval, outlook);
        let best = t.best.and_then(|b| engine_point(&b, game.size()));
        if let Some(mv) = best.filter(|&p| game.check_move(p).is_ok()) {
            report(
                depth,
                vec![Candidate {
                    mv,
                    score: eval,
                    line: vec![mv],
                }],
            );
        }
    });
    if seat.ending() {
        client.end(Duration::ZERO);
    }
    match answer {
        Ok(Some(a)) => {
            report(
                depth,
                vec![Candidate {
                    mv: a.pos,
                    score: eval,
                    line: vec![a.pos],
                }],
            );
            Ok(())
        }
        Ok(None) => Ok(()),
        Err(fault) => {
            bevy::log::warn!("{} (analysis): {fault}", seat.name);
            Err(Msg::key("analysis-engine-fault")
                .with("name", seat.name.clone())
                .with("what", fault_reason(&fault, game.size())))
        }
    }
}

/// The analysis by an engine that reports several best lines (`YXNBEST`): its three lines
/// as they come, each with its evaluation and the depth of the best.
fn analyse_lines(
    game: &Game,
    seat: &EngineSeat,
    stop: &AtomicBool,
    report: &mut dyn FnMut(u32, Vec<Candidate<Pos>>),
) -> Result<(), Msg> {
    let mut client = seat.client();
    let answer = client.nbest(game, ANALYSIS_LINES, Limit::Turn, stop, &mut |lines| {
        // A rank's line may be an iteration older than the best's and begin with the same
        // move: each move once, at its best rank.
        let mut seen = Vec::new();
        let top: Vec<Candidate<Pos>> = lines
            .iter()
            .filter(|l| game.check_move(l.moves[0]).is_ok())
            .filter(|l| {
                let fresh = !seen.contains(&l.moves[0]);
                seen.push(l.moves[0]);
                fresh
            })
            .take(ANALYSIS_LINES)
            .map(|l| Candidate {
                mv: l.moves[0],
                score: l.eval.map_or(Outlook::Unknown, outlook),
                line: l.moves.clone(),
            })
            .collect();
        let depth = lines.first().and_then(|l| l.depth).unwrap_or(0);
        if !top.is_empty() {
            report(depth, top);
        }
    });
    if seat.ending() {
        client.end(Duration::ZERO);
    }
    match answer {
        Ok(_) => Ok(()),
        Err(fault) => {
            bevy::log::warn!("{} (analysis): {fault}", seat.name);
            Err(Msg::key("analysis-engine-fault")
                .with("name", seat.name.clone())
                .with("what", fault_reason(&fault, game.size())))
        }
    }
}

/// The engine's move in `game` (its side is the side to move).
pub fn search(
    game: &Game,
    seat: &EngineSeat,
    request: &SearchRequest,
    stop: &AtomicBool,
    progress: Progress,
) -> SearchInfo {
    // The nominal level of an engine's answers (what the evaluation bar and a fault's
    // fallback speak as); the panel names the engine.
    let level = any_level(Level::Master);
    let mut depth = 0;
    let mut eval = None;
    let mut best = None;
    let mut client = seat.client();
    let answer = client.think(game, limit(request), stop, &mut |line| {
        let Some(t) = thinking(line) else { return };
        depth = t.depth.unwrap_or(depth);
        if let Some(e) = t.eval {
            eval = Some(outlook(e));
        }
        best = t.best.clone().or(best.take());
        if let Some(e) = eval {
            progress(depth, e);
        }
    });
    // Its game was left while it thought: the process ends now that it is free.
    if seat.ending() {
        client.end(Duration::ZERO);
    }
    let name = seat.name.clone();
    let mut info = SearchInfo::unanswered(level, "engine-stopped");
    match answer {
        Ok(Some(a)) => {
            info.mv = Ok(point(a.pos));
            info.time = a.time;
            info.searched = true;
            info.depth = depth;
            info.eval = eval;
            let shown_best = best
                .and_then(|b| engine_point(&b, game.size()))
                .unwrap_or(a.pos);
            info.pv = vec![point(shown_best)];
            info.hint = Msg::key("hint-engine")
                .with("point", a.pos.to_human(game.size()))
                .with("name", name.clone());
            // An engine that reports no depth is not said to have searched depth 0.
            info.panel = if depth == 0 {
                Msg::key("panel-engine-timed")
            } else {
                Msg::key("panel-engine").with("depth", depth)
            }
            .with("name", name)
            .with("seconds", Arg::fixed(a.time.as_secs_f64(), 2));
        }
        Ok(None) => {}
        Err(fault) => {
            // The log has the brain's own words in full (why it stopped, the rules' reason).
            bevy::log::warn!("{name}: {fault}");
            let reason = fault_reason(&fault, game.size());
            info.hint = Msg::key("hint-none").with(
                "why",
                Msg::key("hint-engine-fault")
                    .with("name", name.clone())
                    .with("what", reason.clone()),
            );
            info.mv = Err(Msg::key("engine-fault")
                .with("name", name)
                .with("what", reason.clone()));
            info.fault = Some(reason);
            info.time = Duration::ZERO;
        }
    }
    info
}
