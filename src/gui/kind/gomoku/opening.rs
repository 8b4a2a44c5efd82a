//! What the player is told at each step of an opening rule, and the choices offered as
//! buttons: the words of the prompts the board shows ("Place three stones: two black, one
//! white", "Choose your colour", "Choose one of Black's fifth moves"). The rules themselves
//! are `engine::opening`'s. [`GomokuOpening`] is the app's [`OpeningPhase`] over it.

use std::sync::atomic::AtomicBool;

use super::{ID, point, pos};
use crate::engine::ai::Level;
use crate::engine::opening::{Action, Choice, Opening, OpeningRule, Player, Step, ai};
use crate::engine::{Rule, Stone};
use crate::gui::kind::{AnyGame, AnyLevel, Move, OpeningPhase, Side};

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

fn number_word(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        n => n.to_string(),
    }
}

fn colour(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "black",
        Stone::White => "white",
    }
}

/// "two black, one white" for a run of stones (in the order black, white).
fn colour_counts(run: &[Stone]) -> String {
    let count = |s| run.iter().filter(|&&r| r == s).count();
    let parts: Vec<String> = [Stone::Black, Stone::White]
        .into_iter()
        .filter(|&s| count(s) > 0)
        .map(|s| format!("{} {}", number_word(count(s)), colour(s)))
        .collect();
    parts.join(", ")
}

/// The prompt for the step to take, addressed to whoever takes it.
pub fn prompt(opening: &Opening) -> String {
    match opening.step() {
        Step::Place { stone, area, .. } => {
            let run = placements_ahead(opening);
            let within = match area {
                None => String::new(),
                Some(0) => " on the centre point".into(),
                Some(d) => format!(" within the central {0}x{0} square", 2 * d as usize + 1),
            };
            if run.len() > 1 {
                // The area is this stone's: each stone of a run may have its own.
                format!(
                    "Place {} stones: {} (now a {} one{within})",
                    number_word(run.len()),
                    colour_counts(&run),
                    colour(stone)
                )
            } else {
                format!("Place a {} stone{within}", colour(stone))
            }
        }
        Step::ChooseColour { .. } => "Choose your colour".into(),
        Step::Declare { min, max, .. } => {
            format!("Declare how many fifth moves Black will offer ({min} to {max})")
        }
        Step::Offer { remaining, .. } => match remaining {
            1 => "Offer one more fifth move for Black: White will choose one".into(),
            n => format!(
                "Offer {} more fifth moves for Black, none symmetric to another: White will \
                 choose one",
                number_word(n as usize)
            ),
        },
        Step::Pick { .. } => "Choose one of Black's fifth moves".into(),
        Step::Done => String::new(),
    }
}

/// The buttons of a choice step: label and action (empty on steps taken on the board).
pub fn options(opening: &Opening) -> Vec<(String, Action)> {
    match opening.step() {
        Step::ChooseColour { options, .. } => options
            .into_iter()
            .map(|c| {
                let label = match c {
                    Choice::TakeBlack => "Play Black",
                    Choice::TakeWhite => "Play White",
                    Choice::PlaceTwo => "Place two more stones",
                    Choice::OfferFifths => "Keep Black, offer ten fifth moves",
                };
                (label.to_string(), Action::Choose(c))
            })
            .collect(),
        Step::Declare { min, max, .. } => (min..=max)
            .map(|n| (n.to_string(), Action::Declare(n)))
            .collect(),
        _ => Vec::new(),
    }
}

fn player_side(player: Player) -> Side {
    match player {
        Player::First => Side::First,
        Player::Second => Side::Second,
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

    fn apply(&mut self, action: Action) -> Result<(), String> {
        self.0.apply(action).map_err(|e| e.to_string())
    }
}

impl OpeningPhase for GomokuOpening {
    fn boxed_clone(&self) -> Box<dyn OpeningPhase> {
        Box::new(self.clone())
    }

    fn name(&self) -> String {
        self.0.opening_rule().name().to_string()
    }

    fn actor(&self) -> Option<Side> {
        self.0.step().player().map(player_side)
    }

    fn prompt(&self) -> String {
        prompt(&self.0)
    }

    fn options(&self) -> Vec<String> {
        options(&self.0)
            .into_iter()
            .map(|(label, _)| label)
            .collect()
    }

    fn choose(&mut self, index: usize) -> Result<(), String> {
        let Some((_, action)) = options(&self.0).into_iter().nth(index) else {
            return Err("That choice is not offered now.".into());
        };
        self.apply(action)
    }

    fn click(&mut self, mv: Move) -> Result<(), String> {
        let at = pos(mv).ok_or("That point is off the board.")?;
        let action = match self.0.step() {
            Step::Place { .. } => Action::Place(at),
            Step::Offer { .. } => Action::Offer(at),
            Step::Pick { .. } => Action::Pick(at),
            Step::ChooseColour { .. } | Step::Declare { .. } => {
                return Err("Choose with the buttons first.".into());
            }
            Step::Done => return Err("The opening is over.".into()),
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

    fn first_holder(&self) -> Side {
        player_side(self.0.black())
    }

    fn ai_step(&mut self, level: AnyLevel, seed: u64, stop: &AtomicBool) -> Result<(), String> {
        let level = level
            .number_in(ID)
            .and_then(Level::from_number)
            .ok_or("a level of another game")?;
        let action = ai::decide(&self.0, level, seed, stop);
        self.apply(action)
    }

    fn texts(&self) -> Vec<String> {
        let size = self.0.size();
        self.0.actions().iter().map(|a| a.text(size)).collect()
    }

    fn replay(&mut self, text: &str) -> Result<(), String> {
        let action = self.0.parse_action(text).map_err(|e| e.to_string())?;
        self.apply(action)
    }

    fn decisions(&self) -> Vec<(Side, String)> {
        decisions(&self.0)
    }

    fn is_done(&self) -> bool {
        self.0.is_done()
    }
}

/// The opening's decisions that put no stone, played again from the start to know who took
/// each; a player's run of offers is one entry.
fn decisions(opening: &Opening) -> Vec<(Side, String)> {
    let Ok(mut o) = Opening::new(opening.size(), opening.rule(), opening.opening_rule()) else {
        return Vec::new();
    };
    let size = opening.size();
    let mut out: Vec<(Side, String)> = Vec::new();
    let mut offering = false;
    for &action in opening.actions() {
        let Some(player) = o.step().player() else {
            break;
        };
        let side = player_side(player);
        let words = match action {
            Action::Place(_) => None,
            Action::Choose(c @ (Choice::TakeBlack | Choice::TakeWhite)) => {
                let stone = if c == Choice::TakeBlack {
                    Stone::Black
                } else {
                    Stone::White
                };
                // Taking the colour one holds already is keeping it.
                let verb = if o.colour_of(player) == stone {
                    "keeps"
                } else {
                    "takes"
                };
                let name = if stone == Stone::Black {
                    "Black"
                } else {
                    "White"
                };
                Some(format!("{verb} {name}"))
            }
            Action::Choose(Choice::PlaceTwo) => Some("places two more stones".to_string()),
            Action::Choose(Choice::OfferFifths) => {
                Some("keeps Black, offering fifth moves".to_string())
            }
            Action::Declare(n) => Some(format!(
                "declares {n} fifth move{}",
                if n == 1 { "" } else { "s" }
            )),
            Action::Offer(p) => {
                let at = p.to_human(size);
                match out.last_mut() {
                    Some((s, text)) if offering && *s == side => text.push_str(&format!(", {at}")),
                    _ => out.push((side, format!("offers {at}"))),
                }
                None
            }
            Action::Pick(p) => Some(format!("picks {}", p.to_human(size))),
        };
        offering = matches!(action, Action::Offer(_));
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
        .find_map(|l| l.trim().strip_prefix("Opening:"))?;
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
    use crate::engine::opening::OpeningRule;
    use crate::engine::{Pos, Rule};

    fn at(s: &str) -> Action {
        Action::Place(Pos::from_human(s, 15).unwrap())
    }

    #[test]
    fn swap2_prompts_follow_the_steps() {
        let mut o = Opening::new(15, Rule::Freestyle, OpeningRule::Swap2).unwrap();
        assert_eq!(
            prompt(&o),
            "Place three stones: two black, one white (now a black one)"
        );
        o.apply(at("h8")).unwrap();
        assert_eq!(
            prompt(&o),
            "Place two stones: one black, one white (now a white one)"
        );
        o.apply(at("i9")).unwrap();
        o.apply(at("j7")).unwrap();
        assert_eq!(prompt(&o), "Choose your colour");
        let labels: Vec<String> = options(&o).into_iter().map(|(l, _)| l).collect();
        assert_eq!(
            labels,
            ["Play Black", "Play White", "Place two more stones"].map(String::from)
        );
        let (_, two) = options(&o).pop().unwrap();
        o.apply(two).unwrap();
        assert_eq!(
            prompt(&o),
            "Place two stones: one black, one white (now a white one)"
        );
        // Undo inside the phase brings the choice back.
        o.undo();
        assert_eq!(prompt(&o), "Choose your colour");
    }

    #[test]
    fn renju_prompts_name_the_area_the_count_and_the_offers() {
        let mut o = Opening::new(15, Rule::Renju, OpeningRule::Taraguchi10).unwrap();
        assert_eq!(prompt(&o), "Place a black stone on the centre point");
        let mut o2 = Opening::new(15, Rule::Renju, OpeningRule::Soosorv8).unwrap();
        let stop = std::sync::atomic::AtomicBool::new(false);
        // Let the AI drive to the declaration, then to the offers and the pick.
        let mut seen = Vec::new();
        while !o2.is_done() {
            let p = prompt(&o2);
            if !seen.contains(&p) {
                seen.push(p);
            }
            if matches!(o2.step(), Step::Declare { .. }) {
                assert_eq!(options(&o2).len(), 8, "1 to 8 offers");
            }
            let a =
                crate::engine::opening::ai::decide(&o2, crate::engine::ai::Level::Novice, 7, &stop);
            o2.apply(a).unwrap();
        }
        let all = seen.join("\n");
        assert!(all.contains("Declare how many fifth moves"), "{all}");
        assert!(all.contains("fifth move"), "{all}");
        assert!(all.contains("Choose one of Black's fifth moves"), "{all}");
        o.apply(at("h8")).unwrap();
        assert_eq!(prompt(&o), "Choose your colour");
    }
}
