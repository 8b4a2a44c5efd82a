//! What the player is told at each step of an opening rule, and the choices offered as
//! buttons: the words of the prompts the board shows ("Place three stones: two black, one
//! white", "Choose your colour", "Choose one of Black's fifth moves"). The rules themselves
//! are `engine::opening`'s. [`GomokuOpening`] is the app's [`OpeningPhase`] over it.

use std::sync::atomic::AtomicBool;

use super::external::fault_reason;
use super::{ID, point, pos};
use crate::engine::gomoku::ai::Level;
use crate::engine::gomoku::opening::{
    Action, Choice, Opening, OpeningError, OpeningRule, Step, ai,
};
use crate::engine::gomoku::{Rule, Stone};
use crate::gui::kind::{AnyGame, AnyLevel, EngineSeat, Move, OpeningPhase, Side};
use crate::gui::msg::Msg;
use crate::protocol::client::{Fault, Limit, Refusal};

/// The run of stones the acting player places from here before anyone else acts (or a
/// choice comes), as colours: Swap's first player sees black, white, black.
fn placements_ahead(opening: &Opening) -> Vec<Stone> {
    let mut o = opening.clone();
    let mut run = Vec::new();
    let Some(me) = o.step().player() else {
        return run;
    };
    while let Step::Place { player, stone, .. } = o.step() {
        if player != me {
            break;
        }
        run.push(stone);
        // Any legal point stands in for the real one: only the steps after it matter.
        let point = o
            .game()
            .board()
            .empty_points()
            .find(|&p| o.legal(&Action::Place(p)).is_ok());
        match point {
            Some(p) if o.apply(Action::Place(p)).is_ok() => {}
            _ => break,
        }
    }
    run
}

/// A stone's colour as a message variable: the catalogs select on it (`black`, `white`).
fn colour(stone: Stone) -> Msg {
    Msg::verbatim(match stone {
        Stone::Black => "black",
        Stone::White => "white",
    })
}

/// The prompt for the step to take, addressed to whoever takes it.
pub fn prompt(opening: &Opening) -> Msg {
    match opening.step() {
        Step::Place { stone, area, .. } => {
            let run = placements_ahead(opening);
            // Where this stone goes: 0 anywhere, 1 the centre, else the central square's side.
            let within = match area {
                None => 0,
                Some(0) => 1,
                Some(d) => 2 * d as usize + 1,
            };
            if run.len() > 1 {
                // The area is this stone's: each stone of a run may have its own.
                let count = |s| run.iter().filter(|&&r| r == s).count();
                Msg::key("opening-place-run")
                    .with("count", run.len())
                    .with("black", count(Stone::Black))
                    .with("white", count(Stone::White))
                    .with("colour", colour(stone))
                    .with("within", within)
            } else {
                Msg::key("opening-place-one")
                    .with("colour", colour(stone))
                    .with("within", within)
            }
        }
        Step::ChooseColour { .. } => Msg::key("opening-choose-colour"),
        Step::Declare { min, max, .. } => Msg::key("opening-declare")
            .with("min", min)
            .with("max", max),
        Step::Offer { remaining, .. } => Msg::key("opening-offer").with("count", remaining),
        Step::Pick { .. } => Msg::key("opening-pick"),
        Step::Done => Msg::verbatim(""),
    }
}

/// The buttons of a choice step: label and action (empty on steps taken on the board).
pub fn options(opening: &Opening) -> Vec<(Msg, Action)> {
    match opening.step() {
        Step::ChooseColour { options, .. } => options
            .into_iter()
            .map(|c| {
                let label = match c {
                    Choice::TakeBlack => "opening-play-black",
                    Choice::TakeWhite => "opening-play-white",
                    Choice::PlaceTwo => "opening-place-two",
                    Choice::OfferFifths => "opening-offer-ten",
                };
                (Msg::key(label), Action::Choose(c))
            })
            .collect(),
        Step::Declare { min, max, .. } => (min..=max)
            .map(|n| (Msg::verbatim(n.to_string()), Action::Declare(n)))
            .collect(),
        _ => Vec::new(),
    }
}

/// Why an opening action was refused, in the player's words.
pub fn explain(error: &OpeningError, size: usize) -> Msg {
    match error {
        OpeningError::OffArea { at, area } => {
            Msg::key("opening-off-area").with("point", at.clone()).with(
                "within",
                if *area == 0 {
                    1
                } else {
                    2 * *area as usize + 1
                },
            )
        }
        OpeningError::Illegal { error, .. } => super::explain(error, size),
        OpeningError::NotAnOption { .. } | OpeningError::DeclarationOutOfRange { .. } => {
            Msg::key("opening-not-offered")
        }
        OpeningError::AlreadyOffered { at } => {
            Msg::key("opening-offered-already").with("point", at.clone())
        }
        OpeningError::SymmetricOffer { at, to } => Msg::key("opening-symmetric")
            .with("point", at.clone())
            .with("other", to.clone()),
        OpeningError::NotOffered { at } => {
            Msg::key("opening-not-an-offer").with("point", at.clone())
        }
        OpeningError::Finished => Msg::key("opening-over"),
        OpeningError::WrongStep { .. } => Msg::key("opening-use-buttons"),
        // Set-up errors the menu rules out, and record errors: the engine's words.
        other => Msg::verbatim(other.to_string()),
    }
}

/// A Gomoku opening in the app: `engine::opening::Opening` as an [`OpeningPhase`].
#[derive(Clone, Debug)]
pub struct GomokuOpening(pub Opening);

impl GomokuOpening {
    /// The opening `rule` on a board of `size` under `game_rule`; `None` for no opening, a
    /// rule that does not go with `game_rule` or a board too small for it.
    pub fn new(size: usize, game_rule: Rule, rule: OpeningRule) -> Option<GomokuOpening> {
        if rule == OpeningRule::None {
            return None;
        }
        Opening::new(size, game_rule, rule).ok().map(GomokuOpening)
    }

    fn apply(&mut self, action: Action) -> Result<(), Msg> {
        let size = self.0.size();
        self.0.apply(action).map_err(|e| explain(&e, size))
    }
}

impl OpeningPhase for GomokuOpening {
    fn boxed_clone(&self) -> Box<dyn OpeningPhase> {
        Box::new(self.clone())
    }

    fn name(&self) -> String {
        self.0.opening_rule().name().to_string()
    }

    fn title(&self) -> Msg {
        super::opening_title(self.0.opening_rule())
    }

    fn actor(&self) -> Option<Side> {
        self.0.step().player()
    }

    fn prompt(&self) -> Msg {
        prompt(&self.0)
    }

    fn options(&self) -> Vec<Msg> {
        options(&self.0)
            .into_iter()
            .map(|(label, _)| label)
            .collect()
    }

    fn choose(&mut self, index: usize) -> Result<(), Msg> {
        let Some((_, action)) = options(&self.0).into_iter().nth(index) else {
            return Err(Msg::key("opening-not-offered"));
        };
        self.apply(action)
    }

    fn click(&mut self, mv: Move) -> Result<(), Msg> {
        let at = pos(mv).ok_or(Msg::key("move-off-board"))?;
        let action = match self.0.step() {
            Step::Place { .. } => Action::Place(at),
            Step::Offer { .. } => Action::Offer(at),
            Step::Pick { .. } => Action::Pick(at),
            Step::ChooseColour { .. } | Step::Declare { .. } => {
                return Err(Msg::key("opening-use-buttons"));
            }
            Step::Done => return Err(Msg::key("opening-over")),
        };
        self.apply(action)
    }

    fn undo(&mut self) -> bool {
        self.0.undo().is_some()
    }

    fn position(&self) -> AnyGame {
        AnyGame::new(self.0.game().clone())
    }

    fn offers(&self) -> Vec<Move> {
        self.0.offers().iter().map(|&p| point(p)).collect()
    }

    fn on_board(&self) -> bool {
        matches!(
            self.0.step(),
            Step::Place { .. } | Step::Offer { .. } | Step::Pick { .. }
        )
    }

    fn area(&self) -> Vec<Move> {
        self.0
            .area()
            .map(|a| a.points().map(point).collect())
            .unwrap_or_default()
    }

    fn targets(&self) -> Vec<Move> {
        match self.0.step() {
            Step::Pick { .. } => self.offers(),
            _ => self.area(),
        }
    }

    fn first_holder(&self) -> Side {
        self.0.black()
    }

    fn ai_step(&mut self, level: AnyLevel, seed: u64, stop: &AtomicBool) -> Result<(), String> {
        let level = level
            .number_in(ID)
            .and_then(Level::from_number)
            .ok_or_else(|| format!("level {} is not a {ID} level", level.number))?;
        let action = ai::decide(&self.0, level, seed, stop);
        self.0.apply(action).map_err(|e| e.to_string())
    }

    fn engine_asked(&self) -> bool {
        matches!(
            self.0.opening_rule(),
            OpeningRule::Swap | OpeningRule::Swap2
        )
    }

    fn engine_step(&mut self, seat: &EngineSeat, stop: &AtomicBool) -> Result<bool, Msg> {
        if seat.refused_opening() {
            return Ok(false);
        }
        let mut client = seat.client();
        match client.opening_actions(&self.0, Limit::Turn, stop) {
            Ok(None) => Ok(false),
            Ok(Some(actions)) => {
                for a in actions {
                    // Checked on a copy by the client: these apply.
                    if let Err(e) = self.0.apply(a) {
                        return Err(Msg::key("fault-not-a-move").with("reply", e.to_string()));
                    }
                }
                Ok(true)
            }
            Err(Fault::Refused {
                what: Refusal::Command(_),
                reply,
            }) => {
                bevy::log::info!(
                    "{} does not play openings ({reply}): Master acts for it",
                    seat.name
                );
                seat.refuse_opening();
                Ok(false)
            }
            Err(fault) => {
                bevy::log::warn!("{} (opening): {fault}", seat.name);
                Err(fault_reason(&fault, self.0.size()))
            }
        }
    }

    fn texts(&self) -> Vec<String> {
        let size = self.0.size();
        self.0.actions().iter().map(|a| a.text(size)).collect()
    }

    fn replay(&mut self, text: &str) -> Result<(), String> {
        let action = self.0.parse_action(text).map_err(|e| e.to_string())?;
        self.0.apply(action).map_err(|e| e.to_string())
    }

    fn decisions(&self) -> Vec<(Side, Msg)> {
        decisions(&self.0)
    }

    fn is_done(&self) -> bool {
        self.0.is_done()
    }
}

/// The opening's decisions that put no stone, played again from the start to know who took
/// each; a player's run of offers is one entry.
fn decisions(opening: &Opening) -> Vec<(Side, Msg)> {
    let Ok(mut o) = Opening::new(opening.size(), opening.rule(), opening.opening_rule()) else {
        return Vec::new();
    };
    let size = opening.size();
    let mut out: Vec<(Side, Msg)> = Vec::new();
    // The points of the acting player's run of offers so far.
    let mut offers: Vec<String> = Vec::new();
    for &action in opening.actions() {
        let Some(player) = o.step().player() else {
            break;
        };
        let side = player;
        let words = match action {
            Action::Place(_) => None,
            Action::Choose(c @ (Choice::TakeBlack | Choice::TakeWhite)) => {
                let stone = if c == Choice::TakeBlack {
                    Stone::Black
                } else {
                    Stone::White
                };
                // Taking the colour one holds already is keeping it.
                let key = if o.colour_of(player) == stone {
                    "decision-keeps"
                } else {
                    "decision-takes"
                };
                Some(Msg::key(key).with("colour", colour(stone)))
            }
            Action::Choose(Choice::PlaceTwo) => Some(Msg::key("decision-places-two")),
            Action::Choose(Choice::OfferFifths) => Some(Msg::key("decision-offers-ten")),
            Action::Declare(n) => Some(Msg::key("decision-declares").with("count", n)),
            Action::Offer(p) => {
                let at = p.to_human(size);
                let continues = matches!(out.last(), Some((s, m)) if *s == side
                    && m.key_name() == Some("decision-offers")
                    && !offers.is_empty());
                if continues {
                    offers.push(at);
                    out.pop();
                } else {
                    offers = vec![at];
                }
                out.push((
                    side,
                    Msg::key("decision-offers").with("points", offers.join(", ")),
                ));
                None
            }
            Action::Pick(p) => Some(Msg::key("decision-picks").with("point", p.to_human(size))),
        };
        if !matches!(action, Action::Offer(_)) {
            offers.clear();
        }
        if let Some(words) = words {
            out.push((side, words));
        }
        if o.apply(action).is_err() {
            break;
        }
    }
    out
}

/// An opening from a record's comment ("Opening: Swap2; h8 i9 j7 two ..."), played on an
/// empty board of `size` under `rule`; `None` when the comment names no opening or its
/// actions do not replay.
pub fn from_comment(comment: &str, size: usize, rule: Rule) -> Option<GomokuOpening> {
    let line = comment
        .lines()
        .find_map(|l| l.trim().strip_prefix(crate::gui::kind::RECORD_PREFIX))?;
    let (name, actions) = line.split_once(';').unwrap_or((line, ""));
    let opening_rule = OpeningRule::from_name(name.trim())?;
    let mut o = GomokuOpening::new(size, rule, opening_rule)?;
    for text in actions.split_whitespace() {
        o.replay(text).ok()?;
    }
    Some(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gomoku::opening::OpeningRule;
    use crate::engine::gomoku::{Pos, Rule};

    fn at(s: &str) -> Action {
        Action::Place(Pos::from_human(s, 15).unwrap())
    }

    #[test]
    fn swap2_prompts_follow_the_steps() {
        let mut o = Opening::new(15, Rule::Freestyle, OpeningRule::Swap2).unwrap();
        assert_eq!(
            prompt(&o).english(),
            "Place three stones: two black, one white (now a black one)"
        );
        o.apply(at("h8")).unwrap();
        assert_eq!(
            prompt(&o).english(),
            "Place two stones: one black, one white (now a white one)"
        );
        o.apply(at("i9")).unwrap();
        o.apply(at("j7")).unwrap();
        assert_eq!(prompt(&o).english(), "Choose your colour");
        let labels: Vec<String> = options(&o).into_iter().map(|(l, _)| l.english()).collect();
        assert_eq!(
            labels,
            ["Play Black", "Play White", "Place two more stones"].map(String::from)
        );
        let (_, two) = options(&o).pop().unwrap();
        o.apply(two).unwrap();
        assert_eq!(
            prompt(&o).english(),
            "Place two stones: one black, one white (now a white one)"
        );
        // Undo inside the phase brings the choice back.
        o.undo();
        assert_eq!(prompt(&o).english(), "Choose your colour");
    }

    #[test]
    fn renju_prompts_name_the_area_the_count_and_the_offers() {
        let mut o = Opening::new(15, Rule::Renju, OpeningRule::Taraguchi10).unwrap();
        assert_eq!(
            prompt(&o).english(),
            "Place a black stone on the centre point"
        );
        let mut o2 = Opening::new(15, Rule::Renju, OpeningRule::Soosorv8).unwrap();
        let stop = std::sync::atomic::AtomicBool::new(false);
        // Let the AI drive to the declaration, then to the offers and the pick.
        let mut seen = Vec::new();
        while !o2.is_done() {
            let p = prompt(&o2).english();
            if !seen.contains(&p) {
                seen.push(p);
            }
            if matches!(o2.step(), Step::Declare { .. }) {
                assert_eq!(options(&o2).len(), 8, "1 to 8 offers");
            }
            let a = crate::engine::gomoku::opening::ai::decide(
                &o2,
                crate::engine::gomoku::ai::Level::Novice,
                7,
                &stop,
            );
            o2.apply(a).unwrap();
        }
        let all = seen.join("\n");
        assert!(all.contains("Declare how many fifth moves"), "{all}");
        assert!(all.contains("fifth move"), "{all}");
        assert!(all.contains("Choose one of Black's fifth moves"), "{all}");
        o.apply(at("h8")).unwrap();
        assert_eq!(prompt(&o).english(), "Choose your colour");
    }
}
