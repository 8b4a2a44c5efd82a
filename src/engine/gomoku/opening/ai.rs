//! The AI in every role of an opening, from the engine's own evaluation (no opening book):
//!
//! - placing stones: candidate points near the stones (or the centre) in the step's area,
//!   each position after one judged by a short search; before the other player's colour
//!   choice it keeps one whose evaluation is closest to even (balanced), otherwise the one
//!   best for its own colour; seeded random among those within the level's margin;
//! - colour choices: a deeper search, then the colour it favours; Swap2's third option
//!   when the position is close to even; Taraguchi's ten offers when it favours Black a lot;
//! - declaring the number of fifth moves: more offers the more Black is ahead (balancing,
//!   since the other player may swap afterwards);
//! - offering fifth moves (as Black): White will pick the offer best for White, so Black
//!   offers its best moves (not symmetric to each other, not losing at once): the weakest
//!   offer is what Black gets;
//! - picking an offer (as White): the one whose position is best for White.

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::action::{Action, OpeningError};
use super::state::Opening;
use super::{Choice, OpeningRule, Player, Step};
use crate::engine::gomoku::ai::{Engine, Level, Limits, NoInfo, Score};
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::{Pos, Stone};
use crate::engine::gomoku::rules::Rule;

/// How hard a level works at each decision of the opening.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Nodes for judging one candidate position (a stone, an offer, a pick).
    pub probe: u64,
    /// Nodes for a colour choice or a declaration: one position, judged more deeply.
    pub deep: u64,
    /// Candidate points judged per placement or offer.
    pub candidates: usize,
    /// Evaluation points (100 is about an open three) within which candidates count as
    /// equally good; one of them is taken at random.
    pub margin: i32,
}

/// The levels' opening budgets. The opening is a handful of decisions, so even Master's
/// budget stays under a second a decision on one core: probes of a few thousand nodes
/// already see the shapes three stones make (threes, fours next move); the deep search of
/// a colour choice gets ten times a probe. Novice and Casual look at fewer points,
/// shallower, and accept worse ones (their openings are loose but legal); Club to Master
/// look wider and deeper and keep to a tight margin.
pub fn budget(level: Level) -> Budget {
    let (probe, deep, candidates, margin) = match level {
        Level::Novice => (300, 1_500, 5, 80),
        Level::Casual => (600, 3_000, 6, 60),
        Level::Club => (2_000, 10_000, 8, 30),
        Level::Expert => (6_000, 40_000, 10, 20),
        Level::Master => (15_000, 120_000, 14, 12),
    };
    Budget {
        probe,
        deep,
        candidates,
        margin,
    }
}

/// Swap2: the chooser places two more stones when |evaluation| is below this (about half
/// an open three): the position is too close to even to pick a side with confidence.
pub const PLACE_TWO_BELOW: i32 = 60;
/// Taraguchi-10 after move 4: Black keeps Black with ten offers when it is this far ahead.
pub const OFFERS_ABOVE: i32 = 400;
/// One more fifth-move offer declared per this many points of Black's lead.
pub const DECLARE_STEP: i32 = 80;
/// Candidates of a placement judged again by the deep search.
pub const REFINE: usize = 3;
/// Batches of candidates a placement that must be balanced tries before it settles for the
/// most balanced one it found.
pub const BALANCE_BATCHES: usize = 3;
/// A forced win or loss as a number (beyond every evaluation).
pub const DECIDED: i32 = 10_000;

/// Hash table of one judging search: small, cleared for every search so a judgement
/// depends on the position alone.
const HASH_BYTES: usize = 1 << 20;

/// The position's value for Black by a search of `nodes` (side to move's score turned
/// round when White is to move); forced results are ±[`DECIDED`].
pub fn black_eval(game: &Game, nodes: u64, stop: &AtomicBool) -> i32 {
    if game.outcome().is_over() {
        return 0;
    }
    let limits = Limits {
        nodes: Some(nodes),
        threads: 1,
        tables: true,
        ..Limits::default()
    };
    let r = Engine::new(HASH_BYTES).think(game, &limits, stop, &mut NoInfo);
    let v = match r.score {
        Score::Eval(v) => v.clamp(-DECIDED + 1, DECIDED - 1),
        Score::Win(_) => DECIDED,
        Score::Loss(_) => -DECIDED,
    };
    match game.to_move() {
        Stone::Black => v,
        Stone::White => -v,
    }
}

/// The AI's action for the player to act in `opening` (any step). Always legal; the stop
/// flag only cuts the searches short. Once the opening is over there is nothing to do and
/// the answer is an (illegal) `Declare(0)`.
pub fn decide(opening: &Opening, level: Level, seed: u64, stop: &AtomicBool) -> Action {
    let b = budget(level);
    // A different stream at every step of the same seed.
    let mut rng = StdRng::seed_from_u64(
        seed ^ (opening.actions().len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    match opening.step() {
        Step::Place { player, stone, .. } => {
            Action::Place(place(opening, player, stone, &b, &mut rng, stop))
        }
        Step::ChooseColour { player, options } => {
            Action::Choose(choose(opening, player, &options, &b, stop))
        }
        Step::Declare { min, max, .. } => {
            let e = black_eval(opening.game(), b.deep, stop);
            let extra = (e.max(0) / DECLARE_STEP).min(u8::MAX as i32) as u8;
            Action::Declare(min.saturating_add(extra).clamp(min, max))
        }
        Step::Offer { .. } => Action::Offer(offer(opening, &b, &mut rng, stop)),
        Step::Pick { .. } => Action::Pick(pick(opening, &b, stop)),
        Step::Done => Action::Declare(0),
    }
}

/// Drives the opening to its end with the AI playing both players (`seed` varied per
/// player). Returns the actions taken.
pub fn play_out(
    opening: &mut Opening,
    levels: [Level; 2],
    seed: u64,
    stop: &AtomicBool,
) -> Result<Vec<Action>, OpeningError> {
    let mut taken = Vec::new();
    while let Some(player) = opening.step().player() {
        let (level, s) = match player {
            Player::First => (levels[0], seed),
            Player::Second => (levels[1], seed ^ 0x5E_C04D),
        };
        let a = decide(opening, level, s, stop);
        opening.apply(a)?;
        taken.push(a);
    }
    Ok(taken)
}

/// A new opening with the stones the first player proposes already placed (Swap2's three
/// stones, the Renju openings' first three; only the centre stone for Taraguchi-10).
pub fn propose_balanced(
    size: usize,
    rule: Rule,
    opening: OpeningRule,
    level: Level,
    seed: u64,
) -> Result<Opening, OpeningError> {
    let mut o = Opening::new(size, rule, opening)?;
    let never = AtomicBool::new(false);
    while let Step::Place {
        player: Player::First,
        ..
    } = o.step()
    {
        let a = decide(&o, level, seed, &never);
        o.apply(a)?;
    }
    Ok(o)
}

/// What a placement aims at.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Aim {
    /// The same player places again before anyone decides anything: any reasonable point.
    Free,
    /// The other player chooses a colour next: as close to even as possible.
    Balance,
    /// Nobody may swap any more: the best for this colour.
    Best(Stone),
}

fn aim_after(opening: &Opening, me: Player, action: Action) -> Aim {
    let mut o = opening.clone();
    if o.apply(action).is_err() {
        return Aim::Free;
    }
    loop {
        match o.step() {
            Step::Place { player, .. } if player == me => return Aim::Free,
            Step::ChooseColour { player, .. } if player != me => return Aim::Balance,
            // Our own declaration before the other's swap (Soosorv-8's move 4).
            Step::Declare { player, min, .. } if player == me => {
                if o.apply(Action::Declare(min)).is_err() {
                    return Aim::Balance;
                }
            }
            _ => return Aim::Best(opening.colour_of(me)),
        }
    }
}

/// Points near the stones (within two of one) or, on an empty board, near the centre,
/// that `legal` accepts; all accepted points when none is near.
fn near_points(opening: &Opening, legal: impl Fn(Pos) -> bool) -> Vec<Pos> {
    let game = opening.game();
    let stones: Vec<Pos> = game.history().iter().map(|m| m.pos).collect();
    let centre = opening.centre();
    let near = |p: Pos| {
        let d = |q: Pos| p.x.abs_diff(q.x).max(p.y.abs_diff(q.y));
        if stones.is_empty() {
            d(centre) <= 1
        } else {
            stones.iter().any(|&q| d(q) <= 2)
        }
    };
    let all: Vec<Pos> = game.board().empty_points().filter(|&p| legal(p)).collect();
    let close: Vec<Pos> = all.iter().copied().filter(|&p| near(p)).collect();
    if close.is_empty() { all } else { close }
}

/// Takes up to `k` of `points` in a seeded random order.
fn sample(mut points: Vec<Pos>, k: usize, rng: &mut StdRng) -> Vec<Pos> {
    points.shuffle(rng);
    points.truncate(k.max(1));
    points
}

/// One of `scored` (lower is better) within `margin` of the best, at random.
fn pick_within(scored: &[(Pos, i32)], margin: i32, rng: &mut StdRng) -> Option<Pos> {
    let best = scored.iter().map(|s| s.1).min()?;
    let pool: Vec<Pos> = scored
        .iter()
        .filter(|s| s.1 <= best.saturating_add(margin))
        .map(|s| s.0)
        .collect();
    Some(pool[rng.random_range(0..pool.len())])
}

fn place(
    opening: &Opening,
    me: Player,
    stone: Stone,
    b: &Budget,
    rng: &mut StdRng,
    stop: &AtomicBool,
) -> Pos {
    let ok = |p: Pos| opening.legal(&Action::Place(p)).is_ok();
    let mut points = near_points(opening, ok);
    points.shuffle(rng);
    let first = points[0];
    let aim = aim_after(opening, me, Action::Place(first));
    if aim == Aim::Free || points.len() == 1 {
        return first;
    }
    let value = |p: Pos, nodes: u64| {
        let mut g = opening.game().clone();
        let _ = g.place(p, stone);
        let e = black_eval(&g, nodes, stop);
        match aim {
            Aim::Best(Stone::Black) => -e,
            Aim::Best(Stone::White) => e,
            _ => e.abs(),
        }
    };
    // Candidates in batches of the level's size, in the seeded order: a balanced placement
    // may need more than one batch, any other aim takes the first.
    let mut scored: Vec<(Pos, i32)> = Vec::new();
    for (batch, candidates) in points.chunks(b.candidates.max(1)).enumerate() {
        let mut fresh: Vec<(Pos, i32)> =
            candidates.iter().map(|&p| (p, value(p, b.probe))).collect();
        // The most promising few again, as deeply as the other player's colour choice will
        // judge them (a shallow search misjudges some shapes). Before a colour choice, on
        // through the rest until one is below its threshold.
        fresh.sort_by_key(|s| s.1);
        let mut refined = 0;
        while refined < fresh.len() {
            fresh[refined].1 = value(fresh[refined].0, b.deep);
            refined += 1;
            let balanced = fresh[..refined].iter().any(|s| s.1 < PLACE_TWO_BELOW);
            if refined >= REFINE && (aim != Aim::Balance || balanced) {
                break;
            }
        }
        fresh.truncate(refined);
        scored.extend(fresh);
        let balanced = scored.iter().any(|s| s.1 < PLACE_TWO_BELOW);
        if aim != Aim::Balance || balanced || batch + 1 >= BALANCE_BATCHES {
            break;
        }
    }
    if aim == Aim::Balance {
        // Balanced means below the colour choice's threshold, whenever one is.
        let best = scored.iter().map(|s| s.1).min().unwrap_or(0);
        let cap = (PLACE_TWO_BELOW - 1).max(best);
        let margin = b.margin.min(cap - best);
        return pick_within(&scored, margin, rng).unwrap_or(first);
    }
    pick_within(&scored, b.margin, rng).unwrap_or(first)
}

fn choose(
    opening: &Opening,
    me: Player,
    options: &[Choice],
    b: &Budget,
    stop: &AtomicBool,
) -> Choice {
    let mut e = black_eval(opening.game(), b.deep, stop);
    // Fifth-move offers still to come cost Black: White will pick the weakest of them.
    if let Some(n) = opening.declared()
        && opening.offers().is_empty()
        && opening.game().ply() < 5
    {
        e -= (n as i32 - 1).max(0) * DECLARE_STEP;
    }
    let has = |c: Choice| options.contains(&c);
    if has(Choice::PlaceTwo) && e.abs() < PLACE_TWO_BELOW {
        return Choice::PlaceTwo;
    }
    if has(Choice::OfferFifths) && e > OFFERS_ABOVE {
        return Choice::OfferFifths;
    }
    let colour = match e.signum() {
        1 => Stone::Black,
        -1 => Stone::White,
        _ => opening.colour_of(me),
    };
    match colour {
        Stone::Black if has(Choice::TakeBlack) => Choice::TakeBlack,
        Stone::White if has(Choice::TakeWhite) => Choice::TakeWhite,
        _ => options[0],
    }
}

fn offer(opening: &Opening, b: &Budget, rng: &mut StdRng, stop: &AtomicBool) -> Pos {
    let ok = |p: Pos| opening.legal(&Action::Offer(p)).is_ok();
    let candidates = sample(near_points(opening, ok), b.candidates, rng);
    let value = |p: Pos, nodes: u64| {
        let mut g = opening.game().clone();
        let _ = g.place(p, Stone::Black);
        -black_eval(&g, nodes, stop)
    };
    let mut scored: Vec<(Pos, i32)> = candidates.iter().map(|&p| (p, value(p, b.probe))).collect();
    // The best few again, half as deeply as a colour choice.
    scored.sort_by_key(|s| s.1);
    scored.truncate(REFINE);
    for s in &mut scored {
        s.1 = value(s.0, b.deep / 2);
    }
    // Not losing at once, unless every candidate does.
    let alive: Vec<(Pos, i32)> = scored.iter().copied().filter(|s| s.1 < DECIDED).collect();
    let pool = if alive.is_empty() { &scored } else { &alive };
    pick_within(pool, b.margin, rng).unwrap_or(candidates[0])
}

fn pick(opening: &Opening, b: &Budget, stop: &AtomicBool) -> Pos {
    let mut best: Option<(Pos, i32)> = None;
    for &p in opening.offers() {
        let mut g = opening.game().clone();
        let _ = g.place(p, Stone::Black);
        let for_white = -black_eval(&g, b.deep / 2, stop);
        if best.is_none_or(|(_, v)| for_white > v) {
            best = Some((p, for_white));
        }
    }
    best.map_or(opening.centre(), |(p, _)| p)
}
