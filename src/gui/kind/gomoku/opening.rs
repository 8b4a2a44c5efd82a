//! What the player is told at each step of an opening rule, and the choices offered as
//! buttons: the words of the prompts the board shows ("Place three stones: two black, one
//! white", "Choose your colour", "Choose one of Black's fifth moves"). The rules themselves
//! are `engine::opening`'s.

use crate::engine::Stone;
use crate::engine::opening::{Action, Choice, Opening, Step};

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
                format!(
                    "Place {} stones{within}: {} (now a {} one)",
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
